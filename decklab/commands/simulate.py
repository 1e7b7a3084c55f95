"""``decklab simulate``, ``matrix``, ``compare``, ``runs`` and ``report``: batch simulation.

Games are stored in the database as blocks finish, keyed by (run, seed, seat): an
interrupted run keeps what finished and ``--resume RUN`` plays only what is missing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import signal
import sys
import time
import uuid
from typing import Any

import duckdb
import numpy as np

from analytics.decks import deck_spec, unmodelled_cards
from analytics.executors import check_backend, executor_for
from analytics.levels import DEFAULT_AGENT, players_word
from analytics.matchups import round_robin
from analytics.runs import (
    check_resumable,
    execute_run,
    game_rows,
    list_runs,
    missing_games,
    resolve_run,
    run_info,
    start_run,
)
from analytics.simulate import GameRow, MatchConfig, schedule
from analytics.winrate import games_for_width, paired_difference, summarise
from cardpool.deck import Deck
from cardpool.decklist import read_deck_file
from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from cardpool.store import Store
from cardpool.words import endings
from decklab.args import (
    MAX_SEED,
    MAX_TURN_LIMIT,
    MAX_WORKERS,
    agents,
    dask_address,
    filename,
    host_port,
    is_loopback,
    text,
    whole,
)
from decklab.context import open_store
from decklab.output import print_table
from decklab.progress import ProgressBar
from engine.sve.agents import agent_help

MAX_GAMES = 10_000_000


def register(subparsers: Any) -> None:
    """Add ``simulate``, ``matrix``, ``compare``, ``runs`` and ``report``."""
    sim = subparsers.add_parser("simulate", help="simulate games between two decks")
    sim.add_argument("deck_a", metavar="A", nargs="?", type=filename(), help="deck list A")
    sim.add_argument("deck_b", metavar="B", nargs="?", type=filename(), help="deck list B")
    _common(sim, games=1000)
    sim.add_argument(
        "--resume",
        metavar="RUN",
        type=text(),
        help="play the missing games of a stored run (or last)",
    )
    sim.set_defaults(run=_simulate)

    matrix = subparsers.add_parser("matrix", help="round robin of several decks, both seats")
    matrix.add_argument(
        "decks", metavar="DECK", nargs="+", type=filename(), help="two or more deck lists"
    )
    _common(matrix, games=200)
    matrix.set_defaults(run=_matrix)

    compare = subparsers.add_parser(
        "compare", help="two versions of a deck against a field, on common seeds (paired)"
    )
    compare.add_argument("version_a", metavar="A", type=filename(), help="deck list, first version")
    compare.add_argument(
        "version_b", metavar="B", type=filename(), help="deck list, second version"
    )
    compare.add_argument(
        "--field", nargs="+", required=True, metavar="DECK", type=filename(), help="opponents"
    )
    _common(compare, games=200)
    compare.add_argument(
        "--until-decided", action="store_true",
        help="stop once a sequential test settles the difference (the budget is --games)",
    )  # fmt: skip
    compare.add_argument(
        "--resume", metavar="STUDY", type=text(), help="finish an interrupted --until-decided"
    )
    compare.set_defaults(run=_compare)

    runs = subparsers.add_parser("runs", help="list stored simulation runs")
    runs.add_argument("--json", action="store_true")
    runs.set_defaults(run=_runs)

    report = subparsers.add_parser("report", help="statistics of a stored run")
    report.add_argument(
        "run_id", metavar="RUN", type=text(), help="a run id, or last (the latest run)"
    )
    report.add_argument("--json", action="store_true")
    report.add_argument("--cards", action="store_true", help="per-card statistics of the run")
    report.set_defaults(run=_report)


def _common(parser: argparse.ArgumentParser, *, games: int) -> None:
    parser.add_argument(
        "--games", type=whole(1, MAX_GAMES), default=games, help=f"games per matchup ({games})"
    )
    parser.add_argument(
        "--agents",
        default=DEFAULT_AGENT,
        type=text(),
        help=f"AI player for both sides, or A's,B's, from {agent_help()}; N is the budget "
        f"(default {DEFAULT_AGENT})",
    )
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help="run seed (default 0)")
    parser.add_argument(
        "--workers", type=whole(1, MAX_WORKERS), help="local worker processes (default: all cores)"
    )
    parser.add_argument(
        "--dask", metavar="ADDRESS", type=dask_address(),
        help="run on Dask: 'local' or a scheduler tcp://HOST:8786",
    )  # fmt: skip
    parser.add_argument(
        "--dask-dashboard",
        metavar="[HOST:]PORT",
        type=host_port(),
        help="with --dask local: serve Dask's dashboard on this port, on 127.0.0.1 unless a "
        "host is given (default: none)",
    )
    parser.add_argument("--turn-limit", type=whole(1, MAX_TURN_LIMIT), default=60)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")


def _check(args: argparse.Namespace) -> None:
    """What the option types cannot see alone: Dask where it is asked for, and its dashboard."""
    check_backend(args.dask)
    if args.dask_dashboard is not None:
        if args.dask != "local":
            raise InputError("--dask-dashboard: only with --dask local")
        if not is_loopback(args.dask_dashboard):
            print(
                f"decklab: warning: Dask's dashboard on {args.dask_dashboard} can be reached "
                "from other machines",
                file=sys.stderr,
            )


def _read(path: str) -> Deck:
    deck = read_deck_file(path)
    deck.name = deck.name or path
    return deck


def _play(
    store: Store,
    pool: PoolIndex,
    args: argparse.Namespace,
    a: Deck,
    b: Deck,
    *,
    batch_id: str | None = None,
    label: str = "",
) -> tuple[str, float]:
    """Start, play and store one matchup; return the run id and games per second."""
    config = MatchConfig(
        deck_spec(a, pool, where=a.name), deck_spec(b, pool, where=b.name),
        agents(args.agents), args.turn_limit,
    )  # fmt: skip
    with executor_for(args.dask, args.workers, dashboard=args.dask_dashboard) as (
        executor,
        backend,
    ):
        info = start_run(
            store, a, b, games=args.games, agents=config.agents, seed=args.seed,
            turn_limit=args.turn_limit, backend=backend, batch_id=batch_id,
        )  # fmt: skip
        return info.run_id, _execute(store, args, info, config, executor, label)


def _execute(
    store: Store,
    args: argparse.Namespace,
    info: Any,
    config: MatchConfig,
    executor: Any,
    label: str,
) -> float:
    games = missing_games(store, info)
    bar = None if args.quiet else ProgressBar(label)
    start = time.perf_counter()
    try:
        rows = execute_run(
            store, info, config, games, executor=executor, workers=args.workers, on_progress=bar
        )
    except (KeyboardInterrupt, duckdb.InterruptException) as err:
        _resume_hint(store, info)
        raise KeyboardInterrupt from err
    except RuntimeError as err:  # Ctrl-C inside a query can surface as "Query interrupted"
        if "interrupt" not in str(err).lower():
            raise
        _resume_hint(store, info)
        raise KeyboardInterrupt from err
    elapsed = time.perf_counter() - start
    return len(rows) / elapsed if elapsed > 0 else 0.0


def _resume_hint(store: Store, info: Any) -> None:
    """After Ctrl-C: how many games are stored and how to resume (a second Ctrl-C waits)."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        done: int | str = len(game_rows(store, info.run_id))
    except (duckdb.Error, InputError, RuntimeError):
        done = "some"
    finally:
        signal.signal(signal.SIGINT, previous)
    print(
        f"\ninterrupted: {done} of {info.games} games stored; "
        f"resume with: decklab simulate --resume {info.run_id}",
        file=sys.stderr,
    )


