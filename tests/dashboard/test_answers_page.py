"""Answers: a gauntlet against imported tournament lists, stored studies, per-card tables."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from analytics.decks import deck_spec
from analytics.runs import execute_run, missing_games, start_run
from analytics.simulate import MatchConfig
from cardpool.decklist import read_deck_file
from cardpool.importers import tournaments
from cardpool.store import Store
from tests.dashboard.conftest import EXAMPLES, open_page


def _import_lists(tmp_path: Path) -> None:
    sword = read_deck_file(EXAMPLES / "sword_knights.txt").main
    rune = read_deck_file(EXAMPLES / "rune_golems.txt").main
    event = {"date": "2026-03-01", "players": 8, "tournament_id": "1"}
    lines = [
        {**event, "class_or_title_ja": "ロイヤル", "rank": 1, "deck_code": "S1",
         "main_deck_by_code": sword},
        {**event, "class_or_title_ja": "ロイヤル", "rank": 2, "deck_code": "S2",
         "main_deck_by_code": sword},
        {**event, "class_or_title_ja": "ウィッチ", "rank": 3, "deck_code": "R1",
         "main_deck_by_code": rune},
    ]  # fmt: skip
    path = tmp_path / "lists.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        store.ensure_default()
        decks = tournaments.read_lines(path.read_text(encoding="utf-8"), path=path)
        tournaments.store_decks(store, decks, source="test")


def _run_gauntlet(at: AppTest, deck: str) -> None:
    name = next(o for o in at.selectbox(key="answers_gauntlet_deck").options if deck in o)
    at.selectbox(key="answers_gauntlet_deck").set_value(name).run()
    at.number_input(key="answers_gauntlet_games").set_value(4).run()
    at.selectbox(key="answers_gauntlet_agent").set_value("greedy").run()
    at.button(key="answers_gauntlet_run").click().run()
    assert not at.exception, at.exception


def test_gauntlet_runs_and_shows_the_field_in_plain_words(app: AppTest, tmp_path: Path) -> None:
    _import_lists(tmp_path)
    at = open_page(app, "answers")
    assert any("No gauntlet yet" in i.value for i in at.info)
    _run_gauntlet(at, "Forest")
    field = at.dataframe[0].value  # the gauntlet tab comes first
    assert list(field.columns) == [
        "Archetype", "Share of lists", "Typical list", "Win rate", "95% interval", "Games",
        "Moves the answer by",
    ]  # fmt: skip
    assert list(field["Typical list"]) == ["S1", "R1"]  # the larger archetype first
    assert list(field["Share of lists"]) == ["66.7%", "33.3%"]
    assert all(" to " in x and "%" in x for x in field["95% interval"])
    assert "None" not in field.to_string()
    assert "expected win rate" in at.metric[0].label
    assert "Forest" in at.metric[0].label
    captions = " ".join(c.value for c in at.caption)
    assert "covers 100" in captions
    assert "Expected time" in captions  # the agent box says what the player does and costs
    (chart,) = at.get("plotly_chart")
    assert json.loads(chart.proto.spec)["data"][0]["type"] == "bar"
    # the run is over: its progress bar and Cancel button are gone
    assert not at.get("progress")
    assert not [b for b in at.button if b.key == "answers_gauntlet_cancel"]
    study = at.selectbox(key="answers_gauntlet_pick")
    assert "Forest" in study.format_func(study.value)
    assert not re.search(r"\b[0-9a-f]{12}\b", study.format_func(study.value))  # no hex ids


def test_a_new_gauntlet_is_the_one_shown_and_the_label_matches_the_table(
    app: AppTest, tmp_path: Path
) -> None:
    _import_lists(tmp_path)
    at = open_page(app, "answers")
    _run_gauntlet(at, "Forest")
    first = at.selectbox(key="answers_gauntlet_pick").value
    _run_gauntlet(at, "Rune")
    box = at.selectbox(key="answers_gauntlet_pick")
    assert box.value != first
    assert "Rune" in box.format_func(box.value)
    assert "Rune" in at.metric[0].label
    box.set_value(first).run()  # picked by id: the older study, its own answer
    assert "Forest" in at.metric[0].label
    assert "Forest" in at.selectbox(key="answers_gauntlet_pick").format_func(first)


def test_stored_impact_and_mulligan_answers_are_plain_tables(app: AppTest, tmp_path: Path) -> None:
    from decklab.cli import main

    db = os.environ["DECKLAB_DB"]
    forest, sword = str(EXAMPLES / "forest_fairies.txt"), str(EXAMPLES / "sword_knights.txt")
    common = ["--games", "4", "--workers", "1", "--agents", "greedy", "--quiet", "--json"]
    assert main(["--db", db, "impact", forest, "--field", sword, "--card", "SD01-001",
                 "--card", "BP01-017", *common]) == 0  # fmt: skip
    assert main(["--db", db, "mulligan-test", forest, "--field", sword, "--policy", "agent",
                 "--policy", "always", *common]) == 0  # fmt: skip
    at = open_page(app, "answers")
    tables = {tuple(d.value.columns): d.value for d in at.dataframe}
    impact = next(v for k, v in tables.items() if "Adds" in k)
    assert list(impact.columns) == [
        "Card", "Variant", "Adds", "95% interval", "Games", "Decision",
    ]  # fmt: skip
    assert any(c == "フェアリープリンセス・アリア (SD01-001)" for c in impact["Card"])
    assert all(v.startswith("swapped for ") for v in impact["Variant"])
    assert set(impact["Decision"]) <= {"helps", "hurts", "not decided", "matters little"}
    mulligan = next(v for k, v in tables.items() if "Policy" in k)
    assert list(mulligan["Against the first"])[:2] == ["reference", "reference"]
    assert mulligan["Score"].str.endswith("%").all()
    for table in (impact, mulligan):
        assert "None" not in table.to_string()
    captions = " ".join(c.value for c in at.caption)
    assert "Holm" in captions  # two cards: the family and its error rate are named


def test_per_card_table_of_a_stored_run(app: AppTest) -> None:
    at = open_page(app, "answers")
    assert any("No stored run yet" in i.value for i in at.info)
    forest = read_deck_file(EXAMPLES / "forest_fairies.txt")
    sword = read_deck_file(EXAMPLES / "sword_knights.txt")
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        pool = store.pool_index("sve")
        config = MatchConfig(deck_spec(forest, pool), deck_spec(sword, pool))
        info = start_run(store, forest, sword, games=4, agents=config.agents, seed=1)
        execute_run(store, info, config, missing_games(store, info), workers=1)
    at.switch_page("app_pages/answers.py").run()
    assert not at.exception, at.exception
    table = at.dataframe[0].value  # no study: the first table is deck A's cards
    assert {"Card", "Drawn in", "Played in", "Won when drawn", "Drawn, not played"} <= set(
        table.columns
    )
    assert table["Card"].str.contains(r"\(SD01-\d{3}\)|\(BP01-\d{3}\)").all()
    # every rate with its interval and the games it is over
    assert table["Played in"].str.match(r"\d+\.\d% \(\d+% to \d+%, \d+ games\)").all()
    assert any("impact" in c.value for c in at.caption)
    box = at.selectbox(key="answers_cards_run")
    assert box.value == info.run_id  # picked by id, named by its decks
    assert "Forest" in box.format_func(box.value)


def test_the_odds_page_names_the_win_rate_test_of_its_policy(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    at.text_area(key="builder_paste").set_value(
        (EXAMPLES / "forest_fairies.txt").read_text(encoding="utf-8")
    ).run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/curve_odds.py").run()
    at.multiselect(key="odds_cards").set_value(["SD01-005"]).run()
    captions = " ".join(c.value for c in at.caption)
    assert "mulligan-test" not in captions  # never mulliganing: nothing to test
    at.radio(key="odds_mulligan").set_value("keep-if").run()
    at.multiselect(key="odds_keep").set_value(["SD01-005", "SD01-001"]).run()
    captions = " ".join(c.value for c in at.caption)
    assert "--policy never --policy keep-if:SD01-005,SD01-001" in captions
    at.radio(key="odds_mulligan").set_value("optimal").run()
    assert "--policy optimal:SD01-005" in " ".join(c.value for c in at.caption)
