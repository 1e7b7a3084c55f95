"""Abilities as data: the effect language, target selection and the per-card registry.

The engine never branches on a card id. It asks a :class:`Scripts` registry for the
abilities of a card and runs their effects. An ability is a trigger (when it goes off, CR
10.7), an optional condition and a tuple of effects run in order (CR 10.6.2.8.2). An effect
that needs a decision (a target, CR 10.6.2.3; a mode, CR 5.18; a card found in the deck,
CR 5.8) asks it through the same action interface as every other decision and is re-entered
when the answer arrives, so a half-resolved ability is plain data that :meth:`State.clone`
copies.

Every element of the language is a frozen dataclass: :func:`to_data` turns an ability into
JSON-ready data, :func:`from_data` reads it back, and :func:`describe` prints it as English
(``Fanfare: choose 1 enemy follower; deal 3 damage to it``). Compiled card abilities are
stored this way in ``engine/sve/data/abilities.json`` (see :mod:`engine.sve.library`).

Keyword behaviours that are abilities rather than rules checks (Drain, CR 12.13) are
registered here too, in :data:`KEYWORD_ABILITIES`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.cards import CardRecord

if TYPE_CHECKING:
    from engine.sve.state import Card, Frame, State


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
    Trigger.ALLY_LEAVES: "When a card of yours leaves the field",
    Trigger.ON_ENGAGE: "When this becomes engaged",
    Trigger.YOU_DISCARD: "When you discard a card",
    Trigger.OPPONENT_DISCARD: "When your opponent discards a card",
    Trigger.CARD_PLAYED: "When you play a card",
    Trigger.EX_PLACED: "When a card is put into your EX area",
    Trigger.ALLY_ATTACKS: "When a follower of yours attacks",
    Trigger.TO_EX: "When this is put into the EX area",
    Trigger.ALLY_EVOLVES: "When a follower of yours evolves",
    Trigger.BUFFED: "When this gets + attack or defense",
    Trigger.EX_END_PHASE: "When your end phase comes while this is in your EX area",
    Trigger.CARD_ENTERS: "When another card enters your field",
    Trigger.LEADER_HURT: "When your leader's defense goes down",
    Trigger.ABILITY_USED: "When a Union Burst ability of another follower of yours is used",
    Trigger.DEALT_ABILITY_DAMAGE: "When this deals ability damage to an enemy follower",
    Trigger.OPPONENT_MILLED: "When a card of your opponent's deck is put into the graveyard",
    Trigger.EX_ALLY_EVOLVES: "While this is in your EX area, when a follower of yours evolves",
}
"""The English label of each trigger, for :func:`describe`."""


class Effect(Protocol):
    """One step of an ability. ``run`` returns ``False`` while it waits for a decision."""

    def run(self, game: State, frame: Frame) -> bool:
        """Do the step (or ask for a decision and return ``False``)."""
        ...


class Condition(Protocol):
    """A test on the game, for conditional abilities."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Whether the ability may go off now."""
        ...


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


class Scripts:
    """A registry of :class:`CardScript` by card id, consulted by the engine.

    ``loader`` fills the registry on first use (the committed card library is read only by
    games that need it).
    """

    def __init__(
        self,
        scripts: Iterable[CardScript] = (),
        loader: Callable[[], Iterable[CardScript]] | None = None,
    ) -> None:
        self._by_id: dict[str, CardScript] = {s.card_id: s for s in scripts}
        self._by_trigger: dict[tuple[str, Trigger], tuple[Ability, ...]] = {}
        self._loader = loader
        self._records: dict[CardRecord, CardRecord] = {}
        self._hand_ids: frozenset[str] | None = None
        self._grave_ids: frozenset[str] | None = None
        self._ex_ids: frozenset[str] | None = None
        self._ids_with: dict[Trigger, frozenset[str]] = {}
        self._ids_effect: dict[type | tuple[type, ...], frozenset[str]] = {}
        self._cost_ids: frozenset[str] | None = None
        self.play_rules: dict[int, Any] = {}
        """The engine's per-card play rules, by ``id`` of the card record (each rule object
        holds its record, so the id stays valid); emptied when a script is added."""

    def _load(self) -> None:
        loader, self._loader = self._loader, None
        if loader is not None:
            for script in loader():
                self._by_id.setdefault(script.card_id, script)

    def add(self, script: CardScript) -> None:
        """Register (or replace) the script of one card id."""
        if self._loader is not None:
            self._load()
        self._by_id[script.card_id] = script
        self._by_trigger.clear()
        self._records.clear()
        self._hand_ids = None
        self._grave_ids = None
        self._ex_ids = None
        self._ids_with.clear()
        self._ids_effect.clear()
        self._cost_ids = None
        self.play_rules.clear()

    def ids_with_effect(self, kind: type | tuple[type, ...]) -> frozenset[str]:
        """Ids of the cards with a continuous (``STATIC``) ability holding an effect of type
        ``kind`` (or of one of the types ``kind`` lists; cached)."""
        found = self._ids_effect.get(kind)
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._ids_effect[kind] = frozenset(
                cid
                for cid, s in self._by_id.items()
                if any(
                    a.trigger is Trigger.STATIC and any(isinstance(e, kind) for e in a.effects)
                    for a in s.abilities
                )
            )
        return found

    def get(self, card_id: str) -> CardScript | None:
        """The script of ``card_id`` or ``None``."""
        if self._loader is not None:
            self._load()
        return self._by_id.get(card_id)

    def ids_with(self, trigger: Trigger) -> frozenset[str]:
        """Ids of the cards that have an ability with ``trigger`` (cached)."""
        found = self._ids_with.get(trigger)
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._ids_with[trigger] = frozenset(
                cid
                for cid, s in self._by_id.items()
                if any(a.trigger is trigger for a in s.abilities)
            )
        return found

    def hand_ids(self) -> frozenset[str]:
        """Ids of the cards with an activated ability played from the hand."""
        found = self._hand_ids
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._hand_ids = frozenset(
                cid for cid, s in self._by_id.items() if any(a.from_hand for a in s.abilities)
            )
        return found

    def ex_ids(self) -> frozenset[str]:
        """Ids of the cards with an activated ability played from the EX area."""
        found = self._ex_ids
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._ex_ids = frozenset(
                cid for cid, s in self._by_id.items() if any(a.from_ex for a in s.abilities)
            )
        return found

    def grave_ids(self) -> frozenset[str]:
        """Ids of the cards with an activated ability played from the graveyard."""
        found = self._grave_ids
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._grave_ids = frozenset(
                cid for cid, s in self._by_id.items() if any(a.from_grave for a in s.abilities)
            )
        return found

    def grave_play_ids(self) -> frozenset[str]:
        """Ids of the cards that may be played from the graveyard (:class:`PlayFromGrave`)."""
        return self.ids_with_effect(PlayFromGrave)

    def play_cost_ids(self) -> frozenset[str]:
        """Ids of the cards whose play cost a static ability of their own changes (kept at
        hand: every play-cost computation asks)."""
        found = self._cost_ids
        if found is None:
            found = self._cost_ids = self.ids_with_effect(OWN_PLAY_COSTS)
        return found

    def evolve_if(self, card_id: str) -> Condition | None:
        """The condition of the evolve ability of ``card_id``, if it has one."""
        script = self.get(card_id)
        return None if script is None else script.evolve_if

    def evolve_cost(self, card_id: str) -> int:
        """The evolve cost of the base follower ``card_id`` (CR 12.2)."""
        script = self.get(card_id)
        return DEFAULT_EVOLVE_COST if script is None else script.evolve_cost

    def evolve_discard(self, card_id: str) -> int:
        """How many cards the evolve ability of ``card_id`` discards as its cost (0: none)."""
        script = self.get(card_id)
        return 0 if script is None else script.evolve_discard

    def record(self, rec: CardRecord) -> CardRecord:
        """``rec`` with its keywords replaced by the script's own keywords, when known. The
        card-level Quick icon (CR 12.3.2.1) is not in the text the keywords are compiled
        from: a record's ``quick`` is kept unless it came from a Quick ability's marker."""
        found = self._records.get(rec)
        if found is None:
            script = self.get(rec.card_id)
            found = rec
            if script is not None and script.keywords is not None:
                keywords = script.keywords
                if "quick" in rec.keywords and "quick" not in keywords and not script.quick_ability:
                    keywords = (*keywords, "quick")
                found = dataclasses.replace(rec, keywords=keywords)
            self._records[rec] = found
        return found

    def abilities(self, card_id: str, trigger: Trigger) -> tuple[Ability, ...]:
        """The abilities of ``card_id`` with ``trigger`` (cached; empty when none)."""
        key = (card_id, trigger)
        found = self._by_trigger.get(key)
        if found is None:
            if self._loader is not None:
                self._load()
            script = self._by_id.get(card_id)
            found = (
                () if script is None else tuple(a for a in script.abilities if a.trigger is trigger)
            )
            self._by_trigger[key] = found
        return found

    def __len__(self) -> int:
        if self._loader is not None:
            self._load()
        return len(self._by_id)

    def __bool__(self) -> bool:
        return self._loader is not None or bool(self._by_id)


# --- Selections (CR 10.6.2.3 "choose") --------------------------------------------------------

LEADER_OFFSET = 2
"""Leaders are targets too: leader of player p is the target id ``-(p + 2)``."""


def leader_target(player: int) -> int:
    """The target id of ``player``'s leader (``-2`` or ``-3``)."""
    return -(player + LEADER_OFFSET)


@dataclass(frozen=True, slots=True)
class Targets:
    """What a selection may pick: enemy/own followers, amulets, leaders (Aura respected)."""

    side: str = "enemy"
    """``enemy``, ``own`` or ``any`` (relative to the ability's controller)."""
    followers: bool = True
    leaders: bool = False
    amulets: bool = False
    trait: str = ""
    """Only cards with this trait (``妖精``), or of this class when it is a class id."""
    max_cost: int = -1
    """Only cards whose original cost is at most this (CR 5.24); -1 for any."""
    exact_cost: int = -1
    """Only cards whose original cost is exactly this; -1 for any."""
    other: bool = False
    """Not the ability's own card (``他の``)."""
    name: str = ""
    """Only cards with exactly this name (``『フォレストバット』``)."""
    max_defense: int = -1
    """Only followers whose defense is at most this now; -1 for any."""
    token: bool = False
    """Only tokens (``兵士・トークン・フォロワー``)."""
    min_cost: int = -1
    """Only cards whose original cost is at least this (``元のコスト7以上の``); -1 for any."""
    not_name: str = ""
    """Not cards of this name (``「これと同名を除く…」``)."""
    max_attack: int = -1
    """Only followers whose attack is at most this now (``攻撃力3以下の``); -1 for any."""
    min_attack: int = -1
    """Only followers whose attack is at least this now (``攻撃力4以上の``); -1 for any."""
    name_contains: str = ""
    """Only cards whose name contains this (``「カード名に『…』を含むフォロワー」``)."""
    boxed: bool = False
    """Only Boxed cards (CR 5.31)."""

    def allows(self, card: Card) -> bool:
        """Whether a field card meets the trait, name, token and cost limits."""
        rec = card.face
        if self.token and not card.token:
            return False
        if self.boxed and not (card.counters is not None and "boxed" in card.counters):
            return False
        if self.trait and self.trait not in rec.traits and self.trait != rec.card_class:
            return False
        if self.name and rec.name != self.name:
            return False
        if self.not_name and rec.name == self.not_name:
            return False
        if self.name_contains and self.name_contains not in rec.name:
            return False
        cost = card.base.cost or 0
        if self.max_cost >= 0 and cost > self.max_cost:
            return False
        if self.min_cost >= 0 and cost < self.min_cost:
            return False
        if self.max_defense >= 0 and card.dfn > self.max_defense:
            return False
        if self.max_attack >= 0 and card.atk > self.max_attack:
            return False
        if self.min_attack >= 0 and card.atk < self.min_attack:
            return False
        return not (self.exact_cost >= 0 and cost != self.exact_cost)


@dataclass(frozen=True, slots=True)
class Select:
    """Choose ``count`` targets (``up_to``: 0 to ``count``) as "it" (CR 10.6.2.3)."""

    what: Targets
    count: int = 1
    up_to: bool = False
    per_grave: CardFilter | None = None
    """When set, ``count`` is per card in your graveyard that passes this filter
    (``…1枚につき、…1体まで選ぶ``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Ask for the next target, or finish when enough are chosen or none are left."""
        if frame.sub == 0 and frame.choice != "select":
            frame.targets = []
            frame.choice = "select"
        count = self.count
        if self.per_grave is not None:
            cards = game.cards
            match = self.per_grave.matches
            grave = game.players[frame.controller].grave
            count *= sum(1 for u in grave if match(cards[u].base))
        if frame.sub >= count:
            frame.sub = 0
            frame.choice = None
            return True
        cands = [
            t
            for t in game.candidates(self.what, frame.controller, frame.source)
            if t not in frame.targets
        ]
        if not cands:
            frame.sub = 0
            frame.choice = None
            return True
        game.ask_choice(frame.controller, [_target_word(t) for t in cands], self.up_to)
        return False

    def available(self, game: State, controller: int, source: int = -1) -> bool:
        """Whether a mandatory selection can be made at all (CR 10.6.2.3.3)."""
        return self.up_to or bool(game.candidates(self.what, controller, source))


@dataclass(frozen=True, slots=True)
class SelectEx:
    """Choose ``n`` cards passing ``what`` in your EX area as "it"."""

    what: CardFilter
    n: int = 1

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching cards one by one."""
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        if frame.choice is not None:
            frame.targets.append(int(frame.choice))
            frame.choice = None
            frame.sub += 1
        cards = game.cards
        cands = [
            u
            for u in sorted(game.players[frame.controller].ex)
            if u not in frame.targets and self.what.matches(cards[u].base)
        ]
        if frame.sub >= self.n or not cands:
            frame.sub = 0
            return True
        game.ask_pick(frame.controller, [str(u) for u in cands], False)
        return False


@dataclass(frozen=True, slots=True)
class SplitDamage:
    """CR 5.14: deal ``n`` damage divided as you choose among the chosen targets
    (``Nダメージを割りふる``): each target but the last is given an amount, the last the rest."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Ask how much goes to each target in turn."""
        alive = [t for t in frame.targets if game.target_exists(t)]
        index, given = frame.sub >> 8, frame.sub & 0xFF
        if frame.choice is not None:
            k, frame.choice = int(frame.choice), None
            game.deal_damage(alive[index], k)
            index, given = index + 1, given + k
            alive = [t for t in frame.targets if game.target_exists(t)] + alive[index:]
            alive = list(dict.fromkeys(alive))
        left = self.n - given
        if index >= len(alive) - 1 or left <= 0:
            if left > 0 and index < len(alive):
                game.deal_damage(alive[index], left)
            frame.sub = 0
            return True
        frame.sub = (index << 8) | given
        game.ask_pick(frame.controller, [str(i) for i in range(left, -1, -1)], False)
        return False


