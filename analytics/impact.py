"""What a card adds: the deck as it is against the deck with one copy removed or swapped.

Both versions meet the same opponents on the same seeds and seats (one study, see
:mod:`analytics.study`), so the difference of their scores is paired: the luck of the draw
that both share cancels. ``delta`` is the deck's score with the card minus without it, over
every opponent of the field with equal weight (a draw scores a half), with a score interval
over seeds (:mod:`analytics.intervals`). Every card of ``--all`` is one test of a family
whose error rate Holm's procedure shares (:func:`analytics.sequential.family`); a
sequential study also stops a card whose interval lies within the swing that matters.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analytics.sequential import Units, Verdict, family, look_points
from analytics.study import Scores, upto
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.pool import PoolIndex

BASE = "base"
"""The variant key of the deck as it is."""
FILLER = "filler"
NONE = "none"
MIN_MAIN = 40
"""The smallest legal main deck (CR 6.1.1.2): a removal from it is a swap for the filler."""


@dataclass(frozen=True, slots=True)
class Variant:
    """The deck less one copy of ``card``, plus one ``swap`` (``None``: nothing added)."""

    card: str
    swap: str | None
    deck: Deck

    @property
    def key(self) -> str:
        """The study key of this variant."""
        return f"-{self.card}+{self.swap or ''}"


def weakest_filler(deck: Deck, pool: PoolIndex) -> str:
    """The weakest legal filler: a neutral follower without keywords (lowest attack plus
    defense, then highest cost, then card id) of which the deck holds fewer than allowed."""
    held = _ids(deck.main, pool)
    best: tuple[int, int, str] | None = None
    for row in pool.rows.values():
        if row.card_type != "follower" or row.card_class != "neutral" or row.keywords:
            continue
        if held.get(row.card_id, 0) >= row.max_copies:
            continue
        key = ((row.attack or 0) + (row.defense or 0), -(row.cost or 0), row.card_id)
        if best is None or key < best:
            best = key
    if best is None:
        raise InputError("no neutral follower without keywords in the pool to use as filler")
    return best[2]


def _ids(main: Mapping[str, int], pool: PoolIndex) -> dict[str, int]:
    out: dict[str, int] = {}
    for code, n in main.items():
        cid = pool.card_id(code) or code
        out[cid] = out.get(cid, 0) + n
    return out


def variant(
    deck: Deck, pool: PoolIndex, card: str, swap: str | None, *, allow_illegal: bool = False
) -> Variant:
    """One copy of ``card`` out; ``swap`` a code, ``filler``, ``none`` or ``None`` (filler at
    the minimum deck size, else nothing). Unknown or absent cards, and a swap the deck may
    not hold (CR 6.1.1: its class or title, its type, its copies) unless ``allow_illegal``,
    raise ``InputError``."""
    cid = pool.card_id(card)
    if cid is None:
        raise InputError(f"--card {card!r}: unknown card code")
    code = next((c for c in deck.main if (pool.card_id(c) or c) == cid), None)
    if code is None:
        raise InputError(f"--card {card!r}: not in the main deck of {deck.name}")
    size = sum(deck.main.values())
    if swap is None:
        swap = FILLER if size <= MIN_MAIN else NONE
    new = copy.deepcopy(deck)
    added: str | None = None
    if swap != NONE:
        added = weakest_filler(deck, pool) if swap == FILLER else pool.card_id(swap)
        if added is None:
            raise InputError(f"--swap {swap!r}: unknown card code")
        if added == cid:
            raise InputError(f"--swap {swap!r}: the same card as the one taken out")
        row = pool.rows[added]
        if _ids(deck.main, pool).get(added, 0) >= row.max_copies:
            raise InputError(f"--swap {swap!r}: the deck already holds {row.max_copies} copies")
    new.main = _swapped(deck.main, code, added)
    new.name = f"{deck.name} -{cid}" + (f" +{added}" if added else "")
    if added is not None and not allow_illegal:
        broken = swap_violations(deck, new, pool, added)
        if broken:
            raise InputError(
                f"--swap {swap!r}: {broken[0]} (CR {broken[1]}); "
                "--allow-illegal-swap runs it anyway"
            )
    return Variant(cid, added, new)


def swap_violations(
    before: Deck, after: Deck, pool: PoolIndex, added: str
) -> tuple[str, str] | None:
    """The first construction rule the swap breaks that the deck kept: (message, clause), or
    ``None`` when the swapped deck may hold the card."""
    from cardpool.legality import validate

    had = {(e.code, e.cards) for e in validate(before, pool).errors}
    for err in validate(after, pool).errors:
        if (err.code, err.cards) not in had and (added in err.cards or not err.cards):
            return (err.message, err.rule)
    return None


def _swapped(main: Mapping[str, int], code: str, added: str | None) -> dict[str, int]:
    """The main deck with one ``code`` out and ``added`` in at the same place in the list.

    A deck is shuffled as its list (one entry per copy, in order), so a swap in place keeps
    every other card where the shuffle puts it: the two versions play the same game until
    the swapped copy is drawn, and the paired difference comes only from that card.
    """
    out: dict[str, int] = {}
    for c, n in main.items():
        if c == code:
            if n > 1:
                out[c] = n - 1
            if added is not None and added not in main:
                out[added] = 1
        elif c == added:
            out[c] = n + 1
        else:
            out[c] = n
    return out


def all_variants(
    deck: Deck, pool: PoolIndex, swap: str | None, *, allow_illegal: bool = False
) -> list[Variant]:
    """One variant per distinct card of the main deck (``--all``), in list order."""
    seen: dict[str, None] = {}
    for code in deck.main:
        seen.setdefault(pool.card_id(code) or code, None)
    return [variant(deck, pool, cid, swap, allow_illegal=allow_illegal) for cid in seen]


def unit_differences(base: Scores, other: Scores, field: Sequence[str]) -> list[float]:
    """Per seed, in seed order of first play: the mean of base minus other over every
    opponent and seat both played (a value in [-1, 1])."""
    return paired_units(base, other, field).values


def paired_units(base: Scores, other: Scores, field: Sequence[str]) -> Units:
    """Per seed: the mean of base minus other over every opponent and seat both played, and
    the share of those games whose result changed; with the games per seed and in all."""
    by_seed: dict[int, list[float]] = {}
    for opp in field:
        b, o = base.get(opp, {}), other.get(opp, {})
        for game in sorted(set(b) & set(o)):
            by_seed.setdefault(game[0], []).append(b[game] - o[game])
    values = [sum(v) / len(v) for v in by_seed.values()]
    changed = [sum(abs(d) for d in v) / len(v) for v in by_seed.values()]
    games = sum(len(v) for v in by_seed.values())
    return Units(values, changed, games / len(by_seed) if by_seed else 1.0, games)


def field_key(variant_key: str, opponent: int) -> str:
    """The study key of one variant against the ``opponent``-th deck of the field."""
    return f"{variant_key}|{opponent}"


def split(scores: Scores, variant_key: str, n_field: int) -> Scores:
    """One variant's scores, keyed by opponent index (as text)."""
    return {str(j): scores.get(field_key(variant_key, j), {}) for j in range(n_field)}


