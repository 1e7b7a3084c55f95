"""Costs, triggers and tokens as BP21-BP22 print them: returning a field card not of this
card's name as a cost, "when an ability of your (trait) card discards this", the chosen
enemy card's player getting the token, and a play cost that becomes N for a cost.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Play
from engine.sve.actions import Choose
from engine.sve.board import STACK_COUNTERS, Kind, Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.zones import DiscardCards
from engine.sve.library import library
from engine.sve.position import add_card, position
from tests.engine.library_cards import (
    library_record,
    library_scripts,
    resolve_in_order,
)
from tests.engine.library_cards import (
    made_up_card as _card,
)


def _own_name(card_id: str) -> str:
    """The card's name as its encoding names it (the name its cost leaves out)."""
    (fanfare,) = library()["cards"][card_id]["abilities"]
    name = fanfare["effects"][0]["sacrifice"]["not_name"]
    assert isinstance(name, str)
    assert name
    return name


@pytest.mark.parametrize("same", [False, True])
def test_bp21_016_returns_a_beast_of_another_name_for_storm_and_a_card(same: bool) -> None:
    """BP21-016 (Fanfare: return a 獣 follower of yours not of this card's name to the
    hand: this gets Storm, draw a card): another-named beast can pay; a beast of its own
    name cannot, and nothing happens."""
    paid = not same
    name = _own_name("BP21-016")
    scripts = library_scripts("BP21-016")
    squirrel = library_record(scripts, "BP21-016", name=name, traits=("獣",))
    beast = _card(name if same else "Other", traits=("獣",))
    deck = [_card(f"D{i}") for i in range(3)]
    game = position(
        hands=([squirrel], []), fields=([beast], []), decks=(deck, 3), pp=(9, 0), scripts=scripts
    )
    p = game.players[0]
    uid, other = p.hand[0], p.field[0]
    game.apply(Play(uid))
    resolve_in_order(game)
    if paid:
        assert game.decision is not None
        assert game.decision.options == ["pay", "done"]
        game.apply(Choose("pay"))
        if game.decision is not None and str(other) in game.decision.options:
            game.apply(Choose(str(other)))
        resolve_in_order(game)
    assert (other in p.hand) is paid
    assert ("storm" in game.cards[uid].keywords) is paid
    assert len(p.hand) == (2 if paid else 0)


@pytest.mark.parametrize(("trait", "draws"), [("学院", True), ("魔法使い", False)])
def test_bp21_043_draws_when_an_academy_card_discards_it(trait: str, draws: bool) -> None:
    """BP21-043 (when an ability of a 学院 card of yours discards this from your hand, draw
    a card): discarded by a 学院 spell it draws; by another spell it does not."""
    scripts = library_scripts("BP21-043")
    scripts.add(CardScript("X-Dis", (Ability(Trigger.SPELL, (DiscardCards(1),)),)))
    spell = CardRecord("X-Dis", "Dis", card_type="spell", cost=1, traits=(trait,))
    lesson = library_record(scripts, "BP21-043", card_type="spell", cost=1)
    deck = [_card(f"D{i}") for i in range(3)]
    game = position(hands=([spell, lesson], []), decks=(deck, 3), pp=(1, 0), scripts=scripts)
    p = game.players[0]
    spell_uid, discarded = p.hand
    game.apply(Play(spell_uid))
    game.apply(Choose(str(discarded)))
    resolve_in_order(game)
    assert discarded in p.grave
    assert len(p.hand) == (1 if draws else 0)


@pytest.mark.parametrize(("pixies", "usable"), [(5, True), (4, False), (6, False)])
def test_bp21_004_destroys_and_its_player_gets_a_fairy(pixies: int, usable: bool) -> None:
    """BP21-004 (Act, cost 1, engage this and put it into the graveyard: destroy an enemy
    follower, its player puts a フェアリー onto their field; usable only with exactly 5 妖精
    cards in your EX area): with 5 the enemy loses its follower and gets the token; with 4
    or 6 the ability cannot be used."""
    scripts = library_scripts("BP21-004")
    titania = library_record(scripts, "BP21-004", cost=3)
    foe = _card("Foe")
    game = position(fields=([titania], [foe]), pp=(9, 0), turn=5, scripts=scripts)
    for i in range(pixies):
        add_card(game, 0, _card(f"P{i}", traits=("妖精",)), Zone.EX)
    me, them = game.players
    act = Activate(me.field[0], 0)
    assert (act in game.legal_actions()) is usable
    if not usable:
        return
    enemy = them.field[0]
    game.apply(act)
    if game.decision is not None and game.decision.kind is not Kind.ORDER:
        game.apply(Choose(str(enemy)))
    resolve_in_order(game)
    assert game.cards[enemy].zone is Zone.GRAVE
    assert [game.cards[u].base.name for u in them.field] == ["フェアリー"]
    assert me.field == []


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
