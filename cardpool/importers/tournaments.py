"""Importer for tournament decklists (JSON lines: one placed deck per line).

Each line holds the event date, the class or title label, the standing, the number of
players, the deck code, the tournament id and ``main_deck_by_code`` ({code: count}).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from cardpool.errors import InputError
from cardpool.readers import card_code, parse_json
from cardpool.store import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS cardpool.tournament_decks (
    game VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    line INTEGER NOT NULL,
    event_date DATE,
    label VARCHAR,
    standing INTEGER,
    players INTEGER,
    deck_code VARCHAR,
    tournament_id VARCHAR,
    main_json VARCHAR NOT NULL,
    PRIMARY KEY (game, source, line)
);
"""


@dataclass(frozen=True, slots=True)
class TournamentDeck:
    """One placed deck of one event."""

    line: int
    event_date: date | None
    label: str
    standing: int | None
    players: int | None
    deck_code: str
    tournament_id: str
    main: dict[str, int]


def looks_like(text: str) -> bool:
    """Whether text is JSON lines of decklists (the first line has ``main_deck_by_code``)."""
    first = text.lstrip().split("\n", 1)[0]
    return first.startswith("{") and '"main_deck_by_code"' in first


MAX_STANDING = 1_000_000
"""No event has a million players."""


def _int(doc: dict[str, object], key: str, *, path: Path, line: int) -> int | None:
    """A standing or a player count: absent, or a whole number from 1 to ``MAX_STANDING``."""
    value = doc.get(key)
    if value is None or value == "":
        return None
    text = value if isinstance(value, str) else None
    if isinstance(value, int) and not isinstance(value, bool):
        number: int | None = value
    elif text is not None and text.isascii() and text.isdigit() and len(text) <= 7:
        number = int(text)
    else:
        number = None
    if number is None or not 1 <= number <= MAX_STANDING:
        raise InputError(
            f"{key!r} {str(value)[:40]!r} is not a whole number from 1 to {MAX_STANDING:,}",
            path=path,
            line=line,
        )
    return number


def read_lines(text: str, *, path: Path) -> list[TournamentDeck]:
    """Parse every line; a bad line raises ``InputError`` naming it."""
    decks: list[TournamentDeck] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        doc = parse_json(raw, path=path, line=number)
        main = doc.get("main_deck_by_code") if isinstance(doc, dict) else None
        if not isinstance(main, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and 0 < v < 100 for k, v in main.items()
        ):
            raise InputError("needs 'main_deck_by_code' of {code: count}", path=path, line=number)
        for code in main:
            card_code(code, where="'main_deck_by_code'", path=f"{path}, line {number}")
        try:
            when = date.fromisoformat(str(doc["date"])) if doc.get("date") else None
        except ValueError:
            raise InputError(
                f"'date' is not a date: {doc['date']!r}", path=path, line=number
            ) from None
        decks.append(
            TournamentDeck(
                line=number,
                event_date=when,
                label=str(doc.get("class_or_title_ja") or ""),
                standing=_int(doc, "rank", path=path, line=number),
                players=_int(doc, "players", path=path, line=number),
                deck_code=str(doc.get("deck_code") or ""),
                tournament_id=str(doc.get("tournament_id") or ""),
                main=dict(main),
            )
        )
    if not decks:
        raise InputError("no decklists in the file", path=path)
    return decks


def store_decks(
    store: Store, decks: list[TournamentDeck], *, source: str, game: str = "sve"
) -> None:
    """Replace the decklists of ``source`` with ``decks`` (all or nothing)."""
    store.con.execute(SCHEMA)
    with store.transaction():
        store.con.execute(
            "DELETE FROM cardpool.tournament_decks WHERE game = ? AND source = ?", [game, source]
        )
        for d in decks:
            store.con.execute(
                "INSERT INTO cardpool.tournament_decks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [game, source, d.line, d.event_date, d.label, d.standing, d.players, d.deck_code,
                 d.tournament_id, json.dumps(d.main, ensure_ascii=False)],
            )  # fmt: skip
