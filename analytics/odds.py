"""Exact draw odds under the opening-hand and mulligan rules, for SVE and Riftbound.

The model (SVE, CR 6.2.1.4-6.2.1.8 and 7.2.4): the main deck is shuffled into a uniformly
random order and the top 4 cards form the opening hand. Once, a player may put the whole hand
on the bottom of the deck and draw 4 again; there is no shuffle, so the first four cards of the
shuffled order lie on the bottom and the new hand and every later draw come from the 5th card
on. The first player skips the draw of their first turn, so by the main phase of their own turn
``t`` they have drawn ``4 + (t - 1)`` cards; the second player has drawn ``4 + t``. Turn ``0``
means the opening hand after the mulligan decision (4 cards).

Riftbound uses the same model with a partial mulligan: up to 2 chosen cards are set aside, as
many are drawn, and the set-aside cards go to the bottom; both players draw on every turn, so
by own turn ``t`` the hand has drawn ``4 + t`` cards.

Exactness. A goal is a conjunction of requirements "at least ``k`` cards of group ``G`` among
the first ``n`` cards of the hand". The deck is split into *atoms*, the classes of cards that
belong to exactly the same goal groups (and the same keep-group of a ``keep-if`` policy); the
others are the rest. Without a mulligan the answer is a hypergeometric tail (one requirement)
or a dynamic programme over draw order whose state is the number drawn of each atom that still
matters (several). With a mulligan the opening hand's composition over the atoms is enumerated
with its multivariate hypergeometric weight; given that composition the bottomed cards are out
of reach (until the deck runs low, which a check refuses) and the later draws are again a
hypergeometric problem on the remaining ``N - 4`` cards. The optimal policy takes, for each
opening composition, the action with the higher chance of the goal. No sampling anywhere:
:mod:`analytics.montecarlo` simulates the same rules independently as a check.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from math import comb
from typing import Literal

from analytics.hypergeom import composition_weight, compositions, hypergeom_sf

Going = Literal["first", "second"]
Game = Literal["sve", "riftbound"]
GOINGS: tuple[Going, Going] = ("first", "second")
OPENING = 4
"""Cards in the opening hand (SVE CR 6.2.1.7; Riftbound likewise)."""
RIFTBOUND_MULLIGAN_MAX = 2
"""Riftbound: at most this many cards may be set aside in the mulligan."""
MAX_CLAUSES = 4
"""A readable rule lists at most this many kinds of kept hand."""
_TIE = 1e-12
"""Probabilities closer than this are treated as equal when choosing an action."""
MAX_OPENING_KINDS = 12
"""A mulligan policy weighs every opening hand by the kinds of card in it (the goal's groups
and their overlaps): 12 kinds make at most 1,820 hand shapes. The count grows with the
fourth power of the kinds, so beyond this the answer would take minutes."""
MAX_ORDER_STATES = 30_000
"""Groups that share cards, or are due at different turns, are counted over the draw order;
its states multiply with the groups, so a question needing more of them is refused."""


def hand_size(turn: int, going: Going, game: Game = "sve") -> int:
    """Cards drawn in total by the main phase of own turn ``turn`` (0 = the opening hand).

    >>> [hand_size(t, "first") for t in range(4)], [hand_size(t, "second") for t in range(4)]
    ([4, 4, 5, 6], [4, 5, 6, 7])
    """
    if turn < 0:
        raise ValueError(f"turn must be 0 or more, not {turn}")
    if going not in GOINGS:
        raise ValueError(f"going must be 'first' or 'second', not {going!r}")
    if game == "riftbound" or going == "second":
        return OPENING + turn
    return OPENING + max(turn - 1, 0)


# --- mulligan policies ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Never:
    """Always keep the opening hand."""


@dataclass(frozen=True, slots=True)
class Optimal:
    """For each opening hand, take the action with the higher chance of the goal."""


@dataclass(frozen=True, slots=True)
class KeepIf:
    """Keep a hand holding at least one card of ``cards``; otherwise mulligan.

    In Riftbound the cards outside ``cards`` are set aside instead (up to 2, goal cards last).
    """

    cards: tuple[str, ...]


Policy = Never | Optimal | KeepIf
NEVER = Never()
OPTIMAL = Optimal()


def parse_policy(text: str) -> Policy:
    """Read ``never``, ``optimal`` or ``keep-if:CODE,CODE...``.

    >>> parse_policy("keep-if:BP01-001,BP01-002")
    KeepIf(cards=('BP01-001', 'BP01-002'))
    """
    text = text.strip()
    if text == "never":
        return NEVER
    if text == "optimal":
        return OPTIMAL
    head, sep, tail = text.partition(":")
    if head == "keep-if" and sep:
        cards = tuple(c.strip() for c in tail.split(",") if c.strip())
        if cards:
            return KeepIf(cards)
    raise ValueError(f"unknown mulligan policy {text!r}: use never, optimal or keep-if:CODE,...")


def policy_name(policy: Policy) -> str:
    """The policy as the command line spells it (inverse of :func:`parse_policy`)."""
    if isinstance(policy, Never):
        return "never"
    if isinstance(policy, Optimal):
        return "optimal"
    return "keep-if:" + ",".join(policy.cards)


# --- the atom-level problem ----------------------------------------------------------------

Req = tuple[int, int, int]
"""A requirement: (bit mask of atoms, at least k, within the first n cards)."""


@dataclass(frozen=True, slots=True)
class AtomProblem:
    """A goal reduced to atoms: disjoint card classes with their copy counts.

    Cards in no atom are the rest (``deck_size - sum(counts)`` of them). Each requirement asks
    for at least ``k`` cards from the atoms in its mask among the first ``n`` cards of the hand.
    """

    deck_size: int
    counts: tuple[int, ...]
    requirements: tuple[Req, ...]
    game: Game = "sve"

    @property
    def rest(self) -> int:
        """Cards in no atom."""
        return self.deck_size - sum(self.counts)

    def check(self) -> None:
        """Refuse impossible sizes, and hands that would reach the bottomed cards."""
        if self.rest < 0 or any(c < 0 for c in self.counts):
            raise ValueError("atom counts exceed the deck size")
        if self.deck_size < OPENING:
            raise ValueError(f"a deck needs at least {OPENING} cards, not {self.deck_size}")
        for _, _k, n in self.requirements:
            if n < OPENING:
                raise ValueError(f"a hand holds at least {OPENING} cards, not {n}")
            extra = RIFTBOUND_MULLIGAN_MAX if self.game == "riftbound" else OPENING
            if n + extra > self.deck_size:
                raise ValueError(
                    f"the deck runs low: {n} cards by then plus {extra} returned by the mulligan "
                    f"exceed the {self.deck_size}-card deck"
                )


Decision = tuple[int, ...]
"""Cards put back per atom, the rest last: all zeros keeps, the whole hand is a mulligan."""


@dataclass(frozen=True)
class Opening:
    """One opening-hand composition: its weight and the chance of the goal per action."""

    hand: tuple[int, ...]
    """Cards per atom, the rest last (sums to 4)."""
    weight: float
    outcomes: dict[Decision, float]
    chosen: Decision


@dataclass(frozen=True, eq=False)
class Solution:
    """The exact chance of the goal under a policy, with the never-mulligan baseline."""

    p: float
    p_never: float
    openings: tuple[Opening, ...] = field(default=())
    """Every opening composition (empty for the never policy)."""

    @property
    def gain(self) -> float:
        """Probability gained over never mulliganing."""
        return self.p - self.p_never

    def decisions(self) -> dict[tuple[int, ...], Decision]:
        """The policy as a table: opening composition -> cards put back."""
        return {o.hand: o.chosen for o in self.openings}


@lru_cache(maxsize=1 << 16)
def success(
    urn: tuple[int, ...], total: int, held: tuple[int, ...], reqs: tuple[Req, ...]
) -> float:
    """P(every requirement is met) drawing in order from an urn, already holding ``held``.

    ``urn`` counts each atom among the ``total`` cards left to draw; a requirement
    ``(mask, k, d)`` is met when the held cards plus the first ``d`` drawn hold ``k`` of the
    masked atoms.

    >>> round(success((3,), 40, (0,), ((1, 1, 4),)), 4)
    0.2773
    """
    if not reqs:
        return 1.0
    atoms = [_bits(mask) for mask, _, _ in reqs]
    need = [k - sum(held[a] for a in bits) for (_, k, _), bits in zip(reqs, atoms, strict=True)]
    for _, _, d in reqs:
        if d > total:
            raise ValueError(f"cannot draw {d} cards from {total}")
    if len(reqs) == 1:
        big_k = sum(urn[a] for a in atoms[0])
        return hypergeom_sf(need[0], total, big_k, reqs[0][2])
    if len({d for _, _, d in reqs}) == 1 and _disjoint(reqs):
        return _joint_tail(urn, total, reqs, need)
    if all(k == 1 for _, k, _ in reqs) and _disjoint(reqs):
        return _inclusion_exclusion(urn, total, reqs, need)
    return _draw_order_dp(urn, total, held, reqs)


@lru_cache(maxsize=1 << 12)
def _bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _disjoint(reqs: tuple[Req, ...]) -> bool:
    seen = 0
    for mask, _, _ in reqs:
        if seen & mask:
            return False
        seen |= mask
    return True


def _joint_tail(urn: tuple[int, ...], total: int, reqs: tuple[Req, ...], need: list[int]) -> float:
    """Requirements on disjoint groups, all due within the same ``d`` draws: a joint tail.

    The first ``d`` cards are a uniform ``d``-subset, so the chance that group ``j`` (``U_j``
    cards left) gives at least ``need_j`` of them, for every ``j`` at once, is the joint
    hypergeometric over the groups and the other cards: the sum over the lattice of counts
    ``x_j >= need_j`` with ``sum x_j <= d`` of ``prod C(U_j, x_j) * C(other, d - sum x_j)``,
    over ``C(total, d)``. The sum is the coefficient of ``z^d`` in the product of one
    polynomial per group, so it costs ``O(groups * d^2)`` exact integer steps instead of a
    walk over every combination of counts (which grows exponentially with the groups).
    """
    d = reqs[0][2]
    sizes = [sum(urn[a] for a in _bits(mask)) for mask, _, _ in reqs]
    # a group already met counts as any other card (Vandermonde: its row of binomials and
    # the others' multiply into one row); groups alike multiply as one remembered power
    open_groups = Counter(
        (size, least) for size, least in zip(sizes, need, strict=True) if least > 0
    )
    other = total - sum(size * times for (size, _), times in open_groups.items())
    ways = tuple(comb(other, y) for y in range(min(other, d) + 1))
    for (size, least), times in sorted(open_groups.items()):
        ways = _times(ways, _group_power(size, least, times, d), d)
    return ways[d] / comb(total, d) if d < len(ways) else 0.0


def _times(a: tuple[int, ...], b: tuple[int, ...], d: int) -> tuple[int, ...]:
    """The product of two polynomials (coefficients, lowest first), up to degree ``d``."""
    out = [0] * min(d + 1, len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: len(out) - i]):
                out[i + j] += x * y
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _group_power(size: int, least: int, times: int, d: int) -> tuple[int, ...]:
    """Ways to draw at least ``least`` of a group of ``size``, for ``times`` such groups.

    The coefficient of ``z^s`` counts the ways ``s`` cards come from the groups with each
    group giving at least ``least``: ``(sum over x >= least of C(size, x) z^x) ** times``.
    """
    one = tuple(comb(size, x) if x >= least else 0 for x in range(min(size, d) + 1))
    if times == 1:
        return one
    return _times(_group_power(size, least, times - 1, d), one, d)


def _inclusion_exclusion(
    urn: tuple[int, ...], total: int, reqs: tuple[Req, ...], need: list[int]
) -> float:
    """Requirements of one card each on disjoint atoms: inclusion-exclusion over misses.

    P(all met) = sum over subsets S of the unmet requirements of (-1)^|S| P(every group in S
    is missed by its deadline); a joint miss is a product over the deadlines in increasing
    order, each segment of draws avoiding every group whose deadline is still ahead.
    """
    open_reqs = sorted(
        (d, sum(urn[a] for a in _bits(mask)))
        for (mask, _, d), n_ in zip(reqs, need, strict=True)
        if n_ > 0
    )
    total_p = 0.0
    for size in range(len(open_reqs) + 1):
        sign = -1.0 if size % 2 else 1.0
        for subset in combinations(open_reqs, size):
            p = 1.0
            suffix = sum(k for _, k in subset)
            drawn = 0
            for d, k in subset:
                step = d - drawn
                if step:
                    left = total - drawn
                    p *= comb(left - suffix, step) / comb(left, step)
                drawn = d
                suffix -= k
                if p == 0.0:
                    break
            total_p += sign * p
    return min(1.0, max(0.0, total_p))


def order_states(counts: tuple[int, ...], reqs: tuple[Req, ...]) -> int:
    """How many states the draw-order count may need (1 when a closed form answers).

    Each atom matters at the counts from 0 to the most any of its requirements asks (at
    most its copies), and a state is one such count per atom: the product bounds them.

    >>> order_states((3, 3), ((1, 1, 5), (2, 1, 5)))  # disjoint, one deadline: a joint tail
    1
    >>> order_states((3, 3, 3), ((3, 2, 5), (6, 2, 5)))  # two groups share the middle cards
    27
    """
    if len(reqs) == 1 or (_disjoint(reqs) and (
        len({d for _, _, d in reqs}) == 1 or all(k == 1 for _, k, _ in reqs)
    )):  # fmt: skip
        return 1
    bound = 1
    for i, left in enumerate(counts):
        most = max((k for mask, k, _ in reqs if mask >> i & 1), default=0)
        bound *= min(left, most) + 1
    return bound


def _draw_order_dp(
    urn: tuple[int, ...], total: int, held: tuple[int, ...], reqs: tuple[Req, ...]
) -> float:
    """Dynamic programme over the draw order for general requirements.

    The state is (requirements met, cards drawn per atom) where an atom no unmet requirement
    needs any more is folded into the rest (marked -1): the chance of drawing a tracked atom
    depends only on its own remaining count and the cards left, so folding loses nothing.
    """
    atoms = [_bits(mask) for mask, _, _ in reqs]
    full = (1 << len(reqs)) - 1
    max_d = max(d for _, _, d in reqs)
    done = -1

    def settle(met: int, drawn: tuple[int, ...], step: int) -> tuple[int, tuple[int, ...]] | None:
        for j, (_, k, d) in enumerate(reqs):
            if met >> j & 1:
                continue
            if sum(held[a] + drawn[a] for a in atoms[j]) >= k:
                met |= 1 << j
            elif d <= step:
                return None
        if met == full:
            return done, ()
        live: set[int] = set()
        for j in range(len(reqs)):
            if not met >> j & 1:
                live.update(atoms[j])
        return met, tuple(v if i in live else -1 for i, v in enumerate(drawn))

    start = settle(0, tuple(0 for _ in urn), 0)
    if start is None:
        return 0.0
    if start[0] == done:
        return 1.0
    states: dict[tuple[int, tuple[int, ...]], float] = {start: 1.0}
    won = 0.0
    for step in range(max_d):
        left = total - step
        nxt: dict[tuple[int, tuple[int, ...]], float] = defaultdict(float)
        for (met, drawn), p in states.items():
            others = left
            for i, v in enumerate(drawn):
                if v < 0:
                    continue
                r = urn[i] - v
                others -= r
                if r <= 0:
                    continue
                moved = settle(met, (*drawn[:i], v + 1, *drawn[i + 1 :]), step + 1)
                if moved is None:
                    continue
                if moved[0] == done:
                    won += p * r / left
                else:
                    nxt[moved] += p * r / left
            if others > 0:
                stay = settle(met, drawn, step + 1)
                if stay is not None:
                    if stay[0] == done:
                        won += p * others / left
                    else:
                        nxt[stay] += p * others / left
        states = nxt
    return won


def actions(hand: tuple[int, ...], game: Game) -> list[Decision]:
    """The choices a player has with this opening (cards per atom, rest last).

    >>> actions((1, 3), "sve")
    [(0, 0), (1, 3)]
    >>> actions((1, 3), "riftbound")
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    """
    zero = tuple(0 for _ in hand)
    if game == "sve":
        return [zero, hand]
    out = [
        r
        for r in product(*(range(min(h, RIFTBOUND_MULLIGAN_MAX) + 1) for h in hand))
        if sum(r) <= RIFTBOUND_MULLIGAN_MAX
    ]
    return out


def outcome(problem: AtomProblem, hand: tuple[int, ...], put_back: Decision) -> float:
    """P(goal | this opening composition and this choice of cards to put back).

    The urn is the deck less the four opening cards whatever is put back (the put-back cards
    go to the bottom); the hand keeps ``hand - put_back`` and draws ``len(put_back)`` more.
    """
    atoms_h = hand[:-1]
    urn = tuple(c - h for c, h in zip(problem.counts, atoms_h, strict=True))
    held = tuple(h - r for h, r in zip(atoms_h, put_back[:-1], strict=True))
    redraw = sum(put_back)
    reqs = tuple((m, k, n - OPENING + redraw) for m, k, n in problem.requirements)
    return success(urn, problem.deck_size - OPENING, held, reqs)


def keep_if_decision(hand: tuple[int, ...], keep_mask: int, game: Game) -> Decision:
    """What a ``keep-if`` policy does with this opening composition."""
    zero = tuple(0 for _ in hand)
    if any(hand[a] for a in _bits(keep_mask) if a < len(hand) - 1):
        return zero
    if game == "sve":
        return hand
    # Riftbound: set aside up to 2 cards, taking the rest before any atom (goal cards last).
    left = RIFTBOUND_MULLIGAN_MAX
    out = list(zero)
    for i in [len(hand) - 1, *range(len(hand) - 1)]:
        take = min(left, hand[i])
        out[i] = take
        left -= take
    return tuple(out)


PolicyCode = Literal["never", "optimal"] | int
"""A policy at atom level: never, optimal, or the bit mask of a keep-if group."""


@lru_cache(maxsize=4096)
def solve(problem: AtomProblem, policy: PolicyCode) -> Solution:
    """The exact chance of the goal under ``policy`` (memoised on the atom problem)."""
    problem.check()
    _check_size(problem, policy)
    n_urn = problem.deck_size
    zero_held = tuple(0 for _ in problem.counts)
    p_never = success(problem.counts, n_urn, zero_held, problem.requirements)
    if policy == "never":
        return Solution(p_never, p_never)
    openings = []
    total = 0.0
    for atoms_h in compositions(problem.counts, problem.rest, OPENING):
        hand = (*atoms_h, OPENING - sum(atoms_h))
        weight = composition_weight(atoms_h, problem.counts, n_urn, OPENING)
        if weight == 0.0:
            continue
        if policy == "optimal":
            results = {a: outcome(problem, hand, a) for a in actions(hand, problem.game)}
            chosen = _best(results, hand, problem.game)
        else:
            chosen = keep_if_decision(hand, policy, problem.game)
            results = {chosen: outcome(problem, hand, chosen)}
        openings.append(Opening(hand, weight, results, chosen))
        total += weight * results[chosen]
    return Solution(min(1.0, total), p_never, tuple(openings))


class TooLarge(ValueError):
    """A question whose exact answer would take minutes: the message says why and what helps."""


def _check_size(problem: AtomProblem, policy: PolicyCode) -> None:
    """Refuse a question whose exact answer would take minutes, saying why and what helps."""
    if policy != "never" and len(problem.counts) > MAX_OPENING_KINDS:
        raise TooLarge(
            f"a mulligan policy weighs every opening hand, and these groups split the deck into "
            f"{len(problem.counts)} kinds of card; at most {MAX_OPENING_KINDS} (fewer groups, "
            "groups that share no cards, or no mulligan)"
        )
    states = order_states(problem.counts, problem.requirements)
    if states > 1 and policy != "never":
        states *= sum(1 for _ in compositions(problem.counts, problem.rest, OPENING))
    if states > MAX_ORDER_STATES:
        raise TooLarge(
            f"groups that share cards (or are due at different turns) are counted over the "
            f"draw order{'' if policy == 'never' else ' for every opening hand'}, which could "
            f"take {states:,} states; at most {MAX_ORDER_STATES:,} (fewer groups, groups that "
            "share no cards, or no mulligan)"
        )


def _best(results: dict[Decision, float], hand: tuple[int, ...], game: Game = "sve") -> Decision:
    """The optimal choice for one opening.

    SVE: keep exactly when keeping gives the higher chance (a tie mulligans). Riftbound: the
    best put-back, the fewest cards on ties (keeping is putting back none).
    """
    keep = tuple(0 for _ in hand)
    ranked = sorted(results, key=lambda a: (-results[a], sum(a), a))
    best = ranked[0]
    for a in ranked[1:]:
        if results[a] >= results[best] - _TIE and sum(a) < sum(best):
            best = a
    if game == "sve" and best == keep and len(ranked) > 1:
        other = next(a for a in ranked if a != keep)
        if results[keep] <= results[other] + _TIE:
            return other
    return best


# --- card-level goals ----------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """At least ``at_least`` cards of every group (a group is any of its card ids)."""

    groups: tuple[tuple[str, ...], ...]
    at_least: int = 1
    labels: tuple[str, ...] | None = None
    """How a readable rule counts each group ("2-cost followers"; default: the card ids)."""
    singulars: tuple[str, ...] | None = None
    """How a readable rule names one card of each group ("a 2-cost follower")."""

    @classmethod
    def of(cls, *cards: str, at_least: int = 1) -> Goal:
        """At least ``at_least`` of any of ``cards``: one group."""
        return cls((tuple(cards),), at_least)

    def label(self, j: int) -> str:
        """The name of group ``j`` after "at least k of"."""
        if self.labels is not None:
            return self.labels[j]
        return ", ".join(self.groups[j])

    def singular(self, j: int) -> str:
        """The name of one card of group ``j`` ("hands without ...")."""
        if self.singulars is not None:
            return self.singulars[j]
        cards = self.groups[j]
        return cards[0] if len(cards) == 1 else "any of " + ", ".join(cards)

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card id of the goal, in order, without repeats."""
        return tuple(dict.fromkeys(c for g in self.groups for c in g))


