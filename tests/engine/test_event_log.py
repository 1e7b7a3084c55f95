"""The event log: every move of a card is an event, in the order it happens."""

from __future__ import annotations

from typing import Any

import pytest

from engine.sve import Activate, DeckSpec, Mulligan, Play, new_game
from engine.sve.actions import Choose
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Destroy
from engine.sve.effects.deck import Draw
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.search import Search
from engine.sve.effects.selectors import CardFilter, Select, Targets
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
