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

READ_TABLES = (
    ("cardpool", "cards"), ("cardpool", "printings"), ("cardpool", "restrictions"),
    ("cardpool", "imports"), ("cardpool", "tournament_decks"), ("cardpool", "source_cards"),
    ("cardpool", "source_printings"), ("cardpool", "disagreements"), ("decks", "saved"),
    ("main", "sim_runs"), ("main", "sim_games"),
)  # fmt: skip
"""The tables reading commands query; a database lacking one is completed before reading."""
NEWEST_COLUMN = ("cardpool", "cards", "union_burst")
"""The card column added last: a file without it is brought up to date before reading."""


def open_store(args: argparse.Namespace, *, write: bool = True) -> Store:
    """Open the database named by ``--db`` (or the default), building the default pool if empty.

    ``write=False`` opens it for reading, which many processes may do at once (DuckDB allows
    one writing process or many reading ones). Either way the store waits its turn while
    another decklab process holds the file, and holds it only as long as it is used.
    """
    path = resolve_db_path(getattr(args, "db", None))
    if write:
        store = Store.open(path)
        _complete(store)
        return store
    if os.path.isfile(path):
        store = Store.open(path, read_only=True)
        if (
            store.has_tables(READ_TABLES)
            and store.has_column(*NEWEST_COLUMN)
            and store.count_cards("sve") > 0
        ):
            return store
        store.close()
    with Store.open(path) as store:
        _complete(store)
    return Store.open(path, read_only=True)


def _complete(store: Store) -> None:
    """Create every table reading commands query, and build the default pool if empty."""
    if not store.has_tables(READ_TABLES):
        from analytics.runs import SCHEMA as RUNS_SCHEMA
        from cardpool.deckstore import SCHEMA as DECKS_SCHEMA
        from cardpool.importers.tournaments import SCHEMA as TOURNAMENT_SCHEMA

        with store.transaction():
            for sql in (RUNS_SCHEMA, DECKS_SCHEMA, TOURNAMENT_SCHEMA):
                store.con.execute(sql)
    if store.ensure_default():
        print(
            f"decklab: built the card pool in {store.path} from the embedded snapshot",
            file=sys.stderr,
        )


def open_pool(args: argparse.Namespace, game: str = "sve") -> PoolIndex:
    """The card pool of ``game`` from the database, as an in-memory index (read-only use)."""
    with open_store(args, write=False) as store:
        return store.pool_index(game)


def writable_file(text: str, option: str) -> Path:
    """The file an option names for writing, checked before any work is done."""
    path = Path(text)
    if os.path.isdir(path):
        raise InputError(f"{option} {text}: is a folder, not a file")
    if not os.path.isdir(path.parent):
        raise InputError(f"{option} {text}: the folder does not exist")
    exists = os.path.lexists(path)
    if exists and not os.path.isfile(path):
        raise InputError(f"{option} {text}: is not a regular file")
    if not os.access(path.parent, os.W_OK) or (exists and not os.access(path, os.W_OK)):
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
