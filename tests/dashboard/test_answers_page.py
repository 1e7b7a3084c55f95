"""Answers: a gauntlet against imported tournament lists, stored studies, per-card tables."""

from __future__ import annotations

import json
import os
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


def test_gauntlet_runs_and_shows_the_field(app: AppTest, tmp_path: Path) -> None:
    _import_lists(tmp_path)
    at = open_page(app, "answers")
    assert any("No gauntlet yet" in i.value for i in at.info)
    forest = next(o for o in at.selectbox(key="answers_gauntlet_deck").options if "Forest" in o)
    at.selectbox(key="answers_gauntlet_deck").set_value(forest).run()
    at.number_input(key="answers_gauntlet_games").set_value(4).run()
    at.selectbox(key="answers_gauntlet_agent").set_value("greedy").run()
    at.button(key="answers_gauntlet_run").click().run()
    assert not at.exception, at.exception
    field = at.dataframe[0].value  # the gauntlet tab comes first
    assert list(field["list"]) == ["S1", "R1"]  # the larger archetype first
    assert list(field["share"]) == [round(2 / 3, 4), round(1 / 3, 4)]
    assert "expected win rate" in at.metric[0].label
    (chart,) = at.get("plotly_chart")
    assert json.loads(chart.proto.spec)["data"][0]["type"] == "bar"


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
    assert {"card", "play_rate", "win_rate_drawn", "unplayed_rate"} <= set(table.columns)
    assert ((table["play_rate"] >= 0) & (table["play_rate"] <= 1)).all()
    assert any("impact" in c.value for c in at.caption)


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
