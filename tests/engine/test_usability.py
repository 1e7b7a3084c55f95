"""Usability clauses (a condition on using an ability, N times per turn, during your turn,
"if ...") are encoded, or their line is not modelled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.cards import CardRecord
from engine.sve import Evolve
from engine.sve.compiler import compile_card
from engine.sve.compiler.text import ability_lines
from engine.sve.compiler.usability import Clause, clauses, missing
from engine.sve.effects.conditions import HaveOnField, MyTurn
from engine.sve.effects.core import Ability, Trigger
from engine.sve.effects.deck import Draw
from engine.sve.effects.selectors import Targets
from engine.sve.library import library, script_of
from engine.sve.position import evolved, position
from tests.engine.library_cards import library_record, library_scripts

MACHINA = HaveOnField(Targets(side="own", trait="機械"), 5)
ACT = Ability(Trigger.ACTIVATED, (Draw(1),))
ACT_ONCE = Ability(Trigger.ACTIVATED, (Draw(1),), once_per_turn=True)
ACT_IF_ONCE = Ability(Trigger.ACTIVATED, (Draw(1),), MACHINA, once_per_turn=True)

# The card texts are the publisher's, so the cases name real ability lines by card and line
# number and read them from the card pool beside the checkout at test time.
FIVE_MACHINA = ("BP07-069", 0)
"""Its evolve ability: usable only with five Machina followers on your field."""
USED_ONCE = ("BP01-013", 0)
"""An activated ability usable once a turn."""
USED_TWICE = ("BP08-084", 0)
"""An activated ability usable twice a turn."""
IF_AND_ONCE = ("BP14-002", 0)
"""An activated ability with a condition and a once-a-turn limit."""
WORKS_ONCE = ("BP02-019", 1)
"""An auto ability that works once a turn."""
TIMES_ONCE = ("BP01-141", 0)
"""An ability that opens with "once per turn"."""
MY_TURN_KEYWORD = ("BP02-020", 1)
"""A keyword held during your turn."""
MY_TURN_LEAVES = ("BP18-007", 1)
"""A "when this leaves the field" ability during your turn."""
NO_CLAUSE = ("BP01-001", 0)
"""A Fanfare without any usability clause."""


@pytest.fixture(scope="module")
def pool_texts(sve_data: Path) -> dict[str, CardRecord]:
    """Every card identity of the real pool with its text, by card id."""
    from decklab.commands.engine import read_card_texts

    return {c.card_id: c for c in read_card_texts(sve_data / "cards_ja", sve_data / "sven")}


def _line(texts: dict[str, CardRecord], where: tuple[str, int]) -> str:
    card_id, index = where
    return ability_lines(texts[card_id].text or "")[index]


@pytest.mark.shared
@pytest.mark.parametrize(
    ("where", "found"),
    [
        (FIVE_MACHINA, [Clause("condition")]),
        (USED_ONCE, [Clause("times_used", 1)]),
        (USED_TWICE, [Clause("times_used", 2)]),
        (IF_AND_ONCE, [Clause("condition"), Clause("times_used", 1)]),
        (WORKS_ONCE, [Clause("times_works", 1)]),
        (TIMES_ONCE, [Clause("times", 1)]),
        (MY_TURN_KEYWORD, [Clause("my_turn")]),
        (NO_CLAUSE, []),
    ],
)
def test_usability_clauses_are_found(
    pool_texts: dict[str, CardRecord], where: tuple[str, int], found: list[Clause]
) -> None:
    """Each kind of clause is read from the line it limits."""
    assert clauses(_line(pool_texts, where)) == found


@pytest.mark.shared
@pytest.mark.parametrize(
    ("where", "abilities", "evolve_if", "lost"),
    [
        (FIVE_MACHINA, [], MACHINA, None),
        (FIVE_MACHINA, [], None, "condition"),
        (IF_AND_ONCE, [ACT_IF_ONCE], None, None),
        (IF_AND_ONCE, [ACT_ONCE], None, "condition"),
        (USED_ONCE, [ACT_ONCE], None, None),
        (USED_ONCE, [ACT], None, "times_used"),
        (WORKS_ONCE, [Ability(Trigger.FANFARE, (Draw(1),), once_per_turn=True)], None, None),
        (WORKS_ONCE, [Ability(Trigger.FANFARE, (Draw(1),))], None, "times_works"),
        (MY_TURN_LEAVES, [Ability(Trigger.LEAVES, (Draw(1),), MyTurn())], None, None),
        (MY_TURN_LEAVES, [Ability(Trigger.LEAVES, (Draw(1),))], None, "my_turn"),
    ],
)  # fmt: skip
def test_a_clause_without_its_counterpart_is_reported(
    pool_texts: dict[str, CardRecord],
    where: tuple[str, int],
    abilities: list[Ability],
    evolve_if: Any,
    lost: str | None,
) -> None:
    """The check names the clause the encoding lacks, and nothing when all are kept."""
    found = missing(_line(pool_texts, where), abilities, evolve_if)
    assert (found.kind if found else None) == lost


@pytest.mark.shared
def test_the_compiler_keeps_the_evolve_condition(pool_texts: dict[str, CardRecord]) -> None:
    """BP07-069's evolve ability, usable only with five Machina followers on your field,
    compiles with its condition and its line counts as modelled."""
    out = compile_card(pool_texts["BP07-069"], {})
    assert (out.evolve_cost, out.evolve_if, out.modelled) == (1, MACHINA, 1)


@pytest.mark.parametrize(("machina", "can_evolve"), [(5, True), (4, False)])
def test_bp07_069_evolves_only_with_five_machina_followers(machina: int, can_evolve: bool) -> None:
    """BP07-069 (itself a Machina follower) evolves only while five Machina followers are
    on your field."""
    scripts = library_scripts("BP07-069")
    mono = library_record(scripts, "BP07-069", cost=2, atk=3, dfn=2, traits=("機械", "魔界"))
    unit = CardRecord("X-M", "Unit", cost=1, attack=1, defense=1, traits=("機械",))
    g = position(
        fields=([mono] + [unit] * (machina - 1), []),
        evolve=([evolved(mono)], []),
        pp=(5, 0),
        scripts=scripts,
    )
    assert (Evolve(0) in g.legal_actions()) is can_evolve


@pytest.mark.shared
def test_every_fully_modelled_card_keeps_its_usability_clauses(
    pool_texts: dict[str, CardRecord],
) -> None:
    """Over the whole real pool: a card the library calls full (templates or hand
    encodings) has, for every usability clause of its text, its counterpart."""
    texts = pool_texts
    cards = library()["cards"]
    checked, bad = 0, []
    for card_id, entry in cards.items():
        if entry["status"] != "full" or card_id not in texts:
            continue
        script = script_of(card_id, entry)
        for line in ability_lines(texts[card_id].text or ""):  # reminder text left out
            if clauses(line):
                checked += 1
                lost = missing(line, script.abilities, script.evolve_if)
                if lost is not None:
                    bad.append(f"{card_id} {lost.kind}: {line}")
    assert checked > 100
    assert bad == []
