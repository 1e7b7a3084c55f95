"""My decks: saved decks with their legality; open, duplicate, rename, delete, import, export."""

import streamlit as st

from cardpool import deckstore
from cardpool.deck import Deck
from cardpool.decklist import FORMATS, parse_deck_bytes, write_deck
from cardpool.errors import InputError
from cardpool.legality import assign_sections, validate
from dashboard import data, deck_state
from dashboard.plain import plain

st.title("My decks")
pool = data.pool("sve")


def save_checked(deck: Deck, deck_id: str | None = None) -> str:
    """Save a deck with its legality as of today."""
    verdict = validate(deck, pool, data.restrictions("sve"), on=data.today())
    with data.store() as store:
        return deckstore.save_deck(
            store, deck, legal=verdict.legal, problems=len(verdict.errors),
            checked_on=data.today(), deck_id=deck_id,
        )  # fmt: skip


current = deck_state.current()
with st.expander("Save the deck from the Deck builder", expanded=bool(current.main)):
    if not (current.main or current.leaders or current.evolve):
        st.caption("The Deck builder is empty: build or paste a deck there first.")
    else:
        name = st.text_input("Name", value=current.name, key="mydecks_save_name")
        notes = st.text_area("Notes", value=current.notes, key="mydecks_save_notes", height=68)
        if st.button("Save deck", key="mydecks_save"):
            current.name, current.notes = name, notes
            try:
                save_checked(current)
                st.success(f"Saved {current.name!r}.")
            except InputError as err:
                st.error(plain(err))

upload = st.file_uploader("Import a deck file", type=["txt", "json", "dek"], key="mydecks_upload")
if upload is not None and st.session_state.get("mydecks_uploaded") != upload.file_id:
    st.session_state["mydecks_uploaded"] = upload.file_id
    try:
        deck = assign_sections(parse_deck_bytes(upload.getvalue(), name=upload.name), pool)
        deck.name = deck.name or upload.name.rsplit(".", 1)[0]
        save_checked(deck)
        st.success(f"Imported {deck.name!r}.")
    except InputError as err:
        st.error(f"Could not import {plain(upload.name)}: {plain(err)}")

with data.store() as store:
    saved = deckstore.list_decks(store, "sve")
if saved.empty:
    st.info("No saved decks yet. Build one in the Deck builder and save it here, or import a file.")
    st.stop()

st.dataframe(
    saved[["name", "region", "legal", "problems", "checked_on", "notes", "updated"]],
    key="mydecks_table", hide_index=True, width="stretch",
)  # fmt: skip
names = dict(zip(saved["deck_id"], saved["name"], strict=True))
chosen = st.selectbox("Deck", list(names), format_func=names.__getitem__, key="mydecks_pick")

open_col, copy_col, delete_col = st.columns(3)
if open_col.button("Open in the Deck builder", key="mydecks_open"):
    with data.store() as store:
        _, deck = deckstore.load_deck(store, chosen)
    deck_state.replace(deck)
    st.switch_page("app_pages/deck_builder.py")
if copy_col.button("Duplicate", key="mydecks_copy"):
    with data.store() as store:
        deckstore.duplicate_deck(store, chosen)
    st.rerun()
confirm = delete_col.checkbox("Really delete", key="mydecks_confirm")
if delete_col.button("Delete", key="mydecks_delete", disabled=not confirm):
    with data.store() as store:
        deckstore.delete_deck(store, chosen)
    st.rerun()

rename_col, rename_button = st.columns([3, 1])
new_name = rename_col.text_input("New name", key="mydecks_new_name")
if rename_button.button("Rename", key="mydecks_rename") and new_name.strip():
    try:
        with data.store() as store:
            deckstore.rename_deck(store, chosen, new_name)
        st.rerun()
    except InputError as err:
        st.error(plain(err))

fmt = st.selectbox("Export format", FORMATS, key="mydecks_format")
with data.store() as store:
    _, deck = deckstore.load_deck(store, chosen)
st.download_button(
    f"Download {plain(names[chosen])} ({fmt})",
    write_deck(deck, fmt),
    file_name=f"{names[chosen]}.{'txt' if fmt == 'text' else 'json'}",
    key="mydecks_download",
)
