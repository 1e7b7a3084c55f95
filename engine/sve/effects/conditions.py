"""Conditions: tests on the game for conditional abilities and effects (CR 10.6.2.5)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.sve.effects.core import PAID_DISCARD, describe
from engine.sve.effects.registry import element, legacy
from engine.sve.effects.selectors import all_words, filter_words, targets_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Condition, Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import CardFilter, Targets

from engine.sve.board import Zone
from engine.sve.effects.stats import COUNTER_PREFIX


@element
@dataclass(frozen=True, slots=True)
class EventIs:
    """Stop the ability unless the event's card (the follower that entered) passes ``what``."""

    what: CardFilter
    min_attack: int = -1
    """The event's follower has at least this attack now (``攻撃力4以上の``); -1 for any."""
    own: bool = False
    """The event's card is yours (``自分の…カードの能力によって``: with the trigger
    ``discarded``, the event's card is the one whose ability discarded this one)."""
    to_grave: bool = False
    """The event's card went into the graveyard (``場から墓場に置かれたとき``: not banished
    or returned)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Check the event's card."""
        card = game.cards[frame.amount] if frame.amount >= 0 else None
        if (
            card is None
            or not self.what.matches(card.face)
            or (self.min_attack >= 0 and card.atk < self.min_attack)
            or (self.own and card.controller != frame.controller)
            or (self.to_grave and card.zone is not Zone.GRAVE)
        ):
            frame.step = len(frame.effects) - 1
        return True

    def describe(self) -> str:
        """This element in English."""
        if self.own:  # the card whose ability discarded this one
            return f"only if an ability of your {filter_words(self.what, 1)} discarded it:"
        power = f" with attack {self.min_attack} or more" if self.min_attack >= 0 else ""
        grave = " put into the graveyard" if self.to_grave else ""
        return f"only if it is a {filter_words(self.what, 1)}{power}{grave}:"


@element
@dataclass(frozen=True, slots=True)
class AttackSum:
    """The attack of the field cards ``what`` allows adds up to ``n`` or more (``…の攻撃力の
    合計がN以上``)."""

    what: Targets
    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Add up their attack now."""
        cards = game.cards
        got = game.candidates(self.what, controller, source, counting=True)
        return sum(cards[u].atk for u in got if u >= 0) >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"the attack of {all_words(self.what)} adds up to {self.n} or more"


@element
@dataclass(frozen=True, slots=True)
class CountersAtLeast:
    """This card has ``n`` or more counters named ``name`` (CR 15.1; ``これの…カウンターがN個
    以上``), or with ``ex`` a card in your EX area has (``自分のEXエリアのカード1枚の…カウンター
    がN個以上``)."""

    name: str
    n: int
    ex: bool = False

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count the counters on this card (on each card of your EX area)."""
        key = COUNTER_PREFIX + self.name
        cards = game.cards
        if self.ex:
            return any(
                (c := cards[u].counters) is not None and c.get(key, 0) >= self.n
                for u in game.players[controller].ex
            )
        if source < 0:
            return False
        counters = cards[source].counters
        return counters is not None and counters.get(key, 0) >= self.n

    def describe(self) -> str:
        """This element in English."""
        who = "a card in your EX area has" if self.ex else "this has"
        return f"{who} {self.n} or more {self.name} counters"


def holds(condition: Condition, game: Game, frame: Frame) -> bool:
    """Test ``condition`` inside an ability (conditions on "it" look at the frame)."""
    inner = getattr(condition, "holds_in", None)
    if inner is not None:
        return bool(inner(game, frame))
    return condition.holds(game, frame.controller, frame.source)


@element
@dataclass(frozen=True, slots=True)
class ItIs:
    """The chosen card ("それ") passes ``what`` (``それが竜族・フォロワーなら``)."""

    what: CardFilter

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Outside an ability there is no "it"."""
        return False

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """Whether the first chosen card still on the field passes the filter."""
        cards = game.cards
        for t in frame.targets:
            if t >= 0 and game.target_exists(t):
                return self.what.matches(cards[t].face)
        return False

    def describe(self) -> str:
        """This element in English."""
        return f"it is a {filter_words(self.what, 1)}"


@element
@dataclass(frozen=True, slots=True)
class SepIs:
    """Your SEP (CR 3.2.6) is exactly ``n`` (``自分のSEPが0なら``)."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the player's SEP."""
        return game.players[controller].sep == self.n

    def describe(self) -> str:
        """This element in English."""
        return f"you have exactly {self.n} SEP"


