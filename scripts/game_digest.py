"""Print one digest per agent of many games' event logs and moves, to compare two checkouts.

Speed work must not change a single decision. The golden logs (``record_golden_logs.py``)
hold random and greedy games over the example decks; this plays seeded self-play games of
each named agent (the searching ones included) over the decks of ``bench_engine.py`` and
prints a SHA-256 digest of their event logs and moves. Run it in both checkouts and compare
the lines: equal digests, the same games.

Usage: ``python scripts/game_digest.py [--agents random:150,greedy:150,planner:6,search:16:2]``
(``AGENT:GAMES``; an agent's own budget goes before the game count, as in ``search:16:2``).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT = "random:150,greedy:150,planner:6,search:16:2"


def parse_plan(text: str) -> list[tuple[str, int]]:
    """``AGENT:GAMES`` items, comma-separated, as (agent, games); raises ``ValueError``."""
    plan: list[tuple[str, int]] = []
    for item in (part.strip() for part in text.split(",")):
        agent, sep, count = item.rpartition(":")
        if not sep or not agent or not count.isdigit() or int(count) < 1:
            raise ValueError(f"{item!r} is not AGENT:GAMES (for example greedy:100)")
        plan.append((agent, int(count)))
    return plan


def digest(agent: str, games: int) -> str:
    """The digest of ``games`` self-play games of ``agent`` on seeded deck pairs."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    from bench_engine import load_decks

    from engine.sve import play_game

    decks, _ = load_decks()
    rng = random.Random(42)
    h = hashlib.sha256()
    for seed in range(games):
        a, b = rng.choice(decks), rng.choice(decks)
        result = play_game(a, b, 1000 + seed, (agent, agent), log=True, record=True)
        h.update("\n".join(result.log).encode())
        h.update("\n".join(result.moves).encode())
    return h.hexdigest()[:16]


def main() -> int:
    """Print the digests."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default=DEFAULT, help=f"AGENT:GAMES,... (default {DEFAULT})")
    args = parser.parse_args()
    from engine.sve.agents import make_agent

    try:
        plan = parse_plan(args.agents)
        for agent, _ in plan:
            make_agent(agent)
    except ValueError as err:
        print(f"game_digest: --agents: {err}", file=sys.stderr)
        return 2
    for agent, games in plan:
        print(f"{agent:>12} {games:4d} games  {digest(agent, games)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
