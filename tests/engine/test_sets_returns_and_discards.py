"""Costs as BP21-BP22 print them: a play cost that becomes N for a cost.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Play
from engine.sve.actions import Choose
from engine.sve.board import STACK_COUNTERS, Kind, Zone
from engine.sve.position import position
from engine.sve.state import State
from tests.engine.library_cards import library_record, library_scripts


def _order(game: State) -> None:
    """Resolve simultaneous triggers in the order offered (CR 10.7.3.1)."""
    while game.decision is not None and game.decision.kind is Kind.ORDER:
        game.apply(Choose(game.decision.options[0]))


def _card(name: str, card_type: str = "follower", **kw: object) -> CardRecord:
    stats = {"cost": 1, "attack": 1, "defense": 9} | kw
    return CardRecord(f"X-{name}", name, card_type=card_type, **stats)  # type: ignore[arg-type]


@pytest.mark.parametrize(("counters", "playable"), [(9, True), (8, False)])
def test_bp22_039_costs_1_for_earth_rite_9(counters: int, playable: bool) -> None:
    """BP22-039 (as you play it, Earth Rite 9: it costs 1): with 9 stack counters on your
    Stack amulets and 1 PP it can be played, removing them; with 8 it cannot."""
    scripts = library_scripts("BP22-039")
    card = library_record(scripts, "BP22-039", cost=10, atk=5, dfn=5)
    stacked = CardRecord("X-Sed", "Sediment", card_type="amulet", cost=1, keywords=("stack",))
    game = position(hands=([card], []), fields=([stacked], []), pp=(1, 0), scripts=scripts)
    p = game.players[0]
    amulet = p.field[0]
    game.add_counter(amulet, STACK_COUNTERS, counters)
    uid = p.hand[0]
    assert (Play(uid) in game.legal_actions()) is playable
    if not playable:
        return
    game.apply(Play(uid))
    while game.decision is not None and game.decision.kind is not Kind.MAIN:
        game.apply(Choose(game.decision.options[0]))
    assert game.cards[uid].zone is Zone.FIELD
    assert p.pp == 0
    assert game.cards[amulet].zone is Zone.GRAVE
