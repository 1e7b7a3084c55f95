"""Every stored game of every command that stores games replays to the stored result:
simulate, matrix, compare (fixed and until decided), impact, mulligan-test under every kind
of policy, and gauntlet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analytics.replay import stored_game
from analytics.runs import game_rows, list_runs
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from cardpool.store import Store
from decklab.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOREST = str(EXAMPLES / "forest_fairies.txt")
SWORD = str(EXAMPLES / "sword_knights.txt")
RUNE = str(EXAMPLES / "rune_golems.txt")
COMMON = ("--workers", "1", "--agents", "greedy,greedy", "--quiet", "--json")


def _meta(tmp_path: Path) -> str:
    sword, rune = read_deck_file(SWORD), read_deck_file(RUNE)
    lines = [
        {"date": "2026-03-01", "class_or_title_ja": "ロイヤル", "rank": 1, "players": 8,
         "deck_code": "S1", "tournament_id": "t1", "main_deck_by_code": sword.main},
        {"date": "2026-03-02", "class_or_title_ja": "ウィッチ", "rank": 1, "players": 8,
         "deck_code": "R1", "tournament_id": "t2", "main_deck_by_code": rune.main},
    ]  # fmt: skip
    path = tmp_path / "meta.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    return str(path)


COMMANDS = {
    "simulate": ["simulate", FOREST, SWORD, "--games", "4"],
    "matrix": ["matrix", FOREST, SWORD, RUNE, "--games", "2"],
    "compare": ["compare", FOREST, SWORD, "--field", RUNE, "--games", "2"],
    "compare-until-decided": [
        "compare", FOREST, SWORD, "--field", RUNE, "--games", "4", "--until-decided",
    ],
    "impact": ["impact", FOREST, "--field", SWORD, "--card", "SD01-001", "--games", "4"],
    "mulligan-test": [
        "mulligan-test", FOREST, "--field", SWORD, "--games", "6", "--policy", "agent",
        "--policy", "always", "--policy", "never", "--policy", "keep-if:SD01-011",
        "--policy", "optimal:BP01-017",
    ],
    "gauntlet": ["gauntlet", RUNE, "--meta", "META", "--games", "2"],
}  # fmt: skip


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_stored_game_of_a_command_replays_as_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    db = tmp_path / "x.duckdb"
    argv = [_meta(tmp_path) if a == "META" else a for a in COMMANDS[command]]
    assert main(["--db", str(db), *argv, *COMMON]) == 0, capsys.readouterr().err
    capsys.readouterr()
    pool = load_sve_pool()
    replayed = 0
    with Store.open(db) as store:
        for run_id in list_runs(store)["run_id"]:
            for row in game_rows(store, str(run_id)):
                game = stored_game(store, pool, str(run_id), row.seed, row.seat)
                assert game.same, (command, run_id, row)
                replayed += 1
    assert replayed >= 4


def test_a_mulligan_policy_changes_games_so_the_replay_must_know_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Played without its policy, some always-mulligan game ends otherwise: the stored
    policy is what makes the replays above match."""
    from analytics.decks import deck_spec
    from analytics.runs import run_info
    from engine.sve import play_game

    db = tmp_path / "x.duckdb"
    argv = ["mulligan-test", FOREST, "--field", SWORD, "--games", "8", "--policy", "agent",
            "--policy", "always"]  # fmt: skip
    assert main(["--db", str(db), *argv, *COMMON]) == 0
    capsys.readouterr()
    pool = load_sve_pool()
    differ = 0
    with Store.open(db) as store:
        runs = store.con.execute("SELECT run_id FROM study_runs WHERE key = 'p1|0'").fetchall()
        run_id = str(runs[0][0])
        info = run_info(store, run_id)
        for row in game_rows(store, run_id):
            plain = play_game(
                deck_spec(info.deck_a_list, pool), deck_spec(info.deck_b_list, pool), row.seed,
                info.agents, first=row.seat, turn_limit=info.turn_limit,
            )  # fmt: skip
            differ += (plain.outcome.winner, plain.turns) != (row.winner, row.turns)
            assert stored_game(store, pool, run_id, row.seed, row.seat).same
    assert differ > 0
