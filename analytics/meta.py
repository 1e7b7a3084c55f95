"""The metagame of imported tournament decklists: class and title shares, most-played cards."""

from __future__ import annotations

import json
from collections import Counter

import pandas as pd

from cardpool.deck import Deck
from cardpool.importers.tournaments import SCHEMA
from cardpool.normalise import CLASS_IDS, TITLE_IDS
from cardpool.pool import PoolIndex
from cardpool.store import Store
from cardpool.words import class_word

META_COLUMNS = [
    "source", "line", "event_date", "label", "standing", "players", "deck_code", "tournament_id",
    "main_json",
]  # fmt: skip


def decklists(store: Store, game: str = "sve") -> pd.DataFrame:
    """Every imported tournament decklist (empty frame when none were imported)."""
    store.ensure_schema(SCHEMA)
    return store.con.execute(
        f"SELECT {', '.join(META_COLUMNS)} FROM cardpool.tournament_decks WHERE game = ? "
        "ORDER BY event_date, tournament_id, standing, line",
        [game],
    ).df()


def archetype(label: str) -> str:
    """The class or title id of a decklist label (Japanese), or the label itself."""
    return CLASS_IDS.get(label) or TITLE_IDS.get(label) or (label or "unknown")


def shares(lists: pd.DataFrame) -> pd.DataFrame:
    """Decks per class or title and their share of all decks, largest first."""
    if lists.empty:
        return pd.DataFrame(columns=["archetype", "decks", "share"])
    counts = Counter(archetype(str(label)) for label in lists["label"])
    total = sum(counts.values())
    rows = [(name, n, n / total) for name, n in counts.most_common()]
    return pd.DataFrame(rows, columns=["archetype", "decks", "share"])


def most_played(lists: pd.DataFrame, pool: PoolIndex, top: int = 30) -> pd.DataFrame:
    """Cards by the share of decks that play them, with copies per deck that plays them.

    Printings resolve to their card, so an alternate art counts with its base card.
    """
    columns = ["card_id", "name", "decks", "inclusion", "copies", "avg_copies"]
    if lists.empty:
        return pd.DataFrame(columns=columns)
    decks_with: Counter[str] = Counter()
    copies: Counter[str] = Counter()
    for text in lists["main_json"]:
        seen: set[str] = set()
        for code, count in json.loads(str(text)).items():
            cid = pool.card_id(code) or code
            copies[cid] += int(count)
            seen.add(cid)
        decks_with.update(seen)
    total = len(lists)
    rows = []
    for cid, n in decks_with.most_common(top):
        row = pool.rows.get(cid)
        rows.append(
            (cid, row.name if row else "(unknown)", n, n / total, copies[cid], copies[cid] / n)
        )
    return pd.DataFrame(rows, columns=columns)


def deck_of(lists: pd.DataFrame, index: int) -> Deck:
    """One listed decklist as a deck (main deck only, as published)."""
    row = lists.iloc[index]
    when = pd.Timestamp(row["event_date"]).date().isoformat() if row["event_date"] else "?"
    kind = class_word(archetype(str(row["label"])))
    name = f"{kind} {row['deck_code']} ({when}, #{row['standing']})"
    return Deck(name=name, main=json.loads(str(row["main_json"])))
