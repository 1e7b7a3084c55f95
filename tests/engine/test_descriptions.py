"""English descriptions of abilities read once and say where cards come from."""

from __future__ import annotations

from typing import Any

import pytest

from engine.sve.effects.core import Ability, Trigger, describe
from engine.sve.effects.costs import PayCost
from engine.sve.effects.deck import Draw
from engine.sve.effects.registry import from_data
from engine.sve.effects.search import FromHand
from engine.sve.effects.selectors import CardFilter
from engine.sve.library import library, tokens

REPEATS = ("you may you may", "as a cost, as a cost", "if you do: if you do")


def _optional_costs(data: Any) -> int:
    """Optional costs (PayCost with ``optional``) in an ability's JSON, nested ones too."""
    if isinstance(data, list):
        return sum(_optional_costs(x) for x in data)
    if not isinstance(data, dict):
        return 0
    own = 1 if data.get("op") == "PayCost" and data.get("optional", True) else 0
    return own + sum(_optional_costs(v) for v in data.values())


def test_no_committed_description_repeats_itself() -> None:
    """Every committed ability's English says "you may … if you do" once per optional cost
    (CP04-001, BP17-081 and the like printed "you may you may … if you do … if you do")."""
    table = tokens()
    bad = []
    for card_id, entry in library()["cards"].items():
        for data in entry.get("abilities", ()):
            words = describe(from_data(data, table))
            if any(r in words for r in REPEATS) or words.count("if you do:") != _optional_costs(
                data
            ):
                bad.append(f"{card_id}: {words}")
    assert bad == []


def test_an_optional_cost_reads_once() -> None:
    """CR 10.4.7: "you may (cost); if you do: (effects)"; a cost that must be paid reads
    "as a cost"."""
    may = PayCost((Draw(2),), pp=2)
    assert describe(Ability(Trigger.FANFARE, (may,))) == (
        "Fanfare: you may pay 2 PP; if you do: draw 2 cards"
    )
    must = PayCost((Draw(2),), pp=2, optional=False)
    assert describe(must) == "as a cost, pay 2 PP: draw 2 cards"


@pytest.mark.parametrize(
    ("effect", "words"),
    [
        (FromHand(CardFilter("follower")), "from your hand onto your field"),
        (FromHand(CardFilter("follower"), ex=True), "from your hand or EX area onto your field"),
        (FromHand(CardFilter("spell"), to="ex"), "from your hand into your EX area"),
    ],
    ids=["hand", "hand-or-ex", "to-ex"],
)
def test_put_from_the_hand_says_where_from_and_where_to(effect: FromHand, words: str) -> None:
    """SP01-010 puts a follower from the hand or the EX area onto the field; BP11-047 a
    spell from the hand into the EX area."""
    assert describe(effect).endswith(words)


def test_every_element_describes_itself() -> None:
    """Each effect and condition of the language carries its own English (no outside
    ladder to forget): the registry holds no element without a ``describe`` of its own."""
    from engine.sve.effects.registry import ELEMENTS

    selectors = {"Targets", "CardFilter"}
    missing = [
        n for n, cls in ELEMENTS.items() if n not in selectors and "describe" not in vars(cls)
    ]
    assert missing == []
    assert len(ELEMENTS) > 100
