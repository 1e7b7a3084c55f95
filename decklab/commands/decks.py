"""``decklab decks``: saved decks in the database (the dashboard's "My decks"), with versions.

A deck is addressed by its id, its name, or ``NAME@K`` for version K of it.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from typing import Any

from cardpool import deckdiff, deckstore
from cardpool.deck import Deck
from cardpool.decklist import name_of_file, parse_deck
from cardpool.errors import InputError
from cardpool.games import GAMES, rules
from cardpool.pool import PoolIndex
from cardpool.readers import MAX_DECK_BYTES, read_text
from cardpool.riftbound import decklist as rift_decklist
from cardpool.store import Store
from decklab.args import filename, text
from decklab.context import open_store
from decklab.output import print_table

KEY_HELP = "deck id, name, or NAME@K for version K"


def register(subparsers: Any) -> None:
    """Add ``decks list|save|show|versions|diff|rename|copy|delete|export``."""
    decks = subparsers.add_parser(
        "decks", help="saved decks: save (with versions), list, show, diff, rename, copy, delete"
    )
    sub = decks.add_subparsers(dest="decks_command", metavar="ACTION", required=True)
    listing = sub.add_parser("list", help="saved decks with their last legality state")
    listing.add_argument("--game", choices=GAMES, help="only this game's decks")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=_list)
    save = sub.add_parser(
        "save", help="save a deck file (checks its legality); an existing name gets a new version"
    )
    save.add_argument("file", type=filename())
    save.add_argument(
        "--name", type=text(), help="name to save under (default: the list's own name)"
    )
    save.add_argument(
        "--game",
        choices=GAMES,
        help="the deck's game (default: recognised from the file, else sve)",
    )
    save.add_argument("--notes", default="", type=text(2000, empty=True))
    save.set_defaults(run=_save)
    show = sub.add_parser("show", help="print a saved deck (or one version) as a text list")
    _key(show)
    show.set_defaults(run=_show)
    history = sub.add_parser("versions", help="every saved version of a deck")
    _key(history)
    history.set_defaults(run=_versions)
    diff = sub.add_parser("diff", help="cards in and out between two versions (or two decks)")
    diff.add_argument("old", type=text(), help=f"the earlier list: {KEY_HELP}")
    diff.add_argument("new", type=text(), help=f"the later list: {KEY_HELP}")
    diff.add_argument("--game", choices=GAMES, help="where a name is saved in both games")
    diff.add_argument("--json", action="store_true")
    diff.set_defaults(run=_diff)
    rename = sub.add_parser("rename", help="rename a saved deck")
    _key(rename)
    rename.add_argument("name", type=text())
    rename.set_defaults(run=_rename)
    copy = sub.add_parser("copy", help="duplicate a saved deck")
    _key(copy)
    copy.add_argument("--name", type=text())
    copy.set_defaults(run=_copy)
    delete = sub.add_parser("delete", help="delete a saved deck with every version")
    _key(delete)
    delete.set_defaults(run=_delete)
    export = sub.add_parser("export", help="print a saved deck in a format")
    _key(export)
    export.add_argument(
        "--format", dest="fmt", default="text", type=text(),
        help="text, sven, codes (SVE); text, json, deckcode (Riftbound)",
    )  # fmt: skip
    export.set_defaults(run=_export)


def _key(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("deck", type=text(), help=KEY_HELP)
    parser.add_argument("--game", choices=GAMES, help="where a name is saved in both games")


def read_deck(path: str, game: str | None) -> Deck:
    """One deck from a file, of ``game`` or of the game its layout shows (SVE otherwise)."""
    text = read_text(path, max_bytes=MAX_DECK_BYTES)
    game = game or ("riftbound" if rift_decklist.looks_like(text) else "sve")
    if game == "riftbound":
        decks = rift_decklist.parse_decks(text, path=path)
        if len(decks) != 1:
            raise InputError(f"the file holds {len(decks)} decks; save one at a time", path=path)
        deck = decks[0]
    else:
        deck = parse_deck(text, path=path)
    deck.name = deck.name or name_of_file(path)
    return deck


def checked_save(store: Store, deck: Deck) -> deckstore.Saved:
    """Save a deck with its legality under its own game's rules, as of today."""
    game_rules = rules(deck.game)
    verdict = game_rules.judge(
        deck, store.pool_index(deck.game), store.restrictions(deck.game), date.today()
    )
    return deckstore.save_deck(
        store, deck, legal=verdict.legal, problems=len(verdict.errors), checked_on=date.today()
    )


