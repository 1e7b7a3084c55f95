"""Untrusted input on the dashboard: pastes are size-limited and read in linear time, and
names from users and data are shown as plain text, never as markdown or HTML."""

from __future__ import annotations

import os

import pytest
from streamlit.testing.v1 import AppTest

from analytics.runs import start_run
from cardpool import deckstore
from cardpool.decklist import read_deck_file
from cardpool.store import Store
from dashboard.plain import plain
from tests.dashboard.conftest import EXAMPLES, open_page, shown


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
    assert problem in shown(at.error[0].value)
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


HOSTILE = (
    "![x](http://example.invalid/x.png) [win](http://example.invalid) **bold** "
    "<img src=x onerror=alert(1)> :red[red]"
)
"""A name that, read as markdown, loads an image, makes a link, bolds, colours and holds HTML."""


def shown_literally(body: str, text: str) -> bool:
    """Whether ``text`` sits in ``body`` with every markdown character escaped."""
    return plain(text) in body and text in shown(body)


def _store_deck(name: str) -> None:
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        store.ensure_default()
        deck = read_deck_file(EXAMPLES / "forest_fairies.txt")
        deck.name = name
        deckstore.save_deck(store, deck)


def test_a_hostile_deck_name_is_plain_text_in_my_decks(app: AppTest) -> None:
    _store_deck(HOSTILE)
    at = open_page(app, "my_decks")
    label = next(b.proto.label for b in at.get("download_button"))
    assert shown_literally(label, HOSTILE)


def test_a_hostile_deck_name_is_plain_text_on_the_simulate_page(app: AppTest) -> None:
    deck = read_deck_file(EXAMPLES / "forest_fairies.txt")
    deck.name = HOSTILE
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        store.ensure_default()
        start_run(store, deck, deck, games=2, agents=("greedy", "greedy"), seed=1)
    at = open_page(app, "simulate")
    heading = at.subheader[0].value
    assert shown_literally(heading, HOSTILE)
    assert heading.count(plain(HOSTILE)) == 2
    captions = [c.value for c in at.caption if "modelled" in c.value]
    assert captions
    assert all(shown_literally(c, HOSTILE) for c in captions)


@pytest.mark.parametrize("game", ["sve", "riftbound"])
def test_a_hostile_line_is_plain_text_in_the_deck_builder_error(app: AppTest, game: str) -> None:
    at = open_page(app, "deck_builder")
    at.radio(key="game").set_value(game).run()
    at = _paste(at, f"Main deck\n3 {HOSTILE}\n")
    shown = [e.value for e in at.error] + [m.value for m in at.markdown]
    token = HOSTILE.split()[0]  # the SVE reader names the code it cannot read
    assert any(shown_literally(s, token) for s in shown), shown
    assert not any("](http" in s for s in shown)


def test_an_unknown_riftbound_card_is_plain_text(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    at.radio(key="game").set_value("riftbound").run()
    name = "[win](http://example.invalid)"
    at = _paste(at, f"Main Deck\n3 {name}\n")
    problems = [m.value for m in at.markdown if "is not a known card" in m.value]
    assert problems
    assert all(shown_literally(p, name) for p in problems)
