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
    AMULET_LEAVES = "amulet_leaves"
    """CR 10.7.1: one of your amulets left the field (this card on the field)."""
    ON_EQUIP = "on_equip"
    """CR 14.5.2.2.2: this equipment was equipped (the follower is the ability's card)."""
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
    ENGAGED = "engaged"
    """CR 5.4 / 10.7.1: this card on the field became engaged (``これがアクトしたとき``): by
    attacking, by an engage cost or by an effect."""
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
    Trigger.ATTACK_DAMAGE: "When this deals attack damage",
    Trigger.ACTIVATED: "Act",
    Trigger.DISCARDED: "When this is discarded from your hand",
    Trigger.STATIC: "Continuous",
    Trigger.ON_EQUIP: "When equipped",
    Trigger.LEAVES: "When this leaves the field",
    Trigger.AMULET_LEAVES: "When one of your amulets leaves the field",
    Trigger.CARD_PLAYED: "When you play a card",
    Trigger.EX_PLACED: "When a card is put into your EX area",
    Trigger.ALLY_ATTACKS: "When a follower of yours attacks",
    Trigger.TO_EX: "When this is put into the EX area",
    Trigger.ALLY_EVOLVES: "When a follower of yours evolves",
    Trigger.ENGAGED: "When this becomes engaged",
    Trigger.BUFFED: "When this gets + attack or defense",
    Trigger.EX_END_PHASE: "When your end phase comes while this is in your EX area",
    Trigger.CARD_ENTERS: "When another card enters your field",
    Trigger.LEADER_HURT: "When your leader's defense goes down",
    Trigger.ABILITY_USED: "When a Union Burst ability of another follower of yours is used",
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
    as cost (``EXエリアのこれを墓場に置く``)."""
    times_per_turn: int = 0
    """Auto abilities: go off at most this many times per turn (``ターンごとにN回``)."""
    union_burst: bool = False
    """A Union Burst ability (CR 14.5.1); its use is what "能力が発動したとき" sees
    (CR 14.5.1.3)."""


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
        """``rec`` with its keywords replaced by the script's own keywords, when known."""
        found = self._records.get(rec)
        if found is None:
            script = self.get(rec.card_id)
            found = rec
            if script is not None and script.keywords is not None:
                found = dataclasses.replace(rec, keywords=script.keywords)
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
    """Only cards whose original cost is at least this (``元のコスト5以上``); -1 for any."""

    def allows(self, card: Card) -> bool:
        """Whether a field card meets the trait, name, token and cost limits."""
        rec = card.face
        if self.token and not card.token:
            return False
        if self.trait and self.trait not in rec.traits and self.trait != rec.card_class:
            return False
        if self.name and rec.name != self.name:
            return False
        cost = card.base.cost or 0
        if self.max_cost >= 0 and cost > self.max_cost:
            return False
        if self.min_cost >= 0 and cost < self.min_cost:
            return False
        if self.max_defense >= 0 and card.dfn > self.max_defense:
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
class SelfToEx:
    """You may put this card from the graveyard into your EX area (``これをEXエリアに置いて
    よい``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Ask, then move it."""
        grave = game.players[game.cards[frame.source].owner].grave
        if frame.choice is None:
            if frame.source not in grave:
                return True
            game.ask_pick(frame.controller, ["yes"], True)
            return False
        word, frame.choice = frame.choice, None
        if word == "yes" and frame.source in grave:
            game.put_in_ex(frame.source)
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
                card = game.cards[tgt]
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

    def run(self, game: State, frame: Frame) -> bool:
        """Draw."""
        player = _who(game, frame, self.who)
        for _ in range(self.n):
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
    attack_of_it: bool = False
    """The damage is the attack of the chosen card ("it") still on the field, 0 if none
    (``「それの攻撃力」と同じダメージ``)."""
    per_hurt: bool = False
    """The damage is the number of times your leader's defense went down this turn
    (``「このターン中に自分のリーダーの体力が減少した回数」``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Deal the damage (ability damage, CR 5.14.3.3)."""
        if self.per is not None:
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
        for tgt in _resolve(game, frame, self.to):
            game.deal_damage(tgt, amount)
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
    """CR 5.7: banish the chosen cards."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Banish (this card from the graveyard too: a Last Words ability, CR 12.5)."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.banish(tgt)
        if self.to == "self" and _self_in_grave(game, frame):
            game.banish(frame.source)
        return True


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return the chosen field cards to their owners' hands (a token vanishes, CR 9.1.4.3)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Return them."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.return_to_hand(tgt)
        return True


@dataclass(frozen=True, slots=True)
class PutInEx:
    """CR 4.8: put the chosen field cards into their owners' EX areas."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Move them (this card from the graveyard too: a Last Words ability, CR 12.5)."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.field_to_ex(tgt)
        if self.to == "self" and _self_in_grave(game, frame):
            game.move_found(frame.source, "ex", game.cards[frame.source].owner)
        elif self.to == "self" and frame.source >= 0:
            game.resolution_to_ex(frame.source)  # a spell: to the EX area, not the graveyard
        return True


