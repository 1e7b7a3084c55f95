"""CPU instructions per game under valgrind: a speed figure that load does not move.

Timings on a shared machine vary by a fifth from run to run; the number of instructions a
game executes does not. This plays ``--games`` self-play games of ``--agent`` on the decks
of ``bench_engine.py`` (seeded, fixed hash seed) under ``valgrind --tool=callgrind`` and
prints the instructions per game, after subtracting a run that only sets up (imports, deck
loading, one warm-up game). Run it in two checkouts to compare them. It counts the engine
as it runs here: compiled where ``scripts/build_engine.py`` built it, else (or with
``DECKLAB_PURE_ENGINE=1``) the plain Python one; the line printed says which.

Usage: ``python benchmarks/bench_instructions.py [--agent greedy] [--games 40]``
(needs ``valgrind``; says so and stops without it).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PLAY = """
import random, sys
sys.path.insert(0, {bench!r})
from bench_engine import load_decks
from engine.sve import play_game
decks, _ = load_decks()
rng = random.Random(3)
pairs = [(rng.choice(decks), rng.choice(decks)) for _ in range({games})]
play_game(decks[0], decks[1], 0, ("greedy", "greedy"))
for i, (a, b) in enumerate(pairs):
    play_game(a, b, i, ({agent!r}, {agent!r}))
"""


def _instructions(agent: str, games: int) -> int:
    """Instructions valgrind counts for a process that plays ``games`` games."""
    code = PLAY.format(bench=str(REPO / "benchmarks"), games=games, agent=agent)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", code],
        capture_output=True, text=True, env=env, cwd=REPO, check=True,
    )  # fmt: skip
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no count: {done.stderr[-300:]}")
    return int(found.group(1))


def main() -> int:
    """Print the instructions per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("bench_instructions: valgrind is not installed; nothing to count.")
        return 0
    if args.games < 1:
        print(f"bench_instructions: --games {args.games}: at least 1", file=sys.stderr)
        return 2
    base = _instructions(args.agent, 0)
    total = _instructions(args.agent, args.games)
    per_game = (total - base) / args.games
    import engine

    build = "compiled" if engine.compiled() else "plain"
    print(
        f"{args.agent}: {per_game / 1e6:.2f} M instructions per game ({args.games} games,"
        f" {build} engine)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