@element
@dataclass(frozen=True, slots=True)
class RollIs:
    """The die this "when you roll a die" ability goes off for showed ``n`` (``出た目がN
    なら``, CR 5.20.1)."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Outside such an ability there is no roll."""
        return False

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """The number rolled is the event's amount of the ability."""
        return frame.amount == self.n

    def describe(self) -> str:
        """This element in English."""
        return f"you rolled a {self.n}"


@element
@dataclass(frozen=True, slots=True)
class RolledThisTurn:
    """You rolled a die this turn (CR 5.20), a 6 with ``six`` (``このターン、自分がサイコロを
    ふっていたなら``, ``…出た目に6があるなら``)."""

    six: bool = False

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Read the player's last turn of a roll (of a 6)."""
        p = game.players[controller]
        return (p.six_on if self.six else p.rolled_on) == game.turn

    def describe(self) -> str:
        """This element in English."""
        return "you rolled a 6 this turn" if self.six else "you rolled a 6-sided die this turn"


@element
@dataclass(frozen=True, slots=True)
class DiscardedIs:
    """The card this ability's cost discarded passes ``what`` (``アルカナ・カードを捨てたなら``,
    CR 10.4.7)."""

    what: CardFilter

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Whether the card :class:`PayCost` last discarded for this card passes the filter."""
        counters = game.cards[source].counters if source >= 0 else None
        paid = -1 if counters is None else counters.get(PAID_DISCARD, -1)
        return paid >= 0 and self.what.matches(game.cards[paid].base)

    def describe(self) -> str:
        """This element in English."""
        return f"you discarded a {filter_words(self.what, 1)}"


@element
@dataclass(frozen=True, slots=True)
class Revealed:
    """One of the cards taken or revealed just before ("it", wherever it went) passes
    ``what`` ("if you revealed a ...", "if a ... is among the cards put into the graveyard")."""

    what: CardFilter

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Outside an ability nothing was revealed."""
        return False

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """Whether any card of "it" passes the filter."""
        cards = game.cards
        return any(t >= 0 and self.what.matches(cards[t].base) for t in frame.targets)

    def describe(self) -> str:
        """This element in English."""
        return f"one of them is a {filter_words(self.what, 1)}"


@element
@dataclass(frozen=True, slots=True)
class Combo:
    """CR 13.2.1: you have played ``n`` or more cards this turn (this one included)."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count the cards played this turn."""
        return game.players[controller].played >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"Combo {self.n}"


@element
@dataclass(frozen=True, slots=True)
class Spellchain:
    """CR 13.3.1: ``n`` or more spells in your graveyard."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count the spells in the graveyard."""
        cards = game.cards
        grave = game.players[controller].grave
        return sum(1 for u in grave if cards[u].base.base_type == "spell") >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"Spellchain {self.n}"


@element
@dataclass(frozen=True, slots=True)
class Necrocharge:
    """CR 13.5.1: ``n`` or more cards in your graveyard."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count the graveyard."""
        return len(game.players[controller].grave) >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"Necrocharge {self.n}"


@element
@dataclass(frozen=True, slots=True)
class Overflow:
    """CR 13.4.1: your PP maximum is 7 or more (``【覚醒】状態``)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the PP maximum."""
        return game.players[controller].max_pp >= 7

    def describe(self) -> str:
        """This element in English."""
        return "Overflow"


@element
@dataclass(frozen=True, slots=True)
class Sanguine:
    """CR 13.5.2: it is your turn and your leader's defense went down this turn."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Check the turn and the flag."""
        return game.active == controller and game.players[controller].hurt_on == game.turn

    def describe(self) -> str:
        """This element in English."""
        return "Sanguine"


@element
@dataclass(frozen=True, slots=True)
class MaxPP:
    """Your PP maximum is at least ``n`` (exactly ``n`` when ``exact``)."""

    n: int
    exact: bool = False

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the PP maximum."""
        have = game.players[controller].max_pp
        return have == self.n if self.exact else have >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"your PP maximum is {'' if self.exact else 'at least '}{self.n}"


@element
@dataclass(frozen=True, slots=True)
class HaveOnField:
    """You have at least ``n`` cards on your field that ``what`` allows (``own`` side;
    Aura does not hide your own cards). Not a :class:`Count` of the field: this sees each
    card's current face and the limits of :class:`Targets` (another card, current attack),
    a count sees printed cards through a :class:`CardFilter` (alternatives of traits)."""

    what: Targets
    n: int = 1

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count them (an enemy card with Aura counts: a condition chooses nothing,
        CR 12.15)."""
        return len(game.candidates(self.what, controller, source, counting=True)) >= self.n

    def describe(self) -> str:
        """This element in English."""
        if self.what.side == "enemy":  # "相手の場に…がいるなら"
            verb = "is" if self.n == 1 else "are"
            return f"there {verb} {targets_words(self.what, self.n)} on the field"
        return f"you have {targets_words(self.what, self.n)}"


