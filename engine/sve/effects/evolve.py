"""Evolving and its costs (CR 8.3, 12.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.sve.effects.core import Rule, Static, describe
from engine.sve.effects.registry import element
from engine.sve.effects.selectors import TO_WORDS, all_words, resolve_recipients

if TYPE_CHECKING:
    from engine.sve.effects.core import Condition, Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import Targets


@element
@dataclass(frozen=True, slots=True)
class EvolveSelf:
    """CR 5.16: this follower evolves (``これは進化する``; no cost is paid), or ``to``: the
    chosen follower or the trigger's (``それは進化する``)."""

    to: str = "self"

    def run(self, game: Game, frame: Frame) -> bool:
        """Evolve each of them that can (CR 5.16.1.1.1)."""
        for uid in resolve_recipients(game, frame, self.to):
            if uid >= 0:
                game.evolve_by_effect(uid)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"{TO_WORDS[self.to]} evolves"


@element
@dataclass(frozen=True, slots=True)
class EvolveCostIf(Static):
    """A ``STATIC`` ability: a second evolve ability of the same card, with cost ``n``,
    usable while ``condition`` holds (an evolve ability "usable only if ..."). Both
    evolve the card the same way, so the cheaper one that may be used is the evolve cost."""

    n: int
    condition: Condition

    rule: ClassVar[Rule] = Rule.EVOLVE_COST

    def change(self, game: Game, uid: int, value: int) -> int:
        """The evolve cost ``value``: ``n`` when cheaper and the condition holds."""
        card = game.cards[uid]
        if self.condition.holds(game, card.controller, uid):
            return min(value, self.n)
        return value

    def describe(self) -> str:
        """This element in English."""
        return f"this card may also evolve for {self.n} while {describe(self.condition)}"


@element
@dataclass(frozen=True, slots=True)
class EvolveInto(Static):
    """A ``STATIC`` entry for one evolve ability (CR 12.2) of a card that evolves into an
    evolved card of another name ("this evolves into <name>"): cost ``n``,
    into the card named ``name``. A card with several has them all; the player chooses."""

    name: str
    n: int

    rule: ClassVar[Rule] = Rule.EVOLVE_INTO

    def evolves_into(self) -> tuple[str, int]:
        """The card this evolves into and the cost."""
        return self.name, self.n

    def describe(self) -> str:
        """This element in English."""
        return f"Evolve ({self.n}): this evolves into '{self.name}'"


@element
@dataclass(frozen=True, slots=True)
class FaceDownEvolved:
    """The face-up evolved followers of your evolve deck turn face down (CR 4.6.3;
    ``それを裏向きにする``)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Turn them."""
        game.turn_evolved_face_down(frame.controller)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "turn the face-up evolved followers of your evolve deck face down"


@element
@dataclass(frozen=True, slots=True)
class FromEvolveDeck:
    """You may put one face-down card named ``name`` from your evolve deck (an Advance
    card, CR 9.2) into your EX area or onto your field (``to``: ``ex`` or ``field``;
    ``自分のエボルヴデッキの『…』1枚を…てよい``)."""

    name: str
    to: str = "ex"

    def run(self, game: Game, frame: Frame) -> bool:
        """Offer the card (``done`` declines), then move it."""
        me = frame.controller
        p = game.players[me]
        if frame.choice is None:
            cards = game.cards
            found = [u for u in sorted(p.evolve_deck) if cards[u].base.name == self.name]
            room = len(p.ex) < 5 if self.to == "ex" else game.field_has_room(me)
            if found and room:  # CR 4.4.4 / 4.8.3: five cards on a field, five in an EX area
                game.ask_pick(me, [str(found[0])], True)
                return False
            return True
        word, frame.choice = frame.choice, None
        if word != "done":
            game.from_evolve_deck(int(word), self.to, me)
        return True

    def describe(self) -> str:
        """This element in English."""
        where = "into your EX area" if self.to == "ex" else "onto your field"
        return f"you may put 1 '{self.name}' from your evolve deck {where}"


@element
@dataclass(frozen=True, slots=True)
class EvolveCostDown:
    """This turn, this card's evolve cost (CR 12.2) is ``n`` less, not below 0
    (``このターン、これの【進化】コストを-Nする``); repeated uses add up."""

    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark this card for this turn."""
        if frame.source >= 0 and game.target_exists(frame.source):
            card = game.writable(frame.source)
            if card.counters is None:
                card.counters = {}
            if card.counters.get("evolve_down_turn") != game.turn:
                card.counters["evolve_down"] = 0
            card.counters["evolve_down_turn"] = game.turn
            card.counters["evolve_down"] += self.n
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"this turn, this card's evolve cost is {self.n} less"


@element
@dataclass(frozen=True, slots=True)
class EvolveCostPer(Static):
    """A ``STATIC`` ability: this follower's evolve cost (CR 12.2) is lowered by 1 for each
    field card ``what`` allows (not below 0)."""

    what: Targets

    rule: ClassVar[Rule] = Rule.EVOLVE_COST

    def change(self, game: Game, uid: int, value: int) -> int:
        """The evolve cost ``value`` of card ``uid`` less one per card counted."""
        found = game.candidates(self.what, game.cards[uid].controller, uid, counting=True)
        return max(0, value - len(found))

    def describe(self) -> str:
        """This element in English."""
        return f"this card's evolve cost is 1 less for each of {all_words(self.what)}"


@element
@dataclass(frozen=True, slots=True)
class SetEvolveCost:
    """This card's evolve cost (CR 12.2) becomes ``n`` while it stays on the field."""

    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark this card."""
        if game.target_exists(frame.source) and frame.source >= 0:
            card = game.writable(frame.source)
            if card.counters is None:
                card.counters = {}
            card.counters["evolve_cost"] = self.n
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"this card's evolve cost becomes {self.n}"


@element
@dataclass(frozen=True, slots=True)
class EvolveOrReturn:
    """This follower evolves or returns to its owner's hand, as you choose (``これは進化
    するか手札に戻る``). Only an option that can be done is offered (CR 1.3.2: what cannot
    be done is not done); with one left it is done without asking."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Offer the possible options, then do the chosen one."""
        uid = frame.source
        if uid < 0 or not game.target_exists(uid):
            return True
        if frame.choice is not None:
            word, frame.choice = frame.choice, None
        else:
            options = ["return"]
            if game.can_evolve_by_effect(uid):
                options.insert(0, "evolve")
            if len(options) > 1:
                game.ask_pick(frame.controller, options, False)
                return False
            word = options[0]
        if word == "evolve":
            game.evolve_by_effect(uid)
        else:
            game.return_to_hand(uid)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "this evolves or returns to your hand (you choose)"