def _self_in_grave(game: State, frame: Frame) -> bool:
    """Whether the ability's own card is in its owner's graveyard (where a Last Words
    ability finds it, CR 12.5: "this" is that card)."""
    src = frame.source
    return src >= 0 and src in game.players[game.cards[src].owner].grave


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
class CostDown:
    """This turn, the chosen cards cost ``n`` less to play (not below 0)."""

    n: int
    to: str = "targets"
    per_played: bool = False
    """``n`` is the number of cards you played this turn (``Xは「このターン中に自分がプレイ
    したカードの枚数」``)."""
    zero: bool = False
    """The cost becomes 0 instead (``コストを0にする``; set before other changes, CR
    10.10.2.4)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them (cards in any zone: a found card is in the hand or EX area)."""
        n = game.players[frame.controller].played if self.per_played else self.n
        for tgt in frame.targets if self.to == "targets" else _resolve(game, frame, self.to):
            if tgt >= 0:
                if self.zero:
                    card = game.cards[tgt]
                    if card.counters is None:
                        card.counters = {}
                    card.counters["cost_zero"] = game.turn
                else:
                    game.cost_down(tgt, n)
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

    def run(self, game: State, frame: Frame) -> bool:
        """Check the event's card."""
        card = game.cards[frame.amount] if frame.amount >= 0 else None
        if (
            card is None
            or not self.what.matches(card.face)
            or (self.min_attack >= 0 and card.atk < self.min_attack)
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

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching cards one by one (``done`` when ``up_to``)."""
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        return _take(game, frame, game.players[frame.controller].grave, self, self.n, False)


@dataclass(frozen=True, slots=True)
class Mill:
    """Put the top ``n`` cards of ``who``'s deck into the graveyard."""

    n: int
    who: str = "you"

    def run(self, game: State, frame: Frame) -> bool:
        """Mill."""
        game.mill(_who(game, frame, self.who), self.n)
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
    """CR 5.12: ``who`` (you, or your opponent: ``相手プレイヤーすべては、自身の手札N枚を
    捨てる``) discards ``n`` cards of their choice from their hand."""

    n: int = 1
    who: str = "you"
    banish: bool = False
    """The chosen cards are banished instead (``自分の手札N枚を消滅させる``, CR 5.7; not a
    discard, so nothing that reacts to discards goes off)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Ask which card to discard, ``n`` times (fewer if the hand runs out)."""
        player = _who(game, frame, self.who)
        if frame.choice is not None:
            if self.banish:
                game.banish(int(frame.choice))
            else:
                game.discard_card(player, int(frame.choice))
            frame.choice = None
            frame.sub += 1
        hand = game.players[player].hand
        if frame.sub >= self.n or not hand:
            frame.sub = 0
            return True
        game.ask_pick(player, [str(u) for u in sorted(hand)], False)
        return False


@dataclass(frozen=True, slots=True)
class Search:
    """CR 5.8: find up to ``n`` cards passing ``what`` in your deck, move them to ``to``
    (``hand``, ``ex`` or ``field``) as "it", then shuffle (CR 5.8.2)."""

    what: CardFilter
    n: int = 1
    to: str = "hand"
    distinct_names: bool = False

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


def _take(
    game: State,
    frame: Frame,
    pool: list[int],
    how: Search | LookTop | FromGrave,
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
        seen: dict[str, int] = {}
        for uid in pool:
            rec = game.cards[uid].base
            if uid in frame.targets or not how.what.matches(rec):
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


_BANISHING = 10
_ENGAGING = 100
"""The step of :class:`PayCost` from which field cards are engaged (plus the count)."""
"""The step of :class:`PayCost` from which graveyard cards are banished (plus the count)."""


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
    discard_n: int = 1
    """How many cards passing ``discard`` are discarded (``手札2枚を捨てる``)."""
    hand_to_ex: bool = False
    """The cards of ``discard`` are put into the EX area instead of being discarded
    (``手札の…1枚をEXエリアに置く``, CR 4.8)."""
    to_ex: bool = False
    """The field card of ``sacrifice`` is put into the EX area instead
    (``場の…1枚をEXエリアに置く``, CR 4.8)."""
    to_hand: bool = False
    """The field card of ``sacrifice`` is returned to its owner's hand instead
    (``場の他のカード1枚を手札に戻す``)."""
    sacrifice_n: int = 1
    """How many field cards ``sacrifice`` allows are put into the graveyard."""
    engage: Targets | None = None
    """Engage ``engage_n`` standing field cards of yours that this allows
    (``場のアミュレット1つを【アクト】``, CR 5.4)."""
    engage_n: int = 0
    reveal: CardFilter | None = None
    """Reveal ``reveal_n`` cards passing this filter from your hand (``手札の…N枚を公開``):
    the cards stay in the hand, so paying only needs them to be there (the opponent's
    view of the hand is not changed by it)."""
    reveal_n: int = 0

    def available(self, game: State, controller: int, source: int = -1) -> bool:
        """Whether every part of the cost can be paid now (CR 10.4.2.2)."""
        p = game.players[controller]
        if p.pp < self.pp or (self.leader and p.hp < self.leader):
            return False
        cards = game.cards
        if self.discard is not None:
            match = self.discard.matches
            hand = game.players[controller].hand
            if sum(1 for u in hand if u != source and match(cards[u].base)) < self.discard_n:
                return False
        if self.banish is not None:
            match = self.banish.matches
            grave = game.players[controller].grave
            if sum(1 for u in grave if u != source and match(cards[u].base)) < self.banish_n:
                return False
        if (self.to_ex or self.hand_to_ex) and len(p.ex) >= 5:  # CR 4.8.3.2: no room there
            return False
        if self.reveal is not None:
            match = self.reveal.matches
            hand = p.hand
            if sum(1 for u in hand if u != source and match(cards[u].base)) < self.reveal_n:
                return False
        if self.engage is not None and len(self._engageable(game, controller, source)) < (
            self.engage_n
        ):
            return False
        return self.sacrifice is None or len(
            game.candidates(self.sacrifice, controller, source, counting=True)
        ) >= (self.sacrifice_n if not (self.to_ex or self.to_hand or self.banish_field) else 1)

    def _engageable(self, game: State, controller: int, source: int = -1) -> list[int]:
        what = self.engage
        assert what is not None
        cards = game.cards
        found = game.candidates(what, controller, source, counting=True)
        return [u for u in found if not cards[u].engaged]

    def _banishable(self, game: State, controller: int, source: int = -1) -> list[int]:
        what = self.banish
        assert what is not None
        cards = game.cards
        grave = sorted(game.players[controller].grave)
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
        if frame.sub == 0:
            if not self.available(game, me, frame.source):
                return True
            frame.sub = 1
            if self.optional:
                game.ask_pick(me, ["pay"], True)
                return False
        if frame.sub == 1:
            word, frame.choice = frame.choice, None
            if word == "done":
                frame.sub = 0
                return True
            p = game.players[me]
            p.pp -= self.pp
            if self.leader:
                game.lose_defense(me, self.leader)
            frame.sub = _ENGAGING if self.engage is not None else 2
        if frame.sub >= _ENGAGING:  # engage field cards one at a time (CR 5.4)
            if frame.choice is not None:
                uid, frame.choice = int(frame.choice), None
                game.set_engaged(uid, True)
                frame.sub += 1
            if frame.sub - _ENGAGING < self.engage_n:
                options = [str(u) for u in self._engageable(game, me, frame.source)]
                if options:
                    game.ask_pick(me, options, False)
                    return False
            frame.sub = 2
        if frame.sub == 2 and frame.choice is None:
            if self.discard is not None:
                options = [str(u) for u in self._discardable(game, me, frame.source)]
                game.ask_pick(me, options, False)
                return False
            if self.sacrifice is not None:
                cands = game.candidates(self.sacrifice, me, frame.source, counting=True)
                game.ask_pick(me, [str(u) for u in cands], False)
                return False
            frame.sub = _BANISHING
        if 2 <= frame.sub < _BANISHING and frame.choice is not None:
            uid, frame.choice = int(frame.choice), None
            if self.discard is not None:
                if self.hand_to_ex:
                    game.put_in_ex(uid)
                else:
                    game.discard_card(me, uid)
                frame.sub += 1
                if frame.sub - 2 < self.discard_n:  # another card to discard
                    options = [str(u) for u in self._discardable(game, me, frame.source)]
                    if options:
                        game.ask_pick(me, options, False)
                        return False
            elif self.to_ex:
                game.field_to_ex(uid)
            elif self.to_hand:
                game.return_to_hand(uid)
            elif self.banish_field:
                game.banish(uid)
            else:
                game.destroy_as_cost(uid)
                frame.sub += 1
                more = self.sacrifice
                if more is not None and frame.sub - 2 < self.sacrifice_n:  # another card
                    cands = game.candidates(more, me, frame.source, counting=True)
                    if cands:
                        game.ask_pick(me, [str(u) for u in cands], False)
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
class ExtraCost:
    """A ``STATIC`` ability of a card played from the hand: ``これをプレイする際、コストを+N
    してよい`` (CR 10.4.7.2, 10.6.2.2): the player may pay ``n`` more PP when playing it."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the play procedure offers it."""
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
    fresh: bool = False
    """An option chosen by this ability cannot be chosen again this turn; remembered on the
    ability's card."""

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
        picks = 1
        if self.more_if is not None and holds(self.more_if, game, frame):
            picks = self.more
        count = bin(chosen).count("1")
        used = 0
        if self.fresh and frame.source >= 0:
            counters = game.cards[frame.source].counters
            if counters is not None and counters.get("modes_turn") == game.turn:
                used = counters.get("modes", 0)
        if not done and count < picks:
            left = [
                f"mode{i + 1}"
                for i, option in enumerate(self.options)
                if not (chosen | used) >> i & 1 and _payable(option, game, frame)
            ]
            if left:
                frame.sub = chosen
                game.ask_pick(frame.controller, left, count > 0)
                return False
        frame.sub = 0
        if self.fresh and frame.source >= 0 and chosen:
            card = game.cards[frame.source]
            if card.counters is None:
                card.counters = {}
            card.counters["modes"] = used | chosen
            card.counters["modes_turn"] = game.turn
        for i in reversed(range(len(self.options))):
            if chosen >> i & 1:
                game.push_frame(self.options[i], frame)
        return True


def _payable(option: tuple[Effect, ...], game: State, frame: Frame) -> bool:
    """CR 5.18.3.1.2: an option that opens with a cost may be chosen only if it can be paid."""
    first = option[0] if option else None
    if isinstance(first, PayCost) and not first.optional:
        return first.available(game, frame.controller, frame.source)
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
        """Test the condition; run the effects as a nested ability when it holds (what they
        choose stays "it" for the rest of the ability)."""
        if holds(self.condition, game, frame):
            game.push_frame(self.effects, frame)
            game.frames[-1].share = True
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
class SetEvolveCost:
    """This card's evolve cost (CR 12.2) becomes ``n`` while it stays on the field."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Mark this card."""
        if game.target_exists(frame.source) and frame.source >= 0:
            card = game.cards[frame.source]
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


ORIGINS = {"hand": 1, "ex": 2, "grave": 3, "deck": 4, "created": 5, "hand_ability": 6}
"""Where a card on the field came from (kept in its ``origin`` counter)."""


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
        if self.zone == "hand":  # played from the hand, or put from it by an ability
            return origin in (ORIGINS["hand"], ORIGINS["hand_ability"])
        return origin == ORIGINS[self.zone]


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
class SelfToField:
    """Put this card from your graveyard onto your field (``自分の墓場のこれを場に出す``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Move it if it is still in the graveyard and the field has room."""
        me = frame.controller
        if frame.source in game.players[me].grave and game.field_has_room(me):
            game.move_found(frame.source, "field", me)
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

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        cards = game.cards
        match = self.what.matches
        return sum(1 for u in game.players[controller].ex if match(cards[u].base)) >= self.n


@dataclass(frozen=True, slots=True)
class OpponentFollowers:
    """Your opponent has ``n`` or more followers (``cards``: cards) on the field."""

    n: int
    cards: bool = False

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        if self.cards:
            return len(game.players[1 - controller].field) >= self.n
        return len(game.followers_of(1 - controller)) >= self.n


@dataclass(frozen=True, slots=True)
class NoDamage:
    """This turn, this card takes no damage (``このターン、これはダメージを受けない``)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Mark it for this turn."""
        if frame.source >= 0 and game.target_exists(frame.source):
            card = game.cards[frame.source]
            if card.counters is None:
                card.counters = {}
            card.counters["no_damage"] = game.turn
        return True


@dataclass(frozen=True, slots=True)
class EvolveUsed:
    """``n`` or more face-up evolved followers in your evolve deck (CR 4.6.3)."""

    n: int

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count the spent evolved cards."""
        return len(game.players[controller].evolve_used) >= self.n


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
class Revealed:
    """A card passing ``what`` was revealed and taken by the look at the deck before
    (``…を公開したなら``, CR 5.11): "it" holds the cards taken."""

    what: CardFilter

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Outside an ability nothing was revealed."""
        return False

    def holds_in(self, game: State, frame: Frame) -> bool:
        """Whether one of the cards taken passes the filter."""
        cards = game.cards
        return any(t >= 0 and self.what.matches(cards[t].base) for t in frame.targets)


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
class RandomDiscard:
    """CR 5.19 / 5.12: ``who`` discards ``n`` cards chosen at random from their hand
    (``自身の手札をランダムにN枚捨てる``)."""

    n: int = 1
    who: str = "opponent"

    def run(self, game: State, frame: Frame) -> bool:
        """Discard random cards, one at a time (fewer if the hand runs out)."""
        player = _who(game, frame, self.who)
        hand = game.players[player].hand
        for _ in range(self.n):
            if not hand:
                break
            game.discard_card(player, game.rng.choice(sorted(hand)))
        return True


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
class FieldHas:
    """You have ``n`` or more cards on your field passing ``what`` (by their current card:
    ``「カード名に『…』を含むフォロワー」がいる``)."""

    what: CardFilter
    n: int = 1

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Count them."""
        cards = game.cards
        match = self.what.matches
        return sum(1 for u in game.players[controller].field if match(cards[u].face)) >= self.n


@dataclass(frozen=True, slots=True)
class SelfCostDown:
    """A continuous ability of a card in your hand: it costs ``n`` less to play while the
    ability's condition holds (``これをプレイする際、…なら、コストを-N する``, CR 10.2.1.3.3)."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the cost is lowered where it is computed."""
        return True


@dataclass(frozen=True, slots=True)
class SpellTax:
    """A continuous ability on the field: your opponent's spells cost ``n`` more to play
    (CR 10.2.1.3.3)."""

    n: int

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: the cost is raised where it is computed."""
        return True


@dataclass(frozen=True, slots=True)
class GraveSelfToEx:
    """Put this card from your graveyard into your EX area (``自分の墓場のこれをEXエリアに
    置く``; the ability is played from the graveyard, CR 4.8)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Move it if it is still in the graveyard (and the EX area has room)."""
        if frame.source in game.players[frame.controller].grave:
            game.move_found(frame.source, "ex", frame.controller)
        return True


@dataclass(frozen=True, slots=True)
class TopToEx:
    """Put the top ``n`` cards of your deck into your EX area as "it" (``自分のデッキの上N枚を
    EXエリアに置く``, CR 4.8; the EX area holds at most 5, CR 4.8.3.2)."""

    n: int = 1

    def run(self, game: State, frame: Frame) -> bool:
        """Move them one by one from the top."""
        me = frame.controller
        deck = game.players[me].deck
        frame.targets = []
        for _ in range(self.n):
            if not deck or len(game.players[me].ex) >= 5:
                break
            uid = deck[-1]
            game.move_found(uid, "ex", me)
            if game.cards[uid].zone.name == "EX":
                frame.targets.append(uid)
        return True


@dataclass(frozen=True, slots=True)
class HandToField:
    """You may put a card passing ``what`` from your hand onto your field as "it" (``自分の
    手札の…1枚を場に出してよい``; not a play, so no cost, CR 5.5)."""

    what: CardFilter
    n: int = 1
    """Up to this many (``2枚まで``), one at a time."""

    def run(self, game: State, frame: Frame) -> bool:
        """Offer the matching followers and amulets (``done`` stops)."""
        me = frame.controller
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        if frame.choice is not None:
            word, frame.choice = frame.choice, None
            if word == "done":
                frame.sub = 0
                return True
            uid = int(word)
            game.move_found(uid, "field", me)
            if game.target_exists(uid):
                frame.targets.append(uid)
            frame.sub += 1
        cards = game.cards
        options = [
            str(u)
            for u in sorted(game.players[me].hand)
            if self.what.matches(cards[u].base)
            and cards[u].base.base_type in ("follower", "amulet")
        ]
        if frame.sub >= self.n or not options or not game.field_has_room(me):
            frame.sub = 0
            return True
        game.ask_pick(me, options, True)
        return False


@dataclass(frozen=True, slots=True)
class NextDamageShield:
    """This turn, the next damage the chosen followers would take is prevented (a
    replacement effect used up once it applies, CR 10.2.1.3.2)."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Mark them for this turn."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                card = game.cards[tgt]
                if card.counters is None:
                    card.counters = {}
                card.counters["shield_turn"] = game.turn
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
                card = game.cards[tgt]
                if card.counters is None:
                    card.counters = {}
                if card.counters.get("more_turn") != game.turn:
                    card.counters["more"] = 0
                card.counters["more_turn"] = game.turn
                card.counters["more"] += self.n
        return True


@dataclass(frozen=True, slots=True)
class NoPlayFromEx:
    """A continuous ability of the card itself: it cannot be played from the EX area."""

    def run(self, game: State, frame: Frame) -> bool:
        """Nothing to resolve: checked where plays are offered."""
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
        Mill,
        GainPP,
        DiscardCards,
        Search,
        LookTop,
        Modal,
        Gate,
        If,
        CostDown,
        NoAttack,
        EventIs,
        FromGrave,
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
        SetEvolveCost,
        DamageBonus,
        ExtraCost,
        MarkPaid,
        OpponentTurn,
        PaidExtra,
        SplitDamage,
        NoCombatDamage,
        SetStats,
        NextCostDown,
        CameFrom,
        DamageTaken,
        Equip,
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
        NoDamage,
        Always,
        SelectEx,
        SelfToEx,
        DidIt,
        AllOf,
        SelfToField,
        ExileLater,
        ExileSelf,
        ShuffleDeck,
        Revealed,
        HaveEvolved,
        HandAtMost,
        RandomDiscard,
        LeaderShield,
        Scaled,
        FieldHas,
        SelfCostDown,
        SpellTax,
        GraveSelfToEx,
        TopToEx,
        FieldExCount,
        HandToField,
        TakesMore,
        NextDamageShield,
        NoPlayFromEx,
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
    if t.token:
        parts.append("token")
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
            costs.append("discard this from your hand")
        if obj.from_grave:
            costs.append("played from your graveyard")
        if obj.from_ex:
            costs.append("put this from your EX area into the graveyard")
        if obj.trigger is Trigger.STATIC and obj.from_ex:
            label = "Continuous (on the field or in the EX area)"
        if obj.trigger is Trigger.ACTIVATED:
            label = ("Quick act" if obj.quick else "Act") + (
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
        return "this turn, this takes no damage"
    if isinstance(e, SelfToField):
        return "put this from your graveyard onto your field"
    if isinstance(e, GraveSelfToEx):
        return "put this from your graveyard into your EX area"
    if isinstance(e, ExileLater):
        return "this gets 'Last Words: banish this'"
    if isinstance(e, ExileSelf):
        return "banish this"
    if isinstance(e, ShuffleDeck):
        return "shuffle your deck"
    if isinstance(e, HandToField):
        up_to = f"up to {e.n}" if e.n != 1 else "1"
        return f"you may put {up_to} {_filter_words(e.what, e.n)} from your hand onto your field"
    if isinstance(e, NextDamageShield):
        return f"this turn, {_TO_WORDS[e.to]} takes no damage the next time it would be damaged"
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
    if isinstance(e, RandomDiscard):
        who = "you discard" if e.who == "you" else "your opponent discards"
        return f"{who} {e.n} random card{'s' if e.n != 1 else ''}"
    if isinstance(e, LeaderShield):
        if e.n < 0:
            return "this turn, your leader takes no damage the next time it would be damaged"
        return f"this turn, the next damage your leader takes is {e.n} less"
    if isinstance(e, SelfToEx):
        return "you may put this into your EX area"
    if isinstance(e, ToGrave):
        return "put this into the graveyard"
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
    }
    phrase = simple.get(type(e))
    if phrase is not None:
        return phrase.format(_TO_WORDS[e.to])
    if isinstance(e, CostDown) and e.zero:
        return f"this turn, {_TO_WORDS[e.to]} costs 0 to play"
    if isinstance(e, CostDown):
        less = "X (the cards you played this turn)" if e.per_played else str(e.n)
        return f"this turn, {_TO_WORDS[e.to]} costs {less} less to play"
    if isinstance(e, NoAttack):
        when = "in its controller's next turn" if e.next_turn else "this turn"
        return f"{_TO_WORDS[e.to]} cannot attack {when}"
    if isinstance(e, EventIs):
        power = f" with attack {e.min_attack} or more" if e.min_attack >= 0 else ""
        return f"only if it is a {_filter_words(e.what, 1)}{power}:"
    if isinstance(e, FromGrave):
        n = f"up to {e.n}" if e.up_to else str(e.n)
        return f"choose {n} {_filter_words(e.what, e.n)} in your graveyard; put it into your {e.to}"
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
        who = "" if e.who == "you" else "your opponent chooses and "
        return f"{who}discard{'s' if who else ''} {e.n} card{'s' if e.n != 1 else ''}"
    if isinstance(e, Search):
        return f"search your deck for up to {e.n} {_filter_words(e.what, e.n)} to your {e.to}"
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
        if e.fresh:
            opts += " (an option chosen this turn cannot be chosen again this turn)"
        if isinstance(e.more_if, Always):
            return f"choose up to {e.more}: {opts}"
        if e.more_if is not None:
            more = f" (if {describe(e.more_if)}, up to {e.more} instead)"
        return f"choose one{more}: {opts}"
    if isinstance(e, Gate):
        return f"if {describe(e.condition)}:"
    if isinstance(e, PayCost):
        return _cost_words(e)
    if isinstance(e, DamageTaken):
        return f"damage the equipped follower takes is {e.n:+d}"
    if isinstance(e, Equip):
        return f"{_TO_WORDS[e.to]} equips '{e.token.name}'"
    if isinstance(e, DamageBonus):
        return f"damage this deals is {e.n:+d}"
    if isinstance(e, ExtraCost):
        return f"you may pay {e.n} more PP to play this"
    if isinstance(e, NoPlayFromEx):
        return "this cannot be played from the EX area"
    if isinstance(e, SelfCostDown):
        return f"this costs {e.n} less to play"
    if isinstance(e, SpellTax):
        return f"your opponent's spells cost {e.n} more to play"
    if isinstance(e, MarkPaid):
        return "the extra cost was paid"
    if isinstance(e, SetEvolveCost):
        return f"this card's evolve cost becomes {e.n}"
    if isinstance(e, Grant):
        who = "this" if e.what is None else _all_words(e.what)
        return f"{who} {'has' if e.what is None else 'have'} {', '.join(e.keywords)}"
    if isinstance(e, If):
        return f"if {describe(e.condition)}, {_sequence(e.effects)}"
    return _describe_condition(e)


def _cost_words(e: PayCost) -> str:
    parts = []
    if e.pp:
        parts.append(f"pay {e.pp} PP")
    if e.leader:
        parts.append(f"your leader loses {e.leader} defense")
    if e.discard is not None:
        verb = "put into the EX area from your hand" if e.hand_to_ex else "discard"
        parts.append(f"{verb} {e.discard_n} {_filter_words(e.discard, e.discard_n)}")
    if e.engage is not None:
        parts.append(f"engage {_targets_words(e.engage, e.engage_n)}")
    if e.reveal is not None:
        parts.append(f"reveal {e.reveal_n} {_filter_words(e.reveal, e.reveal_n)} from your hand")
    if e.sacrifice is not None:
        verb = "banish {}" if e.banish_field else "put {} into the graveyard"
        if e.to_ex:
            verb = "put {} into the EX area"
        if e.to_hand:
            verb = "return {} to the hand"
        parts.append(verb.format(_targets_words(e.sacrifice, e.sacrifice_n)))
    if e.banish is not None:
        words = _filter_words(e.banish, e.banish_n)
        parts.append(f"banish {e.banish_n} {words} from your graveyard")
    cost = " and ".join(parts)
    if not e.optional:
        then = f"; then: {_sequence(e.effects)}" if e.effects else ""
        return f"as a cost, {cost}{then}"
    return f"you may {cost}; if you do: {_sequence(e.effects)}"


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
    if isinstance(c, CameFrom):
        if c.zone == "ability":
            return "this was put onto the field by an ability"
        return f"this came onto the field from the {c.zone}"
    if isinstance(c, AllOf):
        return " and ".join(describe(x) for x in c.conditions)
    if isinstance(c, DidIt):
        return "you did"
    if isinstance(c, Always):
        return "always"
    if isinstance(c, ExCount):
        return f"you have {c.n} or more {_filter_words(c.what, c.n)} in your EX area"
    if isinstance(c, OpponentFollowers):
        kind = "cards" if c.cards else "followers"
        return f"your opponent has {c.n} or more {kind} on the field"
    if isinstance(c, EvolveUsed):
        return f"you have {c.n} or more face-up evolved followers in your evolve deck"
    if isinstance(c, OpponentGrave):
        return f"your opponent has {c.n} or more cards in their graveyard"
    if isinstance(c, Standing):
        return "this is standing"
    if isinstance(c, BurstsThisTurn):
        return f"{c.n} or more of your Union Burst abilities were used this turn"
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
    if isinstance(c, FieldHas):
        return f"you have {c.n} or more {_filter_words(c.what, c.n)} on your field"
    if isinstance(c, HandAtMost):
        return f"you have {c.n} or fewer cards in your hand"
    return type(c).__name__
