"""Size of the per-card table: bytes of ``sim_cards`` per 10,000 games in a DuckDB file.

Plays ``--games`` real games of two example decks, stores them as often as it takes to
reach 10,000 games (each copy under its own run id) once without and once with their
per-card rows, checkpoints both files and prints the difference, with rows per game.

Run: .venv/bin/python benchmarks/bench_cardstats.py [--games N] [--workers W]
"""

from __future__ import annotations

import argparse
import math
import tempfile
from dataclasses import replace
from pathlib import Path

from analytics.decks import deck_spec
from analytics.runs import ensure_schema, record_games
from analytics.simulate import simulate
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from cardpool.store import Store

REPO = Path(__file__).resolve().parents[1]
TARGET = 10_000


def file_bytes(path: Path, rows: list, copies: int) -> int:
    """The checkpointed size of a database holding ``copies`` copies of ``rows``."""
    with Store.open(path) as store:
        ensure_schema(store)
        for i in range(copies):
            record_games(store, f"run{i:05d}", rows)
        store.con.execute("CHECKPOINT")
    return path.stat().st_size


def main() -> None:
    """Print bytes per 10,000 games of the per-card table and rows per game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    pool = load_sve_pool()
    a = deck_spec(read_deck_file(REPO / "examples" / "forest_fairies.txt"), pool)
    b = deck_spec(read_deck_file(REPO / "examples" / "sword_knights.txt"), pool)
    rows = simulate(a, b, args.games, ("greedy", "greedy"), seed=1, workers=args.workers)
    copies = math.ceil(TARGET / len(rows))
    bare = [replace(r, cards=()) for r in rows]
    with tempfile.TemporaryDirectory() as tmp:
        without = file_bytes(Path(tmp) / "games.duckdb", bare, copies)
        with_cards = file_bytes(Path(tmp) / "cards.duckdb", rows, copies)
    games = copies * len(rows)
    per_game = sum(len(r.cards) for r in rows) / len(rows)
    extra = (with_cards - without) * TARGET / games
    print(f"games stored: {games:,} ({copies} copies of {len(rows)} played games)")
    print(f"per-card rows per game: {per_game:.1f}")
    print(
        f"database without per-card rows: {without / 1e6:.2f} MB, with: {with_cards / 1e6:.2f} MB"
    )
    print(f"sim_cards per 10,000 games: {extra / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