def _simulate(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        pool = store.pool_index("sve")
        if args.resume:
            info = run_info(store, resolve_run(store, args.resume))
            check_resumable(info)
            check_backend(args.dask)
            args.agents = ",".join(info.agents)
            args.games, args.seed, args.turn_limit = info.games, info.seed, info.turn_limit
            config = MatchConfig(
                deck_spec(info.deck_a_list, pool, where=info.deck_a),
                deck_spec(info.deck_b_list, pool, where=info.deck_b),
                info.agents,
                info.turn_limit,
            )
            with executor_for(args.dask, args.workers, dashboard=args.dask_dashboard) as (
                executor,
                _,
            ):
                speed = _execute(store, args, info, config, executor, "")
            run_id = info.run_id
        else:
            if not (args.deck_a and args.deck_b):
                raise InputError("give two deck lists A and B, or --resume RUN")
            _check(args)
            run_id, speed = _play(store, pool, args, _read(args.deck_a), _read(args.deck_b))
        info = run_info(store, run_id)
        rows = game_rows(store, run_id)
    _print_summary(info, rows, speed, pool, as_json=args.json)
    return 0


def _summary_dict(
    info: Any, rows: list[GameRow], speed: float | None, pool: PoolIndex
) -> dict[str, Any]:
    from analytics.calmap import real_play

    s = summarise(rows)
    estimate = real_play(s.a.rate)
    return {
        "run_id": info.run_id,
        "deck_a": info.deck_a,
        "deck_b": info.deck_b,
        "agents": list(info.agents),
        "seed": info.seed,
        "games_asked": info.games,
        **s.as_dict(),
        "real_play_estimate": None if estimate is None else estimate.as_dict(),
        "games_per_s": None if speed is None else round(speed, 2),
        "not_fully_modelled": {
            "a": [cid for cid, _, _ in unmodelled_cards(info.deck_a_list, pool)],
            "b": [cid for cid, _, _ in unmodelled_cards(info.deck_b_list, pool)],
        },
    }


def _print_summary(
    info: Any, rows: list[GameRow], speed: float | None, pool: PoolIndex, *, as_json: bool
) -> None:
    data = _summary_dict(info, rows, speed, pool)
    if as_json:
        print(json.dumps(data, indent=2))
        return
    s = summarise(rows)
    lo, hi = s.a.ci95
    rate = "-" if s.a.rate is None else f"{s.a.rate:.1%}"
    print(f"run {info.run_id}: {info.deck_a} vs {info.deck_b} ({players_word(info.agents)})")
    print(
        f"  {s.games} games ({s.wins[0]}-{s.wins[1]}, {s.draws} draws, {s.errors} errors): "
        f"{info.deck_a} wins {rate} of decided games, 95% CI {lo:.1%} to {hi:.1%}"
    )
    _print_real_play(data["real_play_estimate"], info.deck_a)
    for name, r in (("going first", s.a_first), ("going second", s.a_second)):
        if r.rate is not None:
            print(
                f"  {info.deck_a} {name}: {r.rate:.1%} "
                f"({r.n} games, CI {r.ci95[0]:.1%}-{r.ci95[1]:.1%})"
            )
    if s.first_player.rate is not None:
        print(f"  first player wins {s.first_player.rate:.1%} of decided games")
    if s.mean_turns is not None:
        print(f"  mean length {s.mean_turns:.1f} turns; games ended by {endings(s.reasons)}")
    width = hi - lo
    if width > 0.02:
        print(f"  for a ±1% interval play about {games_for_width(0.02):,} decided games")
    if speed:
        print(f"  {speed:.1f} games/s")
    for side, name in (("a", info.deck_a), ("b", info.deck_b)):
        missing = data["not_fully_modelled"][side]
        if missing:
            print(f"  not fully modelled in {name}: {', '.join(missing)}")


def _print_real_play(estimate: dict[str, float] | None, deck: str) -> None:
    """The calibrated estimate beside the bots' rate, and where it comes from."""
    from analytics.calmap import real_play_note

    if estimate is not None:
        print(f"  estimated real-play win rate of {deck}: {estimate['rate']:.0%} "
              f"({estimate['low']:.0%}-{estimate['high']:.0%})")  # fmt: skip
    print(f"  {real_play_note()}")


def _matrix(args: argparse.Namespace) -> int:
    _check(args)
    if len(args.decks) < 2:
        raise InputError("matrix needs at least two deck lists")
    decks = [_read(p) for p in args.decks]
    names = [d.name for d in decks]
    n = len(decks)
    batch = uuid.uuid4().hex[:12]
    with open_store(args) as store:
        pool = store.pool_index("sve")
        pairs = list(itertools.combinations(range(n), 2))
        for k, (i, j) in enumerate(pairs, start=1):
            _play(
                store, pool, args, decks[i], decks[j], batch_id=batch,
                label=f"{k}/{len(pairs)} {names[i]} vs {names[j]} ",
            )  # fmt: skip
        result = round_robin(store, batch, order=names)
    from analytics.calmap import real_play_matrix, real_play_note

    names, games, ranking, rates = result.names, result.games, result.ranking, result.rates()
    real, _ = real_play_matrix(rates)
    if args.json:
        print(json.dumps({
            "batch_id": batch,
            "decks": names,
            "win_rate": [[None if np.isnan(x) else round(float(x), 4) for x in r] for r in rates],
            "real_play_estimate": [[None if e is None else round(e.rate, 4) for e in row]
                                   for row in real],
            "games": games.astype(int).tolist(),
            "ranking": [
                {"deck": names[i], "strength": ranking.strength[i], "stderr": ranking.stderr[i]}
                for i in ranking.order()
            ],
        }, indent=2))  # fmt: skip
        return 0
    import pandas as pd

    table = pd.DataFrame(
        [[("-" if np.isnan(x) else f"{x:.1%}") for x in row] for row in rates],
        index=names, columns=names,
    )  # fmt: skip
    print(f"row deck's win rate against the column deck (batch {batch}):")
    print(table.to_string())
    if any(e is not None for row in real for e in row):
        estimates = pd.DataFrame(
            [["-" if e is None else f"{e.rate:.0%}" for e in row] for row in real],
            index=names, columns=names,
        )  # fmt: skip
        print("estimated real-play win rate of the row deck against the column deck:")
        print(estimates.to_string())
    print(real_play_note())
    print("ranking (Bradley-Terry strength ± standard error):")
    for place, i in enumerate(ranking.order(), start=1):
        print(f"  {place}. {names[i]}: {ranking.strength[i]:+.2f} ± {ranking.stderr[i]:.2f}")
    return 0


def _compare(args: argparse.Namespace) -> int:
    _check(args)
    if args.until_decided or args.resume:
        from decklab.commands.answers import compare_until_decided

        return compare_until_decided(args)
    versions = [_read(args.version_a), _read(args.version_b)]
    field = [_read(p) for p in args.field]
    results: list[dict[tuple[str, int, int], float]] = [{}, {}]
    with open_store(args) as store:
        pool = store.pool_index("sve")
        batch = uuid.uuid4().hex[:12]
        for v, version in enumerate(versions):
            for opponent in field:
                run_id, _ = _play(
                    store, pool, args, version, opponent, batch_id=batch,
                    label=f"{version.name} vs {opponent.name} ",
                )  # fmt: skip
                for r in game_rows(store, run_id):
                    if r.error is None:
                        score = 0.5 if r.winner is None else float(r.winner == 0)
                        results[v][(opponent.name, r.seed, r.seat)] = score
    from analytics.calmap import field_real_play, real_play_note

    cmp = paired_difference(results[0], results[1])
    real = [field_real_play(*_per_opponent(r, [d.name for d in field])) for r in results]
    data = {
        "version_a": versions[0].name,
        "version_b": versions[1].name,
        "field": [d.name for d in field],
        "games": cmp.pairs,
        "a_score": cmp.a_rate,
        "b_score": cmp.b_rate,
        "difference": cmp.diff,
        "ci95": list(cmp.ci95),
        "schedule_seed": args.seed,
        "seeds": len({s for s, _ in schedule(args.seed, args.games)}),
        "real_play_estimate": [None if e is None else e.as_dict() for e in real],
    }
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(
            f"{versions[1].name} scores {cmp.diff:+.1%} against {versions[0].name} "
            f"over {cmp.pairs} paired games (95% CI {cmp.ci95[0]:+.1%} to {cmp.ci95[1]:+.1%}); "
            f"scores {cmp.a_rate:.1%} -> {cmp.b_rate:.1%}"
        )
        if real[0] is not None and real[1] is not None:
            print(f"estimated real-play scores against the field: {real[0].text()} -> "
                  f"{real[1].text()}")  # fmt: skip
        print(real_play_note())
    return 0


def _per_opponent(
    scores: dict[tuple[str, int, int], float], opponents: list[str]
) -> tuple[list[float | None], list[float]]:
    """Each opponent's mean score (None without games) and equal weights."""
    rates: list[float | None] = []
    for name in opponents:
        mine = [v for (opp, _, _), v in scores.items() if opp == name]
        rates.append(sum(mine) / len(mine) if mine else None)
    return rates, [1.0] * len(opponents)


def _runs(args: argparse.Namespace) -> int:
    with open_store(args, write=False) as store:
        frame = list_runs(store)
    if args.json:
        print(frame.to_json(orient="records", date_format="iso"))
    elif frame.empty:
        print("no stored runs: try decklab simulate A B --games 100")
    else:
        print_table(frame)
    return 0


def _report(args: argparse.Namespace) -> int:
    if args.cards:
        from decklab.commands.answers import report_cards

        return report_cards(args)
    with open_store(args, write=False) as store:
        info = run_info(store, resolve_run(store, args.run_id))
        rows = game_rows(store, info.run_id)
        pool = store.pool_index("sve")
    _print_summary(info, rows, None, pool, as_json=args.json)
    return 0
