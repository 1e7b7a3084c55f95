"""``decklab replay``: step through one game, a stored simulated game or a ``--log`` file.

``decklab replay RUN --seed S --seat K`` plays game (S, K) of a stored run again from the
run's decks and agents (a seed plays out the same on the same engine) and checks that it
ends as stored (without ``--seed`` it lists the run's games); ``decklab replay LOG.jsonl``
reads a ``decklab play --log`` file. Either prints each turn: the cards played, evolves,
attacks and their targets, then both boards.

Exit codes: 0 the game was shown, 2 bad input (unknown run, a game the run does not have,
a file that is not an event log).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from decklab.args import MAX_SEED, MAX_TURN_LIMIT, text, whole


def register(subparsers: Any) -> None:
    """Add ``replay``."""
    parser = subparsers.add_parser(
        "replay",
        help="step through one game turn by turn: a stored simulated game or a play --log file",
    )
    parser.add_argument(
        "source",
        metavar="RUN_ID|last|LOG.jsonl",
        type=text(4095),
        help="a stored run (see `decklab runs`; last is the latest; without --game or --seed "
        "its games are listed) or a `decklab play --log` file",
    )
    parser.add_argument("--game", type=whole(1, 10**9), help="the run's game N, as listed (from 1)")
    parser.add_argument("--seed", type=whole(0, MAX_SEED), help="the game's seed (with RUN_ID)")
    parser.add_argument(
        "--seat",
        type=int,
        choices=[0, 1],
        default=0,
        help="0: deck A went first, 1: deck B went first (default 0)",
    )
    parser.add_argument(
        "--turn", type=whole(0, MAX_TURN_LIMIT), help="print this turn only (0 is the setup)"
    )
    parser.add_argument(
        "--steps", action="store_true", help="print both boards after every step, not per turn"
    )
    parser.set_defaults(run=_run)


def _is_log(source: str) -> bool:
    return source.endswith((".jsonl", ".json")) or os.path.isfile(source)


def _run(args: argparse.Namespace) -> int:
    from analytics.replay import build_replay, read_log, replay_text, stored_game, stored_replay
    from cardpool.errors import InputError
    from decklab.context import open_store

    if _is_log(args.source):
        if args.seed is not None or args.game is not None:
            raise InputError(
                "--game and --seed are for a stored run; a log file holds one game already"
            )
        events = read_log(args.source)
        with open_store(args) as store:
            pool = store.pool_index("sve")
        replay = build_replay(events, pool.record)
        header = (
            f"{args.source}: "
            + (f"seed {replay.seed}, " if replay.seed is not None else "")
            + (f"player {replay.first} goes first" if replay.first is not None else "")
        )
        note = None
    else:
        from analytics.runs import game_rows, resolve_run

        if args.seed is None and args.game is None:
            return _list_games(args)
        with open_store(args) as store:
            args.source = resolve_run(store, args.source)
            if args.game is not None:
                rows = game_rows(store, args.source)
                if args.game > len(rows):
                    raise InputError(
                        f"--game {args.game}: run {args.source} has games 1 to {len(rows)}"
                    )
                args.seed, args.seat = rows[args.game - 1].seed, rows[args.game - 1].seat
            pool = store.pool_index("sve")
            game = stored_game(store, pool, args.source, args.seed, args.seat)
        replay = stored_replay(game, pool)
        (a, b), agents = game.players, game.info.agents
        header = (
            f"run {game.info.run_id}, seed {args.seed}, seat {args.seat}: {a} ({agents[0]})"
            f" vs {b} ({agents[1]}); {game.players[game.result.first]} goes first"
        )
        note = (
            "the replay ends as the stored game did"
            if game.same
            else "warning: the replay does not end as the stored game did "
            f"({_row_text(game.row, game.players)}); the engine changed since the run"
        )
    if args.turn is not None and not 0 <= args.turn <= replay.turns:
        raise InputError(f"--turn {args.turn}: the game has turns 0 (setup) to {replay.turns}")
    print(header)
    print()
    print(replay_text(replay, turn=args.turn, every_step=args.steps))
    if note:
        print(note, file=sys.stdout if note.startswith("the replay") else sys.stderr)
    return 0


def _list_games(args: argparse.Namespace) -> int:
    """Without ``--seed``: the run's games, to pick one from."""
    from analytics.runs import game_rows, resolve_run, run_info
    from decklab.context import open_store

    with open_store(args) as store:
        info = run_info(store, resolve_run(store, args.source))
        rows = game_rows(store, info.run_id)
    players = (info.deck_a, info.deck_b)
    print(f"run {info.run_id}: {info.deck_a} vs {info.deck_b}, {len(rows)} games")
    for n, r in enumerate(rows, start=1):
        end = "error" if r.error else _row_text(r, players).removeprefix("stored: ")
        print(f"  --game {n} (--seed {r.seed} --seat {r.seat}): {end}")
    if rows:
        print(f"replay one: decklab replay {info.run_id} --game 1")
    return 0


def _row_text(row: Any, players: tuple[str, str]) -> str:
    from cardpool.words import end_word

    who = "a draw" if row.winner is None else f"{players[row.winner]} won"
    return f"stored: {who}, {end_word(row.reason)}, {row.turns} turns"
