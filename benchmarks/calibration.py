"""Simulated strength against the real tournament record (needs ../shared).

The archetypes with at least ``--min-finishes`` top-8 finishes (``deck_clusters.csv``
joined to ``individual_v2.jsonl`` on deck code and tournament), one representative list
each (the medoid: the list sharing the most cards with the archetype's other lists; its
evolve deck built automatically, as tournament lists give main decks only), a round robin
with ``--agent`` on both sides (seat-swapped games on shared seeds), then: the Spearman
rank correlation of simulated strength (mean win rate against the field) with the real
top-8 share and with top-4 conversion, the share of pairings outside 20-80%, and each
archetype's win rate against the field, and the cards of the built evolve decks that the
engine does not fully model.

Run: .venv/bin/python benchmarks/calibration.py [--games 200] [--agent planner] [--workers 2]
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from analytics.calibration import (
    archetypes,
    chance_spearman,
    field_rates,
    lopsided_share,
    medoid,
    spearman,
)
from analytics.decks import deck_spec
from analytics.executors import executor_for
from analytics.ladder import play_matchups
from analytics.levels import DEFAULT_AGENT
from analytics.simulate import MatchConfig
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.snapshot import load_sve_pool
from engine.sve import coverage
from engine.sve.agents import parse_agent

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DECKLAB_SHARED", REPO.parent / "shared"))
DECKS = SHARED / "data" / "sve" / "decks"


def _clusters(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    return [
        {"class": r[0], "deck_code": r[1], "tournament_id": r[2], "archetype_id": r[3],
         "label": r[4]}
        for r in rows[1:] if len(r) >= 5
    ]  # fmt: skip


def main() -> int:
    """Print the calibration report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (200)")
    parser.add_argument("--agent", default=DEFAULT_AGENT, help=f"agent ({DEFAULT_AGENT})")
    parser.add_argument("--min-finishes", type=int, default=15)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, help="local processes (default: all cores)")
    parser.add_argument("--dask", metavar="ADDRESS", help="'local' or tcp://HOST:8786")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    try:
        parse_agent(args.agent)
    except ValueError as err:
        print(f"calibration: --agent: {err}", file=sys.stderr)
        return 2
    if args.games < 2:
        print(f"calibration: --games {args.games}: at least 2", file=sys.stderr)
        return 2
    lists_path, clusters_path = DECKS / "individual_v2.jsonl", DECKS / "deck_clusters.csv"
    if not lists_path.exists() or not clusters_path.exists():
        print(f"calibration: the tournament record is not here ({DECKS}); nothing to check.")
        return 0
    lists = [json.loads(line) for line in lists_path.read_text("utf-8").splitlines() if line]
    found = archetypes(lists, _clusters(clusters_path))
    total = sum(a.finishes for a in found)
    chosen = [a for a in found if a.finishes >= args.min_finishes]
    if len(chosen) < 2:
        print(f"calibration: fewer than two archetypes with {args.min_finishes}+ finishes")
        return 0
    pool = load_sve_pool()
    specs = []
    names = []
    for a in chosen:
        k = medoid(a.lists)
        try:
            specs.append(deck_spec(Deck(main=dict(a.lists[k])), pool, where=a.codes[k]))
        except InputError as err:
            print(f"calibration: {a.label}: {err}", file=sys.stderr)
            return 2
        names.append(f"{a.key.split('#')[0]} {a.label.split(' / ')[0]} [{a.codes[k]}]")
    n = len(chosen)
    pairs = list(itertools.combinations(range(n), 2))
    print(f"{n} archetypes with {args.min_finishes}+ top-8 finishes ({total} finishes joined); "
          f"{len(pairs)} pairings x {args.games} games, agent {args.agent}")  # fmt: skip
    configs = [MatchConfig(specs[i], specs[j], (args.agent, args.agent)) for i, j in pairs]
    start = time.perf_counter()

    def progress(done: int, of: int) -> None:
        print(f"\r  pairings done: {done}/{of} ({time.perf_counter() - start:.0f} s)", end="",
              file=sys.stderr, flush=True)  # fmt: skip

    with executor_for(args.dask, args.workers) as (executor, _):
        results = play_matchups(
            configs, args.games, seed=args.seed, executor=executor, workers=args.workers,
            on_matchup=progress,
        )  # fmt: skip
    print(file=sys.stderr)
    rates = np.full((n, n), np.nan)
    for (i, j), rows in zip(pairs, results, strict=True):
        won = sum(1 for r in rows if r.winner == 0)
        lost = sum(1 for r in rows if r.winner == 1)
        if won + lost:
            rates[i, j] = won / (won + lost)
            rates[j, i] = 1 - rates[i, j]
    strength = field_rates(rates)
    share = [a.finishes / total for a in chosen]
    conversion = [a.top4_conversion for a in chosen]
    rho_share = spearman(list(strength), share)
    rho_conv = spearman(list(strength), conversion)
    outside = lopsided_share(rates)
    print(f"round robin: {time.perf_counter() - start:.0f} s")
    print(f"Spearman rank correlation, simulated strength vs top-8 share:    {rho_share:+.2f}")
    print(f"Spearman rank correlation, simulated strength vs top-4 conversion: {rho_conv:+.2f}")
    print(f"pairings outside 20-80%: {outside:.0%}")
    chance, record_rho = chance_spearman(n), spearman(share, conversion)
    print(f"for scale: a random ranking of {n} archetypes reaches {chance:+.2f} one "
          f"time in 20; the record's own top-8 share and top-4 conversion correlate "
          f"{record_rho:+.2f}")  # fmt: skip
    print("archetype (representative list)          top-8  share  top-4 conv  vs field")
    for k in np.argsort(-strength, kind="stable"):
        a = chosen[k]
        print(f"  {names[k][:40]:<40} {a.finishes:>5}  {share[k]:5.1%}  {conversion[k]:9.0%}  "
              f"{strength[k]:7.1%}")  # fmt: skip
    print("built evolve decks (tournament lists give main decks only), cards not fully modelled:")
    for k, spec in enumerate(specs):
        partial = sorted({r.card_id for r in spec.evolve if coverage.status(r.card_id) != "full"})
        main = sorted({r.card_id for r in spec.main if coverage.status(r.card_id) != "full"})
        said = ", ".join(f"{cid} ({coverage.status(cid)})" for cid in partial) or "none"
        print(f"  {k + 1:>2}. evolve deck: {said}; main deck: {', '.join(main) or 'all full'}")
    print("win rate of the row against the column:")
    short = [f"{k + 1:>4}" for k in range(n)]
    print("      " + "".join(short))
    for i in range(n):
        cells = "".join("   -" if i == j else f"{rates[i, j] * 100:4.0f}" for j in range(n))
        print(f"  {i + 1:>2}. {cells}  {names[i][:40]}")
    if args.json:
        args.json.write_text(json.dumps({
            "agent": args.agent, "games": args.games, "archetypes": names,
            "finishes": [a.finishes for a in chosen], "top8_share": share,
            "top4_conversion": conversion, "vs_field": strength.tolist(),
            "rates": [[None if np.isnan(x) else x for x in row] for row in rates],
            "spearman_share": rho_share, "spearman_top4": rho_conv, "outside_20_80": outside,
            "chance_spearman": chance, "record_share_vs_top4": record_rho,
        }, indent=2))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
