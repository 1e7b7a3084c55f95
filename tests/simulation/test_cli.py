"""``decklab simulate``, ``report``, ``runs``, ``matrix`` and ``compare`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from decklab.cli import main
from engine.sve import coverage

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_shape_and_stored_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "x.duckdb")
    code, out, _ = run(
        capsys, "--db", db, "simulate", str(EXAMPLE), str(EXAMPLE), "--games", "20",
        "--agents", "greedy,greedy",
        "--workers", "1", "--seed", "4", "--json", "--quiet",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    for key in ("run_id", "games", "wins", "draws", "errors", "win_rate", "ci95",
                "first_player_win_rate", "mean_turns", "games_per_s"):  # fmt: skip
        assert key in data
    assert data["games"] == 20
    assert sum(data["wins"]) + data["draws"] + data["errors"] == 20
    assert data["ci95"][0] <= data["win_rate"] <= data["ci95"][1]
    # the result names exactly the deck's cards the engine's library does not fully model
    pool = load_sve_pool()
    ids = {
        pool.card_id(c)
        for s in ("leaders", "main", "evolve")
        for c in getattr(read_deck_file(EXAMPLE), s)
    }
    expected = {cid for cid in ids if cid and coverage.status(cid) != "full"}
    assert set(data["not_fully_modelled"]["a"]) == expected

    code, out, _ = run(capsys, "--db", db, "report", data["run_id"], "--json")
    assert code == 0
    report = json.loads(out)
    assert report["wins"] == data["wins"]
    assert report["ci95"] == data["ci95"]

    code, out, _ = run(capsys, "--db", db, "runs")
    assert data["run_id"] in out

    code, out, _ = run(
        capsys, "--db", db, "simulate", "--resume", data["run_id"], "--json", "--quiet"
    )
    assert json.loads(out)["wins"] == data["wins"]  # nothing was missing: nothing changes


def test_bad_simulation_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "x.duckdb")
    code, _, err = run(
        capsys, "--db", db, "simulate", str(EXAMPLE), str(EXAMPLE), "--agents", "greedy,x"
    )
    assert code == 2
    assert "--agents" in err
    code, _, err = run(capsys, "--db", db, "simulate", str(EXAMPLE), str(EXAMPLE), "--games", "0")
    assert code == 2
    code, _, err = run(capsys, "--db", db, "report", "nosuchrun")
    assert code == 2
    assert "no stored run" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("Main deck\n3 ZZ99-999\n", encoding="utf-8")
    code, _, err = run(capsys, "--db", db, "simulate", str(EXAMPLE), str(bad), "--games", "2")
    assert code == 2
    assert "ZZ99-999" in err


def test_matrix_and_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "x.duckdb")
    other = tmp_path / "other.txt"
    other.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace("# name: Forest fairies", "# name: B")
    )
    code, out, _ = run(
        capsys, "--db", db, "matrix", str(EXAMPLE), str(other), "--games", "10",
        "--agents", "greedy,greedy",
        "--workers", "1", "--json", "--quiet",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["games"][0][1] == data["games"][1][0] > 0
    assert data["win_rate"][0][1] + data["win_rate"][1][0] == pytest.approx(1.0)
    assert len(data["ranking"]) == 2

    code, out, _ = run(
        capsys, "--db", db, "compare", str(EXAMPLE), str(other), "--field", str(EXAMPLE),
        "--agents", "greedy,greedy",
        "--games", "10", "--workers", "1", "--json", "--quiet",
    )  # fmt: skip
    assert code == 0
    cmp = json.loads(out)
    assert cmp["games"] == 10
    assert cmp["difference"] == pytest.approx(0.0)  # the same list under two names


def test_agents_are_named_with_their_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--agents planner:5,search:2`` plays and the run keeps the names with their budgets."""
    db = str(tmp_path / "x.duckdb")
    code, out, _ = run(
        capsys, "--db", db, "simulate", str(EXAMPLE), str(EXAMPLE), "--games", "2",
        "--workers", "1", "--agents", "planner:5,search:2", "--json", "--quiet",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["errors"] == 0
    code, out, _ = run(capsys, "--db", db, "runs", "--json")
    assert "planner:5,search:2" in out


@pytest.mark.parametrize(
    ("agents", "named"),
    [
        ("greedy:5,greedy", "takes no budget"),
        ("search:0,greedy", "budget"),
        ("search:many,greedy", "budget"),
        ("minimax:3,greedy", "minimax"),
        ("planner,greedy,random", "one agent for both sides or two"),
        ("planner,", "one agent for both sides or two"),
    ],
)
def test_a_bad_agent_name_or_budget_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agents: str, named: str
) -> None:
    """One line names what is wrong with the agent; nothing is stored."""
    db = str(tmp_path / "x.duckdb")
    code, _, err = run(
        capsys, "--db", db, "simulate", str(EXAMPLE), str(EXAMPLE), "--agents", agents
    )
    assert code == 2
    errors = [line for line in err.splitlines() if "error" in line]
    assert len(errors) == 1
    assert named in errors[0]


def test_matchups_show_the_real_play_estimate_beside_the_bots_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a calibration map (here k = 0.5), simulate, matrix and compare give the
    estimate of the real-play win rate beside the bots' own, in text and in JSON."""
    from analytics import calmap

    fitted = calmap.ShrinkMap(k=0.5, low=0.25, high=0.75, agent="planner", games=100,
                              events=59, pairs=1, heldout={})  # fmt: skip
    monkeypatch.setattr(calmap, "load_map", lambda: fitted)
    db = str(tmp_path / "x.duckdb")
    code, out, _ = run(
        capsys, "--db", db, "simulate", str(EXAMPLE), str(EXAMPLE), "--games", "10",
        "--agents", "greedy,greedy", "--workers", "1", "--seed", "4", "--json", "--quiet",
    )  # fmt: skip
    data = json.loads(out)
    estimate = data["real_play_estimate"]
    assert estimate["rate"] == pytest.approx(calmap.shrink(data["win_rate"], 0.5), abs=1e-4)
    assert estimate["low"] <= estimate["rate"] <= estimate["high"]
    code, out, _ = run(capsys, "--db", db, "report", data["run_id"])
    assert "estimated real-play win rate" in out
    assert "k = 0.50" in out
    other = tmp_path / "other.txt"
    other.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace("# name: Forest fairies", "# name: B")
    )
    code, out, _ = run(
        capsys, "--db", db, "matrix", str(EXAMPLE), str(other), "--games", "10",
        "--agents", "greedy,greedy", "--workers", "1", "--quiet",
    )  # fmt: skip
    assert code == 0
    assert "estimated real-play win rate of the row deck" in out
    code, out, _ = run(
        capsys, "--db", db, "compare", str(EXAMPLE), str(EXAMPLE), "--field", str(EXAMPLE),
        "--agents", "greedy,greedy", "--games", "10", "--workers", "1", "--quiet",
    )  # fmt: skip
    assert code == 0
    assert "estimated real-play scores against the field" in out