ORIGINS = {
    "hand": 1,
    "ex": 2,
    "grave": 3,
    "deck": 4,
    "created": 5,
    "evolve_deck": 6,
    "hand_effect": 7,
    "ex_effect": 8,
}
"""Where a card on the field came from (kept in its ``origin`` counter); ``hand`` and ``ex``
are plays, ``hand_effect`` and ``ex_effect`` cards an ability put from there."""


_SAME_ZONE = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 1, 8: 2}
"""Origin codes by the zone they came from (an ability's put from the hand is from the hand)."""


@element
@dataclass(frozen=True, slots=True)
class CameFrom:
    """This card entered the field from ``zone`` (``hand``, ``ex``, ``grave``, ``deck``,
    ``created``), or by an ability (``ability``: from anywhere but a play); with ``event``
    the trigger's card did (``それが墓場から場に出ていたなら``)."""

    zone: str
    event: bool = False

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Look at the origin the card got when it entered the field."""
        return not self.event and self._came(game, source)

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """This card's origin, or the trigger's card's."""
        return self._came(game, frame.amount if self.event else frame.source)

    def _came(self, game: Game, uid: int) -> bool:
        if uid < 0:
            return False
        counters = game.cards[uid].counters
        origin = 0 if counters is None else counters.get("origin", 0)
        if self.zone == "ability":
            return origin >= ORIGINS["grave"]
        return _SAME_ZONE.get(origin, 0) == ORIGINS[self.zone]

    def describe(self) -> str:
        """This element in English."""
        who = "it" if self.event else "this"
        if self.zone == "ability":
            return f"{who} was put onto the field by an ability"
        return f"{who} came onto the field from the {self.zone}"

    def describe_negated(self) -> str:
        """Its opposite in English."""
        who = "it" if self.event else "this"
        if self.zone == "ability":
            return f"{who} was not put onto the field by an ability"
        return f"{who} did not come onto the field from the {self.zone}"


@element
@dataclass(frozen=True, slots=True)
class BurstsThisTurn:
    """``n`` or more of your Union Burst abilities were used this turn (CR 14.5.1.3), not
    counting the one resolving."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Read the player's count for this turn."""
        p = game.players[controller]
        return p.burst_turn == game.turn and p.bursts >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"{self.n} or more of your Union Burst abilities were used this turn"


@element
@dataclass(frozen=True, slots=True)
class EvolvedThisTurn:
    """A follower of your field evolved this turn, ``n`` or more times in all
    (``このターン、自分の場のフォロワーが進化していたなら``; CR 5.16, by any means)."""

    n: int = 1

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Read the player's count for this turn."""
        p = game.players[controller]
        return p.evolves_turn == game.turn and p.evolves >= self.n

    def describe(self) -> str:
        """This element in English."""
        times = "" if self.n == 1 else f" {self.n} or more times"
        return f"a follower on your field evolved this turn{times}"


@element
@dataclass(frozen=True, slots=True)
class NthEvolve:
    """The evolve the ability answers (its event's follower) was the ``n``-th evolve of a
    follower of your field this turn (``このターン、N回目の自分の場のフォロワーの進化なら``)."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Outside an ability there is no event."""
        return False

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """Look at the mark the evolve left on the event's follower."""
        if frame.amount < 0 or frame.amount >= len(game.cards):
            return False
        card = game.cards[frame.amount]
        return card.evolved_turn == game.turn and card.evolve_nth == self.n

    def describe(self) -> str:
        """This element in English."""
        return f"it is the evolve number {self.n} of your followers this turn"


@element
@dataclass(frozen=True, slots=True)
class PlayedExactly:
    """The card just played is your ``n``-th card played this turn (``このターン中にN枚目の
    カードなら``)."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the count of cards played this turn."""
        return game.players[controller].played == self.n

    def describe(self) -> str:
        """This element in English."""
        return f"it is your card number {self.n} played this turn"


