"""Card pool: search and filter every card, read one card's details, add it to the deck."""

import json

import streamlit as st

from cardpool.games import rules
from cardpool.words import class_word, keyword_word, symbol_words, title_word, type_word
from dashboard import data, deck_state
from dashboard.choices import forget_stale_choice
from dashboard.plain import plain
from dashboard.tables import card_table

ANY = "(any)"

game = deck_state.game()
riftbound = game == "riftbound"
st.title("Card pool")
options = data.filter_options(game)

name_col, class_col, type_col, cost_col = st.columns([3, 2, 2, 1])
name = name_col.text_input(
    "Name or code", key="cards_name",
    placeholder="e.g. Jinx or OGN-030" if riftbound else "e.g. アリア or BP01-001",
)  # fmt: skip
card_class = class_col.selectbox(
    "Domain" if riftbound else "Class", [ANY, *options["class"]], key=f"cards_class_{game}",
    format_func=lambda v: v if v == ANY else class_word(v),
)  # fmt: skip
card_type = type_col.selectbox(
    "Type", [ANY, *options["type"]], key=f"cards_type_{game}",
    format_func=lambda v: v if v == ANY else type_word(v),
)  # fmt: skip
cost = cost_col.selectbox(
    "Energy" if riftbound else "Cost", [ANY, *options["cost"]], key=f"cards_cost_{game}"
)
trait_col, keyword_col, title_col = st.columns(3)
trait = trait_col.selectbox(
    "Tag" if riftbound else "Trait", [ANY, *options["trait"]], key=f"cards_trait_{game}"
)
keyword = keyword_col.selectbox(
    "Keyword", [ANY, *options["keyword"]], key=f"cards_keyword_{game}",
    format_func=lambda v: v if v == ANY else keyword_word(v),
)  # fmt: skip
title = title_col.selectbox(
    "Champion" if riftbound else "Title", [ANY, *options["title"]], key=f"cards_title_{game}",
    format_func=lambda v: v if v == ANY else title_word(v),
)  # fmt: skip
tokens = st.checkbox(
    "Show tokens too", key=f"cards_tokens_{game}",
    help="Tokens are made by abilities; no deck holds them. Choosing a token type shows them.",
)  # fmt: skip


def chosen(value: str) -> str | None:
    """A filter value, or ``None`` for any."""
    return None if value == ANY else value


results = data.search_cards(
    game=game,
    name=name.strip() or None,
    card_class=chosen(card_class),
    card_type=chosen(card_type),
    cost=int(cost) if cost != ANY else None,
    trait=chosen(trait),
    keyword=chosen(keyword),
    title=chosen(title),
    tokens=tokens or card_type.startswith("token"),
)

if results.empty:
    st.info("No cards match these filters. Clear a filter or search for part of a name.")
    st.stop()

st.caption(f"{len(results)} card(s)" + (" (first 500 shown)" if len(results) >= 500 else ""))
st.dataframe(card_table(results, game), key="cards_table", hide_index=True, width="stretch")

labels = {row.card_id: f"{row.card_id} · {row.name}" for row in results.itertuples()}
forget_stale_choice("cards_detail", list(labels))
picked = st.selectbox(
    "Card details", list(labels), format_func=labels.__getitem__, key="cards_detail"
)


def add_card(section: str, card_id: str, name: str) -> None:
    """Add the card shown when the button was drawn (never one chosen since)."""
    count = int(st.session_state["cards_add_count"])
    deck_state.current(game).add(section, card_id, count)
    st.session_state["cards_added"] = (
        f"Added {count} × {plain(name)} to the {section} deck. Open the Deck builder."
    )


pool = data.pool(game)
card = pool.row(picked)
if card is not None:
    st.subheader(
        f"{plain(card.name)} ({plain(card.card_id)})" + (" · preview" if card.preview else "")
    )
    facts = st.columns(5)
    facts[0].metric("Energy" if riftbound else "Cost", "-" if card.cost is None else card.cost)
    facts[1].metric("Might" if riftbound else "Attack", "-" if card.attack is None else card.attack)
    if riftbound:
        power = json.loads(card.extra or "{}").get("power")
        facts[2].metric("Power", "-" if power is None else power)
    else:
        facts[2].metric("Defense", "-" if card.defense is None else card.defense)
    facts[3].metric("Domains" if riftbound else "Class", class_word(card.card_class) or "-")
    facts[4].metric("Type", type_word(card.card_type))
    st.write(
        f"**Traits:** {plain(', '.join(card.traits) or '-')} · **Keywords:** "
        f"{plain(', '.join(map(keyword_word, card.keywords)) or '-')} · "
        f"**{'Champion' if riftbound else 'Title'}:** "
        f"{plain(title_word(card.title) or '-')} · "
        f"**Copies per deck:** {card.max_copies}"
    )
    st.write("**Printings:** " + plain(", ".join(pool.printings_of(card.card_id))))
    if card.preview:
        st.warning(
            "A preview card: its set is not released yet, and its facts may change before it is."
        )
    if card.name_en:
        st.write(f"**English name:** {plain(card.name_en)}")
    if card.text:
        st.text(symbol_words(card.text) if riftbound else card.text)
    if card.text_en:
        st.caption("Official English text")
        st.text(card.text_en)
    if not card.text and not card.text_en:
        st.caption("Ability text appears after importing a full card dump (`decklab db import`).")
    section = rules(game).section_for(card)
    count_col, add_col = st.columns([1, 3])
    count = count_col.number_input("Copies", 1, 3, 1, key="cards_add_count")
    add_col.button(
        f"Add to the {section} deck", key="cards_add", on_click=add_card,
        args=(section, card.card_id, card.name),
    )  # fmt: skip
    added = st.session_state.pop("cards_added", None)
    if added:
        st.success(added)
