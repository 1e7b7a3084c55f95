"""``decklab deckcode``: read and write Piltover Archive deck codes (Riftbound).

``decode CODE`` prints the deck (``--json``: the structure the reference library decodes to,
``{"mainDeck": [{"cardCode", "count"}], "sideboard": [...], "chosenChampion": ...}``);
``encode FILE`` prints the code of a Riftbound deck file or of such a structure.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardpool.errors import InputError
from cardpool.readers import MAX_DECK_BYTES, parse_json, read_text
from cardpool.riftbound import deckcode
from cardpool.riftbound import decklist as rift_decklist
from cardpool.riftbound.legality import resolve
from decklab.args import filename, text, whole
from decklab.context import open_store


def register(subparsers: Any) -> None:
    """Add ``deckcode decode`` and ``deckcode encode``."""
    parser = subparsers.add_parser("deckcode", help="read and write Riftbound deck codes")
    sub = parser.add_subparsers(dest="deckcode_command", metavar="ACTION", required=True)
    dec = sub.add_parser("decode", help="print the deck in a Piltover Archive deck code")
    dec.add_argument("code", type=text(1000), help="the deck code")
    dec.add_argument("--json", action="store_true", help="print the decoded structure as JSON")
    dec.add_argument(
        "--signed", choices=["s", "*"], default="s", help="suffix of signed prints (default s)"
    )
    dec.set_defaults(run=_decode)
    enc = sub.add_parser("encode", help="print the deck code of a Riftbound deck file")
    enc.add_argument(
        "file",
        type=filename(),
        help="a Riftbound deck (text, precon, tournament or our JSON) or a "
        "{mainDeck, sideboard, chosenChampion} structure",
    )
    enc.add_argument(
        "--deck", type=whole(1, 10_000), default=1, help="which deck of a collection (from 1)"
    )
    enc.set_defaults(run=_encode)


def _decode(args: argparse.Namespace) -> int:
    decoded = deckcode.decode(args.code, signed=args.signed)
    if args.json:
        print(json.dumps(decoded.as_dict(), ensure_ascii=False, indent=2))
        return 0
    deck = deckcode.to_deck(decoded)
    with open_store(args, write=False) as store:
        pool = store.pool_index("riftbound")
    resolved = resolve(deck, pool)
    for section, lines in resolved.sections.items():
        for entry, count, row in lines:
            print(f"{section:<13} {count:>2} {row.name} [{entry}]")
    for section, entry in resolved.unknown:
        print(f"{section:<13}    (unknown card) [{entry}]")
    return 0


def _encode(args: argparse.Namespace) -> int:
    text = read_text(args.file, max_bytes=MAX_DECK_BYTES)
    if text.lstrip().startswith("{"):
        doc = parse_json(text, path=args.file)
        if isinstance(doc, dict) and "mainDeck" in doc and "legend" not in doc:
            try:
                print(deckcode.encode_dict(doc))
            except InputError as err:
                raise InputError(err.problem, path=args.file) from None
            return 0
    decks = rift_decklist.parse_decks(text, path=args.file)
    if not 1 <= args.deck <= len(decks):
        raise InputError(f"--deck {args.deck}: the file holds {len(decks)} deck(s)", path=args.file)
    with open_store(args, write=False) as store:
        pool = store.pool_index("riftbound")
    try:
        print(deckcode.encode_deck(decks[args.deck - 1], pool))
    except InputError as err:
        raise InputError(err.problem, path=args.file) from None
    return 0
