"""Usability clauses ("この能力は…なら使える", "1ターンに1回", "…の場合", ...) are encoded, or
their line is not modelled."""

from __future__ import annotations

from pathlib import Path

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

FIVE_MACHINA = "この能力は自分の場の機械・フォロワーが5体なら使える。"
MACHINA = HaveOnField(Targets(side="own", trait="機械"), 5)


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("【進化】【コスト1】：これは進化する。" + FIVE_MACHINA, [Clause("condition")]),
        ("【起動】：カードを1枚引く。この能力は1ターンに1回使える。", [Clause("times_used", 1)]),
        ("【起動】：カードを1枚引く。この能力は1ターンに2回使える。", [Clause("times_used", 2)]),
        (
            "【起動】：カードを1枚引く。この能力は自分のPP最大値が7以上なら、1ターンに1回使える。",
            [Clause("condition"), Clause("times_used", 1)],
        ),
        (
            "【ファンファーレ】カードを1枚引く。この能力は1ターンに1回働く。",
            [Clause("times_works", 1)],
        ),
        ("ターンごとに1回、自分の場に他のフォロワーが出たとき、…", [Clause("times", 1)]),
        ("自分のターン中、これは【疾走】を持つ。", [Clause("my_turn")]),
        ("【ファンファーレ】カードを1枚引く。", []),
    ],
)
def test_usability_clauses_are_found(line: str, found: list[Clause]) -> None:
    """Each kind of clause is read from the line it limits."""
    assert clauses(line) == found


ACT = Ability(Trigger.ACTIVATED, (Draw(1),))


@pytest.mark.parametrize(
    ("line", "abilities", "evolve_if", "lost"),
    [
        ("【進化】【コスト1】：これは進化する。" + FIVE_MACHINA, [], MACHINA, None),
        ("【進化】【コスト1】：これは進化する。" + FIVE_MACHINA, [], None, "condition"),
        (
            "【起動】：カードを1枚引く。" + FIVE_MACHINA,
            [Ability(Trigger.ACTIVATED, (Draw(1),), MACHINA)],
            None,
            None,
        ),
        ("【起動】：カードを1枚引く。" + FIVE_MACHINA, [ACT], None, "condition"),
        (
            "【起動】：カードを1枚引く。この能力は1ターンに1回使える。",
            [Ability(Trigger.ACTIVATED, (Draw(1),), once_per_turn=True)],
            None,
            None,
        ),
        ("【起動】：カードを1枚引く。この能力は1ターンに1回使える。", [ACT], None, "times_used"),
        (
            "【ファンファーレ】カードを1枚引く。この能力は1ターンに1回働く。",
            [Ability(Trigger.FANFARE, (Draw(1),), once_per_turn=True)],
            None,
            None,
        ),
        (
            "【ファンファーレ】カードを1枚引く。この能力は1ターンに1回働く。",
            [Ability(Trigger.FANFARE, (Draw(1),))],
            None,
            "times_works",
        ),
        (
            "自分のターン中、これが場を離れたとき、カードを1枚引く。",
            [Ability(Trigger.LEAVES, (Draw(1),), MyTurn())],
            None,
            None,
        ),
        (
            "自分のターン中、これが場を離れたとき、カードを1枚引く。",
            [Ability(Trigger.LEAVES, (Draw(1),))],
            None,
            "my_turn",
        ),
    ],
)
def test_a_clause_without_its_counterpart_is_reported(
    line: str, abilities: list[Ability], evolve_if, lost: str | None
) -> None:
    """The check names the clause the encoding lacks, and nothing when all are kept."""
    found = missing(line, abilities, evolve_if)
    assert (found.kind if found else None) == lost


def test_the_compiler_keeps_the_evolve_condition() -> None:
    """BP07-069's evolve ability, usable only with five Machina followers on your field,
    compiles with its condition and its line counts as modelled."""
    text = "【進化】【コスト1】：これは進化する。" + FIVE_MACHINA
    out = compile_card(CardRecord("X-1", "Mono", card_type="follower", text=text), {})
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
def test_every_fully_modelled_card_keeps_its_usability_clauses(sve_data: Path) -> None:
    """Over the whole real pool: a card the library calls full (templates or hand
    encodings) has, for every usability clause of its text, its counterpart."""
    from decklab.commands.engine import read_card_texts

    texts = {c.card_id: c for c in read_card_texts(sve_data / "cards_ja")}
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
