"""Saved decks in the database: save (a new version each time), open, diff, rename, delete.

Each deck is stored whole (every section, as JSON) with its game and its last legality
verdict, so a list of decks shows at a glance which are legal. Every save under a deck's name
keeps a version (``decks.versions``); ``NAME@K`` addresses version K.
"""

from __future__ import annotations

import dataclasses
import json
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

import pandas as pd

from cardpool.deck import RIFTBOUND_SECTIONS, SECTIONS, Deck
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
CREATE TABLE IF NOT EXISTS decks.versions (
    deck_id VARCHAR NOT NULL,
    version INTEGER NOT NULL,
    deck_json VARCHAR NOT NULL,
    legal BOOLEAN,
    problems INTEGER,
    checked_on DATE,
    saved TIMESTAMP NOT NULL,
    PRIMARY KEY (deck_id, version)
);
"""
MIGRATE = """
INSERT INTO decks.versions
SELECT s.deck_id, 1, s.deck_json, s.legal, s.problems, s.checked_on, s.updated
FROM decks.saved s
WHERE NOT EXISTS (SELECT 1 FROM decks.versions v WHERE v.deck_id = s.deck_id)
"""
"""Databases from before versions: each saved deck's stored state becomes its version 1."""
MAX_NAME = 120
_VERSIONED = re.compile(r"^(?P<name>.+)@(?P<version>\d+)$")


@dataclass(frozen=True)
class Saved:
    """What a save did: the deck's id, the version now latest, and whether it added one."""

    deck_id: str
    name: str
    version: int
    created: bool
    """A new deck (no deck of this game had the name)."""
    changed: bool
    """A new version was stored (False: the list equals the latest version)."""


@dataclass(frozen=True)
class DeckRef:
    """A saved deck at one version (the latest unless ``NAME@K`` asked for another)."""

    deck_id: str
    name: str
    game: str
    version: int
    latest: int
    deck: Deck

    @property
    def label(self) -> str:
        """``Fae@2``: the name and version, as the command line addresses it."""
        return f"{self.name}@{self.version}"


def ensure_schema(store: Store) -> None:
    """Create the saved-deck tables if missing and give pre-version decks their version 1."""
    store.ensure_schema(SCHEMA)
    if not store.read_only:
        store.con.execute(MIGRATE)


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


def _find(store: Store, name: str, game: str, except_id: str | None = None) -> str | None:
    row = store.con.execute(
        "SELECT deck_id FROM decks.saved WHERE name = ? AND game = ? AND deck_id <> ?",
        [name, game, except_id or ""],
    ).fetchone()
    return str(row[0]) if row else None


def _latest(store: Store, deck_id: str) -> tuple[int, str | None]:
    row = store.con.execute(
        "SELECT version, deck_json FROM decks.versions WHERE deck_id = ? "
        "ORDER BY version DESC LIMIT 1",
        [deck_id],
    ).fetchone()
    return (int(row[0]), str(row[1])) if row else (0, None)


def save_deck(
    store: Store,
    deck: Deck,
    *,
    legal: bool | None = None,
    problems: int | None = None,
    checked_on: date | None = None,
    deck_id: str | None = None,
) -> Saved:
    """Save a deck as a new version of the deck of its game with its name (or of ``deck_id``).

    A name new to the game makes a new deck (version 1); saving under a name the game already
    has updates that deck in place and keeps the old list as a version. Saving a list equal
    to the latest version stores nothing new. Names are unique per game.
    """
    ensure_schema(store)
    name = _clean_name(deck.name)
    if deck_id is not None and _find(store, name, deck.game, deck_id):
        raise InputError(f"a saved {deck.game} deck is already called {name!r}")
    deck_id = deck_id or _find(store, name, deck.game)
    deck.name = name
    text = deck_to_json(deck)
    now = _now()
    created = deck_id is None
    with store.transaction():
        if deck_id is None:
            deck_id = uuid.uuid4().hex[:10]
            store.con.execute(
                "INSERT INTO decks.saved VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [deck_id, name, deck.game, deck.format, deck.region, deck.notes, text, legal,
                 problems, checked_on, now, now],
            )  # fmt: skip
        version, latest_text = _latest(store, deck_id)
        if latest_text == text:
            return Saved(deck_id, name, version, created=False, changed=False)
        version += 1
        store.con.execute(
            "INSERT INTO decks.versions VALUES (?, ?, ?, ?, ?, ?, ?)",
            [deck_id, version, text, legal, problems, checked_on, now],
        )
        store.con.execute(
            "UPDATE decks.saved SET name = ?, format = ?, region = ?, notes = ?, deck_json = ?, "
            "legal = ?, problems = ?, checked_on = ?, updated = ? WHERE deck_id = ?",
            [name, deck.format, deck.region, deck.notes, text, legal, problems, checked_on, now,
             deck_id],
        )  # fmt: skip
    return Saved(deck_id, name, version, created=created, changed=True)


def list_decks(store: Store, game: str | None = None) -> pd.DataFrame:
    """Saved decks (of ``game``, or of every game), most recently changed first."""
    ensure_schema(store)
    return store.con.execute(
        "SELECT s.deck_id, s.name, s.game, s.format, s.region, s.legal, s.problems, "
        "s.checked_on, s.notes, s.updated, "
        "(SELECT max(version) FROM decks.versions v WHERE v.deck_id = s.deck_id) AS versions "
        "FROM decks.saved s WHERE ? IS NULL OR s.game = ? ORDER BY s.updated DESC, s.name",
        [game, game],
    ).df()


