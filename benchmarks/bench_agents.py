"""Seconds of one core per game for each agent level playing itself (the dashboard's
expected times in ``analytics/levels.py`` come from here).

Plays ``--games`` games per level (fewer for the searching levels: ``--search-games``)
on the decks of ``bench_engine.py`` and prints the median over blocks of the CPU seconds
per game (``time.process_time``, a per-core figure even on a busy machine), games/s/core and
how long an 8-deck round robin of 200 games per pairing (5,600 games) takes on two cores
(the default agent must keep it under 10 minutes: ``analytics.levels.ROUND_ROBIN_BUDGET``).

Usage: ``python benchmarks/bench_agents.py [--games 100] [--search-games 4] [--blocks 3]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import load_decks

from analytics.levels import LEVELS, ROUND_ROBIN_BUDGET
from engine.sve import play_game

ROUND_ROBIN_GAMES = 28 * 200
"""An 8-deck round robin: 28 pairings of 200 games."""


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per block (fast levels)")
    parser.add_argument("--planner-games", type=int, default=20, help="games per block, planner")
    parser.add_argument("--search-games", type=int, default=4, help="games per block, search")
    parser.add_argument("--blocks", type=int, default=3)
    parser.add_argument("--agents", help="comma-separated agents (default: every level)")
    args = parser.parse_args()
    decks, source = load_decks()
    agents = args.agents.split(",") if args.agents else [lv.agent for lv in LEVELS]
    print(f"agent cost per game (both sides the same agent), {len(decks)} decks from {source}")
    for agent in agents:
        base = agent.split(":")[0]
        games = {"planner": args.planner_games, "search": args.search_games}.get(base, args.games)
        per_game: list[float] = []
        seed = 0
        for _ in range(args.blocks):
            rng = random.Random(seed)
            start = time.process_time()
            for _ in range(games):
                play_game(rng.choice(decks), rng.choice(decks), seed, (agent, agent))
                seed += 1
            per_game.append((time.process_time() - start) / games)
        median = statistics.median(per_game)
        minutes = median * ROUND_ROBIN_GAMES / 2 / 60
        fits = "fits" if median <= ROUND_ROBIN_BUDGET else "over"
        print(
            f"{agent:>12}: {median:8.4f} core-seconds per game ({1 / median:7.1f} games/s/core;"
            f" {args.blocks} blocks of {games}); round robin {minutes:6.1f} min on 2 cores"
            f" ({fits} the 10-minute budget)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
