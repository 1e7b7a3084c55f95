"""Curve statistics: histogram, on-curve odds, curving out and castable cards."""

from __future__ import annotations

from functools import cache
from itertools import permutations
from math import comb

import pytest

from analytics.curve import (
    cost_histogram,
    curve_out,
    curve_table,
    expected_castable,
    unknown_cards,
)
from analytics.montecarlo import simulate
from analytics.odds import (
    NEVER,
    OPTIMAL,
    Goal,
    Going,
    KeepIf,
    Policy,
    _draw_order_dp,
    _inclusion_exclusion,
    goal_problem,
    hand_size,
    solve,
)
from engine.cards import CardRecord


def records(costs: dict[str, tuple[int | None, str]]) -> dict[str, CardRecord]:
    """Card records from ``code -> (cost, type)``."""
    return {c: CardRecord(c, c, card_type=t, cost=v) for c, (v, t) in costs.items()}


CARDS = records(
    {
        "f1": (1, "follower"),
        "s1": (1, "spell"),
        "f2": (2, "follower"),
        "a2": (2, "amulet"),
        "f3": (3, "follower"),
        "f4": (4, "follower"),
        "f5": (5, "follower"),
        "x": (8, "follower"),
        "evo": (None, "evolved_follower"),
    }
)
DECK = {"f1": 3, "s1": 3, "f2": 6, "a2": 2, "f3": 6, "f4": 5, "f5": 4, "x": 11}  # 40 cards


def test_histogram_by_type_and_cost() -> None:
    assert cost_histogram(DECK, CARDS) == {
        "amulet": {2: 2},
        "follower": {1: 3, 2: 6, 3: 6, 4: 5, 5: 4, 8: 11},
        "spell": {1: 3},
    }
    assert unknown_cards({**DECK, "evo": 1, "zz": 2}, CARDS) == ["evo", "zz"]


@pytest.mark.parametrize("going", ["first", "second"])
def test_on_curve_is_the_hypergeometric_chance_of_a_card_of_that_cost(going: Going) -> None:
    rows = curve_table(DECK, CARDS, (going,), 6)
    per_cost = {1: 6, 2: 8, 3: 6, 4: 5, 5: 4, 6: 0}
    for row in rows:
        n = hand_size(row.turn, going)
        k = per_cost[row.turn]
        assert row.on_curve == pytest.approx(1 - comb(40 - k, n) / comb(40, n), abs=1e-14)
    # followers only: the 1-cost spells and the 2-cost amulets no longer count
    followers = curve_table(DECK, CARDS, (going,), 2, types=["follower"])
    n1 = hand_size(1, going)
    assert followers[0].on_curve == pytest.approx(1 - comb(37, n1) / comb(40, n1), abs=1e-14)


def test_curve_out_through_two_by_direct_inclusion_exclusion() -> None:
    # a 1-cost card in the first 4 and a 2-cost card in the first 5 (going first)
    k1, k2, n1, n2 = 6, 8, 4, 5
    miss1 = comb(40 - k1, n1) / comb(40, n1)
    miss2 = comb(40 - k2, n2) / comb(40, n2)
    # miss both: the first 4 avoid 14 cards, then the 5th card avoids the 8 two-costs
    miss_both = comb(40 - k1 - k2, n1) / comb(40, n1) * (36 - k2) / 36
    p, rule = curve_out(DECK, CARDS, 2, "first")
    assert p == pytest.approx(1 - miss1 - miss2 + miss_both, abs=1e-14)
    assert rule is None
    assert curve_out(DECK, CARDS, 6, "first")[0] == 0.0  # there is no 6-cost card


def test_inclusion_exclusion_and_draw_order_dp_agree() -> None:
    urn, total = (3, 5, 4, 2), 40
    reqs = ((1, 1, 4), (2, 1, 5), (4, 1, 6), (8, 1, 7))
    need = [1, 1, 1, 1]
    held = (0, 0, 0, 0)
    assert _inclusion_exclusion(urn, total, reqs, need) == pytest.approx(
        _draw_order_dp(urn, total, held, reqs), abs=1e-14
    )


SMALL = ("c1", "c1", "c2", "c2", "c3", "x", "x", "x", "x", "x")
SMALL_CARDS = records({"c1": (1, "follower"), "c2": (2, "spell"), "c3": (3, "follower"),
                       "x": (7, "follower")})  # fmt: skip


@cache
def orders() -> frozenset[tuple[str, ...]]:
    """Every distinct order of the small deck."""
    return frozenset(permutations(SMALL))


