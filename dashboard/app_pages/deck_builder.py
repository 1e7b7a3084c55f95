"""Deck builder: paste, upload or add cards; see counts and live legality; export the list."""

import pandas as pd
import streamlit as st

from analytics.decks import unmodelled_cards
from cardpool.deckdiff import SECTION_NAMES
from cardpool.decklist import parse_deck_bytes
from cardpool.deckview import deck_table
from cardpool.errors import InputError
from cardpool.games import rules
from cardpool.legality import assign_sections
from cardpool.readers import MAX_DECK_BYTES, check_size, decode
from cardpool.words import class_word, region_word, rule_word, type_word
from dashboard import data, deck_state
from dashboard.choices import forget_stale_choice
from dashboard.plain import plain

game = deck_state.game()
game_rules = rules(game)
st.title("Deck builder")
pool = data.pool(game)
deck = deck_state.current(game)
riftbound = game == "riftbound"


def read_upload(raw: bytes, name: str) -> object:
    """An uploaded list read with this game's rules (size-limited, UTF-8)."""
    if riftbound:
        if len(raw) > MAX_DECK_BYTES:
            raise InputError(f"file is {len(raw):,} bytes; the limit is {MAX_DECK_BYTES:,}")
        return game_rules.parse(decode(raw, path=name), pool)
    return assign_sections(parse_deck_bytes(raw, name=name), pool)


paste_col, add_col = st.columns(2)
with paste_col:
    st.subheader("Paste or upload a list")
    placeholder = (
        "Legend\n1 OGN-251\nChampion\n1 OGN-030\nMain Deck\n3 OGN-001\n...\nRunes\n6 Fury\n..."
        if riftbound
        else "Leader\n1 SD01-LD01\nMain deck\n3 SD01-001\n...\nEvolve deck\n2 SD01-004"
    )
    pasted = st.text_area(
        "Deck list",
        key="builder_paste",
        height=160,
        placeholder=placeholder,
        max_chars=MAX_DECK_BYTES,  # the upload limit
    )
    if st.button("Load pasted list", key="builder_load"):
        try:
            check_size(len(pasted.encode("utf-8")), path="pasted list")
            deck = game_rules.parse(pasted, pool)
            deck_state.replace(deck)
        except InputError as err:
            st.error(f"Could not read the list: {plain(err)}")
    upload = st.file_uploader(
        "Deck file (text or JSON)", type=["txt", "json", "dek"], key=f"builder_upload_{game}"
    )
    if upload is not None and st.session_state.get("builder_uploaded") != upload.file_id:
        st.session_state["builder_uploaded"] = upload.file_id
        try:
            loaded = read_upload(upload.getvalue(), upload.name)
            assert isinstance(loaded, type(deck))
            deck = loaded
            deck_state.replace(deck)
        except InputError as err:
            st.error(f"Could not read {plain(upload.name)}: {plain(err)}")

with add_col:
    st.subheader("Add cards")
    found = st.text_input("Find a card", key="builder_find", placeholder="name or code")
    matches = data.search_cards(game=game, name=found.strip() or None) if found.strip() else None
    if matches is not None and not matches.empty:
        cost_word = "energy" if riftbound else "cost"
        labels = {
            r.card_id: f"{r.card_id} · {r.name} ({type_word(r.type)}"
            + ("" if pd.isna(r.cost) else f", {cost_word} {int(r.cost)}")
            + ")"
            for r in matches.head(100).itertuples()
        }
        forget_stale_choice("builder_pick", list(labels))
        pick = st.selectbox(
            "Card", list(labels), format_func=labels.__getitem__, key="builder_pick"
        )
        count = st.number_input("Copies", 1, 50, 1, key="builder_count")
        row = pool.row(pick)
        if row is not None and st.button("Add to deck", key="builder_add"):
            deck.add(game_rules.section_for(row), row.card_id, int(count))
    elif found.strip():
        st.caption("No card matches.")
    region_col, date_col = st.columns(2)
    if not riftbound:
        deck.region = region_col.selectbox(
            "Restriction list", game_rules.regions, key="builder_region", format_func=region_word
        )
    else:
        deck.format = region_col.selectbox(
            "Format", ["duel", "casual"], key="builder_rift_format",
            help="Duel: exactly 40 cards and the ban list; casual: at least 40, no ban list.",
        )  # fmt: skip
    on = date_col.date_input("As of", value=data.today(), key="builder_date")
    if st.button("Clear deck", key="builder_clear"):
        deck = game_rules.empty_deck()
        deck_state.replace(deck)

