"""Benchmark the SVE engine: games per second per core on real tournament decks.

Plays blocks of games (random vs random, greedy vs greedy) in one process, on decks drawn
from ``../shared/data/sve/decks/individual_v2.jsonl`` (evolve decks built from their
evolvable followers), and prints the median rate over the blocks and the mean turns and
actions per game. The rate is games per CPU-second of this process (``time.process_time``),
so it is a per-core figure even on a busy machine; the wall-clock median is printed too.
Falls back to synthetic decks when the reference data is absent.

Usage: ``python benchmarks/bench_engine.py [--games 300] [--blocks 5]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from engine.sve import DeckSpec, play_game
from engine.sve.position import evolved, follower

REPO = Path(__file__).resolve().parents[1]


def _shared() -> Path:
    env = os.environ.get("DECKLAB_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def load_decks() -> tuple[list[DeckSpec], str]:
    """Real tournament decks if the reference data is there, else synthetic ones."""
    path = _shared() / "data" / "sve" / "decks" / "individual_v2.jsonl"
    if path.is_file():
        from cardpool.snapshot import load_sve_pool
        from decklab.commands.play import tournament_decks

        return tournament_decks(path, load_sve_pool()), f"{path.name} (real decks)"
    rng = random.Random(0)
    decks = []
    for _ in range(20):
        units = [
            follower(f"S{i}", rng.randint(1, 8), rng.randint(1, 7), rng.randint(1, 7))
            for i in range(14)
        ]
        decks.append(
            DeckSpec(
                main=[rng.choice(units) for _ in range(40)], evolve=[evolved(u) for u in units[:10]]
            )
        )
    return decks, "synthetic decks (reference data not found)"


def bench(decks: list[DeckSpec], agents: tuple[str, str], games: int, blocks: int) -> None:
    """Print the median games/s over ``blocks`` blocks of ``games`` games."""
    rates: list[float] = []
    walls: list[float] = []
    turns = actions = played = 0
    seed = 0
    for _ in range(blocks):
        rng = random.Random(seed)
        pairs = [(rng.choice(decks), rng.choice(decks)) for _ in range(games)]
        start, wall = time.process_time(), time.perf_counter()
        for a, b in pairs:
            result = play_game(a, b, seed, agents)
            seed += 1
            turns += result.turns
            actions += result.actions
            played += 1
        rates.append(games / (time.process_time() - start))
        walls.append(games / (time.perf_counter() - wall))
    print(
        f"{agents[0]:>6} vs {agents[1]:<6}  median {statistics.median(rates):7.1f} games/s/core"
        f"  (min {min(rates):.1f}, max {max(rates):.1f}; wall {statistics.median(walls):.1f};"
        f" {blocks} blocks of {games})"
        f"  mean turns {turns / played:5.1f}  mean actions {actions / played:6.1f}"
    )


def main() -> int:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per block")
    parser.add_argument("--blocks", type=int, default=5, help="blocks (the median is over them)")
    args = parser.parse_args()
    decks, source = load_decks()
    print(
        f"SVE engine benchmark: {len(decks)} decks from {source}; Python {sys.version.split()[0]}"
    )
    for agents in (("random", "random"), ("greedy", "greedy")):
        bench(decks, agents, args.games, args.blocks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
