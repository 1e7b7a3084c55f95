"""``decklab ladder [DECK...]``: each agent level against the one below, with intervals."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from pathlib import Path
from typing import Any

from analytics.decks import deck_spec
from analytics.executors import check_backend, executor_for
from analytics.ladder import LEVELS, LadderStep, games_per_pairing, pairings, run_step
from cardpool.deck import Deck
from cardpool.decklist import read_deck_file
from cardpool.deckstore import list_decks, load_deck
from cardpool.errors import InputError
from decklab.args import MAX_SEED, MAX_WORKERS, dask_address, text, whole
from decklab.context import open_store
from engine.sve.agents import agent_help, parse_agent

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MAX_GAMES = 100_000


def register(subparsers: Any) -> None:
    """Add ``ladder``."""
    parser = subparsers.add_parser(
        "ladder", help="each agent level against the one below, on common decks and seeds"
    )
    parser.add_argument(
        "decks", metavar="DECK", nargs="*", type=text(4095),
        help="deck list files or saved deck names (default: examples/*.txt and every saved "
        "SVE deck)",
    )  # fmt: skip
    parser.add_argument(
        "--games", type=whole(2, MAX_GAMES), default=200, help="games per step (default 200)"
    )
    parser.add_argument(
        "--levels", default=",".join(LEVELS), type=text(),
        help=f"agents, weakest first, from {agent_help()} (default {','.join(LEVELS)})",
    )  # fmt: skip
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help="run seed (default 0)")
    parser.add_argument(
        "--workers", type=whole(1, MAX_WORKERS), help="local worker processes (default: all cores)"
    )
    parser.add_argument(
        "--dask", metavar="ADDRESS", type=dask_address(),
        help="run on Dask: 'local' or a scheduler tcp://HOST:8786",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the steps as JSON")
    parser.set_defaults(run=_run)


def _levels(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) < 2:
        raise InputError(f"--levels {text!r}: give at least two agents, weakest first")
    for name in names:
        try:
            parse_agent(name)
        except ValueError as err:
            raise InputError(f"--levels {text!r}: {err}") from None
    return names


def _decks(args: argparse.Namespace) -> list[tuple[str, Deck]]:
    """The named decks, or the examples plus every saved SVE deck."""
    out: list[tuple[str, Deck]] = []
    with open_store(args) as store:
        if args.decks:
            for key in args.decks:
                if os.path.lexists(key):  # a file (a name too long for one is a deck name)
                    deck = read_deck_file(key)
                    out.append((deck.name or Path(key).stem, deck))
                else:
                    _, deck = load_deck(store, key)
                    out.append((deck.name or key, deck))
            return out
        for path in sorted(EXAMPLES.glob("*.txt")):
            deck = read_deck_file(path)
            out.append((deck.name or path.stem, deck))
        saved = list_decks(store, "sve")
        for deck_id in saved["deck_id"]:
            _, deck = load_deck(store, str(deck_id))
            out.append((deck.name or str(deck_id), deck))
    return out


def _run(args: argparse.Namespace) -> int:
    levels = _levels(args.levels)
    check_backend(args.dask)
    named = _decks(args)
    with open_store(args) as store:
        pool = store.pool_index("sve")
    specs = [deck_spec(deck, pool, where=name) for name, deck in named]
    each = games_per_pairing(args.games, len(specs))
    total = each * len(pairings(len(specs)))
    if not args.json:
        print(f"{len(specs)} decks: {', '.join(n for n, _ in named)}")
        print(f"{total} games per step ({each} per deck pairing, seats swapped, shared seeds)")
    steps: list[LadderStep] = []
    with executor_for(args.dask, args.workers) as (executor, _backend):
        for lower, upper in itertools.pairwise(levels):

            def progress(n: int, of: int, upper: str = upper, lower: str = lower) -> None:
                if not args.json:
                    print(f"\r  {upper} vs {lower}: pairing {n}/{of}", end="", file=sys.stderr)

            step = run_step(
                upper, lower, specs, args.games, seed=args.seed, executor=executor,
                workers=args.workers, on_pairing=progress,
            )  # fmt: skip
            steps.append(step)
            if not args.json:
                print(file=sys.stderr)
    if args.json:
        print(json.dumps([_as_dict(s) for s in steps], indent=2))
        return 0
    print(format_table(steps))
    return 0


def _as_dict(s: LadderStep) -> dict[str, Any]:
    low, high = s.ci95
    return {
        "upper": s.upper, "lower": s.lower, "wins": s.wins, "losses": s.losses,
        "draws": s.draws, "errors": s.errors, "win_rate": round(s.rate, 4),
        "ci95": [round(low, 4), round(high, 4)], "seconds": round(s.seconds, 1),
    }  # fmt: skip


def format_table(steps: list[LadderStep]) -> str:
    """The ladder as a Markdown table (the README shows it as printed)."""
    lines = [
        "| step | won-lost (draws) | win rate | 95% interval | time |",
        "|---|---|---|---|---|",
    ]
    for s in steps:
        low, high = s.ci95
        lines.append(
            f"| {s.upper} vs {s.lower} | {s.wins}-{s.losses} ({s.draws}) | {s.rate:.1%} "
            f"| {low:.1%}-{high:.1%} | {s.seconds:.0f} s |"
        )
    return "\n".join(lines)
