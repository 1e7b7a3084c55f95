"""Shadowverse EVOLVE rules engine: pure Python, no I/O.

>>> from engine.cards import CardRecord
>>> from engine.sve import DeckSpec, new_game, play_game
>>> unit = CardRecord("T-1", "Unit", cost=1, attack=2, defense=2)
>>> deck = DeckSpec(main=[unit] * 40)
>>> result = play_game(deck, deck, seed=3, agents=("random", "random"))
>>> result.outcome.reason.value in ("leader_defense", "deck_out", "turn_limit")
True
"""

from __future__ import annotations

from engine.sve.actions import (
    LEADER,
    Action,
    Activate,
    Attack,
    Choose,
    Discard,
    End,
    Evolve,
    Mulligan,
    Pass,
    Play,
    parse_action,
)
from engine.sve.board import TERMINAL
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Targets
from engine.sve.errors import ActionSyntaxError, DeckError, EngineError, IllegalActionError
from engine.sve.observation import CardView, Observation
from engine.sve.runner import GameResult, play_game
from engine.sve.state import DEFAULT_SCRIPTS, DeckSpec, Outcome, State, Termination, new_game

GAME_NAME = "sve"
MAIN_DECK_SIZE = (40, 50)  # CR 6.1.1.2
EVOLVE_DECK_SIZE = (0, 10)  # CR 6.1.1.3
COPY_LIMIT = 3  # CR 6.1.1.4

__all__ = [
    "COPY_LIMIT",
    "DEFAULT_SCRIPTS",
    "EVOLVE_DECK_SIZE",
    "GAME_NAME",
    "LEADER",
    "MAIN_DECK_SIZE",
    "TERMINAL",
    "Ability",
    "Action",
    "ActionSyntaxError",
    "Activate",
    "Attack",
    "CardScript",
    "CardView",
    "Choose",
    "DeckError",
    "DeckSpec",
    "Discard",
    "End",
    "EngineError",
    "Evolve",
    "GameResult",
    "IllegalActionError",
    "Mulligan",
    "Observation",
    "Outcome",
    "Pass",
    "Play",
    "Scripts",
    "State",
    "Targets",
    "Termination",
    "Trigger",
    "new_game",
    "parse_action",
    "play_game",
]
