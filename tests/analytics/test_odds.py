"""Exact draw odds: closed forms, brute force over every deck order, and the Monte Carlo check."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import permutations
from math import comb

import pytest

from analytics.montecarlo import simulate
from analytics.odds import (
    NEVER,
    OPTIMAL,
    AtomProblem,
    Game,
    Goal,
    Going,
    KeepIf,
    Policy,
    draw_odds,
    hand_size,
    odds_table,
    parse_policy,
    policy_name,
    prepare,
    solve,
    spares_first,
)


def deck_of(**counts: int) -> dict[str, int]:
    """A deck from keyword counts; ``x`` pads with blanks."""
    return dict(counts)


def miss(n_deck: int, copies: int, drawn: int) -> float:
    """P(no copy among ``drawn`` cards), computed directly."""
    return comb(n_deck - copies, drawn) / comb(n_deck, drawn)


# --- the golden numbers of the issue -------------------------------------------------------


def test_three_of_in_forty_opening_hand_is_27_73_percent() -> None:
    deck = deck_of(A=3, x=37)
    p = draw_odds(deck, Goal.of("A"), turn=0).p
    assert p == pytest.approx(1 - comb(37, 4) / comb(40, 4), abs=1e-15)
    assert round(100 * p, 2) == 27.73


def test_mulligan_when_missing_is_49_80_percent_with_no_shuffle() -> None:
    deck = deck_of(A=3, x=37)
    p_first = 1 - miss(40, 3, 4)
    # the redraw comes from the other 36 cards: the bottomed four cannot come back
    closed = p_first + (1 - p_first) * (1 - miss(36, 3, 4))
    for policy in (KeepIf(("A",)), OPTIMAL):
        odds = draw_odds(deck, Goal.of("A"), turn=0, policy=policy)
        assert odds.p == pytest.approx(closed, abs=1e-15)
        assert round(100 * odds.p, 2) == 49.80
    # a shuffle-back model would give a different (lower) figure: the no-shuffle rule matters
    shuffled_back = p_first + (1 - p_first) * p_first
    assert closed > shuffled_back + 0.005


# --- the turn structure (CR 7.2.4, 7.2.4.1) ------------------------------------------------


def test_hand_sizes_follow_the_draw_rules() -> None:
    assert [hand_size(t, "first") for t in range(5)] == [4, 4, 5, 6, 7]
    assert [hand_size(t, "second") for t in range(5)] == [4, 5, 6, 7, 8]
    assert [hand_size(t, "first", "riftbound") for t in range(3)] == [4, 5, 6]
    with pytest.raises(ValueError, match="turn"):
        hand_size(-1, "first")
    with pytest.raises(ValueError, match="going"):
        hand_size(1, "third")  # type: ignore[arg-type]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("n_deck", "copies", "k"), [(40, 3, 1), (50, 3, 2), (45, 2, 1), (40, 1, 1)]
)
def test_never_mulligan_is_the_hypergeometric_tail(
    going: Going, n_deck: int, copies: int, k: int
) -> None:
    deck = {"A": copies, "x": n_deck - copies}
    for turn in range(11):
        n = hand_size(turn, going)
        closed = sum(
            comb(copies, i) * comb(n_deck - copies, n - i) for i in range(k, copies + 1)
        ) / comb(n_deck, n)
        p = draw_odds(deck, Goal.of("A", at_least=k), turn, going).p
        assert p == pytest.approx(closed, abs=1e-14)


@pytest.mark.parametrize("going", ["first", "second"])
def test_mulligan_when_missing_by_turn_matches_closed_form(going: Going) -> None:
    deck = {"A": 3, "B": 2, "x": 45}
    w0 = miss(50, 3, 4)
    for turn in range(11):
        n = hand_size(turn, going)
        # kept hands with A have it; a mulligan draws n cards from the 46 above the bottomed four
        closed = (1 - w0) + w0 * (1 - miss(46, 3, n))
        odds = draw_odds(deck, Goal.of("A"), turn, going, KeepIf(("A",)))
        assert odds.p == pytest.approx(closed, abs=1e-14)
        optimal = draw_odds(deck, Goal.of("A"), turn, going, OPTIMAL)
        assert optimal.p == pytest.approx(closed, abs=1e-14)
        assert optimal.rule == "mulligan hands without A"


def test_combo_of_two_cards_by_inclusion_exclusion() -> None:
    deck = {"A": 3, "B": 3, "x": 34}
    for turn in range(11):
        n = hand_size(turn, "second")
        closed = 1 - miss(40, 3, n) - miss(40, 3, n) + miss(40, 6, n)
        goal = Goal((("A",), ("B",)))
        assert draw_odds(deck, goal, turn, "second").p == pytest.approx(closed, abs=1e-14)


def test_group_is_any_of_its_cards() -> None:
    deck = {"A": 3, "B": 2, "C": 1, "x": 34}
    for turn in (0, 3, 7):
        n = hand_size(turn, "first")
        assert draw_odds(deck, Goal.of("A", "B", "C"), turn).p == pytest.approx(
            1 - miss(40, 6, n), abs=1e-14
        )


def test_overlapping_groups_are_counted_per_group() -> None:
    # group 1 = {A, B}, group 2 = {B}: needs a B, and one more of A/B
    deck = {"A": 3, "B": 3, "x": 34}
    goal = Goal((("A", "B"), ("B",)), at_least=1)
    p = draw_odds(deck, goal, 0).p
    assert p == pytest.approx(1 - miss(40, 3, 4), abs=1e-14)
    two = Goal((("A", "B"),), at_least=2)
    both = Goal((("A", "B"), ("B",)), at_least=2)
    assert draw_odds(deck, both, 4).p < draw_odds(deck, two, 4).p


# --- brute force: every distinct order of a small deck -------------------------------------


@cache
def distinct_orders(deck: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    """Every distinct order of a small deck (each equally likely after a shuffle)."""
    return frozenset(permutations(deck))


def brute_force(deck: list[str], goal: Goal, n: int, policy: str, game: str = "sve") -> float:
    """Average over every distinct deck order, applying the rules card by card.

    ``policy``: never, keep-if-A, or optimal (chosen per opening multiset from the exact
    conditional chances this function computes itself).
    """
    orders = distinct_orders(tuple(deck))

    def meets(hand: list[str]) -> bool:
        return all(sum(c in g for c in hand) >= goal.at_least for g in goal.groups)

    def after(order: tuple[str, ...], back: tuple[str, ...]) -> list[str]:
        kept = list(order[:4])
        for card in back:
            kept.remove(card)
        return kept + list(order[4 : 4 + len(back) + n - 4])

    def choices(opening: tuple[str, ...]) -> list[tuple[str, ...]]:
        if game == "sve":
            return [(), opening]
        out: set[tuple[str, ...]] = {()}
        for i in range(4):
            out.add((opening[i],))
            for j in range(i + 1, 4):
                out.add(tuple(sorted((opening[i], opening[j]))))
        return sorted(out, key=len)

    by_opening: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for order in orders:
        by_opening.setdefault(tuple(sorted(order[:4])), []).append(order)
    wins = 0.0
    for opening, group in by_opening.items():
        best: tuple[str, ...]
        if policy == "never":
            best = ()
        elif policy == "keep-if-A":
            best = () if "A" in opening else opening
        else:
            scores = {back: sum(meets(after(o, back)) for o in group) for back in choices(opening)}
            keep = scores.pop(())
            top = max(scores.values())
            best = () if keep > top else min((b for b in scores if scores[b] == top), key=len)
        wins += sum(meets(after(o, best)) for o in group)
    return wins / len(orders)


SMALL = ["A", "A", "B", "B", "C", "x", "x", "x", "x", "x"]


@pytest.mark.parametrize("policy", ["never", "keep-if-A", "optimal"])
@pytest.mark.parametrize(
    "goal",
    [Goal.of("A"), Goal.of("A", at_least=2), Goal((("A",), ("B",))), Goal.of("B", "C", at_least=2)],
)
@pytest.mark.parametrize("n", [4, 5, 6])
def test_exact_matches_brute_force_over_every_order(policy: str, goal: Goal, n: int) -> None:
    deck = Counter(SMALL)
    policies: dict[str, Policy] = {"never": NEVER, "keep-if-A": KeepIf(("A",)), "optimal": OPTIMAL}
    pol = policies[policy]
    turn = n - 4
    exact = draw_odds(deck, goal, turn, "second", pol).p
    assert exact == pytest.approx(brute_force(SMALL, goal, n, policy), abs=1e-12)


@pytest.mark.parametrize("goal", [Goal.of("A"), Goal.of("A", at_least=2), Goal((("A",), ("B",)))])
@pytest.mark.parametrize("n", [4, 6])
def test_riftbound_partial_mulligan_matches_brute_force(goal: Goal, n: int) -> None:
    deck = Counter(SMALL)
    turn = n - 4
    exact = draw_odds(deck, goal, turn, "first", OPTIMAL, "riftbound")
    assert exact.p == pytest.approx(brute_force(SMALL, goal, n, "optimal", "riftbound"), abs=1e-12)
    never = draw_odds(deck, goal, turn, "first", NEVER, "riftbound").p
    assert never == pytest.approx(brute_force(SMALL, goal, n, "never", "riftbound"), abs=1e-12)


# --- policies ------------------------------------------------------------------------------


def test_optimal_policy_beats_the_others_and_reports_its_gain() -> None:
    deck = {"A": 3, "B": 3, "C": 2, "x": 42}
    for goal in (Goal.of("A"), Goal.of("A", at_least=2), Goal((("A",), ("B",))), Goal.of("A", "B")):
        for turn in (0, 2, 5, 9):
            never = draw_odds(deck, goal, turn, "first", NEVER)
            keep_a = draw_odds(deck, goal, turn, "first", KeepIf(("A",)))
            best = draw_odds(deck, goal, turn, "first", OPTIMAL)
            assert best.p >= never.p - 1e-15
            assert best.p >= keep_a.p - 1e-15
            assert best.gain == pytest.approx(best.p - never.p)
            assert best.gain > 0.0
            assert best.rule


def test_optimal_policy_reads_as_a_rule() -> None:
    deck = {"A": 3, "B": 3, "x": 34}
    assert draw_odds(deck, Goal.of("A"), 2, policy=OPTIMAL).rule == "mulligan hands without A"
    group = draw_odds(deck, Goal.of("A", "B"), 2, policy=OPTIMAL).rule
    assert group == "mulligan hands without any of A, B"
    # two copies wanted in the opening hand: one copy is not worth keeping (the redraw of four
    # fresh cards beats needing the second copy from no further draws)
    two = draw_odds(deck, Goal.of("A", at_least=2), 0, policy=OPTIMAL)
    assert two.rule == "keep hands with at least 2 of A; mulligan the rest"
    # by turn 10 going second the single copy is worth keeping
    late = draw_odds(deck, Goal.of("A", at_least=2), 10, "second", OPTIMAL)
    assert late.rule == "mulligan hands without A"
    combo = draw_odds(deck, Goal((("A",), ("B",))), 0, policy=OPTIMAL)
    assert combo.rule == "keep hands with at least 1 of A and at least 1 of B; mulligan the rest"


def test_riftbound_optimal_gains_over_sve_style_all_or_nothing() -> None:
    deck = {"A": 3, "x": 36}  # 39 cards: the champion is outside the deck
    goal = Goal.of("A")
    rb = draw_odds(deck, goal, 0, "first", OPTIMAL, "riftbound")
    assert rb.p > rb.p_never
    # setting aside two cards of a hand without A: 1 - P(no A among the 2 redrawn from 35)
    w0 = miss(39, 3, 4)
    assert rb.p == pytest.approx((1 - w0) + w0 * (1 - miss(35, 3, 2)), abs=1e-14)
    assert rb.rule == "set aside 2 cards other than A from hands with 0 of A; keep the rest"


def test_parse_policy_round_trips_and_refuses_nonsense() -> None:
    for text in ("never", "optimal", "keep-if:BP01-001,BP01-002"):
        assert policy_name(parse_policy(text)) == text
    for bad in ("sometimes", "keep-if:", "keep-if"):
        with pytest.raises(ValueError, match="mulligan policy"):
            parse_policy(bad)


def test_deck_too_small_for_the_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="runs low"):
        solve(AtomProblem(12, (3,), ((1, 1, 10),)), "optimal")


def test_probabilities_grow_with_turns_and_going_second() -> None:
    deck = {"A": 3, "B": 2, "C": 1, "x": 44}
    goals = [Goal.of("A"), Goal.of("C"), Goal((("A",), ("B",))), Goal.of("A", at_least=2)]
    rows = odds_table(deck, goals, policies=(NEVER, OPTIMAL))
    by_key = {(r.goal, r.policy, r.going, r.turn): r.odds.p for r in rows}
    for (goal, pol, going, turn), p in by_key.items():
        assert 0.0 <= p <= 1.0
        if turn:
            assert p >= by_key[(goal, pol, going, turn - 1)] - 1e-12
        if going == "first" and pol == NEVER:
            assert by_key[(goal, pol, "second", turn)] >= p - 1e-12


# --- the Monte Carlo check on a spread of decks --------------------------------------------

SPREAD: list[tuple[dict[str, int], Goal, int, Going, Policy]] = [
    ({"A": 3, "x": 37}, Goal.of("A"), 0, "first", KeepIf(("A",))),
    ({"A": 3, "B": 3, "x": 34}, Goal((("A",), ("B",))), 3, "second", OPTIMAL),
    ({"A": 2, "B": 3, "C": 3, "x": 42}, Goal.of("A", "B"), 2, "first", OPTIMAL),
    ({"A": 3, "B": 3, "C": 3, "x": 41}, Goal.of("A", at_least=2), 6, "second", OPTIMAL),
    ({"A": 1, "B": 3, "x": 46}, Goal.of("A"), 10, "first", KeepIf(("B",))),
    (
        {"A": 3, "B": 2, "C": 3, "x": 37},
        Goal((("A",), ("B",), ("C",))),
        8,
        "second",
        OPTIMAL,
    ),
    ({"A": 3, "B": 3, "x": 39}, Goal((("A", "B"), ("B",)), at_least=2), 5, "first", NEVER),
    ({"A": 3, "x": 36}, Goal.of("A", at_least=2), 3, "first", OPTIMAL),
    (  # six groups at once, the joint tail under the optimal policy
        {"A": 3, "B": 3, "C": 3, "D": 3, "E": 3, "F": 3, "x": 22},
        Goal((("A",), ("B",), ("C",), ("D",), ("E",), ("F",))),
        10,
        "second",
        OPTIMAL,
    ),
    (  # five groups of two copies each, under a keep-if policy
        {"A": 3, "B": 3, "C": 3, "D": 3, "E": 3, "x": 25},
        Goal((("A",), ("B",), ("C",), ("D",), ("E",)), at_least=2),
        10,
        "first",
        KeepIf(("A", "B")),
    ),
]


@pytest.mark.parametrize("case", range(len(SPREAD)))
def test_exact_agrees_with_monte_carlo_within_four_standard_errors(case: int) -> None:
    deck, goal, turn, going, policy = SPREAD[case]
    game: Game = "riftbound" if sum(deck.values()) == 39 else "sve"
    odds = draw_odds(deck, goal, turn, going, policy, game)
    estimate = simulate(odds.problem, odds.solution.decisions(), trials=60_000, seed=7 + case)
    assert estimate.agrees(odds.p), (odds.p, estimate.p, estimate.se)
    # and the estimate is sharp enough to have caught the shuffle-back mistake in case 0
    assert estimate.se < 0.003


# --- the Riftbound rule in words -----------------------------------------------------------

RIFTBOUND_COMBOS: list[tuple[dict[str, int], Goal, int]] = [
    ({"A": 3, "B": 3, "x": 33}, Goal((("A",), ("B",))), 0),
    ({"A": 3, "B": 3, "x": 33}, Goal((("A",), ("B",))), 5),
    ({"A": 3, "B": 2, "x": 34}, Goal((("A",), ("B",)), at_least=2), 2),
    ({"A": 3, "B": 3, "C": 3, "x": 30}, Goal((("A",), ("B",), ("C",))), 3),
    ({"A": 3, "B": 3, "x": 33}, Goal((("A", "B"), ("B",))), 1),
]


@pytest.mark.parametrize(("deck", "goal", "turn"), RIFTBOUND_COMBOS)
def test_riftbound_combo_rule_is_stated_and_is_optimal(
    deck: dict[str, int], goal: Goal, turn: int
) -> None:
    """The optimal partial mulligan of a combo, as words a player can follow at the table.

    Spare copies of one piece go back to dig for the other (3 B and no A: one B goes back),
    so the old summary could only point at a table; the stated rule, followed hand by hand,
    reaches the exact optimum.
    """
    odds = draw_odds(deck, goal, turn, "first", OPTIMAL, "riftbound")
    assert any(any(o.chosen[:-1]) for o in odds.solution.openings)  # goal cards do go back
    assert odds.rule is not None
    assert "table" not in odds.rule
    needed = " and ".join(f"at least {goal.at_least} of {goal.label(j)}" for j in range(2))
    assert odds.rule.startswith(f"keep hands with {needed}")
    assert "set aside up to 2 cards the goal does not need" in odds.rule
    members = prepare(deck, goal, OPTIMAL, "riftbound").atoms.members
    followed = sum(
        o.weight * o.outcomes[spares_first(o.hand, members, goal.at_least)]
        for o in odds.solution.openings
    )
    assert followed == pytest.approx(odds.p, abs=1e-12)
    assert odds.p > odds.p_never


def test_riftbound_rule_lists_the_hands_where_no_short_rule_is_optimal() -> None:
    """Overlapping pieces at turn 0: a shared card is worth digging for, so a copy the goal
    counts may go back; the rule then names every hand that sets cards aside, and what."""
    deck, goal = {"A": 3, "B": 3, "C": 2, "x": 31}, Goal((("A", "C"), ("B", "C")), at_least=2)
    odds = draw_odds(deck, goal, 0, "first", OPTIMAL, "riftbound")
    assert odds.rule is not None
    assert "table" not in odds.rule
    assert odds.rule.endswith("; keep the rest")
    # A 1, C 0, B 2, other 1: one B and the other card go back (a C would count twice)
    assert "set aside 1 B and 1 other card from hands with" in odds.rule
    assert "(1 A, 0 C, 2 B, 1 other)" in odds.rule
    listed = sum(1 for o in odds.solution.openings if sum(o.chosen))
    assert odds.rule.count("(") == listed


def test_riftbound_single_card_rule_is_unchanged() -> None:
    deck = {"A": 3, "x": 36}
    rule = draw_odds(deck, Goal.of("A", at_least=2), 3, "first", OPTIMAL, "riftbound").rule
    assert rule == "set aside 2 cards other than A from hands with 0 of A or 1 of A; keep the rest"
