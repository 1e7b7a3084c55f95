"""``decklab decks``: saved decks in the database (the dashboard's "My decks")."""

from __future__ import annotations

import argparse
from datetime import date
from typing import Any

from cardpool import deckstore
from cardpool.deck import Deck
from cardpool.decklist import FORMATS, read_deck_file, write_deck
from cardpool.legality import validate
from cardpool.pool import PoolIndex
from cardpool.store import Store
from decklab.context import open_store
from decklab.output import print_table


def register(subparsers: Any) -> None:
    """Add ``decks list|save|show|rename|copy|delete|export``."""
    decks = subparsers.add_parser("decks", help="saved decks: list, save, rename, copy, delete")
    sub = decks.add_subparsers(dest="decks_command", metavar="ACTION", required=True)
    listing = sub.add_parser("list", help="saved decks with their last legality state")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=_list)
    save = sub.add_parser("save", help="save a deck file (checks its legality)")
    save.add_argument("file")
    save.add_argument("--name", help="name to save under (default: the list's own name)")
    save.add_argument("--notes", default="")
    save.set_defaults(run=_save)
    show = sub.add_parser("show", help="print a saved deck as a text list")
    show.add_argument("deck", help="deck id or name")
    show.set_defaults(run=_show)
    rename = sub.add_parser("rename", help="rename a saved deck")
    rename.add_argument("deck")
    rename.add_argument("name")
    rename.set_defaults(run=_rename)
    copy = sub.add_parser("copy", help="duplicate a saved deck")
    copy.add_argument("deck")
    copy.add_argument("--name")
    copy.set_defaults(run=_copy)
    delete = sub.add_parser("delete", help="delete a saved deck")
    delete.add_argument("deck")
    delete.set_defaults(run=_delete)
    export = sub.add_parser("export", help="print a saved deck in a format")
    export.add_argument("deck")
    export.add_argument("--format", dest="fmt", choices=FORMATS, default="text")
    export.set_defaults(run=_export)


def _checked_save(store: Store, deck: Deck, deck_id: str | None = None) -> str:
    verdict = validate(deck, store.pool_index(deck.game), store.restrictions(deck.game))
    return deckstore.save_deck(
        store,
        deck,
        legal=verdict.legal,
        problems=len(verdict.errors),
        checked_on=date.today(),
        deck_id=deck_id,
    )


def _list(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        frame = deckstore.list_decks(store)
    if args.json:
        print(frame.to_json(orient="records", date_format="iso", force_ascii=False))
    elif frame.empty:
        print("no saved decks: decklab decks save FILE")
    else:
        print_table(frame[["deck_id", "name", "game", "region", "legal", "problems", "updated"]])
    return 0


def _save(args: argparse.Namespace) -> int:
    deck = read_deck_file(args.file)
    if args.name:
        deck.name = args.name
    deck.notes = args.notes or deck.notes
    with open_store(args) as store:
        deck_id = _checked_save(store, deck)
        row = deckstore.deck_row(store, deck_id)
    state = "legal" if row["legal"] else f"not legal ({row['problems']} problems)"
    print(f"saved {deck.name!r} as {deck_id}: {state}")
    return 0


def _show(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        _, deck = deckstore.load_deck(store, args.deck)
        pool = store.pool_index(deck.game)
    print(write_deck(deck, "text", lambda code: _name(pool, code)), end="")
    return 0


def _name(pool: PoolIndex, code: str) -> str | None:
    row = pool.row(code)
    return row.name if row else None


def _rename(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        deckstore.rename_deck(store, args.deck, args.name)
    print(f"renamed to {args.name!r}")
    return 0


def _copy(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        deck_id = deckstore.duplicate_deck(store, args.deck, args.name)
        _, deck = deckstore.load_deck(store, deck_id)
    print(f"copied as {deck.name!r} ({deck_id})")
    return 0


def _delete(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        name = deckstore.delete_deck(store, args.deck)
    print(f"deleted {name!r}")
    return 0


def _export(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        _, deck = deckstore.load_deck(store, args.deck)
    print(write_deck(deck, args.fmt), end="")
    return 0