@dataclass(frozen=True)
class Atoms:
    """A deck split into atoms for a list of groups (cards in no group are the rest)."""

    deck_size: int
    counts: tuple[int, ...]
    members: tuple[frozenset[int], ...]
    """For each atom, the indices of the groups its cards belong to."""

    def mask(self, group: int) -> int:
        """Bit mask of the atoms whose cards belong to ``group``."""
        return sum(1 << i for i, m in enumerate(self.members) if group in m)


def split_atoms(deck: Mapping[str, int], groups: Sequence[Iterable[str]]) -> Atoms:
    """Split ``deck`` (card id -> copies) into atoms by membership of ``groups``.

    >>> split_atoms({"A": 3, "B": 2, "C": 35}, [["A", "B"], ["B"]]).counts
    (3, 2)
    """
    member_of: dict[str, set[int]] = defaultdict(set)
    for j, g in enumerate(groups):
        for card in g:
            member_of[card].add(j)
    counts: dict[frozenset[int], int] = defaultdict(int)
    for card, sig in member_of.items():
        n = deck.get(card, 0)
        if n:
            counts[frozenset(sig)] += n
    size = 0
    for card, n in deck.items():
        if n < 0:
            raise ValueError(f"negative count for {card}")
        size += n
    order = sorted(counts, key=lambda s: sorted(s))
    return Atoms(size, tuple(counts[s] for s in order), tuple(order))


