"""The Curve and odds page: histogram, exact odds by turn and seat, mulligan, curve out."""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from analytics.curve import curve_table
from analytics.odds import NEVER, OPTIMAL, Goal, Going, KeepIf, Policy, draw_odds
from cardpool.deck import Deck
from cardpool.decklist import parse_deck
from cardpool.snapshot import load_sve_pool
from tests.dashboard.conftest import EXAMPLES, open_page, shown

EXAMPLE = (EXAMPLES / "forest_fairies.txt").read_text(encoding="utf-8")
MAIN = dict(parse_deck(EXAMPLE).main)
THREE_OF = "SD01-005"  # ワルツフェアリー, 3 copies in the 40-card example
TWO_OF = "SD01-001"  # フェアリープリンセス・アリア, 2 copies


def with_example(app: AppTest) -> AppTest:
    """Paste the example list in the Deck builder, then open Curve and odds."""
    at = open_page(app, "deck_builder")
    at.text_area(key="builder_paste").set_value(EXAMPLE).run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/curve_odds.py").run()
    assert not at.exception, at.exception
    return at


def pick(at: AppTest, *cards: str) -> AppTest:
    """Choose the cards whose odds the table shows."""
    at.multiselect(key="odds_cards").set_value(list(cards)).run()
    assert not at.exception, at.exception
    return at


def table_with(at: AppTest, column: str) -> pd.DataFrame:
    """The shown table that has ``column``."""
    (frame,) = [df.value for df in at.dataframe if column in df.value.columns]
    assert isinstance(frame, pd.DataFrame)
    return frame


def odds_table(at: AppTest) -> pd.DataFrame:
    """The odds table as the user sees it (percent)."""
    return table_with(at, "Going first")


def assert_table_is_exact(
    at: AppTest, deck: dict[str, int], goal: Goal, policy: Policy = NEVER
) -> None:
    """Every cell of the shown table equals the exact analytics."""
    table = odds_table(at)
    assert list(table["Turn"]) == list(range(11))
    goings: tuple[Going, Going] = ("first", "second")
    for going in goings:
        for turn in range(11):
            odds = draw_odds(deck, goal, turn, going, policy)
            assert table.loc[turn, f"Going {going}"] == pytest.approx(100 * odds.p, abs=1e-9)
            if policy != NEVER:
                never = table.loc[turn, f"Going {going}, never"]
                assert never == pytest.approx(100 * odds.p_never, abs=1e-9)
                gain = table.loc[turn, f"Gain going {going}"]
                assert gain == pytest.approx(100 * odds.gain, abs=1e-9)


def charts(at: AppTest) -> dict[str, dict[str, Any]]:
    """The page's plotly charts by title: their figure JSON."""
    out = {}
    for chart in at.get("plotly_chart"):
        spec = json.loads(chart.proto.spec)
        out[spec["layout"]["title"]["text"]] = spec
    return out


def markdown(at: AppTest) -> str:
    return "\n".join(shown(md.value) for md in at.markdown)


def test_empty_deck_says_where_to_build_one(app: AppTest) -> None:
    at = open_page(app, "curve_odds")
    assert at.title[0].value == "Curve and odds"
    assert "build or paste one in the Deck builder" in at.info[0].value
    assert not at.get("plotly_chart")


def test_page_is_third_in_the_navigation(app: AppTest) -> None:
    at = with_example(app)
    assert at.title[0].value == "Curve and odds"
    assert "40-card main deck" in at.caption[0].value


def test_histogram_stacks_the_deck_costs_by_type(app: AppTest) -> None:
    at = with_example(app)
    spec = charts(at)["Cost histogram by card type"]
    assert {t["type"] for t in spec["data"]} == {"bar"}
    assert [t["name"] for t in spec["data"]] == ["amulet", "follower", "spell"]
    assert spec["layout"]["barmode"] == "stack"
    assert "Pick one or more cards" in at.info[0].value


def test_three_of_in_the_opening_hand_is_27_73_percent(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF)
    table = odds_table(at)
    assert list(table.columns) == ["Turn", "Going first", "Going second"]
    assert round(table.loc[0, "Going first"], 2) == 27.73
    assert round(table.loc[0, "Going second"], 2) == 27.73
    assert_table_is_exact(at, MAIN, Goal.of(THREE_OF))
    assert "P(at least 1 of ワルツフェアリー (SD01-005))" in markdown(at)


def test_odds_chart_has_a_line_per_seat(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF)
    spec = charts(at)["P(at least 1 of ワルツフェアリー (SD01-005)) by turn"]
    assert [t["type"] for t in spec["data"]] == ["scatter", "scatter"]
    assert [t["name"] for t in spec["data"]] == ["going first, never", "going second, never"]


