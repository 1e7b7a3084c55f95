"""Simulate: a small run shows its win rate, interval, charts and the past-runs table."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from dashboard.plain import plain
from tests.dashboard.conftest import EXAMPLES, open_page


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
    at.selectbox(key="sim_agent_a").set_value("greedy")
    at.selectbox(key="sim_agent_b").set_value("greedy").run()
    at.button(key="sim_start").click().run()
    assert not at.exception, at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Games (draws, errors)"].startswith("20 (")
    rate = float(metrics["Deck A win rate (bots)"].rstrip("%")) / 100
    assert metrics["Estimated in real play"].endswith("%")  # the committed map's estimate
    low, high = (float(x.strip().rstrip("%")) / 100 for x in metrics["95% interval"].split("–"))
    assert low - 0.005 <= rate <= high + 0.005  # the interval is shown to whole percents
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in at.get("plotly_chart")]
    assert "Win rate with 95% intervals" in titles
    assert "Game length" in titles
    assert "How games ended" in titles
    (ends,) = [c for c in at.get("plotly_chart") if "How games" in c.proto.spec]
    endings = set(json.loads(ends.proto.spec)["data"][0]["x"])
    assert endings
    assert endings <= {"leader defense 0", "deck out", "turn limit", "a card's effect"}
    table = at.dataframe[0].value
    assert int(table["games"].iloc[0]) == 20
    modelled = " ".join(c.value for c in at.caption).replace("\\", "")  # names are escaped
    assert "Forest fairies (starter-deck cards)" in modelled  # each deck says what is missing


def test_after_a_run_the_bar_and_cancel_go_and_past_runs_shows_it(app: AppTest) -> None:
    at = open_page(app, "simulate")
    at.number_input(key="sim_games").set_value(4).run()
    at.button(key="sim_start").click().run()
    assert not at.exception, at.exception
    assert not at.get("progress")
    assert "sim_cancel" not in [b.key for b in at.button]
    first = at.session_state["sim_run_id"]
    at.number_input(key="sim_seed").set_value(1).run()
    at.button(key="sim_start").click().run()
    second = at.session_state["sim_run_id"]
    assert second != first
    assert at.multiselect(key="sim_compare").value == [second, first]
    assert len(at.dataframe[0].value) == 2


EXAMPLE = (EXAMPLES / "forest_fairies.txt").read_text(encoding="utf-8")


def test_a_deck_without_an_evolve_deck_is_told_which_was_built(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    no_evolve = EXAMPLE.split("Evolve deck")[0]
    at.text_area(key="builder_paste").set_value(no_evolve).run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/simulate.py").run()
    builder = next(
        o for o in at.selectbox(key="sim_deck_a").options if o.startswith("deck builder")
    )
    at.selectbox(key="sim_deck_a").set_value(builder).run()
    at.number_input(key="sim_games").set_value(2).run()
    at.button(key="sim_start").click().run()
    assert not at.exception, at.exception
    captions = [c.value for c in at.caption]
    built = [c for c in captions if "has no evolve deck, so one was built" in c]
    assert len(built) == 1  # deck A only: deck B brings its own
    assert built[0].startswith(plain("Forest fairies (starter-deck cards) has no evolve deck"))
    assert "3 × トレント" in built[0]  # the evolved form of a follower it plays


def test_every_agent_level_is_offered_with_its_cost(app: AppTest) -> None:
    """Each level can be picked; the default agent is chosen; the time grows with the level."""
    from analytics.levels import DEFAULT_AGENT, LEVELS

    at = open_page(app, "simulate")
    pick = at.selectbox(key="sim_agent_a")
    assert pick.value == DEFAULT_AGENT
    assert [o for o in pick.options] == [lv.title for lv in LEVELS]
    at.number_input(key="sim_games").set_value(100_000).run()
    notes = []
    for agent in ("greedy", "search"):
        at.selectbox(key="sim_agent_a").set_value(agent)
        at.selectbox(key="sim_agent_b").set_value(agent).run()
        notes.append(at.caption[0].value)
    assert "Expected time for 100,000 games" in notes[0]
    assert "minutes" in notes[0]
    assert "hours" in notes[1]


def test_the_page_opens_on_two_different_decks(app: AppTest) -> None:
    """The builder's deck is often an example loaded into it: B is not that example again."""
    at = open_page(app, "simulate")
    assert at.selectbox(key="sim_deck_a").value == "example: Forest fairies (starter-deck cards)"
    assert at.selectbox(key="sim_deck_b").value == "example: Rune golems (starter-deck cards)"

    at.switch_page("app_pages/deck_builder.py").run()
    at.text_area(key="builder_paste").set_value(EXAMPLE).run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/simulate.py").run()
    assert at.selectbox(key="sim_deck_a").value.startswith("deck builder: Forest fairies")
    assert at.selectbox(key="sim_deck_b").value == "example: Rune golems (starter-deck cards)"
    assert not at.exception
