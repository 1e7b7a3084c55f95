"""Play whole games between agents; build evolve decks from a card list."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.cards import CardRecord
from engine.sve.abilities import Scripts
from engine.sve.agents import Agent, make_agent
from engine.sve.state import DEFAULT_TURN_LIMIT, DeckSpec, Outcome, new_game

EVOLVE_DECK_LIMIT = 10  # CR 6.1.1.3
COPIES = 3  # CR 6.1.1.4


@dataclass(slots=True)
class GameResult:
    """How a game ended, how long it took, and (when asked) its record."""

    outcome: Outcome
    turns: int
    actions: int
    first: int
    moves: list[str] = field(default_factory=list)
    """The actions in canonical string form, when ``record=True``."""
    log: list[str] = field(default_factory=list)
    """The event log as JSON lines, when ``log=True``."""


def agent_rng(seed: int, player: int) -> random.Random:
    """The RNG an agent of ``player`` uses in the game with ``seed`` (independent streams)."""
    return random.Random(seed * 2 + player + 0x5EED)


def play_game(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    seed: int,
    agents: Sequence[str | Agent] = ("random", "random"),
    *,
    first: int | None = None,
    log: bool = False,
    record: bool = False,
    scripts: Scripts | None = None,
    turn_limit: int = DEFAULT_TURN_LIMIT,
) -> GameResult:
    """Play one game between two agents (names or objects) and return its result."""
    players = [make_agent(a) if isinstance(a, str) else a for a in agents]
    if len(players) != 2:
        raise ValueError("play_game needs exactly two agents")
    game = new_game(
        deck_a, deck_b, seed, first=first, log=log, scripts=scripts, turn_limit=turn_limit
    )
    rngs = (agent_rng(seed, 0), agent_rng(seed, 1))
    moves: list[str] = []
    while game.outcome_ is None:
        d = game.decision
        assert d is not None
        who = d.player
        legal = game.legal_actions()
        action = players[who].choose(game.observation(who), legal, rngs[who])
        if record:
            moves.append(str(action))
        for x in legal:
            if action is x:
                game.apply_unchecked(action)
                break
        else:
            game.apply(action)
    outcome = game.outcome_
    return GameResult(outcome, game.turn, game.actions_applied, game.first, moves, game.log_lines())


def build_evolve_deck(
    main: Iterable[CardRecord],
    pool: Iterable[CardRecord],
    limit: int = EVOLVE_DECK_LIMIT,
) -> list[CardRecord]:
    """An evolve deck for ``main``: same-named evolved followers from ``pool`` (CR 5.16.1.1.1).

    The most-played followers come first; each name gets up to 3 copies (CR 6.1.1.4) until
    ``limit`` cards. Where several evolved cards share a name, the lowest card id is used.
    """
    evolved: dict[str, CardRecord] = {}
    for rec in pool:
        if rec.card_type == "evolved_follower":
            best = evolved.get(rec.name)
            if best is None or rec.card_id < best.card_id:
                evolved[rec.name] = rec
    counts: dict[str, int] = {}
    first_seen: dict[str, int] = {}
    for i, rec in enumerate(main):
        if rec.card_type == "follower" and rec.name in evolved:
            counts[rec.name] = counts.get(rec.name, 0) + 1
            first_seen.setdefault(rec.name, i)
    out: list[CardRecord] = []
    for name in sorted(counts, key=lambda n: (-counts[n], first_seen[n])):
        for _ in range(min(COPIES, counts[name])):
            if len(out) < limit:
                out.append(evolved[name])
    return out