def _list(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        frame = deckstore.list_decks(store, args.game)
    if args.json:
        print(frame.to_json(orient="records", date_format="iso", force_ascii=False))
    elif frame.empty:
        print("no saved decks: decklab decks save FILE --name NAME")
    else:
        shown = frame[["deck_id", "name", "game", "versions", "legal", "problems", "updated"]]
        shown = shown.assign(updated=frame["updated"].dt.strftime("%Y-%m-%d %H:%M"))
        print_table(shown)
    return 0


def _save(args: argparse.Namespace) -> int:
    deck = read_deck(args.file, args.game)
    if args.name:
        deck.name = args.name
    deck.notes = args.notes or deck.notes
    with open_store(args) as store:
        saved = checked_save(store, deck)
        row = deckstore.deck_row(store, saved.deck_id)
    state = "legal" if row["legal"] else f"not legal ({row['problems']} problems)"
    if not saved.changed:
        print(f"{saved.name}@{saved.version} ({deck.game}) already holds this list: nothing saved")
    else:
        what = "new deck" if saved.created else "updated"
        print(f"saved {saved.name}@{saved.version} ({deck.game}, {what}, {saved.deck_id}): {state}")
    return 0


def _pool(store: Store, game: str) -> PoolIndex:
    return store.pool_index(game)


def _namer(pool: PoolIndex) -> Any:
    def name(code: str) -> str | None:
        row = pool.row(code)
        return row.name if row else None

    return name


def _show(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        ref = deckstore.resolve(store, args.deck, args.game)
        pool = _pool(store, ref.game)
    print(f"# version {ref.version} of {ref.latest}")
    print(rules(ref.game).write(ref.deck, "text", pool), end="")
    return 0


def _versions(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        ref = deckstore.resolve(store, args.deck, args.game)
        frame = deckstore.versions(store, ref.deck_id)
    frame = frame.assign(saved=frame["saved"].dt.strftime("%Y-%m-%d %H:%M"))
    print(f"{ref.name} ({ref.game}): {ref.latest} version(s)")
    print_table(frame[["version", "saved", "cards", "legal", "problems"]])
    return 0


def _diff(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        old = deckstore.resolve(store, args.old, args.game)
        new = deckstore.resolve(store, args.new, args.game)
        if old.game != new.game:
            raise InputError(f"{old.label} is a {old.game} deck and {new.label} a {new.game} deck")
        pool = _pool(store, new.game)
    changes = deckdiff.diff_decks(old.deck, new.deck, pool.card_id)
    reprints = deckdiff.printings_changed(old.deck, new.deck, pool.card_id)
    if args.json:
        added, removed = deckdiff.cards_in_out(changes)
        doc = {
            "old": old.label, "new": new.label, "game": new.game, "cards_in": added,
            "cards_out": removed,
            "changes": [{"section": c.section, "code": c.code, "card": pool.card_id(c.code),
                         "before": c.before, "after": c.after} for c in changes],
            "printings": [{"section": sec, "before": a, "after": b} for sec, a, b in reprints],
        }  # fmt: skip
        print(json.dumps(doc, ensure_ascii=False, indent=1))
        return 0
    print(f"{old.label} -> {new.label} ({new.game}): {deckdiff.summary(changes)}")
    name = _namer(pool)
    for section in deckdiff.sections_of(new.deck):
        rows = [c for c in changes if c.section == section]
        if rows:
            print(deckdiff.SECTION_NAMES[section])
        for c in rows:
            print(f"  {c.change:+d} {c.code} {name(c.code) or ''} ({c.before} -> {c.after})")
    for section, before, after in reprints:
        print(
            f"same card, other printing ({deckdiff.SECTION_NAMES[section]}): "
            f"{name(after[0]) or after[0]} {', '.join(before)} -> {', '.join(after)}"
        )
    return 0


def _rename(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        old = deckstore.rename_deck(store, args.deck, args.name, args.game)
    print(f"renamed {old!r} to {' '.join(args.name.split())!r}")
    return 0


def _copy(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        saved = deckstore.duplicate_deck(store, args.deck, args.name, args.game)
    print(f"copied as {saved.name!r} ({saved.deck_id})")
    return 0


def _delete(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        name = deckstore.delete_deck(store, args.deck, args.game)
    print(f"deleted {name!r} with every version")
    return 0


def _export(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        ref = deckstore.resolve(store, args.deck, args.game)
        pool = _pool(store, ref.game)
    game_rules = rules(ref.game)
    if args.fmt not in game_rules.export_formats:
        formats = ", ".join(game_rules.export_formats)
        raise InputError(f"a {ref.game} deck exports as {formats}, not {args.fmt!r}")
    print(game_rules.write(ref.deck, args.fmt, pool), end="")
    return 0
