"""Damage, healing, destruction and banishment, and the rules that change damage.

CR 5.10, 5.12, 10.6.2.8.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.sve.board import NO_ABILITY_DAMAGE
from engine.sve.effects.amounts import Amount
from engine.sve.effects.core import Rule, Static
from engine.sve.effects.registry import element
from engine.sve.effects.selectors import TO_WORDS, all_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import Targets

from engine.sve.effects.core import AMOUNT
from engine.sve.effects.selectors import resolve_recipients


def _ability_damage(game: Game, target: int, amount: int) -> int:
    """Ability damage (CR 5.14.3.3) to ``target``; none to a card that takes no ability
    damage. The damage actually dealt."""
    if target >= 0 and game.cards[target].bits & NO_ABILITY_DAMAGE:
        return 0
    return game.deal_damage(target, amount)


@element
@dataclass(frozen=True, slots=True)
class SplitDamage:
    """CR 5.14: deal ``n`` damage divided as you choose among the chosen targets
    (``Nダメージを割りふる``): each target but the last is given an amount, the last the rest."""

    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask how much goes to each target in turn."""
        alive = [t for t in frame.targets if game.target_exists(t)]
        index, given = frame.sub >> 8, frame.sub & 0xFF
        if frame.choice is not None:
            k, frame.choice = int(frame.choice), None
            if _ability_damage(game, alive[index], k) and alive[index] >= 0:
                game.ability_damage_taken(alive[index])
            index, given = index + 1, given + k
            alive = [t for t in frame.targets if game.target_exists(t)] + alive[index:]
            alive = list(dict.fromkeys(alive))
        left = self.n - given
        if index >= len(alive) - 1 or left <= 0:
            last = alive[index] if left > 0 and index < len(alive) else -1
            if last >= 0 and _ability_damage(game, last, left):
                game.ability_damage_taken(last)
            elif left > 0 and index < len(alive):
                _ability_damage(game, alive[index], left)  # a leader (no such ability)
            frame.sub = 0
            return True
        frame.sub = (index << 8) | given
        game.ask_pick(frame.controller, [str(i) for i in range(left, -1, -1)], False)
        return False

    def describe(self) -> str:
        """This element in English."""
        return f"deal {self.n} damage divided among them"


@element
@dataclass(frozen=True, slots=True)
class NoCombatDamage:
    """This turn, the chosen followers take no combat damage (``交戦ダメージを受けない``)."""

    to: str = "self"

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark them for this turn."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                card = game.writable(tgt)
                if card.counters is None:
                    card.counters = {}
                card.counters["no_combat_damage"] = game.turn
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"this turn, {TO_WORDS[self.to]} takes no combat damage"


@element
@dataclass(frozen=True, slots=True)
class Damage:
    """CR 5.14: deal ``n`` damage to the chosen targets, or to ``to`` (``enemy_leader``...)."""

    n: int
    to: str = "targets"
    """A recipient word (see :data:`RECIPIENTS`)."""
    per: Targets | None = None
    """When set, the damage is the number of field cards ``per`` allows (``「…の数」と同じ
    ダメージ``), counted when the damage is dealt (``n`` is then ignored)."""
    half_attack: bool = False
    """The damage is half this card's attack, rounded up (``「これの攻撃力の半分」``)."""
    attack: bool = False
    """The damage is this card's attack (``「これの攻撃力」と同じダメージ``)."""
    discarded_cost: bool = False
    """The damage is the cost of the card this ability discarded as a cost
    (``「捨てたカードのコスト」と同じダメージ``)."""

    per_hand: bool = False
    """The damage is the number of cards in your hand when it is dealt (``「自分の手札の
    枚数」と同じダメージ``)."""
    attack_of_it: bool = False
    """The damage is the attack of the chosen card ("it") still on the field, 0 if none
    (``「それの攻撃力」と同じダメージ``)."""
    per_hurt: bool = False
    """The damage is the number of times your leader's defense went down this turn
    (``「このターン中に自分のリーダーの体力が減少した回数」``)."""

    def amount(self) -> Amount:
        """How much damage, as an :class:`Amount` (the library keeps the fields above)."""
        if self.discarded_cost:
            return Amount("discarded_cost")
        if self.per_hand:
            return Amount("hand")
        if self.per is not None:
            return Amount("field", per=self.per)
        if self.half_attack:
            return Amount("half_attack")
        if self.attack:
            return Amount("attack_here")
        if self.per_hurt:
            return Amount("hurts")
        if self.attack_of_it:
            return Amount("attack_it_here")
        return Amount("event") if self.n == AMOUNT else Amount(n=self.n)

    def run(self, game: Game, frame: Frame) -> bool:
        """Deal the damage (ability damage, CR 5.14.3.3)."""
        amount = self.amount().value(game, frame)
        if amount is None:
            return True
        if amount > 0 and frame.source >= 0 and game.target_exists(frame.source):
            amount += game.damage_bonus(frame.source)
        hit = False
        for tgt in resolve_recipients(game, frame, self.to):
            if _ability_damage(game, tgt, amount) and tgt >= 0:
                hit = hit or game.cards[tgt].controller != frame.controller
                game.ability_damage_taken(tgt)
        if hit:
            game.ability_damage_dealt(frame.source)
        return True

    def describe(self) -> str:
        """This element in English."""
        amount = "that much" if self.n == AMOUNT else str(self.n)
        if self.per is not None:
            amount = f"damage equal to the number of {all_words(self.per)[4:]}"
            return f"deal {amount} to {TO_WORDS[self.to]}"
        if self.half_attack:
            return (
                f"deal damage equal to half this card's attack (rounded up) to {TO_WORDS[self.to]}"
            )
        if self.attack:
            return f"deal damage equal to this card's attack to {TO_WORDS[self.to]}"
        if self.discarded_cost:
            return f"deal damage equal to the discarded card's cost to {TO_WORDS[self.to]}"
        if self.per_hand:
            return f"deal damage equal to the number of cards in your hand to {TO_WORDS[self.to]}"
        if self.attack_of_it:
            return f"deal damage equal to its attack to {TO_WORDS[self.to]}"
        if self.per_hurt:
            times = "the times your leader's defense went down this turn"
            return f"deal damage equal to {times} to {TO_WORDS[self.to]}"
        return f"deal {amount} damage to {TO_WORDS[self.to]}"


