"""``decklab cards search``: find cards by name, class, type, cost, trait and keyword."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardpool.normalise import KEYWORD_IDS, class_id
from cardpool.store import CardQuery
from decklab.args import whole
from decklab.context import open_store
from decklab.output import print_rows


def register(subparsers: Any) -> None:
    """Add ``cards search``."""
    cards = subparsers.add_parser("cards", help="search the card pool")
    sub = cards.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    search = sub.add_parser("search", help="find cards (every filter is optional)")
    search.add_argument("--game", default="sve", choices=["sve", "riftbound"])
    search.add_argument("--name", help="part of the name or code")
    search.add_argument(
        "--class",
        dest="card_class",
        help="class, e.g. forest or エルフ; Riftbound: a domain, e.g. fury",
    )
    search.add_argument(
        "--type", dest="card_type",
        help="type, exactly: follower, evolved_follower, spell, token_follower, ...",
    )  # fmt: skip
    search.add_argument("--cost", type=whole(0, 99))
    search.add_argument("--trait", help="a trait, e.g. 妖精")
    search.add_argument("--keyword", help="a keyword id or name, e.g. ward or 守護")
    search.add_argument("--title", help="a title id, e.g. priconne")
    search.add_argument("--limit", type=whole(1, 10_000), default=200)
    search.add_argument("--json", action="store_true", help="print JSON records")
    search.set_defaults(run=_search)


def _search(args: argparse.Namespace) -> int:
    card_class = class_id(args.card_class) or args.card_class if args.card_class else None
    keyword = KEYWORD_IDS.get(args.keyword, args.keyword) if args.keyword else None
    if args.game == "riftbound":  # domains and keyword ids are lower case: fury, quick_draw
        card_class = args.card_class.strip().lower() if args.card_class else None
        keyword = args.keyword.strip().lower().replace("-", "_") if args.keyword else None
    # "Evolved follower" as the tables show it is evolved_follower
    card_type = (
        "_".join(args.card_type.lower().replace("-", " ").split()) if args.card_type else None
    )
    query = CardQuery(
        game=args.game,
        name=args.name,
        card_class=card_class,
        card_type=card_type,
        cost=args.cost,
        trait=args.trait,
        keyword=keyword,
        title=args.title,
        limit=max(1, min(args.limit, 10_000)),
    )
    with open_store(args, write=False) as store:
        columns, rows = store.search_rows(query)
    records = [dict(zip(columns, row, strict=True)) for row in rows]
    if args.json:
        for record in records:  # game facts (Riftbound: domains, energy, power, might, ...)
            record.pop("text", None)
            extra = record.pop("extra", None)
            if extra:
                record["facts"] = json.loads(extra)
        print(json.dumps(records, ensure_ascii=False, indent=1))
        return 0
    if not records:
        print("no cards match")
        return 0
    shown = ["card_id", "name", "class", "type", "cost", "attack", "defense"]
    print_rows(shown, [[r[c] for c in shown] for r in records])
    print(f"{len(records)} card(s)")
    return 0