@dataclass(frozen=True)
class Odds:
    """The chance of a goal by a turn under a policy, exact, with the readable rule."""

    p: float
    p_never: float
    rule: str | None
    """The policy in words (``None`` for never)."""
    solution: Solution
    problem: AtomProblem
    policy_code: PolicyCode

    @property
    def gain(self) -> float:
        """Probability gained over never mulliganing."""
        return self.p - self.p_never


@dataclass(frozen=True)
class _Names:
    """How a rule names each group: counted (plural) and single."""

    labels: tuple[str, ...]
    singulars: tuple[str, ...]
    atoms: tuple[tuple[frozenset[int], str], ...] = ()
    """The cards of each atom (by the groups it counts for), for rules that name atoms."""

    def label(self, j: int) -> str:
        return self.labels[j]

    def singular(self, j: int) -> str:
        return self.singulars[j]


@dataclass(frozen=True)
class PreparedGoal:
    """A card-level goal split into atoms once, ready for any turn and seat."""

    goal: Goal
    policy: Policy
    game: Game
    atoms: Atoms
    masks: tuple[int, ...]
    code: PolicyCode
    names: _Names

    def problem(self, hand_sizes: Sequence[int]) -> AtomProblem:
        """The atom problem with each group due within its hand size."""
        reqs = tuple(
            (m, self.goal.at_least, n) for m, n in zip(self.masks, hand_sizes, strict=True)
        )
        return AtomProblem(self.atoms.deck_size, self.atoms.counts, reqs, self.game)

    def odds(self, hand_sizes: Sequence[int]) -> Odds:
        """Solve for these deadlines and phrase the policy."""
        problem = self.problem(hand_sizes)
        sol = solve(problem, self.code)
        rule = None
        if isinstance(self.policy, KeepIf):
            rule = keep_if_rule(self.policy, self.game)
        elif isinstance(self.policy, Optimal):
            rule = _rule_text(sol, self.atoms.members, self.names, self.game, self.goal.at_least)
        return Odds(sol.p, sol.p_never, rule, sol, problem, self.code)


