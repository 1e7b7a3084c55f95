"""Select boxes whose options follow a search: the choice shown is the choice read."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st


def forget_stale_choice(key: str, options: Sequence[str]) -> None:
    """Drop the kept choice of the box ``key`` when its options differ from the last run's.

    A box whose options change (a new search) is drawn afresh on its first option, but
    Streamlit keeps the old choice when that is among the new options, so the page would
    read a card the box does not show (after a search with no match, say). Call before
    drawing the box.
    """
    seen = f"{key}__options"
    if st.session_state.get(seen) != list(options):
        st.session_state.pop(key, None)
        st.session_state[seen] = list(options)
