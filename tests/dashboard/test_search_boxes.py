"""A box of search results reads the card it shows: after a new search (even one after a
search with no match) the choice is the new list's first card, never the old list's."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import open_page

BOXES = {
    # page: (search input, results box)
    "card_pool": ("cards_name", "cards_detail"),
    "deck_builder": ("builder_find", "builder_pick"),
}


@pytest.mark.parametrize("page", list(BOXES))
def test_a_new_search_starts_on_its_own_first_card(app: AppTest, page: str) -> None:
    search, box = BOXES[page]
    at = open_page(app, page)
    at.text_input(key=search).set_value("ふぇありーぷりんせす").run()
    assert at.selectbox(key=box).value == "SD01-001"
    at.text_input(key=search).set_value("ゼウス").run()  # no match: the box is gone
    at.text_input(key=search).set_value("ありあ").run()
    results = at.selectbox(key=box)
    first, *others = (label.split(" · ")[0] for label in results.options)
    assert "SD01-001" in others  # the old choice is in the new list...
    assert results.value == first  # ...but the box starts on the list's first card
    assert not at.exception


@pytest.mark.parametrize("page", list(BOXES))
def test_a_choice_made_in_the_same_list_is_kept(app: AppTest, page: str) -> None:
    search, box = BOXES[page]
    at = open_page(app, page)
    at.text_input(key=search).set_value("ありあ").run()
    at.selectbox(key=box).set_value("SD01-001").run()
    at.run()  # any other rerun, the results unchanged
    assert at.selectbox(key=box).value == "SD01-001"
