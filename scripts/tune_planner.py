"""Tune the planner's evaluation weights by self-play hill climbing over paired seeds.

Each round changes a few weights of the current best at random, plays the candidate
against the current best on the same seeds, each game (decks, first player, seed) played
twice with the two in swapped seats, so that equal weights score exactly one half (our own
example lists and any deck files given; never tournament results), and keeps the
candidate when it wins more than ``--accept`` of the decided games. The best weights are
written to ``engine/sve/agents/weights.json`` (or ``--out``) after every accepted round.

    .venv/bin/python scripts/tune_planner.py --rounds 20 --pairs 24 --budget 60
    .venv/bin/python scripts/tune_planner.py --compare old_weights.json --pairs 24
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from analytics.decks import deck_spec
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from engine.sve import DeckSpec, play_game
from engine.sve.agents import PlannerAgent
from engine.sve.agents.evaluation import Weights, load_weights

REPO = Path(__file__).resolve().parents[1]
WEIGHTS = REPO / "engine" / "sve" / "agents" / "weights.json"

_DECKS: list[DeckSpec] = []


def _init(paths: list[str]) -> None:
    pool = load_sve_pool()
    _DECKS[:] = [deck_spec(read_deck_file(p), pool, where=p) for p in paths]


def _game(job: tuple[Weights, Weights, int, int, int, int, int, int]) -> int | None:
    """One game: 1 if the candidate won, 0 if it lost, None for a draw."""
    cand, best, budget, i, j, seed, first, cand_seat = job
    agents = [PlannerAgent(budget, best), PlannerAgent(budget, best)]
    agents[cand_seat] = PlannerAgent(budget, cand)
    result = play_game(_DECKS[i], _DECKS[j], seed, tuple(agents), first=first)
    winner = result.outcome.winner
    return None if winner is None else int(winner == cand_seat)


def _jobs(
    rng: random.Random, pairs: int, decks: int, cand: Weights, best: Weights, budget: int
) -> list[tuple[Weights, Weights, int, int, int, int, int, int]]:
    """Games of ``cand`` against ``best``: per seed, deck ``i`` against deck ``j`` with either
    player going first, each game played twice with the two weights in swapped seats (so
    identical weights score exactly one half, and a difference is the weights' alone)."""
    jobs = []
    for k in range(pairs):
        seed = rng.getrandbits(40)
        i = k % decks
        j = (i + 1 + k // decks) % decks
        for first in (0, 1):
            jobs += [(cand, best, budget, i, j, seed, first, seat) for seat in (0, 1)]
    return jobs


def _mutate(w: Weights, rng: random.Random, count: int, step: float) -> Weights:
    new = dict(w)
    for name in rng.sample(sorted(new), count):
        new[name] = round(
            max(0.0, new[name] * (1 + rng.uniform(-step, step)) + rng.gauss(0, 0.1)), 3
        )
    return new


def main() -> int:
    """Run the hill climb; print each round's score."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decks", nargs="*", help="deck files (default: examples/*.txt)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--pairs", type=int, default=16, help="seeds per round (x4 games)")
    parser.add_argument("--budget", type=int, default=60, help="planner positions per plan")
    parser.add_argument("--accept", type=float, default=0.55, help="win share to keep a change")
    parser.add_argument("--change", type=int, default=3, help="weights changed per round")
    parser.add_argument("--step", type=float, default=0.5, help="relative change at most")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument(
        "--compare", type=Path, metavar="OLD.json",
        help="tune nothing: play the weights of --out against these on --pairs fresh seeds",
    )  # fmt: skip
    args = parser.parse_args()
    paths = args.decks or [str(p) for p in sorted((REPO / "examples").glob("*.txt"))]
    if len(paths) < 2:
        print("tune_planner: give at least two deck files", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    if args.compare is not None:
        new, old = json.loads(args.out.read_text()), json.loads(args.compare.read_text())
        with ProcessPoolExecutor(args.workers, initializer=_init, initargs=(paths,)) as pool:
            jobs = _jobs(rng, args.pairs, len(paths), new, old, args.budget)
            results = [r for r in pool.map(_game, jobs) if r is not None]
        print(f"{args.out.name} won {sum(results)} of {len(results)} decided games "
              f"against {args.compare.name}")  # fmt: skip
        return 0
    best = load_weights()
    with ProcessPoolExecutor(args.workers, initializer=_init, initargs=(paths,)) as pool:
        for rnd in range(1, args.rounds + 1):
            cand = _mutate(best, rng, args.change, args.step)
            start = time.perf_counter()
            jobs = _jobs(rng, args.pairs, len(paths), cand, best, args.budget)
            results = [r for r in pool.map(_game, jobs) if r is not None]
            share = sum(results) / len(results) if results else 0.5
            kept = share > args.accept
            changed = {k: cand[k] for k in cand if cand[k] != best[k]}
            print(
                f"round {rnd}: candidate won {share:.1%} of {len(results)} decided games "
                f"({time.perf_counter() - start:.0f} s) {'KEPT' if kept else 'dropped'} {changed}",
                flush=True,
            )
            if kept:
                best = cand
                args.out.write_text(json.dumps(best, indent=2, sort_keys=True) + "\n")
    print(json.dumps(best, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
