"""Untrusted input on the dashboard: pastes are size-limited and read in linear time."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import open_page


def _paste(at: AppTest, text: str) -> AppTest:
    at.text_area(key="builder_paste").set_value(text).run()
    at.button(key="builder_load").click().run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("3 BP01-001\n# " + "あ" * 400_000, "1,200,013 bytes; the limit is 1,048,576"),
        ("Main" + " " * 100_000 + "x\n", "line 1: cannot read"),
        ("Main deck\n" + "7" * 5000 + " BP01-001\n", "line 2: card line: count 7777"),
    ],
    ids=[
        "1.2 MB of kana, over the upload limit",
        "a header padded with blanks",
        "a count of 5,000 digits",
    ],
)
def test_a_hostile_paste_is_refused_at_once(app: AppTest, text: str, problem: str) -> None:
    at = _paste(open_page(app, "deck_builder"), text)
    assert problem in at.error[0].value
    assert not at.session_state["deck"].main


def test_the_paste_box_takes_no_more_than_an_upload(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    at.text_area(key="builder_paste").set_value("3 BP01-001\n" * 100_000).run()
    assert len(at.text_area(key="builder_paste").value) == 1_048_576


def test_a_paste_at_the_limit_is_read(app: AppTest) -> None:
    text = "Main deck\n3 BP01-001\n" + "# " + "x" * 1_000_000 + "\n"
    at = _paste(open_page(app, "deck_builder"), text)
    assert not [e for e in at.error if "Could not read" in e.value]
    assert at.session_state["deck"].main == {"BP01-001": 3}
