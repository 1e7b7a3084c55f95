"""The position evaluation searching agents share: one number for how well a player stands.

A linear score over what decides SVE games (leader defense and lethal reach on both sides,
counting the damage the hand and the EX area can bring next turn as well as the board's,
followers' stats and keywords, cards in hand and in the EX area, EP and SEP, deck left),
with its weights in
``weights.json`` (tuned by ``scripts/tune_planner.py`` through self-play, never from
tournament results). It reads a whole :class:`State`; agents only ever give it worlds
sampled from their observation (:meth:`State.determinize`).
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from engine.sve.agents.reach import hand_reach
from engine.sve.board import ASSAIL, AURA, BANE, CANNOT_ATTACK, DRAIN, INTIMIDATE, WARD

if TYPE_CHECKING:
    from engine.sve.state import State

WIN = 1_000_000.0
"""The score of a won game (minus the turn, so a faster win scores higher)."""
HAND_CAP = 7
"""Cards in hand beyond this count for nothing (the hand limit, CR 7.4.7)."""
EX_CAP = 5
"""An EX area holds at most five cards (CR 4.8.3)."""
LOW_HP = 10
"""Below this leader defense each point lost costs ``low_hp`` more."""
DECK_LOW = 4
"""A deck with fewer cards than this is near decking out (CR 11.2.2)."""

Weights = dict[str, float]
"""Feature name to weight."""

_KEYWORDS = {
    "ward": WARD,
    "bane": BANE,
    "drain": DRAIN,
    "aura": AURA,
    "intimidate": INTIMIDATE,
    "assail": ASSAIL,
}

_SCORED = WARD | BANE | DRAIN | AURA | INTIMIDATE | ASSAIL
"""Any keyword the evaluation scores (most followers have none: one test skips the loop)."""


@cache
def default_weights() -> tuple[tuple[str, float], ...]:
    """The committed weights (``engine/sve/agents/weights.json``)."""
    text = resources.files("engine.sve.agents").joinpath("weights.json").read_text()
    return tuple(sorted(json.loads(text).items()))


def load_weights() -> Weights:
    """A fresh copy of the committed weights."""
    return dict(default_weights())


def _side(state: State, player: int, w: Weights) -> tuple[float, int, bool]:
    """A player's board score, attack it can bring next turn, and whether it has an engaged
    Ward follower (which attackers must face first, CR 12.8.2)."""
    cards = state.cards
    score = 0.0
    reach = 0
    guarded = False
    field = state.players[player].field
    if not field:
        return score, reach, guarded
    follower, attack, defense = w["follower"], w["attack"], w["defense"]
    for uid in field:
        c = cards[uid]
        if not c.fol:
            score += w["amulet"] * (c.base.cost or 0) / 2
            continue
        bits = c.kw | c.granted
        atk = c.atk
        value = follower + attack * atk + defense * max(c.dfn, 0)
        if c.evo >= 0:
            value += w["evolved"]
        if bits & _SCORED:
            for name, bit in _KEYWORDS.items():
                if bits & bit:
                    value += w[name]
        if c.engaged:
            value -= w["exposed"] * (atk + c.dfn) / 2
            if bits & WARD:
                guarded = True
        score += value
        if not bits & CANNOT_ATTACK:
            reach += atk
    return score, reach, guarded


def evaluate(state: State, player: int, w: Weights) -> float:
    """How well ``player`` stands in ``state`` (higher is better; ``±WIN`` once decided)."""
    outcome = state.outcome_
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        won = WIN - state.turn
        return won if outcome.winner == player else -won
    me, opp = state.players[player], state.players[1 - player]
    my_board, my_reach, my_guard = _side(state, player, w)
    op_board, op_reach, op_guard = _side(state, 1 - player, w)
    score = my_board - op_board
    score += w["hp"] * (me.hp - opp.hp)
    score -= w["low_hp"] * (max(0, LOW_HP - me.hp) - max(0, LOW_HP - opp.hp))
    score += w["hand"] * (min(len(me.hand), HAND_CAP) - min(len(opp.hand), HAND_CAP))
    score += w["ex"] * (min(len(me.ex), EX_CAP) - min(len(opp.ex), EX_CAP))
    score += w["ep"] * (me.ep - opp.ep) + w["sep"] * (me.sep - opp.sep)
    score -= w["deck_low"] * (max(0, DECK_LOW - len(me.deck)) - max(0, DECK_LOW - len(opp.deck)))
    # Lethal reach: the side to move next threatens the other's leader, with the board
    # (unless a Ward follower stands in the way) and with Storm and burn from its hand.
    threat = (0 if my_guard else op_reach) + hand_reach(state, 1 - player, my_guard)
    if threat >= me.hp:
        score -= w["lethal_threat"]
    reach = (0 if op_guard else my_reach) + hand_reach(state, player, op_guard)
    if reach >= opp.hp:
        score += w["lethal_reach"]
    return score


def squash(score: float, scale: float = 20.0) -> float:
    """A score as a win chance in [0, 1] (a logistic curve; decided games give 0 or 1)."""
    if score >= WIN / 2:
        return 1.0
    if score <= -WIN / 2:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / scale))