@element
@dataclass(frozen=True, slots=True)
class HealLeader:
    """CR 12.13.2: increase your leader's defense by ``n`` (``AMOUNT``: the event's)."""

    n: int = AMOUNT

    def amount(self) -> Amount:
        """How much, as an :class:`Amount`."""
        return Amount("event") if self.n == AMOUNT else Amount(n=self.n)

    def run(self, game: Game, frame: Frame) -> bool:
        """Heal."""
        amount = self.amount().value(game, frame)
        assert amount is not None
        game.heal_leader(frame.controller, amount)
        return True

    def describe(self) -> str:
        """This element in English."""
        amount = "that much" if self.n == AMOUNT else f"+{self.n}"
        return f"your leader gets {amount} defense"


@element
@dataclass(frozen=True, slots=True)
class SetLeaderDefense:
    """Your leader's defense becomes ``n`` (``自分のリーダーの【体力】をNにする``)."""

    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Raise or lower it to ``n``."""
        hp = game.players[frame.controller].hp
        if hp < self.n:
            game.heal_leader(frame.controller, self.n - hp)
        elif hp > self.n:
            game.lose_defense(frame.controller, hp - self.n)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"your leader's defense becomes {self.n}"


@element
@dataclass(frozen=True, slots=True)
class Destroy:
    """CR 5.6: destroy the chosen followers/amulets."""

    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Destroy."""
        game.destroy([t for t in resolve_recipients(game, frame, self.to) if t >= 0])
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"destroy {TO_WORDS[self.to]}"


@element
@dataclass(frozen=True, slots=True)
class Banish:
    """CR 5.7: banish the chosen cards (``self``: this card, also from the graveyard in its
    Last Words)."""

    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Banish."""
        if self.to == "self" and frame.source >= 0 and not game.target_exists(frame.source):
            card = game.cards[frame.source]
            if frame.source in game.players[card.owner].grave:
                game.banish(frame.source)
            return True
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.banish(tgt)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"banish {TO_WORDS[self.to]}"


@element
@dataclass(frozen=True, slots=True)
class WinGame:
    """CR 5.23.1: you win the battle (every other player loses the game)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """End the game."""
        game.win_by_effect(frame.controller)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "you win the battle"


@element
@dataclass(frozen=True, slots=True)
class DamageBonus(Static):
    """A continuous effect of a ``STATIC`` ability: damage this card deals is ``n`` more
    (``これが与えるダメージを+N する``; its condition, such as the opponent's turn, applies)."""

    n: int

    rule: ClassVar[Rule] = Rule.DAMAGE_DEALT

    def change(self, game: Game, uid: int, value: int) -> int:
        """The extra damage ``value`` this card deals, plus ``n``."""
        return value + self.n

    def describe(self) -> str:
        """This element in English."""
        return f"damage this deals is {self.n:+d}"


