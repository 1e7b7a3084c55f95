"""Do other evaluation weights help one deck? A paired test in self-play.

The deck is piloted by the planner with the committed weights, then with the weights
changed by ``--set name=value ...``, against each field deck (the committed weights on the
other side), on the same seeds in both seats; both results are printed. Nothing is tuned or
written: it measures whether per-deck weights would be worth learning.

    .venv/bin/python scripts/deck_weights.py DECK.txt --field A.txt B.txt --set ex=2.5 \\
        --seeds 20 --workers 2
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from analytics.decks import deck_spec
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from engine.sve import DeckSpec, play_game
from engine.sve.agents import PlannerAgent
from engine.sve.agents.evaluation import Weights, load_weights

FIRST_SEED = 1000
_DECKS: dict[str, DeckSpec] = {}


def _spec(path: str) -> DeckSpec:
    if path not in _DECKS:
        _DECKS[path] = deck_spec(read_deck_file(Path(path)), load_sve_pool(), where=path)
    return _DECKS[path]


def _game(job: tuple[str, str, int, int, Weights]) -> int | None:
    """One game of the deck (player 0) against an opponent: the winner, or None."""
    deck, opponent, seed, first, weights = job
    agents = (PlannerAgent(None, weights), PlannerAgent())
    result = play_game(_spec(deck), _spec(opponent), seed, agents, first=first)
    return result.outcome.winner


def weights_from(changes: list[str]) -> Weights:
    """The committed weights with ``name=value`` changes; ``ValueError`` on a bad one."""
    w = load_weights()
    for change in changes:
        name, sep, value = change.partition("=")
        if not sep or name not in w:
            raise ValueError(f"--set {change!r}: give name=value with a name of weights.json")
        w[name] = float(value)
    return w


def main() -> int:
    """Print the deck's record with the committed weights and with the changed ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck")
    parser.add_argument("--field", nargs="+", required=True)
    parser.add_argument("--set", nargs="+", required=True, metavar="NAME=VALUE")
    parser.add_argument("--seeds", type=int, default=20, help="seeds per opponent (x2 seats)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    try:
        changed = weights_from(args.set)
    except ValueError as err:
        print(f"deck_weights: {err}", file=sys.stderr)
        return 2
    with ProcessPoolExecutor(args.workers) as pool:
        for label, weights in (
            ("committed weights", load_weights()),
            (" ".join(args.set), changed),
        ):
            jobs = [(args.deck, opp, seed, first, weights) for opp in args.field
                    for seed in range(FIRST_SEED, FIRST_SEED + args.seeds)
                    for first in (0, 1)]  # fmt: skip
            winners = list(pool.map(_game, jobs))
            won, lost = winners.count(0), winners.count(1)
            rate = won / (won + lost) if won + lost else float("nan")
            print(f"{label}: {won}-{lost} ({rate:.1%})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
