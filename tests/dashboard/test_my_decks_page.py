"""My decks: save from the builder, list with legality, duplicate, rename, delete, import."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import EXAMPLES, open_page

EXAMPLE = (EXAMPLES / "forest_fairies.txt").read_text(encoding="utf-8")


def _save_example(at: AppTest, name: str = "Fairies") -> AppTest:
    at = open_page(at, "deck_builder")
    at.text_area(key="builder_paste").set_value(EXAMPLE).run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/my_decks.py").run()
    at.text_input(key="mydecks_save_name").set_value(name).run()
    at.button(key="mydecks_save").click().run()
    assert not at.exception, at.exception
    return at


def test_empty_state_says_what_to_do(app: AppTest) -> None:
    at = open_page(app, "my_decks")
    assert "No saved decks yet" in at.info[0].value


def test_saved_deck_is_listed_with_its_legality(app: AppTest) -> None:
    at = _save_example(app)
    assert "Saved 'Fairies'" in at.success[0].value
    table = at.dataframe[0].value
    assert list(table["name"]) == ["Fairies"]
    assert bool(table["legal"].iloc[0]) is True
    assert int(table["problems"].iloc[0]) == 0


def test_duplicate_rename_and_delete(app: AppTest) -> None:
    at = _save_example(app)
    at.button(key="mydecks_copy").click().run()
    assert sorted(at.dataframe[0].value["name"]) == ["Fairies", "Fairies (copy)"]
    at.selectbox(key="mydecks_pick").select_index(0).run()  # newest first: the copy
    at.text_input(key="mydecks_new_name").set_value("Fairies v2").run()
    at.button(key="mydecks_rename").click().run()
    assert sorted(at.dataframe[0].value["name"]) == ["Fairies", "Fairies v2"]
    at.checkbox(key="mydecks_confirm").check().run()
    at.button(key="mydecks_delete").click().run()
    assert len(at.dataframe[0].value) == 1


def test_a_name_can_be_used_once(app: AppTest) -> None:
    at = _save_example(app)
    at.button(key="mydecks_save").click().run()
    assert "already called 'Fairies'" in at.error[0].value
