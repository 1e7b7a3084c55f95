"""The cost curve of an SVE main deck: histogram, on-curve odds, curving out, castable cards.

The PP maximum rises by 1 at the start of each own turn up to 10 (CR 7.2.1), the same for
both players, so on own turn ``t`` a player has ``min(t, 10)`` PP. The hand by then is
:func:`analytics.odds.hand_size` cards (the first player skips the turn-1 draw, CR 7.2.4.1).

* ``on_curve(t)``: P(at least one card of cost exactly ``t`` is among the cards drawn by own
  turn ``t``).
* ``curve_out(T)``: P(on curve on every turn ``1..T``), the joint event. It is computed
  exactly by inclusion-exclusion over the cost categories (the categories are disjoint and
  each needs one card by its own deadline; a joint miss of a set of categories is a product
  of hypergeometric factors over the deadlines in increasing order), conditioned on each
  opening composition when a mulligan policy is in play.
* ``expected_castable(t)``: the expected number of cards, among all the cards drawn by the
  main phase of own turn ``t`` (none played yet), whose cost is at most the PP maximum
  ``min(t, 10)``. Under the optimal policy the mulligan is taken exactly when it raises this
  expectation for the opening seen.

"Cards drawn" stands for "cards in hand": a card of cost ``t`` drawn earlier is still in hand
on turn ``t`` when the curve is followed, since the earlier turns spend their PP on cards of
other costs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from analytics.hypergeom import composition_weight, compositions
from analytics.odds import (
    GOINGS,
    NEVER,
    OPENING,
    Goal,
    Going,
    KeepIf,
    Never,
    Optimal,
    Policy,
    describe_policy,
    draw_odds,
    goal_problem,
    hand_size,
    keep_if_rule,
    solve,
    split_atoms,
)

MAX_PP = 10
"""The PP maximum stops rising at 10 (CR 7.2.1)."""
CURVE_OUT_POLICY_MAX = 6
"""Under a mulligan policy, curve-out is computed through this turn at most.

