"""``decklab db``: build, import into and inspect the card database."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

from cardpool import snapshot
from cardpool.errors import InputError
from cardpool.importers import ImportReport, import_paths
from cardpool.model import Disagreement
from decklab.args import filename, text
from decklab.context import open_store
from decklab.output import print_rows

SNAPSHOT_DIR = Path(str(resources.files("cardpool").joinpath("data")))


def register(subparsers: Any) -> None:
    """Add ``db init``, ``db import``, ``db info``, ``db conflicts`` and ``db snapshot``."""
    db = subparsers.add_parser("db", help="build, import into and inspect the card database")
    sub = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)

    init = sub.add_parser("init", help="create the database from the embedded snapshot if missing")
    init.set_defaults(run=_init)

    imp = sub.add_parser(
        "import",
        help="import card dumps, SVEN set files or restriction lists (files or folders)",
    )
    imp.add_argument(
        "path",
        nargs="+",
        type=filename(folder=True),
        help="files or folders, imported at once; the layout chooses the importer",
    )
    imp.set_defaults(run=_import)

    info = sub.add_parser("info", help="counts of stored cards, printings and restrictions")
    info.set_defaults(run=_info)

    conflicts = sub.add_parser(
        "conflicts",
        help="facts on which the Japanese dump and SVEN disagree (the dump's value is kept)",
    )
    conflicts.add_argument("--field", type=text(), help="only this field, e.g. traits or name")
    conflicts.add_argument("--json", action="store_true", help="print JSON records")
    conflicts.set_defaults(run=_conflicts)

    snap = sub.add_parser(
        "snapshot",
        help="write the facts-only snapshot (no ability text) that ships in the package",
    )
    snap.add_argument(
        "--out",
        default=str(SNAPSHOT_DIR),
        type=filename(output=True, folder=True),
        help="folder (default: cardpool/data)",
    )
    snap.set_defaults(run=_snapshot)


def _init(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        print(
            f"{store.path}: {store.count_cards('sve')} SVE cards, "
            f"{store.count_cards('riftbound')} Riftbound cards"
        )
    return 0


def _import(args: argparse.Namespace) -> int:
    from analytics.interrupts import held_interrupt

    report = None
    try:
        # Ctrl-C is held: acted on between files and before the commit (nothing is stored);
        # one that comes after the commit must not say the import was interrupted
        with open_store(args) as store, held_interrupt() as stop:
            report = import_paths(store, args.path, stop=stop)
            _print_report(report)
    except KeyboardInterrupt:
        if report is None:
            raise
        print("decklab: the import was complete and stored when Ctrl-C came", file=sys.stderr)
    return 0


def _print_report(report: ImportReport) -> None:
    print(
        f"imported {report.files} file(s) ({', '.join(report.kinds)}): "
        f"{report.cards} cards, {report.printings} printings, "
        f"{report.restrictions} restriction entries, {report.decklists} tournament decklists"
    )
    for warning in report.warnings:
        print(f"warning: {warning}")
    if report.disagreements:
        fields = Counter(d.field for d in report.disagreements)
        print(
            f"{len(report.disagreements)} disagreement(s) between the Japanese dump and SVEN "
            f"(the dump's value kept): "
            + ", ".join(f"{name} {n}" for name, n in sorted(fields.items()))
        )
        _print_disagreements(report.disagreements)


def _print_disagreements(rows: list[Disagreement]) -> None:
    print_rows(
        ["card_id", "name", "field", "cards_ja", "sven"],
        [(d.card_id, d.name, d.field, d.kept, d.other) for d in rows],
    )


def _conflicts(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        rows = store.disagreements("sve")
    if args.field:
        rows = [d for d in rows if d.field == args.field]
    if args.json:
        print(json.dumps([d.as_dict() for d in rows], ensure_ascii=False, indent=1))
        return 0
    if not rows:
        print("no disagreements between the card sources")
        return 0
    _print_disagreements(rows)
    print(f"{len(rows)} disagreement(s); the pool holds the Japanese dump's value")
    return 0


def _info(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        print(f"database: {store.path}")
        for game in ("sve", "riftbound"):
            data = store.pool_data(game)
            with_text = sum(1 for c in data.cards if c.text)
            print(
                f"{game}: {len(data.cards)} cards, {len(data.printings)} printings, "
                f"{len(store.restrictions(game))} restriction entries, "
                f"{with_text} cards with ability text"
            )
            if game == "sve":
                _sve_info(store, data)
    return 0


def _sve_info(store: Any, data: Any) -> None:
    """The SVE pool's sources and what SVEN added."""
    sources = store.source_pools("sve")
    for name, source in sorted(sources.items()):
        print(f"  source {name}: {len(source.cards)} cards, {len(source.printings)} printings")
    english = sum(1 for c in data.cards if c.name_en)
    quick = sum(1 for c in data.cards if "quick" in c.keywords)
    preview = sum(1 for c in data.cards if c.preview)
    print(
        f"  {english} with an English name, {quick} with Quick, {preview} preview cards, "
        f"{len(store.disagreements('sve'))} disagreements (decklab db conflicts)"
    )


def _snapshot(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if os.path.lexists(out) and not os.path.isdir(out):
        raise InputError(f"--out {args.out}: is a file, not a folder")
    with open_store(args, write=False) as store:
        for game in ("sve", "riftbound"):
            data = store.pool_data(game)
            if data.cards:
                try:
                    paths = snapshot.write_snapshot(data, store.restrictions(game), out, game)
                except OSError as err:
                    raise InputError(f"--out {args.out}: {err.strerror}") from None
                print(f"{game}: wrote {', '.join(str(p) for p in paths)}")
    return 0