def verdicts(
    scores: Scores,
    variants: Sequence[Variant],
    n_field: int,
    *,
    sequential: bool,
    budget_units: int,
    looks: Sequence[int],
    seeds: Sequence[int],
    swing: float | None = None,
) -> dict[str, Verdict]:
    """Every variant's test (see :func:`analytics.sequential.family`), each look seeing the
    scores of its own seeds."""
    field = [str(j) for j in range(n_field)]
    points = list(looks) or [budget_units]

    seen_at: dict[int, Scores] = {}  # what each look saw, filtered once for every card

    def units_at(key: str, point: int) -> Units:
        if point not in seen_at:
            seen_at[point] = upto(scores, seeds, point) if seeds else scores
        seen = seen_at[point]
        return paired_units(split(seen, BASE, n_field), split(seen, key, n_field), field)

    return family(
        [v.key for v in variants], units_at, points, budget_units,
        sequential=sequential, swing=swing,
    )  # fmt: skip


def impact_rows(
    scores: Scores,
    variants: Sequence[Variant],
    n_field: int,
    *,
    sequential: bool,
    budget_units: int,
    looks: Sequence[int] = (),
    seeds: Sequence[int] = (),
    swing: float | None = None,
) -> list[dict[str, Any]]:
    """``{"card", "swap", "delta", "ci95", "games", "decided", "negligible", "units",
    "p_holm"}`` per variant, largest delta first (``delta``: the deck's score with the card
    minus without it; ``decided`` at a family-wise error rate of 5%, Holm)."""
    found = verdicts(
        scores, variants, n_field, sequential=sequential, budget_units=budget_units,
        looks=looks, seeds=seeds, swing=swing,
    )  # fmt: skip
    rows = []
    for v in variants:
        verdict = found[v.key]
        iv = verdict.interval
        rows.append({
            "card": v.card, "swap": v.swap, "delta": _r(iv.mean),
            "ci95": [_r(iv.lo), _r(iv.hi)], "games": verdict.games,
            "decided": verdict.decided, "negligible": verdict.negligible,
            "units": verdict.look_units,
            "p_holm": None if verdict.p_holm is None else round(verdict.p_holm, 4),
        })  # fmt: skip
    rows.sort(key=lambda r: (-_num(r["delta"]), str(r["card"])))
    return rows


def _num(x: Any) -> float:
    return float(x) if isinstance(x, (int, float)) else -9.0


def _r(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 4)


def still_open(
    scores: Scores,
    variants: Sequence[Variant],
    n_field: int,
    budget_units: int,
    point: int,
    seeds: Sequence[int],
    swing: float | None = None,
) -> set[str]:
    """The study keys that need more games after the look at ``point`` units: every
    variant neither decided nor negligible, and the base's while any variant is open."""
    looks = [p for p in look_points(budget_units) if p <= point]
    found = verdicts(
        scores, variants, n_field, sequential=True, budget_units=budget_units, looks=looks,
        seeds=seeds, swing=swing,
    )  # fmt: skip
    out: set[str] = set()
    for v in variants:
        verdict = found[v.key]
        if not (verdict.decided or verdict.negligible):
            out.update(field_key(v.key, j) for j in range(n_field))
    if out:
        out.update(field_key(BASE, j) for j in range(n_field))
    return out