@element
@dataclass(frozen=True, slots=True)
class AllOf:
    """Every one of ``conditions`` holds (``…あり、…なら``)."""

    conditions: tuple[Condition, ...]

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Test them all."""
        return all(c.holds(game, controller, source) for c in self.conditions)

    def describe(self) -> str:
        """This element in English."""
        return " and ".join(describe(x) for x in self.conditions)


@element
@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one of ``conditions`` holds ("if ... or ...")."""

    conditions: tuple[Condition, ...]

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Test them in order."""
        return any(c.holds(game, controller, source) for c in self.conditions)

    def describe(self) -> str:
        """This element in English."""
        return " or ".join(describe(x) for x in self.conditions)


@element
@dataclass(frozen=True, slots=True)
class TookCard:
    """A card taken just before ("it": found, looked at or chosen) passes ``what``, in any
    zone (``『…』を公開したなら``: you revealed such a card)."""

    what: CardFilter

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Outside an ability nothing was taken."""
        return False

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """Whether one of the cards in "it" passes the filter."""
        cards = game.cards
        return any(t >= 0 and self.what.matches(cards[t].base) for t in frame.targets)

    def describe(self) -> str:
        """This element in English."""
        return f"it includes a {filter_words(self.what, 1)}"


@element
@dataclass(frozen=True, slots=True)
class DidIt:
    """The card chosen just before was moved ("そうしたなら": you did it)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Outside an ability nothing was done."""
        return False

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """Whether the preceding choice took a card ("it" is not empty)."""
        return bool(frame.targets)

    def describe(self) -> str:
        """This element in English."""
        return "you did"


@element
@dataclass(frozen=True, slots=True)
class Always:
    """Always holds (``下記からNつまでチョイスする``: up to N options every time)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Hold."""
        return True

    def describe(self) -> str:
        """This element in English."""
        return "always"


@element
@dataclass(frozen=True, slots=True)
class Standing:
    """This card is standing (``これがスタンド状態である``)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Look at the card."""
        return source >= 0 and game.target_exists(source) and not game.cards[source].engaged

    def describe(self) -> str:
        """This element in English."""
        return "this is standing"


@element
@dataclass(frozen=True, slots=True)
class MyTurn:
    """It is your turn (``自分のターン中``)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the turn player."""
        return game.active == controller

    def describe(self) -> str:
        """This element in English."""
        return "it is your turn"


@element
@dataclass(frozen=True, slots=True)
class OpponentTurn:
    """It is the opponent's turn (``相手のターン中``)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the turn player."""
        return game.active != controller

    def describe(self) -> str:
        """This element in English."""
        return "it is your opponent's turn"


@element
@dataclass(frozen=True, slots=True)
class PaidExtra:
    """The extra play cost of this card was paid (``コストを+Nしたなら``)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Look at the mark :class:`MarkPaid` left."""
        counters = game.cards[source].counters
        return bool(counters and counters.get("paid_extra"))

    def describe(self) -> str:
        """This element in English."""
        return "the extra cost was paid"


@element
@dataclass(frozen=True, slots=True)
class Not:
    """The opposite of ``condition`` (for "instead" clauses)."""

    condition: Condition

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Negate."""
        return not self.condition.holds(game, controller, source)

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """Negate, inside an ability."""
        return not holds(self.condition, game, frame)

    def describe(self) -> str:
        """This element in English (a double negation cancels; a condition that words its
        own opposite, ``describe_negated``, is worded so)."""
        inner = self.condition
        if isinstance(inner, Not):
            return describe(inner.condition)
        negated = getattr(inner, "describe_negated", None)
        return negated() if negated is not None else f"not {describe(inner)}"


def condition_words(condition: Condition) -> str:
    """``if X``, or ``unless X`` for a condition negated once without words of its own."""
    inner = condition.condition if isinstance(condition, Not) else None
    if inner is not None and not isinstance(inner, Not) and not hasattr(inner, "describe_negated"):
        return f"unless {describe(inner)}"
    return f"if {describe(condition)}"


@element
@dataclass(frozen=True, slots=True)
class DiscardedThisTurn:
    """You discarded a card from your hand this turn (CR 5.12; ``このターン中に自分の手札を
    捨てていたなら``)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the player's last discard turn."""
        return game.players[controller].discarded_on == game.turn

    def describe(self) -> str:
        """This element in English."""
        return "you discarded a card this turn"