def test_optimal_mulligan_states_its_rule_and_gain(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF)
    at.radio(key="odds_mulligan").set_value("optimal").run()
    assert not at.exception
    assert round(odds_table(at).loc[0, "Going first"], 2) == 49.80
    assert_table_is_exact(at, MAIN, Goal.of(THREE_OF), OPTIMAL)
    text = markdown(at)
    assert "**Optimal mulligan:** mulligan hands without ワルツフェアリー (SD01-005)" in text
    assert "Gain over never mulliganing: **+22.06 points** in the opening hand" in text
    spec = charts(at)["P(at least 1 of ワルツフェアリー (SD01-005)) by turn"]
    assert [t["name"] for t in spec["data"]] == [
        "going first, optimal",
        "going second, optimal",
        "going first, never",
        "going second, never",
    ]


def test_keep_if_mulligan_uses_the_chosen_cards(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF)
    at.radio(key="odds_mulligan").set_value("keep-if").run()
    assert "until then no hand is mulliganed" in " ".join(c.value for c in at.caption)
    assert_table_is_exact(at, MAIN, Goal.of(THREE_OF))
    at.multiselect(key="odds_keep").set_value([THREE_OF, TWO_OF]).run()
    assert not at.exception
    policy = KeepIf((THREE_OF, TWO_OF))
    assert_table_is_exact(at, MAIN, Goal.of(THREE_OF), policy)
    assert (  # the cards by name, as the page lists them
        "mulligan hands without any of ワルツフェアリー (SD01-005), "
        "フェアリープリンセス・アリア (SD01-001)"
    ) in markdown(at)


def test_any_of_and_all_of_several_cards(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF, TWO_OF)
    assert_table_is_exact(at, MAIN, Goal.of(THREE_OF, TWO_OF))
    at.radio(key="odds_mode").set_value("all").run()
    assert not at.exception
    combo = Goal(((THREE_OF,), (TWO_OF,)))
    assert_table_is_exact(at, MAIN, combo)
    at.radio(key="odds_mulligan").set_value("optimal").run()
    assert_table_is_exact(at, MAIN, combo, OPTIMAL)
    assert "keep hands with at least 1 of ワルツフェアリー (SD01-005)" in markdown(at)


def test_at_least_k_copies(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF)
    at.number_input(key="odds_at_least").set_value(2).run()
    assert_table_is_exact(at, MAIN, Goal.of(THREE_OF, at_least=2))
    assert "P(at least 2 of ワルツフェアリー (SD01-005))" in markdown(at)


def test_a_copies_input_edits_the_deck_and_the_odds(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF)
    assert at.number_input(key=f"odds_copies_{THREE_OF}").value == 3
    at.number_input(key=f"odds_copies_{THREE_OF}").set_value(1).run()
    assert not at.exception
    assert at.session_state["deck"].main[THREE_OF] == 1
    assert "38-card main deck" in at.caption[0].value
    assert_table_is_exact(at, {**MAIN, THREE_OF: 1}, Goal.of(THREE_OF))
    assert round(odds_table(at).loc[0, "Going first"], 2) == round(100 * 4 / 38, 2)


def test_a_count_of_zero_removes_the_card(app: AppTest) -> None:
    at = pick(with_example(app), THREE_OF, TWO_OF)
    at.number_input(key=f"odds_copies_{TWO_OF}").set_value(0).run()
    assert not at.exception
    assert TWO_OF not in at.session_state["deck"].main
    assert at.multiselect(key="odds_cards").value == [THREE_OF]
    main = {c: n for c, n in MAIN.items() if c != TWO_OF}
    assert_table_is_exact(at, main, Goal.of(THREE_OF))


def test_a_change_in_the_deck_builder_is_followed(app: AppTest) -> None:
    at = pick(with_example(app), TWO_OF)
    at.radio(key="odds_mulligan").set_value("optimal").run()
    at.switch_page("app_pages/deck_builder.py").run()
    at.text_input(key="builder_find").set_value(TWO_OF).run()
    at.selectbox(key="builder_pick").set_value(TWO_OF).run()
    at.button(key="builder_add").click().run()
    assert at.session_state["deck"].main[TWO_OF] == 3
    at.switch_page("app_pages/curve_odds.py").run()
    assert not at.exception
    # the choices made on this page are still there
    assert at.multiselect(key="odds_cards").value == [TWO_OF]
    assert at.radio(key="odds_mulligan").value == "optimal"
    assert at.number_input(key=f"odds_copies_{TWO_OF}").value == 3
    assert_table_is_exact(at, {**MAIN, TWO_OF: 3}, Goal.of(TWO_OF), OPTIMAL)


