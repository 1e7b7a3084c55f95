"""``decklab replay`` (a stored game or a log file) and ``decklab play --moves`` in card names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from analytics.runs import game_rows, record_games
from analytics.simulate import GameRow
from cardpool.snapshot import load_sve_pool
from cardpool.store import Store
from tests.cli.conftest import Run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FAIRIES = str(EXAMPLES / "forest_fairies.txt")
KNIGHTS = str(EXAMPLES / "sword_knights.txt")


@pytest.fixture
def run_id(run: Run) -> str:
    """A stored run of 2 games of the example decks."""
    result = run(
        "simulate", FAIRIES, KNIGHTS, "--games", "2", "--workers", "1", "--seed", "3",
        "--quiet", "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    return str(json.loads(result.out)["run_id"])


def test_a_stored_game_is_shown_turn_by_turn_and_ends_as_stored(
    run: Run, run_id: str, db: Path
) -> None:
    with Store.open(db) as store:
        row = game_rows(store, run_id)[1]
    result = run("replay", run_id, "--seed", str(row.seed), "--seat", str(row.seat))
    assert result.code == 0, result.err
    out = result.out
    assert out.startswith(f"run {run_id}, seed {row.seed}, seat {row.seat}: Forest fairies")
    assert "Setup:" in out
    turns = [int(t) for t in re.findall(r"^Turn (\d+): ", out, flags=re.M)]
    assert turns == list(range(1, row.turns + 1))
    assert f"after {row.turns} turns" in out
    assert "the replay ends as the stored game did" in out
    last = out.splitlines()[-2]
    if row.winner is not None:
        assert last.startswith(("Forest fairies", "Sword knights")[row.winner])
    assert re.search(r"plays .+ \(\d+\) for \d+ PP", out)
    assert re.search(r"\(\d+\) attacks (the leader|.+ \(\d+\))", out)
    assert re.search(r"leader \d+, PP \d+/\d+, EP \d+", out)


def test_without_a_game_the_runs_games_are_listed(run: Run, run_id: str) -> None:
    result = run("replay", run_id)
    assert result.code == 0
    listed = re.findall(
        r"^  --game (\d) \(--seed (\d+) --seat ([01])\): .+ won, leader defense 0, \d+ turns$",
        result.out, flags=re.M,
    )  # fmt: skip
    assert [n for n, _, _ in listed] == ["1", "2"]
    assert f"decklab replay {run_id} --game 1" in result.out


def test_a_game_by_its_number_in_the_latest_run(run: Run, run_id: str, db: Path) -> None:
    """``last`` names the latest run and ``--game N`` its N-th listed game, so an example
    can replay a game without copying ids."""
    with Store.open(db) as store:
        row = game_rows(store, run_id)[1]
    by_number = run("replay", "last", "--game", "2")
    assert by_number.code == 0, by_number.err
    assert by_number.out.startswith(f"run {run_id}, seed {row.seed}, seat {row.seat}: ")
    assert by_number.out == run("replay", run_id, "--seed", str(row.seed), "--seat",
                                str(row.seat)).out  # fmt: skip
    assert run("report", "last").out == run("report", run_id).out


def test_last_needs_a_run(run: Run) -> None:
    for words in (["replay", "last"], ["report", "last"], ["simulate", "--resume", "last"]):
        result = run(*words)
        assert result.code == 2
        assert "no stored run yet" in result.err


def test_one_turn_with_every_step(run: Run, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert run("play", FAIRIES, KNIGHTS, "--seed", "3", "--log", str(log)).code == 0
    whole = run("replay", str(log))
    assert whole.code == 0, whole.err
    assert whole.out.startswith(f"{log}: seed 3, player ")
    one = run("replay", str(log), "--turn", "2", "--steps")
    assert one.code == 0
    assert re.findall(r"^Turn (\d+)", one.out, flags=re.M) == ["2"]
    steps = [line for line in one.out.splitlines() if line and not line.startswith(" ")]
    boards = one.out.count("  player 0: leader ")
    assert boards == len(steps) - 2  # every step but the header and the result line


def test_a_log_file_replays_with_card_names(run: Run, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert run("play", FAIRIES, KNIGHTS, "--seed", "3", "--log", str(log)).code == 0
    result = run("replay", str(log))
    assert result.code == 0
    pool = load_sve_pool()
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    for ev in events:
        if ev["ev"] == "play":
            name = pool.record(ev["card"]).name  # type: ignore[union-attr]
            assert f"plays {name} ({ev['uid']})" in result.out


def _bad_log(tmp_path: Path) -> str:
    path = tmp_path / "notes.jsonl"
    path.write_text("turn 1: I played a card\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (lambda rid, tmp: ["nope123", "--seed", "1"], "no stored run 'nope123'"),
        (
            lambda rid, tmp: [rid, "--seed", "5", "--seat", "1"],
            "has no game with seed 5 and seat 1",
        ),
        (lambda rid, tmp: [_bad_log(tmp)], "line 1: not JSON"),
        (lambda rid, tmp: [str(tmp / "missing.jsonl")], "file not found"),
        (lambda rid, tmp: [_bad_log(tmp), "--seed", "4"], "--game and --seed are for a stored"),
        (lambda rid, tmp: [rid, "--game", "3"], "--game 3: run "),
    ],
)
def test_bad_input_exits_2_with_one_line(
    run: Run, run_id: str, tmp_path: Path, args: object, says: str
) -> None:
    result = run("replay", *args(run_id, tmp_path))  # type: ignore[operator]
    assert result.code == 2
    assert says in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert result.out == ""


def test_a_turn_the_game_does_not_have_is_refused(run: Run, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert run("play", FAIRIES, KNIGHTS, "--seed", "3", "--log", str(log)).code == 0
    result = run("replay", str(log), "--turn", "99")
    assert result.code == 2
    assert "--turn 99: the game has turns 0 (setup) to" in result.err
    assert result.out == ""


def test_play_moves_name_the_cards(run: Run) -> None:
    result = run("play", FAIRIES, KNIGHTS, "--seed", "3", "--moves")
    assert result.code == 0
    moves = result.out.splitlines()[1].split(" | ")
    plays = [m for m in moves if m.startswith("play ")]
    attacks = [m for m in moves if m.startswith("attack ")]
    assert plays
    assert attacks
    assert all(re.fullmatch(r"play \S.* \(\d+\)", m) for m in plays), plays
    assert all(re.fullmatch(r"attack .+ \(\d+\) > (leader|.+ \(\d+\))", m) for m in attacks)
    assert not any(re.fullmatch(r"(play|attack) [\d>]+(leader)?", m) for m in moves)


def test_a_stored_game_that_plays_out_differently_is_flagged(
    run: Run, run_id: str, db: Path
) -> None:
    with Store.open(db) as store:
        row = game_rows(store, run_id)[0]
        changed = GameRow(row.seed, row.seat, row.first, row.winner, row.reason, row.turns + 1,
                          row.actions, row.duration_ms)  # fmt: skip
        record_games(store, run_id, [changed])
    result = run("replay", run_id, "--seed", str(row.seed), "--seat", str(row.seat))
    assert result.code == 0
    assert "the replay ends as the stored game did" not in result.out
    assert "warning: the replay does not end as the stored game did" in result.err
    assert f"{row.turns + 1} turns" in result.err
