"""Tokens: making them (CR 5.19)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import CardRecord
from engine.sve.effects.registry import element

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game


@element
@dataclass(frozen=True, slots=True)
class Summon:
    """CR 5.5.2 / 9.1.2: create ``n`` copies of a token on your field (or EX area)."""

    token: CardRecord
    n: int = 1
    zone: str = "field"
    """``field``, ``ex``, ``field_then_ex`` (onto the field until it is full, the rest into
    the EX area) or ``choose`` (of ``n``, any number onto the field, then any number of the
    others into the EX area)."""
    it: str = ""
    """``set``: the created tokens become "it"; ``add``: they join "it"."""
    who: str = "you"
    """``opponent``: onto the opponent's field instead (``それのプレイヤーは…を場に出す``,
    the player of the enemy card chosen; only with ``zone="field"``)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Create the tokens (CR 4.4.4.2: the ones that do not fit are not created)."""
        me = frame.controller if self.who == "you" else 1 - frame.controller
        if self.zone == "choose":
            return self._choose(game, frame)
        if self.it == "set":
            frame.targets = []
        for _ in range(self.n):
            zone = self.zone
            if zone == "field_then_ex":
                zone = "field" if game.field_has_room(me) else "ex"
            uid = game.create_token(me, self.token, zone)
            if self.it and uid >= 0:
                frame.targets.append(uid)
        return True

    def _choose(self, game: Game, frame: Frame) -> bool:
        me = frame.controller
        p = game.players[me]
        if frame.choice is not None:
            k, frame.choice = int(frame.choice), None
            for _ in range(k):
                game.create_token(me, self.token, "field" if frame.sub == 0 else "ex")
            if frame.sub > 0:
                frame.sub = 0
                return True
            frame.sub = 1 + k  # the EX step next; ``sub - 1`` went onto the field
        left = self.n if frame.sub == 0 else self.n - (frame.sub - 1)
        # CR 4.4.4.1 / 4.8.3.1: five cards on a field, five in an EX area.
        room = 5 - (len(p.field) if frame.sub == 0 else len(p.ex))
        most = max(0, min(left, room))
        game.ask_pick(me, [str(i) for i in range(most, -1, -1)], False)
        return False

    def describe(self) -> str:
        """This element in English."""
        where = {
            "ex": "your EX area",
            "field_then_ex": "your field until it is full, the rest into your EX area",
            "choose": "your field or EX area, as many of each as you like",
        }.get(self.zone, "your field")
        tokens = f"{self.n} '{self.token.name}' token{'s' if self.n != 1 else ''}"
        if self.who == "opponent":
            return f"your opponent puts {tokens} onto their field"
        return f"put {tokens} into {where}"


@element
@dataclass(frozen=True, slots=True)
class SummonSame:
    """Put onto your field a token of the same name as the event's card (a token that just
    left the field, "put a token card of its name onto the field"; CR 5.5.2.2), or with
    ``to="targets"`` as the chosen token (a token follower of the chosen one's name)."""

    to: str = "event"

    def run(self, game: Game, frame: Frame) -> bool:
        """Create the token (CR 4.4.4.2: not when the field is full)."""
        uid = frame.amount if self.to == "event" else next(iter(frame.targets), -1)
        if uid >= 0:
            card = game.cards[uid]
            if card.token:
                game.create_token(frame.controller, card.base)
        return True

    def describe(self) -> str:
        """This element in English."""
        which = "that card" if self.to == "event" else "it"
        return f"put a token of the same name as {which} onto your field"
