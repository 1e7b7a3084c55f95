"""Replays: real games' event logs rebuilt step by step, in card names, and stored games
played again from their seed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from analytics.decks import deck_spec
from analytics.replay import (
    Replay,
    build_replay,
    name_move,
    named_moves,
    parse_log,
    read_log,
    stored_game,
    stored_replay,
)
from analytics.runs import execute_run, game_rows, record_games, start_run
from analytics.simulate import GameRow, MatchConfig, schedule
from cardpool.decklist import read_deck_file
from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from cardpool.snapshot import load_sve_pool
from cardpool.store import Store
from engine.sve import DeckSpec, GameResult, play_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAYERS = ("Fairies", "Knights")
CARD_ID = re.compile(r"\b[A-Z]{2}\d{2}-[A-Z]?\d+\b")


@pytest.fixture(scope="module")
def pool() -> PoolIndex:
    return load_sve_pool()


@pytest.fixture(scope="module")
def decks(pool: PoolIndex) -> tuple[DeckSpec, DeckSpec]:
    def spec(name: str) -> DeckSpec:
        return deck_spec(read_deck_file(EXAMPLES / name), pool)

    return spec("forest_fairies.txt"), spec("sword_knights.txt")


def _game(decks: tuple[DeckSpec, DeckSpec], seed: int, agents: tuple[str, str]) -> GameResult:
    return play_game(decks[0], decks[1], seed, agents, log=True, record=True)


def _events(result: GameResult) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.log]


GAMES = [(3, ("greedy", "random")), (11, ("greedy", "greedy")), (5, ("random", "random"))]


@pytest.mark.parametrize(("seed", "agents"), GAMES)
def test_every_step_matches_the_engines_counts(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex, seed: int, agents: tuple[str, str]
) -> None:
    """After each step both fields hold as many cards as the engine counted, and the leaders'
    defense, PP and hands are the engine's; the replay ends as the game did."""
    result = _game(decks, seed, agents)
    events = _events(result)
    replay = build_replay(events, pool.record, PLAYERS)
    assert replay.ended
    assert (replay.winner, replay.reason) == (result.outcome.winner, result.outcome.reason.value)
    assert replay.turns == result.turns
    assert replay.first == result.first
    assert replay.steps[0].kind == "game_start"
    assert replay.steps[-1].kind == "game_end"
    ends = _step_ends(events)
    assert len(ends) == len(replay.steps)
    for step, ev in zip(replay.steps, ends, strict=True):
        for p in (0, 1):
            side = step.sides[p]
            assert len(side.field) == ev["s"]["field"][p], (step.summary, p)
            assert side.leader == ev["s"]["hp"][p]
            assert (side.pp, side.max_pp, side.hand) == (
                ev["s"]["pp"][p],
                ev["s"]["max_pp"][p],
                ev["s"]["hand"][p],
            )


