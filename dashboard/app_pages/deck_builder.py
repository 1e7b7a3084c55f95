"""Deck builder: paste, upload or add cards; see counts and live legality; export the list."""

import streamlit as st

from cardpool.deck import Deck
from cardpool.decklist import FORMATS, parse_deck, parse_deck_bytes, write_deck
from cardpool.deckview import deck_table, section_for
from cardpool.errors import InputError
from cardpool.legality import assign_sections, validate
from dashboard import data, deck_state

st.title("Deck builder")
pool = data.pool("sve")
deck = deck_state.current()

paste_col, add_col = st.columns(2)
with paste_col:
    st.subheader("Paste or upload a list")
    pasted = st.text_area(
        "Deck list",
        key="builder_paste",
        height=160,
        placeholder="Leader\n1 SD01-LD01\nMain deck\n3 SD01-001\n...\nEvolve deck\n2 SD01-004",
    )
    if st.button("Load pasted list", key="builder_load"):
        try:
            deck = assign_sections(parse_deck(pasted, path="pasted list"), pool)
            deck_state.replace(deck)
        except InputError as err:
            st.error(f"Could not read the list: {err}")
    upload = st.file_uploader(
        "Deck file (text, SVEN JSON or {code: count} JSON)",
        type=["txt", "json", "dek"],
        key="builder_upload",
    )
    if upload is not None and st.session_state.get("builder_uploaded") != upload.file_id:
        st.session_state["builder_uploaded"] = upload.file_id
        try:
            deck = assign_sections(parse_deck_bytes(upload.getvalue(), name=upload.name), pool)
            deck_state.replace(deck)
        except InputError as err:
            st.error(f"Could not read {upload.name}: {err}")

with add_col:
    st.subheader("Add cards")
    found = st.text_input("Find a card", key="builder_find", placeholder="name or code")
    matches = data.search_cards(game="sve", name=found.strip() or None) if found.strip() else None
    if matches is not None and not matches.empty:
        labels = {
            r.card_id: f"{r.card_id} · {r.name} ({r.type}, cost {r.cost})"
            for r in matches.head(100).itertuples()
        }
        pick = st.selectbox(
            "Card", list(labels), format_func=labels.__getitem__, key="builder_pick"
        )
        count = st.number_input("Copies", 1, 50, 1, key="builder_count")
        row = pool.row(pick)
        if row is not None and st.button("Add to deck", key="builder_add"):
            deck.add(section_for(row.card_type), row.card_id, int(count))
    elif found.strip():
        st.caption("No card matches.")
    region_col, date_col = st.columns(2)
    deck.region = region_col.selectbox("Restriction list", ["asia", "en"], key="builder_region")
    on = date_col.date_input("As of", value=data.today(), key="builder_date")
    if st.button("Clear deck", key="builder_clear"):
        deck = Deck(region=deck.region)
        deck_state.replace(deck)

verdict = validate(deck, pool, data.restrictions("sve"), on=on)
main_m, evolve_m, leader_m, basis_m = st.columns(4)
main_m.metric("Main deck", f"{verdict.main_count} / 40-50")
evolve_m.metric("Evolve deck", f"{verdict.evolve_count} / 0-10")
leader_row = pool.row(deck.leader) if deck.leader else None
leader_m.metric("Leader", leader_row.name if leader_row else "none")
basis_m.metric("Class / title", verdict.title or verdict.deck_class or "-")

st.subheader("Legality")
if not (deck.leaders or deck.main or deck.evolve):
    st.info("The deck is empty: paste a list, upload a file, or add cards from a search.")
elif verdict.legal:
    st.success(f"Legal in {deck.region} as of {on.isoformat()}.")
else:
    st.error(
        f"Not legal in {deck.region} as of {on.isoformat()}: {len(verdict.errors)} problem(s)."
    )
    for e in verdict.errors:
        st.markdown(f"- **{e.code}** (CR {e.rule}): {e.message}")
for w in verdict.warnings:
    if deck.leaders or deck.main:
        st.warning(f"{w.message} (CR {w.rule})")

table = deck_table(deck, pool)
if not table.empty:
    st.subheader("Cards")
    edited = st.data_editor(
        table,
        key="builder_table",
        hide_index=True,
        disabled=["section", "code", "name", "type", "class", "cost"],
        column_config={"count": st.column_config.NumberColumn("count", min_value=0, max_value=50)},
        width="stretch",
    )
    changes = edited[edited["count"] != table["count"]]
    if not changes.empty:
        for change in changes.itertuples():
            before = int(table.loc[change.Index, "count"])
            deck.add(str(change.section), str(change.code), int(change.count) - before)
        del st.session_state["builder_table"]  # the edits are now in the deck itself
        st.rerun()

    st.subheader("Export")
    fmt_col, button_col = st.columns([1, 2])
    fmt = fmt_col.selectbox("Format", FORMATS, key="builder_export_format")
    names = {code: (pool.row(code).name if pool.row(code) else None) for code in table["code"]}
    exported = write_deck(deck, fmt, names.get if fmt == "text" else None)
    suffix = "txt" if fmt == "text" else "json"
    button_col.download_button(
        f"Download ({fmt})",
        exported,
        file_name=f"{deck.name or 'deck'}.{suffix}",
        key="builder_download",
    )
    st.code(exported, language="json" if suffix == "json" else None)
