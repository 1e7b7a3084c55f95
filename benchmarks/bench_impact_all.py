"""``impact --all`` of a tournament list against the top-8 field: the full run against the race.

The deck is the typical list of an archetype of the tournament record (default 2DKZ0, a
sword list of 14 distinct cards), the field the typical lists of the 8 largest archetypes.
The full run plays every card's variant and the deck itself on every seed of the budget
(``--games`` per matchup). The race (``impact --all --until-decided``) looks at fixed seed
counts and drops a card once its family-wise interval excludes 0 (decided) or lies within
plus or minus ``--swing`` points (it cannot matter); the deck itself plays on while any card
is open. A game's result depends on its seed, seat and matchup alone, so the race's games are
exactly those of the full run up to each card's stop: one full run gives both, and the
race's games and time are counted from it (each game's stored duration, spread over the
workers as the full run was).

It prints the games and time of both, the games saved, each card's decision in both and
whether they agree on the cards the race kept to the end, and the cost of the planner on the
same matchups (``--planner-games`` timed games per opponent) to scale the times to it.

Run: nice -n 10 .venv/bin/python benchmarks/bench_impact_all.py [--games 200] [--agent greedy]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from analytics import gauntlet, impact
from analytics.decks import deck_spec
from analytics.sequential import look_points
from analytics.simulate import MatchConfig, play_block, schedule
from analytics.study import (
    Matchup,
    StudyInfo,
    ensure_schema,
    load_study,
    play_study,
    run_scores,
    seed_order,
    start_study,
    upto,
)
from cardpool.deck import Deck
from cardpool.pool import PoolIndex
from cardpool.snapshot import load_sve_pool
from cardpool.store import Store

REPO = Path(__file__).resolve().parents[1]
LISTS = REPO.parent / "shared" / "data" / "sve" / "decks" / "individual_v2.jsonl"


def main() -> None:
    """Play the full run once and count the race inside it; print both."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per matchup")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--deck", default="2DKZ0", help="deck code of the list to study")
    parser.add_argument("--swing", type=float, default=3.0, help="points of win rate")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--planner-games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="keep the study in this file (a rerun plays nothing)")
    args = parser.parse_args()
    pool = load_sve_pool()
    lists = gauntlet.lists_from_file(str(LISTS))
    field = gauntlet.archetypes(lists, pool, 8)
    row = lists[lists["deck_code"] == args.deck].iloc[0]
    deck = Deck(name=args.deck, main=dict(json.loads(str(row["main_json"]))))
    variants = impact.all_variants(deck, pool, None)
    opponents = [a.deck for a in field]
    print(f"deck {args.deck}: {len(variants)} cards; field: {', '.join(a.code for a in field)}")
    with tempfile.TemporaryDirectory() as tmp, Store.open(args.db or Path(tmp) / "b.db") as store:
        info = _study(store, args)
        matchups = []
        for key, version in [(impact.BASE, deck), *((v.key, v.deck) for v in variants)]:
            for j, opp in enumerate(opponents):
                config = MatchConfig(
                    deck_spec(version, pool), deck_spec(opp, pool), (args.agent, args.agent)
                )
                matchups.append(Matchup(impact.field_key(key, j), version, opp, config))
        start = time.perf_counter()
        played = play_study(store, info, matchups, workers=args.workers)
        wall = time.perf_counter() - start
        if args.db:  # a kept study: the wall time of the run that played it
            wall = _kept_wall(store, info, wall)
        durations = {
            key: {
                (int(s), int(t)): float(ms) / 1000
                for s, t, ms in store.con.execute(
                    "SELECT seed, seat, duration_ms FROM sim_games WHERE run_id = ?", [run]
                ).fetchall()
            }
            for key, run in played.runs.items()
        }
        scores = {k: run_scores(store, r) for k, r in played.runs.items()}
    seeds = seed_order(info)
    n = len(opponents)
    swing = args.swing / 100
    full_rows = {
        r["card"]: r
        for r in impact.impact_rows(scores, variants, n, sequential=False, budget_units=info.units)
    }
    # the race: the looks it takes, each key playing until the look after which it is closed
    stop: dict[str, int] = {}
    looks: list[int] = []
    for point in look_points(info.units):
        looks.append(point)
        seen = upto(scores, seeds, point)
        still = impact.still_open(seen, variants, n, info.units, point, seeds, swing)
        for m in matchups:
            if m.key not in still and m.key not in stop:
                stop[m.key] = point
        if not still:
            break
    race_scores = {k: upto({k: v}, seeds, stop.get(k, info.units))[k] for k, v in scores.items()}
    race_rows = {
        r["card"]: r
        for r in impact.impact_rows(
            race_scores, variants, n, sequential=True, budget_units=info.units, looks=looks,
            seeds=seeds, swing=swing,
        )
    }  # fmt: skip
    race_seconds = sum(
        sec for k, games in durations.items() for (s, _), sec in games.items()
        if seeds.index(s) < stop.get(k, info.units)
    )  # fmt: skip
    full_seconds = sum(sec for games in durations.values() for sec in games.values())
    race_games = sum(len(v) for v in race_scores.values())
    full_games = sum(len(v) for v in scores.values())
    scale = wall / full_seconds  # wall-clock seconds per core-second of play, as measured
    print(f"full run: {full_games:,} games, {wall:,.0f} s on {args.workers} workers ({args.agent})")
    print(
        f"race:     {race_games:,} games ({1 - race_games / full_games:.0%} saved), about "
        f"{race_seconds * scale:,.0f} s at the same pace; looks at {looks} seeds"
    )
    print("card        full run (fixed, Holm)        race (sequential, Holm)       stopped at")
    agree = kept = 0
    for v in variants:
        f, r = full_rows[v.card], race_rows[v.card]
        fv = _verdict(f)
        rv = _verdict(r)
        at = stop.get(impact.field_key(v.key, 0), info.units)
        if at == info.units:
            kept += 1
            agree += _decision(fv) == _decision(rv)
        print(
            f"{v.card:<11} {f['delta']:+.3f} [{f['ci95'][0]:+.3f}, {f['ci95'][1]:+.3f}] {fv:<9}"
            f" {r['delta']:+.3f} [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}] {rv:<12} {at}"
        )
    print(
        f"kept to the end: {kept} cards; the same decision (helps, hurts or not decided) as "
        f"the full run on {agree} of them"
    )
    if args.planner_games:
        per_game = _planner_cost(deck, opponents, pool, args.planner_games)
        scaled_full = full_games * per_game / args.workers
        scaled_race = race_games * per_game / args.workers
        print(
            f"planner: {per_game:.3f} core-seconds a game on these matchups (median of "
            f"{len(opponents)} opponents); the full run would take {scaled_full / 60:,.0f} "
            f"min and the race {scaled_race / 60:,.0f} min on {args.workers} cores "
            "(the race's games counted from this agent's run)"
        )


