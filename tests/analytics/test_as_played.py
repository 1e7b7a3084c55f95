"""The deck a simulation plays: its own evolve deck, or one built for it (and said so)."""

from __future__ import annotations

from pathlib import Path

from analytics.decks import as_played
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool

FAIRIES = Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt"


def test_a_deck_with_an_evolve_deck_is_played_as_it_is() -> None:
    deck = read_deck_file(FAIRIES)
    played, built = as_played(deck, load_sve_pool())
    assert built is False
    assert played.evolve == deck.evolve


def test_a_deck_without_one_gets_the_evolved_forms_of_its_followers() -> None:
    pool = load_sve_pool()
    deck = read_deck_file(FAIRIES)
    deck.evolve = {}
    played, built = as_played(deck, pool)
    assert built is True
    assert played.main == deck.main
    assert 0 < sum(played.evolve.values()) <= 10
    main_names = {pool.rows[c].name for c in deck.main}
    for cid in played.evolve:
        assert pool.rows[cid].card_type == "evolved_follower"
        assert pool.rows[cid].name in main_names
