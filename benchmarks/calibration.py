"""The simulator's matchups against the real tournament record (needs ../shared).

The archetypes with at least ``--min-finishes`` top-8 finishes (``deck_clusters.csv``
joined to ``individual_v2.jsonl`` on deck code and tournament), one representative list
each (the list closest to the archetype's average; its evolve deck built, as the lists
give main decks only), a seat-swapped round robin with ``--agent`` on both sides, then the
record's figures beside the simulator's:

- the spread of archetype mean ranks inside the record's top 8s, against the spreads that
  ``--replicates`` simulated top 8s give if the matrix were the truth (four Swiss rounds
  among the same entries; :mod:`analytics.topeight`), with their 5-95% band, and the
  spread with the archetype labels shuffled (what chance alone gives);
- each archetype's z: its record mean rank against the simulated one;
- how well the matrix predicts placings inside a top 8 (Spearman), the share of pairings
  beyond 20/80, each archetype's win rate against the share-weighted field;
- the cards of each list and built evolve deck that the engine does not fully model.

``--from FILE`` analyses the matrix of an earlier ``--json`` output instead of playing;
``--lists DIR`` writes the representative lists there as deck files (``NN.txt``, in the
order of the report) for other experiments.
``--fit`` also fits the calibration map to the record (:mod:`analytics.calmap`: one shrink
factor toward 50% on the logit scale, validated leaving one tournament out) and writes it
to ``analytics/data/calibration_map.json`` (or the path given), where the commands and
pages that show a matchup read it.

Run: .venv/bin/python benchmarks/calibration.py [--games 100] [--agent planner]
     [--min-finishes 8] [--replicates 200] [--workers 2] [--json OUT] [--from FILE] [--fit]
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np

from analytics.calibration import (
    Archetype,
    events,
    load_record,
    lopsided_share,
    record_dir,
    representative,
    weighted_field,
)
from analytics.calmap import fit_shrink, to_json
from analytics.decks import deck_spec
from analytics.executors import executor_for
from analytics.ladder import play_matchups
from analytics.levels import DEFAULT_AGENT
from analytics.simulate import MatchConfig
from analytics.topeight import rank_test, shuffled_spreads
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.snapshot import load_sve_pool
from engine.sve import DeckSpec, coverage
from engine.sve.agents import parse_agent

REPO = Path(__file__).resolve().parents[1]
MAP = REPO / "analytics" / "data" / "calibration_map.json"


def _name(a: Archetype, k: int) -> str:
    return f"{a.key.split('#')[0]} {a.label.split(' / ')[0]} [{a.codes[k]}]"


def _play(specs: list[DeckSpec], args: argparse.Namespace) -> tuple[np.ndarray, float]:
    """The round robin's win-rate matrix (row against column) and its seconds."""
    n = len(specs)
    pairs = list(itertools.combinations(range(n), 2))
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
    return rates, time.perf_counter() - start


def _unmodelled(spec: DeckSpec) -> tuple[list[str], list[str]]:
    """The main-deck and evolve-deck cards of a list that are not fully modelled."""

    def partial(records: list) -> list[str]:  # type: ignore[type-arg]
        return sorted({f"{r.card_id} ({coverage.status(r.card_id)})" for r in records
                       if coverage.status(r.card_id) != "full"})  # fmt: skip

    return partial(spec.main), partial(spec.evolve)