def _step_ends(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The last event of each step, cut where the replay cuts (an attack with its engage)."""
    opens = {"game_start", "turn_start", "play", "evolve", "attack", "activate", "game_end"}
    ends: list[dict[str, Any]] = []
    for i, ev in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        if nxt is None:
            ends.append(ev)
            continue
        engage_then_attack = (
            nxt["ev"] == "engage"
            and i + 2 < len(events)
            and events[i + 2]["ev"] == "attack"
            and events[i + 2]["attacker"] == nxt["uid"]
        )
        if (nxt["ev"] in opens and ev["ev"] != "engage") or engage_then_attack:
            ends.append(ev)
    return ends


def test_plays_and_attacks_read_in_card_names(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex
) -> None:
    """Every play and attack is a step that names its card and instance number, every attack
    its target (the attacker stands until its attack); no step falls back to a card code."""
    result = _game(decks, 3, ("greedy", "random"))
    events = _events(result)
    replay = build_replay(events, pool.record, PLAYERS)
    plays = [e for e in events if e["ev"] == "play"]
    play_steps = [s for s in replay.steps if s.kind == "play"]
    assert len(play_steps) == len(plays) > 0
    for ev, step in zip(plays, play_steps, strict=True):
        name = pool.record(ev["card"]).name  # type: ignore[union-attr]
        assert f"{PLAYERS[ev['player']]} plays {name} ({ev['uid']})" in step.summary
    attacks = [e for e in events if e["ev"] == "attack"]
    attack_steps = [s for s in replay.steps if s.kind == "attack"]
    assert len(attack_steps) == len(attacks) > 0
    for ev, step in zip(attacks, attack_steps, strict=True):
        assert f"({ev['attacker']}) attacks" in step.summary
        if ev["target"] == "leader":
            assert step.summary.endswith("attacks the leader")
        else:
            assert step.summary.endswith(f"({ev['target']})")
        before = replay.steps[step.number - 1].sides[ev["player"]].field
        attacker = next(c for c in before if c.uid == ev["attacker"])
        assert not attacker.engaged  # it engages in its attack's step, not before
    for step in replay.steps:
        for line in (step.summary, *step.details):
            assert not CARD_ID.search(line), line


def test_a_follower_keeps_its_damage_and_its_evolved_face(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex
) -> None:
    """Damage that does not destroy a follower stays on it; an evolved follower shows the
    evolved card's name and stats."""
    replay = _find(decks, pool, lambda r: _damaged(r) and _evolved(r))
    damaged = _damaged(replay)
    assert damaged is not None
    assert damaged.damage > 0
    assert f"{damaged.damage} damage" in damaged.state
    evolved = _evolved(replay)
    assert evolved is not None
    assert "evolved" in evolved.state
    rec = pool.record(evolved.card)
    assert rec is not None
    assert rec.card_type == "evolved_follower"
    assert evolved.stats.startswith(f"{rec.attack}/") or evolved.stats.startswith(
        f"{(rec.attack or 0) + 1}/"
    )


def _find(decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex, ok: Any) -> Replay:
    for seed in range(40):
        replay = build_replay(_events(_game(decks, seed, ("greedy", "greedy"))), pool.record)
        if ok(replay):
            return replay
    raise AssertionError("no game in 40 seeds shows it")


def _damaged(replay: Replay) -> Any:
    return next((c for s in replay.steps for x in s.sides for c in x.field if c.damage), None)


def _evolved(replay: Replay) -> Any:
    return next((c for s in replay.steps for x in s.sides for c in x.field if c.evolved), None)


def test_turns_can_be_stepped_to(decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex) -> None:
    replay = build_replay(_events(_game(decks, 3, ("greedy", "random"))), pool.record)
    for turn in range(1, replay.turns + 1):
        step = replay.steps[replay.turn_start(turn)]
        assert (step.kind, step.turn) == ("turn_start", turn)
        assert replay.turn_steps(turn)[0] is step
    assert [s.kind for s in replay.turn_steps(0)] == ["game_start"]


def test_unknown_events_are_skipped_and_their_counts_kept(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex
) -> None:
    """A newer log: an event kind this replay does not know adds no line but its counts
    apply; an activated ability is a step of its own, named."""
    events = _events(_game(decks, 3, ("greedy", "random")))
    at = next(i for i, e in enumerate(events) if e["ev"] == "enter")
    entered = events[at]
    counts = json.loads(json.dumps(entered["s"]))
    counts["grave"][0] += 1
    counts["ex"][0] -= 1
    newer = [
        *events[: at + 1],
        {"i": 0, "turn": entered["turn"], "active": entered["active"], "ev": "grave_to_ex",
         "player": 0, "card": "SD01-001", "s": counts},
        {"i": 0, "turn": entered["turn"], "active": entered["active"], "ev": "activate",
         "player": entered["player"], "uid": entered["uid"], "card": entered["card"],
         "s": counts},
        *events[at + 1 :],
    ]  # fmt: skip
    before = build_replay(events, pool.record)
    replay = build_replay(newer, pool.record)
    assert len(replay.steps) == len(before.steps) + 1
    index = next(i for i, s in enumerate(replay.steps) if s.kind == "activate")
    name = pool.record(entered["card"]).name  # type: ignore[union-attr]
    assert replay.steps[index].summary.endswith(
        f"activates an ability of {name} ({entered['uid']})"
    )
    skipped = replay.steps[index - 1]
    # no line for the unknown kind: the two steps hold exactly the lines of the one before
    assert (*skipped.details, *replay.steps[index].details[1:]) == before.steps[index - 1].details
    assert skipped.sides[0].grave == before.steps[index - 1].sides[0].grave + 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not json\n", "line 1: not JSON"),
        ('{"ev": "draw", "turn": 1}\n[1, 2]\n', "line 2: not a game event"),
        ('{"turn": 1}\n', "line 1: not a game event"),
        ('{"ev": "draw", "turn": "one"}\n', "line 1: not a game event"),
        ("\n\n", "file is empty"),
    ],
)
def test_a_file_that_is_not_an_event_log_is_refused(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(says)):
        read_log(path)