@element
@dataclass(frozen=True, slots=True)
class LeaderAtMost:
    """Your leader's defense is ``n`` or less (exactly ``n`` when ``exact``)."""

    n: int
    exact: bool = False

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Compare the leader's defense."""
        hp = game.players[controller].hp
        return hp == self.n if self.exact else hp <= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"your leader has {'exactly ' if self.exact else ''}{self.n} defense" + (
            "" if self.exact else " or less"
        )


@element
@dataclass(frozen=True, slots=True)
class HaveEvolved:
    """You have an evolved follower on your field (``自分の場にエボルヴフォロワーがいる``,
    CR 5.16.1: an evolved card on top of a follower)."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Look for an evolved card on the field."""
        cards = game.cards
        return any(cards[u].evo >= 0 for u in game.players[controller].field)

    def describe(self) -> str:
        """This element in English."""
        return "you have an evolved follower on your field"


@element
@dataclass(frozen=True, slots=True)
class PlayedThisTurn:
    """You played a card passing ``what`` this turn (``other``: not this card) (``このターン、
    自分が他の…をプレイしていたなら``)."""

    what: CardFilter
    other: bool = False

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Look through the cards played this turn."""
        cards = game.cards
        match = self.what.matches
        return any(
            match(cards[u].base) and not (self.other and u == source)
            for u in game.players[controller].played_ids
        )

    def describe(self) -> str:
        """This element in English."""
        other = "another " if self.other else "a "
        return f"you played {other}{filter_words(self.what, 1)} this turn"


@element
@dataclass(frozen=True, slots=True)
class PlacedInEx:
    """A card passing ``what`` was put into your EX area by this ability: it is among "it"
    and is in the EX area (``…をEXエリアに置いたなら``)."""

    what: CardFilter

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Outside an ability nothing was placed."""
        return False

    def holds_in(self, game: Game, frame: Frame) -> bool:
        """Look at the cards of "it" in the EX area."""
        cards = game.cards
        ex = game.players[frame.controller].ex
        return any(t in ex and self.what.matches(cards[t].base) for t in frame.targets if t >= 0)

    def describe(self) -> str:
        """This element in English."""
        return f"you put a {filter_words(self.what, 1)} into your EX area"


_COUNTED: dict[tuple[str, bool], tuple[str, str]] = {
    ("grave", False): ("you have {n}{cmp} {things} in your graveyard", "cards"),
    ("grave", True): ("your opponent has {n}{cmp} {things} in their graveyard", "cards"),
    ("ex", False): ("you have {n}{cmp} {things} in your EX area", "cards"),
    ("field", False): ("you have {n}{cmp} {things} on your field", "cards"),
    ("field", True): ("your opponent has {n}{cmp} {things} on the field", "cards"),
    ("followers", True): ("your opponent has {n}{cmp} {things} on the field", "followers"),
    ("field_ex", False): ("you have {n}{cmp} {things} on your field and in your EX area", "cards"),
    ("hand", False): ("you have {n}{cmp} {things} in your hand", "cards"),
    ("deck", False): ("your deck has {n}{cmp} {things}", "cards"),
    ("banish", False): ("you have {n}{cmp} {things} in your banish zone", "cards"),
    ("evolve_used", False): (
        "you have {n}{cmp} {things} in your evolve deck",
        "face-up evolved followers",
    ),
}
"""The English of a count by (zone, the opponent's) and the noun when no filter is given."""

_LEGACY_COUNTS: dict[str, tuple[str, bool, bool]] = {
    "GraveCount": ("grave", False, False),
    "OpponentGrave": ("grave", True, False),
    "ExCount": ("ex", False, False),
    "FieldCount": ("field", False, False),
    "OpponentCards": ("field", True, False),
    "OpponentFollowers": ("followers", True, False),
    "FieldExCount": ("field_ex", False, False),
    "HandAtMost": ("hand", False, True),
    "DeckAtMost": ("deck", False, True),
    "BanishCount": ("banish", False, False),
    "EvolveUsed": ("evolve_used", False, False),
}
"""The names the card library gives counts, by (zone, enemy, at most): JSON keeps them."""


