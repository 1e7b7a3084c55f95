"""The card pool page: search, filters, card details, adding to the deck."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import open_page


def test_opens_on_the_whole_pool(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    assert at.title[0].value == "Card pool"
    assert "500 card(s)" in at.caption[0].value  # the first page of 3,830 cards
    assert len(at.dataframe[0].value) == 500


def test_name_search_finds_every_aria(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    at.text_input(key="cards_name").set_value("フェアリープリンセス").run()
    names = set(at.dataframe[0].value["Name"])
    assert names == {"フェアリープリンセス・アリア"}


@pytest.mark.parametrize("typed", ["ふぇありーぷりんせす", "ﾌｪｱﾘｰﾌﾟﾘﾝｾｽ", "フェアリプリンセス"])
def test_name_search_finds_a_name_however_typed(app: AppTest, typed: str) -> None:
    at = open_page(app, "card_pool")
    at.text_input(key="cards_name").set_value(typed).run()
    assert set(at.dataframe[0].value["Name"]) == {"フェアリープリンセス・アリア"}


@pytest.mark.parametrize("typed", ["ありあ", "ｱﾘｱ"])
def test_the_builder_finds_a_card_however_typed(app: AppTest, typed: str) -> None:
    at = open_page(app, "deck_builder")
    at.text_input(key="builder_find").set_value(typed).run()
    assert any(o.startswith("SD01-001 · ") for o in at.selectbox(key="builder_pick").options)


def test_filters_combine(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    at.selectbox(key="cards_class_sve").set_value("forest").run()
    at.selectbox(key="cards_cost_sve").set_value("2").run()
    at.selectbox(key="cards_keyword_sve").set_value("ward").run()
    table = at.dataframe[0].value
    assert len(table) > 0
    assert set(table["Class"]) == {"Forestcraft"}
    assert set(table["Cost"]) == {2}
    assert all("Ward" in k.split(", ") for k in table["Keywords"])  # as the cards print it


def test_no_match_says_what_to_do(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    at.text_input(key="cards_name").set_value("'; DROP TABLE cardpool.cards; --").run()
    assert not at.exception
    assert "No cards match" in at.info[0].value
    at.text_input(key="cards_name").set_value("").run()
    assert len(at.dataframe[0].value) == 500  # the table is still there


def test_details_and_add_to_deck(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    at.text_input(key="cards_name").set_value("SD01-001").run()
    at.selectbox(key="cards_detail").set_value("SD01-001").run()
    assert at.subheader[0].value == "フェアリープリンセス・アリア (SD01-001)"
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Cost"] == "6"
    assert metrics["Attack"] == "5"
    assert metrics["Defense"] == "5"
    assert any("SP01-003" in md.value for md in at.markdown)  # the reprint is the same card
    at.number_input(key="cards_add_count").set_value(2).run()
    at.button(key="cards_add").click().run()
    assert "Added 2 × フェアリープリンセス・アリア to the main deck" in at.success[0].value
    assert at.session_state["deck"].main == {"SD01-001": 2}


def test_the_pool_opens_on_cards_a_deck_can_hold(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    at.selectbox(key="cards_cost_sve").set_value("1").run()
    shown = set(at.dataframe[0].value["Type"])
    assert shown
    assert not any(t.startswith("Token") for t in shown)
    at.checkbox(key="cards_tokens_sve").check().run()
    assert any(t.startswith("Token") for t in at.dataframe[0].value["Type"])


def test_choosing_a_token_type_shows_tokens(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    at.selectbox(key="cards_type_sve").set_value("token_follower").run()
    assert set(at.dataframe[0].value["Type"]) == {"Token follower"}


@pytest.mark.parametrize(
    ("game", "headings"),
    [
        ("sve", ["Code", "Name", "Class", "Title", "Type", "Cost", "Attack", "Defense",
                 "Keywords", "Preview"]),
        ("riftbound", ["Code", "Name", "Domain", "Champion", "Type", "Energy", "Power", "Might",
                       "Keywords"]),
    ],
)  # fmt: skip
def test_the_table_speaks_each_games_words(app: AppTest, game: str, headings: list[str]) -> None:
    at = open_page(app, "card_pool")
    at.radio(key="game").set_value(game).run()
    table = at.dataframe[0].value
    assert list(table.columns) == headings
    cells = {str(v) for column in table.columns for v in table[column]}
    assert not cells & {"None", "nan", "<NA>", "NaT"}


def test_titles_and_classes_are_named_not_coded(app: AppTest) -> None:
    at = open_page(app, "card_pool")
    at.selectbox(key="cards_title_sve").set_value("priconne").run()
    table = at.dataframe[0].value
    assert set(table["Title"]) == {"Princess Connect! Re:Dive"}
    assert not set(table["Class"]) & {"forest", "sword", "rune", "dragon", "abyss", "haven"}


@pytest.mark.parametrize(("code", "preview"), [("BP22-001", True), ("BP21-001", False)])
def test_preview_cards_are_marked(app: AppTest, code: str, preview: bool) -> None:
    """A card of a set still being previewed (BP22) says so in the table and its details;
    a released one (BP21) does not."""
    at = open_page(app, "card_pool")
    at.text_input(key="cards_name").set_value(code).run()
    (marked,) = at.dataframe[0].value["Preview"]
    assert marked == ("preview" if preview else "")
    at.selectbox(key="cards_detail").set_value(code).run()
    assert at.subheader[0].value.endswith(" · preview") is preview
    assert any("preview card" in w.value for w in at.warning) is preview


def test_details_show_the_english_text(app: AppTest) -> None:
    """The snapshot carries the English name; the text itself comes with an import."""
    at = open_page(app, "card_pool")
    at.text_input(key="cards_name").set_value("SD01-016").run()
    at.selectbox(key="cards_detail").set_value("SD01-016").run()
    assert any("Sylvan Justice" in md.value for md in at.markdown)