def main() -> int:
    """Print the calibration report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (100)")
    parser.add_argument("--agent", default=DEFAULT_AGENT, help=f"agent ({DEFAULT_AGENT})")
    parser.add_argument("--min-finishes", type=int, default=8, help="top-8 finishes (8)")
    parser.add_argument("--replicates", type=int, default=200, help="simulated records (200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, help="local processes (default: all cores)")
    parser.add_argument("--dask", metavar="ADDRESS", help="'local' or tcp://HOST:8786")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--from", dest="source", type=Path,
                        help="analyse the matrix of an earlier --json output")  # fmt: skip
    parser.add_argument("--lists", type=Path, metavar="DIR",
                        help="also write the representative lists as deck files here")  # fmt: skip
    parser.add_argument("--fit", nargs="?", const=MAP, type=Path, metavar="PATH",
                        help="fit the calibration map and write it (analytics/data/)")  # fmt: skip
    args = parser.parse_args()
    try:
        parse_agent(args.agent)
    except ValueError as err:
        print(f"calibration: --agent: {err}", file=sys.stderr)
        return 2
    if args.games < 2 or args.replicates < 20:
        print("calibration: --games at least 2, --replicates at least 20", file=sys.stderr)
        return 2
    record = load_record()
    if record is None:
        print(f"calibration: the tournament record is not here ({record_dir()}); "
              "nothing to check.")  # fmt: skip
        return 0
    found = record.archetypes
    total = sum(a.finishes for a in found)
    chosen = [a for a in found if a.finishes >= args.min_finishes]
    if len(chosen) < 3:
        print(f"calibration: fewer than three archetypes with {args.min_finishes}+ finishes")
        return 0
    picks = [representative(a.lists) for a in chosen]
    names = [_name(a, k) for a, k in zip(chosen, picks, strict=True)]
    n = len(chosen)
    tops = events(record.lists, record.clusters, [a.key for a in chosen])
    if args.lists is not None:
        args.lists.mkdir(parents=True, exist_ok=True)
        for k, (a, pick) in enumerate(zip(chosen, picks, strict=True), start=1):
            lines = [
                f"# name: {names[k - 1]}",
                *(f"{c} {code}" for code, c in a.lists[pick].items()),
            ]
            (args.lists / f"{k:02d}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if args.source is not None:
        try:
            saved = json.loads(args.source.read_text("utf-8"))
            rates = np.array([[np.nan if x is None else x for x in row] for row in saved["rates"]])
        except (OSError, ValueError, KeyError, TypeError) as err:
            print(f"calibration: --from {args.source}: {err}", file=sys.stderr)
            return 2
        if saved.get("archetypes") != names:
            print(f"calibration: --from {args.source}: made for other archetypes or lists",
                  file=sys.stderr)  # fmt: skip
            return 2
        agent, games, seconds, specs = saved["agent"], saved["games"], saved.get("seconds"), None
    else:
        pool = load_sve_pool()
        specs = []
        for a, k in zip(chosen, picks, strict=True):
            try:
                specs.append(deck_spec(Deck(main=dict(a.lists[k])), pool, where=a.codes[k]))
            except InputError as err:
                print(f"calibration: {a.label}: {err}", file=sys.stderr)
                return 2
        print(f"{n} archetypes with {args.min_finishes}+ top-8 finishes ({total} finishes "
              f"joined); {n * (n - 1) // 2} pairings x {args.games} games, "
              f"agent {args.agent}")  # fmt: skip
        rates, seconds = _play(specs, args)
        agent, games = args.agent, args.games
        print(f"round robin: {seconds:.0f} s")
    share = np.array([a.finishes for a in chosen], dtype=float)
    versus = weighted_field(rates, share)
    test = rank_test(tops, rates, args.replicates, args.seed)
    shuffled = shuffled_spreads(tops, n, args.replicates, args.seed)
    low, high = test.band()
    z = test.z
    beyond = lopsided_share(rates)
    entries = int(test.finishes.sum())
    print(f"agent {agent}, {games} games a pairing; the record: {len(tops)} top 8s, "
          f"{entries} entries of these archetypes")  # fmt: skip
    print("                                                  record   simulator")
    print(f"spread of archetype mean ranks (places)            {test.record_spread:6.2f}   "
          f"{np.median(test.sim_spreads):6.2f} (5-95%: {low:.2f}-{high:.2f})")  # fmt: skip
    print(f"  with the labels shuffled (chance alone)          {np.median(shuffled):6.2f}")
    print(f"archetypes beyond |z| = 3                                     "
          f"{int(np.sum(np.abs(z) > 3))} of {n}")  # fmt: skip
    print(f"prediction of placings in a top 8 (Spearman)                {test.prediction:+.2f}")
    print(f"pairings beyond 20/80                                         "
          f"{beyond:.0%} ({round(beyond * n * (n - 1) / 2)} of {n * (n - 1) // 2})")  # fmt: skip
    outside = int(np.sum((versus < 0.3) | (versus > 0.7)))
    print(f"against the share-weighted field: lowest {np.nanmin(versus):.1%}, highest "
          f"{np.nanmax(versus):.1%}; outside 30-70%: {outside} of {n}")  # fmt: skip
    print("archetype (representative list)          top-8  mean rank  simulated    z   vs field")
    sim_mean = test.sim_means.mean(axis=0)
    for k in np.argsort(-versus, kind="stable"):
        print(f"  {names[k][:40]:<40} {chosen[k].finishes:>5}  {test.record_means[k]:9.2f}  "
              f"{sim_mean[k]:9.2f}  {z[k]:+5.1f}  {versus[k]:7.1%}")  # fmt: skip
    unmodelled = [_unmodelled(s) for s in specs] if specs is not None else None
    if unmodelled is not None:
        print("cards not fully modelled (main deck; built evolve deck):")
        for k, (main_cards, evolve_cards) in enumerate(unmodelled):
            print(f"  {k + 1:>2}. {', '.join(main_cards) or 'all full'}; "
                  f"{', '.join(evolve_cards) or 'all full'}")  # fmt: skip
    print("win rate of the row against the column:")
    print("      " + "".join(f"{k + 1:>4}" for k in range(n)))
    for i in range(n):
        cells = "".join("   -" if i == j else f"{rates[i, j] * 100:4.0f}" for j in range(n))
        print(f"  {i + 1:>2}. {cells}  {names[i][:40]}")
    fitted = None
    if args.fit is not None:
        fitted = fit_shrink(tops, rates, agent=agent, games=games, seed=args.seed)
        args.fit.parent.mkdir(parents=True, exist_ok=True)
        args.fit.write_text(to_json(fitted), encoding="utf-8")
        held = fitted.heldout
        print(f"calibration map (real = sigmoid(k * logit(simulated))): k = {fitted.k:.2f} "
              f"(95% interval {fitted.low:.2f}-{fitted.high:.2f}; {fitted.pairs} pairs of "
              f"{fitted.events} top 8s), written to {args.fit}")  # fmt: skip
        print(f"  held out, log-likelihood per pair: fitted {held['fitted']:.4f}, "
              f"raw (k = 1) {held['raw']:.4f}, flat (k = 0) {held['flat']:.4f}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps({
            "agent": agent, "games": games, "seconds": seconds, "archetypes": names,
            "finishes": [a.finishes for a in chosen], "events": len(tops), "entries": entries,
            "rates": [[None if np.isnan(x) else x for x in row] for row in rates],
            "record_spread": test.record_spread,
            "sim_spread_median": float(np.median(test.sim_spreads)),
            "sim_spread_band": [low, high], "shuffled_spread": float(np.median(shuffled)),
            "record_mean_ranks": test.record_means.tolist(), "sim_mean_ranks": sim_mean.tolist(),
            "z": z.tolist(), "prediction_rho": test.prediction, "beyond_20_80": beyond,
            "vs_weighted_field": versus.tolist(),
            "unmodelled": unmodelled if unmodelled is not None else saved.get("unmodelled"),
            "map": None if fitted is None else {"k": fitted.k, "low": fitted.low,
                                                "high": fitted.high, "heldout": fitted.heldout},
        }, indent=2, ensure_ascii=False))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
