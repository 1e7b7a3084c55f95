"""My decks: save from the builder (a new version when the name is taken), list with legality,
versions and their differences, duplicate, rename, delete, import; each game's decks apart."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from dashboard.plain import plain
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
    assert "No saved Shadowverse EVOLVE decks yet" in at.info[0].value


def test_saved_deck_is_listed_with_its_legality(app: AppTest) -> None:
    at = _save_example(app)
    assert "Saved 'Fairies'" in at.success[0].value
    table = at.dataframe[0].value
    assert list(table["name"]) == ["Fairies"]
    assert bool(table["legal"].iloc[0]) is True
    assert int(table["problems"].iloc[0]) == 0
    assert list(table["region"]) == ["Asia"]  # the list in words, not its id


def test_duplicate_rename_and_delete_say_what_they_did(app: AppTest) -> None:
    at = _save_example(app)
    at.button(key="mydecks_copy").click().run()
    assert sorted(at.dataframe[0].value["name"]) == ["Fairies", "Fairies (copy)"]
    assert plain("Duplicated 'Fairies' as 'Fairies (copy)'.") in [s.value for s in at.success]
    assert (
        at.selectbox(key="mydecks_pick").format_func(at.selectbox(key="mydecks_pick").value)
        == "Fairies (copy)"
    )
    at.text_input(key="mydecks_new_name").set_value("Fairies v2").run()
    at.button(key="mydecks_rename").click().run()
    assert sorted(at.dataframe[0].value["name"]) == ["Fairies", "Fairies v2"]
    assert plain("Renamed 'Fairies (copy)' to 'Fairies v2'.") in [s.value for s in at.success]
    at.checkbox(key="mydecks_confirm").check().run()
    at.button(key="mydecks_delete").click().run()
    assert list(at.dataframe[0].value["name"]) == ["Fairies"]
    assert plain("Deleted 'Fairies v2' with its versions.") in [s.value for s in at.success]
    # the box is cleared: one more click cannot delete the next deck
    assert at.checkbox(key="mydecks_confirm").value is False
    assert at.button(key="mydecks_delete").disabled


def test_a_taken_name_is_refused_on_rename(app: AppTest) -> None:
    at = _save_example(app)
    at.button(key="mydecks_copy").click().run()
    at.text_input(key="mydecks_new_name").set_value("Fairies").run()
    at.button(key="mydecks_rename").click().run()
    assert "already called 'Fairies'" in at.error[0].value
    assert sorted(at.dataframe[0].value["name"]) == ["Fairies", "Fairies (copy)"]


def test_saving_under_a_taken_name_keeps_a_version_and_shows_the_difference(
    app: AppTest,
) -> None:
    at = _save_example(app)
    at.button(key="mydecks_save").click().run()  # the same list again: nothing new
    assert plain("already holds this list (version 1)") in at.success[0].value
    at.switch_page("app_pages/deck_builder.py").run()
    changed = EXAMPLE.replace("3 BP01-179", "1 BP01-179")
    at.text_area(key="builder_paste").set_value(changed).run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/my_decks.py").run()
    at.text_input(key="mydecks_save_name").set_value("Fairies").run()
    at.button(key="mydecks_save").click().run()
    assert plain("Saved 'Fairies' as version 2.") in at.success[0].value
    listing, history, diff = (d.value for d in at.dataframe)  # in page order
    assert list(listing["name"]) == ["Fairies"]
    assert int(listing["versions"].iloc[0]) == 2
    assert list(history["version"]) == [2, 1]
    assert list(history["cards"]) == [47, 49]
    assert diff.to_dict("records") == [
        {
            "Section": "Main deck",
            "Card": "エンジェルスナイプ",
            "Code": "BP01-179",
            "Before": 3,
            "After": 1,
            "Change": "-2",
        }
    ]
    assert any("Version 1 → 2:** 0 cards in, 2 cards out" in m.value for m in at.markdown)