@dataclass(frozen=True, slots=True)
class NextCostDown:
    """This turn, the next card passing ``what`` you play costs ``n`` less (``このターン、次に
    自分が…をプレイする際、コストを-N する``; CR 10.4.4.1: the PP paid changes)."""

    what: CardFilter
    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Remember the reduction for the player."""
        game.players[frame.controller].discounts.append((game.turn, self.what, self.n))
        return True


@dataclass(frozen=True, slots=True)
class ToGrave:
    """Put this card from the field into its owner's graveyard (not destroyed, CR 5.6; its
    Last Words go off, CR 12.5)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Move it."""
        if frame.source >= 0:
            game.destroy_as_cost(frame.source)
        return True


@dataclass(frozen=True, slots=True)
class ToGraveAll:
    """Put all your field cards whose printed card passes ``what`` (original cost, CR 5.24)
    into the graveyard at once (not destroyed; Last Words go off, CR 12.5); they become
    "it" (``自分の場の…すべてを墓場に置く``)."""

    what: CardFilter

    def run(self, game: State, frame: Frame) -> bool:
        """Move them."""
        cards = game.cards
        match = self.what.matches
        got = [u for u in sorted(game.players[frame.controller].field) if match(cards[u].base)]
        for uid in got:
            game.destroy_as_cost(uid)
        frame.targets = got
        return True


@dataclass(frozen=True, slots=True)
class SelfToEx:
    """You may put this card from the graveyard into your EX area (``これをEXエリアに置いて
    よい``; without ``optional``, it is put there). Moved, it becomes "it" (for
    ``そうしたなら``)."""

    optional: bool = True

    def run(self, game: State, frame: Frame) -> bool:
        """Ask, then move it."""
        grave = game.players[game.cards[frame.source].owner].grave
        if frame.choice is None:
            if frame.source not in grave:
                return True
            if self.optional:
                game.ask_pick(frame.controller, ["yes"], True)
                return False
            word = "yes"
        else:
            word, frame.choice = frame.choice, None
        if word == "yes" and frame.source in grave and game.put_in_ex(frame.source):
            frame.targets = [frame.source]
        return True


@dataclass(frozen=True, slots=True)
class EvolveSelf:
    """CR 5.16: this follower evolves (``これは進化する``; no cost is paid)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Evolve it if it can."""
        if frame.source >= 0:
            game.evolve_by_effect(frame.source)
        return True


@dataclass(frozen=True, slots=True)
class SetStats:
    """The chosen followers' attack and defense become ``atk`` and ``dfn`` (CR 5.27: a
    value set, not a modifier)."""

    atk: int
    dfn: int
    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Set the values."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                card = game.cards[tgt]
                game.modify(tgt, self.atk - card.atk, self.dfn - card.dfn, (), False)
        return True


@dataclass(frozen=True, slots=True)
class NoCombatDamage:
    """This turn, the chosen followers take no combat damage (``交戦ダメージを受けない``)."""

    to: str = "self"

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them for this turn."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                card = game.writable(tgt)
                if card.counters is None:
                    card.counters = {}
                card.counters["no_combat_damage"] = game.turn
        return True


def _target_word(target: int) -> str:
    return f"leader{-target - LEADER_OFFSET}" if target < 0 else str(target)


def parse_target_word(word: str) -> int:
    """Inverse of the option words a selection offers (``7`` or ``leader1``)."""
    if word.startswith("leader"):
        return leader_target(int(word[6:]))
    return int(word)


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Which cards a search or a look at the deck may take (types, trait, cost, name)."""

    kind: str = "card"
    """``card``, ``follower``, ``spell`` or ``amulet``."""
    traits: tuple[str, ...] = ()
    """Any of these traits (or class ids) qualifies; empty for any."""
    max_cost: int = -1
    exact_cost: int = -1
    name: str = ""
    """Exactly this card name."""
    min_cost: int = -1
    """Original cost at least this (``元のコスト7以上``); -1 for any."""
    not_name: str = ""
    """Not a card of this name (``これと同名を除く``)."""
    token: bool = False
    """Only tokens."""
    name_contains: str = ""
    also: tuple[CardFilter, ...] = ()
    """Alternatives: a card passing any of them passes too (``AかB``)."""

    def matches(self, rec: CardRecord) -> bool:
        """Whether ``rec`` passes the filter (or one of its alternatives)."""
        if self.also and any(f.matches(rec) for f in self.also):
            return True
        if self.kind != "card" and rec.base_type != self.kind:
            return False
        if self.traits and not any(t in rec.traits or t == rec.card_class for t in self.traits):
            return False
        cost = rec.cost or 0
        if self.max_cost >= 0 and cost > self.max_cost:
            return False
        if self.exact_cost >= 0 and cost != self.exact_cost:
            return False
        if self.min_cost >= 0 and cost < self.min_cost:
            return False
        if self.not_name and rec.name == self.not_name:
            return False
        if self.token and not rec.card_type.startswith("token"):
            return False
        if self.name and rec.name != self.name:
            return False
        return not (self.name_contains and self.name_contains not in rec.name)


# --- Effects ---------------------------------------------------------------------------------

AMOUNT = -1
"""Use the amount carried by the triggering event (e.g. Drain's damage)."""


def _who(game: State, frame: Frame, who: str) -> int:
    return frame.controller if who == "you" else 1 - frame.controller


@dataclass(frozen=True, slots=True)
class Draw:
    """CR 5.10: ``who`` (``you``/``opponent``) draws ``n`` cards."""

    n: int = 1
    who: str = "you"
    plus_it: bool = False
    """Draw ``n`` more for each card of "it" (X being the cards discarded by it, plus 1)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Draw."""
        player = _who(game, frame, self.who)
        n = self.n + (len(frame.targets) if self.plus_it else 0)
        for _ in range(n):
            game.draw(player)
        return True


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

    def run(self, game: State, frame: Frame) -> bool:
        """Deal the damage (ability damage, CR 5.14.3.3)."""
        if self.discarded_cost:
            counters = game.cards[frame.source].counters if frame.source >= 0 else None
            paid = -1 if counters is None else counters.get(PAID_DISCARD, -1)
            if paid < 0:
                return True
            amount = game.cards[paid].base.cost or 0
        elif self.per_hand:
            amount = len(game.players[frame.controller].hand)
        elif self.per is not None:
            amount = len(game.candidates(self.per, frame.controller, frame.source, counting=True))
        elif self.half_attack:
            if frame.source < 0 or not game.target_exists(frame.source):
                return True
            amount = (max(0, game.cards[frame.source].atk) + 1) // 2
        elif self.attack:
            if frame.source < 0 or not game.target_exists(frame.source):
                return True
            amount = max(0, game.cards[frame.source].atk)
        elif self.per_hurt:
            turn, times = game.players[frame.controller].hurts
            amount = times if turn == game.turn else 0
        elif self.attack_of_it:
            alive = [t for t in frame.targets if t >= 0 and game.target_exists(t)]
            if not alive:
                return True
            amount = max(0, game.cards[alive[0]].atk)
        else:
            amount = frame.amount if self.n == AMOUNT else self.n
        if amount > 0 and frame.source >= 0 and game.target_exists(frame.source):
            amount += game.damage_bonus(frame.source)
        hit = False
        for tgt in _resolve(game, frame, self.to):
            if game.deal_damage(tgt, amount) and tgt >= 0:
                hit = hit or game.cards[tgt].controller != frame.controller
        if hit:
            game.ability_damage_dealt(frame.source)
        return True


@dataclass(frozen=True, slots=True)
class HealLeader:
    """CR 12.13.2: increase your leader's defense by ``n`` (``AMOUNT``: the event's)."""

    n: int = AMOUNT

    def run(self, game: State, frame: Frame) -> bool:
        """Heal."""
        game.heal_leader(frame.controller, frame.amount if self.n == AMOUNT else self.n)
        return True


@dataclass(frozen=True, slots=True)
class Buff:
    """CR 5.27: +atk/+def and keywords to ``to``, permanently or until end of turn."""

    atk: int = 0
    dfn: int = 0
    to: str = "self"
    until_end_of_turn: bool = False
    keywords: tuple[str, ...] = ()
    what: Targets | None = None
    """When set, every field card it allows gets the modifier (``to`` is ignored)."""
    per_died: bool = False
    """+X/+X, X being the followers put from the field into a graveyard this turn."""

    def run(self, game: State, frame: Frame) -> bool:
        """Apply the modifier."""
        atk, dfn = self.atk, self.dfn
        if self.per_died:
            atk = dfn = game.died if game.died_turn == game.turn else 0
        if self.what is not None:
            got = game.candidates(self.what, frame.controller, frame.source, counting=True)
        else:
            got = _resolve(game, frame, self.to)
        for tgt in got:
            if tgt < 0:  # a leader's 【体力】+N raises its defense (CR 5.27)
                if dfn > 0:
                    game.heal_leader(-tgt - LEADER_OFFSET, dfn)
                continue
            game.modify(tgt, atk, dfn, self.keywords, self.until_end_of_turn)
            if atk > 0 or dfn > 0:
                game.raised(tgt)
        return True


@dataclass(frozen=True, slots=True)
class Summon:
    """CR 5.5.2 / 9.1.2: create ``n`` copies of a token on your field (or EX area)."""

    token: CardRecord
    n: int = 1
    zone: str = "field"
    it: str = ""
    """``set``: the created tokens become "it"; ``add``: they join "it"."""
    """``field``, ``ex``, ``field_then_ex`` (onto the field until it is full, the rest into
    the EX area) or ``choose`` (of ``n``, any number onto the field, then any number of the
    others into the EX area)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Create the tokens (CR 4.4.4.2: the ones that do not fit are not created)."""
        me = frame.controller
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

    def _choose(self, game: State, frame: Frame) -> bool:
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


@dataclass(frozen=True, slots=True)
class Destroy:
    """CR 5.6: destroy the chosen followers/amulets."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Destroy."""
        game.destroy([t for t in _resolve(game, frame, self.to) if t >= 0])
        return True


@dataclass(frozen=True, slots=True)
class Banish:
    """CR 5.7: banish the chosen cards (``self``: this card, also from the graveyard in its
    Last Words)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Banish."""
        if self.to == "self" and frame.source >= 0 and not game.target_exists(frame.source):
            card = game.cards[frame.source]
            if frame.source in game.players[card.owner].grave:
                game.banish(frame.source)
            return True
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.banish(tgt)
        return True


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return the chosen field cards to their owners' hands (a token vanishes, CR 9.1.4.3)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Return them (``self`` of a resolving spell: the spell goes to the hand instead
        of the graveyard)."""
        if self.to == "self" and frame.source >= 0 and not game.target_exists(frame.source):
            game.return_to_hand(frame.source)
            return True
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.return_to_hand(tgt)
        return True


@dataclass(frozen=True, slots=True)
class PutInEx:
    """CR 4.8: put the chosen field cards into their owners' EX areas (``self``: this card
    from the field, or from the graveyard in its Last Words, or a resolving spell)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Move them."""
        if self.to == "self" and frame.source >= 0 and not game.target_exists(frame.source):
            game.self_to_ex(frame.source)
            return True
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.field_to_ex(tgt)
        return True


@dataclass(frozen=True, slots=True)
class Engage:
    """CR 5.4: engage (``stand=False``) or stand the chosen cards."""

    to: str = "targets"
    stand: bool = False

    def run(self, game: State, frame: Frame) -> bool:
        """Engage or stand."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.set_engaged(tgt, not self.stand)
        return True


@dataclass(frozen=True, slots=True)
class SkipStand:
    """The chosen cards do not stand in their controller's next start phase (CR 7.2.3)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.add_counter(tgt, "skip_stand")
        return True


@dataclass(frozen=True, slots=True)
class Box:
    """CR 5.31: the chosen followers become Boxed until the end of their controller's next
    turn. A Boxed card loses every ability it has, printed or gained so far (CR 5.31.2;
    abilities gained later are kept, 5.31.2.1), so its auto, activated and continuous
    abilities, its keywords and its evolve ability (CR 12.2.1) do nothing; and it does not
    stand by rule in its controller's start phase (CR 5.31.3; an effect may still stand it,
    5.31.3.1). Keywords that continuous abilities of other cards give it are applied again at
    the next check, as abilities gained after the boxing (CR 5.31.2.1)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Box them."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.box(tgt)
        return True


COUNTER_PREFIX = "c:"
"""Named counters a card's text puts on cards are kept as ``c:<name>`` in its counters."""


@dataclass(frozen=True, slots=True)
class CounterOnOwn:
    """Choose one of your cards named ``name`` on your field or in your EX area; put ``n``
    counters named ``counter`` on it."""

    name: str
    counter: str
    n: int = 1

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching cards (field first), then put the counters."""
        p = game.players[frame.controller]
        cards = game.cards
        if frame.choice is None:
            found = [u for u in sorted(p.field) + sorted(p.ex) if cards[u].face.name == self.name]
            if not found:
                return True
            game.ask_pick(frame.controller, [str(u) for u in found], False)
            return False
        uid, frame.choice = int(frame.choice), None
        if uid in p.field or uid in p.ex:
            game.add_counter(uid, COUNTER_PREFIX + self.counter, self.n)
        return True


@dataclass(frozen=True, slots=True)
class CostDown:
    """This turn, the chosen cards cost ``n`` less to play (not below 0)."""

    n: int
    to: str = "targets"
    per_played: bool = False
    """``n`` is the number of cards you played this turn (``Xは「このターン中に自分がプレイ
    したカードの枚数」``)."""
    zero: bool = False
    """The cost becomes 0 (``コストを0にする``): ``n`` is the card's own cost."""

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them (cards in any zone: a found card is in the hand or EX area)."""
        n = game.players[frame.controller].played if self.per_played else self.n
        for tgt in frame.targets if self.to == "targets" else _resolve(game, frame, self.to):
            if tgt >= 0:
                game.cost_down(tgt, (game.cards[tgt].base.cost or 0) if self.zero else n)
        return True


@dataclass(frozen=True, slots=True)
class NoAttack:
    """The chosen followers cannot attack this turn, or in their controller's next turn."""

    to: str = "targets"
    next_turn: bool = False

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.forbid_attack(tgt, self.next_turn)
        return True


@dataclass(frozen=True, slots=True)
class EventIs:
    """Stop the ability unless the event's card (the follower that entered) passes ``what``."""

    what: CardFilter
    min_attack: int = -1
    """The event's follower has at least this attack now (``攻撃力4以上の``); -1 for any."""
    own: bool = False
    """The event's card is yours (``自分の…カードの能力によって``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Check the event's card."""
        card = game.cards[frame.amount] if frame.amount >= 0 else None
        if (
            card is None
            or not self.what.matches(card.face)
            or (self.min_attack >= 0 and card.atk < self.min_attack)
            or (self.own and card.controller != frame.controller)
        ):
            frame.step = len(frame.effects) - 1
        return True


@dataclass(frozen=True, slots=True)
class FromGrave:
    """Choose up to ``n`` cards passing ``what`` in your graveyard; move them to ``to``
    (``hand`` or ``field``) as "it"."""

    what: CardFilter
    n: int = 1
    to: str = "hand"
    up_to: bool = False
    distinct_names: bool = False
    max_total: int = -1
    """The chosen cards' original costs add up to at most this (``元のコストの合計がN以下に
    なるように``); -1 for no limit."""

    def available(self, game: State, controller: int, source: int = -1) -> bool:
        """CR 10.6.2.3.3: a mandatory choice needs ``n`` matching cards in the graveyard."""
        if self.up_to:
            return True
        cards = game.cards
        match = self.what.matches
        grave = game.players[controller].grave
        return sum(1 for u in grave if u != source and match(cards[u].base)) >= self.n

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching cards one by one (``done`` when ``up_to``)."""
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        return _take(game, frame, game.players[frame.controller].grave, self, self.n, False)


@dataclass(frozen=True, slots=True)
class FromHand:
    """You may put up to ``n`` cards passing ``what`` from your hand (and your EX area, with
    ``ex``) onto your field as "it" (not a play, CR 10.6; CR 4.4.4.2: only while the field
    has room). With ``max_pp`` the original cost limit is your PP maximum when it resolves
    (``X`` defined as the PP maximum)."""

    what: CardFilter
    n: int = 1
    ex: bool = False
    max_pp: bool = False
    to: str = "field"
    distinct_names: bool = False

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching cards one by one (``done`` declines)."""
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        p = game.players[frame.controller]
        how = self
        if self.max_pp:
            how = dataclasses.replace(
                self, what=dataclasses.replace(self.what, max_cost=p.max_pp), max_pp=False
            )
        pool = p.hand + p.ex if self.ex else p.hand
        pool = [u for u in pool if u != frame.source]
        return _take(game, frame, pool, how, self.n, False)


@dataclass(frozen=True, slots=True)
class RevealTop:
    """Reveal the top card of your deck; if it passes ``what``, put it into your hand, else
    it stays on top (``自分のデッキの上1枚を公開する。『…』を公開したなら、公開したカードを
    手札に加える``)."""

    what: CardFilter

    def run(self, game: State, frame: Frame) -> bool:
        """Look at the top card and take it when it matches."""
        deck = game.players[frame.controller].deck
        if deck and self.what.matches(game.cards[deck[-1]].base):
            game.move_found(deck[-1], "hand", frame.controller)
        return True


