"""The real field: archetypes of imported tournament lists, and a deck's expected win rate.

Archetypes. Each list is the set of its main-deck cards (printings count as their card);
two lists are as alike as the Jaccard index of their sets (shared cards over all cards).
Lists are merged by average linkage, most alike first, while two groups share at least
``THRESHOLD`` on average, so an archetype is a group of lists built around the same cards
whatever their label. Its share is its lists over all lists considered; its typical list is
the medoid, the list most alike to the others of its group on average (ties: the better
standing, then the later event), a list that was really played rather than an average.

The answer. The deck plays each archetype's typical list on the same seeds, both seats.
Its expected win rate is the mean of its matchup scores weighted by the archetypes' shares,
renormalised over the archetypes played: the answer speaks for the part of the record those
archetypes cover (``coverage``, said with it). The unit of the interval is one seed, for
which the weighted score over every archetype and both seats is one value in [0, 1]; the
shares are themselves estimates from the lists counted, and their multinomial variance,
``(sum w m^2 - (sum w m)^2) / lists`` for weights ``w`` and matchup scores ``m``, is added
to the games' own. A single matchup's interval is over its seeds too (a draw scores a half).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from analytics.intervals import rate_interval
from analytics.meta import META_COLUMNS, archetype
from analytics.sequential import rate_test
from analytics.study import Scores, upto
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.importers.tournaments import read_lines
from cardpool.pool import PoolIndex
from cardpool.readers import read_text

THRESHOLD = 0.5
"""Least average Jaccard index at which two groups of lists are one archetype."""
MAX_LISTS = 1000
"""The most lists a field is built from: grouping them costs time growing with the cube of
their number (the 595 lists of a season take a fraction of a second, 1,000 about 1.5 s)."""
MAX_META_BYTES = 4 << 20
"""A file of tournament lists is read up to this size (1,000 lists are about 400 KB)."""


def lists_from_file(path: str) -> pd.DataFrame:
    """Tournament lists from a JSON-lines file (the importer's format), as ``decklists`` gives."""
    file = Path(path)
    decks = read_lines(read_text(file, max_bytes=MAX_META_BYTES), path=file)
    rows = [
        ("file", d.line, d.event_date, d.label, d.standing, d.players, d.deck_code,
         d.tournament_id, json.dumps(d.main, ensure_ascii=False))
        for d in decks
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=META_COLUMNS)


def since(lists: pd.DataFrame, when: date | None) -> pd.DataFrame:
    """The lists of events on or after ``when`` (all of them for ``None``)."""
    if when is None or lists.empty:
        return lists
    dates = pd.to_datetime(lists["event_date"]).dt.date
    return lists[dates >= when].reset_index(drop=True)


@dataclass(frozen=True, slots=True)
class Archetype:
    """A group of alike lists: its name, share, members (row indices) and typical list."""

    name: str
    share: float
    members: tuple[int, ...]
    typical: int
    """Row index of the medoid list."""
    deck: Deck
    code: str
    """The typical list's deck code."""


def _card_sets(lists: pd.DataFrame, pool: PoolIndex) -> list[dict[str, int]]:
    out = []
    for text in lists["main_json"]:
        cards: dict[str, int] = {}
        for code, n in json.loads(str(text)).items():
            cid = pool.card_id(code) or code
            cards[cid] = cards.get(cid, 0) + int(n)
        out.append(cards)
    return out


def similarity(sets: Sequence[dict[str, int]]) -> np.ndarray:
    """Pairwise Jaccard index of the lists' card sets.

    >>> similarity([{"a": 3, "b": 3}, {"a": 1, "c": 2}]).round(3).tolist()
    [[1.0, 0.333], [0.333, 1.0]]
    """
    names = sorted({c for s in sets for c in s})
    col = {c: i for i, c in enumerate(names)}
    x = np.zeros((len(sets), len(names)))
    for i, s in enumerate(sets):
        for c in s:
            x[i, col[c]] = 1.0
    inter = x @ x.T
    sizes = x.sum(axis=1)
    union = sizes[:, None] + sizes[None, :] - inter
    out: np.ndarray = np.divide(inter, union, out=np.zeros_like(inter), where=union > 0)
    return out


def cluster(sim: np.ndarray, threshold: float = THRESHOLD) -> list[list[int]]:
    """Average-linkage groups of rows whose average similarity stays at least ``threshold``.

    >>> sim = np.array([[1, .9, .1], [.9, 1, .2], [.1, .2, 1]])
    >>> cluster(sim)
    [[0, 1], [2]]
    """
    n = len(sim)
    groups: dict[int, list[int]] = {i: [i] for i in range(n)}
    s = sim.astype(float).copy()
    np.fill_diagonal(s, -1.0)
    alive = np.ones(n, dtype=bool)
    while alive.sum() > 1:
        masked = np.where(alive[:, None] & alive[None, :], s, -1.0)
        flat = int(np.argmax(masked))
        i, j = divmod(flat, n)
        if masked[i, j] < threshold:
            break
        i, j = min(i, j), max(i, j)
        ni, nj = len(groups[i]), len(groups[j])
        s[i, :] = (ni * s[i, :] + nj * s[j, :]) / (ni + nj)  # Lance-Williams, average linkage
        s[:, i] = s[i, :]
        s[i, i] = -1.0
        alive[j] = False
        groups[i] = sorted(groups[i] + groups.pop(j))
    return sorted(groups.values(), key=lambda g: (-len(g), g[0]))


def medoid(members: Sequence[int], sim: np.ndarray, lists: pd.DataFrame) -> int:
    """The member most alike to the others on average (ties: better standing, later event)."""

    def key(i: int) -> tuple[float, float, str]:
        others = [j for j in members if j != i]
        mean = float(np.mean([sim[i, j] for j in others])) if others else 1.0
        standing = lists.iloc[i]["standing"]
        stand = float(standing) if standing is not None and not pd.isna(standing) else 1e9
        when = lists.iloc[i]["event_date"]
        day = "" if when is None or pd.isna(when) else str(pd.Timestamp(when).date())
        return (-mean, stand, "".join(chr(255 - ord(c)) for c in day))

    return min(members, key=key)


def _name(members: Sequence[int], sets: Sequence[dict[str, int]], lists: pd.DataFrame,
          pool: PoolIndex) -> str:  # fmt: skip
    """The majority class or title, and the card most particular to the group."""
    label = Counter(archetype(str(lists.iloc[i]["label"])) for i in members).most_common(1)[0][0]
    inside = Counter(c for i in members for c in sets[i])
    outside = Counter(c for i, s in enumerate(sets) if i not in set(members) for c in s)
    n_in, n_out = len(members), max(1, len(sets) - len(members))
    best = max(inside, key=lambda c: (inside[c] / n_in - outside[c] / n_out, c))
    row = pool.rows.get(best)
    return f"{label}: {row.name if row else best}"


def archetypes(lists: pd.DataFrame, pool: PoolIndex, top: int | None = None) -> list[Archetype]:
    """The field's archetypes, largest first (the ``top`` largest when given)."""
    if lists.empty:
        raise InputError("no tournament lists to build a field from: decklab db import FILE.jsonl")
    if len(lists) > MAX_LISTS:
        raise InputError(
            f"{len(lists):,} tournament lists; a field is built from at most {MAX_LISTS:,} "
            "(choose recent events with --since)"
        )
    sets = _card_sets(lists, pool)
    sim = similarity(sets)
    groups = cluster(sim)
    total = len(lists)
    out = []
    for members in groups[: top or None]:
        typical = medoid(members, sim, lists)
        row = lists.iloc[typical]
        name = _name(members, sets, lists, pool)
        deck = Deck(name=f"{name} ({row['deck_code']})", main=json.loads(str(row["main_json"])))
        code = str(row["deck_code"])
        out.append(Archetype(name, len(members) / total, tuple(members), typical, deck, code))
    return out


def weights(field: Sequence[Archetype]) -> list[float]:
    """Shares renormalised over the archetypes played."""
    total = sum(a.share for a in field)
    return [a.share / total for a in field]


def seed_units(scores: Scores, keys: Sequence[str], w: Sequence[float]) -> list[float]:
    """Per seed every archetype played in both seats: the share-weighted mean score."""
    if not keys:
        return []
    common = set.intersection(*(set(scores.get(k, {})) for k in keys))
    by_seed: dict[int, list[tuple[int, int]]] = {}
    for game in sorted(common):
        by_seed.setdefault(game[0], []).append(game)
    units = []
    for games in by_seed.values():
        units.append(
            sum(
                wk * sum(scores[k][g] for g in games) / len(games)
                for k, wk in zip(keys, w, strict=True)
            )
        )
    return units


def field_figure(field: Sequence[dict[str, Any]]) -> go.Figure:
    """A bar per archetype: the deck's win rate against it with its 95% interval."""
    rates = [r["win_rate"] for r in field]
    his = [r["ci95"][1] - r["win_rate"] if r["win_rate"] is not None else 0 for r in field]
    los = [r["win_rate"] - r["ci95"][0] if r["win_rate"] is not None else 0 for r in field]
    fig = go.Figure(
        go.Bar(
            x=rates, y=[r["archetype"] for r in field], orientation="h",
            error_x={"type": "data", "symmetric": False, "array": his, "arrayminus": los},
        )
    )  # fmt: skip
    fig.update_layout(title="Win rate per archetype", xaxis={"range": [0, 1], "tickformat": ".0%"})
    return fig


def matchup_key(index: int) -> str:
    """The study key of the deck against the ``index``-th archetype."""
    return f"arch{index}"


def coverage(field: Sequence[Archetype]) -> float:
    """The share of the record's lists that the archetypes played cover."""
    return sum(a.share for a in field)


def share_variance(field: Sequence[Archetype], means: Sequence[float], lists: int) -> float:
    """The variance the shares' estimate adds to the expected win rate (multinomial, over the
    lists the archetypes played cover)."""
    covered = max(1, round(coverage(field) * lists))
    w = weights(field)
    pairs = [(wk, m) for wk, m in zip(w, means, strict=True) if not math.isnan(m)]
    if not pairs:
        return 0.0
    first = sum(wk * m for wk, m in pairs)
    second = sum(wk * m * m for wk, m in pairs)
    return max(0.0, second - first * first) / covered


def _expected(
    scores: Scores, field: Sequence[Archetype], lists: int
) -> tuple[list[float], float, float]:
    """The seed units of the expected win rate, the shares' variance and games per seed."""
    keys = [matchup_key(i) for i in range(len(field))]
    units = seed_units(scores, keys, weights(field))
    means = []
    for k in keys:
        played = list(scores.get(k, {}).values())
        means.append(sum(played) / len(played) if played else math.nan)
    return units, share_variance(field, means, lists), 2.0 * len(field)


def gauntlet_result(
    deck: str,
    field: Sequence[Archetype],
    scores: Scores,
    *,
    sequential: bool,
    budget_units: int,
    lists: int,
    look_units: int | None = None,
) -> dict[str, Any]:
    """``{"deck", "expected_win_rate", "ci95", "coverage", "field": [...], "deciding"}``."""
    keys = [matchup_key(i) for i in range(len(field))]
    w = weights(field)
    units, extra, per_unit = _expected(scores, field, lists)
    if sequential:
        iv = rate_test(
            units, per_unit, look_units=look_units or budget_units, budget_units=budget_units,
            extra=extra,
        )  # fmt: skip
    else:
        iv = rate_interval(units, per_unit, extra=extra)
    rows: list[dict[str, Any]] = []
    for a, k, wk in zip(field, keys, w, strict=True):
        per_seed = seed_units({k: scores.get(k, {})}, [k], [1.0])
        one = rate_interval(per_seed, 2.0)
        m = one.mean
        rows.append({
            "archetype": a.name, "share": round(a.share, 4), "weight": round(wk, 4),
            "list": a.code, "win_rate": _r(m), "ci95": [_r(one.lo), _r(one.hi)],
            "games": len(scores.get(k, {})), "seeds": one.n,
            "swing": _r(wk * (m - 0.5)),
        })  # fmt: skip
    swings = [(abs(float(r["swing"])), str(r["archetype"])) for r in rows if r["swing"] is not None]
    deciding = [name for _, name in sorted(swings, key=lambda t: -t[0])[:3]]
    return {
        "deck": deck, "expected_win_rate": _r(iv.mean), "ci95": [_r(iv.lo), _r(iv.hi)],
        "coverage": round(coverage(field), 4), "lists": lists,
        "share_sd": round(math.sqrt(extra), 4), "decided": bool(iv.n and iv.excludes(0.5)),
        "field": rows, "deciding": deciding,
    }  # fmt: skip


def still_open(
    scores: Scores,
    field: Sequence[Archetype],
    budget_units: int,
    point: int,
    lists: int,
    seeds: Sequence[int] = (),
) -> set[str]:
    """Every matchup until the expected win rate's interval at this look leaves 0.5."""
    keys = [matchup_key(i) for i in range(len(field))]
    seen = upto(scores, seeds, point) if seeds else scores
    units, extra, per_unit = _expected(seen, field, lists)
    iv = rate_test(units, per_unit, look_units=point, budget_units=budget_units, extra=extra)
    return set() if iv.n and iv.excludes(0.5) else set(keys)


def _r(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 4)
