"""My decks: each game's saved decks with their legality and versions; open, diff, manage."""

import streamlit as st

from cardpool import deckdiff, deckstore
from cardpool.deck import Deck
from cardpool.decklist import parse_deck_bytes
from cardpool.errors import InputError
from cardpool.games import rules
from cardpool.legality import assign_sections
from cardpool.readers import MAX_DECK_BYTES, decode
from cardpool.words import region_word
from dashboard import data, deck_state
from dashboard.plain import plain

FLASH = "mydecks_flash"
game = deck_state.game()
game_rules = rules(game)
pool = data.pool(game)
st.title("My decks")
st.caption(f"{game_rules.name} decks (the other game's are listed when it is chosen).")


def save_checked(deck: Deck) -> deckstore.Saved:
    """Save a deck (a new version when its name is taken) with its legality as of today."""
    verdict = game_rules.judge(deck, pool, data.restrictions(game), data.today())
    with data.store() as store:
        return deckstore.save_deck(
            store, deck, legal=verdict.legal, problems=len(verdict.errors),
            checked_on=data.today(),
        )  # fmt: skip


def saved_message(saved: deckstore.Saved) -> str:
    """What a save did, in words."""
    if not saved.changed:
        return f"{saved.name!r} already holds this list (version {saved.version}): nothing saved."
    if saved.created:
        return f"Saved {saved.name!r}."
    return f"Saved {saved.name!r} as version {saved.version}."


def read_upload(raw: bytes, name: str) -> Deck:
    """An uploaded list read with this game's rules (size-limited, UTF-8)."""
    if game == "riftbound":
        if len(raw) > MAX_DECK_BYTES:
            raise InputError(f"file is {len(raw):,} bytes; the limit is {MAX_DECK_BYTES:,}")
        return game_rules.parse(decode(raw, path=name), pool)
    return assign_sections(parse_deck_bytes(raw, name=name), pool)


flash = st.session_state.pop(FLASH, None)
if flash:
    st.success(plain(flash))

current = deck_state.current(game)
with st.expander("Save the deck from the Deck builder", expanded=bool(current.main)):
    if not any(current.section(s) for s in game_rules.sections):
        st.caption("The Deck builder is empty: build or paste a deck there first.")
    else:
        name = st.text_input(
            "Name", value=current.name, key="mydecks_save_name",
            help="Saving under a saved deck's name keeps its list as a version and updates it.",
        )  # fmt: skip
        notes = st.text_area("Notes", value=current.notes, key="mydecks_save_notes", height=68)
        if st.button("Save deck", key="mydecks_save"):
            current.name, current.notes = name, notes
            try:
                st.success(plain(saved_message(save_checked(current))))
            except InputError as err:
                st.error(plain(err))

upload = st.file_uploader(
    "Import a deck file", type=["txt", "json", "dek"], key=f"mydecks_upload_{game}"
)
if upload is not None and st.session_state.get("mydecks_uploaded") != upload.file_id:
    st.session_state["mydecks_uploaded"] = upload.file_id
    try:
        deck = read_upload(upload.getvalue(), upload.name)
        deck.name = deck.name or upload.name.rsplit(".", 1)[0]
        st.success(plain(saved_message(save_checked(deck)).replace("Saved", "Imported", 1)))
    except InputError as err:
        st.error(f"Could not import {plain(upload.name)}: {plain(err)}")

with data.store() as store:
    saved = deckstore.list_decks(store, game)
if saved.empty:
    st.info(
        f"No saved {game_rules.name} decks yet. Build one in the Deck builder and save it here, "
        "or import a file."
    )
    st.stop()

where = "format" if game == "riftbound" else "region"  # Riftbound: duel or casual
st.dataframe(
    saved.assign(region=saved["region"].map(region_word))[
        ["name", "versions", where, "legal", "problems", "checked_on", "notes", "updated"]
    ],
    key="mydecks_table", hide_index=True, width="stretch",
    column_config={
        "name": "Name", "versions": "Versions", "region": "Restriction list", "format": "Format",
        "legal": st.column_config.CheckboxColumn("Legal"), "problems": "Problems",
        "checked_on": st.column_config.DateColumn("Checked on", format="YYYY-MM-DD"),
        "notes": "Notes",
        "updated": st.column_config.DatetimeColumn("Saved", format="YYYY-MM-DD HH:mm"),
    },
)  # fmt: skip
names = dict(zip(saved["deck_id"], saved["name"], strict=True))
if st.session_state.get("mydecks_pick") not in names:
    st.session_state.pop("mydecks_pick", None)
chosen = st.selectbox("Deck", list(names), format_func=names.__getitem__, key="mydecks_pick")


