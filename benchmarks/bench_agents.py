"""The one cost table of the agent levels: seconds of one core per game and games per
core-second, each level playing itself, on the compiled and on the plain Python engine.

Plays ``--games`` games per block (fewer for the searching levels) on the decks of
``bench_engine.py``, ``--blocks`` blocks per level and engine build, each block in a fresh
process of that build, the builds taking turns so that a busy machine slows both alike. A
figure is the median over blocks of CPU seconds per game (``time.process_time``, a per-core
figure). It prints the table and how long an 8-deck round robin of 200 games per pairing
(5,600 games) takes on two cores (the default agent must keep it under 10 minutes:
``analytics.levels.ROUND_ROBIN_BUDGET``).

``--write`` stores the table in ``analytics/data/agent_costs.json``, which the dashboard's
time estimates read (``analytics/levels.py``), and rewrites the copies of it in
docs/speed.md and docs/agents.md. Where the engine is not built (``scripts/build_engine.py``)
only the plain engine is measured.

Usage: ``python benchmarks/bench_agents.py [--games 100] [--planner-games 20]
[--search-games 4] [--blocks 3] [--agents a,b] [--write]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO))

ROUND_ROBIN_GAMES = 28 * 200
"""An 8-deck round robin: 28 pairings of 200 games."""
TABLE = REPO / "analytics" / "data" / "agent_costs.json"
DOCS = [REPO / "docs" / "speed.md", REPO / "docs" / "agents.md"]
BEGIN, END = "<!-- agent costs: benchmarks/bench_agents.py --write -->", "<!-- end agent costs -->"


def block(agent: str, games: int, seed: int) -> float:
    """CPU seconds per game of ``games`` self-play games from ``seed`` (in this process)."""
    from bench_engine import load_decks

    from engine.sve import play_game

    decks, _ = load_decks()
    play_game(decks[0], decks[1], 0, ("greedy", "greedy"))  # the one-time warm-up
    rng = random.Random(seed)
    start = time.process_time()
    for i in range(games):
        play_game(rng.choice(decks), rng.choice(decks), seed + i, (agent, agent))
    return (time.process_time() - start) / games


def run_block(build: str, agent: str, games: int, seed: int) -> float:
    """:func:`block` in a fresh process of engine ``build``."""
    env = {**os.environ}
    env.pop("DECKLAB_PURE_ENGINE", None)
    if build == "plain":
        env["DECKLAB_PURE_ENGINE"] = "1"
    done = subprocess.run(
        [sys.executable, __file__, "--child", agent, str(games), str(seed), build],
        env=env, cwd=REPO, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(done.stdout.strip().splitlines()[-1])


def child(agent: str, games: int, seed: int, build: str) -> None:
    """Play one block and print its CPU seconds per game (the parent reads the last line)."""
    import engine

    if engine.compiled() != (build == "compiled"):
        raise SystemExit(f"bench_agents: asked for the {build} engine, got the other one")
    print(block(agent, games, seed))


def rewrite_docs(markdown: str) -> None:
    """Put the table between the markers of every page of :data:`DOCS`."""
    pattern = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END), re.DOTALL)
    texts = {page: page.read_text(encoding="utf-8") for page in DOCS}
    for page, text in texts.items():
        if not pattern.search(text):
            raise SystemExit(f"bench_agents: {page} has no {BEGIN} ... {END} block")
    for page, text in texts.items():
        page.write_text(pattern.sub(lambda _: f"{BEGIN}\n{markdown}{END}", text), encoding="utf-8")


def main() -> int:
    """Measure, print, and with ``--write`` store the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per block (fast levels)")
    parser.add_argument("--planner-games", type=int, default=20, help="games per block, planner")
    parser.add_argument("--search-games", type=int, default=4, help="games per block, search")
    parser.add_argument("--blocks", type=int, default=3)
    parser.add_argument("--agents", help="comma-separated agents (default: every level)")
    parser.add_argument("--write", action="store_true", help="store the table (file and docs)")
    parser.add_argument(
        "--docs-only", action="store_true", help="rewrite the docs' copies from the stored table"
    )
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        agent, games, seed, build = args.child
        child(agent, int(games), int(seed), build)
        return 0

    if args.docs_only:
        from analytics.levels import cost_table, costs_markdown

        rewrite_docs(costs_markdown(cost_table()))
        return 0
    if args.write and args.agents:
        parser.error("--write stores every level: leave out --agents")
    from bench_engine import load_decks

    import engine
    from analytics.levels import LEVELS, ROUND_ROBIN_BUDGET, costs_markdown

    builds = ["compiled", "plain"] if engine.compiled() else ["plain"]
    agents = args.agents.split(",") if args.agents else [lv.agent for lv in LEVELS]
    _, source = load_decks()
    print(f"agent cost per game (both sides the same agent), decks from {source}")
    print(f"engine builds: {', '.join(builds)}; {args.blocks} blocks each, taking turns")
    load_before = os.getloadavg()[0]
    measured: dict[str, dict[str, dict[str, float]]] = {b: {} for b in builds}
    for agent in agents:
        base = agent.split(":")[0]
        games = {"planner": args.planner_games, "search": args.search_games}.get(base, args.games)
        per_game: dict[str, list[float]] = {b: [] for b in builds}
        for i in range(args.blocks):
            for b in builds:
                per_game[b].append(run_block(b, agent, games, 1000 * i))
        for b in builds:
            median = statistics.median(per_game[b])
            per_game_s = round(median, 5)
            measured[b][agent] = {
                "core_seconds_per_game": per_game_s,
                "games_per_core_second": round(1 / per_game_s, 2),
            }
            minutes = median * ROUND_ROBIN_GAMES / 2 / 60
            fits = "fits" if median <= ROUND_ROBIN_BUDGET else "over"
            print(
                f"{agent:>12} {b:>8}: {median:8.4f} core-seconds per game ({1 / median:7.1f}"
                f" games/s/core; {args.blocks} blocks of {games}); round robin {minutes:6.1f} min"
                f" on 2 cores ({fits} the 10-minute budget)",
                flush=True,
            )
    if len(builds) == 2:
        for agent in agents:
            ratio = (
                measured["plain"][agent]["core_seconds_per_game"]
                / measured["compiled"][agent]["core_seconds_per_game"]
            )
            print(f"{agent:>12}: the compiled engine plays {ratio:.2f}x the games per core-second")
    if args.write:
        table: dict[str, Any] = {
            "measured_on": date.today().isoformat(),
            "command": "python benchmarks/bench_agents.py --write "
            f"--games {args.games} --planner-games {args.planner_games} "
            f"--search-games {args.search_games} --blocks {args.blocks}",
            "decks": source,
            "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
            "engines": measured,
        }
        TABLE.parent.mkdir(exist_ok=True)
        TABLE.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
        rewrite_docs(costs_markdown(table))
        print(f"wrote {TABLE.relative_to(REPO)} and the tables of docs/speed.md, docs/agents.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