def resolve(store: Store, key: str, game: str | None = None) -> DeckRef:
    """A saved deck by id, exact name or ``NAME@K`` (version K), optionally of one game."""
    ensure_schema(store)
    version: int | None = None
    found = _matches(store, key, game)
    match = _VERSIONED.match(key)
    if not found and match:
        found = _matches(store, match["name"], game)
        version = int(match["version"])
    if not found:
        raise InputError(f"no saved deck {key!r} (see `decklab decks list`)")
    if len(found) > 1:
        games = ", ".join(sorted(g for _, g in found))
        raise InputError(
            f"several saved decks are called {key!r} ({games}): choose the game or use the deck id"
        )
    deck_id, deck_game = found[0]
    latest, _ = _latest(store, deck_id)
    version = latest if version is None else version
    row = store.con.execute(
        "SELECT deck_json FROM decks.versions WHERE deck_id = ? AND version = ?",
        [deck_id, version],
    ).fetchone()
    if row is None:
        name = key.rsplit("@", 1)[0]
        raise InputError(f"{name!r} has versions 1 to {latest}; there is no version {version}")
    deck = deck_from_json(str(row[0]))
    return DeckRef(deck_id, deck.name, deck_game, version, latest, deck)


def _matches(store: Store, key: str, game: str | None) -> list[tuple[str, str]]:
    rows = store.con.execute(
        "SELECT deck_id, game FROM decks.saved WHERE (deck_id = ? OR name = ?) "
        "AND (? IS NULL OR game = ?) ORDER BY deck_id = ? DESC",
        [key, key, game, game, key],
    ).fetchall()
    if rows and rows[0][0] == key:
        rows = rows[:1]
    return [(str(r[0]), str(r[1])) for r in rows]


def load_deck(store: Store, key: str, game: str | None = None) -> tuple[str, Deck]:
    """A saved deck by id, exact name or ``NAME@K``: ``(deck_id, deck)``."""
    ref = resolve(store, key, game)
    return ref.deck_id, ref.deck


def versions(store: Store, deck_id: str) -> pd.DataFrame:
    """Every version of a saved deck, newest first: version, saved, legal, problems, cards."""
    ensure_schema(store)
    frame = store.con.execute(
        "SELECT version, saved, legal, problems, deck_json FROM decks.versions "
        "WHERE deck_id = ? ORDER BY version DESC",
        [deck_id],
    ).df()
    frame["cards"] = [_card_count(deck_from_json(str(t))) for t in frame["deck_json"]]
    return frame.drop(columns=["deck_json"])


def _card_count(deck: Deck) -> int:
    sections = RIFTBOUND_SECTIONS if deck.game == "riftbound" else SECTIONS
    return sum(sum(deck.section(s).values()) for s in sections)


def rename_deck(store: Store, key: str, new_name: str, game: str | None = None) -> str:
    """Give a saved deck a new (unique) name; returns the old name."""
    ref = resolve(store, key, game)
    name = _clean_name(new_name)
    if _find(store, name, ref.game, ref.deck_id):
        raise InputError(f"a saved {ref.game} deck is already called {name!r}")
    _, text = _latest(store, ref.deck_id)
    deck = deck_from_json(text or deck_to_json(ref.deck))
    deck.name = name
    with store.transaction():
        # the name is the deck's, not a version's: every version takes it
        for version, old in store.con.execute(
            "SELECT version, deck_json FROM decks.versions WHERE deck_id = ?", [ref.deck_id]
        ).fetchall():
            renamed = deck_from_json(str(old))
            renamed.name = name
            store.con.execute(
                "UPDATE decks.versions SET deck_json = ? WHERE deck_id = ? AND version = ?",
                [deck_to_json(renamed), ref.deck_id, version],
            )
        store.con.execute(
            "UPDATE decks.saved SET name = ?, deck_json = ?, updated = ? WHERE deck_id = ?",
            [name, deck_to_json(deck), _now(), ref.deck_id],
        )
    return ref.name


def duplicate_deck(
    store: Store, key: str, new_name: str | None = None, game: str | None = None
) -> Saved:
    """Save a copy of a deck as a new deck (default ``<name> (copy)``, numbered if taken)."""
    ref = resolve(store, key, game)
    row = store.con.execute(
        "SELECT legal, problems, checked_on FROM decks.versions WHERE deck_id = ? AND version = ?",
        [ref.deck_id, ref.version],
    ).fetchone()
    base = _clean_name(new_name) if new_name else f"{ref.name} (copy)"
    if new_name and _find(store, base, ref.game):
        raise InputError(f"a saved {ref.game} deck is already called {base!r}")
    name, n = base, 2
    while _find(store, name, ref.game):
        name, n = f"{base} {n}", n + 1
    deck = ref.deck
    deck.name = name
    legal, problems, checked_on = row if row else (None, None, None)
    return save_deck(store, deck, legal=legal, problems=problems, checked_on=checked_on)


def delete_deck(store: Store, key: str, game: str | None = None) -> str:
    """Delete a saved deck with every version; returns its name."""
    ref = resolve(store, key, game)
    with store.transaction():
        store.con.execute("DELETE FROM decks.versions WHERE deck_id = ?", [ref.deck_id])
        store.con.execute("DELETE FROM decks.saved WHERE deck_id = ?", [ref.deck_id])
    return ref.name


def deck_row(store: Store, deck_id: str) -> dict[str, Any]:
    """One saved deck's listing row."""
    frame = list_decks(store)
    match = frame[frame["deck_id"] == deck_id]
    if match.empty:
        raise InputError(f"no saved deck {deck_id!r}")
    return {str(k): v for k, v in match.iloc[0].to_dict().items()}
