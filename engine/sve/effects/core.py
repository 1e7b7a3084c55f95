"""The core of the effect language.

Triggers, abilities, card scripts and the effect and condition protocols (CR 10).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeGuard

from engine.native import mypyc_attr

if TYPE_CHECKING:
    from engine.sve.effects.game import Game


class Trigger(enum.Enum):
    """When an ability goes off (CR 10.7 auto abilities; ``SPELL`` is a spell's own text)."""

    __hash__ = object.__hash__  # members are singletons; the C hash keeps lookups fast

    SPELL = "spell"
    """CR 10.6.2.8.2: the text of a spell, run when it resolves."""
    FANFARE = "fanfare"
    """CR 12.4: this card was put onto the field from anywhere else."""
    LAST_WORDS = "last_words"
    """CR 12.5: this card was put from the field into the graveyard."""
    ON_EVOLVE = "on_evolve"
    """CR 12.6: this card evolved."""
    ON_SUPER_EVOLVE = "on_super_evolve"
    """CR 12.17: this card super-evolved."""
    STRIKE = "strike"
    """CR 12.7: this follower attacked."""
    START_PHASE = "start_phase"
    """CR 7.2.5: the check timing of your start phase."""
    MAIN_PHASE = "main_phase"
    """CR 7.3.1: your main phase came."""
    END_PHASE = "end_phase"
    """CR 7.4.1: your end phase came."""
    OPPONENT_END_PHASE = "opponent_end_phase"
    OPPONENT_MAIN_PHASE = "opponent_main_phase"
    """CR 7.3.1: your opponent's main phase came (this card on the field)."""
    """CR 7.4.1: your opponent's end phase came (this card on the field)."""
    ALLY_ENTERS = "ally_enters"
    """CR 10.7.1: another follower was put onto your field (it is the event's card)."""
    GRAVE_ALLY_ENTERS = "grave_ally_enters"
    """CR 10.7.1: a follower was put onto your field while this card is in your graveyard
    (an ability whose text works on ``自分の墓場のこれ``; the follower is the event's)."""
    ATTACK_DAMAGE = "attack_damage"
    """CR 12.13.2: this follower dealt attack damage (the amount is the event's)."""
    ACTIVATED = "activated"
    """CR 8.3 / 10.1: an activated ability its master plays by paying its cost."""
    DISCARDED = "discarded"
    """CR 5.12 / 10.7.1: this card was discarded from your hand (it is in the graveyard)."""
    LEAVES = "leaves"
    """CR 10.7.1: this card left the field (to any zone)."""
    CARD_PLAYED = "card_played"
    """CR 10.7.1: you played a card (this card on the field; the played card is the
    event's)."""
    ABILITY_USED = "ability_used"
    """CR 10.7.1: a Union Burst ability of another follower on your field was played and
    resolved (``能力が発動したとき``, CR 14.5.1.3; that follower is the event's)."""
    ALLY_EVOLVES = "ally_evolves"
    """CR 10.7.1: a follower on your field evolved (it is the event's card)."""
    ALLY_ATTACKS = "ally_attacks"
    """CR 10.7.1: a follower on your field attacked (it is the event's card)."""
    EX_PLACED = "ex_placed"
    """CR 10.7.1: a card was put into your EX area (this card on the field; that card is
    the event's)."""
    TO_EX = "to_ex"
    """CR 10.7.1: this card was put into the EX area."""
    YOU_DISCARD = "you_discard"
    """CR 10.7.1: you discarded a card from your hand (CR 5.12; this card on the field; the
    discarded card is the event's)."""
    OPPONENT_DISCARD = "opponent_discard"
    """CR 10.7.1: your opponent discarded a card from their hand (this card on the field)."""
    ON_ENGAGE = "on_engage"
    """CR 10.7.1: this card became engaged (``これがアクトしたとき``; CR 5.4)."""
    ALLY_LEAVES = "ally_leaves"
    """CR 10.7.1 / 10.7.4: a card of yours left the field (this card on the field; that card
    is the event's)."""
    ENEMY_DIES = "enemy_dies"
    """CR 10.7.1: an enemy follower was put from the field into the graveyard (this card on
    the field; that follower is the event's; ``相手のフォロワーが場から墓場に置かれたとき``)."""
    AMULET_LEAVES = "amulet_leaves"
    """CR 10.7.1: one of your amulets left the field (this card on the field)."""
    ON_EQUIP = "on_equip"
    """CR 14.5.2.2.2: this equipment was equipped (the follower is the ability's card)."""
    DEALT_ABILITY_DAMAGE = "dealt_ability_damage"
    """CR 10.7.1: this card dealt ability damage (CR 5.14.3.3) to one or more enemy
    followers (once per :class:`Damage` effect that dealt it; divided damage does not
    trigger it yet)."""
    EX_ALLY_EVOLVES = "ex_ally_evolves"
    """CR 10.7.1: a follower on your field evolved, while this card is in your EX area (it
    is the event's card)."""
    DEFENSE_RAISED = "defense_raised"
    """CR 10.7.1: this follower's defense was raised (``これの【体力】を+したとき``)."""
    LEADER_HEALED = "leader_healed"
    """CR 10.7.1: your leader's defense was raised (``自分のリーダーの【体力】を+したとき``; this
    card on the field)."""
    TOOK_ABILITY_DAMAGE = "took_ability_damage"
    """CR 10.7.1: this follower took ability damage (CR 5.14.3.3; more than 0, after
    reductions)."""
    DIE_ROLLED = "die_rolled"
    """CR 10.7.1: you rolled a die (CR 5.20; this card on the field; the number rolled is the
    event's amount)."""
    OPPONENT_MILLED = "opponent_milled"
    """CR 10.7.1: a card of your opponent's deck was put into the graveyard (this card on
    the field; once per card, the card is the event's)."""
    LEADER_HURT = "leader_hurt"
    """CR 10.7.1: your leader's defense went down (by damage or a cost; this card on the
    field; ``自分のリーダーの体力が減少したとき``)."""
    CARD_ENTERS = "card_enters"
    """CR 10.7.1: another card (a follower or an amulet) was put onto your field (it is the
    event's card; ``自分の場に…カードが出たとき``)."""
    EX_END_PHASE = "ex_end_phase"
    """CR 7.4.1 / 10.7.1: your end phase came while this card is in your EX area
    (``自分のエンドフェイズが来たとき、これがEXエリアにあるなら``)."""
    DEALT_COMBAT_DAMAGE = "dealt_combat_damage"
    """CR 5.14.3.2 / 10.7.1: this follower, attacking or attacked, dealt combat damage to the
    follower it fights (CR 8.4.9; more than 0, after reductions; ``これが交戦ダメージを与えた
    とき``)."""
    BUFFED = "buffed"
    """CR 10.7.1: this follower's attack or defense was raised (``これの【攻撃力】か【体力】を
    +したとき``): by an effect's +N, or by super-evolving (CR 12.2.4.1)."""
    STATIC = "static"
    """CR 10.1.1.3: a continuous ability, applied by rule processing while this card is on
    the field (its effects are :class:`Grant` elements, its condition is checked then)."""


TRIGGER_WORDS: dict[Trigger, str] = {
    Trigger.SPELL: "Spell",
    Trigger.FANFARE: "Fanfare",
    Trigger.LAST_WORDS: "Last Words",
    Trigger.ON_EVOLVE: "On Evolve",
    Trigger.ON_SUPER_EVOLVE: "On Super-Evolve",
    Trigger.STRIKE: "Strike",
    Trigger.START_PHASE: "At the start of your turn",
    Trigger.MAIN_PHASE: "When your main phase comes",
    Trigger.END_PHASE: "When your end phase comes",
    Trigger.OPPONENT_END_PHASE: "When your opponent's end phase comes",
    Trigger.OPPONENT_MAIN_PHASE: "When your opponent's main phase comes",
    Trigger.ALLY_ENTERS: "When another follower enters your field",
    Trigger.GRAVE_ALLY_ENTERS: "While this is in your graveyard, when a follower enters your field",
    Trigger.ATTACK_DAMAGE: "When this deals attack damage",
    Trigger.ACTIVATED: "Act",
    Trigger.DISCARDED: "When this is discarded from your hand",
    Trigger.STATIC: "Continuous",
    Trigger.ON_EQUIP: "When equipped",
    Trigger.LEAVES: "When this leaves the field",
    Trigger.AMULET_LEAVES: "When one of your amulets leaves the field",
    Trigger.ALLY_LEAVES: "When a card on your field leaves the field",
    Trigger.ENEMY_DIES: "When an enemy follower goes from the field to the graveyard",
    Trigger.ON_ENGAGE: "When this becomes engaged",
    Trigger.YOU_DISCARD: "When you discard a card",
    Trigger.OPPONENT_DISCARD: "When your opponent discards a card",
    Trigger.CARD_PLAYED: "When you play a card",
    Trigger.EX_PLACED: "When a card is put into your EX area",
    Trigger.ALLY_ATTACKS: "When a follower on your field attacks",
    Trigger.TO_EX: "When this is put into the EX area",
    Trigger.ALLY_EVOLVES: "When a follower on your field evolves",
    Trigger.BUFFED: "When this gets + attack or defense",
    Trigger.EX_END_PHASE: "When your end phase comes while this is in your EX area",
    Trigger.CARD_ENTERS: "When another card enters your field",
    Trigger.LEADER_HURT: "When your leader's defense goes down",
    Trigger.ABILITY_USED: "When a Union Burst ability of another follower on your field is used",
    Trigger.DEALT_ABILITY_DAMAGE: "When this deals ability damage to an enemy follower",
    Trigger.OPPONENT_MILLED: "When a card of your opponent's deck is put into the graveyard",
    Trigger.DIE_ROLLED: "When you roll a die",
    Trigger.TOOK_ABILITY_DAMAGE: "When this takes ability damage",
    Trigger.DEFENSE_RAISED: "When this gets + defense",
    Trigger.LEADER_HEALED: "When your leader gets + defense",
    Trigger.DEALT_COMBAT_DAMAGE: "When this deals combat damage",
    Trigger.EX_ALLY_EVOLVES: "While this is in your EX area, when a follower on your field evolves",
}
"""The English label of each trigger, for :func:`describe`."""


class Effect(Protocol):
    """One step of an ability. ``run`` returns ``False`` while it waits for a decision."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Do the step (or ask for a decision and return ``False``)."""
        ...

    def describe(self) -> str:
        """This step in English."""
        ...


class Condition(Protocol):
    """A test on the game, for conditional abilities."""

    def holds(self, game: Game, controller: int, source: int) -> bool:
        """Whether the ability may go off now."""
        ...

    def describe(self) -> str:
        """This test in English."""
        ...


class Rule(enum.Enum):
    """Where the state asks a rule-modifying element of a continuous ability (CR 10.1.1.3)."""

    __hash__ = object.__hash__  # members are singletons; the C hash keeps lookups fast

    OWN_PLAY_COST = "own_play_cost"
    """The card's own play cost, as it is played (CR 10.6.2.5.1.3): ``change`` it."""
    PLAY_COST = "play_cost"
    """The play cost of its controller's cards, from the field (CR 10.4.4.1): ``change``."""
    SPELL_TAX = "spell_tax"
    """The play cost of the opponent's spells, from the field (CR 10.2.1.3.3): ``change``."""
    EXTRA_COST = "extra_cost"
    """A cost the player may pay more as the card is played (CR 10.4.7.2)."""
    ADDITIONAL_COST = "additional_cost"
    """A cost paid as well as the card is played (CR 10.6.2.5)."""
    DISCOUNT = "discount"
    """Another cost paid instead of some PP as the card is played."""
    CANNOT_PLAY = "cannot_play"
    """The card may not be played (CR 8.2)."""
    GRAVE_PLAY = "grave_play"
    """The card may be played from the graveyard."""
    DAMAGE_DEALT = "damage_dealt"
    """The damage this field card deals (CR 10.2.1.3.2): ``change`` the extra."""
    DAMAGE_TAKEN = "damage_taken"
    """The damage the equipped follower takes (CR 14.5.2): ``change`` the difference."""
    DAMAGE_CAP = "damage_cap"
    """The damage this follower takes, capped: ``change`` it."""
    BANISH_INSTEAD = "banish_instead"
    """Enemy followers going to the graveyard are banished instead (a replacement)."""
    EVOLVE_COST = "evolve_cost"
    """The card's evolve cost (CR 12.2): ``change`` it."""
    EVOLVE_INTO = "evolve_into"
    """An evolve ability of the card's own into a named card (CR 12.2)."""
    KEYWORDS = "keywords"
    """Keywords (or equipment) the card gives while it is on the field (CR 10.1.1.3)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the elements of the language subclass it
class Static:
    """A rule-modifying element: nothing to resolve (CR 10.1.1.3); the state asks it where
    its :class:`Rule` applies, through the methods below (each element overrides those its
    rule needs), never through its class or fields.

    - ``change``: a number the rule works out (a play, evolve or additional cost, damage);
    - ``usable``: whether a cost it asks can be paid now (``ADDITIONAL_COST``, ``DISCOUNT``);
    - ``on_play``: the step it adds as its card is played (``EXTRA_COST``,
      ``ADDITIONAL_COST``, ``DISCOUNT``);
    - ``evolves_into``: the evolve ability it is (``EVOLVE_INTO``);
    - ``grants``: the keywords it gives and to which cards (``KEYWORDS``).
    """

    __slots__ = ()
    rule: ClassVar[Rule]

    def run(self, game: Game, frame: Frame) -> bool:
        """Nothing to resolve: the state applies the rule where it computes it."""
        return True

    def change(self, game: Game, uid: int, value: int) -> int:
        """The number the rule works out for card ``uid``, changed by this (or not)."""
        return value

    def usable(self, game: Game, player: int, uid: int) -> bool:
        """Whether ``player`` could pay the cost this asks to play card ``uid`` now."""
        return True

    def on_play(self) -> Effect | None:
        """The step this adds as its card is played (a cost to pay), if any."""
        return None

    def evolves_into(self) -> tuple[str, int] | None:
        """The evolve ability this is: the name of the card it evolves into and its cost."""
        return None

    def grants(self, game: Game, master: int, uid: int) -> tuple[tuple[str, ...], list[int]]:
        """The keywords this (on card ``uid`` of ``master``) gives, and the cards given them."""
        return (), []


def changes(effect: object, rule: Rule) -> TypeGuard[Static]:
    """Whether ``effect`` is a rule-modifying element of ``rule`` (CR 10.1.1.3)."""
    return isinstance(effect, Static) and effect.rule is rule


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card: trigger, optional condition and effects run in order."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    condition: Condition | None = None
    name: str = ""
    """A short label for logs and tests."""
    pp_cost: int = 0
    """Activated abilities: PP paid as cost (CR 10.4.4)."""
    engage_cost: bool = False
    """Activated abilities: engage this standing card as cost (CR 10.4.6)."""
    quick: bool = False
    """Activated abilities: playable in the opponent's Quick windows too (CR 12.3.3)."""
    once_per_turn: bool = False
    """Activated abilities: playable once per turn (``この能力は1ターンに1回使える``)."""
    sacrifice_cost: bool = False
    """Activated abilities: put this card from the field into the graveyard as cost."""
    banish_cost: bool = False
    """Activated abilities: banish this card from the field as cost (``これを消滅``)."""
    from_hand: bool = False
    """Activated abilities: played from the hand, discarding this card as cost
    (``手札のこれ…を捨てる``)."""
    from_grave: bool = False
    """Activated abilities: played from the graveyard (``墓場のこれ…を消滅`` banishes it as
    cost, with ``banish_cost``; ``自分の墓場のこれを場に出す`` is its effect)."""
    from_ex: bool = False
    """Activated abilities: played from the EX area, putting this card into the graveyard
    as cost (``EXエリアのこれを墓場に置く``). Continuous abilities: they work from the EX area
    as well as from the field (``これが場かEXエリアにある限り``)."""
    times_per_turn: int = 0
    """Auto abilities: go off at most this many times per turn (``ターンごとにN回``)."""
    hand_to_ex: bool = False
    """Activated abilities played from the hand (``from_hand``) whose cost puts this card
    into the EX area instead of discarding it (``手札のこれをEXエリアに置く``)."""
    ex_free: bool = False
    """Activated abilities played from the EX area (``from_ex``) with no cost of moving this
    card (its effect moves it: ``自分のEXエリアのこれを場に出す``)."""
    union_burst: bool = False
    """A Union Burst ability (CR 14.5.1); its use is what "能力が発動したとき" sees
    (CR 14.5.1.3)."""
    advance: bool = False
    """An Advance activated ability (CR 12.16.3): one PP of its cost may be paid with one
    EP instead, and it is evolve-equivalent (CR 8.3.2.1: not with an evolve this turn)."""

    def describe(self) -> str:
        """This ability in English (``Fanfare: draw 1 card``)."""
        label = TRIGGER_WORDS[self.trigger]
        costs = []
        if self.pp_cost:
            costs.append(f"{self.pp_cost} PP")
        if self.engage_cost:
            costs.append("engage this")
        if self.sacrifice_cost:
            costs.append("put this into the graveyard")
        if self.banish_cost:
            costs.append("banish this")
        if self.from_hand:
            costs.append(
                "put this from your hand into your EX area"
                if self.hand_to_ex
                else "discard this from your hand"
            )
        if self.from_grave:
            costs.append("played from your graveyard")
        if self.from_ex and self.banish_cost:
            costs[costs.index("banish this")] = "banish this from your EX area"
        elif self.from_ex:
            costs.append(
                "played from your EX area"
                if self.ex_free
                else "put this from your EX area into the graveyard"
            )
        if self.trigger is Trigger.STATIC and self.from_ex:
            label = "Continuous (on the field or in the EX area)"
        if self.trigger is Trigger.ACTIVATED:
            label = ("Quick act" if self.quick else "Act") + (
                f" ({', '.join(costs)})" if costs else ""
            )
        body = sequence_words(self.effects)
        if self.condition is not None:
            body = f"if {describe(self.condition)}: {body}"
        if self.once_per_turn:
            body += " (once per turn)"
        if self.times_per_turn:
            body += f" ({self.times_per_turn} times per turn)"
        if self.union_burst:
            label = f"Union Burst {label}"
        if self.advance:  # CR 12.16: "Advance act", "Advance Union Burst act"
            label = f"Advance {label[0].lower()}{label[1:]}"
        return f"{label}: {body}"


@dataclass(frozen=True, slots=True)
class CardScript:
    """Behaviour of one card identity; stats and text stay in :class:`CardRecord`."""

    card_id: str
    abilities: tuple[Ability, ...] = ()
    evolve_cost: int = 2
    """The N of the card's evolve ability ``【進化】【コストN】`` (CR 12.2); 2 until encoded."""
    evolve_if: Condition | None = None
    """The evolve ability may be played only while this holds (``この能力は…なら使える``)."""
    keywords: tuple[str, ...] | None = None
    """The card's own keyword abilities when known from its text (overrides the record's,
    which also lists keywords the card only grants to others)."""
    evolve_discard: int = 0
    """The evolve ability's cost discards this many cards from your hand (``【進化】手札1枚を
    捨てる``, CR 12.2; ``evolve_cost`` is then 0)."""
    quick_ability: bool = False
    """Its text gives an activated ability Quick (``【Q】``, CR 12.3.3): a ``quick`` keyword
    on its record came from that marker, not from the card-level Quick icon (CR 12.3.2)."""


DEFAULT_EVOLVE_COST = 2


PAID_DISCARD = "paid_discard"
"""The counter on an ability's card naming the card its ``PayCost`` discarded."""

AMOUNT = -1
"""Use the amount carried by the triggering event (e.g. Drain's damage)."""


class Frame:
    """An ability being resolved: its effects, where it stands, and what was chosen."""

    __slots__ = (
        "amount",
        "choice",
        "controller",
        "effects",
        "origin",
        "share",
        "source",
        "step",
        "sub",
        "targets",
    )

    def __init__(
        self, effects: tuple[Effect, ...], source: int, controller: int, amount: int = 0
    ) -> None:
        self.effects = effects
        self.source = source
        self.controller = controller
        self.amount = amount
        self.step = 0
        self.sub = 0
        self.targets: list[int] = []
        self.choice: str | None = None
        self.origin = -1
        """The follower whose auto or activated ability this is (for "発動したとき")."""
        self.share = -1
        """The stack index of the frame that gets this one's "it" when it ends (-1: none)."""

    def copy(self) -> Frame:
        """A copy with its own target list."""
        new = Frame(self.effects, self.source, self.controller, self.amount)
        new.step, new.sub, new.choice = self.step, self.sub, self.choice
        new.origin = self.origin
        new.share = self.share
        new.targets = self.targets[:]
        return new


class Described(Protocol):
    """Anything of the language that says itself in English."""

    def describe(self) -> str:
        """This element in English."""
        ...


def describe(obj: Described) -> str:
    """Readable English for an ability, effect or condition."""
    return obj.describe()


def sequence_words(effects: Iterable[Any]) -> str:
    """Effects joined by ``;``, a :class:`Gate` opening the rest with ``if ...:``. An
    element with ``describe_after(previous)`` may describe itself together with the effect
    before it (an "instead" pair: "A; if X, B instead")."""
    parts: list[str] = []
    before: Any = None
    for e in effects:
        after = getattr(e, "describe_after", None)
        joined = after(before) if after is not None and parts else None
        if joined is not None:
            parts[-1] = joined
        else:
            parts.append(e.describe())
        before = e
    out = ""
    for part in parts:
        sep = "" if not out else " " if out.endswith(":") else "; "
        out += sep + part
    return out
