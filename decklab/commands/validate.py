"""``decklab validate FILE``: is the deck legal, and why not (SVE or Riftbound).

Exit codes: 0 legal, 1 illegal, 2 unreadable input.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from typing import Any

from cardpool.deck import SVE_FORMATS, SVE_REGIONS
from cardpool.decklist import name_of_file, parse_deck
from cardpool.errors import InputError
from cardpool.legality import validate
from cardpool.readers import MAX_DECK_BYTES, read_text
from cardpool.riftbound import decklist as rift_decklist
from cardpool.riftbound import legality as rift_legality
from decklab.args import day, filename
from decklab.context import open_store, parse_date


def register(subparsers: Any) -> None:
    """Add ``validate``."""
    parser = subparsers.add_parser(
        "validate", help="check a deck against the construction rules and restriction list"
    )
    parser.add_argument(
        "file",
        type=filename(),
        help="deck list: text, SVEN deck JSON or {code: count} JSON; for Riftbound a text list "
        "with sections, a precon, tournament or Piltover Archive JSON, or a collection of decks",
    )
    parser.add_argument(
        "--game",
        choices=["sve", "riftbound"],
        help="the deck's game (default: recognised from the file, else sve)",
    )
    parser.add_argument(
        "--region",
        choices=SVE_REGIONS,
        help="SVE restriction list region (default: the deck's, else asia)",
    )
    parser.add_argument(
        "--format",
        dest="deck_format",
        choices=[*SVE_FORMATS, *rift_decklist.FORMATS],
        help="SVE: standard or crosscraft (default standard); Riftbound: duel (constructed, "
        "exactly 40, the Duel ban list) or casual (core rules: at least 40); default duel",
    )
    parser.add_argument(
        "--date", type=day(), help="judge as of this date, YYYY-MM-DD (default: today)"
    )
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    text = read_text(args.file, max_bytes=MAX_DECK_BYTES)
    on = parse_date(args.date)
    game = args.game or ("riftbound" if rift_decklist.looks_like(text) else "sve")
    if game == "riftbound":
        if args.region:
            raise InputError("--region: Riftbound has one restriction list; leave it out")
        if args.deck_format in SVE_FORMATS:
            raise InputError(f"--format {args.deck_format} is an SVE format; Riftbound: duel or "
                             "casual")  # fmt: skip
        return _run_riftbound(args, text, on)
    if args.deck_format in rift_decklist.FORMATS:
        raise InputError(f"--format {args.deck_format} is a Riftbound format; SVE: standard or "
                         "crosscraft")  # fmt: skip
    deck = parse_deck(text, path=args.file)
    if not deck.name:
        deck.name = name_of_file(args.file)
    if args.region:
        deck.region = args.region
    if args.deck_format:
        deck.format = args.deck_format
    with open_store(args, write=False) as store:
        pool = store.pool_index("sve")
        restrictions = store.restrictions("sve")
    verdict = validate(deck, pool, restrictions, on=on)
    if args.json:
        print(json.dumps(verdict.as_dict(), ensure_ascii=False, indent=2))
    else:
        from cardpool.words import class_word, region_word

        basis = class_word(verdict.title or verdict.deck_class) or "class unknown"
        state = "LEGAL" if verdict.legal else "ILLEGAL"
        print(
            f"{state}: {deck.name or args.file} ({basis}; main {verdict.main_count}, "
            f"evolve {verdict.evolve_count}; {region_word(deck.region)} {deck.format} list as "
            f"of {on.isoformat()})"
        )
        for e in verdict.errors:
            print(f"  error   {e.code:<20} {_rule(e.rule)}: {e.message}")
        for w in verdict.warnings:
            print(f"  warning {w.code:<20} {_rule(w.rule)}: {w.message}")
    return 0 if verdict.legal else 1


def _rule(rule: str) -> str:
    """A comprehensive-rules clause as ``CR 6.1.1.4``; a list or other source as it is."""
    return f"CR {rule}" if rule[:1].isdigit() else rule


def _run_riftbound(args: argparse.Namespace, text: str, on: date) -> int:
    decks = rift_decklist.parse_decks(text, path=args.file)
    if len(decks) == 1 and not decks[0].name:
        decks[0].name = name_of_file(args.file)
    with open_store(args, write=False) as store:
        pool = store.pool_index("riftbound")
        restrictions = store.restrictions("riftbound")
    results = []
    for deck in decks:
        if args.deck_format in rift_decklist.FORMATS:
            deck.format = args.deck_format
        verdict = rift_legality.validate(deck, pool, restrictions, on=on)
        results.append((deck, verdict))
    if args.json:
        docs = [{"name": deck.name, **verdict.as_dict()} for deck, verdict in results]
        print(json.dumps(docs[0] if len(docs) == 1 else docs, ensure_ascii=False, indent=2))
    else:
        from cardpool.words import class_word

        for deck, verdict in results:
            state = "LEGAL" if verdict.legal else "ILLEGAL"
            print(
                f"{state}: {deck.name} ({verdict.champion_tag or 'no legend'}; "
                f"{class_word(verdict.domains) or '-'}; main {verdict.main_count}, runes "
                f"{verdict.rune_count}, battlefields {verdict.battlefield_count}, sideboard "
                f"{verdict.sideboard_count}; {deck.format} as of {on.isoformat()})"
            )
            for e in verdict.errors:
                print(f"  error   {e.code:<22} {e.rule}: {e.message}")
            for w in verdict.warnings:
                print(f"  warning {w.code:<22} {w.rule}: {w.message}")
    return 0 if all(v.legal for _, v in results) else 1
