"""Decks for the simulation benchmarks: real tournament lists where ../shared is present,
otherwise class decks built from the embedded snapshot."""

from __future__ import annotations

import json
import os
from pathlib import Path

from analytics.decks import deck_spec
from cardpool.deck import Deck
from cardpool.snapshot import load_sve_pool
from engine.sve import DeckSpec

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DECKLAB_SHARED", REPO.parent / "shared"))
LISTS = SHARED / "data" / "sve" / "decks" / "individual_v2.jsonl"


def benchmark_decks(count: int = 8) -> list[tuple[str, DeckSpec]]:
    """``count`` decks of different classes or titles, named."""
    pool = load_sve_pool()
    decks: list[tuple[str, Deck]] = []
    if LISTS.exists():
        seen: set[str] = set()
        for line in LISTS.read_text(encoding="utf-8").splitlines():
            doc = json.loads(line)
            label = doc["class_or_title_ja"] or "?"
            if label not in seen:
                seen.add(label)
                decks.append((f"{label} {doc['deck_code']}", Deck(main=doc["main_deck_by_code"])))
    for cls in ("forest", "sword", "rune", "dragon", "abyss", "haven"):
        followers = sorted(
            (r for r in pool.rows.values()
             if r.card_class == cls and r.card_type == "follower" and r.cost in (1, 2, 3, 4, 5)),
            key=lambda r: r.card_id,
        )[:14]  # fmt: skip
        main = {r.card_id: 3 for r in followers}
        main[followers[0].card_id] = 1
        decks.append((f"{cls} (snapshot)", Deck(main=main)))
    return [(name, deck_spec(d, pool)) for name, d in decks[:count]]