def test_a_missing_log_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="file not found"):
        read_log(tmp_path / "nothing.jsonl")


def test_a_written_log_reads_back_as_the_same_replay(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex, tmp_path: Path
) -> None:
    result = _game(decks, 3, ("greedy", "random"))
    path = tmp_path / "game.jsonl"
    path.write_text("".join(line + "\n" for line in result.log), encoding="utf-8")
    assert build_replay(read_log(path), pool.record) == build_replay(
        parse_log(result.log), pool.record
    )


@pytest.mark.parametrize(("seed", "agents"), GAMES)
def test_moves_name_their_cards(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex, seed: int, agents: tuple[str, str]
) -> None:
    """Every played instance number becomes the name of the card the log says was played,
    every attacker and attacked follower the name its attack event has."""
    result = _game(decks, seed, agents)
    events = _events(result)
    named = named_moves(decks[0], decks[1], seed, result.moves, pool.record)
    assert len(named) == len(result.moves)
    plays = iter(e for e in events if e["ev"] == "play")
    for move, text in zip(result.moves, named, strict=True):
        if move.startswith("play "):
            ev = next(plays)
            assert text == f"play {_name(pool, ev['card'])} ({ev['uid']})"
        elif move.startswith("attack "):
            assert re.fullmatch(r"attack \S.* \(\d+\) > (leader|\S.* \(\d+\))", text), text
        elif move.startswith("choose ") and move[7:].isdigit():
            assert text == move or text.endswith(f" ({move[7:]})")
        else:
            assert text == move or move.split()[0] in ("evolve", "act", "discard")
    assert next(plays, None) is None


def _name(pool: PoolIndex, card_id: str) -> str:
    rec = pool.record(card_id)
    assert rec is not None
    return rec.name


@pytest.mark.parametrize(
    ("move", "target", "expected"),
    [
        ("play 15", False, "play {n} (15)"),
        ("evolve 15 ep", False, "evolve {n} (15) ep"),
        ("act 15 0", False, "act {n} (15) 0"),
        ("discard 15", False, "discard {n} (15)"),
        ("attack 15>leader", False, "attack {n} (15) > leader"),
        ("attack 15>99", False, "attack {n} (15) > 99"),
        ("choose 15", True, "choose {n} (15)"),
        ("choose 15", False, "choose 15"),  # a count, a mode or an order: not a card
        ("choose leader1", True, "choose leader1"),
        ("play 99", False, "play 99"),
        ("end", False, "end"),
        ("mulligan", False, "mulligan"),
    ],
)
def test_a_move_names_the_cards_it_can(
    pool: PoolIndex, move: str, target: bool, expected: str
) -> None:
    cards = {15: "SD01-001"}
    text = name_move(move, cards.get, pool.record, target=target)
    assert text == expected.format(n=_name(pool, "SD01-001"))


# --- stored games ---------------------------------------------------------------------------


@pytest.fixture
def stored(tmp_path: Path, pool: PoolIndex) -> tuple[Store, str]:
    """A real database with a stored run of 4 games of the two example decks."""
    store = Store.open(tmp_path / "decklab.duckdb")
    store.ensure_default()
    a = read_deck_file(EXAMPLES / "forest_fairies.txt")
    b = read_deck_file(EXAMPLES / "sword_knights.txt")
    info = start_run(store, a, b, games=4, agents=("greedy", "random"), seed=9)
    config = MatchConfig(deck_spec(a, pool), deck_spec(b, pool), info.agents, info.turn_limit)
    execute_run(store, info, config, schedule(9, 4), workers=1)
    return store, info.run_id