def _names(goal: Goal) -> _Names:
    """How rules name the goal's groups and, by its cards, each atom."""
    member_of: dict[str, set[int]] = defaultdict(set)
    for j, group in enumerate(goal.groups):
        for card in group:
            member_of[card].add(j)
    by_groups: dict[frozenset[int], list[str]] = defaultdict(list)
    for card, groups in member_of.items():
        by_groups[frozenset(groups)].append(card)
    atoms = []
    for m, cards in by_groups.items():
        whole = len(m) == 1 and set(cards) == set(goal.groups[next(iter(m))])
        atoms.append((m, goal.label(next(iter(m))) if whole else " or ".join(cards)))
    return _Names(
        tuple(goal.label(j) for j in range(len(goal.groups))),
        tuple(goal.singular(j) for j in range(len(goal.groups))),
        tuple(atoms),
    )


def prepare(
    deck: Mapping[str, int], goal: Goal, policy: Policy = NEVER, game: Game = "sve"
) -> PreparedGoal:
    """Split ``deck`` into atoms for ``goal`` (and a keep-if group)."""
    if goal.at_least < 0:
        raise ValueError("at least must be 0 or more")
    groups: list[Iterable[str]] = list(goal.groups)
    if isinstance(policy, KeepIf):
        groups.append(policy.cards)
    atoms = split_atoms(deck, groups)
    masks = tuple(atoms.mask(j) for j in range(len(goal.groups)))
    code: PolicyCode
    if isinstance(policy, KeepIf):
        code = atoms.mask(len(goal.groups))
    elif isinstance(policy, Optimal):
        code = "optimal"
    else:
        code = "never"
    names = _names(goal)
    return PreparedGoal(goal, policy, game, atoms, masks, code, names)


