"""Plain words on the pages: keywords as the cards print them, Riftbound's text symbols in
words, a run's AI players by level."""

from __future__ import annotations

import os
from pathlib import Path

from streamlit.testing.v1 import AppTest

from cardpool.importers import import_path
from cardpool.store import Store
from tests.dashboard.conftest import open_page


def test_keywords_read_as_the_cards_print_them(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    keyword = at.selectbox(key="cards_keyword_sve")
    shown = keyword.options  # as the box lists them
    assert {"Last Words", "On Evolve", "Engage", "Ward"} <= set(shown)
    assert not [k for k in shown if "_" in k]  # no ids such as last_words
    keyword.set_value("last_words").run()
    table = at.dataframe[0].value
    assert all("Last Words" in k.split(", ") for k in table["Keywords"])
    assert not any("_" in k for k in table["Keywords"])
    assert any("**Keywords:** " in m.value and "Last Words" in m.value for m in at.markdown)


def test_riftbound_text_shows_its_symbols_in_words(app: AppTest, riftbound_data: Path) -> None:
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        import_path(store, riftbound_data)
    at = open_page(app, "card_pool")
    at.radio(key="game").set_value("riftbound").run()
    at.text_input(key="cards_name").set_value("OGN").run()
    seen = []
    for card_id in at.selectbox(key="cards_detail").options[:60]:
        at.selectbox(key="cards_detail").set_value(card_id).run()
        seen += [t.value for t in at.text]
    assert any("[Exhaust]" in text for text in seen)
    assert not [text for text in seen if ":rb_" in text]


def test_a_runs_players_are_named_by_level(app: AppTest) -> None:
    at = open_page(app, "simulate")
    at.number_input(key="sim_games").set_value(2).run()
    at.selectbox(key="sim_agent_a").set_value("greedy")
    at.selectbox(key="sim_agent_b").set_value("greedy").run()
    at.button(key="sim_start").click().run()
    assert not at.exception, at.exception
    assert list(at.dataframe[0].value["AI players"]) == ["Greedy for both decks"]
