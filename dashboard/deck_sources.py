"""Decks a page can pick from: the deck being built, saved decks and the bundled examples."""

from __future__ import annotations

from pathlib import Path

from cardpool import deckstore
from cardpool.deck import Deck
from cardpool.decklist import read_deck_file
from dashboard import data, deck_state

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def example_decks() -> dict[str, Deck]:
    """The example lists in the checkout's ``examples/`` (none in an installed wheel)."""
    out: dict[str, Deck] = {}
    for path in sorted(EXAMPLES.glob("*.txt")) if EXAMPLES.is_dir() else []:
        deck = read_deck_file(path)
        out[f"example: {deck.name}"] = deck
    return out


def available_decks() -> dict[str, Deck]:
    """Every SVE deck to simulate, by label: the builder's deck, saved decks, examples.

    Only SVE decks: the publisher's policy allows no automated Riftbound play.
    """
    out: dict[str, Deck] = {}
    current = deck_state.current("sve")
    if current.main:
        out[f"deck builder: {current.name or 'unsaved deck'}"] = current
    with data.store() as store:
        saved = deckstore.list_decks(store, "sve")
        for deck_id, name in zip(saved["deck_id"], saved["name"], strict=True):
            out[f"saved: {name}"] = deckstore.load_deck(store, str(deck_id))[1]
    out.update(example_decks())
    return out


def _cards(deck: Deck) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    return deck.leaders, deck.main, deck.evolve


def other_deck(decks: dict[str, Deck], label: str) -> int:
    """The position of the first deck whose list differs from ``label``'s (the builder's deck
    is often an example loaded into it), so two pickers open on two decks; 0 if none does."""
    chosen = _cards(decks[label]) if label in decks else None
    for i, (other, deck) in enumerate(decks.items()):
        if other != label and _cards(deck) != chosen:
            return i
    return 0
