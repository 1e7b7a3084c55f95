"""Draw odds and the cost curve of one deck as tables: what the Curve and odds page shows.

A deck is counted by card identity (alternate-art printings are one card), as the
``decklab odds`` command counts it. Every probability is exact (see :mod:`analytics.odds`);
a turn the deck is too small for (the hand plus the 4 bottomed cards exceed it) is left empty.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from analytics.curve import MAX_PP, CurveRow, cost_histogram, curve_table, unknown_cards
from analytics.odds import (
    GOINGS,
    NEVER,
    OPENING,
    OPTIMAL,
    Game,
    Goal,
    Going,
    KeepIf,
    Never,
    Policy,
    TooLarge,
    hand_size,
    keep_if_rule,
    prepare,
)
from cardpool.pool import PoolIndex
from engine.cards import CardRecord

if TYPE_CHECKING:
    import pandas as pd

MAX_TURN = 10
"""The odds table covers own turns 0 (the opening hand) to this one."""
PolicyKind = Literal["never", "keep-if", "optimal"]
POLICY_KINDS: tuple[PolicyKind, ...] = ("never", "keep-if", "optimal")
ODDS_COLUMNS = ["turn", "going", "policy", "p"]


@dataclass
class DeckCounts:
    """A main deck counted by card identity, with what the curve needs to know per card."""

    counts: dict[str, int] = field(default_factory=dict)
    """Card id -> copies (an unknown code counts as written)."""
    ids: dict[str, str] = field(default_factory=dict)
    """Code as written -> card id."""
    records: dict[str, CardRecord] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    """Card id -> the name a person reads (the code when the pool does not know it)."""

    @property
    def size(self) -> int:
        """Cards in the main deck."""
        return sum(self.counts.values())

    @property
    def unknown(self) -> list[str]:
        """Cards whose cost is unknown (left off the curve)."""
        return unknown_cards(self.counts, self.records)

    def histogram(self) -> dict[str, dict[int, int]]:
        """Copies per card type and cost."""
        return cost_histogram(self.counts, self.records)

    def label(self, card_id: str) -> str:
        """``name (code)`` for rules and titles."""
        name = self.names.get(card_id, card_id)
        return card_id if name == card_id else f"{name} ({card_id})"


def count_main(main: Mapping[str, int], pool: PoolIndex | None) -> DeckCounts:
    """Count ``main`` (code as written -> copies) by card identity through ``pool``."""
    out = DeckCounts()
    counts: dict[str, int] = defaultdict(int)
    for code, n in main.items():
        if n <= 0:
            continue
        cid = (pool.card_id(code) if pool is not None else None) or code
        out.ids[code] = cid
        counts[cid] += n
        rec = pool.record(cid) if pool is not None else None
        if rec is not None:
            out.records[cid] = rec
            out.names[cid] = rec.name
    out.counts = dict(counts)
    return out


def make_goal(deck: DeckCounts, cards: Sequence[str], at_least: int, combo: bool) -> Goal:
    """At least ``at_least`` of any of ``cards``, or of each of them with ``combo``."""
    ids = tuple(dict.fromkeys(deck.ids.get(c, c) for c in cards))
    if combo:
        labels = tuple(deck.label(c) for c in ids)
        return Goal(tuple((c,) for c in ids), at_least, labels, labels)
    joined = ", ".join(deck.label(c) for c in ids)
    single = joined if len(ids) == 1 else f"any of {joined}"
    return Goal((ids,), at_least, (joined,), (single,))


def goal_title(goal: Goal) -> str:
    """The goal in words: ``at least 1 of A`` / ``at least 1 of A and at least 1 of B``."""
    return " and ".join(
        f"at least {goal.at_least} of {goal.label(j)}" for j in range(len(goal.groups))
    )


def make_policy(
    kind: PolicyKind, keep: Iterable[str] = (), deck: DeckCounts | None = None
) -> Policy:
    """The mulligan policy chosen on the page (keep-if with no card is never)."""
    if kind == "optimal":
        return OPTIMAL
    if kind == "keep-if":
        ids = tuple(dict.fromkeys(deck.ids.get(c, c) if deck else c for c in keep))
        return KeepIf(ids) if ids else NEVER
    return NEVER


def policy_label(policy: Policy) -> str:
    """``never``, ``keep-if`` or ``optimal`` as a line name."""
    if isinstance(policy, Never):
        return "never"
    return "keep-if" if isinstance(policy, KeepIf) else "optimal"


@dataclass(frozen=True)
class OddsResult:
    """The odds of one goal by turn and seat under a policy, with the never baseline."""

    long: pd.DataFrame
    """One row per turn x seat x policy: ``turn, going, policy, p`` (``p`` empty if too big)."""
    rules: dict[str, list[tuple[Going, int]]]
    """The policy in words -> the seats and turns it applies to (empty for never)."""
    policy: Policy

    def table(self) -> pd.DataFrame:
        """Turns down, seats across, in percent; with the never baseline and gain in points."""
        import pandas as pd

        p = self.long.set_index(["policy", "going", "turn"])["p"]
        chosen = policy_label(self.policy)
        out = pd.DataFrame({"Turn": range(MAX_TURN + 1)})
        for going in GOINGS:
            out[f"Going {going}"] = [100 * p[(chosen, going, t)] for t in out["Turn"]]
        if chosen != "never":
            for going in GOINGS:
                out[f"Going {going}, never"] = [100 * p[("never", going, t)] for t in out["Turn"]]
            for going in GOINGS:
                out[f"Gain going {going}"] = out[f"Going {going}"] - out[f"Going {going}, never"]
        return out

    def gain(self, turn: int, going: Going) -> float | None:
        """Points gained over never mulliganing at ``turn`` going ``going``."""
        rows = self.long[(self.long["turn"] == turn) & (self.long["going"] == going)]
        p = rows.set_index("policy")["p"]
        chosen = policy_label(self.policy)
        if chosen not in p or "never" not in p or math.isnan(p[chosen]) or math.isnan(p["never"]):
            return None
        return 100 * float(p[chosen] - p["never"])

    def best_gain(self) -> tuple[float, Going, int] | None:
        """The largest gain over never: (points, seat, turn)."""
        best: tuple[float, Going, int] | None = None
        for going in GOINGS:
            for turn in range(MAX_TURN + 1):
                g = self.gain(turn, going)
                if g is not None and (best is None or g > best[0] + 1e-12):
                    best = (g, going, turn)
        return best

    def rule_lines(self) -> list[str]:
        """Each distinct rule, prefixed by where it applies when it does not apply everywhere."""
        every = len(GOINGS) * (MAX_TURN + 1)
        return [
            rule if len(set(scopes)) == every else f"{scope_text(scopes)}: {rule}"
            for rule, scopes in self.rules.items()
        ]


def odds_by_turn(
    deck: DeckCounts, goal: Goal, policy: Policy = NEVER, game: Game = "sve"
) -> OddsResult:
    """Exact odds of ``goal`` for own turns 0-10, both seats, under ``policy`` and never."""
    policies = [NEVER] if isinstance(policy, Never) else [policy, NEVER]
    rows: list[dict[str, object]] = []
    rules: dict[str, list[tuple[Going, int]]] = defaultdict(list)
    named = {}  # a keep-if rule names its cards as the deck does, not by their codes
    if isinstance(policy, KeepIf):
        labelled = KeepIf(tuple(deck.label(c) for c in policy.cards))
        named[keep_if_rule(policy, game)] = keep_if_rule(labelled, game)
    for pol in policies:
        prep = prepare(deck.counts, goal, pol, game)
        for going in GOINGS:
            for turn in range(MAX_TURN + 1):
                p: float | None
                try:
                    odds = prep.odds([hand_size(turn, going, game)] * len(goal.groups))
                except TooLarge:
                    raise
                except ValueError:  # the deck is too small for this turn
                    p = None
                else:
                    p = odds.p
                    if pol is policy and odds.rule is not None:
                        rules[named.get(odds.rule, odds.rule)].append((going, turn))
                rows.append({"turn": turn, "going": going, "policy": policy_label(pol), "p": p})
    import pandas as pd

    long = pd.DataFrame(rows, columns=ODDS_COLUMNS)
    long["p"] = long["p"].astype(float)
    return OddsResult(long, dict(rules), policy)


def scope_text(scopes: Sequence[tuple[str, int]]) -> str:
    """Turns grouped by what precedes them, consecutive turns as ranges.

    A scope is ``(head, turn)``; a seat alone as the head reads ``going <seat>``.

    >>> scope_text([("first", 0), ("first", 1), ("second", 3)])
    'going first turns 0-1; going second turn 3'
    >>> scope_text([("BP01-001 going first", 2), ("BP01-001 going first", 4)])
    'BP01-001 going first turns 2, 4'
    """
    by_head: dict[str, list[int]] = defaultdict(list)
    for head, turn in scopes:
        by_head[f"going {head}" if head in GOINGS else head].append(turn)
    parts = []
    for head, turns in by_head.items():
        turns = sorted(set(turns))
        spans: list[tuple[int, int]] = []
        for t in turns:
            if spans and t == spans[-1][1] + 1:
                spans[-1] = (spans[-1][0], t)
            else:
                spans.append((t, t))
        text = ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in spans)
        word = "turn" if len(turns) == 1 else "turns"
        parts.append(f"{head} {word} {text}")
    return "; ".join(parts)


def curve_rows(
    deck: DeckCounts, policy: Policy = NEVER, types: Iterable[str] | None = None
) -> list[CurveRow]:
    """On-curve, curve-out and castable figures for own turns 1-10, both seats.

    Turns the deck is too small for are left out.
    """
    rows: list[CurveRow] = []
    for going in GOINGS:
        last = max(
            (t for t in range(1, MAX_PP + 1) if hand_size(t, going) + OPENING <= deck.size),
            default=0,
        )
        if last:
            rows += curve_table(deck.counts, deck.records, (going,), last, policy, types)
    return rows


def curve_frame(rows: Sequence[CurveRow]) -> pd.DataFrame:
    """Turns down; on curve and curve out in percent, expected castable cards, per seat."""
    import pandas as pd

    out = pd.DataFrame({"Turn": range(1, MAX_PP + 1)})
    for going in GOINGS:
        by_turn = {r.turn: r for r in rows if r.going == going}
        out[f"On curve, {going}"] = [
            100 * by_turn[t].on_curve if t in by_turn else None for t in out["Turn"]
        ]
    for going in GOINGS:
        by_turn = {r.turn: r for r in rows if r.going == going}
        out[f"Curve out, {going}"] = [
            100 * v if t in by_turn and (v := by_turn[t].curve_out) is not None else None
            for t in out["Turn"]
        ]
    for going in GOINGS:
        by_turn = {r.turn: r for r in rows if r.going == going}
        out[f"Castable, {going}"] = [
            by_turn[t].expected_castable if t in by_turn else None for t in out["Turn"]
        ]
    return out.astype({c: float for c in out.columns if c != "Turn"})
