"""The event log: every move of a card is an event, in the order it happens."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, DeckSpec, Mulligan, Play, new_game
from engine.sve.actions import Choose
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Destroy
from engine.sve.effects.deck import Draw
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.search import FromHand, Search
from engine.sve.effects.selectors import CardFilter, Select, Targets, leader_target
from engine.sve.effects.zones import SelfToEx
from engine.sve.position import FILLER, follower, position, spell

PHOENIX = follower("Phoenix", 2, 2, 2)
"""Last Words: put this from the graveyard into your EX area."""
DOOM = spell("Doom", 0)


def _events(g, *kinds: str) -> list[dict[str, Any]]:
    """The logged events of the given kinds, without their counts."""
    assert g.log is not None
    return [{k: v for k, v in e.items() if k not in ("s", "i")} for e in g.log if e["ev"] in kinds]


@pytest.mark.parametrize("to_ex", [True, False], ids=["last-words-to-ex", "stays"])
def test_a_card_put_from_the_graveyard_into_the_ex_area_is_an_event(to_ex: bool) -> None:
    """A Last Words that puts its card from the graveyard into the EX area logs the move."""
    doom = CardScript(
        DOOM.card_id, (Ability(Trigger.SPELL, (Select(Targets(side="own")), Destroy())),)
    )
    scripts = [doom]
    if to_ex:
        last_words = Ability(Trigger.LAST_WORDS, (SelfToEx(optional=False),))
        scripts.append(CardScript(PHOENIX.card_id, (last_words,)))
    g = position(
        fields=([PHOENIX], []), hands=([DOOM], []), pp=(1, 0), log=True, scripts=Scripts(scripts)
    )
    g.apply(Play(1))
    g.apply(Choose("0"))
    assert g.cards[0].zone is (Zone.EX if to_ex else Zone.GRAVE)
    moves = _events(g, "destroy", "move")
    destroyed = {"ev": "destroy", "turn": 1, "active": 0, "uid": 0, "to": "grave"}
    destroyed["card"] = PHOENIX.card_id
    moved = {
        "ev": "move",
        "turn": 1,
        "active": 0,
        "player": 0,
        "uid": 0,
        "card": PHOENIX.card_id,
        "from": "grave",
        "to": "ex",
    }
    assert moves == ([destroyed, moved] if to_ex else [destroyed])


def test_an_activated_ability_is_an_event_before_its_costs() -> None:
    """``activate`` names the player, the card and its uid, before the engage cost is paid;
    playing a card logs no ``activate``."""
    rod = follower("Rod", 1, 1, 1)
    ability = Ability(Trigger.ACTIVATED, (Draw(1),), engage_cost=True)
    g = position(
        fields=([rod], []),
        hands=([FILLER], []),
        pp=(9, 0),
        log=True,
        scripts=Scripts([CardScript(rod.card_id, (ability,))]),
    )
    g.apply(Activate(0, 0))
    assert [e["ev"] for e in _events(g, "activate", "engage", "draw")] == [
        "activate",
        "engage",
        "draw",
    ]
    assert _events(g, "activate")[0] == {
        "ev": "activate",
        "turn": 1,
        "active": 0,
        "player": 0,
        "uid": 0,
        "card": rod.card_id,
    }
    g.apply(Play(1))
    assert len(_events(g, "activate")) == 1


@pytest.mark.parametrize("to", ["field", "hand"])
def test_a_searched_card_is_found_before_it_enters(to: str) -> None:
    """A card searched onto the field is ``found`` before its ``enter``; one searched into
    the hand is ``found`` once it is there."""
    bat = follower("Bat", 1, 1, 1)
    seek = spell("Seek", 0)
    scripts = Scripts(
        [CardScript(seek.card_id, (Ability(Trigger.SPELL, (Search(CardFilter(), to=to),)),))]
    )
    g = position(hands=([seek], []), decks=([bat], 0), pp=(1, 0), log=True, scripts=scripts)
    g.apply(Play(0))
    g.apply(Choose("1"))
    events = [e for e in g.log if e["ev"] in ("found", "enter")]
    assert [e["ev"] for e in events] == (["found", "enter"] if to == "field" else ["found"])
    found = events[0]
    assert found["s"]["deck"][0] == (1 if to == "field" else 0)  # the move is the enter's
    assert found["s"]["hand"][0] == (0 if to == "field" else 1)


def test_the_mulligan_event_comes_before_the_four_redraws() -> None:
    """``mulligan`` is logged when the hand went to the bottom of the deck (hand 0), then
    the new hand's four ``draw`` events follow."""
    bear = follower("Bear", 2, 2, 2)
    g = new_game(DeckSpec(main=[bear] * 40), DeckSpec(main=[bear] * 40), seed=5, log=True)
    g.apply(Mulligan(True))
    assert g.log is not None
    at = next(i for i, e in enumerate(g.log) if e["ev"] == "mulligan")
    player = g.log[at]["player"]
    assert g.log[at]["redraw"] is True
    assert g.log[at]["s"]["hand"][player] == 0
    assert [(e["ev"], e["player"]) for e in g.log[at + 1 : at + 5]] == [("draw", player)] * 4


def test_a_card_an_effect_takes_from_the_hand_into_the_ex_area_is_a_move() -> None:
    """A hand card put into the EX area by an effect is a ``move`` from the hand (only a
    card taken from the deck or graveyard is ``found``)."""
    bat = follower("Bat", 1, 1, 1)
    stash = spell("Stash", 0)
    scripts = Scripts(
        [CardScript(stash.card_id, (Ability(Trigger.SPELL, (FromHand(CardFilter(), to="ex"),)),))]
    )
    g = position(hands=([stash, bat], []), pp=(1, 0), log=True, scripts=scripts)
    g.apply(Play(0))
    g.apply(Choose("1"))
    assert g.cards[1].zone is Zone.EX
    assert _events(g, "found") == []
    (moved,) = _events(g, "move")
    assert (moved["from"], moved["to"], moved["uid"]) == ("hand", "ex", 1)


@pytest.mark.parametrize("leaves", ["banish", "ex_to_grave"])
def test_a_token_leaving_the_ex_area_is_erased_a_card_is_not(leaves: str) -> None:
    """CR 4.3.3: a token that leaves the EX area ceases to exist (``to: erased``); a card
    that is not a token goes where it is sent."""
    token = CardRecord("X-T", "Token", card_type="token_follower", cost=1, attack=1, defense=1)
    g = position(log=True)
    g.create_token(0, token, "ex")
    g.put_in_ex(g.players[0].deck[-1])  # a card of the deck, not a token
    ex = list(g.players[0].ex)
    for uid in ex:
        getattr(g, leaves)(uid)
    kind = "banish" if leaves == "banish" else "leave"
    to = "banish" if leaves == "banish" else "grave"
    assert [(e["uid"], e["to"]) for e in _events(g, kind)] == [(ex[0], "erased"), (ex[1], to)]


def test_defense_paid_as_a_cost_is_not_damage() -> None:
    """A cost that lowers leader defense (CR 10.4.5) is logged ``pay_defense``, not
    ``damage``; damage stays ``damage``."""
    g = position(log=True)
    g.lose_defense(0, 2)
    g.deal_damage(leader_target(1), 3)
    assert _events(g, "pay_defense") == [
        {"ev": "pay_defense", "turn": 1, "active": 0, "player": 0, "amount": 2}
    ]
    assert [(e["target"], e["amount"]) for e in _events(g, "damage")] == [("leader1", 3)]
    assert [g.players[0].hp, g.players[1].hp] == [18, 17]
