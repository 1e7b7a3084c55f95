"""One Count condition says every "N or more (or fewer) cards in a zone"; the library keeps
its older names for them."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import CardRecord
from engine.sve.effects.conditions import Count
from engine.sve.effects.registry import from_data, to_data
from engine.sve.state import DeckSpec, new_game

FOLLOWER = {"op": "CardFilter", "kind": "follower"}


@pytest.mark.parametrize(
    "data",
    [
        {"op": "GraveCount", "what": FOLLOWER, "n": 3},
        {"op": "OpponentGrave", "n": 10},
        {"op": "ExCount", "what": FOLLOWER, "n": 2, "exact": True},
        {"op": "FieldCount", "what": FOLLOWER},
        {"op": "FieldCount", "what": FOLLOWER, "n": 2},
        {"op": "OpponentCards", "n": 3},
        {"op": "OpponentFollowers", "n": 2},
        {"op": "FieldExCount", "what": FOLLOWER, "n": 4},
        {"op": "HandAtMost", "n": 2},
        {"op": "DeckAtMost", "n": 5},
        {"op": "BanishCount", "n": 6},
        {"op": "EvolveUsed", "n": 3},
    ],
    ids=lambda d: d["op"],
)
def test_library_names_read_as_count_and_write_back(data: dict[str, Any]) -> None:
    """Each name the committed library uses reads as one Count and writes back unchanged."""
    condition = from_data(data, {})
    assert isinstance(condition, Count)
    assert to_data(condition) == data


def test_a_count_with_no_older_name_writes_itself() -> None:
    """A count the library never named (at most N cards in the EX area) is written as
    ``Count`` and read back the same."""
    count = Count("ex", 2, most=True)
    assert to_data(count) == {"op": "Count", "zone": "ex", "n": 2, "most": True}
    assert from_data(to_data(count), {}) == count


@pytest.mark.parametrize(
    ("count", "holds"),
    [
        (Count("hand", 4), True),
        (Count("hand", 5), False),
        (Count("hand", 4, most=True), True),
        (Count("hand", 3, most=True), False),
        (Count("hand", 4, exact=True), True),
        (Count("hand", 3, exact=True), False),
        (Count("deck", 36, most=True), True),
        (Count("deck", 35, most=True), False),
        (Count("grave", 1, enemy=True), False),
        (Count("grave", 0, enemy=True), True),
    ],
    ids=str,
)
def test_count_compares_the_zone(count: Count, holds: bool) -> None:
    """At the opening hand (4 cards drawn from 40), the comparison each way."""
    unit = CardRecord("T-1", "Unit", cost=1, attack=1, defense=1)
    game = new_game(DeckSpec(main=[unit] * 40), DeckSpec(main=[unit] * 40), seed=1)
    assert count.holds(game, 0, -1) is holds


def test_count_reads_in_english() -> None:
    """The English of the older conditions is kept."""
    assert Count("deck", 5, most=True).describe() == "your deck has 5 or fewer cards"
    assert Count("grave", 10, enemy=True).describe() == (
        "your opponent has 10 or more cards in their graveyard"
    )
