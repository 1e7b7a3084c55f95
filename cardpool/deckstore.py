"""Saved decks in the database: open, save, duplicate, rename, delete, with their legality.

Each deck is stored whole (every section, as JSON) with its last legality verdict, so a
list of decks shows at a glance which are legal.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from datetime import UTC, date, datetime
from typing import Any

import pandas as pd

from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.store import Store

SCHEMA = """
CREATE SCHEMA IF NOT EXISTS decks;
CREATE TABLE IF NOT EXISTS decks.saved (
    deck_id VARCHAR PRIMARY KEY,
    name VARCHAR NOT NULL,
    game VARCHAR NOT NULL,
    format VARCHAR NOT NULL,
    region VARCHAR NOT NULL,
    notes VARCHAR,
    deck_json VARCHAR NOT NULL,
    legal BOOLEAN,
    problems INTEGER,
    checked_on DATE,
    created TIMESTAMP NOT NULL,
    updated TIMESTAMP NOT NULL
);
"""
MAX_NAME = 120


def ensure_schema(store: Store) -> None:
    """Create the saved-decks table if missing."""
    store.ensure_schema(SCHEMA)


def deck_to_json(deck: Deck) -> str:
    """Every field of a deck as JSON."""
    return json.dumps(dataclasses.asdict(deck), ensure_ascii=False, sort_keys=True)


def deck_from_json(text: str) -> Deck:
    """A deck from ``deck_to_json`` output (unknown keys from other versions are ignored)."""
    doc = json.loads(text)
    known = {f.name for f in dataclasses.fields(Deck)}
    return Deck(**{k: v for k, v in doc.items() if k in known})


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise InputError("a saved deck needs a name")
    if len(name) > MAX_NAME:
        raise InputError(f"a deck name has at most {MAX_NAME} characters")
    return name


def _name_taken(store: Store, name: str, game: str, except_id: str | None = None) -> bool:
    row = store.con.execute(
        "SELECT count(*) FROM decks.saved WHERE name = ? AND game = ? AND deck_id <> ?",
        [name, game, except_id or ""],
    ).fetchone()
    return bool(row and row[0])


def save_deck(
    store: Store,
    deck: Deck,
    *,
    legal: bool | None = None,
    problems: int | None = None,
    checked_on: date | None = None,
    deck_id: str | None = None,
) -> str:
    """Save a new deck (or overwrite ``deck_id``); names are unique per game. Returns the id."""
    ensure_schema(store)
    name = _clean_name(deck.name)
    if _name_taken(store, name, deck.game, deck_id):
        raise InputError(f"a saved {deck.game} deck is already called {name!r}")
    deck.name = name
    now = _now()
    if deck_id is None:
        deck_id = uuid.uuid4().hex[:10]
        store.con.execute(
            "INSERT INTO decks.saved VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [deck_id, name, deck.game, deck.format, deck.region, deck.notes,
             deck_to_json(deck), legal, problems, checked_on, now, now],
        )  # fmt: skip
    else:
        store.con.execute(
            "UPDATE decks.saved SET name = ?, format = ?, region = ?, notes = ?, deck_json = ?, "
            "legal = ?, problems = ?, checked_on = ?, updated = ? WHERE deck_id = ?",
            [name, deck.format, deck.region, deck.notes, deck_to_json(deck), legal, problems,
             checked_on, now, deck_id],
        )  # fmt: skip
    return deck_id


def list_decks(store: Store, game: str | None = None) -> pd.DataFrame:
    """Saved decks, most recently changed first."""
    ensure_schema(store)
    return store.con.execute(
        "SELECT deck_id, name, game, format, region, legal, problems, checked_on, notes, updated "
        "FROM decks.saved WHERE ? IS NULL OR game = ? ORDER BY updated DESC, name",
        [game, game],
    ).df()


def load_deck(store: Store, key: str) -> tuple[str, Deck]:
    """A saved deck by id or by exact name: ``(deck_id, deck)``."""
    ensure_schema(store)
    rows = store.con.execute(
        "SELECT deck_id, deck_json FROM decks.saved WHERE deck_id = ? OR name = ? "
        "ORDER BY deck_id = ? DESC",
        [key, key, key],
    ).fetchall()
    if not rows:
        raise InputError(f"no saved deck {key!r} (see `decklab decks list`)")
    if len(rows) > 1 and rows[0][0] != key:
        raise InputError(f"several saved decks are called {key!r}: use the deck id")
    return str(rows[0][0]), deck_from_json(str(rows[0][1]))


def rename_deck(store: Store, key: str, new_name: str) -> None:
    """Give a saved deck a new (unique) name."""
    deck_id, deck = load_deck(store, key)
    deck.name = _clean_name(new_name)
    if _name_taken(store, deck.name, deck.game, deck_id):
        raise InputError(f"a saved {deck.game} deck is already called {deck.name!r}")
    store.con.execute(
        "UPDATE decks.saved SET name = ?, deck_json = ?, updated = ? WHERE deck_id = ?",
        [deck.name, deck_to_json(deck), _now(), deck_id],
    )


def duplicate_deck(store: Store, key: str, new_name: str | None = None) -> str:
    """Save a copy of a deck under a new name (default ``<name> (copy)``, numbered if taken)."""
    deck_id, deck = load_deck(store, key)
    row = store.con.execute(
        "SELECT legal, problems, checked_on FROM decks.saved WHERE deck_id = ?", [deck_id]
    ).fetchone()
    base = new_name or f"{deck.name} (copy)"
    name, n = base, 2
    while new_name is None and _name_taken(store, name, deck.game):
        name, n = f"{base} {n}", n + 1
    deck.name = name
    legal, problems, checked_on = row if row else (None, None, None)
    return save_deck(store, deck, legal=legal, problems=problems, checked_on=checked_on)


def delete_deck(store: Store, key: str) -> str:
    """Delete a saved deck; returns its name."""
    deck_id, deck = load_deck(store, key)
    store.con.execute("DELETE FROM decks.saved WHERE deck_id = ?", [deck_id])
    return deck.name


def deck_row(store: Store, deck_id: str) -> dict[str, Any]:
    """One saved deck's listing row."""
    frame = list_decks(store)
    match = frame[frame["deck_id"] == deck_id]
    if match.empty:
        raise InputError(f"no saved deck {deck_id!r}")
    return {str(k): v for k, v in match.iloc[0].to_dict().items()}
