"""The difference between two lists of one deck: cards in, cards out, counts per section.

Lists are compared by card, not by printing: any printing of a card counts as that card
(reprints and alternate arts share one identity, see ``cardpool.identities``), so a deck
re-saved in other printings holds the same cards. Printings that changed while the count
stayed are told apart (:func:`printings_changed`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from cardpool.deck import RIFTBOUND_SECTIONS, SECTIONS, Deck

SECTION_NAMES = {
    "leader": "Leader",
    "main": "Main deck",
    "evolve": "Evolve deck",
    "legend": "Legend",
    "champion": "Champion",
    "runes": "Runes",
    "battlefields": "Battlefields",
    "sideboard": "Sideboard",
}
"""Each section as players name it."""


CardId = Callable[[str], str | None]
"""A printed code -> its card's identity (``PoolIndex.card_id``); ``None`` if unknown."""


@dataclass(frozen=True)
class CardChange:
    """One card whose count differs between the two lists."""

    section: str
    code: str
    """The card's printing as the new list writes it (the old list's if it left)."""
    before: int
    after: int

    @property
    def change(self) -> int:
        """Copies added (positive) or taken out (negative)."""
        return self.after - self.before


def sections_of(deck: Deck) -> tuple[str, ...]:
    """The sections a deck of its game has."""
    return RIFTBOUND_SECTIONS if deck.game == "riftbound" else SECTIONS


def by_card(
    cards: dict[str, int], card_id: CardId | None
) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Copies per card identity, and the printings of each as the list writes them."""
    counts: dict[str, int] = {}
    codes: dict[str, list[str]] = {}
    for code, n in cards.items():
        key = (card_id(code) if card_id else None) or code
        counts[key] = counts.get(key, 0) + n
        codes.setdefault(key, []).append(code)
    return counts, codes


def diff_decks(old: Deck, new: Deck, card_id: CardId | None = None) -> list[CardChange]:
    """Every card whose count changed from ``old`` to ``new``, by section then card.

    With ``card_id`` every printing counts as its card; without it codes are compared as
    written.

    >>> a, b = Deck(main={"X-1": 3, "X-2": 1}), Deck(main={"X-1": 2, "X-3": 2})
    >>> [(c.code, c.before, c.after) for c in diff_decks(a, b)]
    [('X-1', 3, 2), ('X-2', 1, 0), ('X-3', 0, 2)]
    >>> same = {"X-1": "X-1", "P-9": "X-1"}.get  # P-9 is another printing of X-1
    >>> diff_decks(Deck(main={"X-1": 3}), Deck(main={"X-1": 1, "P-9": 2}), same)
    []
    """
    changes = []
    for section in sections_of(new):
        before, old_codes = by_card(old.section(section), card_id)
        after, new_codes = by_card(new.section(section), card_id)
        for key in sorted(set(before) | set(after)):
            if before.get(key, 0) != after.get(key, 0):
                code = (new_codes.get(key) or old_codes[key])[0]
                changes.append(CardChange(section, code, before.get(key, 0), after.get(key, 0)))
    return changes


def printings_changed(
    old: Deck, new: Deck, card_id: CardId
) -> list[tuple[str, list[str], list[str]]]:
    """Cards held in equal numbers whose printings changed: (section, old codes, new codes)."""
    out = []
    for section in sections_of(new):
        before, old_codes = by_card(old.section(section), card_id)
        after, new_codes = by_card(new.section(section), card_id)
        for key in sorted(set(before) & set(after)):
            if before[key] == after[key] and sorted(old_codes[key]) != sorted(new_codes[key]):
                out.append((section, old_codes[key], new_codes[key]))
    return out


def cards_in_out(changes: list[CardChange]) -> tuple[int, int]:
    """Copies added and copies taken out, over every section."""
    added = sum(c.change for c in changes if c.change > 0)
    removed = -sum(c.change for c in changes if c.change < 0)
    return added, removed


def summary(changes: list[CardChange]) -> str:
    """``3 cards in, 2 cards out`` (or that the lists hold the same cards)."""
    if not changes:
        return "The two lists hold the same cards."
    added, removed = cards_in_out(changes)
    return f"{_cards(added)} in, {_cards(removed)} out"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def diff_frame(changes: list[CardChange], name: Callable[[str], str | None]) -> pd.DataFrame:
    """The changes as a table with players' column names (Section, Card, Code, Before, ...)."""
    return pd.DataFrame(
        [
            {
                "Section": SECTION_NAMES.get(c.section, c.section),
                "Card": name(c.code) or c.code,
                "Code": c.code,
                "Before": c.before,
                "After": c.after,
                "Change": f"{c.change:+d}",
            }
            for c in changes
        ],
        columns=["Section", "Card", "Code", "Before", "After", "Change"],
    )
