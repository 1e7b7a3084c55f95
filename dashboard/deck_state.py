"""The deck being built, kept in the browser session."""

from __future__ import annotations

import streamlit as st

from cardpool.deck import Deck

KEY = "deck"


def current() -> Deck:
    """The session's deck (an empty SVE deck at first)."""
    deck = st.session_state.get(KEY)
    if not isinstance(deck, Deck):
        deck = Deck()
        st.session_state[KEY] = deck
    return deck


def replace(deck: Deck) -> None:
    """Make ``deck`` the session's deck."""
    st.session_state[KEY] = deck
