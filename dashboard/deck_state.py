"""The decks being built, kept in the browser session (one per game), and the chosen game."""

from __future__ import annotations

import streamlit as st

from cardpool.deck import Deck
from cardpool.games import rules

GAME_KEY = "game"


def game() -> str:
    """The game chosen in the sidebar (SVE until one is chosen)."""
    value = st.session_state.get(GAME_KEY, "sve")
    return value if value in ("sve", "riftbound") else "sve"


def _key(game_id: str) -> str:
    return "deck" if game_id == "sve" else f"deck_{game_id}"


def current(game_id: str | None = None) -> Deck:
    """The session's deck of a game (an empty deck at first)."""
    game_id = game_id or game()
    deck = st.session_state.get(_key(game_id))
    if not isinstance(deck, Deck):
        deck = rules(game_id).empty_deck()
        st.session_state[_key(game_id)] = deck
    return deck


def replace(deck: Deck) -> None:
    """Make ``deck`` the session's deck of its game."""
    st.session_state[_key(deck.game)] = deck


def sve_only(sentence: str) -> None:
    """On a page with no Riftbound side, say so in one sentence and stop while it is chosen."""
    if game() != "sve":
        st.info(sentence)
        st.stop()