@element
@dataclass(frozen=True, slots=True)
class DamageTaken(Static):
    """A ``STATIC`` ability of an equipment token: damage the equipped follower takes
    changes by ``n`` (``受けるダメージを-N する``, CR 14.5.2)."""

    n: int

    rule: ClassVar[Rule] = Rule.DAMAGE_TAKEN

    def change(self, game: Game, uid: int, value: int) -> int:
        """The change ``value`` to the damage the equipped follower takes, plus ``n``."""
        return value + self.n

    def describe(self) -> str:
        """This element in English."""
        return f"damage the equipped follower takes is {self.n:+d}"


@element
@dataclass(frozen=True, slots=True)
class BanishInstead(Static):
    """A continuous effect of a ``STATIC`` ability (CR 10.10 replacement): while this card
    is on the field, an enemy follower that would be put from the field into a graveyard is
    banished instead (``相手のフォロワーが場から墓場に置かれる際、代わりにそれを消滅させる``)."""

    rule: ClassVar[Rule] = Rule.BANISH_INSTEAD

    def describe(self) -> str:
        """This element in English."""
        return "enemy followers that would go from the field to the graveyard are banished instead"


@element
@dataclass(frozen=True, slots=True)
class DamageCap(Static):
    """A continuous effect of a ``STATIC`` ability: ``at_least`` or more damage this card
    would take becomes ``becomes`` (``これが受けるN以上のダメージをMにする``; the ability's
    condition applies)."""

    at_least: int
    becomes: int

    rule: ClassVar[Rule] = Rule.DAMAGE_CAP

    def change(self, game: Game, uid: int, value: int) -> int:
        """The damage ``value`` this card takes, capped."""
        return self.becomes if value >= self.at_least else value

    def describe(self) -> str:
        """This element in English."""
        return f"{self.at_least} or more damage this takes becomes {self.becomes}"


@element
@dataclass(frozen=True, slots=True)
class NoDamage:
    """This turn, this card takes no damage (``このターン、これはダメージを受けない``); with
    ``what``, every field card it allows now does (``自分の場の『…』すべては…``)."""

    what: Targets | None = None

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark them for this turn."""
        if self.what is not None:
            got = game.candidates(self.what, frame.controller, frame.source, counting=True)
        elif frame.source >= 0 and game.target_exists(frame.source):
            got = [frame.source]
        else:
            got = []
        for uid in got:
            if uid >= 0:
                card = game.writable(uid)
                if card.counters is None:
                    card.counters = {}
                card.counters["no_damage"] = game.turn
        return True

    def describe(self) -> str:
        """This element in English."""
        if self.what is not None:
            return f"this turn, {all_words(self.what)} take no damage"
        return "this turn, this takes no damage"


@element
@dataclass(frozen=True, slots=True)
class DamageShield:
    """This turn, ``to`` (field followers) takes no damage, or only not the next damage
    (``このターン、それは次のダメージを受けない``; ``next_only``)."""

    to: str = "targets"
    next_only: bool = True

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark them for this turn."""
        key = "shield_next" if self.next_only else "no_damage"
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                card = game.writable(tgt)
                if card.counters is None:
                    card.counters = {}
                card.counters[key] = game.turn
        return True

    def describe(self) -> str:
        """This element in English."""
        what = " the next time it would" if self.next_only else ""
        return f"this turn, {TO_WORDS[self.to]} takes no damage{what}"


@element
@dataclass(frozen=True, slots=True)
class LeaderShield:
    """This turn, the next damage your leader takes is ``n`` less, or none at all when
    ``n`` is -1 (``次のダメージを受けない`` / ``次に受けるダメージを-N する``): a
    replacement effect (CR 10.2.1.3.2) used up by the first damage it applies to."""

    n: int = -1

    def run(self, game: Game, frame: Frame) -> bool:
        """Set the shield of your leader for this turn (a new one replaces an old one)."""
        game.players[frame.controller].shield = (game.turn, self.n)
        return True

    def describe(self) -> str:
        """This element in English."""
        if self.n < 0:
            return "this turn, your leader takes no damage the next time it would be damaged"
        return f"this turn, the next damage your leader takes is {self.n} less"


@element
@dataclass(frozen=True, slots=True)
class TakesMore:
    """This turn, the chosen followers take ``n`` more damage (a replacement effect, CR
    10.2.1.3.2)."""

    n: int
    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark them for this turn."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                card = game.writable(tgt)
                if card.counters is None:
                    card.counters = {}
                if card.counters.get("more_turn") != game.turn:
                    card.counters["more"] = 0
                card.counters["more_turn"] = game.turn
                card.counters["more"] += self.n
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"this turn, {TO_WORDS[self.to]} takes {self.n} more damage"
