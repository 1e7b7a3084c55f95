"""One Amount for every "a number": fixed, the event's, or counted when it is used (X)."""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve.effects.amounts import Amount
from engine.sve.effects.costs import PlayCostX
from engine.sve.effects.damage import Damage, HealLeader
from engine.sve.effects.flow import Scaled
from engine.sve.effects.registry import from_data, to_data
from engine.sve.effects.selectors import Targets
from engine.sve.state import DeckSpec, State, new_game

UNIT = CardRecord("T-1", "Unit", cost=1, attack=1, defense=1)


def opening() -> State:
    """A game at the mulligan: 4 cards in each hand, PP maximum 0, nothing played."""
    return new_game(DeckSpec(main=[UNIT] * 40), DeckSpec(main=[UNIT] * 40), seed=5)


@pytest.mark.parametrize(
    ("amount", "expected"),
    [
        (Amount(n=3), 3),
        (Amount("event"), 7),
        (Amount("hand"), 4),
        (Amount("hand_ex"), 4),
        (Amount("ex"), 0),
        (Amount("banish"), 0),
        (Amount("played"), 0),
        (Amount("hurts"), 0),
        (Amount("attack_here"), None),  # no source card: nothing to count
        (Amount("attack"), 0),
        (Amount("discarded_cost"), None),
    ],
    ids=str,
)
def test_amount_counts_when_used(amount: Amount, expected: int | None) -> None:
    """Each kind of number, counted on a real game (the event's amount is 7)."""
    assert amount.count(opening(), 0, -1, (), 7) == expected


@pytest.mark.parametrize(
    ("element", "amount"),
    [
        (Damage(3), Amount(n=3)),
        (Damage(-1), Amount("event")),
        (Damage(0, per_hand=True), Amount("hand")),
        (Damage(0, half_attack=True), Amount("half_attack")),
        (Damage(0, attack_of_it=True), Amount("attack_it_here")),
        (Damage(0, per=Targets("own")), Amount("field", per=Targets("own"))),
        (HealLeader(), Amount("event")),
        (Scaled(Damage(1), count="max_pp"), Amount("max_pp")),
    ],
    ids=str,
)
def test_elements_read_their_number_as_an_amount(element: object, amount: Amount) -> None:
    """Damage, healing and scaled effects keep the library's fields and read them as one
    Amount."""
    assert element.amount() == amount  # type: ignore[attr-defined]


def test_play_cost_x_and_the_library_encoding() -> None:
    """A play-cost reduction by a count reads it as an Amount; its JSON is unchanged."""
    cost = PlayCostX(per_banished=True)
    assert cost.x() == Amount("banish")
    assert to_data(cost) == {"op": "PlayCostX", "per_banished": True}
    assert from_data(to_data(Amount("hand")), {}) == Amount("hand")
    assert Amount("hand").describe() == "the cards in your hand"