@dataclass(frozen=True, slots=True)
class Mill:
    """Put the top ``n`` cards of ``who``'s deck into the graveyard."""

    n: int
    who: str = "you"
    it: bool = False
    """The cards put into the graveyard become "it" ("the cards put into the graveyard")."""

    def run(self, game: State, frame: Frame) -> bool:
        """Mill."""
        player = _who(game, frame, self.who)
        if self.it:
            deck = game.players[player].deck
            frame.targets = deck[len(deck) - min(self.n, len(deck)) :][::-1]
        game.mill(player, self.n)
        return True


@dataclass(frozen=True, slots=True)
class GainPP:
    """CR 5.15: recover ``n`` PP (up to the maximum, CR 3.2.4.2), or raise the maximum."""

    n: int
    maximum: bool = False
    """Raise the PP maximum (capped at 10, CR 3.2.4.1) instead of recovering PP."""

    def run(self, game: State, frame: Frame) -> bool:
        """Change the PP."""
        game.gain_pp(frame.controller, self.n, self.maximum)
        return True


@dataclass(frozen=True, slots=True)
class DiscardCards:
    """CR 5.12: ``who`` (``you``/``opponent``) discards ``n`` cards of their choice from
    their hand (``random``: cards chosen at random, CR 5.19)."""

    n: int = 1
    who: str = "you"
    random: bool = False
    banish: bool = False
    """The chosen cards are banished instead (``自分の手札N枚を消滅させる``, CR 5.7; not a
    discard, so nothing that reacts to discards goes off)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Ask the discarding player which card, ``n`` times (fewer if the hand runs out)."""
        player = _who(game, frame, self.who)
        hand = game.players[player].hand
        if self.random:
            for _ in range(self.n):
                if hand:
                    game.discard_card(player, game.rng.choice(sorted(hand)))
            return True
        if frame.choice is not None:
            if self.banish:
                game.banish(int(frame.choice))
            else:
                game.discard_card(player, int(frame.choice), frame.source)
            frame.choice = None
            frame.sub += 1
        if frame.sub >= self.n or not hand:
            frame.sub = 0
            return True
        game.ask_pick(player, [str(u) for u in sorted(hand)], False)
        return False


@dataclass(frozen=True, slots=True)
class DiscardAny:
    """CR 5.12: you discard any number of cards of your choice from your hand (one at a
    time, ``done`` to stop); the discarded cards become "it"."""

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the hand until ``done`` or it is empty."""
        if frame.choice is None and frame.sub == 0:
            frame.targets = []
            frame.sub = 1
        if frame.choice is not None:
            word, frame.choice = frame.choice, None
            if word == "done":
                frame.sub = 0
                return True
            uid = int(word)
            game.discard_card(frame.controller, uid)
            frame.targets.append(uid)
        hand = game.players[frame.controller].hand
        if not hand:
            frame.sub = 0
            return True
        game.ask_pick(frame.controller, [str(u) for u in sorted(hand)], True)
        return False


@dataclass(frozen=True, slots=True)
class HandToDeck:
    """Put one card of your choice from your hand on the top or the bottom of your deck,
    as you choose."""

    def run(self, game: State, frame: Frame) -> bool:
        """Ask for the card, then for the end of the deck."""
        me = frame.controller
        hand = game.players[me].hand
        if frame.sub == 0:
            if not hand:
                return True
            frame.sub = 1
            game.ask_pick(me, [str(u) for u in sorted(hand)], False)
            return False
        word, frame.choice = frame.choice, None
        if frame.sub == 1:
            frame.sub = 2 + int(word or 0)
            game.ask_pick(me, ["top", "bottom"], False)
            return False
        uid, frame.sub = frame.sub - 2, 0
        game.hand_to_deck(uid, word == "top")
        return True


@dataclass(frozen=True, slots=True)
class PlayFromOpponentGrave:
    """Choose a card in your opponent's graveyard and play it with its cost set to ``cost``
    (CR 10.4.4.1); a card that cannot be played now is left there (CR 10.6.2.3.3)."""

    cost: int = 0

    def available(self, game: State, controller: int, source: int = -1) -> bool:
        """A card must be there to be chosen (CR 10.6.2.3.3)."""
        return bool(game.players[1 - controller].grave)

    def run(self, game: State, frame: Frame) -> bool:
        """Ask for the card, then play it."""
        grave = game.players[1 - frame.controller].grave
        if frame.choice is None:
            if not grave:
                return True
            game.ask_pick(frame.controller, [str(u) for u in sorted(grave)], False)
            return False
        uid, frame.choice = int(frame.choice), None
        if uid in grave:
            game.play_by_effect(frame.controller, uid, self.cost)
        return True


@dataclass(frozen=True, slots=True)
class EvolveCostIf:
    """A ``STATIC`` ability: a second evolve ability of the same card, with cost ``n``,
    usable while ``condition`` holds (an evolve ability "usable only if ..."). Both
    evolve the card the same way, so the cheaper one that may be used is the evolve cost."""

    n: int
    condition: Condition

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the evolve cost is computed where it is paid."""
        return True


@dataclass(frozen=True, slots=True)
class EvolveInto:
    """A ``STATIC`` entry for one evolve ability (CR 12.2) of a card that evolves into an
    evolved card of another name ("this evolves into <name>"): cost ``n``,
    into the card named ``name``. A card with several has them all; the player chooses."""

    name: str
    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the evolve procedure offers it."""
        return True


@dataclass(frozen=True, slots=True)
class WinGame:
    """CR 5.23.1: you win the battle (every other player loses the game)."""

    def run(self, game: State, frame: Frame) -> bool:
        """End the game."""
        game.win_by_effect(frame.controller)
        return True


@dataclass(frozen=True, slots=True)
class DeckAtMost:
    """Your deck has ``n`` or fewer cards."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the deck."""
        return len(game.players[controller].deck) <= self.n


@dataclass(frozen=True, slots=True)
class Search:
    """CR 5.8: find up to ``n`` cards passing ``what`` in your deck, move them to ``to``
    (``hand``, ``ex`` or ``field``) as "it", then shuffle (CR 5.8.2)."""

    what: CardFilter
    n: int = 1
    to: str = "hand"
    distinct_names: bool = False
    max_total: int = -1
    """The original costs (CR 5.24) of the cards found add up to at most this
    (``元のコストの合計がN以下になるように``); -1 for no limit."""
    max_cost_x: bool = False
    """Only cards of original cost X or less, X being the ability's amount (``元のコストX
    以下``, X chosen by :class:`PayX`)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching cards one by one (``done`` stops: CR 5.8.1.2)."""
        return _take(game, frame, game.players[frame.controller].deck, self, self.n, True)


@dataclass(frozen=True, slots=True)
class LookTop:
    """CR 5.11: look at the top ``look`` cards; take up to ``n`` passing ``what`` to ``to``
    (``hand``, ``ex``, ``field`` or ``grave``); the rest go to ``rest``: ``bottom`` (in their
    current order), ``grave``, or ``top`` (they stay where they are, CR 5.11.1)."""

    look: int
    what: CardFilter
    n: int = 1
    to: str = "hand"
    distinct_names: bool = False
    rest: str = "bottom"
    must: bool = False
    """The ``n`` cards must be taken while there are any (``…を手札に加える``, no "may")."""

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching cards among the top ones; then move the rest."""
        deck = game.players[frame.controller].deck
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        left = min(self.look - len(frame.targets), len(deck))
        top = deck[len(deck) - left :] if left > 0 else []
        done = _take(game, frame, top, self, self.n, False)
        if done and self.rest != "top":
            left = min(self.look - len(frame.targets), len(deck))
            if left > 0 and self.rest == "grave":
                game.mill(frame.controller, left)
            elif left > 0 and self.rest == "hand":
                for uid in reversed(deck[len(deck) - left :]):
                    game.move_found(uid, "hand", frame.controller)
            elif left > 0:
                game.to_bottom(frame.controller, deck[len(deck) - left :])
        return done


@dataclass(frozen=True, slots=True)
class LookTopPicks:
    """CR 5.11: look at the top ``look`` cards; then, for each ``(filter, zone)`` of
    ``picks`` in turn, you may take one card passing the filter among those still looked at
    to that zone (``hand``, ``ex``, ``field`` or ``grave``); the rest go to ``rest``
    (``bottom`` in their current order, ``grave`` or ``top``). The taken cards are "it"."""

    look: int
    picks: tuple[tuple[CardFilter, str], ...]
    rest: str = "bottom"

    def run(self, game: State, frame: Frame) -> bool:
        """Offer each pick (``done`` declines it), then move the rest."""
        me = frame.controller
        deck = game.players[me].deck
        if frame.sub == 0:
            frame.targets = []
            frame.sub = 1
        if frame.choice is not None:
            word, frame.choice = frame.choice, None
            if word != "done":
                uid = int(word)
                frame.targets.append(uid)
                game.move_found(uid, self.picks[frame.sub - 1][1], me)
            frame.sub += 1
        cards = game.cards
        while frame.sub <= len(self.picks):
            what, to = self.picks[frame.sub - 1]
            left = min(self.look - len(frame.targets), len(deck))
            seen: dict[str, int] = {}
            if to != "field" or game.field_has_room(me):
                for uid in deck[len(deck) - left :] if left > 0 else []:
                    if what.matches(cards[uid].base):
                        seen.setdefault(cards[uid].base.card_id, uid)
            if seen:
                game.ask_pick(me, [str(u) for u in sorted(seen.values())], True)
                return False
            frame.sub += 1
        frame.sub = 0
        left = min(self.look - len(frame.targets), len(deck))
        if left > 0 and self.rest == "grave":
            game.mill(me, left)
        elif left > 0 and self.rest == "bottom":
            game.to_bottom(me, deck[len(deck) - left :])
        return True


@dataclass(frozen=True, slots=True)
class FromEvolveDeck:
    """You may put one face-down card named ``name`` from your evolve deck (an Advance
    card, CR 9.2) into your EX area or onto your field (``to``: ``ex`` or ``field``;
    ``自分のエボルヴデッキの『…』1枚を…てよい``)."""

    name: str
    to: str = "ex"

    def run(self, game: State, frame: Frame) -> bool:
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


@dataclass(frozen=True, slots=True)
class EvolveCostDown:
    """This turn, this card's evolve cost (CR 12.2) is ``n`` less, not below 0
    (``このターン、これの【進化】コストを-Nする``); repeated uses add up."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
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


@dataclass(frozen=True, slots=True)
class Arrange:
    """CR 5.11: look at the top ``look`` cards of your deck, put any number of them back on
    top in any order and the rest on the bottom in any order (``好きな枚数を好きな順にデッキの
    上に置く。残りを好きな順にデッキの下に置く``). The player picks the cards for the top one
    by one, the first picked ending on top; ``done`` sends the rest to the bottom, picked one
    by one when more than one is left, the last picked ending at the very bottom."""

    look: int

    def run(self, game: State, frame: Frame) -> bool:
        """Ask for the top cards, then the order of the bottom ones, then move them."""
        me = frame.controller
        deck = game.players[me].deck
        if frame.sub == 0:  # "it" holds the looked-at cards, the placed ones first
            n = min(self.look, len(deck))
            if n == 0:
                return True
            frame.targets = list(reversed(deck[len(deck) - n :]))
            frame.sub = 1
        # frame.sub: 1 + cards picked for the top; from 100: 100 + those for the bottom
        top = frame.sub - 1 if frame.sub < 100 else self._top(frame)
        if frame.choice is not None:
            word, frame.choice = frame.choice, None
            if word == "done":
                frame.targets.append(-1 - top)  # remember the top count at the end
                frame.sub = 100
            else:
                uid = int(word)
                placed = top if frame.sub < 100 else top + frame.sub - 100
                cards = frame.targets
                cards.remove(uid)
                cards.insert(placed, uid)
                frame.sub += 1
        if frame.sub < 100:
            top = frame.sub - 1
        looked = [u for u in frame.targets if u >= 0]
        if frame.sub < 100:
            left = looked[top:]
            if left:
                game.ask_pick(me, [str(u) for u in sorted(left)], True)
                return False
            frame.targets.append(-1 - top)
            frame.sub = 100
        bottom = frame.sub - 100
        left = looked[top + bottom :]
        if len(left) > 1:
            game.ask_pick(me, [str(u) for u in sorted(left)], False)
            return False
        order = looked[:top]
        under = looked[top:]
        for u in looked:
            deck.remove(u)
        deck[0:0] = list(reversed(under))
        deck.extend(reversed(order))
        frame.sub = 0
        frame.targets = []
        return True

    @staticmethod
    def _top(frame: Frame) -> int:
        return -1 - frame.targets[-1]


def _take(
    game: State,
    frame: Frame,
    pool: list[int],
    how: Search | LookTop | FromGrave | FromHand,
    n: int,
    shuffle: bool,
) -> bool:
    if frame.sub == 0 and frame.choice is None and isinstance(how, Search):
        frame.targets = []
    if frame.choice is not None:
        word, frame.choice = frame.choice, None
        if word == "done":
            frame.sub = n
        else:
            uid = int(word)
            frame.targets.append(uid)
            game.move_found(uid, how.to, frame.controller)
            frame.sub += 1
    if frame.sub < n:
        taken = {game.cards[u].base.name for u in frame.targets}
        budget = getattr(how, "max_total", -1)
        if budget >= 0:
            budget -= sum(game.cards[u].base.cost or 0 for u in frame.targets)
        what = how.what
        if getattr(how, "max_cost_x", False):
            what = dataclasses.replace(what, max_cost=max(0, frame.amount))
        seen: dict[str, int] = {}
        for uid in pool:
            rec = game.cards[uid].base
            if uid in frame.targets or not what.matches(rec):
                continue
            if budget >= 0 and (rec.cost or 0) > budget:
                continue
            if how.distinct_names and rec.name in taken:
                continue
            if how.to == "field" and not game.field_has_room(frame.controller):
                continue
            seen.setdefault(rec.card_id, uid)
        if seen:
            options = [str(u) for u in sorted(seen.values())]
            optional = not isinstance(how, FromGrave) or how.up_to
            if isinstance(how, LookTop) and how.must:
                optional = False
            game.ask_pick(frame.controller, options, optional)
            return False
    frame.sub = 0
    if shuffle:
        game.shuffle_deck(frame.controller)
    return True


MAGIC_ITEM = "魔法のアイテム"
"""CR 14.3.1.1: the collab name (CR 2.14) every Magic Item token has."""
IDOLMASTER = "デレマス"
"""The trait of The Idolmaster Cinderella Girls cards."""


def is_magic_item(rec: CardRecord) -> bool:
    """Whether ``rec`` is a Magic Item token (CR 14.3.1): the spell tokens of Cinderella
    Girls, printed under several names and art, are all Magic Items with one text."""
    return rec.card_type == "token_spell" and (rec.name == MAGIC_ITEM or IDOLMASTER in rec.traits)


def magic_items(game: State, player: int) -> list[int]:
    """The Magic Items in ``player``'s EX area, oldest first."""
    cards = game.cards
    return sorted(u for u in game.players[player].ex if is_magic_item(cards[u].base))


@dataclass(frozen=True, slots=True)
class PutCounters:
    """CR 15.1.3: put ``n`` counters named ``name`` on ``to`` (``self`` or ``targets``), or
    on every field card ``what`` allows (``自分の場の『…』すべてに…カウンターN個を置く``).
    With ``per_max_pp`` the number is your PP maximum (``Xは「自分のPP最大値」``); at most
    ``cap`` of them can be on a card (``これに…カウンターはN個まで置ける``), -1 for no limit.
    Counters are kept under :data:`COUNTER_PREFIX` plus their name."""

    name: str
    n: int = 1
    per_max_pp: bool = False
    cap: int = -1
    what: Targets | None = None
    to: str = "self"
    anywhere: bool = False
    """On this card wherever it is (in the EX area, for one)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Add the counters to each recipient on the field."""
        if self.anywhere:
            got = [frame.source]
        elif self.what is not None:
            got = game.candidates(self.what, frame.controller, frame.source, counting=True)
        else:
            got = _resolve(game, frame, self.to)
        n = game.players[frame.controller].max_pp if self.per_max_pp else self.n
        key = COUNTER_PREFIX + self.name
        for uid in got:
            if uid < 0:
                continue
            more = n
            if self.cap >= 0:
                counters = game.cards[uid].counters
                more = min(n, self.cap - (0 if counters is None else counters.get(key, 0)))
            if more > 0:
                game.add_counter(uid, key, more)
        return True


