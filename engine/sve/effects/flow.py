"""Control flow inside an ability.

Choose a mode, if, gates, calls and scaled effects (CR 5.18, 10.6.2.8).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.sve.effects.amounts import Amount
from engine.sve.effects.conditions import Always, Not, condition_words
from engine.sve.effects.core import describe, sequence_words
from engine.sve.effects.registry import element
from engine.sve.effects.selectors import TO_WORDS, Select, all_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Condition, Effect, Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import CardFilter, Targets

from engine.sve.effects.conditions import holds
from engine.sve.effects.costs import PayCost
from engine.sve.effects.damage import Damage, HealLeader
from engine.sve.effects.deck import Draw
from engine.sve.effects.search import FromGrave
from engine.sve.effects.stats import Buff


@element
@dataclass(frozen=True, slots=True)
class Modal:
    """CR 5.18: choose one of ``options`` (each a list of effects) and run it."""

    options: tuple[tuple[Effect, ...], ...]
    more_if: Condition | None = None
    """When this holds, up to ``more`` different options instead (``…なら、代わりに2つまで``)."""
    more: int = 1
    once_each_per_turn: bool = False
    """An option this ability chose this turn cannot be chosen again this turn
    (``このターン、この能力でチョイスした選択肢はチョイスできない``); kept on this card."""
    picks: int = 1
    """Up to this many different options when ``more_if`` does not hold."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask for the mode(s), then run them in the card's order as nested abilities with
        the same "it"."""
        chosen = frame.sub
        done = False
        if frame.choice is not None:
            word, frame.choice = frame.choice, None
            if word == "done":
                done = True
            else:
                chosen |= 1 << (int(word[4:]) - 1)
        picks = self.picks
        if self.more_if is not None and holds(self.more_if, game, frame):
            picks = self.more
        used = self._used(game, frame) if self.once_each_per_turn else 0
        count = bin(chosen).count("1")
        if not done and count < picks:
            me, source = frame.controller, frame.source
            spent = sum(_option_pp(o) for i, o in enumerate(self.options) if chosen >> i & 1)
            left = [
                f"mode{i + 1}"
                for i, option in enumerate(self.options)
                if not (chosen | used) >> i & 1 and _option_payable(option, game, me, source, spent)
            ]
            if left:
                frame.sub = chosen
                game.ask_pick(frame.controller, left, count > 0)
                return False
        if self.once_each_per_turn and chosen and frame.source >= 0:
            card = game.writable(frame.source)
            if card.counters is None:
                card.counters = {}
            card.counters["modes_turn"] = game.turn
            card.counters["modes_used"] = used | chosen
        frame.sub = 0
        for i in reversed(range(len(self.options))):
            if chosen >> i & 1:
                game.push_frame(self.options[i], frame)
        return True

    @staticmethod
    def _used(game: Game, frame: Frame) -> int:
        """The options this card's ability chose this turn (a bit mask)."""
        counters = game.cards[frame.source].counters if frame.source >= 0 else None
        if counters is None or counters.get("modes_turn") != game.turn:
            return 0
        return counters.get("modes_used", 0)

    def available(self, game: Game, controller: int, source: int = -1) -> bool:
        """CR 5.18.3.1.2: an option whose cost cannot be paid cannot be chosen; with no
        option left the card cannot be played (CR 10.6.2.2)."""
        return any(_option_payable(o, game, controller, source) for o in self.options)

    def describe(self) -> str:
        """This element in English."""
        opts = " | ".join(f"({i + 1}) {sequence_words(o)}" for i, o in enumerate(self.options))
        more = ""
        if isinstance(self.more_if, Always):
            return f"choose up to {self.more}: {opts}"
        if self.more_if is not None:
            more = f" (if {describe(self.more_if)}, up to {self.more} instead)"
        if self.once_each_per_turn:
            more += " (not an option this chose this turn)"
        head = "choose one" if self.picks == 1 else f"choose up to {self.picks}"
        return f"{head}{more}: {opts}"


def _option_pp(option: tuple[Effect, ...]) -> int:
    """The PP the cost of an option of a choice asks for (0 when it has no cost)."""
    first = option[0] if option else None
    return first.pp if isinstance(first, PayCost) and not first.optional else 0


def _option_payable(
    option: tuple[Effect, ...], game: Game, controller: int, source: int, spent: int = 0
) -> bool:
    """Whether an option of a choice may be chosen: its cost (a leading mandatory
    :class:`PayCost`, ``cost：effects`` in the option) can be paid (CR 10.4.2.2), with
    ``spent`` PP already promised to the options chosen before it, and its leading
    mandatory choice (``…1枚を選ぶ``) has something to choose (CR 5.18.4.1, 10.6.2.3.3)."""
    first = option[0] if option else None
    rest = option
    if isinstance(first, PayCost) and not first.optional:
        if spent and game.players[controller].pp < spent + first.pp:
            return False
        if not first.available(game, controller, source):
            return False
        rest = first.effects or option[1:]
    for effect in rest:
        if not isinstance(effect, (Select, FromGrave)):
            break
        if not effect.available(game, controller, source):
            return False
    return True


