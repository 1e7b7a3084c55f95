"""Dice (CR 5.20): rolling a six-sided die. What the number rolled does is read by the
conditions ``RollIs`` and ``RolledThisTurn`` and by the amount of the event (``AMOUNT``) of a
"when you roll a die" ability (:attr:`~engine.sve.effects.core.Trigger.DIE_ROLLED`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.sve.effects.registry import element

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game


@element
@dataclass(frozen=True, slots=True)
class RollDie:
    """CR 5.20.1: the ability's controller rolls a six-sided die (``サイコロをふる``)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Roll; the player's "when you roll a die" abilities wait (CR 10.7.2)."""
        game.roll_die(frame.controller)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "roll a 6-sided die"
