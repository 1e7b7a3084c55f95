"""``decklab meta``: class and title shares and the most-played cards of imported decklists."""

from __future__ import annotations

import argparse
import json
from typing import Any

from analytics.meta import decklists, most_played, shares
from decklab.args import whole
from decklab.context import open_store
from decklab.output import print_table


def register(subparsers: Any) -> None:
    """Add ``meta``."""
    meta = subparsers.add_parser(
        "meta", help="shares and most-played cards of imported tournament decklists"
    )
    meta.add_argument(
        "--top", type=whole(1, 10_000), default=20, help="how many cards to list (20)"
    )
    meta.add_argument("--json", action="store_true")
    meta.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        lists = decklists(store)
        pool = store.pool_index("sve")
    if lists.empty:
        print("no tournament decklists imported: decklab db import FILE.jsonl")
        return 0
    share = shares(lists)
    cards = most_played(lists, pool, top=max(1, args.top))
    if args.json:
        print(json.dumps({
            "decks": len(lists),
            "shares": json.loads(share.to_json(orient="records")),
            "most_played": json.loads(cards.to_json(orient="records", force_ascii=False)),
        }, ensure_ascii=False, indent=1))  # fmt: skip
        return 0
    print(f"{len(lists)} decklists")
    shown = share.assign(share=share["share"].map(lambda x: f"{x:.1%}"))
    print_table(shown)
    print()
    print_table(
        cards.assign(
            inclusion=cards["inclusion"].map(lambda x: f"{x:.1%}"),
            avg_copies=cards["avg_copies"].map(lambda x: f"{x:.2f}"),
        )
    )
    return 0