def duplicate(deck_id: str) -> None:
    """Copy the chosen deck and select the copy."""
    with data.store() as store:
        copy = deckstore.duplicate_deck(store, deck_id)
    st.session_state["mydecks_pick"] = copy.deck_id
    st.session_state[FLASH] = f"Duplicated {names[deck_id]!r} as {copy.name!r}."


def delete(deck_id: str) -> None:
    """Delete the chosen deck and clear the confirmation, so the next deck is safe."""
    with data.store() as store:
        name = deckstore.delete_deck(store, deck_id)
    st.session_state["mydecks_confirm"] = False
    st.session_state.pop("mydecks_pick", None)
    st.session_state[FLASH] = f"Deleted {name!r} with its versions."


def rename(deck_id: str) -> None:
    """Rename the chosen deck to the name typed (refused when taken)."""
    new_name = st.session_state.get("mydecks_new_name", "")
    if not new_name.strip():
        return
    try:
        with data.store() as store:
            old = deckstore.rename_deck(store, deck_id, new_name)
    except InputError as err:
        st.session_state["mydecks_rename_error"] = str(err)
        return
    st.session_state["mydecks_new_name"] = ""
    st.session_state[FLASH] = f"Renamed {old!r} to {' '.join(new_name.split())!r}."


def open_deck(deck_id: str) -> None:
    """Make the chosen deck the builder's deck, with the sidebar on its game."""
    with data.store() as store:
        _, deck = deckstore.load_deck(store, deck_id)
    deck_state.replace(deck)
    st.session_state[deck_state.GAME_KEY] = deck.game


open_col, copy_col, delete_col = st.columns(3)
if open_col.button(
    "Open in the Deck builder", key="mydecks_open", on_click=open_deck, args=(chosen,)
):
    st.switch_page("app_pages/deck_builder.py")
copy_col.button("Duplicate", key="mydecks_copy", on_click=duplicate, args=(chosen,))
confirm = delete_col.checkbox("Really delete", key="mydecks_confirm")
delete_col.button(
    "Delete", key="mydecks_delete", disabled=not confirm, on_click=delete, args=(chosen,)
)

rename_col, rename_button = st.columns([3, 1])
rename_col.text_input("New name", key="mydecks_new_name")
rename_button.button("Rename", key="mydecks_rename", on_click=rename, args=(chosen,))
rename_error = st.session_state.pop("mydecks_rename_error", None)
if rename_error:
    st.error(plain(rename_error))

st.subheader("Versions")
with data.store() as store:
    history = deckstore.versions(store, chosen)
st.dataframe(
    history[["version", "saved", "cards", "legal", "problems"]],
    key="mydecks_versions", hide_index=True, width="stretch",
    column_config={
        "version": "Version", "cards": "Cards", "problems": "Problems",
        "saved": st.column_config.DatetimeColumn("Saved", format="YYYY-MM-DD HH:mm"),
        "legal": st.column_config.CheckboxColumn("Legal"),
    },
)  # fmt: skip
numbers = [int(v) for v in history["version"]]
if len(numbers) < 2:
    st.caption("Save the deck again under its name to keep a new version and compare the two.")
else:
    old_col, new_col = st.columns(2)
    old_version = old_col.selectbox(
        "Compare version", numbers, index=1, key=f"mydecks_diff_old_{chosen}"
    )
    new_version = new_col.selectbox(
        "with version", numbers, index=0, key=f"mydecks_diff_new_{chosen}"
    )
    with data.store() as store:
        old_deck = deckstore.resolve(store, f"{chosen}@{old_version}").deck
        new_deck = deckstore.resolve(store, f"{chosen}@{new_version}").deck
    changes = deckdiff.diff_decks(old_deck, new_deck, pool.card_id)
    st.markdown(f"**Version {old_version} → {new_version}:** {deckdiff.summary(changes)}")
    if changes:

        def card_name(code: str) -> str | None:
            """The card's name in the pool."""
            row = pool.row(code)
            return row.name if row else None

        st.dataframe(
            deckdiff.diff_frame(changes, card_name), key="mydecks_diff", hide_index=True,
            width="stretch",
        )  # fmt: skip

fmt = st.selectbox("Export format", game_rules.export_formats, key=f"mydecks_format_{game}")
with data.store() as store:
    _, deck = deckstore.load_deck(store, chosen)
try:
    exported = game_rules.write(deck, fmt, pool)
except InputError as err:
    st.error(f"Cannot export as {fmt}: {plain(err)}")
else:
    st.download_button(
        f"Download {plain(names[chosen])} ({fmt})", exported,
        file_name=f"{names[chosen]}.{'txt' if fmt in ('text', 'deckcode') else 'json'}",
        key="mydecks_download",
    )  # fmt: skip