verdict = game_rules.judge(deck, pool, data.restrictions(game), on)
shown = game_rules.sizes(verdict)
if not riftbound:
    leader_row = pool.row(deck.leader) if deck.leader else None
    shown["Leader"] = leader_row.name if leader_row else "none"
shown["Domains / champion" if riftbound else "Class / title"] = (
    class_word(game_rules.basis(verdict)) or "-"
)
for column, (label, value) in zip(st.columns(len(shown)), shown.items(), strict=True):
    column.metric(plain(label), value)

empty = not any(deck.section(s) for s in game_rules.sections)
where = "" if riftbound else f" in {plain(region_word(deck.region))}"
st.subheader("Legality")
if empty:
    st.info("The deck is empty: paste a list, upload a file, or add cards from a search.")
elif verdict.legal:
    st.success(f"Legal{where} as of {on.isoformat()}.")
else:
    st.error(f"Not legal{where} as of {on.isoformat()}: {len(verdict.errors)} problem(s).")
    for e in verdict.errors:  # the problem first; its rule after (codes are for scripts)
        cited = rule_word(e.rule)
        st.markdown(f"- {plain(e.message)}" + (f" ({plain(cited)})" if cited else ""))
for w in verdict.warnings:
    if not empty:
        cited = rule_word(w.rule)
        st.warning(plain(w.message) + (f" ({plain(cited)})" if cited else ""))

table = deck_table(deck, pool, game_rules.sections)
if not table.empty:
    st.subheader("Cards")
    shown = table.assign(
        part=table["section"].map(SECTION_NAMES),
        type=table["type"].map(type_word),
        **{"class": table["class"].map(class_word)},
        cost=table["cost"].map(lambda c: "" if pd.isna(c) else str(int(c))),
    )
    edited = st.data_editor(
        shown,
        key="builder_table",
        hide_index=True,
        column_order=["part", "code", "name", "type", "class", "cost"]
        + ([] if riftbound else ["preview"])
        + ["count"],
        disabled=["part", "code", "name", "type", "class", "cost", "preview"],
        column_config={
            "part": "Section", "code": "Code", "name": "Name", "type": "Type",
            "class": "Domain" if riftbound else "Class",
            "cost": "Energy" if riftbound else "Cost",
            "preview": st.column_config.CheckboxColumn(
                "Preview", help="A card of a set still being previewed: its facts may change"
            ),
            "count": st.column_config.NumberColumn("Copies", min_value=0, max_value=50),
        },
        width="stretch",
    )  # fmt: skip
    if not riftbound:
        missing = unmodelled_cards(deck, pool)
        if missing:
            st.caption(
                "In simulations, these cards play without some of their abilities (the engine "
                "does not model them yet): "
                + plain(", ".join(f"{name} ({cid}, {state})" for cid, name, state in missing))
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
    fmt = fmt_col.selectbox(
        "Format", game_rules.export_formats, key=f"builder_export_format_{game}"
    )
    try:
        exported = game_rules.write(deck, fmt, pool)
    except InputError as err:
        st.error(f"Cannot export as {fmt}: {plain(err)}")
    else:
        suffix = {"text": "txt", "deckcode": "txt"}.get(fmt, "json")
        button_col.download_button(
            f"Download ({fmt})", exported, file_name=f"{deck.name or 'deck'}.{suffix}",
            key="builder_download",
        )  # fmt: skip
        st.code(exported, language="json" if suffix == "json" else None)