@dataclass(frozen=True, slots=True)
class AttackSum:
    """The attack of the field cards ``what`` allows adds up to ``n`` or more (``…の攻撃力の
    合計がN以上``)."""

    what: Targets
    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Add up their attack now."""
        cards = game.cards
        got = game.candidates(self.what, controller, source, counting=True)
        return sum(cards[u].atk for u in got if u >= 0) >= self.n


@dataclass(frozen=True, slots=True)
class CountersAtLeast:
    """This card has ``n`` or more counters named ``name`` (CR 15.1; ``これの…カウンターがN個
    以上``)."""

    name: str
    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the counters on this card."""
        if source < 0:
            return False
        counters = game.cards[source].counters
        return counters is not None and counters.get(COUNTER_PREFIX + self.name, 0) >= self.n


@dataclass(frozen=True, slots=True)
class PayX:
    """CR 5.2.1.2 / 10.6.2.2.3: the player chooses X as the ability is played and pays X PP
    and X ``counter`` counters taken from this card (CR 15.1.4) as its cost
    (``【コストX】…これの…カウンターX個を取る``); X is then the ability's amount."""

    counter: str

    def run(self, game: State, frame: Frame) -> bool:
        """Ask for X (at most the PP and the counters there are), then pay it."""
        me = frame.controller
        card = game.cards[frame.source]
        key = COUNTER_PREFIX + self.counter
        have = 0 if card.counters is None else card.counters.get(key, 0)
        if frame.choice is None:
            most = min(game.players[me].pp, have)
            game.ask_pick(me, [str(i) for i in range(most, -1, -1)], False)
            return False
        x, frame.choice = int(frame.choice), None
        game.players[me].pp -= x
        if x and card.counters is not None:
            card = game.writable(frame.source)
            assert card.counters is not None
            card.counters[key] = have - x
        frame.amount = x
        return True


PAID_DISCARD = "paid_discard"
"""The counter on an ability's card naming the card its :class:`PayCost` discarded."""

_BANISHING = 10
"""The step of :class:`PayCost` from which graveyard cards are banished (plus the count)."""
_ENGAGING = 50
"""The step of :class:`PayCost` from which field cards are engaged (plus the count)."""
_ENGAGING_ANY = 1000
"""The step of :class:`PayCost` in which any number of field cards are engaged."""


@dataclass(frozen=True, slots=True)
class PayCost:
    """CR 10.4.7: ``(cost): (effects)`` inside an ability. The player may pay the cost (only
    when all of it can be paid, CR 10.4.2.2) and the effects, to the end of the ability
    (CR 10.4.7.1), run only if it was paid. With ``optional=False`` and no effects it is the
    extra cost of an activated ability, paid before its effects (CR 10.6.2.5)."""

    effects: tuple[Effect, ...] = ()
    pp: int = 0
    """PP to pay (``【コストN】``, CR 10.4.4)."""
    leader: int = 0
    """Defense your leader loses (``リーダーの【体力】-N``, CR 10.4.5)."""
    discard: CardFilter | None = None
    """Discard one card from your hand that passes this filter (CR 5.12)."""
    sacrifice: Targets | None = None
    """Put one of your field cards that this allows into the graveyard."""
    optional: bool = True
    banish: CardFilter | None = None
    """Banish ``banish_n`` cards passing this filter from your graveyard (CR 5.7)."""
    banish_n: int = 0
    banish_field: bool = False
    """The field card of ``sacrifice`` is banished instead (``場の『…』1つを消滅``)."""
    banish_from: str = "grave"
    """Where the ``banish`` cards are: ``grave`` or ``ex`` (``EXエリアの『…』N枚を消滅``)."""
    lesson: int = 0
    """Lesson N (``【レッスン_N】``, CR 14.3.2.1): banish N Magic Items from your EX area."""
    take_from: Targets | None = None
    """Remove ``take_n`` counters named ``take`` from one field card this allows
    ("remove N counters from one <name> on the field")."""
    take: str = ""
    take_n: int = 0
    engage_any: Targets | None = None
    """Engage any number of your standing field cards this allows (CR 10.4.6); how many is
    the ability's amount (``AMOUNT``)."""

    def _engageable_any(self, game: State, controller: int, source: int) -> list[int]:
        what = self.engage_any
        assert what is not None
        cards = game.cards
        found = game.candidates(what, controller, source, counting=True)
        return [u for u in found if not cards[u].engaged and u != source]

    engage_self: bool = False
    """Engage this standing field card (``これを【アクト】``, CR 10.4.6)."""
    discard_n: int = 1
    """How many cards passing ``discard`` are discarded (``手札の…2枚を捨てる``)."""
    otherwise: tuple[Effect, ...] = ()
    """Run instead of ``effects`` when the cost was not paid (``捨てなかったなら``)."""

    discard_to_ex: bool = False
    """The hand card of ``discard`` is put into your EX area instead of discarded
    (``手札の…1枚をEXエリアに置く``; the EX area must have room, CR 4.8.3.1)."""
    sacrifice_to_ex: bool = False
    """The field card of ``sacrifice`` goes to its owner's EX area instead
    (``場の…1枚をEXエリアに置く``; the EX area must have room, CR 4.8.3.2)."""
    sacrifice_to_hand: bool = False
    """The field card of ``sacrifice`` is returned to its owner's hand instead
    (``場の他のカード1枚を手札に戻す``)."""
    sacrifice_n: int = 1
    """How many field cards ``sacrifice`` allows are put into the graveyard."""
    reveal: CardFilter | None = None
    """Reveal ``reveal_n`` cards passing this filter from your hand (``手札の…N枚を公開``):
    the cards stay in the hand, so paying only needs them to be there (the opponent's
    view of the hand is not changed by it)."""
    reveal_n: int = 0

    def _takeable(self, game: State, controller: int, source: int = -1) -> list[int]:
        what = self.take_from
        assert what is not None
        key = COUNTER_PREFIX + self.take
        cards = game.cards
        out = []
        for u in game.candidates(what, controller, source, counting=True):
            counters = cards[u].counters
            if counters is not None and counters.get(key, 0) >= self.take_n:
                out.append(u)
        return out

    engage: Targets | None = None
    """Engage ``engage_n`` standing cards of your field that this allows (``場の『…』1つを
    【アクト】``, CR 5.4)."""
    engage_n: int = 1

    def _engageable(self, game: State, controller: int, source: int) -> list[int]:
        what = self.engage
        assert what is not None
        cards = game.cards
        found = game.candidates(what, controller, source, counting=True)
        return [u for u in found if u >= 0 and not cards[u].engaged]

    def available(self, game: State, controller: int, source: int = -1) -> bool:
        """Whether every part of the cost can be paid now (CR 10.4.2.2)."""
        p = game.players[controller]
        if p.pp < self.pp or (self.leader and p.hp < self.leader):
            return False
        if self.lesson and len(magic_items(game, controller)) < self.lesson:
            return False
        if self.engage_self and (
            source < 0 or not game.target_exists(source) or game.cards[source].engaged
        ):
            return False
        if (self.sacrifice_to_ex or self.discard_to_ex) and len(p.ex) >= 5:  # CR 4.8.3.1
            return False
        cards = game.cards
        if self.discard is not None:
            match = self.discard.matches
            hand = game.players[controller].hand
            if sum(1 for u in hand if u != source and match(cards[u].base)) < self.discard_n:
                return False
        if self.engage is not None and (
            len(self._engageable(game, controller, source)) < self.engage_n
        ):
            return False
        if self.banish is not None:
            match = self.banish.matches
            grave = self._banish_zone(game, controller)
            if sum(1 for u in grave if u != source and match(cards[u].base)) < self.banish_n:
                return False
        if self.take_from is not None and not self._takeable(game, controller, source):
            return False
        if self.reveal is not None:
            match = self.reveal.matches
            hand = p.hand
            if sum(1 for u in hand if u != source and match(cards[u].base)) < self.reveal_n:
                return False
        return (
            self.sacrifice is None
            or len(game.candidates(self.sacrifice, controller, source, counting=True))
            >= self.sacrifice_n
        )

    def _banish_zone(self, game: State, controller: int) -> list[int]:
        p = game.players[controller]
        return p.ex if self.banish_from == "ex" else p.grave

    def _banishable(self, game: State, controller: int, source: int = -1) -> list[int]:
        what = self.banish
        assert what is not None
        cards = game.cards
        grave = sorted(self._banish_zone(game, controller))
        return [u for u in grave if u != source and what.matches(cards[u].base)]

    def _discardable(self, game: State, controller: int, source: int = -1) -> list[int]:
        what = self.discard
        assert what is not None
        cards = game.cards
        hand = sorted(game.players[controller].hand)
        return [u for u in hand if u != source and what.matches(cards[u].base)]

    def run(self, game: State, frame: Frame) -> bool:
        """Offer to pay (``pay`` or ``done``), take the card to pay with, then run the effects."""
        me = frame.controller
        if frame.sub >= _ENGAGING_ANY:  # engaging any number of cards, one at a time
            word, frame.choice = frame.choice, None
            if word is not None and word != "done":
                game.set_engaged(int(word), True)
                frame.amount += 1
            options = [str(u) for u in self._engageable_any(game, me, frame.source)]
            if word != "done" and options:
                game.ask_pick(me, options, True)
                return False
            frame.sub = 0
            if self.effects:
                game.push_frame(self.effects, frame)
            return True
        if frame.sub == 0:
            if not self.available(game, me, frame.source):
                if self.otherwise:
                    game.push_frame(self.otherwise, frame)
                if not self.optional and not self.effects:  # an unpaid cost: nothing follows
                    frame.step = len(frame.effects) - 1
                return True
            frame.sub = 1
            if self.optional:
                game.ask_pick(me, ["pay"], True)
                return False
        if frame.sub == 1:
            word, frame.choice = frame.choice, None
            if word == "done":
                frame.sub = 0
                if self.otherwise:
                    game.push_frame(self.otherwise, frame)
                return True
            p = game.players[me]
            p.pp -= self.pp
            if self.leader:
                game.lose_defense(me, self.leader)
            # CR 14.3.2.1: Magic Items are alike (one text, one cost), so which go is no choice
            for uid in magic_items(game, me)[: self.lesson]:
                game.banish(uid)
            if self.engage_self:
                game.set_engaged(frame.source, True)
            frame.sub = 2
            if self.discard is not None:
                options = [str(u) for u in self._discardable(game, me, frame.source)]
                game.ask_pick(me, options, False)
                return False
            if self.sacrifice is not None:
                cands = game.candidates(self.sacrifice, me, frame.source, counting=True)
                game.ask_pick(me, [str(u) for u in cands], False)
                return False
            if self.take_from is not None:
                cands = self._takeable(game, me, frame.source)
                game.ask_pick(me, [str(u) for u in cands], False)
                return False
            frame.sub = _BANISHING if self.engage is None else _ENGAGING
        if 2 <= frame.sub < _BANISHING and frame.choice is not None:
            uid, frame.choice = int(frame.choice), None
            if self.discard is not None and self.discard_to_ex:
                game.put_in_ex(uid)
            elif self.discard is not None:
                game.discard_card(me, uid, frame.source)
                if frame.source >= 0:
                    counters = game.writable(frame.source).counters
                    if counters is None:
                        counters = game.writable(frame.source).counters = {}
                    counters[PAID_DISCARD] = uid
                if frame.sub - 1 < self.discard_n:  # another card to discard
                    options = [str(u) for u in self._discardable(game, me, frame.source)]
                    if options:
                        frame.sub += 1
                        game.ask_pick(me, options, False)
                        return False
            elif self.take_from is not None:
                game.add_counter(uid, COUNTER_PREFIX + self.take, -self.take_n)
            elif self.banish_field:
                game.banish(uid)
            elif self.sacrifice_to_ex:
                game.field_to_ex(uid)
            elif self.sacrifice_to_hand:
                game.return_to_hand(uid)
            else:
                game.destroy_as_cost(uid)
            more = self.sacrifice
            another = self.discard is None and self.take_from is None
            if more is not None and another and frame.sub - 1 < self.sacrifice_n:
                cands = game.candidates(more, me, frame.source, counting=True)
                if cands:  # another field card
                    frame.sub += 1
                    game.ask_pick(me, [str(u) for u in cands], False)
                    return False
            frame.sub = _BANISHING if self.engage is None else _ENGAGING
        if frame.sub >= _ENGAGING:  # engage the field cards one by one
            if frame.choice is not None:
                game.set_engaged(int(frame.choice), True)
                frame.choice = None
                frame.sub += 1
            if frame.sub - _ENGAGING < self.engage_n:
                options = [str(u) for u in self._engageable(game, me, frame.source)]
                if options:
                    game.ask_pick(me, options, False)
                    return False
            frame.sub = _BANISHING
        if frame.choice is not None:  # one card banished from the graveyard
            game.banish(int(frame.choice))
            frame.choice = None
            frame.sub += 1
        if self.banish is not None and frame.sub - _BANISHING < self.banish_n:
            options = [str(u) for u in self._banishable(game, me, frame.source)]
            if options:
                game.ask_pick(me, options, False)
                return False
        if self.engage_any is not None:
            frame.sub = _ENGAGING_ANY
            frame.amount = 0
            options = [str(u) for u in self._engageable_any(game, me, frame.source)]
            if options:
                game.ask_pick(me, options, True)
                return False
        frame.sub = 0
        if self.effects:
            game.push_frame(self.effects, frame)
        return True


@dataclass(frozen=True, slots=True)
class DamageBonus:
    """A continuous effect of a ``STATIC`` ability: damage this card deals is ``n`` more
    (``これが与えるダメージを+N する``; its condition, such as the opponent's turn, applies)."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: damage is raised where it is dealt."""
        return True


@dataclass(frozen=True, slots=True)
class DamageTaken:
    """A ``STATIC`` ability of an equipment token: damage the equipped follower takes
    changes by ``n`` (``受けるダメージを-N する``, CR 14.5.2)."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: damage is changed where it is dealt."""
        return True


@dataclass(frozen=True, slots=True)
class BanishInstead:
    """A continuous effect of a ``STATIC`` ability (CR 10.10 replacement): while this card
    is on the field, an enemy follower that would be put from the field into a graveyard is
    banished instead (``相手のフォロワーが場から墓場に置かれる際、代わりにそれを消滅させる``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the move is replaced where it happens."""
        return True


@dataclass(frozen=True, slots=True)
class ExCostDown:
    """This card, while in the EX area, costs ``n`` less to play (``EXエリアのこれは「これを
    プレイする際、コストを-Nする」を持つ``; CR 10.4.4.1). It ends when the card leaves the EX
    area."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Mark this card if it is in the EX area."""
        card = game.cards[frame.source] if frame.source >= 0 else None
        if card is not None and frame.source in game.players[card.owner].ex:
            game.add_counter(frame.source, EX_LESS, self.n)
        return True


EX_LESS = "ex_cost_less"
"""The counter of :class:`ExCostDown` (PP less to play this card from the EX area)."""


@dataclass(frozen=True, slots=True)
class DamageCap:
    """A continuous effect of a ``STATIC`` ability: ``at_least`` or more damage this card
    would take becomes ``becomes`` (``これが受けるN以上のダメージをMにする``; the ability's
    condition applies)."""

    at_least: int
    becomes: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: damage is changed where it is dealt."""
        return True


@dataclass(frozen=True, slots=True)
class Equip:
    """CR 14.5.2.2: this follower equips a new ``token`` (an equipment token)."""

    token: CardRecord
    to: str = "self"

    def run(self, game: State, frame: Frame) -> bool:
        """Equip each recipient."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.equip(tgt, self.token)
        return True


