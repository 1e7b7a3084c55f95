"""Meta: class and title shares and the most-played cards of imported tournament decklists."""

from pathlib import Path

import streamlit as st

from analytics import figures
from analytics.calibration import TRUST_NOTE
from analytics.meta import archetype, deck_of, decklists, most_played, shares
from cardpool.errors import InputError
from cardpool.importers import tournaments
from cardpool.legality import assign_sections
from cardpool.readers import MAX_DECK_BYTES, decode
from cardpool.words import class_word
from dashboard import data, deck_state
from dashboard.plain import plain

st.title("Meta")
deck_state.sve_only(
    "Meta covers Shadowverse EVOLVE tournament decklists only: there is no Riftbound "
    "tournament data to read."
)
upload = st.file_uploader(
    "Import tournament decklists (JSON lines with main_deck_by_code)", type=["jsonl"],
    key="meta_upload",
)  # fmt: skip
if upload is not None and st.session_state.get("meta_uploaded") != upload.file_id:
    st.session_state["meta_uploaded"] = upload.file_id
    try:
        raw = upload.getvalue()
        if len(raw) > MAX_DECK_BYTES:
            raise InputError(f"file is {len(raw):,} bytes; the limit is {MAX_DECK_BYTES:,}")
        text = decode(raw, path=upload.name)
        lists = tournaments.read_lines(text, path=Path(upload.name))
        with data.store() as store:
            tournaments.store_decks(store, lists, source=upload.name)
        st.success(f"Imported {len(lists)} decklists from {plain(upload.name)}.")
    except InputError as err:
        st.error(f"Could not import {plain(upload.name)}: {plain(err)}")

with data.store() as store:
    lists = decklists(store)
if lists.empty:
    st.info(
        "No tournament decklists yet. Import a JSON-lines file above, or from the command line: "
        "`decklab db import individual_v2.jsonl`."
    )
    st.stop()

pool = data.pool("sve")
st.caption(
    f"{len(lists)} decklists from {lists['tournament_id'].nunique()} events, "
    f"{str(lists['event_date'].min())[:10]} to {str(lists['event_date'].max())[:10]}."
)
share = shares(lists)
share["archetype"] = share["archetype"].map(class_word)  # Forestcraft, not forest
st.plotly_chart(figures.shares_figure(share), key="meta_shares")
st.caption(TRUST_NOTE)
st.subheader("Most-played cards")
st.dataframe(
    most_played(lists, pool, top=30), key="meta_cards", hide_index=True, width="stretch",
    column_config={
        "card_id": "Code", "name": "Card", "decks": "Decks",
        "inclusion": st.column_config.NumberColumn("Played in", format="percent",
                                                   help="Share of the decklists that play it"),
        "copies": "Copies", "avg_copies": st.column_config.NumberColumn(
            "Copies per deck", format="%.1f", help="Copies per decklist that plays it"),
    },
)  # fmt: skip

st.subheader("Open a list in the deck builder")
labels = {
    i: f"{class_word(archetype(row.label)) or '?'} · {row.deck_code} · #{row.standing} of "
    f"{row.players} players · {str(row.event_date)[:10]}"
    for i, row in enumerate(lists.itertuples())
}
pick = st.selectbox("Decklist", list(labels), format_func=labels.__getitem__, key="meta_pick")


def open_in_builder(index: int) -> None:
    """Make list ``index`` the builder's deck and go there."""
    st.session_state.pop("meta_replacing", None)
    deck_state.replace(assign_sections(deck_of(lists, index), pool))
    st.switch_page("app_pages/deck_builder.py")


building = deck_state.current("sve")
if st.button("Open in the Deck builder", key="meta_open"):
    if any(building.section(s) for s in ("leader", "main", "evolve")):
        st.session_state["meta_replacing"] = pick  # ask first: the builder holds a deck
    else:
        open_in_builder(pick)
if st.session_state.get("meta_replacing") == pick:
    held = sum(building.main.values()) + sum(building.evolve.values())
    st.warning(
        f"The Deck builder holds {plain(building.name or 'a deck')} ({held} cards). Opening "
        "this list replaces it; save it in My decks first to keep it."
    )
    replace_col, keep_col = st.columns(2)
    if replace_col.button("Replace it", key="meta_replace", type="primary"):
        open_in_builder(pick)
    if keep_col.button("Keep the deck I am building", key="meta_keep"):
        st.session_state.pop("meta_replacing", None)
        st.rerun()