def _study(store: Store, args: argparse.Namespace) -> StudyInfo:
    """The stored study of these settings, or a new one."""
    ensure_schema(store)
    found = store.con.execute(
        "SELECT study_id FROM studies WHERE kind = 'impact' AND deck = ? AND games = ? "
        "AND seed = ? AND agents = ?",
        [args.deck, args.games, args.seed, f"{args.agent},{args.agent}"],
    ).fetchone()
    if found:
        return load_study(store, str(found[0]), "impact")
    return start_study(
        store, "impact", args.deck, {}, games=args.games, seed=args.seed,
        agents=(args.agent, args.agent), turn_limit=60, until_decided=False,
        backend="processes",
    )  # fmt: skip


def _verdict(row: dict[str, object]) -> str:
    if row["decided"]:
        return "helps" if float(str(row["delta"])) > 0 else "hurts"
    if row.get("negligible"):
        return "little"
    return "open"


def _kept_wall(store: Store, info: StudyInfo, wall: float) -> float:
    """The wall time of a kept study's first run (stored beside it), or this run's."""
    store.con.execute("CREATE TABLE IF NOT EXISTS bench_wall (study_id VARCHAR, seconds DOUBLE)")
    row = store.con.execute(
        "SELECT seconds FROM bench_wall WHERE study_id = ?", [info.study_id]
    ).fetchone()
    if row:
        return float(row[0])
    store.con.execute("INSERT INTO bench_wall VALUES (?, ?)", [info.study_id, wall])
    return wall


def _decision(verdict: str) -> str:
    """What both runs can say: helps, hurts, or not decided (a negligible card is not)."""
    return verdict if verdict in ("helps", "hurts") else "open"


def _planner_cost(deck: Deck, opponents: list[Deck], pool: PoolIndex, games: int) -> float:
    """Median core-seconds of a planner game against each opponent."""
    costs = []
    for opp in opponents:
        config = MatchConfig(deck_spec(deck, pool), deck_spec(opp, pool), ("planner", "planner"))
        start = time.perf_counter()
        play_block(config, schedule(7, games))
        costs.append((time.perf_counter() - start) / games)
    return statistics.median(costs)


if __name__ == "__main__":
    main()
