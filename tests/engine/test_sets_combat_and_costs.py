"""Triggers and costs as BP22 prints them: "when this deals combat damage" (with a per-turn
limit of ten), and a play cost reduced by more "instead" once a larger count is reached.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Attack
from engine.sve.actions import LEADER, Choose
from engine.sve.board import Kind
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.stats import Engage
from engine.sve.position import position
from engine.sve.state import State
from tests.engine.library_cards import library_record, library_scripts


def _order(game: State) -> None:
    """Resolve simultaneous triggers in the order offered (CR 10.7.3.1)."""
    while game.decision is not None and game.decision.kind is Kind.ORDER:
        game.apply(Choose(game.decision.options[0]))


# --- "when this deals combat damage" (CR 5.14.3.2) -------------------------------------------


def _stander(atk: int) -> tuple[State, int, int]:
    """A game whose active player has a follower that stands when it deals combat damage,
    and an engaged enemy follower (both 9 defense); their uids."""
    script = CardScript("X-Stand", (Ability(Trigger.DEALT_COMBAT_DAMAGE, (Engage("self", True),)),))
    me = CardRecord("X-Stand", "Stand", cost=1, attack=atk, defense=9)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=2, defense=9)
    game = position(fields=([me], [foe]), scripts=Scripts([script]))
    return game, game.players[0].field[0], game.players[1].field[0]


@pytest.mark.parametrize(("atk", "stands"), [(3, True), (0, False)])
def test_combat_damage_dealt_by_the_attacker_fires_it(atk: int, stands: bool) -> None:
    """Attacking a follower and dealing it damage is combat damage (CR 5.14.3.2): the
    ability goes off; an attacker with 0 attack deals none and it does not."""
    game, me, foe = _stander(atk)
    game.writable(foe).engaged = True
    game.apply(Attack(me, foe))
    _order(game)
    assert game.cards[foe].dfn == 9 - atk
    assert game.cards[me].engaged is not stands


@pytest.mark.parametrize(("target_leader", "fires"), [(False, True), (True, False)])
def test_damage_to_a_leader_is_not_combat_damage(target_leader: bool, fires: bool) -> None:
    """Damage to the leader is attack damage, not combat damage (CR 5.14.3.1): only a
    fight with a follower fires the ability."""
    game, me, foe = _stander(3)
    game.writable(foe).engaged = True
    game.apply(Attack(me, LEADER if target_leader else foe))
    _order(game)
    assert game.cards[me].engaged is not fires


@pytest.mark.parametrize(("back", "fires"), [(2, True), (0, False)])
def test_the_attacked_follower_deals_combat_damage_too(back: int, fires: bool) -> None:
    """The attacked follower deals combat damage to the attacker (CR 8.4.9.1): its own
    ability goes off for its controller, when it dealt any."""
    script = CardScript("X-Stand", (Ability(Trigger.DEALT_COMBAT_DAMAGE, (Engage("self", True),)),))
    attacker = CardRecord("X-Att", "Att", cost=1, attack=1, defense=9)
    held = CardRecord("X-Stand", "Stand", cost=1, attack=back, defense=9)
    game = position(fields=([attacker], [held]), scripts=Scripts([script]))
    att, me = game.players[0].field[0], game.players[1].field[0]
    game.writable(me).engaged = True
    game.apply(Attack(att, me))
    _order(game)
    assert game.cards[att].dfn == 9 - back
    assert game.cards[me].engaged is not fires


@pytest.mark.parametrize("card_id", ["BP22-019", "BP02-020"])
@pytest.mark.parametrize(("my_turn", "stands"), [(True, True), (False, False)])
def test_real_cards_stand_after_a_fight_in_their_turn_only(
    card_id: str, my_turn: bool, stands: bool
) -> None:
    """BP22-019 (ten times in each of your turns) and BP02-020 (during your turn): after a
    fight in which it dealt combat damage it stands in its player's turn; attacked in the
    opponent's turn it deals combat damage and stays engaged."""
    scripts = library_scripts(card_id)
    card = library_record(scripts, card_id, cost=4, atk=2, dfn=9)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=1, defense=9)
    fields = ([card], [foe]) if my_turn else ([foe], [card])
    game = position(fields=fields, pp=(0, 0), scripts=scripts)
    mine, theirs = game.players[0].field[0], game.players[1].field[0]
    game.writable(theirs).engaged = True
    game.apply(Attack(mine, theirs))
    _order(game)
    uid = mine if my_turn else theirs
    assert game.cards[uid].dfn < 9 + (1 if card_id == "BP22-019" and my_turn else 0)
    assert game.cards[uid].engaged is not stands


def test_bp22_019_stands_up_to_ten_times_a_turn() -> None:
    """BP22-019 ``自分のターンごとに10回``: it stands after each of ten fights in a turn,
    and an eleventh fight leaves it engaged."""
    scripts = library_scripts("BP22-019")
    card = library_record(scripts, "BP22-019", cost=4, atk=1, dfn=99)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=0, defense=99)
    game = position(fields=([card], [foe]), scripts=scripts)
    me, theirs = game.players[0].field[0], game.players[1].field[0]
    for fight in range(11):
        game.writable(theirs).engaged = True
        game.apply(Attack(me, theirs))
        _order(game)
        assert game.cards[me].engaged is (fight == 10), fight