@element
@dataclass(frozen=True, slots=True)
class Gate:
    """Stop the ability here unless ``condition`` holds (``【コンボ_3】...``: the rest of the
    ability is conditional, CR 13.2.1.2)."""

    condition: Condition

    def run(self, game: Game, frame: Frame) -> bool:
        """Skip the remaining effects when the condition fails."""
        if not holds(self.condition, game, frame):
            frame.step = len(frame.effects) - 1
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"if {describe(self.condition)}:"


@element
@dataclass(frozen=True, slots=True)
class If:
    """Run ``effects`` (with the same "it") only if ``condition`` holds now."""

    condition: Condition
    effects: tuple[Effect, ...]

    def run(self, game: Game, frame: Frame) -> bool:
        """Test the condition; run the effects as a nested ability when it holds (a card
        they choose stays "it" for the effects after them)."""
        if holds(self.condition, game, frame):
            game.push_frame(self.effects, frame, share_it=True)
        return True

    def describe(self) -> str:
        """This element in English ("unless X" for a negated condition)."""
        return f"{condition_words(self.condition)}, {sequence_words(self.effects)}"

    def describe_after(self, before: object) -> str | None:
        """With the ``If`` of the opposite condition before it (how "代わりに" is encoded):
        "A; if X, B instead"."""
        if not isinstance(before, If) or before.condition != Not(self.condition):
            return None
        done = sequence_words(before.effects)
        return f"{done}; {condition_words(self.condition)}, {sequence_words(self.effects)} instead"


@element
@dataclass(frozen=True, slots=True)
class Repeat:
    """Run ``effects`` ``n`` times in a row (``下記をN回くり返す``), each time in full."""

    n: int
    effects: tuple[Effect, ...]

    def run(self, game: Game, frame: Frame) -> bool:
        """Run the effects ``n`` times as one nested ability (the same "it")."""
        game.push_frame(tuple(self.effects) * self.n, frame, share_it=True)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"{self.n} times: {sequence_words(self.effects)}"


@element
@dataclass(frozen=True, slots=True)
class Call:
    """Escape hatch for tests: run ``fn(game, frame)``; not for card scripts."""

    fn: Callable[[Game, Frame], None] = field(compare=False)

    def run(self, game: Game, frame: Frame) -> bool:
        """Call the function."""
        self.fn(game, frame)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"call {getattr(self.fn, '__name__', 'a function')}"


@element
@dataclass(frozen=True, slots=True)
class Scaled:
    """``effect`` written for one (``+1/+1``, ``draw 1``, ``+1 defense``, ``1 damage``) done
    for X, counted when it resolves: ``k`` times the number of field cards ``per`` allows
    (``Xは「自分の場の…の数」である``), or with ``count`` another number: ``max_pp`` (your
    PP maximum), ``hand``, ``ex``, ``banish`` (cards in that zone of yours), ``hand_ex``
    (hand and EX area together), ``attack`` (this card's attack), ``attack_it`` (the
    chosen card's attack)."""

    effect: Effect
    per: Targets | None = None
    k: int = 1
    count: str = "field"
    what: CardFilter | None = None
    """With ``count="ex"``: only the EX area's cards passing this (``自分のEXエリアの妖精・
    カードの枚数``)."""
    every: int = 1
    """X is the count divided by this, rounded down (``…2つにつき``)."""

    def amount(self) -> Amount:
        """X, as an :class:`Amount` (``k`` times it is what the effect is scaled by)."""
        return Amount(self.count, per=self.per, what=self.what)

    def _x(self, game: Game, frame: Frame) -> int:
        return (self.amount().value(game, frame) or 0) // max(self.every, 1)

    def run(self, game: Game, frame: Frame) -> bool:
        """Count, then run the effect with its amounts multiplied."""
        x = self.k * self._x(game, frame)
        if x <= 0:
            return True
        e = self.effect
        if isinstance(e, Buff):
            return dataclasses.replace(e, atk=e.atk * x, dfn=e.dfn * x).run(game, frame)
        if isinstance(e, (Draw, HealLeader, Damage)):
            return dataclasses.replace(e, n=e.n * x).run(game, frame)
        raise ValueError(f"cannot scale {e!r}")

    def describe(self) -> str:
        """This element in English."""
        times = f"{self.k} times " if self.k != 1 else ""
        if self.every != 1:
            times += f"one per {self.every} of "
        if self.what is not None or self.count in (
            "played",
            "turns",
            "attack_event",
            "attack_left",
        ):
            what = self.amount().describe()
        else:
            what = {
                "max_pp": "your PP maximum",
                "hand": "the cards in your hand",
                "ex": "the cards in your EX area",
                "banish": "the cards in your banish zone",
                "hand_ex": "the cards in your hand and EX area",
                "attack": "this card's attack",
                "attack_it": "its attack",
            }.get(self.count, "")
        if self.count == "field_ex" and self.per is not None:
            what = f"the number of {all_words(self.per)[4:]} and such cards in your EX area"
        if not what and self.per is not None:
            what = f"the number of {all_words(self.per)[4:]}"
        if isinstance(self.effect, Damage) and self.effect.n == 1:
            return f"deal X damage to {TO_WORDS[self.effect.to]} (X: {times}{what})"
        return f"X times: {describe(self.effect)} (X: {times}{what})"