def goal_problem(
    deck: Mapping[str, int],
    goal: Goal,
    hand_sizes: Sequence[int],
    policy: Policy = NEVER,
    game: Game = "sve",
) -> tuple[AtomProblem, PolicyCode, Atoms]:
    """Reduce a card-level goal to atoms; ``hand_sizes`` gives each group's deadline."""
    prep = prepare(deck, goal, policy, game)
    return prep.problem(hand_sizes), prep.code, prep.atoms


def draw_odds(
    deck: Mapping[str, int],
    goal: Goal,
    turn: int,
    going: Going = "first",
    policy: Policy = NEVER,
    game: Game = "sve",
) -> Odds:
    """P(the goal is in hand by the main phase of own turn ``turn``), exactly.

    >>> deck = {"A": 3, "x": 37}
    >>> round(draw_odds(deck, Goal.of("A"), 0).p, 4)
    0.2773
    >>> round(draw_odds(deck, Goal.of("A"), 0, policy=KeepIf(("A",))).p, 4)
    0.498
    """
    n = hand_size(turn, going, game)
    return prepare(deck, goal, policy, game).odds([n] * len(goal.groups))


# --- the policy in words -------------------------------------------------------------------


def keep_if_rule(policy: KeepIf, game: Game = "sve") -> str:
    """The ``keep-if`` policy in words."""
    names = policy.cards[0] if len(policy.cards) == 1 else "any of " + ", ".join(policy.cards)
    if game == "riftbound":
        return f"set aside up to 2 cards when the hand has no {names}"
    return f"mulligan hands without {names}"