@dataclass(frozen=True, slots=True)
class PlayCostX:
    """A ``STATIC`` ability of a card being played: it costs ``n`` PP less while the
    ability's condition holds (``これをプレイする際、…なら、コストを-Nする``; CR 10.4.4.1),
    or X less, X counted when it is played: the face-up evolved cards of your evolve deck
    passing ``per_evolved`` (CR 4.6.3), your field cards ``per_field`` allows, or the cards
    of your banish zone (``per_banished``). Not below 0."""

    n: int = 0
    per_evolved: CardFilter | None = None
    per_field: Targets | None = None
    per_banished: bool = False

    def amount(self, game: State, controller: int, source: int) -> int:
        """How much less the card costs now."""
        p = game.players[controller]
        if self.per_evolved is not None:
            match = self.per_evolved.matches
            return sum(1 for u in p.evolve_used if match(game.cards[u].base))
        if self.per_field is not None:
            return len(game.candidates(self.per_field, controller, source, counting=True))
        if self.per_banished:
            return len(p.banish)
        return self.n

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the play procedure pays less."""
        return True


@dataclass(frozen=True, slots=True)
class PlayFromGrave:
    """A ``STATIC`` ability of a card in the graveyard: while its condition holds, the card
    may be played from the graveyard as from the hand (``これは墓場からプレイできる``; CR 8.2
    with the zone the card names)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the main phase offers the play."""
        return True


@dataclass(frozen=True, slots=True)
class PlayCostDown:
    """A continuous effect of a ``STATIC`` ability: while this card is on the field, cards
    passing ``what`` you play (only from the EX area with ``from_ex``) cost ``n`` less
    (``これが場にいる限り、自分がEXエリアの…をプレイする際、コストを-N する``; CR 10.4.4.1)."""

    what: CardFilter
    n: int
    from_ex: bool = False

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the play cost is lowered where it is computed."""
        return True


@dataclass(frozen=True, slots=True)
class SelfToBottom:
    """Put this card from the field on the bottom of its owner's deck (``これをデッキの下に
    置く``; it leaves the field, CR 10.7.1; a token vanishes, CR 9.1.4.3)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Move it if it is still on the field."""
        if frame.source >= 0 and game.target_exists(frame.source):
            game.field_to_bottom(frame.source)
        return True


@dataclass(frozen=True, slots=True)
class ExtraCost:
    """A ``STATIC`` ability of a card played from the hand: ``これをプレイする際、コストを+N
    してよい`` (CR 10.4.7.2, 10.6.2.2): the player may pay ``n`` more PP when playing it."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the play procedure offers it."""
        return True


@dataclass(frozen=True, slots=True)
class PlayCostIf:
    """A ``STATIC`` ability of a card being played: it costs ``n`` less while ``condition``
    holds as it is played (CR 10.6.2.5.1.3; CR 10.4.4.1: the PP paid changes, not the
    card's cost); with ``ex_only``, only when it is played from the EX area."""

    n: int
    condition: Condition
    ex_only: bool = False

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the play procedure applies it."""
        return True


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """A ``STATIC`` ability of a card played from the hand: playing it also costs ``cost``
    (``これをプレイする際、追加コストとして…``; CR 10.4.7.2, 10.6.2.5): it cannot be played
    unless the cost can be paid, and the cost is paid as it is played."""

    cost: PayCost

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the play procedure asks for the cost."""
        return True


@dataclass(frozen=True, slots=True)
class PlayCostFor:
    """A ``STATIC`` ability of a card being played: as it is played its player may, as a
    cost, put ``count`` of their field cards that ``what`` allows into the graveyard (or
    engage that many standing ones, ``engage``, CR 10.4.6); if they do, it costs ``n`` less
    (CR 10.4.7.2, 10.6.2.2.2, 10.6.2.5.1.3). Only a cost that can be paid in full is offered
    (CR 10.4.2.2); the field limit is checked after the cost is paid (CR 10.6.2.6)."""

    what: Targets
    n: int
    count: int = 1
    engage: bool = False

    def payable(self, game: State, controller: int, source: int) -> list[int]:
        """The field cards that may pay this cost now (fewer than ``count``: not payable)."""
        cands = game.candidates(self.what, controller, source, counting=True)
        if self.engage:
            cards = game.cards
            cands = [u for u in cands if not cards[u].engaged]
        return cands
        return True


@dataclass(frozen=True, slots=True)
class DiscountFor:
    """A ``STATIC`` ability of a card played from the hand: as it is played, you may pay
    ``cost`` to pay ``n`` PP less (``これをプレイする際、手札の…1枚を捨てる：コストを-Nする``;
    CR 10.4.7). The play pays the lower cost; :class:`DiscountChoice` then asks."""

    cost: PayCost
    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the play procedure offers it."""
        return True


@dataclass(frozen=True, slots=True)
class EvolveCostPer:
    """A ``STATIC`` ability: this follower's evolve cost (CR 12.2) is lowered by 1 for each
    field card ``what`` allows (not below 0)."""

    what: Targets

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the evolve cost is computed where it is paid."""
        return True


@dataclass(frozen=True, slots=True)
class DiscountChoice:
    """Part of playing a card with :class:`DiscountFor`: the card was paid for ``amount``
    PP less; pay ``cost`` now, or pay the ``amount`` PP after all (the only way when there
    is not enough PP left)."""

    cost: PayCost

    def run(self, game: State, frame: Frame) -> bool:
        """Ask, then pay one or the other."""
        me = frame.controller
        p = game.players[me]
        short = frame.amount
        if frame.choice is None:
            if short <= 0:
                return True
            payable = self.cost.available(game, me, frame.source)
            if payable and p.pp >= short:
                game.ask_pick(me, ["pay"], True)
                return False
            word = "pay" if payable else "done"
        else:
            word, frame.choice = frame.choice, None
        if word == "pay":
            game.push_frame((self.cost,), frame)
        else:
            p.pp -= short
        return True


@dataclass(frozen=True, slots=True)
class CannotPlay:
    """A ``STATIC`` ability of a card in the hand or EX area: it cannot be played while the
    ability's condition holds (``これは…なら、プレイできない``; CR 8.2)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the main phase does not offer the play."""
        return True


@dataclass(frozen=True, slots=True)
class MarkPaid:
    """Remember on this card that its extra play cost was paid (for :class:`PaidExtra`)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Mark the card."""
        game.add_counter(frame.source, "paid_extra")
        return True


@dataclass(frozen=True, slots=True)
class Grant:
    """CR 10.1.1.3: a continuous effect of a ``STATIC`` ability: the cards ``what`` allows
    (this card when ``None``) have ``keywords`` while the ability applies."""

    keywords: tuple[str, ...]
    what: Targets | None = None

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: rule processing applies continuous abilities."""
        return True


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

    def run(self, game: State, frame: Frame) -> bool:
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
    def _used(game: State, frame: Frame) -> int:
        """The options this card's ability chose this turn (a bit mask)."""
        counters = game.cards[frame.source].counters if frame.source >= 0 else None
        if counters is None or counters.get("modes_turn") != game.turn:
            return 0
        return counters.get("modes_used", 0)

    def available(self, game: State, controller: int, source: int = -1) -> bool:
        """CR 5.18.3.1.2: an option whose cost cannot be paid cannot be chosen; with no
        option left the card cannot be played (CR 10.6.2.2)."""
        return any(_option_payable(o, game, controller, source) for o in self.options)


def _option_pp(option: tuple[Effect, ...]) -> int:
    """The PP the cost of an option of a choice asks for (0 when it has no cost)."""
    first = option[0] if option else None
    return first.pp if isinstance(first, PayCost) and not first.optional else 0


def _option_payable(
    option: tuple[Effect, ...], game: State, controller: int, source: int, spent: int = 0
) -> bool:
    """Whether an option of a choice may be chosen: its cost (a leading mandatory
    :class:`PayCost`, ``cost：effects`` in the option) can be paid (CR 10.4.2.2), with
    ``spent`` PP already promised to the options chosen before it."""
    first = option[0] if option else None
    if isinstance(first, PayCost) and not first.optional:
        if spent and game.players[controller].pp < spent + first.pp:
            return False
        return first.available(game, controller, source)
    return True


@dataclass(frozen=True, slots=True)
class Gate:
    """Stop the ability here unless ``condition`` holds (``【コンボ_3】...``: the rest of the
    ability is conditional, CR 13.2.1.2)."""

    condition: Condition

    def run(self, game: State, frame: Frame) -> bool:
        """Skip the remaining effects when the condition fails."""
        if not holds(self.condition, game, frame):
            frame.step = len(frame.effects) - 1
        return True


@dataclass(frozen=True, slots=True)
class If:
    """Run ``effects`` (with the same "it") only if ``condition`` holds now."""

    condition: Condition
    effects: tuple[Effect, ...]

    def run(self, game: State, frame: Frame) -> bool:
        """Test the condition; run the effects as a nested ability when it holds (a card
        they choose stays "it" for the effects after them)."""
        if holds(self.condition, game, frame):
            game.push_frame(self.effects, frame, share_it=True)
        return True


@dataclass(frozen=True, slots=True)
class Call:
    """Escape hatch for tests: run ``fn(game, frame)``; not for card scripts."""

    fn: Callable[[State, Frame], None] = field(compare=False)

    def run(self, game: State, frame: Frame) -> bool:
        """Call the function."""
        self.fn(game, frame)
        return True


# --- Conditions (CR 13 class keywords and plain "if" clauses) --------------------------------


def holds(condition: Condition, game: State, frame: Frame) -> bool:
    """Test ``condition`` inside an ability (conditions on "it" look at the frame)."""
    inner = getattr(condition, "holds_in", None)
    if inner is not None:
        return bool(inner(game, frame))
    return condition.holds(game, frame.controller, frame.source)


@dataclass(frozen=True, slots=True)
class ItIs:
    """The chosen card ("それ") passes ``what`` (``それが竜族・フォロワーなら``)."""

    what: CardFilter

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Outside an ability there is no "it"."""
        return False

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Whether the first chosen card still on the field passes the filter."""
        cards = game.cards
        for t in frame.targets:
            if t >= 0 and game.target_exists(t):
                return self.what.matches(cards[t].face)
        return False


@dataclass(frozen=True, slots=True)
class DiscardedIs:
    """The card this ability's cost discarded passes ``what`` (``アルカナ・カードを捨てたなら``,
    CR 10.4.7)."""

    what: CardFilter

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Whether the card :class:`PayCost` last discarded for this card passes the filter."""
        counters = game.cards[source].counters if source >= 0 else None
        paid = -1 if counters is None else counters.get(PAID_DISCARD, -1)
        return paid >= 0 and self.what.matches(game.cards[paid].base)


@dataclass(frozen=True, slots=True)
class Revealed:
    """One of the cards taken or revealed just before ("it", wherever it went) passes
    ``what`` ("if you revealed a ...", "if a ... is among the cards put into the graveyard")."""

    what: CardFilter

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Outside an ability nothing was revealed."""
        return False

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Whether any card of "it" passes the filter."""
        cards = game.cards
        return any(t >= 0 and self.what.matches(cards[t].base) for t in frame.targets)


@dataclass(frozen=True, slots=True)
class SetEvolveCost:
    """This card's evolve cost (CR 12.2) becomes ``n`` while it stays on the field."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Mark this card."""
        if game.target_exists(frame.source) and frame.source >= 0:
            card = game.writable(frame.source)
            if card.counters is None:
                card.counters = {}
            card.counters["evolve_cost"] = self.n
        return True


@dataclass(frozen=True, slots=True)
class Combo:
    """CR 13.2.1: you have played ``n`` or more cards this turn (this one included)."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the cards played this turn."""
        return game.players[controller].played >= self.n


@dataclass(frozen=True, slots=True)
class Spellchain:
    """CR 13.3.1: ``n`` or more spells in your graveyard."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the spells in the graveyard."""
        cards = game.cards
        grave = game.players[controller].grave
        return sum(1 for u in grave if cards[u].base.base_type == "spell") >= self.n


@dataclass(frozen=True, slots=True)
class Necrocharge:
    """CR 13.5.1: ``n`` or more cards in your graveyard."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the graveyard."""
        return len(game.players[controller].grave) >= self.n


@dataclass(frozen=True, slots=True)
class Overflow:
    """CR 13.4.1: your PP maximum is 7 or more (``【覚醒】状態``)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Compare the PP maximum."""
        return game.players[controller].max_pp >= 7


@dataclass(frozen=True, slots=True)
class Sanguine:
    """CR 13.5.2: it is your turn and your leader's defense went down this turn."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Check the turn and the flag."""
        return game.active == controller and game.players[controller].hurt_on == game.turn


@dataclass(frozen=True, slots=True)
class MaxPP:
    """Your PP maximum is at least ``n`` (exactly ``n`` when ``exact``)."""

    n: int
    exact: bool = False

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Compare the PP maximum."""
        have = game.players[controller].max_pp
        return have == self.n if self.exact else have >= self.n


@dataclass(frozen=True, slots=True)
class HaveOnField:
    """You have at least ``n`` cards on your field that ``what`` allows (``own`` side;
    Aura does not hide your own cards)."""

    what: Targets
    n: int = 1

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        return len(game.candidates(self.what, controller, source)) >= self.n


@dataclass(frozen=True, slots=True)
class GraveCount:
    """You have ``n`` or more cards passing ``what`` in your graveyard."""

    what: CardFilter
    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        cards = game.cards
        match = self.what.matches
        return sum(1 for u in game.players[controller].grave if match(cards[u].base)) >= self.n


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


@dataclass(frozen=True, slots=True)
class CameFrom:
    """This card entered the field from ``zone`` (``hand``, ``ex``, ``grave``, ``deck``,
    ``created``), or by an ability (``ability``: from anywhere but a play)."""

    zone: str

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Look at the origin the card got when it entered the field."""
        counters = game.cards[source].counters
        origin = 0 if counters is None else counters.get("origin", 0)
        if self.zone == "ability":
            return origin >= ORIGINS["grave"]
        return _SAME_ZONE.get(origin, 0) == ORIGINS[self.zone]


@dataclass(frozen=True, slots=True)
class BurstsThisTurn:
    """``n`` or more of your Union Burst abilities were used this turn (CR 14.5.1.3), not
    counting the one resolving."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Read the player's count for this turn."""
        p = game.players[controller]
        return p.burst_turn == game.turn and p.bursts >= self.n


@dataclass(frozen=True, slots=True)
class EvolvedThisTurn:
    """A follower of your field evolved this turn, ``n`` or more times in all
    (``このターン、自分の場のフォロワーが進化していたなら``; CR 5.16, by any means)."""

    n: int = 1

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Read the player's count for this turn."""
        p = game.players[controller]
        return p.evolves_turn == game.turn and p.evolves >= self.n


@dataclass(frozen=True, slots=True)
class NthEvolve:
    """The evolve the ability answers (its event's follower) was the ``n``-th evolve of a
    follower of your field this turn (``このターン、N回目の自分の場のフォロワーの進化なら``)."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Outside an ability there is no event."""
        return False

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Look at the mark the evolve left on the event's follower."""
        if frame.amount < 0 or frame.amount >= len(game.cards):
            return False
        card = game.cards[frame.amount]
        return card.evolved_turn == game.turn and card.evolve_nth == self.n


@dataclass(frozen=True, slots=True)
class PlayedExactly:
    """The card just played is your ``n``-th card played this turn (``このターン中にN枚目の
    カードなら``)."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Compare the count of cards played this turn."""
        return game.players[controller].played == self.n


