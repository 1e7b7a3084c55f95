"""Agents (random, greedy) and the ``decklab play`` command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from decklab.cli import main
from engine.sve import LEADER, Attack, DeckSpec, End, Play, play_game
from engine.sve.actions import KEEP, REDRAW
from engine.sve.agents import GreedyAgent, RandomAgent, make_agent
from engine.sve.position import OnField, follower, position
from engine.sve.state import Decision, Kind

BEAR = follower("Bear", 2, 2, 2)
OGRE = follower("Ogre", 4, 4, 4)
RNG = random.Random(0)


def greedy(g):
    who = g.current_player()
    return GreedyAgent().choose(g.observation(who), g.legal_actions(), RNG)


def test_greedy_takes_lethal_before_anything_else() -> None:
    """Lethal first: with 6 damage available against 6 defense it attacks the leader."""
    g = position(
        fields=([OGRE, BEAR], [OnField(BEAR, engaged=True)]),
        hands=([BEAR], []),
        pp=(5, 0),
        hp=(20, 6),
    )
    assert greedy(g) == Attack(0, LEADER)


def test_greedy_spends_pp_on_the_most_expensive_card() -> None:
    """Spend PP: it plays the costliest affordable card."""
    g = position(hands=([BEAR, OGRE, follower("Big", 9, 9, 9)], []), pp=(5, 0))
    assert greedy(g) == Play(1)


def test_greedy_makes_value_trades_and_skips_bad_ones() -> None:
    """A trade that kills and survives beats going face; a losing trade is not made."""
    g = position(fields=([OGRE], [OnField(BEAR, engaged=True)]), hp=(20, 20))
    assert greedy(g) == Attack(0, 1)
    g = position(fields=([BEAR], [OnField(OGRE, engaged=True)]), hp=(20, 20))
    assert greedy(g) == Attack(0, LEADER)
    g = position(fields=([OnField(BEAR, engaged=True)], []))
    assert greedy(g) == End()


def test_greedy_mulligan() -> None:
    """Sensible mulligan: keep two or more cheap cards, else redraw."""
    cheap, dear = follower("C", 2), follower("D", 7)
    agent = GreedyAgent()
    for hand, expected in (([cheap, cheap, dear, dear], KEEP), ([cheap, dear, dear, dear], REDRAW)):
        g = position(hands=(hand, []))
        g.decision = Decision(Kind.MULLIGAN, 0)
        assert agent.choose(g.observation(0), g.legal_actions(), RNG) == expected


def test_agents_only_choose_legal_actions() -> None:
    """Random and greedy always answer with one of the legal actions."""
    deck = DeckSpec(
        main=[follower(f"U{i % 8}", 1 + i % 6, 1 + i % 4, 1 + i % 5, "ward") for i in range(40)]
    )
    for agents in (("random", "greedy"), ("greedy", "random")):
        result = play_game(deck, deck, 4, agents)
        assert result.outcome is not None
    with pytest.raises(ValueError, match="known agents: greedy, planner, random, search"):
        make_agent("minimax")
    assert isinstance(make_agent("random"), RandomAgent)


def test_greedy_beats_random() -> None:
    """The greedy agent wins most games against the random one (fixed seeds)."""
    units = [follower(f"U{i}", c, c, c) for i, c in enumerate([1, 2, 2, 3, 3, 4, 5, 6])]
    deck = DeckSpec(main=[units[i % 8] for i in range(40)])
    wins = 0
    for seed in range(40):
        seat = seed % 2
        agents = ("greedy", "random") if seat == 0 else ("random", "greedy")
        if play_game(deck, deck, seed, agents).outcome.winner == seat:
            wins += 1
    assert wins >= 30


def _deck_files(tmp_path: Path) -> tuple[Path, Path]:
    from cardpool.snapshot import load_sve_pool

    pool = load_sve_pool()
    followers = sorted(
        r.card_id
        for r in pool.records.values()
        if r.card_type == "follower" and r.card_class == "forest"
    )[:14]
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("\n".join(f"3 {c}" for c in followers[:14]) + "\n", encoding="utf-8")
    b.write_text("\n".join(f"3 {c}" for c in followers[-14:]) + "\n", encoding="utf-8")
    return a, b


def test_cli_play_prints_result_and_writes_identical_logs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """decklab play: prints the winner and reason; the same seed writes the same bytes."""
    monkeypatch.setenv("DECKLAB_DB", str(tmp_path / "db.duckdb"))
    a, b = _deck_files(tmp_path)
    logs = [tmp_path / "one.jsonl", tmp_path / "two.jsonl"]
    for log in logs:
        code = main(
            ["play", str(a), str(b), "--agents", "greedy,random", "--seed", "7", "--log", str(log)]
        )
        assert code == 0
    out = capsys.readouterr().out
    assert "after" in out
    assert "turns" in out
    assert logs[0].read_bytes() == logs[1].read_bytes()
    events = [json.loads(line) for line in logs[0].read_text(encoding="utf-8").splitlines()]
    assert events[0]["ev"] == "game_start"
    assert events[0]["seed"] == 7
    assert events[-1]["ev"] == "game_end"


def test_cli_play_refuses_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unknown agents or card codes exit with 2 and a message naming the problem."""
    monkeypatch.setenv("DECKLAB_DB", str(tmp_path / "db.duckdb"))
    a, b = _deck_files(tmp_path)
    assert main(["play", str(a), str(b), "--agents", "greedy,minimax"]) == 2
    assert "minimax" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("40 ZZ99-999\n", encoding="utf-8")
    assert main(["play", str(bad), str(b)]) == 2
    assert "ZZ99-999" in capsys.readouterr().err
