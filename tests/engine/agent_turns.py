"""Helper for tests of the AI players: one turn played out by an agent."""

from __future__ import annotations

import random

from engine.sve.agents import GreedyAgent, make_agent
from engine.sve.state import State


def play_turn(game: State, agent: str, seed: int = 0) -> State:
    """Let ``agent`` play the active player's turn out (greedy answers for the opponent)."""
    me, turn = game.active, game.turn
    mine, theirs = make_agent(agent), GreedyAgent()
    rng = random.Random(seed)
    while game.outcome_ is None and game.turn == turn:
        who = game.current_player()
        actor = mine if who == me else theirs
        game.apply(actor.choose(game.observation(who), game.legal_actions(), rng))
    return game
