"""Goals of many groups: a joint tail in polynomial time, equal to the draw-order count it
replaces, and a clear refusal where even the exact method would take minutes."""

from __future__ import annotations

import random

import pytest

from analytics.odds import (
    MAX_OPENING_KINDS,
    NEVER,
    OPTIMAL,
    Goal,
    Req,
    _draw_order_dp,
    _joint_tail,
    _minimal_kept,
    _neighbours,
    draw_odds,
)


def _problems(n: int) -> list[tuple[tuple[int, ...], int, tuple[int, ...], tuple[Req, ...]]]:
    """Random disjoint groups due within the same draws, some already partly held."""
    rng = random.Random(2026)
    out = []
    for _ in range(n):
        groups = rng.randint(2, 5)
        urn = tuple(rng.randint(0, 4) for _ in range(groups))
        total = sum(urn) + rng.randint(4, 20)
        held = tuple(rng.randint(0, 2) for _ in range(groups))
        d = rng.randint(1, min(12, total))
        reqs = tuple((1 << j, rng.randint(1, 3), d) for j in range(groups))
        out.append((urn, total, held, reqs))
    return out


@pytest.mark.parametrize(("urn", "total", "held", "reqs"), _problems(60))
def test_the_joint_tail_equals_the_draw_order_count(
    urn: tuple[int, ...], total: int, held: tuple[int, ...], reqs: tuple[Req, ...]
) -> None:
    need = [k - held[j] for j, (_, k, _) in enumerate(reqs)]
    assert _joint_tail(urn, total, reqs, need) == pytest.approx(
        _draw_order_dp(urn, total, held, reqs), abs=1e-13
    )


def _shapes(groups: int, copies: int) -> set[tuple[int, ...]]:
    """Every count per group of a 4-card hand, at most ``copies`` of each."""
    out = {(0,) * groups}
    for _ in range(4):
        out |= {h for g in out for h in _neighbours(g, 1) if max(h) <= copies}
    return out


@pytest.mark.parametrize("seed", range(40))
def test_neighbours_find_the_least_kept_shapes_as_every_pair_does(seed: int) -> None:
    rng = random.Random(seed)
    shapes = _shapes(rng.randint(1, 4), rng.randint(1, 3))
    if seed % 2:  # closed upward: every shape at or above a few chosen ones
        seeds = rng.sample(sorted(shapes), k=min(3, len(shapes)))
        keep = {
            h for h in shapes if any(all(a >= b for a, b in zip(h, g, strict=True)) for g in seeds)
        }
    else:  # anything at all, closed upward or not
        keep = {h for h in shapes if rng.random() < 0.5}
    fast = _minimal_kept(shapes, keep, one_group_each=True)
    pairwise = _minimal_kept(shapes, keep, one_group_each=False)
    assert (sorted(fast) if fast is not None else None) == (
        sorted(pairwise) if pairwise is not None else None
    )


def _deck(groups: int, copies: int = 3) -> dict[str, int]:
    deck = {f"C{i:02d}": copies for i in range(groups)}
    deck["x"] = 50 - copies * groups
    return deck


def _goal(groups: int, at_least: int = 1) -> Goal:
    return Goal(tuple((f"C{i:02d}",) for i in range(groups)), at_least)


def test_ten_groups_of_three_are_answered_and_are_rare() -> None:
    """Ten different 3-ofs, three copies of each, by turn 10 going second: 14 cards cannot
    hold 30, so the chance is 0; at least 1 of each is possible but rare."""
    assert draw_odds(_deck(10), _goal(10, 3), 10, "second").p == 0.0
    p = draw_odds(_deck(10), _goal(10, 1), 10, "second").p
    assert 0.0 < p < 0.05


@pytest.mark.parametrize("groups", [MAX_OPENING_KINDS, MAX_OPENING_KINDS + 1])
def test_a_mulligan_policy_weighs_at_most_so_many_kinds_of_card(groups: int) -> None:
    deck = _deck(groups, copies=2)
    assert (
        draw_odds(deck, _goal(groups), 10, "second", NEVER).p > 0.0
    )  # never: any number (14 cards drawn)
    if groups <= MAX_OPENING_KINDS:
        assert draw_odds(deck, _goal(groups), 10, "second", OPTIMAL).p >= 0.0
    else:
        with pytest.raises(ValueError, match=f"{groups} kinds of card; at most 12"):
            draw_odds(deck, _goal(groups), 10, "second", OPTIMAL)


def _chain(groups: int) -> tuple[dict[str, int], Goal]:
    """Groups that share cards: A+B, B+C, C+D, ... (each card counts for two groups)."""
    cards = [f"C{i:02d}" for i in range(groups + 1)]
    deck = {c: 3 for c in cards}
    deck["x"] = 50 - 3 * len(cards)
    return deck, Goal(tuple((cards[i], cards[i + 1]) for i in range(groups)), at_least=2)


@pytest.mark.parametrize(("groups", "answered"), [(3, True), (8, True), (10, False)])
def test_groups_that_share_cards_are_counted_up_to_a_bound(groups: int, answered: bool) -> None:
    deck, goal = _chain(groups)
    if answered:
        assert 0.0 < draw_odds(deck, goal, 8, "second").p < 1.0
    else:
        with pytest.raises(ValueError, match="groups that share cards"):
            draw_odds(deck, goal, 8, "second")
