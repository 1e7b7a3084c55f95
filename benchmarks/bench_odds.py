"""Time the full exact odds table of a 50-card deck and print the median.

The table: every distinct card of the deck as its own goal (at least 1 copy), own turns 0-10,
going first and second, under the never and the optimal mulligan policy. Memoised results are
cleared before every run, so each run computes from scratch (cards with the same copy count
share their arithmetic within a run, as they do in real use).

    python benchmarks/bench_odds.py [--runs N] [--deck PATH]

``--deck`` takes a ``{code: count}`` JSON file; the default is a synthetic 50-card deck of
20 distinct cards (10 three-ofs, 10 two-ofs) so the figure needs no reference data.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from analytics.curve import curve_table
from analytics.odds import GOINGS, NEVER, OPTIMAL, Goal, clear_caches, odds_table
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


if __name__ == "__main__":
    main()
