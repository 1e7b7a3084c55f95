"""What a card adds: the deck as it is against the deck with one copy removed or swapped.

Both versions meet the same opponents on the same seeds and seats (one study, see
:mod:`analytics.study`), so the difference of their scores is paired: the luck of the draw
that both share cancels. ``delta`` is the deck's score with the card minus without it, over
every opponent of the field with equal weight (a draw scores a half).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analytics.sequential import interval
from analytics.study import Scores
from analytics.winrate import Z95
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


def variant(deck: Deck, pool: PoolIndex, card: str, swap: str | None) -> Variant:
    """One copy of ``card`` out; ``swap`` a code, ``filler``, ``none`` or ``None`` (filler at
    the minimum deck size, else nothing). Unknown or absent cards raise ``InputError``."""
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
    return Variant(cid, added, new)


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


def all_variants(deck: Deck, pool: PoolIndex, swap: str | None) -> list[Variant]:
    """One variant per distinct card of the main deck (``--all``), in list order."""
    seen: dict[str, None] = {}
    for code in deck.main:
        seen.setdefault(pool.card_id(code) or code, None)
    return [variant(deck, pool, cid, swap) for cid in seen]


def unit_differences(base: Scores, other: Scores, field: Sequence[str]) -> list[float]:
    """Per seed, in seed order of first play: the mean of base minus other over every
    opponent and seat both played (a value in [-1, 1])."""
    by_seed: dict[int, list[float]] = {}
    for opp in field:
        b, o = base.get(opp, {}), other.get(opp, {})
        for game in sorted(set(b) & set(o)):
            by_seed.setdefault(game[0], []).append(b[game] - o[game])
    return [sum(v) / len(v) for v in by_seed.values()]


@dataclass(frozen=True, slots=True)
class Paired:
    """A paired mean difference over units, with its 95% interval."""

    delta: float
    ci95: tuple[float, float]
    games: int
    units: int
    decided: bool


def paired(
    units: Sequence[float], games: int, *, sequential: bool, budget_units: int, null: float = 0.0
) -> Paired:
    """The mean of unit differences with a normal 95% interval (fixed budget) or the
    confidence-sequence interval (``sequential``, valid wherever the test stopped)."""
    n = len(units)
    if n == 0:
        return Paired(math.nan, (-1.0, 1.0), 0, 0, False)
    mean = sum(units) / n
    if sequential:
        iv = interval(units, -1.0, 1.0, budget_units=budget_units)
        return Paired(mean, (iv.lo, iv.hi), games, n, iv.excludes(null))
    if n < 2:
        return Paired(mean, (-1.0, 1.0), games, n, False)
    sd = math.sqrt(sum((u - mean) ** 2 for u in units) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    lo, hi = mean - half, mean + half
    return Paired(mean, (lo, hi), games, n, lo > null or hi < null)


def field_key(variant_key: str, opponent: int) -> str:
    """The study key of one variant against the ``opponent``-th deck of the field."""
    return f"{variant_key}|{opponent}"


def split(scores: Scores, variant_key: str, n_field: int) -> Scores:
    """One variant's scores, keyed by opponent index (as text)."""
    return {str(j): scores.get(field_key(variant_key, j), {}) for j in range(n_field)}


def impact_rows(
    scores: Scores,
    variants: Sequence[Variant],
    n_field: int,
    *,
    sequential: bool,
    budget_units: int,
) -> list[dict[str, Any]]:
    """``{"card", "swap", "delta", "ci95", "games", "decided"}`` per variant, largest delta
    first (``delta``: the deck's score with the card minus without it)."""
    field = [str(j) for j in range(n_field)]
    base = split(scores, BASE, n_field)
    rows = []
    for v in variants:
        other = split(scores, v.key, n_field)
        units = unit_differences(base, other, field)
        games = sum(len(set(base[f]) & set(other[f])) for f in field)
        p = paired(units, games, sequential=sequential, budget_units=budget_units)
        rows.append({
            "card": v.card, "swap": v.swap, "delta": _r(p.delta),
            "ci95": [_r(p.ci95[0]), _r(p.ci95[1])], "games": p.games, "decided": p.decided,
        })  # fmt: skip
    rows.sort(key=lambda r: (-_num(r["delta"]), str(r["card"])))
    return rows


def _num(x: Any) -> float:
    return float(x) if isinstance(x, (int, float)) else -9.0


def _r(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 4)


def still_open(
    scores: Scores, variants: Sequence[Variant], n_field: int, budget_units: int
) -> set[str]:
    """The study keys that need more games: every undecided variant's, and the base's
    while any variant is open."""
    field = [str(j) for j in range(n_field)]
    base = split(scores, BASE, n_field)
    out: set[str] = set()
    for v in variants:
        units = unit_differences(base, split(scores, v.key, n_field), field)
        if not interval(units, -1.0, 1.0, budget_units=budget_units).excludes(0.0):
            out.update(field_key(v.key, j) for j in range(n_field))
    if out:
        out.update(field_key(BASE, j) for j in range(n_field))
    return out