def test_a_stored_game_replays_as_it_was_stored(stored: tuple[Store, str], pool: PoolIndex) -> None:
    store, run_id = stored
    rows = game_rows(store, run_id)
    assert len(rows) == 4
    for row in rows:
        game = stored_game(store, pool, run_id, row.seed, row.seat)
        assert game.same
        replay = stored_replay(game, pool)
        assert (replay.winner, replay.reason, replay.turns) == (row.winner, row.reason, row.turns)
        assert replay.first == row.first
        assert replay.players == (game.info.deck_a, game.info.deck_b)


def test_a_game_the_run_does_not_have_is_refused(
    stored: tuple[Store, str], pool: PoolIndex
) -> None:
    store, run_id = stored
    row = game_rows(store, run_id)[0]
    with pytest.raises(InputError, match="no stored run 'nope'"):
        stored_game(store, pool, "nope", row.seed, row.seat)
    with pytest.raises(InputError, match=f"run {run_id} has no game with seed 5 and seat 0"):
        stored_game(store, pool, run_id, 5, 0)
    record_games(store, run_id, [GameRow(5, 0, 0, None, "error", 0, 0, 1.0, "boom")])
    with pytest.raises(InputError, match="ended in an engine error"):
        stored_game(store, pool, run_id, 5, 0)


def test_a_changed_game_is_told_apart(stored: tuple[Store, str], pool: PoolIndex) -> None:
    """A row that does not match what the seed plays (another engine) is reported as such."""
    store, run_id = stored
    row = game_rows(store, run_id)[0]
    record_games(
        store, run_id,
        [GameRow(row.seed, row.seat, row.first, row.winner, row.reason, row.turns + 1,
                 row.actions, row.duration_ms)],
    )  # fmt: skip
    assert not stored_game(store, pool, run_id, row.seed, row.seat).same


def test_names_ending_in_s_take_an_apostrophe_alone(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex
) -> None:
    """ "Fairies' turn", "Aria's turn": never "Fairies's"."""
    replay = build_replay(_events(_game(decks, 3, ("greedy", "random"))), pool.record, PLAYERS)
    lines = [line for step in replay.steps for line in (step.summary, *step.details)]
    assert "Turn 1: Fairies' turn" in lines or "Turn 1: Knights' turn" in lines
    assert not [line for line in lines if "s's " in line]
    named = build_replay(_events(_game(decks, 3, ("greedy", "random"))), pool.record, ("A", "B"))
    assert any(step.summary in ("Turn 1: A's turn", "Turn 1: B's turn") for step in named.steps)


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ({"ev": "move", "player": 0, "uid": 99, "card": "SD01-001", "from": "hand", "to": "ex"},
         "goes from the hand to the EX area"),
        ({"ev": "pay_defense", "player": 0, "amount": 2}, "pays 2 leader defense"),
        ({"ev": "roll", "player": 0, "result": 5}, "rolls a die: 5"),
        ({"ev": "banish", "uid": 99, "card": "SD01-001", "to": "erased"}, "ceases to exist"),
        ({"ev": "banish", "uid": 99, "card": "SD01-001", "to": "banish"}, "is banished"),
    ],
)  # fmt: skip
def test_moves_costs_and_vanishing_tokens_read_in_words(
    decks: tuple[DeckSpec, DeckSpec], pool: PoolIndex, event: dict[str, Any], line: str
) -> None:
    """A card an effect moves between zones, leader defense paid as a cost (not damage) and a
    token that leaves the EX area (it ceases to exist, CR 4.3.3) each add their line."""
    events = _events(_game(decks, 3, ("greedy", "random")))
    at = next(i for i, e in enumerate(events) if e["ev"] == "enter")
    entered = events[at]
    extra = {"i": 0, "turn": entered["turn"], "active": entered["active"], **event}
    replay = build_replay([*events[: at + 1], dict(extra, s=entered["s"]), *events[at + 1 :]],
                          pool.record)  # fmt: skip
    assert any(line in detail for step in replay.steps for detail in step.details)
