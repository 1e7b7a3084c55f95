"""``decklab validate FILE``: is the deck legal, and why not.

Exit codes: 0 legal, 1 illegal, 2 unreadable input.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardpool.decklist import read_deck_file
from cardpool.legality import validate
from decklab.context import open_store, parse_date

REGIONS = ("asia", "en")


def register(subparsers: Any) -> None:
    """Add ``validate``."""
    parser = subparsers.add_parser(
        "validate", help="check a deck against the construction rules and restriction list"
    )
    parser.add_argument("file", help="deck list: text, SVEN deck JSON or {code: count} JSON")
    parser.add_argument(
        "--region", choices=REGIONS, help="restriction list region (default: the deck's, else asia)"
    )
    parser.add_argument(
        "--format",
        dest="deck_format",
        choices=["standard", "crosscraft"],
        help="format (default: the deck's, else standard)",
    )
    parser.add_argument("--date", help="judge as of this date, YYYY-MM-DD (default: today)")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    deck = read_deck_file(args.file)
    on = parse_date(args.date)
    if args.region:
        deck.region = args.region
    if args.deck_format:
        deck.format = args.deck_format
    with open_store(args) as store:
        pool = store.pool_index("sve")
        restrictions = store.restrictions("sve")
    verdict = validate(deck, pool, restrictions, on=on)
    if args.json:
        print(json.dumps(verdict.as_dict(), ensure_ascii=False, indent=2))
    else:
        basis = verdict.title or verdict.deck_class or "unknown"
        state = "LEGAL" if verdict.legal else "ILLEGAL"
        print(
            f"{state}: {deck.name or args.file} ({basis}; main {verdict.main_count}, "
            f"evolve {verdict.evolve_count}; {deck.region} {deck.format} as of {on.isoformat()})"
        )
        for e in verdict.errors:
            print(f"  error   {e.code:<20} CR {e.rule}: {e.message}")
        for w in verdict.warnings:
            print(f"  warning {w.code:<20} CR {w.rule}: {w.message}")
    return 0 if verdict.legal else 1
