"""The card pool and deck builder switch to Riftbound from the sidebar."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from cardpool.pool import PoolIndex
from cardpool.riftbound import deckcode
from cardpool.riftbound.decklist import to_text
from cardpool.snapshot import read_snapshot
from dashboard.plain import plain
from tests.dashboard.conftest import open_page
from tests.riftbound.conftest import jinx_deck


def _pool() -> PoolIndex:
    return PoolIndex.from_data("riftbound", read_snapshot("riftbound")[0])


def riftbound(at: AppTest, page: str) -> AppTest:
    at = open_page(at, page)
    at.radio(key="game").set_value("riftbound").run()
    assert not at.exception, at.exception
    return at


def test_card_pool_searches_riftbound_cards(app: AppTest) -> None:
    at = riftbound(app, "card_pool")
    at.text_input(key="cards_name").set_value("Jinx").run()
    table = at.dataframe[0].value
    assert len(table) > 0
    assert all("Jinx" in n for n in table["Name"])
    labels = {s.label for s in at.selectbox}
    assert {"Domain", "Energy", "Tag", "Champion"} <= labels
    at.selectbox(key="cards_class_riftbound").set_value("fury").run()
    assert all("Fury" in c for c in at.dataframe[0].value["Domain"])


def test_deck_builder_judges_a_riftbound_list_and_exports_its_code(app: AppTest) -> None:
    deck = jinx_deck(_pool())
    at = riftbound(app, "deck_builder")
    at.text_area(key="builder_paste").set_value(to_text(deck)).run()
    at.button(key="builder_load").click().run()
    assert not at.exception, at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Main deck"] == "40 / 40"
    assert metrics["Runes"] == "12 / 12"
    assert metrics["Battlefields"] == "3 / 3"
    assert at.success[0].value.startswith("Legal as of")
    at.selectbox(key="builder_export_format_riftbound").set_value("deckcode").run()
    code = at.code[0].value.strip()
    assert deckcode.encode_deck(deck, _pool()) == code


def test_the_sve_deck_is_kept_while_riftbound_is_open(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    at.text_area(key="builder_paste").set_value("Main deck\n3 SD01-001\n").run()
    at.button(key="builder_load").click().run()
    at.radio(key="game").set_value("riftbound").run()
    assert "The deck is empty" in at.info[0].value
    at.radio(key="game").set_value("sve").run()
    assert at.session_state["deck"].main == {"SD01-001": 3}


def _save_jinx(app: AppTest) -> AppTest:
    at = riftbound(app, "deck_builder")
    at.text_area(key="builder_paste").set_value(to_text(jinx_deck(_pool()))).run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/my_decks.py").run()
    at.text_input(key="mydecks_save_name").set_value("Jinx burn").run()
    at.button(key="mydecks_save").click().run()
    assert not at.exception, at.exception
    return at


def test_a_riftbound_deck_is_saved_listed_judged_and_reopened_as_riftbound(app: AppTest) -> None:
    at = _save_jinx(app)
    assert plain("Saved 'Jinx burn'.") in at.success[0].value
    assert at.caption[0].value.startswith("Riftbound decks")
    listing = at.dataframe[0].value
    assert list(listing["name"]) == ["Jinx burn"]
    assert bool(listing["legal"].iloc[0]) is True  # judged by Riftbound's rules, not SVE's
    assert at.selectbox(key="mydecks_format_riftbound").options == ["text", "json", "deckcode"]
    at.radio(key="game").set_value("sve").run()
    assert "No saved Shadowverse EVOLVE decks yet" in at.info[0].value
    at.radio(key="game").set_value("riftbound").run()
    at.button(key="mydecks_open").click().run()
    assert not at.exception, at.exception
    assert at.session_state["deck_riftbound"].champion == {"OGN-030": 1}
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Main deck"] == "40 / 40"


@pytest.mark.parametrize(
    ("page", "says"),
    [
        ("simulate", "Simulation is for Shadowverse EVOLVE only"),
        ("matchups", "Matchups are for Shadowverse EVOLVE only"),
        ("meta", "there is no Riftbound tournament data"),
    ],
)
def test_pages_without_a_riftbound_side_say_so(app: AppTest, page: str, says: str) -> None:
    at = riftbound(app, page)
    assert [i.value for i in at.info] == [i.value for i in at.info if says in i.value]
    assert len(at.info) == 1
    assert not at.selectbox
    assert not at.button
    assert not at.dataframe
    at.radio(key="game").set_value("sve").run()
    assert all(says not in i.value for i in at.info)


def test_simulate_never_offers_a_riftbound_deck(app: AppTest) -> None:
    at = _save_jinx(app)
    at.radio(key="game").set_value("sve").run()
    at.switch_page("app_pages/simulate.py").run()
    assert not at.exception, at.exception
    options = at.selectbox(key="sim_deck_a").options
    assert options
    assert all(o.startswith("example:") for o in options)