@dataclass(frozen=True, slots=True)
class AllOf:
    """Every one of ``conditions`` holds (``…あり、…なら``)."""

    conditions: tuple[Condition, ...]

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Test them all."""
        return all(c.holds(game, controller, source) for c in self.conditions)


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one of ``conditions`` holds ("if ... or ...")."""

    conditions: tuple[Condition, ...]

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Test them in order."""
        return any(c.holds(game, controller, source) for c in self.conditions)


@dataclass(frozen=True, slots=True)
class SelfToField:
    """Put this card from your graveyard onto your field (``自分の墓場のこれを場に出す``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Move it if it is still in the graveyard and the field has room."""
        me = frame.controller
        if frame.source in game.players[me].grave and game.field_has_room(me):
            game.move_found(frame.source, "field", me)
        return True


@dataclass(frozen=True, slots=True)
class SelfExToField:
    """Put this card from your EX area onto your field, engaged if ``engaged``
    (``自分のEXエリアのこれを(アクト状態で)場に出す``; not played); with ``may`` the player
    chooses whether to. Once moved it is "it" (so "if you did" can follow)."""

    engaged: bool = False
    may: bool = False

    def run(self, game: State, frame: Frame) -> bool:
        """Ask when it is optional, then move it if it is still there and the field has room."""
        me = frame.controller
        here = frame.source in game.players[me].ex and game.field_has_room(me)
        if self.may and frame.choice is None:
            frame.targets = []
            if not here:
                return True
            game.ask_pick(me, ["yes"], True)
            return False
        if self.may:
            word, frame.choice = frame.choice, None
            here = here and word == "yes"
        if here:
            game.move_found(frame.source, "field", me)
            frame.targets = [frame.source]
            if self.engaged:
                game.set_engaged(frame.source, True)
        return True


@dataclass(frozen=True, slots=True)
class ExileLater:
    """This card gets "Last Words: banish this" (a granted Last Words ability)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Mark the card on the field."""
        if frame.source >= 0 and game.target_exists(frame.source):
            game.add_counter(frame.source, "exile_later")
        return True


@dataclass(frozen=True, slots=True)
class ExileSelf:
    """Banish this card from the graveyard (the given Last Words of :class:`ExileLater`)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Banish it if it is in the graveyard."""
        if frame.source in game.players[game.cards[frame.source].owner].grave:
            game.banish(frame.source)
        return True


EX_TO_GRAVE_MARK = "ex_to_grave"
"""The counter that marks a card given :class:`GiveExToGrave`'s ability."""


@dataclass(frozen=True, slots=True)
class GiveExToGrave:
    """The chosen cards in the EX area get "when your end phase comes, put this from your
    EX area into the graveyard" (an ability given to them while they stay there)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Mark the chosen cards still in the EX area."""
        ex = game.players[frame.controller].ex
        for tgt in frame.targets if self.to == "targets" else ():
            if tgt in ex:
                game.add_counter(tgt, EX_TO_GRAVE_MARK)
        return True


@dataclass(frozen=True, slots=True)
class ExToGraveSelf:
    """Put this card from your EX area into the graveyard (the given ability of
    :class:`GiveExToGrave`)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Move it if it is still in the EX area."""
        game.ex_to_grave(frame.source)
        return True


@dataclass(frozen=True, slots=True)
class TookCard:
    """A card taken just before ("it": found, looked at or chosen) passes ``what``, in any
    zone (``『…』を公開したなら``: you revealed such a card)."""

    what: CardFilter

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Outside an ability nothing was taken."""
        return False

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Whether one of the cards in "it" passes the filter."""
        cards = game.cards
        return any(t >= 0 and self.what.matches(cards[t].base) for t in frame.targets)


@dataclass(frozen=True, slots=True)
class DidIt:
    """The card chosen just before was moved ("そうしたなら": you did it)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Outside an ability nothing was done."""
        return False

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Whether the preceding choice took a card ("it" is not empty)."""
        return bool(frame.targets)


@dataclass(frozen=True, slots=True)
class Always:
    """Always holds (``下記からNつまでチョイスする``: up to N options every time)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Hold."""
        return True


@dataclass(frozen=True, slots=True)
class ExCount:
    """You have ``n`` or more cards passing ``what`` in your EX area."""

    what: CardFilter
    n: int
    exact: bool = False
    """Exactly ``n`` (``N枚なら``)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        cards = game.cards
        match = self.what.matches
        have = sum(1 for u in game.players[controller].ex if match(cards[u].base))
        return have == self.n if self.exact else have >= self.n


@dataclass(frozen=True, slots=True)
class FieldCount:
    """You have ``n`` or more cards passing ``what`` on your field (``自分の場の…や…が2体以上
    なら``)."""

    what: CardFilter
    n: int = 1

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them (the printed card: its traits and original cost, CR 5.24)."""
        cards = game.cards
        match = self.what.matches
        return sum(1 for u in game.players[controller].field if match(cards[u].base)) >= self.n


@dataclass(frozen=True, slots=True)
class OpponentFollowers:
    """Your opponent has ``n`` or more followers on the field."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        return len(game.followers_of(1 - controller)) >= self.n


@dataclass(frozen=True, slots=True)
class OpponentCards:
    """Your opponent has ``n`` or more cards (followers and amulets) on the field."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        return len(game.players[1 - controller].field) >= self.n


@dataclass(frozen=True, slots=True)
class NoDamage:
    """This turn, this card takes no damage (``このターン、これはダメージを受けない``); with
    ``what``, every field card it allows now does (``自分の場の『…』すべては…``)."""

    what: Targets | None = None

    def run(self, game: State, frame: Frame) -> bool:
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


@dataclass(frozen=True, slots=True)
class DamageShield:
    """This turn, ``to`` (field followers) takes no damage, or only not the next damage
    (``このターン、それは次のダメージを受けない``; ``next_only``)."""

    to: str = "targets"
    next_only: bool = True

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them for this turn."""
        key = "shield_next" if self.next_only else "no_damage"
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                card = game.writable(tgt)
                if card.counters is None:
                    card.counters = {}
                card.counters[key] = game.turn
        return True


@dataclass(frozen=True, slots=True)
class EvolveUsed:
    """``n`` or more face-up evolved followers in your evolve deck (CR 4.6.3)."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the spent evolved cards."""
        cards = game.cards
        used = game.players[controller].evolve_used
        return sum(1 for u in used if cards[u].base.card_type.startswith("evolved")) >= self.n


@dataclass(frozen=True, slots=True)
class OpponentGrave:
    """Your opponent has ``n`` or more cards in their graveyard."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the opponent's graveyard."""
        return len(game.players[1 - controller].grave) >= self.n


@dataclass(frozen=True, slots=True)
class Standing:
    """This card is standing (``これがスタンド状態である``)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Look at the card."""
        return source >= 0 and game.target_exists(source) and not game.cards[source].engaged


@dataclass(frozen=True, slots=True)
class MyTurn:
    """It is your turn (``自分のターン中``)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Compare the turn player."""
        return game.active == controller


@dataclass(frozen=True, slots=True)
class OpponentTurn:
    """It is the opponent's turn (``相手のターン中``)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Compare the turn player."""
        return game.active != controller


@dataclass(frozen=True, slots=True)
class PaidExtra:
    """The extra play cost of this card was paid (``コストを+Nしたなら``)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Look at the mark :class:`MarkPaid` left."""
        counters = game.cards[source].counters
        return bool(counters and counters.get("paid_extra"))


@dataclass(frozen=True, slots=True)
class Not:
    """The opposite of ``condition`` (for "instead" clauses)."""

    condition: Condition

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Negate."""
        return not self.condition.holds(game, controller, source)

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Negate, inside an ability."""
        return not holds(self.condition, game, frame)


@dataclass(frozen=True, slots=True)
class DiscardedThisTurn:
    """You discarded a card from your hand this turn (CR 5.12; ``このターン中に自分の手札を
    捨てていたなら``)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Compare the player's last discard turn."""
        return game.players[controller].discarded_on == game.turn


@dataclass(frozen=True, slots=True)
class LeaderAtMost:
    """Your leader's defense is ``n`` or less (exactly ``n`` when ``exact``)."""

    n: int
    exact: bool = False

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Compare the leader's defense."""
        hp = game.players[controller].hp
        return hp == self.n if self.exact else hp <= self.n


@dataclass(frozen=True, slots=True)
class ShuffleDeck:
    """CR 5.9.1: shuffle your deck (``自分のデッキをシャッフルし``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Shuffle."""
        game.shuffle_deck(frame.controller)
        return True


@dataclass(frozen=True, slots=True)
class HaveEvolved:
    """You have an evolved follower on your field (``自分の場にエボルヴフォロワーがいる``,
    CR 5.16.1: an evolved card on top of a follower)."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Look for an evolved card on the field."""
        cards = game.cards
        return any(cards[u].evo >= 0 for u in game.players[controller].field)


@dataclass(frozen=True, slots=True)
class HandAtMost:
    """You have ``n`` or fewer cards in your hand (``自分の手札が2枚以下``)."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the hand."""
        return len(game.players[controller].hand) <= self.n


@dataclass(frozen=True, slots=True)
class LeaderShield:
    """This turn, the next damage your leader takes is ``n`` less, or none at all when
    ``n`` is -1 (``次のダメージを受けない`` / ``次に受けるダメージを-N する``): a
    replacement effect (CR 10.2.1.3.2) used up by the first damage it applies to."""

    n: int = -1

    def run(self, game: State, frame: Frame) -> bool:
        """Set the shield of your leader for this turn (a new one replaces an old one)."""
        game.players[frame.controller].shield = (game.turn, self.n)
        return True


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

    def _x(self, game: State, frame: Frame) -> int:
        p = game.players[frame.controller]
        count = self.count
        if count == "max_pp":
            return p.max_pp
        if count == "hand":
            return len(p.hand)
        if count == "ex":
            return len(p.ex)
        if count == "banish":
            return len(p.banish)
        if count == "hand_ex":
            return len(p.hand) + len(p.ex)
        if count in ("attack", "attack_it"):  # last known values if it left (CR 10.11.1)
            which = [frame.source] if count == "attack" else frame.targets
            known = [t for t in which if t >= 0]
            return max(0, game.cards[known[0]].atk) if known else 0
        per = self.per
        assert per is not None
        found = len(game.candidates(per, frame.controller, frame.source, counting=True))
        if count == "field_ex":  # the EX area's cards that the selector allows too
            cards = game.cards
            found += sum(
                1
                for u in p.ex
                if (per.followers if cards[u].fol else per.amulets) and per.allows(cards[u])
            )
        return found

    def run(self, game: State, frame: Frame) -> bool:
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


@dataclass(frozen=True, slots=True)
class FieldExCount:
    """You have ``n`` or more cards passing ``what`` on your field and in your EX area
    together (``自分の場や自分のEXエリアの…が N 枚以上``)."""

    what: CardFilter
    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count both zones."""
        cards = game.cards
        match = self.what.matches
        p = game.players[controller]
        found = sum(1 for u in p.field if match(cards[u].face))
        return found + sum(1 for u in p.ex if match(cards[u].base)) >= self.n


@dataclass(frozen=True, slots=True)
class BanishCount:
    """You have ``n`` or more cards in your banish zone (``自分の消滅領域がN枚以上``, CR 4.9)."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the banish zone."""
        return len(game.players[controller].banish) >= self.n


@dataclass(frozen=True, slots=True)
class PlayedThisTurn:
    """You played a card passing ``what`` this turn (``other``: not this card) (``このターン、
    自分が他の…をプレイしていたなら``)."""

    what: CardFilter
    other: bool = False

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Look through the cards played this turn."""
        cards = game.cards
        match = self.what.matches
        return any(
            match(cards[u].base) and not (self.other and u == source)
            for u in game.players[controller].played_ids
        )


@dataclass(frozen=True, slots=True)
class TopToEx:
    """Put the top ``n`` cards of your deck into your EX area (CR 4.8); the ones that fit
    (CR 4.8.3.2) become "it"."""

    n: int = 1

    def run(self, game: State, frame: Frame) -> bool:
        """Move them one by one from the top."""
        deck = game.players[frame.controller].deck
        frame.targets = []
        for _ in range(self.n):
            if not deck:
                break
            uid = deck[-1]
            if not game.put_in_ex(uid):
                break
            frame.targets.append(uid)
        return True


@dataclass(frozen=True, slots=True)
class PlacedInEx:
    """A card passing ``what`` was put into your EX area by this ability: it is among "it"
    and is in the EX area (``…をEXエリアに置いたなら``)."""

    what: CardFilter

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Outside an ability nothing was placed."""
        return False

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Look at the cards of "it" in the EX area."""
        cards = game.cards
        ex = game.players[frame.controller].ex
        return any(t in ex and self.what.matches(cards[t].base) for t in frame.targets if t >= 0)


@dataclass(frozen=True, slots=True)
class EvolveOrReturn:
    """This follower evolves or returns to its owner's hand, as you choose (``これは進化
    するか手札に戻る``). Only an option that can be done is offered (CR 1.3.2: what cannot
    be done is not done); with one left it is done without asking."""

    def run(self, game: State, frame: Frame) -> bool:
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


@dataclass(frozen=True, slots=True)
class SpellTax:
    """A ``STATIC`` ability on the field: your opponent's spells cost ``n`` more to play
    (``相手がスペルをプレイする際、コストを+N する``, CR 10.2.1.3.3)."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the cost is raised where it is computed."""
        return True


@dataclass(frozen=True, slots=True)
class TakesMore:
    """This turn, the chosen followers take ``n`` more damage (a replacement effect, CR
    10.2.1.3.2)."""

    n: int
    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them for this turn."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                card = game.writable(tgt)
                if card.counters is None:
                    card.counters = {}
                if card.counters.get("more_turn") != game.turn:
                    card.counters["more"] = 0
                card.counters["more_turn"] = game.turn
                card.counters["more"] += self.n
        return True


@dataclass(frozen=True, slots=True)
class SummonSame:
    """Put onto your field a token of the same name as the event's card (a token that just
    left the field, ``それと同名のトークン・カード1枚を場に出す``; CR 5.5.2.2)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Create the token (CR 4.4.4.2: not when the field is full)."""
        if frame.amount >= 0:
            card = game.cards[frame.amount]
            if card.token:
                game.create_token(frame.controller, card.base)
        return True


# --- Recipients -------------------------------------------------------------------------------

RECIPIENTS = (
    "targets",
    "self",
    "event",
    "enemy_leader",
    "own_leader",
    "enemy_followers",
    "enemy_all",
    "own_followers",
    "own_other_followers",
    "all_followers",
    "all_other_followers",
    "all_other_and_enemy_leader",
    "all_leaders",
)
"""The words an effect's ``to`` may take, besides ``targets`` (the chosen "it")."""


def _resolve(game: State, frame: Frame, to: str) -> list[int]:
    if to == "targets":
        return [t for t in frame.targets if game.target_exists(t)]
    if to == "self":
        return [frame.source] if game.target_exists(frame.source) else []
    if to == "event":
        return [frame.amount] if game.target_exists(frame.amount) else []
    me, opp = frame.controller, 1 - frame.controller
    if to == "enemy_leader":
        return [leader_target(opp)]
    if to == "own_leader":
        return [leader_target(me)]
    if to == "enemy_followers":
        return game.followers_of(opp)
    if to == "enemy_all":
        return [leader_target(opp), *game.followers_of(opp)]
    if to == "own_followers":
        return game.followers_of(me)
    if to == "own_other_followers":
        return [u for u in game.followers_of(me) if u != frame.source]
    if to == "all_followers":
        return game.followers_of(me) + game.followers_of(opp)
    if to == "all_other_followers":
        return [u for u in game.followers_of(me) + game.followers_of(opp) if u != frame.source]
    if to == "all_other_and_enemy_leader":
        others = game.followers_of(me) + game.followers_of(opp)
        return [leader_target(opp), *(u for u in others if u != frame.source)]
    if to == "all_leaders":
        return [leader_target(me), leader_target(opp)]
    raise ValueError(f"unknown effect recipient {to!r}")


KEYWORD_ABILITIES: dict[str, tuple[Ability, ...]] = {
    "drain": (Ability(Trigger.ATTACK_DAMAGE, (HealLeader(AMOUNT),), name="drain"),),
}
"""Keyword abilities that are auto abilities (CR 12.13 Drain), keyed by keyword id."""


# --- Serialisation ---------------------------------------------------------------------------

