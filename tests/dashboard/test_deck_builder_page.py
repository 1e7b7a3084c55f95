"""The deck builder page: paste, add, live legality, edit counts, export."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from analytics.decks import unmodelled_cards
from cardpool.decklist import parse_deck
from cardpool.snapshot import load_sve_pool
from tests.dashboard.conftest import EXAMPLES, open_page, shown

EXAMPLE = (EXAMPLES / "forest_fairies.txt").read_text(encoding="utf-8")


def paste(at: AppTest, text: str) -> AppTest:
    """Paste a list and press Load."""
    at.text_area(key="builder_paste").set_value(text).run()
    at.button(key="builder_load").click().run()
    assert not at.exception, at.exception
    return at


def test_empty_deck_says_what_to_do(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    assert "The deck is empty" in at.info[0].value


def test_a_legal_list_is_legal(app: AppTest) -> None:
    at = paste(open_page(app, "deck_builder"), EXAMPLE)
    metrics = {shown(m.label): m.value for m in at.metric}
    assert metrics["Main deck"] == "40 / 40-50"
    assert metrics["Evolve deck"] == "8 / 0-10"
    assert metrics["Leader"] == "アリサ"
    assert metrics["Class / title"] == "Forestcraft"
    assert at.success[0].value.startswith("Legal in Asia as of ")
    assert at.selectbox(key="builder_region").format_func("en") == "English-language regions"
    assert not at.error


def test_each_violation_is_listed_in_plain_words(app: AppTest) -> None:
    broken = EXAMPLE.replace("3 BP01-179", "4 BP01-179").replace(
        "3 BP01-171", "3 BP01-171\n1 SD02-001"
    )
    at = paste(open_page(app, "deck_builder"), broken)
    assert "Not legal" in at.error[0].value
    problems = [md.value.replace("\\", "") for md in at.markdown if md.value.startswith("- ")]
    assert problems == [  # each problem first, in words, and the clause after it
        "- 4 copies of エンジェルスナイプ (BP01-179) in the main deck; at most 3 of one name "
        "(CR 6.1.1.4)",
        "- a Forestcraft deck may hold only Forestcraft and Neutral cards, not: SD02-001 ツバキ "
        "(Swordcraft) (CR 6.1.1.5.1)",
    ]  # no codes such as copies.limit, and 41 cards is a legal size
    assert "2 problem(s)" in at.error[0].value


def test_unreadable_paste_is_reported_with_its_line(app: AppTest) -> None:
    at = paste(open_page(app, "deck_builder"), "Main deck\n3 BP01-001\nthree BP01-002\n")
    assert "line 3" in at.error[0].value


def test_add_a_card_from_a_search(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    at.text_input(key="builder_find").set_value("ゴブリン").run()
    at.selectbox(key="builder_pick").set_value("BP01-172").run()  # the evolved Goblin
    at.number_input(key="builder_count").set_value(2).run()
    at.button(key="builder_add").click().run()
    assert at.session_state["deck"].evolve == {"BP01-172": 2}
    assert {shown(m.label): m.value for m in at.metric}["Evolve deck"] == "2 / 0-10"


def test_export_in_every_format(app: AppTest) -> None:
    at = paste(open_page(app, "deck_builder"), EXAMPLE)
    for fmt, marker in (
        ("text", "Main deck"),
        ("sven", '"format": "sve-deck"'),
        ("codes", '"SD01-001": 2'),
    ):
        at.selectbox(key="builder_export_format_sve").set_value(fmt).run()
        assert marker in at.code[0].value


def test_restriction_list_and_date_change_the_verdict(app: AppTest) -> None:
    banned = EXAMPLE.replace("3 BP01-179 エンジェルスナイプ", "2 BP01-179\n1 BP04-037")
    at = paste(open_page(app, "deck_builder"), banned)
    problems = [md.value.replace("\\", "") for md in at.markdown if md.value.startswith("- ")]
    # (星の鎧 is a Swordcraft card: the Forestcraft deck may not hold it either)
    assert "- BP04-037 星の鎧 is banned in Asia since 2025-10-01 (1 copy in the deck)" in problems


def test_cards_the_engine_does_not_fully_model_are_named(app: AppTest) -> None:
    at = paste(open_page(app, "deck_builder"), EXAMPLE)
    missing = unmodelled_cards(parse_deck(EXAMPLE), load_sve_pool())
    captions = " ".join(c.value for c in at.caption)
    for cid, _, _ in missing:
        assert cid in captions
    if not missing:
        assert "play without some of their abilities" not in captions


def test_the_card_table_names_sections_classes_and_types(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    at.text_area(key="builder_paste").set_value(
        "Leader\n1 SD01-LD01\nMain deck\n3 SD01-001\n2 XX99-999\n"
    ).run()
    at.button(key="builder_load").click().run()
    table = at.dataframe[0].value
    rows = {r["code"]: r for r in table.to_dict("records")}
    assert (rows["SD01-001"]["part"], rows["SD01-001"]["class"], rows["SD01-001"]["type"]) == (
        "Main deck", "Forestcraft", "Follower",
    )  # fmt: skip
    assert rows["SD01-LD01"]["part"] == "Leader"
    assert (rows["XX99-999"]["name"], rows["XX99-999"]["cost"]) == ("(unknown card)", "")


def test_preview_cards_are_marked_and_warned_about(app: AppTest) -> None:
    """A deck with BP22 preview cards is legal, says so in the legality panel and marks
    those cards in its table; a deck without them has neither."""
    from tests.new_sets import NEW_SETS_DECK, PREVIEW_CARDS

    at = paste(open_page(app, "deck_builder"), NEW_SETS_DECK)
    assert at.success[0].value.startswith("Legal in Asia")
    (warning,) = [w.value for w in at.warning if "preview" in w.value]
    assert all(code in warning for code in PREVIEW_CARDS)
    rows = at.dataframe[0].value.to_dict("records")
    assert {r["code"] for r in rows if r["preview"]} == set(PREVIEW_CARDS)
    at = paste(at, EXAMPLE)
    assert not [w.value for w in at.warning if "preview" in w.value]
    assert not any(r["preview"] for r in at.dataframe[0].value.to_dict("records"))
