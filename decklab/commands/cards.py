"""``decklab cards search|show``: find cards by name, class, type, cost, trait and keyword;
show one card's facts, printings and text (Japanese and the official English)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardpool.errors import InputError
from cardpool.model import CardRow
from cardpool.normalise import KEYWORD_IDS, class_id
from cardpool.store import CardQuery
from decklab.args import text, whole
from decklab.context import open_store
from decklab.output import print_rows


def register(subparsers: Any) -> None:
    """Add ``cards search`` and ``cards show``."""
    cards = subparsers.add_parser("cards", help="search the card pool")
    sub = cards.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    search = sub.add_parser("search", help="find cards (every filter is optional)")
    search.add_argument("--game", default="sve", choices=["sve", "riftbound"])
    search.add_argument("--name", type=text(), help="part of the name or code")
    search.add_argument(
        "--class",
        dest="card_class",
        type=text(),
        help="class, e.g. forest or エルフ; Riftbound: a domain, e.g. fury",
    )
    search.add_argument(
        "--type", dest="card_type", type=text(),
        help="type, exactly: follower, evolved_follower, spell, token_follower, ...",
    )  # fmt: skip
    search.add_argument("--cost", type=whole(0, 99))
    search.add_argument("--trait", type=text(), help="a trait, e.g. 妖精")
    search.add_argument("--keyword", type=text(), help="a keyword id or name, e.g. ward or 守護")
    search.add_argument("--title", type=text(), help="a title id, e.g. priconne")
    search.add_argument("--limit", type=whole(1, 10_000), default=200)
    search.add_argument("--json", action="store_true", help="print JSON records")
    search.set_defaults(run=_search)
    show = sub.add_parser("show", help="one card's facts, printings and text")
    show.add_argument("code", nargs="+", type=text(), help="card codes (any printing)")
    show.add_argument("--game", default="sve", choices=["sve", "riftbound"])
    show.add_argument("--json", action="store_true", help="print JSON records")
    show.set_defaults(run=_show)


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
    print_rows(shown, [[_cell(r, c) for c in shown] for r in records])
    print(f"{len(records)} card(s)" + _preview_note(records))
    return 0


def _cell(record: dict[str, Any], column: str) -> Any:
    """A table cell; a preview card's name says so."""
    if column == "name" and record.get("preview"):
        return f"{record['name']} (preview)"
    return record[column]


def _preview_note(records: list[dict[str, Any]]) -> str:
    previews = sum(1 for r in records if r.get("preview"))
    if not previews:
        return ""
    return f"; {previews} from a set still being previewed (facts may change before release)"


def _show(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        pool = store.pool_index(args.game)
    rows = []
    for code in args.code:
        row = pool.row(code)
        if row is None:
            hints = pool.suggest(code)
            hint = f"; did you mean {', '.join(hints)}?" if hints else ""
            raise InputError(f"{code} is not a known card{hint}")
        rows.append(row)
    if args.json:
        docs = [
            {
                "card_id": r.card_id, "name": r.name, "name_en": r.name_en,
                "class": r.card_class, "title": r.title, "type": r.card_type, "cost": r.cost,
                "attack": r.attack, "defense": r.defense, "traits": list(r.traits),
                "keywords": list(r.keywords), "max_copies": r.max_copies, "preview": r.preview,
                "printings": pool.printings_of(r.card_id), "text": r.text, "text_en": r.text_en,
            }
            for r in rows
        ]  # fmt: skip
        print(json.dumps(docs, ensure_ascii=False, indent=1))
        return 0
    for i, row in enumerate(rows):
        if i:
            print()
        print(card_details(row, pool.printings_of(row.card_id)))
    return 0


def card_details(row: CardRow, printings: list[str]) -> str:
    """One card for people: name, facts, printings, its text and the official English."""
    from cardpool.words import class_word, title_word, type_word  # pandas: only to show a card

    stats = " ".join(
        f"{word} {value}"
        for word, value in (("cost", row.cost), ("attack", row.attack), ("defense", row.defense))
        if value is not None
    )
    kind = [class_word(row.card_class), title_word(row.title), type_word(row.card_type), stats]
    lines = [
        f"{row.card_id} {row.name}" + (f" / {row.name_en}" if row.name_en else ""),
        "  " + " · ".join(part for part in kind if part),
    ]
    if row.preview:
        lines.append("  preview card: its set is not released yet; its facts may change")
    if row.traits:
        lines.append(f"  traits: {', '.join(row.traits)}")
    if row.keywords:
        lines.append(f"  keywords: {', '.join(row.keywords)}")
    lines.append(f"  copies per deck: {row.max_copies}")
    lines.append(f"  printings: {', '.join(printings)}")
    for heading, body in (("text", row.text), ("English", row.text_en)):
        if body:
            lines.append(f"  {heading}:")
            lines.extend(f"    {line}" for line in body.splitlines())
    if not row.text and not row.text_en:
        lines.append("  (ability text appears after importing a full dump: decklab db import)")
    return "\n".join(lines)
