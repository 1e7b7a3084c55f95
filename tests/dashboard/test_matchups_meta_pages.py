"""Matchups (round robin heatmap and ranking) and Meta (imported tournament decklists)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from analytics import calmap
from cardpool.deck import Deck
from cardpool.importers import tournaments
from cardpool.store import Store
from tests.dashboard.conftest import open_page


def test_round_robin_of_three_decks(app: AppTest) -> None:
    at = open_page(app, "matchups")
    assert "No round robin yet" in at.info[0].value
    examples = [o for o in at.multiselect(key="matchups_decks").options if o.startswith("example")]
    at.multiselect(key="matchups_decks").set_value(examples[:3]).run()
    at.number_input(key="matchups_games").set_value(6).run()
    at.selectbox(key="matchups_agent").set_value("greedy").run()
    assert "3 pairings" in at.caption[0].value
    assert "Expected time for 18 games" in at.caption[0].value
    at.button(key="matchups_run").click().run()
    assert not at.exception, at.exception
    (chart,) = at.get("plotly_chart")
    spec = json.loads(chart.proto.spec)
    assert spec["data"][0]["type"] == "heatmap"
    assert spec["layout"]["title"]["text"].startswith("Matchups")
    frame = next(d for d in at.dataframe if "rank" in d.value.columns)
    ranking = frame.value
    assert len(ranking) == 3
    assert list(ranking["rank"]) == [1, 2, 3]
    shown = json.loads(frame.proto.columns)
    assert shown["win rate vs the field"]["type_config"]["format"] == "percent"  # 71.7%
    assert shown["win rate vs the field"]["label"] == "Win rate vs the field (bots)"
    if calmap.load_map() is not None:  # the estimate sits beside the bots' own rate
        assert "Estimated real-play win rate" in [h.value for h in at.subheader]
        assert ranking["estimated in real play"].notna().all()
    (label,) = at.selectbox(key="matchups_batch_pick").options  # by its decks and date
    batch = at.session_state["matchups_batch"]
    assert batch not in label
    assert label.startswith("Forest fairies (starter-deck cards), ")
    assert re.search(r" · \d{4}-\d\d-\d\d \d\d:\d\d$", label)
    assert any("How far to trust these numbers" in c.value for c in at.caption)


def test_meta_from_imported_decklists(app: AppTest, tmp_path: Path) -> None:
    event = {"date": "2026-03-01", "players": 8, "tournament_id": "1"}
    lines = [
        {**event, "class_or_title_ja": "エルフ", "rank": 1, "deck_code": "AAA",
         "main_deck_by_code": {"SD01-001": 3, "BP01-171": 3}},
        {**event, "class_or_title_ja": "ロイヤル", "rank": 2, "deck_code": "BBB",
         "main_deck_by_code": {"SD02-001": 3, "BP01-171": 2}},
    ]  # fmt: skip
    at = open_page(app, "meta")
    assert "No tournament decklists yet" in at.info[0].value
    path = tmp_path / "lists.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        tournaments.store_decks(
            store, tournaments.read_lines(path.read_text(), path=path), source="t"
        )
    at.run()
    assert "2 decklists from 1 events" in at.caption[0].value
    assert any("How far to trust these numbers" in c.value for c in at.caption)
    cards = at.dataframe[0].value
    goblin = cards[cards["card_id"] == "BP01-171"].iloc[0]
    assert goblin["decks"] == 2
    assert goblin["inclusion"] == 1.0
    headings = {k: v["label"] for k, v in json.loads(at.dataframe[0].proto.columns).items()
                if "label" in v}  # fmt: skip
    assert headings["card_id"] == "Code"
    assert headings["avg_copies"] == "Copies per deck"
    (chart,) = at.get("plotly_chart")
    assert set(json.loads(chart.proto.spec)["data"][0]["x"]) == {"Forestcraft", "Swordcraft"}
    pick = at.selectbox(key="meta_pick")
    assert pick.options == [  # the chart's words, not エルフ
        "Forestcraft · AAA · #1 of 8 players · 2026-03-01",
        "Swordcraft · BBB · #2 of 8 players · 2026-03-01",
    ]
    pick.set_value(1).run()
    at.button(key="meta_open").click().run()  # the builder is empty: nothing to ask
    assert at.session_state["deck"].main == {"SD02-001": 3, "BP01-171": 2}
    assert at.session_state["deck"].name == "Swordcraft BBB (2026-03-01, #2)"


def test_opening_a_list_asks_before_it_replaces_the_deck_being_built(
    app: AppTest, tmp_path: Path
) -> None:
    line = {"date": "2026-03-01", "players": 8, "tournament_id": "1", "rank": 1,
            "class_or_title_ja": "ロイヤル", "deck_code": "BBB",
            "main_deck_by_code": {"SD02-001": 3, "BP01-171": 2}}  # fmt: skip
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        tournaments.store_decks(
            store, tournaments.read_lines(json.dumps(line), path=tmp_path / "l.jsonl"), source="t"
        )
    building = Deck(name="My fairies", main={"SD01-001": 3})
    at = app
    at.session_state["deck"] = building
    at = open_page(at, "meta")
    at.button(key="meta_open").click().run()
    assert at.session_state["deck"].main == {"SD01-001": 3}  # not yet
    assert "holds My fairies (3 cards)" in at.warning[0].value
    at.button(key="meta_keep").click().run()
    assert at.session_state["deck"].main == {"SD01-001": 3}  # kept
    assert not at.warning
    at.button(key="meta_open").click().run()
    at.button(key="meta_replace").click().run()
    assert at.session_state["deck"].main == {"SD02-001": 3, "BP01-171": 2}  # replaced
    assert not at.exception
