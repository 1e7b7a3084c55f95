"""``decklab play DECK_A DECK_B``: one simulated SVE game between two agents.

Prints the result and, with ``--log FILE.jsonl``, writes the event log (one JSON object per
line). Decks without an evolve section get one built from their evolvable followers.

Exit codes: 0 the game was played, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from analytics.decks import deck_spec
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from decklab.args import MAX_SEED, MAX_TURN_LIMIT, filename, text, whole
from decklab.args import agents as agent_option
from engine.sve import DeckSpec, play_game
from engine.sve.agents import agent_help


def register(subparsers: Any) -> None:
    """Add ``play``."""
    parser = subparsers.add_parser(
        "play", help="play one simulated SVE game between two decks and two agents"
    )
    parser.add_argument("deck_a", metavar="DECK_A", type=filename(), help="deck list of player 0")
    parser.add_argument("deck_b", metavar="DECK_B", type=filename(), help="deck list of player 1")
    parser.add_argument(
        "--agents",
        default="greedy,random",
        type=text(),
        help=f"one AI player for both sides, or two comma-separated, from: {agent_help()}; "
        "N is the budget "
        "(default: greedy,random)",
    )
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help="game seed (default: 0)")
    parser.add_argument(
        "--first", type=int, choices=[0, 1], help="force the first player (default: seeded draw)"
    )
    parser.add_argument(
        "--turn-limit",
        type=whole(1, MAX_TURN_LIMIT),
        default=60,
        help="turns before a draw (default: 60)",
    )
    parser.add_argument(
        "--log", metavar="FILE.jsonl", type=filename(output=True), help="write the event log here"
    )
    parser.add_argument(
        "--moves",
        action="store_true",
        help="also print the actions, cards named: play アリア (15), attack ... > leader",
    )
    parser.set_defaults(run=_run)


def tournament_decks(path: str | Path, pool: PoolIndex) -> list[DeckSpec]:
    """Decks from a JSON-lines file of ``{"main_deck_by_code": {code: n}}`` tournament lists."""
    out: list[DeckSpec] = []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            doc = json.loads(line)
            deck = Deck(main=dict(doc["main_deck_by_code"]))
            out.append(deck_spec(deck, pool, where=f"{path}, line {number}"))
    return out


def _summary(names: Iterable[str], agents: tuple[str, str], result: Any) -> str:
    a, b = names
    o = result.outcome
    who = "draw" if o.winner is None else f"player {o.winner} wins ({(a, b)[o.winner]})"
    return (
        f"{who}: {o.reason.value} after {result.turns} turns, {result.actions} actions "
        f"[player 0 {a} ({agents[0]}), player 1 {b} ({agents[1]}), first player {result.first}]"
    )


def _run(args: argparse.Namespace) -> int:
    from cardpool.decklist import read_deck_file
    from decklab.context import open_pool, writable_file

    agents = agent_option(args.agents)
    log = writable_file(args.log, "--log") if args.log is not None else None
    if args.turn_limit < 1:
        raise InputError(f"--turn-limit {args.turn_limit}: must be at least 1")
    decks = [read_deck_file(args.deck_a), read_deck_file(args.deck_b)]
    pool = open_pool(args)
    specs = [
        deck_spec(d, pool, where=str(p))
        for d, p in zip(decks, (args.deck_a, args.deck_b), strict=True)
    ]
    result = play_game(
        specs[0],
        specs[1],
        args.seed,
        agents,
        first=args.first,
        log=args.log is not None,
        record=args.moves,
        turn_limit=args.turn_limit,
    )
    if log is not None:
        text = "".join(line + "\n" for line in result.log)
        log.write_text(text, encoding="utf-8")
    print(_summary((decks[0].name or "A", decks[1].name or "B"), agents, result))
    if args.moves:
        from analytics.replay import named_moves

        moves = named_moves(
            specs[0], specs[1], args.seed, result.moves, pool.record,
            first=args.first, turn_limit=args.turn_limit,
        )  # fmt: skip
        print(" | ".join(moves))
    return 0
