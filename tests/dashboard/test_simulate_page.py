"""Simulate: a small run shows its win rate, interval, charts and the past-runs table."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import open_page


def test_no_runs_yet_says_what_to_do(app: AppTest) -> None:
    at = open_page(app, "simulate")
    assert "No simulations yet" in at.info[0].value
    assert "interval about ±" in at.caption[0].value


def test_a_small_simulation_shows_its_numbers_and_charts(app: AppTest) -> None:
    at = open_page(app, "simulate")
    options = at.selectbox(key="sim_deck_a").options
    assert any("Forest fairies" in o for o in options)
    at.selectbox(key="sim_deck_a").set_value(next(o for o in options if "Forest" in o)).run()
    at.selectbox(key="sim_deck_b").set_value(next(o for o in options if "Sword" in o)).run()
    at.number_input(key="sim_games").set_value(20).run()
    at.button(key="sim_start").click().run()
    assert not at.exception, at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Games (draws, errors)"].startswith("20 (")
    rate = float(metrics["Deck A win rate"].rstrip("%")) / 100
    low, high = (float(x.strip().rstrip("%")) / 100 for x in metrics["95% interval"].split("–"))
    assert low - 0.005 <= rate <= high + 0.005  # the interval is shown to whole percents
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in at.get("plotly_chart")]
    assert "Win rate with 95% intervals" in titles
    assert "Game length" in titles
    assert "How games ended" in titles
    table = at.dataframe[0].value
    assert int(table["games"].iloc[0]) == 20
    modelled = " ".join(c.value for c in at.caption).replace("\\", "")  # names are escaped
    assert "Forest fairies (starter-deck cards)" in modelled  # each deck says what is missing