Each opening composition over the cost categories (up to 1001 for ten costs) needs an
inclusion-exclusion over up to 2^T cost subsets: through turn 6 that takes well under a
second, through turn 10 several seconds, for a figure below 0.1% in real decks. Without a
mulligan no opening is enumerated and every turn is computed."""


class Costed(Protocol):
    """What the curve needs to know about a card (``engine.cards.CardRecord`` fits)."""

    @property
    def cost(self) -> int | None:
        """Play cost, or ``None`` where a card has none."""

    @property
    def card_type(self) -> str:
        """Type id such as ``follower``, ``spell``, ``amulet``."""


def base_type(card_type: str) -> str:
    """``evolved_follower`` -> ``follower``; ``spell`` -> ``spell``."""
    return card_type.rsplit("_", 1)[-1]


def cost_histogram(
    deck: Mapping[str, int], cards: Mapping[str, Costed]
) -> dict[str, dict[int, int]]:
    """Copies per type and cost: ``{"follower": {2: 9, ...}, "spell": {...}}``.

    Cards missing from ``cards`` or without a cost are left out (see :func:`unknown_cards`).

    >>> from engine.cards import CardRecord
    >>> a, b = CardRecord("a", "A", cost=2), CardRecord("b", "B", card_type="spell", cost=1)
    >>> cost_histogram({"a": 3, "b": 2}, {"a": a, "b": b})
    {'follower': {2: 3}, 'spell': {1: 2}}
    """
    out: dict[str, dict[int, int]] = defaultdict(dict)
    for code, n in deck.items():
        rec = cards.get(code)
        if rec is None or rec.cost is None or n <= 0:
            continue
        row = out[base_type(rec.card_type)]
        row[rec.cost] = row.get(rec.cost, 0) + n
    return {t: dict(sorted(row.items())) for t, row in sorted(out.items())}


def unknown_cards(deck: Mapping[str, int], cards: Mapping[str, Costed]) -> list[str]:
    """Deck cards whose cost is unknown (no record, or no cost)."""
    return sorted(c for c in deck if (r := cards.get(c)) is None or r.cost is None)


def cards_costing(
    deck: Mapping[str, int],
    cards: Mapping[str, Costed],
    cost: int,
    types: Iterable[str] | None = None,
    at_most: bool = False,
) -> tuple[str, ...]:
    """Deck cards of cost exactly ``cost`` (or at most, with ``at_most``), optionally by type."""
    wanted = None if types is None else frozenset(types)
    out = []
    for code in deck:
        rec = cards.get(code)
        if rec is None or rec.cost is None:
            continue
        if wanted is not None and base_type(rec.card_type) not in wanted:
            continue
        if rec.cost == cost or (at_most and 0 <= rec.cost <= cost):
            out.append(code)
    return tuple(sorted(out))


def cost_label(cost: int, types: Iterable[str] | None = None, plural: bool = False) -> str:
    """``a 2-cost card`` / ``2-cost followers`` for readable rules.

    >>> cost_label(2, ["follower"]), cost_label(3, plural=True)
    ('a 2-cost follower', '3-cost cards')
    """
    kinds = sorted(types) if types is not None else []
    noun = " or ".join(kinds) if kinds else "card"
    return f"{cost}-cost {noun}s" if plural else f"a {cost}-cost {noun}"


def cost_goal(groups: tuple[tuple[str, ...], ...], costs: range, types: list[str] | None) -> Goal:
    """One card of each cost in ``costs``, with readable names for the rules."""
    return Goal(
        groups,
        1,
        tuple(cost_label(t, types, plural=True) for t in costs),
        tuple(cost_label(t, types) for t in costs),
    )


@dataclass(frozen=True)
class CurveRow:
    """The curve statistics of one own turn for one seat."""

    turn: int
    going: Going
    on_curve: float
    """P(a card of cost exactly ``turn`` in hand on own turn ``turn``)."""
    curve_out: float | None
    """P(on curve on every own turn ``1..turn``); ``None`` past :data:`CURVE_OUT_POLICY_MAX`
    under a mulligan policy."""
    expected_castable: float
    """Expected cards drawn by then with cost at most ``min(turn, 10)``."""
    on_curve_rule: str | None = None
    curve_out_rule: str | None = None


def curve_out(
    deck: Mapping[str, int],
    cards: Mapping[str, Costed],
    through: int,
    going: Going = "first",
    policy: Policy = NEVER,
    types: Iterable[str] | None = None,
) -> tuple[float, str | None]:
    """P(a card of cost exactly ``t`` in hand on every own turn ``t = 1..through``), and rule."""
    type_list = None if types is None else sorted(types)
    groups = tuple(cards_costing(deck, cards, t, type_list) for t in range(1, through + 1))
    if through < 1:
        return 1.0, None
    if any(not g for g in groups):
        return 0.0, None
    goal = cost_goal(groups, range(1, through + 1), type_list)
    sizes = [hand_size(t, going) for t in range(1, through + 1)]
    problem, code, atoms = goal_problem(deck, goal, sizes, policy)
    sol = solve(problem, code)
    rule = None
    if isinstance(policy, KeepIf):
        rule = keep_if_rule(policy)
    elif isinstance(policy, Optimal):
        rule = describe_policy(sol, atoms, goal)
    return sol.p, rule


def expected_castable(
    deck: Mapping[str, int],
    cards: Mapping[str, Costed],
    turn: int,
    going: Going = "first",
    policy: Policy = NEVER,
) -> float:
    """Expected cards drawn by own turn ``turn`` with cost at most ``min(turn, 10)`` PP.

    Exact: the opening composition (castable or not, in the keep-group or not) is enumerated
    and each later draw from the ``N - 4`` cards below it counts by linearity of expectation.

    >>> from engine.cards import CardRecord
    >>> recs = {"a": CardRecord("a", "A", cost=1), "b": CardRecord("b", "B", cost=5)}
    >>> expected_castable({"a": 10, "b": 30}, recs, 1, "second")  # 5 cards, a quarter cost 1
    1.25
    """
    pp = min(turn, MAX_PP)
    castable = cards_costing(deck, cards, pp, at_most=True)
    n = hand_size(turn, going)
    size = sum(deck.values())
    if n + OPENING > size:
        raise ValueError(
            f"the deck runs low: {n} cards by then plus {OPENING} returned by the mulligan "
            f"exceed the {size}-card deck"
        )
    keep_cards = policy.cards if isinstance(policy, KeepIf) else ()
    atoms = split_atoms(deck, [castable, keep_cards])
    total = 0.0
    counts = atoms.counts
    rest = size - sum(counts)
    is_castable = [0 in m for m in atoms.members]
    in_keep = [1 in m for m in atoms.members]
    k_cast = sum(c for c, f in zip(counts, is_castable, strict=True) if f)
    for hand in compositions(counts, rest, OPENING):
        weight = composition_weight(hand, counts, size, OPENING)
        held = sum(h for h, f in zip(hand, is_castable, strict=True) if f)
        below = (k_cast - held) / (size - OPENING)
        keep_value = held + (n - OPENING) * below
        mull_value = n * below
        if isinstance(policy, KeepIf):
            kept = any(h for h, f in zip(hand, in_keep, strict=True) if f)
            value = keep_value if kept else mull_value
        elif isinstance(policy, Optimal):
            value = keep_value if keep_value > mull_value + 1e-12 else mull_value
        else:
            value = keep_value
        total += weight * value
    return total


def curve_table(
    deck: Mapping[str, int],
    cards: Mapping[str, Costed],
    goings: Iterable[Going] = GOINGS,
    max_turn: int = MAX_PP,
    policy: Policy = NEVER,
    types: Iterable[str] | None = None,
) -> list[CurveRow]:
    """On-curve, curve-out and castable figures for own turns ``1..max_turn``, per seat."""
    type_list = None if types is None else sorted(types)
    rows = []
    for going in goings:
        for t in range(1, max_turn + 1):
            group = cards_costing(deck, cards, t, type_list)
            goal = cost_goal((group,), range(t, t + 1), type_list)
            if group:
                odds = draw_odds(deck, goal, t, going, policy)
                on_curve, on_rule = odds.p, odds.rule
            else:
                on_curve, on_rule = 0.0, None
            out: float | None = None
            out_rule = None
            if t <= CURVE_OUT_POLICY_MAX or isinstance(policy, Never):
                out, out_rule = curve_out(deck, cards, t, going, policy, type_list)
            castable = expected_castable(deck, cards, t, going, policy)
            rows.append(CurveRow(t, going, on_curve, out, castable, on_rule, out_rule))
    return rows


# --- Riftbound -----------------------------------------------------------------------------

RUNE_DECK = 12
"""A Riftbound rune deck holds 12 runes; channelling stops when it is empty."""


def riftbound_energy(turn: int, going: Going) -> int:
    """Runes channelled by own turn ``turn``: 2 a turn, 3 on the second player's first turn.

    >>> [riftbound_energy(t, "first") for t in (1, 2, 6, 7)]
    [2, 4, 12, 12]
    >>> [riftbound_energy(t, "second") for t in (1, 2, 6)]
    [3, 5, 12]
    """
    if turn < 1:
        return 0
    return min(RUNE_DECK, 2 * turn + (1 if going == "second" else 0))


@dataclass(frozen=True, slots=True)
class EnergyRow:
    """One own turn of a Riftbound deck: energy in runes and the cards castable with it."""

    turn: int
    going: Going
    energy: int
    expected_castable: float
    """Expected cards drawn by then (one draw a turn for both players) whose energy cost is at
    most ``energy``; power costs, which need runes of the right domain, are not modelled."""


def riftbound_curve(
    deck: Mapping[str, int],
    cards: Mapping[str, Costed],
    goings: Iterable[Going] = GOINGS,
    max_turn: int = 8,
) -> list[EnergyRow]:
    """Energy and expected castable cards per own turn, without a mulligan.

    By linearity of expectation each of the ``4 + turn`` cards drawn is castable with the
    chance ``k / N`` (``k`` the draw pile's cards costing at most the energy).

    >>> from engine.cards import CardRecord
    >>> recs = {"a": CardRecord("a", "A", cost=2), "b": CardRecord("b", "B", cost=6)}
    >>> rows = riftbound_curve({"a": 13, "b": 26}, recs, ["first"], 3)
    >>> [round(r.expected_castable, 3) for r in rows]
    [1.667, 2.0, 7.0]
    """
    size = sum(deck.values())
    rows = []
    for going in goings:
        for t in range(1, max_turn + 1):
            energy = riftbound_energy(t, going)
            castable = sum(deck[c] for c in cards_costing(deck, cards, energy, at_most=True))
            n = hand_size(t, going, "riftbound")
            rows.append(EnergyRow(t, going, energy, n * castable / size if size else 0.0))
    return rows
