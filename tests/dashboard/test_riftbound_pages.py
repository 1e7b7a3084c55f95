"""The card pool and deck builder switch to Riftbound from the sidebar."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from cardpool.pool import PoolIndex
from cardpool.riftbound import deckcode
from cardpool.riftbound.decklist import to_text
from cardpool.snapshot import read_snapshot
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
    assert all("Jinx" in n for n in table["name"])
    labels = {s.label for s in at.selectbox}
    assert {"Domain", "Energy", "Tag", "Champion"} <= labels
    at.selectbox(key="cards_class_riftbound").set_value("fury").run()
    assert all("fury" in c for c in at.dataframe[0].value["class"])


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