OWN_PLAY_COSTS = (PlayCostIf, PlayCostFor, PlayCostX, DiscountFor)
"""The ``STATIC`` effects by which a card changes its own play cost."""

ELEMENTS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Ability,
        Targets,
        CardFilter,
        Select,
        Draw,
        Damage,
        HealLeader,
        Buff,
        Summon,
        Destroy,
        Banish,
        ReturnToHand,
        PutInEx,
        Engage,
        SkipStand,
        Box,
        Mill,
        GainPP,
        DiscardCards,
        DiscardAny,
        HandToDeck,
        PlayFromOpponentGrave,
        EvolveCostIf,
        EvolveInto,
        WinGame,
        DeckAtMost,
        Search,
        LookTop,
        Modal,
        Gate,
        If,
        CostDown,
        CounterOnOwn,
        NoAttack,
        EventIs,
        FromGrave,
        FromHand,
        Not,
        Combo,
        Spellchain,
        Necrocharge,
        Overflow,
        Sanguine,
        MaxPP,
        HaveOnField,
        LeaderAtMost,
        PayCost,
        Grant,
        GraveCount,
        ItIs,
        DiscardedIs,
        Revealed,
        SetEvolveCost,
        DamageBonus,
        ExtraCost,
        MarkPaid,
        PlayCostIf,
        PlayCostFor,
        EvolveCostPer,
        OpponentTurn,
        PaidExtra,
        SplitDamage,
        NoCombatDamage,
        SetStats,
        NextCostDown,
        CameFrom,
        DamageTaken,
        Equip,
        RevealTop,
        PlayCostDown,
        Arrange,
        PutCounters,
        CountersAtLeast,
        AttackSum,
        PayX,
        BurstsThisTurn,
        PlayedExactly,
        MyTurn,
        EvolveSelf,
        OpponentGrave,
        Standing,
        ToGrave,
        EvolveUsed,
        ExCount,
        OpponentFollowers,
        OpponentCards,
        NoDamage,
        Always,
        SelectEx,
        SelfToEx,
        DidIt,
        AllOf,
        AnyOf,
        SelfToField,
        FromEvolveDeck,
        ExileLater,
        ExileSelf,
        TopToEx,
        PlacedInEx,
        EvolveOrReturn,
        FromEvolveDeck,
        SummonSame,
        LookTopPicks,
        EvolveCostDown,
        PlayFromGrave,
        SelfToBottom,
        GiveExToGrave,
        ExToGraveSelf,
        ShuffleDeck,
        HaveEvolved,
        HandAtMost,
        LeaderShield,
        Scaled,
        DamageCap,
        DamageShield,
        BanishInstead,
        ExCostDown,
        DiscardedThisTurn,
        EvolvedThisTurn,
        NthEvolve,
        PlayCostX,
        SelfExToField,
        FieldCount,
        AdditionalCost,
        CannotPlay,
        TookCard,
        ToGraveAll,
        DiscountFor,
        SpellTax,
        TakesMore,
        FieldExCount,
        PlayedThisTurn,
        BanishCount,
    )
}
"""Every element of the language by its JSON ``op`` name."""


def to_data(obj: Any) -> Any:
    """JSON-ready data for an ability, effect, condition or selector (defaults omitted)."""
    if isinstance(obj, CardRecord):
        return {"op": "Token", "id": obj.card_id}
    if isinstance(obj, enum.Enum):
        return obj.value
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {"op": type(obj).__name__}
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            out[f.name] = to_data(value)
        return out
    if isinstance(obj, (tuple, list)):
        return [to_data(x) for x in obj]
    return obj


def from_data(data: Any, tokens: Mapping[str, CardRecord]) -> Any:
    """Read back what :func:`to_data` wrote; ``tokens`` resolves token ids to records."""
    if isinstance(data, list):
        return tuple(from_data(x, tokens) for x in data)
    if not isinstance(data, dict):
        return data
    op = data["op"]
    if op == "Token":
        return tokens[data["id"]]
    cls = ELEMENTS[op]
    kwargs = {k: from_data(v, tokens) for k, v in data.items() if k != "op"}
    if cls is Ability:
        kwargs["trigger"] = Trigger(kwargs["trigger"])
    return cls(**kwargs)


# --- English -----------------------------------------------------------------------------------

_TO_WORDS = {
    "targets": "it",
    "self": "this",
    "event": "that follower",
    "enemy_leader": "the enemy leader",
    "own_leader": "your leader",
    "enemy_followers": "all enemy followers",
    "enemy_all": "the enemy leader and all enemy followers",
    "own_followers": "all your followers",
    "own_other_followers": "all your other followers",
    "all_followers": "all followers",
    "all_other_followers": "all other followers",
    "all_other_and_enemy_leader": "the enemy leader and all other followers",
    "all_leaders": "both leaders",
}


def _targets_words(t: Targets, count: int = 1, up_to: bool = False) -> str:
    side = {"enemy": "enemy ", "own": "of your ", "any": ""}[t.side]
    kinds = [k for k, on in (("follower", t.followers), ("amulet", t.amulets)) if on]
    noun = " or ".join(kinds) or "card"
    if t.followers and t.amulets:
        noun = "card"
    if t.leaders:
        noun = f"leader or {noun}"
    parts = []
    if t.other:
        parts.append("other")
    if t.trait:
        parts.append(t.trait)
    if t.name:
        parts.append(f"'{t.name}'")
    if t.not_name:
        parts.append(f"not '{t.not_name}'")
    if t.name_contains:
        parts.append(f"'*{t.name_contains}*'")
    if t.token:
        parts.append("token")
    if t.boxed:
        parts.append("Boxed")
    head = f"{'up to ' if up_to else ''}{count}"
    noun_words = " ".join([*parts, noun + ("s" if count != 1 else "")])
    own = t.side == "own"
    text = f"{head} {noun_words} of yours" if own else f"{head} {side}{noun_words}"
    if t.max_cost >= 0:
        text += f" with original cost {t.max_cost} or less"
    if t.exact_cost >= 0:
        text += f" with original cost {t.exact_cost}"
    if t.min_cost >= 0:
        text += f" with original cost {t.min_cost} or more"
    if t.max_defense >= 0:
        text += f" with defense {t.max_defense} or less"
    if t.max_attack >= 0:
        text += f" with attack {t.max_attack} or less"
    if t.min_attack >= 0:
        text += f" with attack {t.min_attack} or more"
    return text


def _all_words(t: Targets) -> str:
    """``all <the cards t allows>`` (a group, not a choice)."""
    return "all " + _targets_words(t, 2).split(" ", 1)[1]


def _filter_words(f: CardFilter, n: int) -> str:
    if f.also:
        plain = dataclasses.replace(f, also=())
        return " or ".join([*(_filter_words(a, n) for a in f.also), _filter_words(plain, n)])
    noun = f.kind + ("s" if n != 1 else "")
    words = []
    if f.traits:
        words.append("/".join(f.traits))
    if f.token:
        words.append("token")
    text = " ".join([*words, noun])
    if f.name:
        text = f"'{f.name}'"
    if f.name_contains:
        text += f" whose name contains '{f.name_contains}'"
    if f.max_cost >= 0:
        text += f" with original cost {f.max_cost} or less"
    if f.exact_cost >= 0:
        text += f" with original cost {f.exact_cost}"
    if f.min_cost >= 0:
        text += f" with original cost {f.min_cost} or more"
    if f.not_name:
        text += f" not named '{f.not_name}'"
    return text


def describe(obj: Any) -> str:
    """Readable English for an ability, effect or condition."""
    if isinstance(obj, Ability):
        label = TRIGGER_WORDS[obj.trigger]
        costs = []
        if obj.pp_cost:
            costs.append(f"{obj.pp_cost} PP")
        if obj.engage_cost:
            costs.append("engage this")
        if obj.sacrifice_cost:
            costs.append("put this into the graveyard")
        if obj.banish_cost:
            costs.append("banish this")
        if obj.from_hand:
            costs.append(
                "put this from your hand into your EX area"
                if obj.hand_to_ex
                else "discard this from your hand"
            )
        if obj.from_grave:
            costs.append("played from your graveyard")
        if obj.from_ex and obj.banish_cost:
            costs[costs.index("banish this")] = "banish this from your EX area"
        elif obj.from_ex:
            costs.append(
                "played from your EX area"
                if obj.ex_free
                else "put this from your EX area into the graveyard"
            )
        if obj.trigger is Trigger.STATIC and obj.from_ex:
            label = "Continuous (on the field or in the EX area)"
        if obj.trigger is Trigger.ACTIVATED:
            label = ("Quick act" if obj.quick else "Advance act" if obj.advance else "Act") + (
                f" ({', '.join(costs)})" if costs else ""
            )
        body = _sequence(obj.effects)
        if obj.condition is not None:
            body = f"if {describe(obj.condition)}: {body}"
        if obj.once_per_turn:
            body += " (once per turn)"
        if obj.times_per_turn:
            body += f" ({obj.times_per_turn} times per turn)"
        if obj.union_burst:
            label = f"Union Burst {label}"
        if obj.advance:
            label = f"Advance {label}"
        return f"{label}: {body}"
    return _describe_element(obj)


def _sequence(effects: Iterable[Any]) -> str:
    """Effects joined by ``;``, a :class:`Gate` opening the rest with ``if ...:``."""
    out = ""
    for e in effects:
        sep = "" if not out else " " if out.endswith(":") else "; "
        out += sep + describe(e)
    return out