def describe_policy(sol: Solution, atoms: Atoms, goal: Goal, game: Game = "sve") -> str:
    """The optimal policy as a readable rule over the goal's groups.

    For SVE: the kept hands, as the least counts per group that are kept ("keep hands with at
    least 1 of A and at least 1 of B; mulligan the rest"), or an explicit list when the kept
    set is not of that shape. For Riftbound: which cards go back, per hand.
    """
    names = _names(goal)
    return _rule_text(sol, atoms.members, names, game, goal.at_least)


@lru_cache(maxsize=4096)
def _rule_text(
    sol: Solution, members: tuple[frozenset[int], ...], goal: _Names, game: Game, at_least: int = 1
) -> str:
    n_groups = len(goal.labels)

    def group_counts(hand: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(
            sum(h for h, m in zip(hand[:-1], members, strict=True) if j in m)
            for j in range(n_groups)
        )

    if game == "riftbound":
        return _describe_riftbound(sol, goal, group_counts, members, at_least)
    kept: dict[tuple[int, ...], set[bool]] = defaultdict(set)
    for o in sol.openings:
        kept[group_counts(o.hand)].add(sum(o.chosen) == 0)
    if all(v == {True} for v in kept.values()):
        return "never mulligan"
    if all(v == {False} for v in kept.values()):
        return "mulligan every hand"
    if any(len(v) > 1 for v in kept.values()):
        return "keep or mulligan by the exact hand (see the decision table)"
    keep_set = {g for g, v in kept.items() if v == {True}}
    minimal = _minimal_kept(set(kept), keep_set, all(len(m) == 1 for m in members))
    if minimal is not None:
        minimal.sort(reverse=True)
        if len(minimal) == 1 and sum(minimal[0]) == 1:
            (j,) = [i for i, v in enumerate(minimal[0]) if v]
            return f"mulligan hands without {goal.singular(j)}"
        clauses = [
            " and ".join(f"at least {v} of {goal.label(j)}" for j, v in enumerate(g) if v)
            for g in minimal
        ]
        if len(clauses) > MAX_CLAUSES:
            more = len(clauses) - MAX_CLAUSES + 1
            clauses = [*clauses[: MAX_CLAUSES - 1], f"one of {more} other kept hand shapes"]
        return "keep hands with " + " or ".join(clauses) + "; mulligan the rest"
    clauses = [
        ", ".join(f"{v} of {goal.label(j)}" for j, v in enumerate(g)) for g in sorted(keep_set)
    ]
    if len(clauses) > MAX_CLAUSES:
        more = len(clauses) - MAX_CLAUSES + 1
        clauses = [*clauses[: MAX_CLAUSES - 1], f"one of {more} other hand shapes"]
    return (
        "keep hands with exactly " + " or ".join(f"({c})" for c in clauses) + "; mulligan the rest"
    )


def _minimal_kept(
    shapes: set[tuple[int, ...]], keep_set: set[tuple[int, ...]], one_group_each: bool
) -> list[tuple[int, ...]] | None:
    """The least kept shapes when the kept set is closed upward (``None`` when it is not).

    Where every goal card counts for one group, the shapes fill a box cut by the hand size,
    so a shape above another is reached one card at a time through shapes that occur: both
    questions need only the neighbours one card away (linear in the shapes, where comparing
    every pair grew with their square: 1,001 shapes for ten groups). Otherwise every pair.
    """
    if one_group_each:
        if any(h in shapes and h not in keep_set for g in keep_set for h in _neighbours(g, +1)):
            return None
        return [g for g in keep_set if not any(h in keep_set for h in _neighbours(g, -1))]
    upward = all(
        h in keep_set
        for g in keep_set
        for h in shapes
        if all(a >= b for a, b in zip(h, g, strict=True))
    )
    if not upward:
        return None
    return [
        g
        for g in keep_set
        if not any(h != g and all(a <= b for a, b in zip(h, g, strict=True)) for h in keep_set)
    ]


def _neighbours(shape: tuple[int, ...], step: int) -> Iterator[tuple[int, ...]]:
    """The shapes one card more (``step=1``) or one card fewer (``-1``) of a single group."""
    for j, v in enumerate(shape):
        if v + step >= 0:
            yield (*shape[:j], v + step, *shape[j + 1 :])


def _describe_riftbound(
    sol: Solution,
    goal: _Names,
    group_counts: Callable[[tuple[int, ...]], tuple[int, ...]],
    members: tuple[frozenset[int], ...],
    at_least: int,
) -> str:
    """Riftbound: which cards go back, by the goal cards in hand, always in words.

    Where only cards outside the goal go back and a few hand shapes say it, the rule lists
    them. Otherwise (a combo holding spare copies of one piece, or many shapes) it is the
    "spare cards first" rule (:func:`spares_first`) when that rule is optimal on every
    opening of the exact solution, else every hand that sets cards aside, listed in full.
    """
    by_count: dict[int, set[tuple[int, ...]]] = defaultdict(set)
    goal_cards_back = False
    for o in sol.openings:
        goal_cards_back = goal_cards_back or any(o.chosen[:-1])
        if sum(o.chosen):
            by_count[sum(o.chosen)].add(group_counts(o.hand))
    if not by_count:
        return "never mulligan"
    if goal_cards_back or any(len(shapes) > MAX_CLAUSES for shapes in by_count.values()):
        if all(
            o.outcomes.get(spares_first(o.hand, members, at_least), -1.0)
            >= o.outcomes[o.chosen] - _TIE
            for o in sol.openings
        ):
            return _spares_first_text(goal, at_least)
        return _listed_hands(sol, goal, members)
    names = ", ".join(goal.singulars)
    parts = []
    for n, shapes in sorted(by_count.items(), reverse=True):
        listed = [
            ", ".join(f"{v} of {goal.labels[j]}" for j, v in enumerate(g)) for g in sorted(shapes)
        ]
        word = "card" if n == 1 else "cards"
        parts.append(
            f"set aside {n} {word} other than {names} from hands with " + " or ".join(listed)
        )
    return "; ".join(parts) + "; keep the rest"


def spares_first(
    hand: tuple[int, ...], members: tuple[frozenset[int], ...], at_least: int
) -> Decision:
    """What goes back (cards per atom, the rest last) under the "spare cards first" rule.

    A hand holding ``at_least`` of every group is kept. From any other hand up to 2 cards the
    goal does not need go back: cards of no group first, then, atom by atom, copies whose
    removal leaves every group they count for with as much of its ``at_least`` as before.

    >>> spares_first((0, 3, 1), (frozenset({0}), frozenset({1})), 1)  # 3 B, no A: 1 B, 1 other
    (0, 1, 1)
    >>> spares_first((1, 1, 2), (frozenset({0}), frozenset({1})), 1)  # the combo: keep
    (0, 0, 0)
    """
    n_groups = 1 + max((j for m in members for j in m), default=-1)
    counts = [
        sum(h for h, m in zip(hand[:-1], members, strict=True) if j in m) for j in range(n_groups)
    ]
    out = [0] * len(hand)
    if all(c >= at_least for c in counts):
        return tuple(out)
    floor = [min(c, at_least) for c in counts]
    out[-1] = min(RIFTBOUND_MULLIGAN_MAX, hand[-1])
    left = RIFTBOUND_MULLIGAN_MAX - out[-1]
    for i, m in enumerate(members):
        while left and out[i] < hand[i] and all(counts[j] > floor[j] for j in m):
            out[i] += 1
            left -= 1
            for j in m:
                counts[j] -= 1
    return tuple(out)


def _spares_first_text(goal: _Names, at_least: int) -> str:
    needed = " and ".join(f"at least {at_least} of {label}" for label in goal.labels)
    overlapping = any(len(m) > 1 for m, _ in goal.atoms)
    outside = (
        "cards outside every piece"
        if overlapping
        else f"cards other than {', '.join(goal.singulars)}"
    )
    spares = (
        f"{outside} first, then copies of a piece beyond the {at_least} it needs"
        if len(goal.labels) > 1
        else outside
    )
    return (
        f"keep hands with {needed}; from any other hand set aside up to 2 cards the goal "
        f"does not need: {spares}"
    )


def _listed_hands(sol: Solution, goal: _Names, members: tuple[frozenset[int], ...]) -> str:
    """Every opening that sets cards aside, with what goes back, grouped by what goes back."""
    names = [_atom_name(m, goal) for m in members]
    by_action: dict[str, list[str]] = defaultdict(list)
    for o in sorted(sol.openings, key=lambda o: o.hand):
        if not sum(o.chosen):
            continue
        back = [f"{r} {n}" for r, n in zip(o.chosen[:-1], names, strict=True) if r]
        if o.chosen[-1]:
            back.append(f"{o.chosen[-1]} other {'card' if o.chosen[-1] == 1 else 'cards'}")
        held = [f"{h} {n}" for h, n in zip(o.hand[:-1], names, strict=True)]
        by_action[" and ".join(back)].append("(" + ", ".join([*held, f"{o.hand[-1]} other"]) + ")")
    parts = [f"set aside {back} from hands with " + " or ".join(hands)
             for back, hands in by_action.items()]  # fmt: skip
    return "; ".join(parts) + "; keep the rest"


def _atom_name(m: frozenset[int], goal: _Names) -> str:
    """Cards counting for exactly the groups ``m``: by their cards where known."""
    named = dict(goal.atoms)
    if m in named:
        return named[m]
    return "of " + " and ".join(goal.labels[j] for j in sorted(m))


# --- tables --------------------------------------------------------------------------------


@dataclass(frozen=True)
class OddsRow:
    """One line of an odds table."""

    goal: Goal
    turn: int
    going: Going
    policy: Policy
    odds: Odds


def odds_table(
    deck: Mapping[str, int],
    goals: Sequence[Goal],
    turns: Iterable[int] = range(11),
    goings: Iterable[Going] = GOINGS,
    policies: Iterable[Policy] = (NEVER,),
    game: Game = "sve",
) -> list[OddsRow]:
    """Exact odds for every goal x policy x going x turn."""
    turns = list(turns)
    goings = list(goings)
    rows = []
    for goal in goals:
        for pol in policies:
            prep = prepare(deck, goal, pol, game)
            width = len(goal.groups)
            for g in goings:
                for t in turns:
                    odds = prep.odds([hand_size(t, g, game)] * width)
                    rows.append(OddsRow(goal, t, g, pol, odds))
    return rows


def clear_caches() -> None:
    """Forget memoised results (for benchmarks that time a cold computation)."""
    solve.cache_clear()
    success.cache_clear()
    _group_power.cache_clear()
    _rule_text.cache_clear()
    hypergeom_sf.cache_clear()
