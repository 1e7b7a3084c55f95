"""Saved decks: each game's decks apart, versions on every save, and databases made before."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpool import deckdiff, deckstore
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.store import Store

OLD_SCHEMA = """
CREATE SCHEMA decks;
CREATE TABLE decks.saved (
    deck_id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, game VARCHAR NOT NULL,
    format VARCHAR NOT NULL, region VARCHAR NOT NULL, notes VARCHAR,
    deck_json VARCHAR NOT NULL, legal BOOLEAN, problems INTEGER, checked_on DATE,
    created TIMESTAMP NOT NULL, updated TIMESTAMP NOT NULL
);
"""
"""The saved-deck table as databases made before versions hold it."""


def _deck(name: str, game: str = "sve", **main: int) -> Deck:
    deck = Deck(game=game, name=name)
    deck.main = {code.replace("_", "-"): n for code, n in main.items()}
    return deck


def test_a_database_made_before_versions_keeps_working(tmp_path: Path) -> None:
    path = tmp_path / "old.duckdb"
    with Store.open(path) as store:
        store.con.execute(OLD_SCHEMA)
        old = _deck("Fae", SD01_001=3)
        store.con.execute(
            "INSERT INTO decks.saved VALUES ('abc', 'Fae', 'sve', 'standard', 'asia', '', ?, "
            "true, 0, DATE '2026-01-02', TIMESTAMP '2026-01-02 10:00', "
            "TIMESTAMP '2026-01-02 10:00')",
            [deckstore.deck_to_json(old)],
        )
    with Store.open(path) as store:
        listing = deckstore.list_decks(store)
        assert list(zip(listing["name"], listing["versions"], strict=True)) == [("Fae", 1)]
        saved = deckstore.save_deck(store, _deck("Fae", SD01_001=2, SD01_002=1), legal=False)
        assert (saved.deck_id, saved.version, saved.created) == ("abc", 2, False)
        assert deckstore.resolve(store, "Fae@1").deck.main == {"SD01-001": 3}
        assert deckstore.resolve(store, "Fae").deck.main == {"SD01-001": 2, "SD01-002": 1}


def test_every_save_under_a_name_keeps_a_version() -> None:
    store = Store.memory()
    first = deckstore.save_deck(store, _deck("Fae", SD01_001=3))
    again = deckstore.save_deck(store, _deck("Fae", SD01_001=3))
    second = deckstore.save_deck(store, _deck("Fae", SD01_001=1, SD01_003=2))
    assert (first.version, first.created, first.changed) == (1, True, True)
    assert (again.version, again.changed) == (1, False)  # the same list: nothing new
    assert (second.deck_id, second.version, second.created) == (first.deck_id, 2, False)
    history = deckstore.versions(store, first.deck_id)
    assert list(history["version"]) == [2, 1]
    assert list(history["cards"]) == [3, 3]
    changes = deckdiff.diff_decks(
        deckstore.resolve(store, "Fae@1").deck, deckstore.resolve(store, "Fae@2").deck
    )
    assert [(c.code, c.before, c.after) for c in changes] == [
        ("SD01-001", 3, 1),
        ("SD01-003", 0, 2),
    ]
    assert deckdiff.summary(changes) == "2 cards in, 2 cards out"


def test_each_game_has_its_own_names() -> None:
    store = Store.memory()
    sve = deckstore.save_deck(store, _deck("Same", SD01_001=3))
    rift = deckstore.save_deck(store, _deck("Same", "riftbound", OGN_001=3))
    assert sve.deck_id != rift.deck_id
    assert list(deckstore.list_decks(store, "riftbound")["game"]) == ["riftbound"]
    assert list(deckstore.list_decks(store, "sve")["game"]) == ["sve"]
    assert deckstore.resolve(store, "Same", "riftbound").deck.main == {"OGN-001": 3}
    with pytest.raises(InputError, match="several saved decks are called 'Same'"):
        deckstore.resolve(store, "Same")


def test_rename_keeps_the_history_and_refuses_a_taken_name() -> None:
    store = Store.memory()
    deckstore.save_deck(store, _deck("Fae", SD01_001=3))
    deckstore.save_deck(store, _deck("Fae", SD01_001=2))
    deckstore.save_deck(store, _deck("Other", SD01_001=1))
    with pytest.raises(InputError, match="already called 'Other'"):
        deckstore.rename_deck(store, "Fae", "Other")
    assert deckstore.rename_deck(store, "Fae", "Fairies") == "Fae"
    assert deckstore.resolve(store, "Fairies@1").deck.main == {"SD01-001": 3}
    assert deckstore.resolve(store, "Fairies@1").name == "Fairies"
    with pytest.raises(InputError, match="no saved deck 'Fae@1'"):
        deckstore.resolve(store, "Fae@1")


def test_delete_removes_every_version() -> None:
    store = Store.memory()
    saved = deckstore.save_deck(store, _deck("Fae", SD01_001=3))
    deckstore.save_deck(store, _deck("Fae", SD01_001=2))
    assert deckstore.delete_deck(store, "Fae") == "Fae"
    assert deckstore.list_decks(store).empty
    assert deckstore.versions(store, saved.deck_id).empty
    again = deckstore.save_deck(store, _deck("Fae", SD01_001=1))
    assert (again.version, again.created) == (1, True)
