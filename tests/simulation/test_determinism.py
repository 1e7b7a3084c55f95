"""A seed plays out the same in any process: string hashing differs between processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _log(tmp_path: Path, hash_seed: str) -> bytes:
    log = tmp_path / f"game-{hash_seed}.jsonl"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "DECKLAB_DB": str(tmp_path / "x.duckdb")}
    subprocess.run(
        [sys.executable, "-m", "decklab", "play", str(EXAMPLES / "forest_fairies.txt"),
         str(EXAMPLES / "rune_golems.txt"), "--agents", "greedy,greedy", "--seed", "17",
         "--log", str(log)],
        check=True, env=env, capture_output=True,
    )  # fmt: skip
    return log.read_bytes()


def test_the_event_log_is_byte_identical_across_processes(tmp_path: Path) -> None:
    first = _log(tmp_path, "1")
    assert first.count(b"\n") > 50  # a whole game
    assert _log(tmp_path, "2") == first
    assert _log(tmp_path, "random") == first
