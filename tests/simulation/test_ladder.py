"""``decklab ladder``: each level against the one below, paired over decks and seats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analytics.ladder import LadderStep, games_per_pairing, pairings
from analytics.winrate import wilson
from decklab.cli import main

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.txt"))


def test_every_deck_plays_both_levels_against_its_neighbours() -> None:
    """Each deck is played by the upper and by the lower level, against two other decks."""
    ring = pairings(4)
    assert sorted(ring) == sorted({(i, j) for i, j in ring})  # no pairing twice
    for k in range(4):
        assert sum(1 for i, _ in ring if i == k) == 2
        assert sum(1 for _, j in ring if j == k) == 2
    assert games_per_pairing(200, 4) == 26
    assert games_per_pairing(3, 8) == 2


def test_the_interval_counts_a_seed_not_its_two_games() -> None:
    """Seeds whose two seats always agree carry half the games' information: the interval is
    Wilson's over the seeds; seeds whose seats split are no wider than over games."""
    agreeing = LadderStep("b", "a", 60, 40, 0, 0, 1.0, ((2, 2),) * 30 + ((0, 2),) * 20)
    assert agreeing.ci95 == pytest.approx(wilson(30, 50))
    assert agreeing.ci95[1] - agreeing.ci95[0] > wilson(60, 100)[1] - wilson(60, 100)[0]
    split = LadderStep("b", "a", 50, 50, 0, 0, 1.0, ((1, 2),) * 50)
    assert split.ci95 == pytest.approx(wilson(50, 100))
    assert LadderStep("b", "a", 60, 40, 0, 0, 1.0).ci95 == wilson(60, 100)  # no seeds: games


def test_ladder_prints_each_step_with_its_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Greedy beats random on real lists; every game is counted once; intervals hold the rate."""
    db = str(tmp_path / "x.duckdb")
    argv = ["--db", db, "ladder", *map(str, EXAMPLES), "--games", "12", "--workers", "1"]
    assert main([*argv, "--levels", "random,greedy,planner:5", "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)
    assert [(s["upper"], s["lower"]) for s in steps] == [
        ("greedy", "random"),
        ("planner:5", "greedy"),
    ]
    for s in steps:
        assert s["wins"] + s["losses"] + s["draws"] + s["errors"] == 12
        assert s["errors"] == 0
        assert s["ci95"][0] <= s["win_rate"] <= s["ci95"][1]
    assert steps[0]["wins"] > steps[0]["losses"]
    assert main([*argv, "--levels", "random,greedy"]) == 0
    out = capsys.readouterr().out
    assert "| greedy vs random |" in out
    assert "3 decks" in out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--levels", "greedy"], "at least two"),
        (["--levels", "greedy,alphazero"], "alphazero"),
        (["--levels", "random,greedy:3"], "no budget"),
        (["--games", "1"], "--games"),
        (["no-such-deck"], "no-such-deck"),
    ],
)
def test_bad_ladder_input_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    """One clear line names the problem."""
    assert main(["--db", str(tmp_path / "x.duckdb"), "ladder", *argv]) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(errors) == 1
    assert named in errors[0]