def _describe_element(e: Any) -> str:
    if isinstance(e, Select):
        if e.per_grave is not None:
            per = _filter_words(e.per_grave, 1)
            return f"for each {per} in your graveyard, choose {_targets_words(e.what, 1, e.up_to)}"
        return f"choose {_targets_words(e.what, e.count, e.up_to)}"
    if isinstance(e, NoDamage):
        if e.what is not None:
            return f"this turn, {_all_words(e.what)} take no damage"
        return "this turn, this takes no damage"
    if isinstance(e, TopToEx):
        return f"put the top {e.n} card{'s' if e.n != 1 else ''} of your deck into your EX area"
    if isinstance(e, SummonSame):
        return "put a token of the same name as that card onto your field"
    if isinstance(e, EvolveOrReturn):
        return "this evolves or returns to your hand (you choose)"
    if isinstance(e, LookTopPicks):
        rest_words = {
            "bottom": "; the rest to the bottom",
            "grave": "; the rest into the graveyard",
        }
        picks = "; ".join(
            f"you may put 1 {_filter_words(what, 1)} among them into your "
            f"{'graveyard' if to == 'grave' else to}"
            for what, to in e.picks
        )
        tail = rest_words.get(e.rest, "")
        return f"look at the top {e.look} cards of your deck; {picks}{tail}"
    if isinstance(e, FromEvolveDeck):
        where = "into your EX area" if e.to == "ex" else "onto your field"
        return f"you may put 1 '{e.name}' from your evolve deck {where}"
    if isinstance(e, PlayFromGrave):
        return "this may be played from your graveyard"
    if isinstance(e, PlayCostX):
        x = f"{e.n}"
        if e.per_evolved is not None:
            words = _filter_words(e.per_evolved, 2)
            x = f"X (the face-up evolved {words} in your evolve deck)"
        elif e.per_field is not None:
            x = f"X (the number of {_all_words(e.per_field)[4:]})"
        elif e.per_banished:
            x = "X (the cards in your banish zone)"
        return f"this costs {x} less to play"
    if isinstance(e, SelfToBottom):
        return "put this on the bottom of your deck"
    if isinstance(e, EvolveCostDown):
        return f"this turn, this card's evolve cost is {e.n} less"
    if isinstance(e, SelfToField):
        return "put this from your graveyard onto your field"
    if isinstance(e, SelfExToField):
        may = "you may " if e.may else ""
        return f"{may}put this from your EX area onto your field{' engaged' if e.engaged else ''}"
    if isinstance(e, ExileLater):
        return "this gets 'Last Words: banish this'"
    if isinstance(e, ExileSelf):
        return "banish this"
    if isinstance(e, GiveExToGrave):
        return "it gets 'when your end phase comes, put this from your EX area into the graveyard'"
    if isinstance(e, ExToGraveSelf):
        return "put this from your EX area into the graveyard"
    if isinstance(e, ShuffleDeck):
        return "shuffle your deck"
    if isinstance(e, TakesMore):
        return f"this turn, {_TO_WORDS[e.to]} takes {e.n} more damage"
    if isinstance(e, TopToEx):
        return f"put the top {e.n} card{'s' if e.n != 1 else ''} of your deck into your EX area"
    if isinstance(e, Scaled):
        times = f"{e.k} times " if e.k != 1 else ""
        what = {
            "max_pp": "your PP maximum",
            "hand": "the cards in your hand",
            "ex": "the cards in your EX area",
            "banish": "the cards in your banish zone",
            "hand_ex": "the cards in your hand and EX area",
            "attack": "this card's attack",
            "attack_it": "its attack",
        }.get(e.count, "")
        if e.count == "field_ex" and e.per is not None:
            what = f"the number of {_all_words(e.per)[4:]} and such cards in your EX area"
        if not what and e.per is not None:
            what = f"the number of {_all_words(e.per)[4:]}"
        if isinstance(e.effect, Damage) and e.effect.n == 1:
            return f"deal X damage to {_TO_WORDS[e.effect.to]} (X: {times}{what})"
        return f"X times: {describe(e.effect)} (X: {times}{what})"
    if isinstance(e, LeaderShield):
        if e.n < 0:
            return "this turn, your leader takes no damage the next time it would be damaged"
        return f"this turn, the next damage your leader takes is {e.n} less"
    if isinstance(e, SelfToEx):
        return f"{'you may ' if e.optional else ''}put this into your EX area"
    if isinstance(e, ToGrave):
        return "put this into the graveyard"
    if isinstance(e, ToGraveAll):
        return f"put all your {_filter_words(e.what, 2)} on your field into the graveyard"
    if isinstance(e, EvolveSelf):
        return "this evolves"
    if isinstance(e, NextCostDown):
        return f"this turn, the next {_filter_words(e.what, 1)} you play costs {e.n} less"
    if isinstance(e, SetStats):
        return f"{_TO_WORDS[e.to]} becomes {e.atk}/{e.dfn}"
    if isinstance(e, SelectEx):
        return f"choose {e.n} {_filter_words(e.what, e.n)} in your EX area"
    if isinstance(e, SplitDamage):
        return f"deal {e.n} damage divided among them"
    if isinstance(e, NoCombatDamage):
        return f"this turn, {_TO_WORDS[e.to]} takes no combat damage"
    if isinstance(e, Draw):
        who = "" if e.who == "you" else "your opponent "
        if e.plus_it:
            return f"{who}draw {e.n} card{'s' if e.n != 1 else ''} plus 1 per card of it"
        return f"{who}draw {e.n} card{'s' if e.n != 1 else ''}"
    if isinstance(e, Damage):
        amount = "that much" if e.n == AMOUNT else str(e.n)
        if e.per is not None:
            amount = f"damage equal to the number of {_all_words(e.per)[4:]}"
            return f"deal {amount} to {_TO_WORDS[e.to]}"
        if e.half_attack:
            return f"deal damage equal to half this card's attack (rounded up) to {_TO_WORDS[e.to]}"
        if e.attack:
            return f"deal damage equal to this card's attack to {_TO_WORDS[e.to]}"
        if e.discarded_cost:
            return f"deal damage equal to the discarded card's cost to {_TO_WORDS[e.to]}"
        if e.per_hand:
            return f"deal damage equal to the number of cards in your hand to {_TO_WORDS[e.to]}"
        if e.attack_of_it:
            return f"deal damage equal to its attack to {_TO_WORDS[e.to]}"
        if e.per_hurt:
            times = "the times your leader's defense went down this turn"
            return f"deal damage equal to {times} to {_TO_WORDS[e.to]}"
        return f"deal {amount} damage to {_TO_WORDS[e.to]}"
    if isinstance(e, HealLeader):
        amount = "that much" if e.n == AMOUNT else f"+{e.n}"
        return f"your leader gets {amount} defense"
    if isinstance(e, Buff):
        bits = []
        if e.atk or e.dfn:
            bits.append(f"{e.atk:+d}/{e.dfn:+d}")
        if e.keywords:
            bits.append(", ".join(e.keywords))
        tail = " until end of turn" if e.until_end_of_turn else ""
        if e.per_died:
            bits = ["+X/+X (X: followers put from the field into a graveyard this turn)"]
        if e.what is not None:
            return f"{_all_words(e.what)} get {' and '.join(bits)}{tail}"
        return f"{_TO_WORDS[e.to]} gets {' and '.join(bits)}{tail}"
    if isinstance(e, Summon):
        where = {
            "ex": "your EX area",
            "field_then_ex": "your field until it is full, the rest into your EX area",
            "choose": "your field or EX area, as many of each as you like",
        }.get(e.zone, "your field")
        return f"put {e.n} '{e.token.name}' token{'s' if e.n != 1 else ''} into {where}"
    simple: dict[type, str] = {
        Destroy: "destroy {}",
        Banish: "banish {}",
        ReturnToHand: "return {} to its owner's hand",
        PutInEx: "put {} into its owner's EX area",
        SkipStand: "{} does not stand in its controller's next start phase",
        Box: "{} becomes Boxed until the end of its controller's next turn",
    }
    phrase = simple.get(type(e))
    if phrase is not None:
        return phrase.format(_TO_WORDS[e.to])
    if isinstance(e, CounterOnOwn):
        what = f"1 '{e.name}' on your field or in your EX area"
        return f"choose {what}; put {e.n} '{e.counter}' counter{'s' if e.n != 1 else ''} on it"
    if isinstance(e, CostDown):
        if e.zero:
            return f"this turn, {_TO_WORDS[e.to]} costs 0 to play"
        less = "X (the cards you played this turn)" if e.per_played else str(e.n)
        return f"this turn, {_TO_WORDS[e.to]} costs {less} less to play"
    if isinstance(e, NoAttack):
        when = "in its controller's next turn" if e.next_turn else "this turn"
        return f"{_TO_WORDS[e.to]} cannot attack {when}"
    if isinstance(e, EventIs):
        power = f" with attack {e.min_attack} or more" if e.min_attack >= 0 else ""
        return f"only if it is a {_filter_words(e.what, 1)}{power}:"
    if isinstance(e, FromHand):
        where = "hand or EX area" if e.ex else "hand"
        cost = " with original cost up to your PP maximum" if e.max_pp else ""
        words = _filter_words(e.what, e.n) + cost
        to = "into your EX area" if e.to == "ex" else "onto your field"
        return f"you may put up to {e.n} {words} from your {where} {to}"
    if isinstance(e, FromGrave):
        n = f"up to {e.n}" if e.up_to else str(e.n)
        total = (
            f" with original costs adding up to {e.max_total} or less" if e.max_total >= 0 else ""
        )
        words = _filter_words(e.what, e.n)
        return f"choose {n} {words}{total} in your graveyard; put it into your {e.to}"
    if isinstance(e, Engage):
        return f"{'stand' if e.stand else 'engage'} {_TO_WORDS[e.to]}"
    if isinstance(e, Mill):
        whose = "your" if e.who == "you" else "your opponent's"
        return f"put the top {e.n} card{'s' if e.n != 1 else ''} of {whose} deck into the graveyard"
    if isinstance(e, GainPP):
        return f"your PP maximum +{e.n}" if e.maximum else f"recover {e.n} PP"
    if isinstance(e, DiscardCards) and e.banish:
        return f"banish {e.n} card{'s' if e.n != 1 else ''} of your choice from your hand"
    if isinstance(e, DiscardCards):
        who = "" if e.who == "you" else "your opponent "
        how = " at random" if e.random else ""
        return f"{who}discard {e.n} card{'s' if e.n != 1 else ''}{how}"
    if isinstance(e, PlayCostDown):
        where = " from your EX area" if e.from_ex else ""
        return f"{_filter_words(e.what, 2)} you play{where} cost {e.n} less"
    if isinstance(e, RevealTop):
        what = _filter_words(e.what, 1)
        return f"reveal the top card of your deck; if it is {what}, put it into your hand"
    if isinstance(e, Arrange):
        return (
            f"look at the top {e.look} cards of your deck; put any of them back on top in any"
            " order, the rest on the bottom in any order"
        )
    if isinstance(e, PutCounters):
        n = "X" if e.per_max_pp else str(e.n)
        x = " (X is your PP maximum)" if e.per_max_pp else ""
        cap = f" (at most {e.cap} on it)" if e.cap >= 0 else ""
        where = "this" if e.what is None else _all_words(e.what)
        return f"put {n} {e.name} counters on {where}{x}{cap}"
    if isinstance(e, PayX):
        return f"as a cost, choose X, pay X PP and take X {e.counter} counters from this"
    if isinstance(e, DiscardAny):
        return "discard any number of cards"
    if isinstance(e, PlayFromOpponentGrave):
        return f"choose a card in your opponent's graveyard; play it with its cost {e.cost}"
    if isinstance(e, EvolveInto):
        return f"Evolve ({e.n}): this evolves into '{e.name}'"
    if isinstance(e, EvolveCostIf):
        return f"this card may also evolve for {e.n} while {describe(e.condition)}"
    if isinstance(e, HandToDeck):
        return "put 1 card from your hand on the top or the bottom of your deck"
    if isinstance(e, WinGame):
        return "you win the battle"
    if isinstance(e, Search):
        total = f" whose original costs total {e.max_total} or less" if e.max_total >= 0 else ""
        if e.max_cost_x:
            total += " with original cost X or less"
        words = _filter_words(e.what, e.n)
        return f"search your deck for up to {e.n} {words}{total} to your {e.to}"
    if isinstance(e, LookTop):
        rest = {
            "bottom": "; the rest to the bottom",
            "grave": "; the rest into the graveyard",
            "hand": "; the rest into your hand",
            "top": "",
        }[e.rest]
        where = "graveyard" if e.to == "grave" else e.to
        if e.must:
            return (
                f"look at the top {e.look} cards of your deck; put {e.n} "
                f"{_filter_words(e.what, e.n)} among them into your {where}{rest}"
            )
        return (
            f"look at the top {e.look} cards of your deck; you may put up to {e.n} "
            f"{_filter_words(e.what, e.n)} among them into your {where}{rest}"
        )
    if isinstance(e, Modal):
        opts = " | ".join(f"({i + 1}) {_sequence(o)}" for i, o in enumerate(e.options))
        more = ""
        if isinstance(e.more_if, Always):
            return f"choose up to {e.more}: {opts}"
        if e.more_if is not None:
            more = f" (if {describe(e.more_if)}, up to {e.more} instead)"
        if e.once_each_per_turn:
            more += " (not an option this chose this turn)"
        head = "choose one" if e.picks == 1 else f"choose up to {e.picks}"
        return f"{head}{more}: {opts}"
    if isinstance(e, Gate):
        return f"if {describe(e.condition)}:"
    if isinstance(e, PayCost):
        return _cost_words(e)
    if isinstance(e, DamageTaken):
        return f"damage the equipped follower takes is {e.n:+d}"
    if isinstance(e, Equip):
        return f"{_TO_WORDS[e.to]} equips '{e.token.name}'"
    if isinstance(e, ExCostDown):
        return f"this in your EX area costs {e.n} less to play"
    if isinstance(e, BanishInstead):
        return "enemy followers that would go from the field to the graveyard are banished instead"
    if isinstance(e, DamageShield):
        what = " the next time it would" if e.next_only else ""
        return f"this turn, {_TO_WORDS[e.to]} takes no damage{what}"
    if isinstance(e, DamageCap):
        return f"{e.at_least} or more damage this takes becomes {e.becomes}"
    if isinstance(e, DamageBonus):
        return f"damage this deals is {e.n:+d}"
    if isinstance(e, ExtraCost):
        return f"you may pay {e.n} more PP to play this"
    if isinstance(e, DiscountFor):
        paid = _cost_words(e.cost).removeprefix("as a cost, ")
        return f"as this is played, you may {paid} to pay {e.n} PP less"
    if isinstance(e, CannotPlay):
        return "this cannot be played"
    if isinstance(e, SpellTax):
        return f"your opponent's spells cost {e.n} more to play"
    if isinstance(e, AdditionalCost):
        return f"to play this, also {_cost_words(e.cost).removeprefix('as a cost, ')}"
    if isinstance(e, MarkPaid):
        return "the extra cost was paid"
    if isinstance(e, EvolveCostPer):
        return f"this card's evolve cost is 1 less for each of {_all_words(e.what)}"
    if isinstance(e, PlayCostIf):
        where = " from the EX area" if e.ex_only else ""
        return f"if {describe(e.condition)} as you play this{where}, it costs {e.n} less"
    if isinstance(e, PlayCostFor):
        verb = "engage" if e.engage else "put into the graveyard"
        what = _targets_words(e.what, e.count)
        return f"as you play this, you may {verb} {what} as a cost; if you do, it costs {e.n} less"
    if isinstance(e, SetEvolveCost):
        return f"this card's evolve cost becomes {e.n}"
    if isinstance(e, Grant):
        who = "this" if e.what is None else _all_words(e.what)
        return f"{who} {'has' if e.what is None else 'have'} {', '.join(e.keywords)}"
    if isinstance(e, If):
        return f"if {describe(e.condition)}, {_sequence(e.effects)}"
    return _describe_condition(e)


def _cost_words(e: PayCost) -> str:
    cost = _pay_words(e)
    if e.otherwise:
        return (
            f"you may {cost}; if you do: {_sequence(e.effects)}; "
            f"if you do not: {_sequence(e.otherwise)}"
        )
    if not e.optional:
        tail = f": {_sequence(e.effects)}" if e.effects else ""
        return f"as a cost, {cost}{tail}"
    return f"you may {cost}; if you do: {_sequence(e.effects)}"


def _pay_words(e: PayCost) -> str:
    """What paying ``e`` takes, in English (``pay 2 PP and discard 1 card``)."""
    parts = ["engage this"] if e.engage_self else []
    if e.pp:
        parts.append(f"pay {e.pp} PP")
    if e.leader:
        parts.append(f"your leader loses {e.leader} defense")
    if e.discard is not None:
        verb = "put {} {} from your hand into your EX area" if e.discard_to_ex else "discard {} {}"
        parts.append(verb.format(e.discard_n, _filter_words(e.discard, e.discard_n)))
    if e.engage is not None:
        parts.append(f"engage {_targets_words(e.engage, e.engage_n)}")
    if e.sacrifice is not None:
        verb = "banish {}" if e.banish_field else "put {} into the graveyard"
        if e.sacrifice_to_ex:
            verb = "put {} into your EX area"
        if e.sacrifice_to_hand:
            verb = "return {} to the hand"
        parts.append(verb.format(_targets_words(e.sacrifice, e.sacrifice_n)))
    if e.reveal is not None:
        parts.append(f"reveal {e.reveal_n} {_filter_words(e.reveal, e.reveal_n)} from your hand")
    if e.banish is not None:
        words = _filter_words(e.banish, e.banish_n)
        where = "EX area" if e.banish_from == "ex" else "graveyard"
        parts.append(f"banish {e.banish_n} {words} from your {where}")
    if e.lesson:
        parts.append(f"Lesson {e.lesson} (banish {e.lesson} Magic Items from your EX area)")
    if e.engage_any is not None:
        parts.append(f"engage any number of {_all_words(e.engage_any)[4:]} (X)")
    if e.take_from is not None:
        what = _targets_words(e.take_from)
        parts.append(f"remove {e.take_n} '{e.take}' counters from {what}")
    return " and ".join(parts)


def _describe_condition(c: Any) -> str:
    if isinstance(c, Combo):
        return f"Combo {c.n}"
    if isinstance(c, Spellchain):
        return f"Spellchain {c.n}"
    if isinstance(c, Necrocharge):
        return f"Necrocharge {c.n}"
    if isinstance(c, Overflow):
        return "Overflow"
    if isinstance(c, Sanguine):
        return "Sanguine"
    if isinstance(c, MaxPP):
        return f"your PP maximum is {'' if c.exact else 'at least '}{c.n}"
    if isinstance(c, HaveOnField):
        return f"you have {_targets_words(c.what, c.n)}"
    if isinstance(c, Not):
        return f"not {describe(c.condition)}"
    if isinstance(c, LeaderAtMost):
        return f"your leader has {'exactly ' if c.exact else ''}{c.n} defense" + (
            "" if c.exact else " or less"
        )
    if isinstance(c, AttackSum):
        return f"the attack of {_all_words(c.what)} adds up to {c.n} or more"
    if isinstance(c, CountersAtLeast):
        return f"this has {c.n} or more {c.name} counters"
    if isinstance(c, CameFrom):
        if c.zone == "ability":
            return "this was put onto the field by an ability"
        return f"this came onto the field from the {c.zone}"
    if isinstance(c, AllOf):
        return " and ".join(describe(x) for x in c.conditions)
    if isinstance(c, AnyOf):
        return " or ".join(describe(x) for x in c.conditions)
    if isinstance(c, DidIt):
        return "you did"
    if isinstance(c, DiscardedThisTurn):
        return "you discarded a card this turn"
    if isinstance(c, PlacedInEx):
        return f"you put a {_filter_words(c.what, 1)} into your EX area"
    if isinstance(c, FieldCount):
        return f"you have {c.n} or more {_filter_words(c.what, c.n)} on your field"
    if isinstance(c, TookCard):
        return f"it includes a {_filter_words(c.what, 1)}"
    if isinstance(c, Always):
        return "always"
    if isinstance(c, ExCount):
        more = "" if c.exact else " or more"
        return f"you have {c.n}{more} {_filter_words(c.what, c.n)} in your EX area"
    if isinstance(c, OpponentFollowers):
        return f"your opponent has {c.n} or more followers on the field"
    if isinstance(c, DeckAtMost):
        return f"your deck has {c.n} or fewer cards"
    if isinstance(c, OpponentCards):
        return f"your opponent has {c.n} or more cards on the field"
    if isinstance(c, EvolveUsed):
        return f"you have {c.n} or more face-up evolved followers in your evolve deck"
    if isinstance(c, OpponentGrave):
        return f"your opponent has {c.n} or more cards in their graveyard"
    if isinstance(c, Standing):
        return "this is standing"
    if isinstance(c, BurstsThisTurn):
        return f"{c.n} or more of your Union Burst abilities were used this turn"
    if isinstance(c, EvolvedThisTurn):
        times = "" if c.n == 1 else f" {c.n} or more times"
        return f"a follower of yours evolved this turn{times}"
    if isinstance(c, NthEvolve):
        return f"it is the evolve number {c.n} of your followers this turn"
    if isinstance(c, PlayedExactly):
        return f"it is your card number {c.n} played this turn"
    if isinstance(c, MyTurn):
        return "it is your turn"
    if isinstance(c, OpponentTurn):
        return "it is your opponent's turn"
    if isinstance(c, PaidExtra):
        return "the extra cost was paid"
    if isinstance(c, ItIs):
        return f"it is a {_filter_words(c.what, 1)}"
    if isinstance(c, Revealed):
        return f"one of them is a {_filter_words(c.what, 1)}"
    if isinstance(c, DiscardedIs):
        return f"you discarded a {_filter_words(c.what, 1)}"
    if isinstance(c, GraveCount):
        return f"you have {c.n} or more {_filter_words(c.what, c.n)} in your graveyard"
    if isinstance(c, Revealed):
        return f"you revealed a {_filter_words(c.what, 1)}"
    if isinstance(c, HaveEvolved):
        return "you have an evolved follower on your field"
    if isinstance(c, BanishCount):
        return f"you have {c.n} or more cards in your banish zone"
    if isinstance(c, PlayedThisTurn):
        other = "another " if c.other else "a "
        return f"you played {other}{_filter_words(c.what, 1)} this turn"
    if isinstance(c, FieldExCount):
        words = _filter_words(c.what, c.n)
        return f"you have {c.n} or more {words} on your field and in your EX area"
    if isinstance(c, HandAtMost):
        return f"you have {c.n} or fewer cards in your hand"
    return type(c).__name__
