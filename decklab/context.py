"""What commands share: opening the database (built from the embedded snapshot on first use)."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import date
from pathlib import Path

from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from cardpool.settings import resolve_db_path
from cardpool.store import Store


def open_store(args: argparse.Namespace) -> Store:
    """Open the database named by ``--db`` (or the default), building the default pool if empty."""
    path = resolve_db_path(getattr(args, "db", None))
    store = Store.open(path)
    if store.ensure_default():
        print(f"decklab: built the card pool in {path} from the embedded snapshot", file=sys.stderr)
    return store


def open_pool(args: argparse.Namespace, game: str = "sve") -> PoolIndex:
    """The card pool of ``game`` from the database, as an in-memory index."""
    with open_store(args) as store:
        return store.pool_index(game)


def writable_file(text: str, option: str) -> Path:
    """The file an option names for writing, checked before any work is done."""
    path = Path(text)
    if path.is_dir():
        raise InputError(f"{option} {text}: is a folder, not a file")
    if not path.parent.is_dir():
        raise InputError(f"{option} {text}: the folder does not exist")
    if path.exists() and not path.is_file():
        raise InputError(f"{option} {text}: is not a regular file")
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputError(f"{option} {text}: cannot write there")
    return path


def parse_date(text: str | None) -> date:
    """A ``YYYY-MM-DD`` option value (``None`` is today)."""
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(f"--date {text!r} is not a date in the form YYYY-MM-DD") from None
