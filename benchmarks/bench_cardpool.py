"""Card search and deck validation times over the full SVE pool.

Prints the median time of a card search (a spread of realistic queries via ``Store.search``
on a built file database) and the median validation time per deck over the 595 real
decklists in ``../shared`` (or, where that is absent, over decks built from the embedded
snapshot). Medians are taken over repeated runs; times are in milliseconds. Then the
"did you mean" suggestions for an unknown code, from the index (``cardpool.nearmatch``)
and from difflib over every printing (how they were made before), in CPU time.

    python benchmarks/bench_cardpool.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from cardpool.deck import Deck
from cardpool.decklist import parse_json_deck
from cardpool.legality import validate
from cardpool.normalise import MAIN_DECK_TYPES
from cardpool.pool import PoolIndex
from cardpool.snapshot import load_sve_pool, load_sve_restrictions
from cardpool.store import CardQuery, Store

DECKS = Path(__file__).resolve().parents[2] / "shared" / "data" / "sve" / "decks"

QUERIES = (
    CardQuery(name="アリア"),
    CardQuery(name="ありあ"),  # folded by the search key, as typed
    CardQuery(name="ﾌｪｱﾘｰﾌﾟﾘﾝｾｽ"),
    CardQuery(name="BP01-001"),
    CardQuery(name="SP01-SL03"),
    CardQuery(name="fairy"),
    CardQuery(card_class="forest"),
    CardQuery(card_class="haven", cost=2),
    CardQuery(card_type="follower"),
    CardQuery(card_type="evolved_follower", card_class="sword"),
    CardQuery(card_type="spell", cost=1),
    CardQuery(trait="妖精"),
    CardQuery(keyword="ward", card_class="haven"),
    CardQuery(keyword="quick"),
    CardQuery(title="priconne"),
    CardQuery(title="cinderella_girls", card_type="follower", cost=3),
    CardQuery(limit=10_000),
)


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bench_search(runs: int) -> tuple[float, int]:
    """Median ms per query over ``runs`` passes of every query, on a file database."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "bench.duckdb")
        store.ensure_default()
        for query in QUERIES:  # warm up
            store.search(query)
        samples: list[float] = []
        for _ in range(runs):
            for query in QUERIES:
                start = time.perf_counter()
                store.search(query)
                samples.append(time.perf_counter() - start)
        cards = store.count_cards()
        store.close()
    return _median_ms(samples), cards


def real_decks() -> list[tuple[Deck, date]] | None:
    path = DECKS / "individual_v2.jsonl"
    if not path.is_file():
        return None
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [(parse_json_deck(line), date.fromisoformat(line["date"])) for line in lines]


def built_decks(pool: PoolIndex) -> list[tuple[Deck, date]]:
    """One 40-card deck per class and leader, from the embedded snapshot."""
    decks = []
    rows = sorted(pool.rows.values(), key=lambda r: r.card_id)
    for leader in (r for r in rows if r.card_type == "leader" and not r.title):
        main: dict[str, int] = {}
        names: set[str] = set()
        for row in rows:
            if sum(main.values()) >= 40:
                break
            if (
                row.card_class == leader.card_class
                and row.card_type in MAIN_DECK_TYPES
                and not row.title
                and row.name not in names
            ):
                main[row.card_id] = min(3, 40 - sum(main.values()))
                names.add(row.name)
        decks.append((Deck(leaders={leader.card_id: 1}, main=main), date(2026, 3, 1)))
    return decks


def bench_validate(runs: int) -> tuple[float, int, str]:
    """Median ms per deck validation over ``runs`` passes of every deck."""
    pool = load_sve_pool()
    restrictions = load_sve_restrictions()
    decks = real_decks()
    source = "real decklists"
    if decks is None:
        decks = built_decks(pool)
        source = "decks built from the embedded snapshot"
    samples: list[float] = []
    for _ in range(runs):
        for deck, on in decks:
            start = time.perf_counter()
            validate(deck, pool, restrictions, on=on)
            samples.append(time.perf_counter() - start)
    return _median_ms(samples), len(decks), source


def bench_suggestions(runs: int) -> tuple[float, float, int]:
    """Median CPU ms per unknown code: from the index, and from difflib over every printing."""
    import difflib

    pool = load_sve_pool()
    codes = list(pool.printed_codes())
    typed = [f"{code[:-1]}x" for code in codes[:: max(1, len(codes) // 50)]]  # one slip each
    pool.suggest("ZZ99-999")  # build the index once, as the first question does
    index_ms, scan_ms = [], []
    for _ in range(runs):
        start = time.process_time()
        for code in typed:
            pool.suggest(code)
        index_ms.append(1000 * (time.process_time() - start) / len(typed))
        start = time.process_time()
        for code in typed:
            difflib.get_close_matches(code.upper(), codes, n=3, cutoff=0.75)
        scan_ms.append(1000 * (time.process_time() - start) / len(typed))
    return statistics.median(index_ms), statistics.median(scan_ms), len(codes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="passes over queries and decks")
    args = parser.parse_args(argv)
    search_ms, cards = bench_search(args.runs)
    print(
        f"card search: median {search_ms:.2f} ms per query "
        f"({len(QUERIES)} queries x {args.runs} runs, {cards} cards, file database)"
    )
    validate_ms, decks, source = bench_validate(args.runs)
    print(
        f"validation:  median {validate_ms:.3f} ms per deck ({decks} {source} x {args.runs} runs)"
    )
    index_ms, scan_ms, printings = bench_suggestions(max(3, args.runs // 4))
    print(
        f"did you mean: median {index_ms:.3f} ms per unknown code from the index, "
        f"{scan_ms:.1f} ms by difflib over {printings:,} printings ({scan_ms / index_ms:,.0f}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
