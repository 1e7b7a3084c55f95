"""``decklab db``: build, import into and inspect the card database."""

from __future__ import annotations

import argparse
import os
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from cardpool import snapshot
from cardpool.errors import InputError
from cardpool.importers import ImportReport, import_path
from decklab.args import filename
from decklab.context import open_store

SNAPSHOT_DIR = Path(str(resources.files("cardpool").joinpath("data")))


def register(subparsers: Any) -> None:
    """Add ``db init``, ``db import``, ``db info`` and ``db snapshot``."""
    db = subparsers.add_parser("db", help="build, import into and inspect the card database")
    sub = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)

    init = sub.add_parser("init", help="create the database from the embedded snapshot if missing")
    init.set_defaults(run=_init)

    imp = sub.add_parser(
        "import",
        help="import a card dump, SVEN set file or restriction list (a file or a folder)",
    )
    imp.add_argument(
        "path", type=filename(folder=True), help="file or folder; the layout chooses the importer"
    )
    imp.set_defaults(run=_import)

    info = sub.add_parser("info", help="counts of stored cards, printings and restrictions")
    info.set_defaults(run=_info)

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
            report = import_path(store, args.path, stop=stop)
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
    return 0


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
