"""The game interface: actions as strings, errors, clone, observation, event log, purity."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.sve import (
    LEADER,
    ActionSyntaxError,
    Activate,
    Attack,
    Choose,
    DeckSpec,
    Discard,
    End,
    Evolve,
    IllegalActionError,
    Mulligan,
    Pass,
    Play,
    new_game,
    parse_action,
    play_game,
)
from engine.sve.position import evolved, follower, position

BEAR = follower("Bear", 2, 2, 2)
POOL = [
    follower(f"U{i}", 1 + i % 6, 1 + i % 5, 1 + i % 4, *kw)
    for i, kw in enumerate([(), ("ward",), ("storm",), ("rush",), ("bane",), ("drain",)] * 2)
]
EVO = [evolved(c) for c in POOL[:4]]
DECK = DeckSpec(main=[POOL[i % len(POOL)] for i in range(40)], evolve=EVO * 2)

LOG_KEYS = [
    "hp",
    "pp",
    "max_pp",
    "ep",
    "sep",
    "hand",
    "deck",
    "field",
    "ex",
    "grave",
    "banish",
    "evolve_deck",
]


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Play(12), "play 12"),
        (Attack(7, LEADER), "attack 7>leader"),
        (Attack(7, 9), "attack 7>9"),
        (Evolve(7), "evolve 7"),
        (Evolve(7, ep=True), "evolve 7 ep"),
        (Evolve(7, ep=True, super_=True), "evolve 7 ep super"),
        (End(), "end"),
        (Pass(), "pass"),
        (Mulligan(True), "mulligan"),
        (Mulligan(False), "keep"),
        (Discard(3), "discard 3"),
        (Activate(4, 1), "act 4 1"),
        (Choose("done"), "choose done"),
    ],
)
def test_actions_round_trip_through_strings(action: object, text: str) -> None:
    """Every action has one canonical string and reads back from it."""
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["", "play", "play x", "attack 7", "evolve 7 fast", "fly 3"])
def test_bad_action_strings_are_refused(text: str) -> None:
    """Unreadable strings raise ActionSyntaxError naming the text."""
    with pytest.raises(ActionSyntaxError, match="cannot read action"):
        parse_action(text)


def test_illegal_action_names_action_and_reason() -> None:
    """Applying an illegal action raises IllegalActionError with the action and the rule."""
    g = position(hands=([BEAR], []), pp=(1, 0))
    with pytest.raises(IllegalActionError) as err:
        g.apply(Play(0))
    assert err.value.action == Play(0)
    assert "'play 0'" in str(err.value)
    assert "CR 8.2.1" in str(err.value)
    with pytest.raises(IllegalActionError, match="main phase action"):
        g.apply(Pass())


def test_legal_actions_are_deterministic() -> None:
    """The same position lists the same actions in the same order."""
    a = play_game(DECK, DECK, 11, ("random", "random"), record=True)
    b = play_game(DECK, DECK, 11, ("random", "random"), record=True)
    assert a.moves == b.moves


def test_clone_is_independent_and_replays_identically() -> None:
    """clone() copies everything: moves on the copy leave the original untouched, and the
    copy continues exactly as the original would."""
    g = new_game(DECK, DECK, 5, log=True)
    moves = play_game(DECK, DECK, 5, ("random", "random"), record=True).moves
    for text in moves[:30]:
        g.apply(parse_action(text))
    before = json.dumps(g.counts())
    c = g.clone()
    for text in moves[30:]:
        c.apply(parse_action(text))
    assert json.dumps(g.counts()) == before
    for text in moves[30:]:
        g.apply(parse_action(text))
    assert g.log_lines() == c.log_lines()
    assert g.outcome() == c.outcome()


def test_observation_hides_the_opponent_hand_and_decks() -> None:
    """CR 4.1.2: a player sees their own hand, both fields, and counts of hidden zones."""
    g = position(fields=([BEAR], [BEAR]), hands=([BEAR], [BEAR, BEAR]))
    obs = g.observation(0)
    assert [c.uid for c in obs.hand()] == [2]
    assert obs.hand_count(1) == 2
    assert obs.deck_count(1) == 20
    assert [c.uid for c in obs.field(1)] == [1]
    assert obs.card(2).record == BEAR
    with pytest.raises(KeyError, match="not visible"):
        obs.card(3)  # the opponent's hand card
    with pytest.raises(KeyError, match="not visible"):
        obs.card(len(g.cards) - 1)  # a deck card


def test_event_log_contract() -> None:
    """Every event carries i, turn, active, ev and the state counts; the game ends once."""
    result = play_game(DECK, DECK, 3, ("greedy", "random"), log=True)
    events = [json.loads(line) for line in result.log]
    assert [e["i"] for e in events] == list(range(len(events)))
    assert events[0]["ev"] == "game_start"
    assert events[0]["seed"] == 3
    assert events[-1]["ev"] == "game_end"
    assert [e["ev"] for e in events].count("game_end") == 1
    for e in events:
        assert e["turn"] >= 1
        assert e["active"] in (0, 1)
        assert list(e["s"]) == LOG_KEYS
        assert all(len(v) == 2 for v in e["s"].values())
    kinds = {e["ev"] for e in events}
    assert {"mulligan", "turn_start", "draw", "play", "enter", "attack", "damage"} <= kinds
    attack = next(e for e in events if e["ev"] == "attack")
    assert set(attack) >= {"player", "attacker", "target", "keywords"}


def test_same_seed_same_log_bytes() -> None:
    """The same seed and agents give a byte-identical log; another seed differs."""
    a = play_game(DECK, DECK, 21, ("greedy", "random"), log=True).log
    b = play_game(DECK, DECK, 21, ("greedy", "random"), log=True).log
    c = play_game(DECK, DECK, 22, ("greedy", "random"), log=True).log
    assert a == b
    assert a != c


def test_engine_imports_no_app_layers() -> None:
    """The engine is pure: importing it loads no cardpool, analytics, dashboard, streamlit or
    duckdb."""
    code = (
        "import sys, engine.sve, engine.sve.agents, engine.sve.position, engine.sve.compiler, "
        "engine.sve.library, engine.sve.coverage; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('cardpool', 'analytics', 'dashboard', 'streamlit', 'duckdb')]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