def brute_curve(through: int, going: Going, mulligan_without: str | None) -> float:
    """Curve-out by dealing every order; mulligan (to the bottom) hands without that card."""
    cost = {"c1": 1, "c2": 2, "c3": 3, "x": 7}
    wins = 0
    for order in orders():
        seq = order
        if mulligan_without is not None and mulligan_without not in order[:4]:
            seq = order[4:] + order[:4]
        ok = all(
            any(cost[c] == t for c in seq[: hand_size(t, going)]) for t in range(1, through + 1)
        )
        wins += ok
    return wins / len(orders())


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("through", [1, 2, 3])
def test_curve_out_matches_every_deck_order(going: Going, through: int) -> None:
    deck = {c: SMALL.count(c) for c in set(SMALL)}
    if hand_size(through, going) + 4 > len(SMALL):
        # a mulligan would bring the bottomed cards back: refused rather than mis-modelled
        with pytest.raises(ValueError, match="runs low"):
            curve_out(deck, SMALL_CARDS, through, going)
        return
    assert curve_out(deck, SMALL_CARDS, through, going)[0] == pytest.approx(
        brute_curve(through, going, None), abs=1e-12
    )
    kept = curve_out(deck, SMALL_CARDS, through, going, KeepIf(("c1",)))[0]
    assert kept == pytest.approx(brute_curve(through, going, "c1"), abs=1e-12)


def test_expected_castable_matches_linearity_and_every_deck_order() -> None:
    # never: each of the n cards drawn is castable with probability K/N
    n = hand_size(3, "second")
    assert expected_castable(DECK, CARDS, 3, "second") == pytest.approx(n * 20 / 40)
    deck = {c: SMALL.count(c) for c in set(SMALL)}
    cost = {"c1": 1, "c2": 2, "c3": 3, "x": 7}
    seats: list[tuple[int, Going]] = [(1, "first"), (2, "first"), (3, "first"), (1, "second"),
                                      (2, "second")]  # fmt: skip
    for turn, going in seats:  # hands of at most 6: a mulligan never reaches the bottom
        n = hand_size(turn, going)
        total = 0
        for order in orders():
            seq = order if "c2" in order[:4] else order[4:] + order[:4]
            total += sum(cost[c] <= turn for c in seq[:n])
        exact = expected_castable(deck, SMALL_CARDS, turn, going, KeepIf(("c2",)))
        assert exact == pytest.approx(total / len(orders()), abs=1e-12)


def test_optimal_policy_raises_every_curve_figure() -> None:
    goings: tuple[Going, ...] = ("first", "second")
    for going in goings:
        never = curve_table(DECK, CARDS, (going,), 5)
        best = curve_table(DECK, CARDS, (going,), 5, OPTIMAL)
        for a, b in zip(never, best, strict=True):
            assert b.on_curve >= a.on_curve - 1e-12
            assert a.curve_out is not None
            assert b.curve_out is not None
            assert b.curve_out >= a.curve_out - 1e-12
            assert b.expected_castable >= a.expected_castable - 1e-12
        assert best[1].on_curve_rule == "mulligan hands without a 2-cost card"
        assert best[0].curve_out > never[0].curve_out + 0.1  # type: ignore[operator]


@pytest.mark.parametrize(("going", "policy"), [("first", OPTIMAL), ("second", KeepIf(("f2",)))])
def test_curve_out_agrees_with_monte_carlo(going: Going, policy: Policy) -> None:
    groups = (("f1", "s1"), ("f2", "a2"), ("f3",), ("f4",))
    goal = Goal(groups)
    sizes = [hand_size(t, going) for t in range(1, 5)]
    problem, code, _ = goal_problem(DECK, goal, sizes, policy)
    sol = solve(problem, code)
    assert sol.p == pytest.approx(curve_out(DECK, CARDS, 4, going, policy)[0], abs=1e-14)
    est = simulate(problem, sol.decisions(), trials=60_000, seed=11)
    assert est.agrees(sol.p), (sol.p, est.p, est.se)


def test_policy_never_is_the_default() -> None:
    assert curve_table(DECK, CARDS, ("first",), 3) == curve_table(DECK, CARDS, ("first",), 3, NEVER)


def test_curve_out_under_a_policy_stops_at_turn_six() -> None:
    rows = curve_table(DECK, CARDS, ("second",), 8, KeepIf(("f1",)))
    assert [r.curve_out is None for r in rows] == [False] * 6 + [True] * 2
    assert all(r.curve_out is not None for r in curve_table(DECK, CARDS, ("second",), 8))