@element
@dataclass(frozen=True, slots=True)
class Count:
    """How many cards of a zone of yours (your opponent's with ``enemy``) pass ``what`` (all
    of them without it), compared with ``n``: at least, at most (``most``) or exactly
    (``exact``). Zones: ``grave``, ``ex``, ``field``, ``hand``, ``deck``, ``banish``,
    ``followers`` (the followers on the field), ``field_ex`` (field and EX area together;
    on the field a card's current face is seen) and ``evolve_used`` (the face-up evolved
    followers of the evolve deck, CR 4.6.3)."""

    zone: str
    n: int
    what: CardFilter | None = None
    enemy: bool = False
    most: bool = False
    exact: bool = False

    def count(self, game: Game, player: int) -> int:
        """How many cards of ``player``'s zone pass the filter."""
        zone = self.zone
        if zone == "followers":
            return len(game.followers_of(player))
        p = game.players[player]
        cards = game.cards
        if zone == "evolve_used":
            used = p.evolve_used
            return sum(1 for u in used if cards[u].base.card_type.startswith("evolved"))
        what = self.what
        if zone == "field_ex":
            assert what is not None
            match = what.matches
            found = sum(1 for u in p.field if match(cards[u].face))
            return found + sum(1 for u in p.ex if match(cards[u].base))
        uids: list[int] = getattr(p, zone)
        if what is None:
            return len(uids)
        match = what.matches
        return sum(1 for u in uids if match(cards[u].base))

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count and compare."""
        have = self.count(game, 1 - controller if self.enemy else controller)
        if self.exact:
            return have == self.n
        return have <= self.n if self.most else have >= self.n

    def describe(self) -> str:
        """This element in English."""
        template, noun = _COUNTED[(self.zone, self.enemy)]
        cmp = "" if self.exact else " or fewer" if self.most else " or more"
        things = noun if self.what is None else filter_words(self.what, self.n)
        return template.format(n=self.n, cmp=cmp, things=things)

    def encode(self) -> dict[str, Any]:
        """The library's name for this count, with its fields (JSON keeps older names)."""
        for op, key in _LEGACY_COUNTS.items():
            if key == (self.zone, self.enemy, self.most):
                out: dict[str, Any] = {"op": op}
                if self.what is not None:
                    out["what"] = self.what
                if not (op == "FieldCount" and self.n == 1):
                    out["n"] = self.n
                if self.exact:
                    out["exact"] = True
                return out
        return {"op": "Count", **_fields(self)}


def _fields(obj: Any) -> dict[str, Any]:
    """An element's fields that differ from their defaults."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.default is dataclasses.MISSING or value != f.default:
            out[f.name] = value
    return out


def _read_count(zone: str, enemy: bool, most: bool, data: dict[str, Any]) -> Count:
    """A count from the library's older name for it."""
    return Count(zone, data.get("n", 1), data.get("what"), enemy, most, data.get("exact", False))


for _op, (_zone, _enemy, _most) in _LEGACY_COUNTS.items():
    legacy(_op)(functools.partial(_read_count, _zone, _enemy, _most))


@element
@dataclass(frozen=True, slots=True)
class OwnTurnAtLeast:
    """This is your ``n``-th turn or later (``自分のターンがNターン目かそれ以降``): you have
    begun at least ``n`` turns (CR 7.1)."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count your turns."""
        return game.players[controller].turns >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"it is your turn {self.n} or later"


@element
@dataclass(frozen=True, slots=True)
class AttackingFollower:
    """This card is attacking a follower (``フォロワーへの攻撃なら``, CR 8.4), with at most
    ``max_defense`` defense now when that is set (``体力5以下のフォロワーへの攻撃なら``)."""

    max_defense: int = -1

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Look at the attack being made."""
        target = game.attack_target
        if source < 0 or game.attacker != source or target < 0:
            return False
        return self.max_defense < 0 or game.cards[target].dfn <= self.max_defense

    def describe(self) -> str:
        """This element in English."""
        limit = f" with defense {self.max_defense} or less" if self.max_defense >= 0 else ""
        return f"this is attacking a follower{limit}"


@element
@dataclass(frozen=True, slots=True)
class CostKinds:
    """The cards of your graveyard have ``n`` or more different original costs (CR 5.24;
    "N or more different original costs among the cards in your graveyard")."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count the different original costs."""
        cards = game.cards
        costs = {cards[u].base.cost or 0 for u in game.players[controller].grave}
        return len(costs) >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"the cards in your graveyard have {self.n} or more different original costs"


@element
@dataclass(frozen=True, slots=True)
class HurtTimes:
    """Your leader's defense went down ``n`` or more times this turn (``「このターン中に自分の
    リーダーの体力が減少した回数」がN回以上``)."""

    n: int

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Count this turn's times."""
        turn, times = game.players[controller].hurts
        return turn == game.turn and times >= self.n

    def describe(self) -> str:
        """This element in English."""
        return f"your leader's defense went down {self.n} or more times this turn"