def test_curve_out_metrics_and_table_are_exact(app: AppTest) -> None:
    at = with_example(app)
    rows = curve_table(MAIN, _records(at), policy=NEVER)
    by = {(r.going, r.turn): r for r in rows}
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Curve out through turn 4, going first"] == (
        f"{100 * (by[('first', 4)].curve_out or 0):.2f}%"
    )
    assert metrics["Castable cards by turn 4, going second"] == (
        f"{by[('second', 4)].expected_castable:.2f}"
    )
    at.slider(key="odds_through").set_value(2).run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Curve out through turn 2, going second"] == (
        f"{100 * (by[('second', 2)].curve_out or 0):.2f}%"
    )
    frame = table_with(at, "On curve, first")
    for turn in range(1, 11):
        row = frame[frame["Turn"] == turn].iloc[0]
        assert row["On curve, first"] == pytest.approx(100 * by[("first", turn)].on_curve)
        assert row["Castable, second"] == pytest.approx(by[("second", turn)].expected_castable)
    spec = charts(at)["Playing on curve by turn"]
    assert [t["type"] for t in spec["data"]] == ["scatter"] * 4


def test_curve_follows_the_mulligan_policy_and_types(app: AppTest) -> None:
    at = with_example(app)
    at.radio(key="odds_mulligan").set_value("optimal").run()
    at.multiselect(key="odds_types").set_value(["follower"]).run()
    assert not at.exception
    rows = curve_table(MAIN, _records(at), policy=OPTIMAL, types=["follower"])
    frame = table_with(at, "On curve, first")
    assert rows[2].curve_out is not None
    assert frame.loc[2, "Curve out, first"] == f"{100 * rows[2].curve_out:.2f}%"
    assert frame.loc[7, "Curve out, first"] == "–"  # past turn 6 under a policy: not "None"
    assert any("curve out is worked out through turn 6" in c.value for c in at.caption)


def test_a_tiny_deck_leaves_late_turns_empty(app: AppTest) -> None:
    at = open_page(app, "deck_builder")
    at.text_area(key="builder_paste").set_value("Main deck\n3 SD01-005\n3 SD01-003\n").run()
    at.button(key="builder_load").click().run()
    at.switch_page("app_pages/curve_odds.py").run()
    at = pick(at, THREE_OF)
    assert not at.exception
    table = odds_table(at)
    assert table.loc[0, "Going first"] == "–"  # 6 cards: no room for a mulligan
    assert any(c.value.startswith("–: the deck is too small") for c in at.caption)
    assert {m.value for m in at.metric} == {"n/a"}


def _records(at: AppTest) -> dict[str, Any]:
    """The example's card records, from the snapshot the page's database is built from."""
    pool = load_sve_pool()
    return {c: pool.record(c) for c in MAIN}


def test_a_riftbound_deck_gets_riftbound_odds(app: AppTest) -> None:
    main = {f"OGN-{i:03d}": 3 for i in range(1, 14)}  # 39 cards, the draw pile
    deck = Deck(game="riftbound", main=dict(main))
    at = app
    at.session_state["game"] = "riftbound"
    for key in ("deck", "deck_riftbound"):
        at.session_state[key] = deck
    at = open_page(at, "curve_odds")
    at = pick(at, "OGN-001")
    at.radio(key="odds_mulligan").set_value("optimal").run()
    assert not at.exception
    goal = Goal.of("OGN-001")
    table = odds_table(at)
    for going in ("first", "second"):
        for turn in range(11):
            odds = draw_odds(main, goal, turn, going, OPTIMAL, "riftbound")
            assert table.loc[turn, f"Going {going}"] == pytest.approx(100 * odds.p, abs=1e-9)
    assert "set aside 2 cards other than" in markdown(at)
    # the energy curve: runes by turn, 3 on the second player's first turn
    energy = at.dataframe[-1].value
    assert list(energy[("Energy (runes)", "first")])[:3] == [2, 4, 6]
    assert list(energy[("Energy (runes)", "second")])[:3] == [3, 5, 7]


def test_a_riftbound_combo_states_its_mulligan_rule(app: AppTest) -> None:
    """All of two cards, optimal partial mulligan: the page says which cards go back."""
    main = {f"OGN-{i:03d}": 3 for i in range(1, 14)}
    at = app
    at.session_state["game"] = "riftbound"
    for key in ("deck", "deck_riftbound"):
        at.session_state[key] = Deck(game="riftbound", main=dict(main))
    at = pick(open_page(at, "curve_odds"), "OGN-001", "OGN-002")
    at.radio(key="odds_mode").set_value("all").run()
    at.radio(key="odds_mulligan").set_value("optimal").run()
    assert not at.exception
    shown = markdown(at)
    assert "keep hands with at least 1 of Blazing Scorcher (OGN-001) and at least 1 of" in shown
    assert "set aside up to 2 cards the goal does not need" in shown
    assert "table" not in shown.split("Optimal mulligan")[1].split("Gain over")[0]
