"""Time the full exact odds table of a 50-card deck and print the median.

The table: every distinct card of the deck as its own goal (at least 1 copy), own turns 0-10,
going first and second, under the never and the optimal mulligan policy. Memoised results are
cleared before every run, so each run computes from scratch (cards with the same copy count
share their arithmetic within a run, as they do in real use).

    python benchmarks/bench_odds.py [--runs N] [--deck PATH]

``--deck`` takes a ``{code: count}`` JSON file; the default is a synthetic 50-card deck of
20 distinct cards (10 three-ofs, 10 two-ofs) so the figure needs no reference data.

Then goals of several groups (``decklab odds --card A --card B ...``): G distinct three-ofs of
a 50-card deck, at least 3 copies of each by own turn 10 going second, timed as the joint
tail the odds use and as the draw-order count that answered them before (which grows
exponentially with G; it is timed up to ``--old-up-to`` groups), and the whole table of
turns 0-10 and both seats under the optimal mulligan.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from analytics.curve import curve_table
from analytics.odds import (
    GOINGS,
    NEVER,
    OPTIMAL,
    Goal,
    _draw_order_dp,
    _joint_tail,
    clear_caches,
    hand_size,
    odds_table,
)
from engine.cards import CardRecord


def default_deck() -> dict[str, int]:
    """50 cards: 10 distinct three-ofs and 10 distinct two-ofs."""
    deck = {f"C{i:02d}": 3 for i in range(10)}
    deck.update({f"C{i:02d}": 2 for i in range(10, 20)})
    return deck


def load_deck(path: Path) -> dict[str, int]:
    """A ``{code: count}`` JSON file, or a decklist record with ``main_deck_by_code``."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    cards = doc.get("main_deck_by_code", doc)
    return {str(code): int(n) for code, n in cards.items()}


def full_table(deck: dict[str, int]) -> int:
    """Compute the whole table once; return its row count."""
    goals = [Goal.of(card) for card in deck]
    rows = odds_table(deck, goals, range(11), GOINGS, (NEVER, OPTIMAL))
    return len(rows)


def main() -> None:
    """Run the benchmark and print medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--deck", type=Path)
    parser.add_argument("--old-up-to", type=int, default=7, help="groups to time the old way")
    args = parser.parse_args()
    deck = default_deck() if args.deck is None else load_deck(args.deck)
    times = []
    rows = 0
    for _ in range(args.runs):
        clear_caches()
        start = time.perf_counter()
        rows = full_table(deck)
        times.append(time.perf_counter() - start)
    size = sum(deck.values())
    print(
        f"odds full table: {size}-card deck, {len(deck)} cards x 11 turns x 2 seats x "
        f"2 policies = {rows} exact probabilities"
    )
    print(
        f"  median {1000 * statistics.median(times):.1f} ms, "
        f"min {1000 * min(times):.1f} ms over {args.runs} cold runs"
    )
    # the curve of a deck with a card at every cost 1-10 (never and optimal mulligan)
    cards = {c: CardRecord(c, c, cost=1 + i % 10) for i, c in enumerate(deck)}
    for policy in (NEVER, OPTIMAL):
        times = []
        for _ in range(max(3, args.runs // 10)):
            clear_caches()
            start = time.perf_counter()
            curve_table(deck, cards, policy=policy)
            times.append(time.perf_counter() - start)
        print(
            f"curve table (turns 1-10, both seats, {type(policy).__name__.lower()} mulligan): "
            f"median {1000 * statistics.median(times):.1f} ms"
        )
    several_groups(args.runs, args.old_up_to)


def _median_s(work: Callable[[], object], runs: int) -> float:
    """Median CPU seconds of ``runs`` cold runs of ``work`` (a shared machine's load leaves
    CPU time of one thread nearly alone, where it stretches the time on the clock)."""
    times = []
    for _ in range(runs):
        clear_caches()
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def several_groups(runs: int, old_up_to: int) -> None:
    """Goals of G groups: the joint tail against the draw-order count, and whole tables."""
    d = hand_size(10, "second")
    print(f"several groups: G three-ofs of 50 cards, at least 3 of each within {d} cards")
    print("(median CPU time)")
    print("   G  joint tail  draw order  ratio  table, optimal mulligan (22 probabilities)")
    for groups in (2, 4, 6, 7, 8, 10, 12):
        urn = (3,) * groups
        reqs = tuple((1 << j, 3, d) for j in range(groups))
        need = [3] * groups
        new = _median_s(partial(_joint_tail, urn, 50, reqs, need), runs)
        old_text, ratio = "-", "-"
        if groups <= old_up_to:
            held = (0,) * groups
            old = _median_s(partial(_draw_order_dp, urn, 50, held, reqs), max(3, runs // 10))
            old_text, ratio = f"{1000 * old:8.1f} ms", f"{old / new:,.0f}x"
        deck = {f"C{i:02d}": 3 for i in range(groups)}
        deck["x"] = 50 - 3 * groups
        goal = Goal(tuple((f"C{i:02d}",) for i in range(groups)), at_least=1)
        whole = partial(odds_table, deck, [goal], range(11), GOINGS, (OPTIMAL,))
        table = _median_s(whole, max(3, runs // 10))
        print(
            f"  {groups:>2}  {1000 * new:7.2f} ms  {old_text:>11}  {ratio:>6}  "
            f"{1000 * table:8.1f} ms (at least 1 of each)"
        )


if __name__ == "__main__":
    main()
