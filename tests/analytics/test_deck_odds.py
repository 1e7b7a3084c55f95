"""Odds and curve tables of one deck, as the Curve and odds page shows them."""

from __future__ import annotations

import math

import pytest

from analytics.curve import curve_table
from analytics.deck_odds import (
    DeckCounts,
    count_main,
    curve_frame,
    curve_rows,
    goal_title,
    make_goal,
    make_policy,
    odds_by_turn,
    scope_text,
)
from analytics.odds import NEVER, OPTIMAL, Goal, KeepIf, draw_odds
from cardpool.decklist import read_deck_file
from cardpool.pool import PoolIndex
from cardpool.snapshot import load_sve_pool
from tests.dashboard.conftest import EXAMPLES


@pytest.fixture(scope="module")
def pool() -> PoolIndex:
    return load_sve_pool()


@pytest.fixture(scope="module")
def fairies(pool: PoolIndex) -> DeckCounts:
    return count_main(read_deck_file(EXAMPLES / "forest_fairies.txt").main, pool)


def test_the_deck_is_counted_by_card_identity(pool: PoolIndex) -> None:
    deck = count_main({"sd01-005": 2, "SD01-005": 1, "XX99-999": 3, "SD01-003": 0}, pool)
    assert deck.counts == {"SD01-005": 3, "XX99-999": 3}
    assert deck.size == 6
    assert deck.unknown == ["XX99-999"]
    assert deck.label("SD01-005") == "ワルツフェアリー (SD01-005)"
    assert deck.label("XX99-999") == "XX99-999"


def test_table_equals_the_exact_odds(fairies: DeckCounts) -> None:
    goal = make_goal(fairies, ["SD01-005"], 1, combo=False)
    result = odds_by_turn(fairies, goal, NEVER)
    table = result.table()
    assert list(table.columns) == ["Turn", "Going first", "Going second"]
    assert table.loc[0, "Going first"] == pytest.approx(27.73, abs=0.005)
    for going in ("first", "second"):
        for turn in range(11):
            exact = draw_odds(fairies.counts, Goal.of("SD01-005"), turn, going).p
            assert table.loc[turn, f"Going {going}"] == pytest.approx(100 * exact, abs=1e-9)
    assert result.rule_lines() == []


def test_optimal_states_its_rule_and_gain(fairies: DeckCounts) -> None:
    goal = make_goal(fairies, ["SD01-005"], 1, combo=False)
    result = odds_by_turn(fairies, goal, OPTIMAL)
    table = result.table()
    assert table.loc[0, "Going first"] == pytest.approx(49.80, abs=0.005)
    assert table.loc[0, "Going first, never"] == pytest.approx(27.73, abs=0.005)
    assert table.loc[0, "Gain going first"] == pytest.approx(22.06, abs=0.01)
    assert result.rule_lines() == ["mulligan hands without ワルツフェアリー (SD01-005)"]
    gain, going, turn = result.best_gain() or (0.0, "", -1)
    assert (round(gain, 2), going, turn) == (22.06, "first", 0)


def test_combo_goal_needs_every_card(fairies: DeckCounts) -> None:
    goal = make_goal(fairies, ["SD01-005", "SD01-003"], 2, combo=True)
    assert goal.groups == (("SD01-005",), ("SD01-003",))
    assert goal_title(goal).startswith("at least 2 of ワルツフェアリー (SD01-005) and at least 2")
    result = odds_by_turn(fairies, goal, OPTIMAL)
    exact = draw_odds(fairies.counts, goal, 5, "second", OPTIMAL).p
    assert result.table().loc[5, "Going second"] == pytest.approx(100 * exact)


def test_any_of_goal_is_one_group(fairies: DeckCounts) -> None:
    goal = make_goal(fairies, ["SD01-005", "SD01-003", "SD01-005"], 1, combo=False)
    assert goal.groups == (("SD01-005", "SD01-003"),)
    assert goal_title(goal).startswith("at least 1 of ワルツフェアリー (SD01-005), ")


def test_keep_if_policy_resolves_codes_as_written(pool: PoolIndex) -> None:
    deck = count_main({"sd01-005": 3, "SD01-003": 37}, pool)
    assert make_policy("keep-if", ["sd01-005"], deck) == KeepIf(("SD01-005",))
    assert make_policy("keep-if", [], deck) == NEVER
    assert make_policy("optimal") == OPTIMAL
    assert make_policy("never", ["SD01-005"]) == NEVER


def test_turns_beyond_a_small_deck_are_empty(pool: PoolIndex) -> None:
    deck = count_main({"SD01-005": 3, "SD01-003": 7}, pool)
    table = odds_by_turn(deck, make_goal(deck, ["SD01-005"], 1, False), NEVER).table()
    # 10 cards: a hand of 6 plus the 4 bottomed cards is the most the deck allows
    assert not math.isnan(table.loc[3, "Going first"])
    assert math.isnan(table.loc[4, "Going first"])
    assert math.isnan(table.loc[3, "Going second"])
    frame = curve_frame(curve_rows(deck))
    assert math.isnan(frame.loc[3, "On curve, first"])


def test_curve_frame_matches_the_curve_table(fairies: DeckCounts) -> None:
    rows = curve_rows(fairies, OPTIMAL)
    assert rows == curve_table(fairies.counts, fairies.records, policy=OPTIMAL)
    frame = curve_frame(rows)
    assert frame.loc[0, "On curve, first"] == pytest.approx(100 * rows[0].on_curve)
    assert math.isnan(frame.loc[6, "Curve out, second"])  # past turn 6 under a policy


def test_scope_text_compresses_turns() -> None:
    assert scope_text([("second", 2), ("second", 1), ("second", 5)]) == (
        "going second turns 1-2, 5"
    )
