"""The SVE game state and the rules that move it (CR chapters 5-12).

One mutable :class:`State` per game, with integer card ids, per-player zone lists and a cheap
:meth:`State.clone`. The game advances by itself until a player must decide something; the
decision is exposed through :meth:`State.current_player` and :meth:`State.legal_actions`,
and answered with :meth:`State.apply`.

>>> from engine.cards import CardRecord
>>> unit = CardRecord("T-1", "Unit", cost=1, attack=1, defense=1)
>>> game = new_game(DeckSpec(main=[unit] * 40), DeckSpec(main=[unit] * 40), seed=1)
>>> str(game.legal_actions()[0])
'keep'
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from engine.cards import CardRecord
from engine.sve.actions import (
    END,
    KEEP,
    LEADER,
    PASS,
    REDRAW,
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
    activate_of,
    attack_of,
    evolve_of,
    play_of,
)
from engine.sve.board import (
    ABILITY_PROOF,
    ASSAIL,
    AURA,
    BANE,
    BOXED,
    BOXED_KEPT,
    CANNOT_ATTACK,
    DEFAULT_TURN_LIMIT,
    DRAIN,
    ENTERS_ENGAGED,
    EVOLVE_ANY,
    EX_LIMIT,
    FIELD_LIMIT,
    HAND_LIMIT,
    IGNORE_WARD,
    INTIMIDATE,
    MAX_PP_CAP,
    NO_EX_PLAY,
    OPENING_HAND,
    QUICK,
    RUSH,
    SECOND_PLAYER_EP,
    STORM,
    SUPER_EVOLVE_TURN,
    TERMINAL,
    WARD,
    Card,
    Player,
    Zone,
    _blank,
    _boxed,
    _is_follower,
    keyword_bits,
)
from engine.sve.effects.conditions import ORIGINS
from engine.sve.effects.core import Ability, CardScript, Effect, Frame, Rule, Static, Trigger
from engine.sve.effects.costs import (
    EX_LESS,
    AdditionalCost,
    CannotPlay,
    DiscountChoice,
    DiscountFor,
    ExtraCost,
    MarkPaid,
    PayCost,
    PlayCostFor,
    PlayFromGrave,
)
from engine.sve.effects.evolve import EvolveInto
from engine.sve.effects.game import Game
from engine.sve.effects.scripts import KEYWORD_ABILITIES, Scripts
from engine.sve.effects.search import FromGrave
from engine.sve.effects.selectors import (
    LEADER_OFFSET,
    MAGIC_ITEM,
    CardFilter,
    Select,
    Targets,
    is_magic_item,
    parse_target_word,
)
from engine.sve.effects.stats import Grant
from engine.sve.effects.zones import EX_TO_GRAVE_MARK, ExileSelf, ExToGraveSelf
from engine.sve.errors import DeckError, IllegalActionError
from engine.sve.observation import Observation

# --- constants from the rules ------------------------------------------------------------------


_ORIGIN_WORD = {Zone.GRAVE: "grave", Zone.HAND: "hand_effect", Zone.EX: "ex_effect"}
"""Where a card put onto the field by an effect came from (its ``origin`` counter)."""

_ZONE_WORD = {
    Zone.DECK: "deck",
    Zone.HAND: "hand",
    Zone.FIELD: "field",
    Zone.EX: "ex",
    Zone.GRAVE: "grave",
    Zone.BANISH: "banish",
    Zone.EVOLVE_DECK: "evolve_deck",
    Zone.ERASED: "erased",
}


class Termination(enum.Enum):
    """Why a game ended."""

    LEADER_DEFENSE = "leader_defense"  # CR 11.2.1
    DECK_OUT = "deck_out"  # CR 11.2.2
    TURN_LIMIT = "turn_limit"
    EFFECT = "effect"  # CR 5.23.1: an effect made a player win the battle


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result: ``winner`` 0 or 1, or ``None`` for a draw, and the reason."""

    winner: int | None
    reason: Termination


@dataclass(slots=True)
class DeckSpec:
    """The cards one player brings (CR 6.1.1): leader, main deck, evolve deck."""

    main: list[CardRecord]
    evolve: list[CardRecord] = field(default_factory=list)
    leader: CardRecord | None = None


class Step(enum.IntEnum):
    """Where the turn procedure stands (CR 6.2, 7, 8.4)."""

    MULLIGAN = 0
    START = 1
    MAIN_BEGIN = 2
    MAIN = 3
    ATTACK_QUICK = 4
    ATTACK_DAMAGE = 5
    END_BEGIN = 6
    END_WARD = 7
    END_QUICK = 8
    END_DISCARD = 9
    END_CLEANUP = 10


class Kind(enum.IntEnum):
    """The kind of decision a player faces."""

    MULLIGAN = 0
    MAIN = 1
    QUICK = 2
    WARD_ENTER = 3
    WARD_END = 4
    DISCARD = 5
    TARGET = 6
    ORDER = 7
    PICK = 8
    """A mode (CR 5.18), a card found in the deck (CR 5.8) or a card to discard (CR 5.12)."""


@dataclass(slots=True)
class Decision:
    """What ``player`` must decide now; ``options`` are the words of a ``choose`` decision."""

    kind: Kind
    player: int
    options: list[str] = field(default_factory=list)


# --- internal effects used by the play procedure -------------------------------------------------


@dataclass(frozen=True, slots=True)
class _EnterFromResolution:
    """CR 10.6.2.8.1: the played follower/amulet goes to the field (Ward may enter engaged)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask about entering engaged if it has Ward, then put it onto the field."""
        state = cast(State, game)
        card = state.cards[frame.source]
        if card.zone is not Zone.RESOLVING:
            return True
        if (card.kw & WARD) and card.fol and frame.choice is None:
            state.decision = Decision(Kind.WARD_ENTER, frame.controller, ["engage", "stand"])
            return False
        card = state.writable(frame.source)
        state.enter_field(card, frame.controller, frame.choice == "engage", asked=True)
        origin = "ex" if frame.amount == ORIGINS["ex"] else "hand"
        if frame.amount == ORIGINS["grave"]:  # played from the graveyard (PlayFromGrave)
            origin = "grave"
        state.set_origin(card, origin)
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "put the played card onto the field"


@dataclass(frozen=True, slots=True)
class _WardEntered:
    """CR 12.8.2: a Ward follower an effect put onto the field standing may be put there
    engaged instead; asked once the effect that put it there has finished."""

    gen: int
    """The card's generation as it entered (it must still be that card, CR 4.1.4)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask, then engage it (entering engaged is not becoming engaged, CR 5.4)."""
        state = cast(State, game)
        card = state.cards[frame.source]
        if card.zone is not Zone.FIELD or card.gen != self.gen or card.engaged:
            return True
        if frame.choice is None:
            state.decision = Decision(Kind.WARD_ENTER, frame.controller, ["engage", "stand"])
            return False
        if frame.choice == "engage":
            state.writable(frame.source).engaged = True
            if state.log is not None and frame.amount >= 0:  # its `enter` event says so
                state.log[frame.amount]["engaged"] = True
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "a Ward follower put onto the field may enter engaged"


@dataclass(frozen=True, slots=True)
class _SpellToGrave:
    """CR 10.6.2.8.3: a resolved spell goes to its owner's graveyard."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Move the resolved card to the graveyard."""
        state = cast(State, game)
        card = state.cards[frame.source]
        if card.zone is Zone.RESOLVING:
            state.move_to_grave_from_resolution(state.writable(frame.source))
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "put the resolved spell into the graveyard"


@dataclass(frozen=True, slots=True)
class _PayAdvance:
    """CR 12.16.3: pay an Advance ability's ``n`` PP, or ``n - 1`` PP and one EP."""

    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask how to pay, then pay."""
        state = cast(State, game)
        p = state.players[frame.controller]
        if frame.choice is None:
            state.ask_pick(frame.controller, ["pp", "ep"], False)
            return False
        word, frame.choice = frame.choice, None
        if word == "ep":
            p.pp -= self.n - 1
            p.ep -= 1
        else:
            p.pp -= self.n
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "pay the Advance cost (one PP of it may be one EP)"


@dataclass(frozen=True, slots=True)
class _PlayCostChoice:
    """CR 10.4.7.2 / 10.6.2.5: the player of a card with an alternative play cost
    (:class:`PlayCostFor`) pays either its full PP cost or one of the alternatives (the
    field cards, then the PP left); only what can be paid in full is offered."""

    full: int
    alts: tuple[PlayCostFor, ...]
    needs_room: bool

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask which cost (when there is a choice), then which cards pay it."""
        state = cast(State, game)
        me = frame.controller
        p = state.players[me]
        if frame.sub == 0:
            word, frame.choice = frame.choice, None
            if word is None:
                options = []
                if self.full <= p.pp and (not self.needs_room or state.field_has_room(me)):
                    options.append("full")
                for i, e in enumerate(self.alts):
                    if max(0, self.full - e.n) <= p.pp and (
                        len(e.payable(state, me, frame.source)) >= e.count
                    ):
                        options.append(f"alt{i + 1}")
                if len(options) > 1:
                    state.ask_pick(me, options, False)
                    return False
                word = options[0] if options else "full"
            if word == "full":
                p.pp -= self.full
                return True
            frame.sub = int(word[3:])
            frame.targets = []
        alt = self.alts[frame.sub - 1]
        if frame.choice is not None:
            frame.targets.append(int(frame.choice))
            frame.choice = None
        cands = [u for u in alt.payable(state, me, frame.source) if u not in frame.targets]
        if len(frame.targets) < alt.count and cands:
            state.ask_pick(me, [str(u) for u in cands], False)
            return False
        for uid in frame.targets:  # CR 10.4.2: the cost is paid
            if alt.engage:
                state.set_engaged(uid, True)
            else:
                state.destroy_as_cost(uid)
        p.pp -= max(0, self.full - alt.n)
        frame.sub = 0
        frame.targets = []
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "pay the full play cost or one of its alternatives"


@dataclass(frozen=True, slots=True)
class _SelfHandToEx:
    """The cost of putting this card from the hand into the EX area, paid after the cost
    that banishes EX-area cards made room (CR 4.8.3.2)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Move it if it is still in the hand."""
        state = cast(State, game)
        if state.cards[frame.source].zone is Zone.HAND:
            state.put_in_ex(frame.source)
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "put this from your hand into your EX area"


def _frees_ex(ability: Ability) -> bool:
    """Whether the ability's cost banishes a card of the EX area first."""
    first = ability.effects[0] if ability.effects else None
    return isinstance(first, PayCost) and first.banish_from == "ex" and first.banish_n > 0


_HAND_TO_EX = _SelfHandToEx()


@dataclass(frozen=True, slots=True)
class _EvolveChoice:
    """CR 12.2: which of a card's evolve abilities (into cards of different names) the
    player uses, among those that can be paid the way they chose (PP, or with an EP)."""

    ep: bool
    super_: bool
    options: tuple[tuple[str, int], ...]

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask, then pay and evolve."""
        state = cast(State, game)
        if frame.choice is None:
            words = [f"into{i + 1}" for i in range(len(self.options))]
            state.ask_pick(frame.controller, words, False)
            return False
        word, frame.choice = frame.choice, None
        name, n = self.options[int(word[4:]) - 1]
        state._pay_evolve(frame.controller, frame.source, self.ep, self.super_, n, name)
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "choose which evolve ability to use"


@dataclass(frozen=True, slots=True)
class _EvolvePaid:
    """CR 12.2 / 5.16: the evolve ability's discard cost was paid; the follower evolves."""

    super_: bool
    pp_paid: int
    ep: bool
    into: str

    def run(self, game: Game, frame: Frame) -> bool:
        """Evolve the follower if it is still on the field and unevolved."""
        state = cast(State, game)
        card = state.cards[frame.source]
        if card.zone is Zone.FIELD and card.evo < 0:
            state._transform(
                frame.controller, frame.source, self.super_, self.pp_paid, self.ep, self.into
            )
        return True

    def describe(self) -> str:
        """This engine step in English."""
        return "the evolve cost was paid; the follower evolves"


class PlayRules:
    """What playing one card needs checked, found once per card (its abilities do not change
    during a game): its type, the continuous abilities that forbid playing it or add a cost,
    and the leading choices of its spell abilities (CR 10.6.2.3.3)."""

    __slots__ = ("additional", "base", "cannot", "permanent", "spell", "spell_checks")

    def __init__(self, base: CardRecord, scripts: Scripts) -> None:
        self.base = base
        btype = base.base_type  # a spell token is a spell (CR 9.1.4.2)
        self.spell = btype == "spell"
        self.permanent = btype.endswith("follower") or btype.endswith("amulet")
        cid = base.card_id
        statics = scripts.abilities(cid, Trigger.STATIC) if scripts else ()
        self.cannot = tuple(a for a in statics if any(isinstance(e, CannotPlay) for e in a.effects))
        self.additional = tuple(
            e for a in statics for e in a.effects if isinstance(e, AdditionalCost)
        )
        checks: list[Any] = []
        for ability in scripts.abilities(cid, Trigger.SPELL) if scripts and self.spell else ():
            for effect in ability.effects:  # the leading choices, in order
                if getattr(effect, "available", None) is None:
                    break
                checks.append(effect)
                if not isinstance(effect, (Select, FromGrave)):
                    break
        self.spell_checks: tuple[Any, ...] = tuple(checks)


CHECK_SHARING = False
"""Test aid: after a clone, a shared card (or its counters) raises when changed in place."""


class _SharedCard(Card):
    """A card shared by clones, while :data:`CHECK_SHARING` is on: read-only."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"card {self.uid} is shared with a clone: use State.writable")


class _SharedCounters(dict[str, int]):
    """The counters of a shared card, while :data:`CHECK_SHARING` is on: read-only."""

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("the counters of a card shared with a clone: use State.writable")

    __setitem__ = __delitem__ = pop = setdefault = update = clear = popitem = _refuse


def _freeze(cards: list[Card]) -> None:
    """Make shared cards raise when changed in place (``CHECK_SHARING``)."""
    for card in cards:
        if type(card) is Card:
            if card.counters is not None:
                object.__setattr__(card, "counters", _SharedCounters(card.counters))
            object.__setattr__(card, "__class__", _SharedCard)


_MARK_PAID = MarkPaid()
_EXILE_LATER = Ability(Trigger.LAST_WORDS, (ExileSelf(),), name="given last words")
_EX_TO_GRAVE_AT_END = Ability(Trigger.END_PHASE, (ExToGraveSelf(),), name="given end phase")
_ENTER = (_EnterFromResolution(),)
_TO_GRAVE = (_SpellToGrave(),)


class State:
    """A game of SVE in progress (OpenSpiel-style: ask, decide, apply)."""

    def __init__(self) -> None:
        # Built by new_game / clone; declared here for the type checker.
        self.seed = 0
        self._rng = random.Random(0)
        self._rng_shared = False  # a clone holds the same generator: copy it before use
        self.cards: list[Card] = []
        self.tok: object = None
        """Cards whose ``tok`` is this are this state's own; others are shared with clones."""
        self.players: list[Player] = []
        self.scripts = Scripts()
        self.turn = 0
        self.active = 0
        self.first = 0
        self.step = Step.MULLIGAN
        self.decision: Decision | None = None
        self.pending: list[tuple[Ability, int, int, int]] = []
        self.frames: list[Frame] = []
        self.outcome_: Outcome | None = None
        self.log: list[dict[str, Any]] | None = None
        self.eot: list[tuple[int, int, int, int, int]] = []
        self.turn_limit = DEFAULT_TURN_LIMIT
        self.attacker = -1
        self.attack_target = LEADER
        self.mulligan_done = 0
        self.actions_applied = 0
        self.dirty = True  # something rule processing (CR 11) must look at may have changed
        self.statics_dirty = True  # something a continuous ability looks at may have changed
        self.granting = False  # a continuous ability gave keywords at the last check
        self.died_turn = -1  # followers put from the field into a graveyard in this turn ...
        self.died = 0  # ... and how many
        self.grave_watch_seen = -1  # number of cards when grave_watch was computed
        self.grave_watch = (False, False)  # who owns a card whose ability works in the grave
        self.grave_play_seen = -1  # number of cards when grave_play was computed
        self.grave_play = (False, False)  # who owns a card playable from the graveyard
        self.zone_seen = -1  # number of cards when zone_flags was computed
        self.zone_flags: tuple[tuple[bool, bool, bool], ...] = ((False, False, False),) * 2
        self.statics_memo: dict[tuple[int, Rule], list[Static]] | None = None
        """While legal actions are found (nothing changes): :meth:`_field_statics` results."""
        self.legal_for: Decision | None = None  # the Quick window ``legal`` was found for
        self.legal: list[Action] = []

    @property
    def rng(self) -> random.Random:
        """The game's random generator (shuffles, random discards), copied on first use
        after a clone."""
        if self._rng_shared:
            rng = random.Random(0)
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_shared = False

    def writable(self, uid: int) -> Card:
        """Card ``uid`` to change in place: this state's own object, copied first if a clone
        still shares it (copy-on-write; every change to a card goes through here)."""
        card = self.cards[uid]
        if card.tok is not self.tok:
            card = card.copy()
            card.tok = self.tok
            self.cards[uid] = card
        return card

    # --- the public protocol ---------------------------------------------------------------------

    def current_player(self) -> int:
        """The player who must act now (0 or 1), or ``TERMINAL`` once the game is over."""
        if self.outcome_ is not None or self.decision is None:
            return TERMINAL
        return self.decision.player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.outcome_ is not None

    def outcome(self) -> Outcome | None:
        """The winner (or draw) and the reason, once the game is over."""
        return self.outcome_

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player, in a deterministic order."""
        d = self.decision
        if d is None or self.outcome_ is not None:
            return []
        kind = d.kind
        if kind is Kind.MAIN:
            return self._main_actions()
        if kind is Kind.MULLIGAN:
            return [KEEP, REDRAW]
        if kind is Kind.QUICK:
            if d is self.legal_for:  # found as the window opened
                return self.legal[:]
            acts: list[Action] = [PASS]
            acts.extend(self._quick_plays(d.player))
            return acts
        if kind is Kind.DISCARD:
            return [Discard(u) for u in sorted(self.players[d.player].hand)]
        return [Choose(o) for o in d.options]

    def apply(self, action: Action) -> None:
        """Apply a legal action and advance to the next decision (raises if illegal)."""
        if action not in self.legal_actions():
            raise IllegalActionError(action, self.why_illegal(action))
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action taken from :meth:`legal_actions` without checking it again."""
        d = self.decision
        assert d is not None
        self.decision = None
        self.actions_applied += 1
        kind = d.kind
        if kind is Kind.MAIN:
            if isinstance(action, Attack):
                self._declare_attack(action.uid, action.target)
            elif isinstance(action, Play):
                self._play(d.player, action.uid)
            elif isinstance(action, Evolve):
                self._evolve(d.player, action.uid, action.ep, action.super_)
            elif isinstance(action, Activate):
                self._activate(d.player, action.uid, action.index)
            else:
                self.step = Step.END_BEGIN
        elif kind is Kind.QUICK:
            if isinstance(action, Play):
                self._play(d.player, action.uid)
            elif isinstance(action, Activate):
                self._activate(d.player, action.uid, action.index)
            elif self.step is Step.ATTACK_QUICK:
                self.step = Step.ATTACK_DAMAGE
            else:
                self.step = Step.END_DISCARD
        elif kind is Kind.MULLIGAN:
            assert isinstance(action, Mulligan)
            self._mulligan(d.player, action.redraw)
        elif kind is Kind.DISCARD:
            assert isinstance(action, Discard)
            self._discard(d.player, action.uid)
        else:
            assert isinstance(action, Choose)
            self._choose(d, action.option)
        self._run()

    def clone(self) -> State:
        """An independent copy of the whole game (cards, zones, pending work, RNG state).

        Card objects and the random generator are shared, not copied: both states take new
        ownership tokens, so each copies a card the first time it changes it
        (:meth:`writable`) and the generator the first time it draws from it. Card records,
        scripts and their indexes are immutable and always shared.
        """
        new = _blank(State)
        new.__dict__.update(self.__dict__)
        self.tok = object()
        new.tok = object()
        self._rng_shared = new._rng_shared = True
        new.cards = self.cards[:]
        if CHECK_SHARING:
            _freeze(self.cards)
        new.players = [p.copy() for p in self.players]
        new.decision = (
            None
            if self.decision is None
            else Decision(self.decision.kind, self.decision.player, self.decision.options[:])
        )
        if self.legal_for is not None and self.legal_for is self.decision:
            new.legal_for = new.decision  # the same Quick plays (actions are immutable)
        new.pending = self.pending[:]
        new.frames = [f.copy() for f in self.frames]
        new.eot = self.eot[:]
        new.log = None if self.log is None else self.log[:]
        return new

    def observation(self, player: int) -> Observation:
        """What ``player`` may see (CR 4.1.2): own hand, public zones, counts of hidden ones."""
        return Observation(self, player)

    def why_illegal(self, action: Action) -> str:
        """A human reason why ``action`` is not legal now."""
        d = self.decision
        if self.outcome_ is not None:
            return "the game is over"
        if d is None:
            return "no decision is pending"
        expected = {
            Kind.MULLIGAN: "a mulligan decision (keep / mulligan)",
            Kind.MAIN: "a main phase action (play, evolve, attack, end)",
            Kind.QUICK: "a Quick window (pass or play a Quick card)",
            Kind.DISCARD: "a discard down to the hand limit (CR 7.4.7)",
        }.get(d.kind, f"a choice among {', '.join(d.options)}")
        ok_types: dict[Kind, tuple[type, ...]] = {
            Kind.MULLIGAN: (Mulligan,),
            Kind.MAIN: (Play, Evolve, Activate, Attack, End),
            Kind.QUICK: (Play, Activate, Pass),
            Kind.DISCARD: (Discard,),
        }
        if not isinstance(action, ok_types.get(d.kind, (Choose,))):
            return f"player {d.player} must make {expected}"
        p = self.players[d.player]
        if isinstance(action, Choose):
            return f"{action.option!r} is not one of the options {d.options}"
        if isinstance(action, Discard):
            return f"card {action.uid} is not in player {d.player}'s hand"
        if isinstance(action, Play):
            return self._why_not_play(d.player, action.uid, d.kind is Kind.QUICK)
        if isinstance(action, Evolve):
            return self._why_not_evolve(p, action)
        if isinstance(action, Attack):
            return self._why_not_attack(p, action)
        if isinstance(action, Activate):
            return self._why_not_activate(p, action, d.kind is Kind.QUICK)
        return "not allowed now"

    # --- helpers for effects ---------------------------------------------------------------------

    def ask_choice(self, player: int, options: list[str], allow_done: bool) -> None:
        """Ask ``player`` to choose one of ``options`` (plus ``done`` if optional)."""
        if allow_done:
            options = [*options, "done"]
        self.decision = Decision(Kind.TARGET, player, options)

    def candidates(
        self, what: Targets, controller: int, source: int = -1, counting: bool = False
    ) -> list[int]:
        """Target ids an ability of ``controller`` may choose (Aura excluded, CR 12.15;
        ``counting``: every card that ``what`` allows, Aura included)."""
        out: list[int] = []
        sides = (
            (1 - controller,)
            if what.side == "enemy"
            else (controller,)
            if what.side == "own"
            else (0, 1)
        )
        plain = not (
            what.trait
            or what.name
            or what.token
            or what.boxed
            or what.max_cost >= 0
            or what.max_defense >= 0
            or what.exact_cost >= 0
            or what.min_cost >= 0
            or what.not_name
            or what.max_attack >= 0
            or what.min_attack >= 0
            or what.name_contains
        )
        for side in sides:
            if what.followers or what.amulets:
                for uid in sorted(self.players[side].field):
                    c = self.cards[uid]
                    if not (what.followers if c.fol else what.amulets):
                        continue
                    if side != controller and not counting and (c.kw | c.granted) & AURA:
                        continue
                    if (what.other and uid == source) or not (plain or what.allows(c)):
                        continue
                    out.append(uid)
            if what.leaders:
                out.append(-(side + LEADER_OFFSET))
        return out

    def ask_pick(self, player: int, options: list[str], allow_done: bool) -> None:
        """Ask ``player`` for a mode, a found card or a discard (answer in the frame)."""
        if allow_done:
            options = [*options, "done"]
        self.decision = Decision(Kind.PICK, player, options)

    def push_frame(
        self, effects: tuple[Effect, ...], parent: Frame, share_it: bool = False
    ) -> None:
        """Resolve ``effects`` next, as part of ``parent`` (same source and "it"); with
        ``share_it`` what they choose is "it" for the rest of ``parent`` too."""
        child = Frame(effects, parent.source, parent.controller, parent.amount)
        child.targets = parent.targets[:]
        if share_it and self.frames and self.frames[-1] is parent:
            child.share = len(self.frames) - 1
        self.frames.append(child)

    def cost_down(self, uid: int, n: int) -> None:
        """This turn, card ``uid`` costs ``n`` less to play."""
        card = self.writable(uid)
        if card.counters is None:
            card.counters = {}
        if card.counters.get("cost_turn") != self.turn:
            card.counters["cost_down"] = 0
        card.counters["cost_turn"] = self.turn
        card.counters["cost_down"] += n

    def play_cost(self, card: Card) -> int:
        """The PP a card costs to play now (its cost, less this turn's reductions, >= 0)."""
        cost = card.base.cost or 0
        if self.scripts and self._rules(card).spell:  # raises first (CR 10.10.2)
            cost += self._spell_tax(card.owner)
        counters = card.counters
        if counters is not None:
            if counters.get("cost_turn") == self.turn:
                cost = max(0, cost - counters["cost_down"])
            if EX_LESS in counters and card.zone is Zone.EX:  # ExCostDown
                cost = max(0, cost - counters[EX_LESS])
        discounts = self.players[card.owner].discounts
        if discounts:
            for turn, what, n in discounts:
                if turn == self.turn and what.matches(card.base):
                    cost = max(0, cost - n)
        if cost > 0:
            for aura in self._field_statics(card.owner, Rule.PLAY_COST):
                cost = aura.change(self, card.uid, cost)
        cid = card.base.card_id
        if cid in self.scripts.play_cost_ids():  # CR 10.6.2.5.1.3: its own reductions
            for ability in self.scripts.abilities(cid, Trigger.STATIC):
                cond = ability.condition
                if cond is not None and not cond.holds(self, card.owner, card.uid):
                    continue
                for e in ability.effects:
                    if isinstance(e, Static) and e.rule is Rule.OWN_PLAY_COST:
                        cost = e.change(self, card.uid, cost)
        return cost

    def _cost_alternatives(self, card: Card) -> list[PlayCostFor]:
        """The alternative play costs of a card's own (:class:`PlayCostFor`)."""
        out: list[PlayCostFor] = []
        cid = card.base.card_id
        if cid in self.scripts.play_cost_ids():
            for ability in self.scripts.abilities(cid, Trigger.STATIC):
                out.extend(e for e in ability.effects if isinstance(e, PlayCostFor))
        return out

    def _payable_alternatives(self, player: int, card: Card, cost: int) -> list[PlayCostFor]:
        """The alternative play costs ``player`` can pay in full now (CR 10.4.2.2)."""
        pp = self.players[player].pp
        return [
            e
            for e in self._cost_alternatives(card)
            if max(0, cost - e.n) <= pp and len(e.payable(self, player, card.uid)) >= e.count
        ]

    def _field_statics(self, player: int, rule: Rule) -> list[Static]:
        """The elements that change ``rule`` in the continuous abilities of ``player``'s
        field cards whose conditions hold now (CR 10.1.1.3)."""
        field = self.players[player].field
        if not field or not self.scripts:
            return []
        ids = self.scripts.ids_with_rule(rule)
        if not ids:
            return []
        memo = self.statics_memo
        if memo is not None:
            found: list[Static] | None = memo.get((player, rule))
            if found is not None:
                return found
        out: list[Static] = []
        for uid in field:
            card = self.cards[uid]
            if card.face.card_id not in ids:
                continue
            for ability in self.abilities_of(card, Trigger.STATIC):
                cond = ability.condition
                if cond is None or cond.holds(self, player, uid):
                    out.extend(
                        e for e in ability.effects if isinstance(e, Static) and e.rule is rule
                    )
        if memo is not None:
            memo[(player, rule)] = out
        return out

    def _spell_tax(self, player: int) -> int:
        """CR 10.2.1.3.3: how much more ``player``'s spells cost to play, by the continuous
        abilities of the opponent's field cards (:class:`SpellTax`)."""
        tax = 0
        for e in self._field_statics(1 - player, Rule.SPELL_TAX):
            tax = e.change(self, -1, tax)
        return tax

    def _leader_hurt(self, player: int) -> None:
        """``player``'s leader defense went down: "when your leader's defense goes down"
        abilities on that player's field go off (CR 10.7.1)."""
        field = self.players[player].field
        if field and self.scripts:
            for uid in self.holders(field, Trigger.LEADER_HURT):
                self._fire(self.cards[uid], Trigger.LEADER_HURT, player)

    def raised(self, uid: int) -> None:
        """A follower's attack or defense was raised: its "when this gets +" abilities go off
        (CR 10.7.1)."""
        if self.scripts:
            card = self.cards[uid]
            self._fire(card, Trigger.BUFFED, card.controller)

    def holders(self, uids: Sequence[int], trigger: Trigger) -> list[int]:
        """The cards among ``uids`` (sorted) that may have an ability with ``trigger``: their
        own, or given by equipment."""
        ids = self.scripts.ids_with(trigger)
        cards = self.cards
        found = [u for u in uids if cards[u].face.card_id in ids or cards[u].eq]
        if len(found) > 1:
            found.sort()
        return found

    def abilities_of(self, card: Card, trigger: Trigger) -> tuple[Ability, ...]:
        """The abilities of a card with ``trigger``, with those its equipment gives it
        (CR 14.5.2)."""
        if card.counters is not None and BOXED in card.counters:
            return ()  # CR 5.31.2: a Boxed card has no abilities
        own = self.scripts.abilities(card.face.card_id, trigger)
        if not card.eq:
            return own
        for token_id in card.eq:
            own = own + self.scripts.abilities(token_id, trigger)
        return own

    def equip(self, uid: int, token: CardRecord) -> None:
        """CR 14.5.2.2: create the equipment token and associate it with the follower; its
        "when equipped" abilities go off."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD or not card.fol:
            return
        card = self.writable(uid)
        card.eq = (*card.eq, token.card_id)
        self.statics_dirty = True
        if self.log is not None:
            self._emit("equip", {"uid": uid, "card": token.card_id})
        for ability in self.scripts.abilities(token.card_id, Trigger.ON_EQUIP):
            self.pending.append((ability, uid, card.controller, 0))

    def _capped(self, card: Card, amount: int) -> int:
        """Damage a follower takes after its own caps (:class:`DamageCap`)."""
        for ability in self.scripts.abilities(card.face.card_id, Trigger.STATIC):
            for e in ability.effects:
                if isinstance(e, Static) and e.rule is Rule.DAMAGE_CAP:
                    capped = e.change(self, card.uid, amount)
                    cond = ability.condition
                    if capped != amount and (
                        cond is None or cond.holds(self, card.controller, card.uid)
                    ):
                        amount = capped
        return amount

    def damage_taken(self, card: Card) -> int:
        """The change its equipment makes to damage a follower takes (CR 14.5.2)."""
        change = 0
        for token_id in card.eq:
            for ability in self.scripts.abilities(token_id, Trigger.STATIC):
                for e in ability.effects:
                    if isinstance(e, Static) and e.rule is Rule.DAMAGE_TAKEN:
                        change = e.change(self, card.uid, change)
        return change

    def damage_bonus(self, uid: int) -> int:
        """Extra damage a field card deals now, from its own continuous abilities."""
        card = self.cards[uid]
        bonus = 0
        if not card.eq and card.face.card_id not in self.scripts.ids_with(Trigger.STATIC):
            return 0
        for ability in self.abilities_of(card, Trigger.STATIC):
            for e in ability.effects:
                if isinstance(e, Static) and e.rule is Rule.DAMAGE_DEALT:
                    cond = ability.condition
                    if cond is None or cond.holds(self, card.controller, uid):
                        bonus = e.change(self, uid, bonus)
        return bonus

    def evolve_cost(self, card: Card) -> int:
        """The evolve cost of a field follower (CR 12.2; an effect may have set it, or
        lowered it this turn)."""
        counters = card.counters
        if counters is not None and "evolve_cost" in counters:
            cost = counters["evolve_cost"]
        else:
            cost = self.scripts.evolve_cost(card.base.card_id)
        if counters is not None and counters.get("evolve_down_turn") == self.turn:
            cost = max(0, cost - counters["evolve_down"])
        if card.face.card_id in self.scripts.ids_with(Trigger.STATIC):
            for ability in self.abilities_of(card, Trigger.STATIC):
                for e in ability.effects:
                    if isinstance(e, Static) and e.rule is Rule.EVOLVE_COST:
                        cost = e.change(self, card.uid, cost)
        return cost

    def set_origin(self, card: Card, zone: str) -> None:
        """Remember where a card that just entered the field came from."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        if card.zone is Zone.FIELD:
            if card.counters is None:
                card.counters = {}
            card.counters["origin"] = ORIGINS[zone]

    def box(self, uid: int) -> None:
        """CR 5.31: Box a field card until the end of its controller's next turn. It loses
        its keywords and the abilities it had gained (CR 5.31.2); the ones gained for good
        come back when the state ends, those until end of turn have ended by then."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD:
            return
        card = self.writable(uid)
        if card.counters is None:
            card.counters = {}
        counters = card.counters
        until = self.turn + (1 if card.controller != self.active else 2)
        if BOXED not in counters:
            passing = 0
            for t_uid, gen, _atk, _dfn, bits in self.eot:
                if t_uid == uid and gen == card.gen:
                    passing |= bits
            counters[BOXED_KEPT] = card.granted & ~passing
            card.granted = 0
        counters[BOXED] = max(until, counters.get(BOXED, 0))
        counters.pop("exile_later", None)  # a gained Last Words is lost too
        card.kw = 0
        card.st = 0
        self.dirty = True
        self.statics_dirty = True
        if self.log is not None:
            self._emit("box", {"uid": uid, "until_turn": counters[BOXED]})

    def _unbox(self, card: Card) -> None:
        """The Boxed state ends (CR 5.31): the card has its abilities again."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        counters = card.counters
        assert counters is not None
        del counters[BOXED]
        card.granted |= counters.pop(BOXED_KEPT, 0)
        card.kw = keyword_bits(card.face.keywords) | card.st
        self.statics_dirty = True
        if self.log is not None:
            self._emit("unbox", {"uid": card.uid})

    def forbid_attack(self, uid: int, next_turn: bool) -> None:
        """Follower ``uid`` cannot attack this turn (or in its controller's next turn)."""
        card = self.writable(uid)
        if card.counters is None:
            card.counters = {}
        turn = self.turn
        if next_turn:
            turn += 1 if card.controller != self.active else 2
        card.counters["no_attack"] = turn

    def field_has_room(self, player: int) -> bool:
        """Whether ``player``'s field has room for one more card (CR 4.4.4)."""
        return len(self.players[player].field) < FIELD_LIMIT

    def hand_to_deck(self, uid: int, top: bool) -> None:
        """Put a card from its owner's hand on the top or the bottom of their deck."""
        card = self.cards[uid]
        if card.zone is not Zone.HAND:
            return
        card = self.writable(uid)
        p = self.players[card.owner]
        p.hand.remove(uid)
        card.renew()  # CR 4.1.4: what it had in the hand (a lower cost) stays there
        card.zone = Zone.DECK
        if top:
            p.deck.append(uid)
        else:
            p.deck.insert(0, uid)
        if self.log is not None:
            self._emit("to_deck", {"uid": uid, "top": top})

    def win_by_effect(self, player: int) -> None:
        """CR 5.23.1: ``player`` wins the battle; every other player loses the game."""
        if self.outcome_ is None:
            self._finish(player, Termination.EFFECT)

    def lose_defense(self, player: int, amount: int) -> None:
        """A cost lowers ``player``'s leader defense (CR 10.4.5; not damage)."""
        p = self.players[player]
        p.hp -= amount
        if player == self.active:
            p.hurt_on = self.turn
        p.hurts = (self.turn, p.hurts[1] + 1 if p.hurts[0] == self.turn else 1)
        self._leader_hurt(player)
        self.dirty = True
        if self.log is not None:
            self._emit("damage", {"target": f"leader{player}", "amount": amount})

    def destroy_as_cost(self, uid: int) -> None:
        """Put a field card into its owner's graveyard as a cost (CR 10.4; Last Words go
        off, CR 12.5)."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD:
            self._leave_field(self.writable(uid), Zone.GRAVE, "leave")

    def discard_card(self, player: int, uid: int, by: int = -1) -> None:
        """CR 5.12: discard a card from ``player``'s hand (``by``: the card whose ability
        makes it, the event's card of "when this is discarded")."""
        if self.cards[uid].zone is Zone.HAND:
            self._discard(player, uid, by)

    def move_found(self, uid: int, to: str, player: int) -> None:
        """Move a card found in the deck (CR 5.8) to the hand, EX area or field."""
        card = self.writable(uid)
        if to == "hand":
            if card.zone in (Zone.DECK, Zone.GRAVE):
                self._remove_from_zone(card)
                self._arrive(card, Zone.HAND)
        elif to == "ex":
            if not self.put_in_ex(uid, log=False):
                return
        elif to == "field":
            origin = _ORIGIN_WORD.get(card.zone, "deck")
            if self.log is not None:  # found first, then its enter (the move itself)
                self._emit("found", {"player": player, "card": card.base.card_id, "to": to})
            self._remove_from_zone(card)
            card.zone = Zone.RESOLVING
            self.enter_field(card, player, engaged=False)
            self.set_origin(card, origin)
            return
        elif to == "grave":
            from_deck = card.zone is Zone.DECK
            self._remove_from_zone(card)
            self._arrive(card, Zone.GRAVE)
            if from_deck:
                self._deck_to_grave(card.owner, uid)
        if self.log is not None:
            self._emit("found", {"player": player, "card": card.base.card_id, "to": to})

    def from_evolve_deck(self, uid: int, to: str, player: int) -> None:
        """Put a face-down card of ``player``'s evolve deck (an Advance card, CR 9.2) into
        the EX area (``ex``) or onto the field (``field``), if there is room."""
        card = self.cards[uid]
        p = self.players[player]
        if card.zone is not Zone.EVOLVE_DECK or uid not in p.evolve_deck:
            return
        card = self.writable(uid)
        if to == "ex":
            if len(p.ex) >= EX_LIMIT:  # CR 4.8.3.2
                return
            p.evolve_deck.remove(uid)
            card.zone = Zone.EX
            p.ex.append(uid)
            if self.log is not None:
                self._emit("found", {"player": player, "card": card.base.card_id, "to": to})
            self._to_ex(card)
            return
        if not self.field_has_room(player):  # CR 4.4.4.2
            return
        p.evolve_deck.remove(uid)
        card.zone = Zone.RESOLVING
        if self.log is not None:
            self._emit("found", {"player": player, "card": card.base.card_id, "to": to})
        self.enter_field(card, player, engaged=False)
        self.set_origin(card, "evolve_deck")

    def field_to_bottom(self, uid: int) -> None:
        """Move a field card to the bottom of its owner's deck (a token vanishes)."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD:
            self._leave_field(self.writable(uid), Zone.DECK, "leave")

    def shuffle_deck(self, player: int) -> None:
        """CR 5.9: shuffle ``player``'s deck."""
        self.rng.shuffle(self.players[player].deck)

    def to_bottom(self, player: int, uids: Sequence[int]) -> None:
        """Put deck cards (top first) at the bottom of ``player``'s deck (CR 5.11)."""
        deck = self.players[player].deck
        moved = [u for u in uids if u in deck]
        for u in moved:
            deck.remove(u)
        deck[0:0] = moved

    def mill(self, player: int, n: int) -> None:
        """Put the top ``n`` cards of ``player``'s deck into the graveyard."""
        p = self.players[player]
        for _ in range(min(n, len(p.deck))):
            card = self.writable(p.deck.pop())
            self._arrive(card, Zone.GRAVE)
            if self.log is not None:
                self._emit("mill", {"player": player, "card": card.base.card_id})
            self._deck_to_grave(player, card.uid)

    def _deck_to_grave(self, player: int, uid: int) -> None:
        """CR 10.7.1: "when a card of your opponent's deck is put into the graveyard"
        abilities of the other player's field go off (once per card)."""
        if not self.scripts:
            return
        other = 1 - player
        field = self.players[other].field
        if field:
            for holder in self.holders(field, Trigger.OPPONENT_MILLED):
                for ability in self.abilities_of(self.cards[holder], Trigger.OPPONENT_MILLED):
                    self.pending.append((ability, holder, other, uid))

    def gain_pp(self, player: int, n: int, maximum: bool) -> None:
        """CR 5.15: recover PP up to the maximum, or raise the maximum (cap 10, CR 3.2.4)."""
        p = self.players[player]
        if maximum:
            p.max_pp = min(MAX_PP_CAP, p.max_pp + n)
        else:
            p.pp = min(p.max_pp, p.pp + n)

    def set_engaged(self, uid: int, engaged: bool) -> None:
        """CR 5.4: engage or stand a field card."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD and card.engaged != engaged:
            card = self.writable(uid)
            card.engaged = engaged
            if self.log is not None:
                self._emit("engage" if engaged else "stand", {"uid": uid})
            if engaged:
                self._became_engaged(card)

    def _became_engaged(self, card: Card) -> None:
        """CR 10.7.1: "when this becomes engaged" abilities go off (CR 5.4)."""
        if self.scripts and card.face.card_id in self.scripts.ids_with(Trigger.ON_ENGAGE):
            self._fire(card, Trigger.ON_ENGAGE, card.controller)

    def field_to_ex(self, uid: int) -> None:
        """Move a field card to its owner's EX area (a token vanishes, CR 9.1.4.3)."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD:
            return
        if len(self.players[card.owner].ex) >= EX_LIMIT:  # CR 4.8.3.2
            return
        card = self.writable(uid)
        self._leave_field(card, Zone.EX, "leave")
        if uid in self.players[card.owner].ex:  # not a token (CR 9.1.4.3)
            self._to_ex(card)

    def target_exists(self, target: int) -> bool:
        """Whether a target id still names a leader or a card on the field."""
        return target < 0 or self.cards[target].zone is Zone.FIELD

    def followers_of(self, player: int) -> list[int]:
        """Uids of ``player``'s followers on the field, sorted."""
        return [u for u in sorted(self.players[player].field) if self.cards[u].fol]

    def draw(self, player: int) -> None:
        """CR 5.10.1: draw the top card; an empty deck loses at the next rule check."""
        p = self.players[player]
        if not p.deck:
            p.decked_out = True  # CR 5.10.1.1 / 11.2.2
            self.dirty = True
            return
        uid = p.deck.pop()
        self.writable(uid).zone = Zone.HAND
        p.hand.append(uid)
        if self.log is not None:
            self._emit("draw", {"player": player, "card": self.cards[uid].base.card_id})

    def deal_damage(self, target: int, amount: int) -> int:
        """CR 5.14.1: lower a follower's or leader's defense by ``amount`` (may go negative);
        the damage actually dealt, after shields, prevention and caps (0: none)."""
        if amount <= 0:
            return 0
        self.dirty = True
        if target < 0:
            hurt = self.players[-target - LEADER_OFFSET]
            if hurt.shield[0] == self.turn:  # CR 10.2.1.3.2: "the next damage" this turn
                less = hurt.shield[1]
                hurt.shield = (-1, 0)
                amount = 0 if less < 0 else amount - less
                if amount <= 0:
                    return 0
            hurt.hp -= amount
            if hurt.index == self.active:
                hurt.hurt_on = self.turn
            hurt.hurts = (self.turn, hurt.hurts[1] + 1 if hurt.hurts[0] == self.turn else 1)
            self._leader_hurt(hurt.index)
            name = f"leader{-target - LEADER_OFFSET}"
        else:
            card = self.cards[target]
            if card.zone is not Zone.FIELD or not card.fol:
                return 0  # CR 5.14.1.2
            card = self.writable(target)
            counters = card.counters
            if counters is not None:
                if counters.get("no_damage") == self.turn:
                    return 0
                if counters.get("shield_next") == self.turn:  # the next damage only
                    del counters["shield_next"]
                    return 0
                if counters.get("more_turn") == self.turn:  # CR 10.2.1.3.2: TakesMore
                    amount += counters["more"]
            if card.eq:
                amount += self.damage_taken(card)
                if amount <= 0:
                    return 0
            if self.scripts and card.face.card_id in self.scripts.ids_with(Trigger.STATIC):
                amount = self._capped(card, amount)
            card.dfn -= amount
            name = str(target)
        if self.log is not None:
            self._emit("damage", {"target": target if target >= 0 else name, "amount": amount})
        return max(amount, 0)

    def ability_damage_dealt(self, uid: int) -> None:
        """CR 10.7.1: field card ``uid`` dealt ability damage to enemy followers; its "when
        this deals ability damage" abilities go off."""
        if uid < 0:
            return
        card = self.cards[uid]
        if card.zone is Zone.FIELD and (
            card.eq or card.face.card_id in self.scripts.ids_with(Trigger.DEALT_ABILITY_DAMAGE)
        ):
            self._fire(card, Trigger.DEALT_ABILITY_DAMAGE, card.controller)

    def heal_leader(self, player: int, amount: int) -> None:
        """Increase ``player``'s leader defense by ``amount`` (CR 12.13.2)."""
        if amount <= 0:
            return
        self.players[player].hp += amount
        self.statics_dirty = True
        if self.log is not None:
            self._emit("heal", {"target": f"leader{player}", "amount": amount})

    def modify(
        self, target: int, atk: int, dfn: int, keywords: Sequence[str], until_eot: bool
    ) -> None:
        """CR 5.27: +atk/+def and keywords on a follower; until end of turn if asked (7.4.8)."""
        if target < 0:
            return
        card = self.cards[target]
        if card.zone is not Zone.FIELD:
            return
        card = self.writable(target)
        bits = keyword_bits(keywords) & ~(card.kw | card.granted)
        self.dirty = True
        card.atk += atk
        card.dfn += dfn
        card.granted |= bits
        if until_eot:
            self.eot.append((target, card.gen, atk, dfn, bits))

    def add_counter(self, target: int, name: str, n: int = 1) -> None:
        """Put ``n`` counters named ``name`` on a card (kept through evolution, CR 5.16.2)."""
        card = self.writable(target)
        if card.counters is None:
            card.counters = {}
        card.counters[name] = card.counters.get(name, 0) + n

    def create_token(self, player: int, record: CardRecord, zone: str = "field") -> int:
        """CR 9.1.2: create a token on ``player``'s field or EX area; -1 if it does not fit."""
        p = self.players[player]
        if zone == "ex":
            if len(p.ex) >= EX_LIMIT:  # CR 4.8.3.2
                return -1
        elif len(p.field) >= FIELD_LIMIT:  # CR 4.4.4.2
            return -1
        card = Card(len(self.cards), player, record, Zone.RESOLVING, token=True)
        card.tok = self.tok
        self.cards.append(card)
        if zone == "ex":
            card.zone = Zone.EX
            p.ex.append(card.uid)
            if self.log is not None:
                self._emit("create", {"player": player, "card": record.card_id, "uid": card.uid})
            self._to_ex(card)
        else:
            self.enter_field(card, player, engaged=False)
            self.set_origin(card, "created")
        return card.uid

    def ex_to_grave(self, uid: int) -> None:
        """Put a card from its owner's EX area into the graveyard."""
        card = self.cards[uid]
        if card.zone is not Zone.EX:
            return
        card = self.writable(uid)
        self._remove_from_zone(card)
        self._arrive(card, Zone.GRAVE)
        if self.log is not None:
            self._emit("leave", {"uid": uid, "card": card.base.card_id, "to": "grave"})

    def self_to_ex(self, uid: int) -> None:
        """Put a card from its owner's graveyard, or from the resolution zone, into the EX
        area (``これをEXエリアに置く`` in Last Words or in a spell)."""
        card = self.cards[uid]
        resolving = card.zone is Zone.RESOLVING
        if not (card.zone is Zone.GRAVE or resolving) or not self.put_in_ex(uid, not resolving):
            return
        if resolving and self.log is not None:  # every move of a card is an event
            self._emit("leave", {"uid": uid, "card": card.base.card_id, "to": "ex"})

    def put_in_ex(self, uid: int, log: bool = True) -> bool:
        """Move a card from the hand, deck, graveyard or resolution to its owner's EX area
        (CR 4.8.3.2 limit), logged as ``move`` unless the caller logs it (``log``)."""
        card = self.cards[uid]
        p = self.players[card.owner]
        if len(p.ex) >= EX_LIMIT:
            return False
        source = _ZONE_WORD.get(card.zone, "resolving")
        card = self.writable(uid)
        self._remove_from_zone(card)
        card.renew()  # CR 4.1.4
        card.zone = Zone.EX
        p.ex.append(uid)
        if log and self.log is not None:
            self._emit_move(card, source, "ex")
        self._to_ex(card)
        return True

    def _emit_move(self, card: Card, source: str, to: str) -> None:
        """Log a move between zones that no other event describes."""
        self._emit(
            "move",
            {
                "player": card.owner,
                "uid": card.uid,
                "card": card.base.card_id,
                "from": source,
                "to": to,
            },
        )

    def _to_ex(self, card: Card) -> None:
        self.statics_dirty = True  # a continuous ability may work from the EX area
        """CR 10.7.1: "when this is put into the EX area", "when a card is put into your EX
        area" abilities go off."""
        if not self.scripts:
            return
        owner = card.owner
        for ability in self.scripts.abilities(card.base.card_id, Trigger.TO_EX):
            self.pending.append((ability, card.uid, owner, 0))
        field = self.players[owner].field
        if field:
            for uid in self.holders(field, Trigger.EX_PLACED):
                for ability in self.abilities_of(self.cards[uid], Trigger.EX_PLACED):
                    self.pending.append((ability, uid, owner, card.uid))

    def destroy(self, uids: Sequence[int], by_rule: bool = False) -> None:
        """CR 5.6.1: move the given field cards to their owners' graveyards, at once (a
        card that abilities cannot destroy stays unless rule processing destroys it)."""
        cards = [
            self.cards[u]
            for u in uids
            if self.cards[u].zone is Zone.FIELD
            and (by_rule or not (self.cards[u].kw | self.cards[u].granted) & ABILITY_PROOF)
        ]
        if len(cards) > 1 and self.scripts:  # CR 10.7.4.2: a card that watches others leave
            ids = self.scripts.ids_with(Trigger.ALLY_LEAVES)  # sees those leaving with it
            cards.sort(key=lambda c: c.face.card_id in ids)
        for card in cards:
            self._leave_field(self.writable(card.uid), Zone.GRAVE, "destroy")

    def banish(self, uid: int) -> None:
        """CR 5.7.1: move a card to its owner's banish zone (no Last Words)."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD:
            if (card.kw | card.granted) & ABILITY_PROOF:
                return  # "this is not banished"
            self._leave_field(self.writable(uid), Zone.BANISH, "banish")
        elif card.zone in (Zone.HAND, Zone.EX, Zone.GRAVE, Zone.DECK):
            card = self.writable(uid)
            self._remove_from_zone(card)
            self._arrive(card, Zone.BANISH)
            if self.log is not None:
                self._emit("banish", {"uid": uid, "card": card.base.card_id, "to": "banish"})

    def return_to_hand(self, uid: int) -> None:
        """Move a field card (or a spell resolving) back to its owner's hand."""
        card = self.writable(uid)
        if card.zone is Zone.FIELD:
            self._leave_field(card, Zone.HAND, "leave")
        elif card.zone is Zone.RESOLVING:  # "return this to your hand": not to the graveyard
            self._arrive(card, Zone.HAND)
            if self.log is not None:
                self._emit("leave", {"uid": uid, "card": card.base.card_id, "to": "hand"})

    def enter_field(self, card: Card, player: int, engaged: bool, asked: bool = False) -> None:
        """Put a card onto ``player``'s field and fire its Fanfare (CR 12.4); ``asked``: a
        Ward follower's player already chose whether it enters engaged (CR 12.8.2)."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        p = self.players[player]
        if len(p.field) >= FIELD_LIMIT:  # CR 4.4.4.2: it is not moved
            if card.zone is Zone.RESOLVING:  # CR 10.6.2.8.3
                self.move_to_grave_from_resolution(card)
            return
        card.renew()  # CR 4.1.4: whatever it had in the zone it came from is gone
        card.zone = Zone.FIELD
        card.controller = player
        card.engaged = engaged
        card.since = self.turn
        if card.kw & ENTERS_ENGAGED:  # a continuous ability of its own (CR 10.1.1.3)
            engaged = True
            card.engaged = True
        elif not (engaged or asked) and card.kw & WARD and card.fol and self.frames:
            # CR 12.8.2: however it enters, a Ward follower may enter engaged. Played, it was
            # asked before entering (_EnterFromResolution); put there by an effect, it is
            # asked when that effect has finished (its frame goes below the current one).
            at = len(self.log) if self.log is not None else -1
            ask = Frame((_WardEntered(card.gen),), card.uid, player, at)
            self.frames.insert(len(self.frames) - 1, ask)
        p.field.append(card.uid)
        self.dirty = True
        allies = bool(self.scripts) and card.fol
        if self.log is not None:
            self._emit(
                "enter",
                {
                    "player": player,
                    "card": card.base.card_id,
                    "uid": card.uid,
                    "engaged": engaged,
                    "token": card.token,
                },
            )
        self._fire(card, Trigger.FANFARE, player)
        if allies:  # CR 10.7.1: "when another follower enters your field"
            for uid in self.holders(p.field, Trigger.ALLY_ENTERS):
                if uid != card.uid:
                    other = self.cards[uid]
                    for ability in self.abilities_of(other, Trigger.ALLY_ENTERS):
                        self.pending.append((ability, uid, player, card.uid))
            if p.grave and self._grave_watchers()[player]:  # ... seen from the graveyard
                for uid in self.holders(p.grave, Trigger.GRAVE_ALLY_ENTERS):
                    grave_card = self.cards[uid]
                    for ability in self.scripts.abilities(
                        grave_card.base.card_id, Trigger.GRAVE_ALLY_ENTERS
                    ):
                        self.pending.append((ability, uid, player, card.uid))
        if self.scripts:  # CR 10.7.1: "when another card enters your field"
            for uid in self.holders(p.field, Trigger.CARD_ENTERS):
                if uid != card.uid:
                    other = self.cards[uid]
                    for ability in self.abilities_of(other, Trigger.CARD_ENTERS):
                        self.pending.append((ability, uid, player, card.uid))

    def move_to_grave_from_resolution(self, card: Card) -> None:
        """CR 10.6.2.8.3: a card left in the resolution zone goes to the graveyard (a token
        is erased, CR 9.1.4.3); logged as ``leave`` so every move of a card is an event."""
        self._arrive(card, Zone.GRAVE)
        if self.log is not None:
            to = _ZONE_WORD[card.zone]
            self._emit("leave", {"uid": card.uid, "card": card.base.card_id, "to": to})

    # --- setup (CR 6.2) ------------------------------------------------------------------------

    def _mulligan(self, player: int, redraw: bool) -> None:
        p = self.players[player]
        if redraw:  # CR 6.2.1.8: hand to the bottom in any order, draw 4, no shuffle
            for uid in p.hand:
                self.writable(uid).zone = Zone.DECK
            p.deck[0:0] = reversed(p.hand)
            p.hand = []
        if self.log is not None:
            self._emit("mulligan", {"player": player, "redraw": redraw})
        if redraw:
            for _ in range(OPENING_HAND):
                self.draw(player)
        self.mulligan_done += 1
        if self.mulligan_done == 2:
            p0, p1 = self.players[self.first], self.players[1 - self.first]
            # CR 6.2.1.9-6.2.1.12 (set at construction) and the EP of the second player.
            p0.ep, p1.ep = 0, SECOND_PLAYER_EP
            self.step = Step.START

    # --- the engine loop -------------------------------------------------------------------------

    def _run(self) -> None:
        """Advance automatically until a player must decide or the game ends."""
        while self.outcome_ is None and self.decision is None:
            if self.frames:
                frame = self.frames[-1]
                effects = frame.effects
                depth = len(self.frames)
                while frame.step < len(effects):
                    if not effects[frame.step].run(self, frame):
                        break
                    frame.step += 1
                    if len(self.frames) != depth:
                        break  # a nested ability (a chosen mode) resolves first
                if self.decision is not None:
                    return
                if len(self.frames) != depth:
                    continue
                self.frames.pop()
                if frame.share >= 0:  # a card chosen under a condition is "it" after it
                    self.frames[frame.share].targets = frame.targets
                if frame.origin >= 0 and self.scripts:
                    self._ability_used(frame)
                continue
            # Check timing (CR 10.5.2): rule processing first, then waiting auto abilities.
            self._rule_processing()
            if self.outcome_ is not None:
                return
            if self.pending:
                self._next_pending()
                continue
            self._advance()

    def _rule_processing(self) -> None:
        """CR 11: losses, then destruction of followers with defense <= 0 or hit by Bane."""
        if not self.dirty:
            if self.statics_dirty:
                self.statics_dirty = False
                if self.scripts:
                    self._apply_statics()
            return
        self.dirty = False
        self.statics_dirty = False
        while True:
            p0, p1 = self.players
            lose0 = p0.hp <= 0 or p0.decked_out
            lose1 = p1.hp <= 0 or p1.decked_out
            if lose0 or lose1:  # CR 11.2; both at once is a draw
                reason = (
                    Termination.LEADER_DEFENSE if p0.hp <= 0 or p1.hp <= 0 else Termination.DECK_OUT
                )
                winner = None if lose0 and lose1 else (1 if lose0 else 0)
                self._finish(winner, reason)
                return
            doomed = [
                u
                for p in self.players
                for u in p.field
                if self.cards[u].fol and (self.cards[u].dfn <= 0 or self._bane_kills(u))
            ]
            if not doomed:
                break
            self.destroy(sorted(doomed), by_rule=True)  # CR 11.3, simultaneously (11.1.3)
        if self.scripts:
            self._apply_statics()
        for p in self.players:  # CR 11.9
            if p.pp > p.max_pp:
                p.pp = p.max_pp

    def _bane_kills(self, uid: int) -> bool:
        """CR 11.3.2: a follower that fought a Bane follower is destroyed, unless abilities
        cannot destroy it: CR 11.3.2.1 counts that destruction as destruction by the Bane
        ability (BP06-022 "not destroyed by abilities" survives it; damage still counts)."""
        card = self.cards[uid]
        return card.bane_hit and not (card.kw | card.granted) & ABILITY_PROOF

    def _ability_used(self, frame: Frame) -> None:
        """CR 14.5.1.3: a follower's Union Burst ability was played and resolved; "when an
        ability of another follower of yours is used" abilities go off."""
        player = frame.controller
        p = self.players[player]
        if p.burst_turn != self.turn:
            p.burst_turn, p.bursts = self.turn, 0
        p.bursts += 1
        for uid in self.holders(p.field, Trigger.ABILITY_USED):
            if uid != frame.origin:
                other = self.cards[uid]
                for ability in self.abilities_of(other, Trigger.ABILITY_USED):
                    self.pending.append((ability, uid, player, frame.origin))

    def _apply_statics(self) -> None:
        """CR 10.1.1.3: recompute the keywords continuous abilities on the field give."""
        cards = self.cards
        ids = self.scripts.ids_with_rule(Rule.KEYWORDS)  # only these give keywords (or equipment)
        sources = [
            u
            for p in self.players
            for u in p.field
            if (cards[u].face.card_id in ids or cards[u].eq) and not _boxed(cards[u])
        ]
        sources += [u for p in self.players for u in p.ex if cards[u].base.card_id in ids]
        if not sources and not self.granting:
            return
        grants: dict[int, int] | None = None
        for uid in sorted(sources):
            card = cards[uid]
            in_ex = card.zone is Zone.EX  # only abilities that work there (from_ex)
            master = card.owner if in_ex else card.controller
            for ability in self.abilities_of(card, Trigger.STATIC):
                if in_ex and not ability.from_ex:
                    continue
                cond = ability.condition
                if cond is not None and not cond.holds(self, master, uid):
                    continue
                if grants is None:
                    grants = {}
                for e in ability.effects:
                    if isinstance(e, Grant):
                        bits = keyword_bits(e.keywords)
                        if e.what is None:
                            got = [uid]
                        else:
                            got = self.candidates(e.what, master, uid, counting=True)
                        for t in got:
                            grants[t] = grants.get(t, 0) | bits
        if grants is None and not self.granting:
            return
        self.granting = grants is not None
        for p in self.players:
            for uid in p.field:
                card = cards[uid]
                new = 0 if grants is None else grants.get(uid, 0)
                if new != card.st:
                    card = self.writable(uid)
                    card.st = new
                    own = 0 if _boxed(card) else keyword_bits(card.face.keywords)
                    card.kw = own | new

    def _next_pending(self) -> None:
        """CR 10.5.2.2-3: the turn player's waiting abilities first; order them if several."""
        if not (self.players[0].union_burst and self.players[1].union_burst):
            self.pending = [pend for pend in self.pending if not self._void(pend[0], pend[1])]
        for player in (self.active, 1 - self.active):
            mine = [i for i, pend in enumerate(self.pending) if pend[2] == player]
            if not mine:
                continue
            if len(mine) == 1:
                self._start_pending(mine[0])
            else:
                self.decision = Decision(Kind.ORDER, player, [str(i) for i in range(len(mine))])
            return

    def _void(self, ability: Ability, source: int) -> bool:
        """CR 14.5.1.2: a Union Burst ability of a card whose owner's deck is not a Princess
        Connect title deck is void in every zone."""
        return ability.union_burst and not self.players[self.cards[source].owner].union_burst

    def _start_pending(self, index: int) -> None:
        ability, source, controller, amount = self.pending.pop(index)
        cond = ability.condition
        if cond is not None and not cond.holds(self, controller, source):
            return
        if ability.once_per_turn or ability.times_per_turn:  # "1ターンに1回働く", "ターンごとにN回"
            card = self.writable(source)
            key = f"once:{ability.trigger.value}:{ability.name}"
            limit = ability.times_per_turn or 1
            if card.counters is None:
                card.counters = {}
            if card.counters.get(key) != self.turn:
                card.counters[key] = self.turn
                card.counters[key + "#"] = 0
            if card.counters[key + "#"] >= limit:
                return
            card.counters[key + "#"] += 1
        frame = Frame(ability.effects, source, controller, amount)
        card = self.cards[source]
        if ability.union_burst and card.zone is Zone.FIELD and card.fol:
            frame.origin = source
        self.frames.append(frame)

    def _fire(self, card: Card, trigger: Trigger, controller: int, amount: int = 0) -> None:
        """Put ``card``'s abilities with ``trigger`` in the waiting state (CR 10.7.2)."""
        found = (
            self.abilities_of(card, trigger)
            if card.eq or card.counters
            else self.scripts.abilities(card.face.card_id, trigger)
        )
        for ability in found:
            self.pending.append((ability, card.uid, controller, amount))
        bits = card.kw | card.granted
        if bits & DRAIN and trigger is Trigger.ATTACK_DAMAGE:
            for ability in KEYWORD_ABILITIES["drain"]:
                self.pending.append((ability, card.uid, controller, amount))

    def _advance(self) -> None:
        """Do the next automatic step of the turn, or set the decision it needs."""
        step = self.step
        if step is Step.MAIN:
            self.decision = Decision(Kind.MAIN, self.active)
        elif step is Step.ATTACK_QUICK:  # CR 8.4.7
            opp = 1 - self.active
            if not self._open_quick_window(opp):
                self.step = Step.ATTACK_DAMAGE
        elif step is Step.ATTACK_DAMAGE:
            self._combat_damage()
        elif step is Step.START:
            self._start_phase()
        elif step is Step.MAIN_BEGIN:  # CR 7.3.1
            self.step = Step.MAIN
            self._fire_all(self.active, Trigger.MAIN_PHASE)
            self._fire_all(1 - self.active, Trigger.OPPONENT_MAIN_PHASE)
        elif step is Step.END_BEGIN:  # CR 7.4.1
            self.step = Step.END_WARD
            self._fire_all(self.active, Trigger.END_PHASE)
            ex = self.players[self.active].ex
            if ex and self.scripts:  # "…while this is in your EX area" (CR 10.7.1)
                for uid in self.holders(ex, Trigger.EX_END_PHASE):
                    self._fire(self.cards[uid], Trigger.EX_END_PHASE, self.active)
            self._fire_all(1 - self.active, Trigger.OPPONENT_END_PHASE)
            for uid in self.players[self.active].ex:  # given "EXエリアのこれを墓場に置く"
                counters = self.cards[uid].counters
                if counters is not None and counters.get(EX_TO_GRAVE_MARK):
                    self.pending.append((_EX_TO_GRAVE_AT_END, uid, self.active, 0))
        elif step is Step.END_WARD:  # CR 7.4.3
            wards = [
                str(u)
                for u in sorted(self.players[self.active].field)
                if (self.cards[u].kw | self.cards[u].granted) & WARD
                and not self.cards[u].engaged
                and self.cards[u].fol
            ]
            if wards:
                self.decision = Decision(Kind.WARD_END, self.active, [*wards, "done"])
            else:
                self.step = Step.END_QUICK
        elif step is Step.END_QUICK:  # CR 7.4.5
            opp = 1 - self.active
            if not self._open_quick_window(opp):
                self.step = Step.END_DISCARD
        elif step is Step.END_DISCARD:  # CR 7.4.7
            if len(self.players[self.active].hand) > HAND_LIMIT:
                self.decision = Decision(Kind.DISCARD, self.active)
            else:
                self.step = Step.END_CLEANUP
        elif step is Step.END_CLEANUP:
            self._cleanup()
        elif step is Step.MULLIGAN:
            # CR 6.2.1.8: first player first.
            player = self.first if self.mulligan_done == 0 else 1 - self.first
            self.decision = Decision(Kind.MULLIGAN, player)

    def _open_quick_window(self, player: int) -> bool:
        """Ask ``player`` to pass or play Quick if they can play any (their legal actions
        are the ones found here)."""
        found = self._quick_plays(player)
        if not found:
            return False
        self.decision = d = Decision(Kind.QUICK, player)
        self.legal_for = d
        self.legal = [PASS, *found]
        return True

    def _fire_all(self, player: int, trigger: Trigger) -> None:
        field = self.players[player].field
        if field and self.scripts:
            for uid in self.holders(field, trigger):
                self._fire(self.cards[uid], trigger, player)

    def _start_phase(self) -> None:
        """CR 7.2: max PP +1 (to 10), refill, stand everything, draw."""
        if self.turn >= self.turn_limit:
            self._finish(None, Termination.TURN_LIMIT)
            return
        self.turn += 1
        self.active = self.first if self.turn % 2 == 1 else 1 - self.first
        p = self.players[self.active]
        p.turns += 1
        if self.log is not None:
            self._emit("turn_start", {"player": self.active, "own_turn": p.turns})
        if p.max_pp < MAX_PP_CAP:  # CR 7.2.1
            p.max_pp += 1
        p.pp = p.max_pp  # CR 7.2.2
        for q in self.players:
            q.played = 0
            q.played_ids = []
            if q.discounts:  # "this turn" reductions end with the turn
                q.discounts = []
        for uid in p.field:  # CR 7.2.3
            card = self.cards[uid]
            if card.counters is not None and card.counters.get("skip_stand"):
                card = self.writable(uid)
                assert card.counters is not None
                del card.counters["skip_stand"]
                continue
            if card.counters is not None and BOXED in card.counters:
                continue  # CR 5.31.3: a Boxed card does not stand by rule
            if card.engaged:
                self.writable(uid).engaged = False
                if self.log is not None:
                    self._emit("stand", {"uid": uid})
        if not (self.active == self.first and p.turns == 1):  # CR 7.2.4.1
            self.draw(self.active)
        self.step = Step.MAIN_BEGIN
        self._fire_all(self.active, Trigger.START_PHASE)  # CR 7.2.5

    def _cleanup(self) -> None:
        """CR 7.4.8-7.4.9: end 'until end of turn' effects; the turn ends."""
        for uid, gen, atk, dfn, bits in self.eot:
            card = self.cards[uid]
            if card.zone is Zone.FIELD and card.gen == gen:
                card = self.writable(uid)
                card.atk -= atk
                card.dfn -= dfn
                card.granted &= ~bits
        self.eot.clear()
        for p in self.players:  # CR 5.31: Boxed "until the end of its player's next turn"
            for uid in p.field:
                card = self.cards[uid]
                counters = card.counters
                if counters is not None and counters.get(BOXED, self.turn + 1) <= self.turn:
                    self._unbox(self.writable(uid))
        self.dirty = True
        if self.log is not None:
            self._emit("turn_end", {"player": self.active})
        self.step = Step.START

    def _finish(self, winner: int | None, reason: Termination) -> None:
        self.outcome_ = Outcome(winner, reason)
        self.decision = None
        if self.log is not None:
            self._emit("game_end", {"winner": winner, "reason": reason.value})

    # --- main phase actions ---------------------------------------------------------------------

    def _discount(self, player: int, card: Card, cost: int) -> tuple[int, PayCost | None]:
        """The PP a :class:`DiscountFor` ability of the card takes off ``cost`` now (its
        cost payable), and that cost."""
        if cost <= 0 or card.base.card_id not in self.scripts.play_cost_ids():
            return 0, None
        for ability in self.scripts.abilities(card.base.card_id, Trigger.STATIC):
            for e in ability.effects:
                if isinstance(e, DiscountFor) and e.cost.available(self, player, card.uid):
                    return min(e.n, cost), e.cost
        return 0, None

    def _rules(self, card: Card) -> PlayRules:
        """The card's :class:`PlayRules` (found once per card record and script library)."""
        cache = self.scripts.play_rules
        rules: PlayRules | None = cache.get(id(card.base))
        if rules is None:
            rules = cache[id(card.base)] = PlayRules(card.base, self.scripts)
        return rules

    def _playable(self, p: Player, card: Card, cost: int | None = None) -> bool:
        """Whether ``p`` may play ``card`` now (``cost``: its play cost, if known)."""
        if card.kw & NO_EX_PLAY and card.zone is Zone.EX:
            return False  # "this cannot be played from the EX area"
        rules = self._rules(card)
        if cost is None:
            cost = self.play_cost(card)
        if cost > p.pp and self.scripts:  # a discount paid for with another cost (DiscountFor)
            cost -= self._discount(p.index, card, cost)[0]
        permanent = rules.permanent
        room = len(p.field) < FIELD_LIMIT
        if cost > p.pp or (permanent and not room):
            # An alternative cost may lower the PP; putting a field card into the graveyard
            # as the cost makes room before the field limit is checked (CR 10.6.2.6).
            alts = self._payable_alternatives(p.index, card, cost)
            if not any(room or not e.engage for e in alts):
                return False
        for ability in rules.cannot:
            cond = ability.condition
            if cond is None or cond.holds(self, p.index, card.uid):
                return False
        for e in rules.additional:  # CR 10.6.2.5: the additional cost must be payable
            if self.play_cost(card) + e.cost.pp > p.pp or not e.cost.available(
                self, p.index, card.uid
            ):
                return False
        if rules.spell:  # each leading choice must be possible (CR 10.6.2.3.3)
            return all(e.available(self, p.index, card.uid) for e in rules.spell_checks)
        return permanent  # the field limit was checked above (CR 10.6.2.6)

    def _main_actions(self) -> list[Action]:
        self.statics_memo = {}
        try:
            return self._find_main_actions()
        finally:
            self.statics_memo = None

    def _find_main_actions(self) -> list[Action]:
        me = self.active
        p = self.players[me]
        cards = self.cards
        acts: list[Action] = []
        pp = p.pp
        playable = self._playable
        own_cost = self.scripts.play_cost_ids()
        auras = self._field_statics(me, Rule.PLAY_COST) if p.field else []
        cut = bool(auras)
        tax = -1  # the spell tax, found when a spell is looked at
        for zone in (p.hand, p.ex):  # CR 8.2
            for uid in sorted(zone):
                card = cards[uid]
                base = card.base
                cost = base.cost or 0
                if not (
                    cost <= pp or card.counters or p.discounts or base.card_id in own_cost or cut
                ):
                    continue
                if card.counters or p.discounts or base.card_id in own_cost:
                    found = None  # play_cost works it out
                else:  # play_cost without the parts that cannot apply
                    if self._rules(card).spell and self.scripts:
                        if tax < 0:
                            tax = self._spell_tax(me)
                        cost += tax
                    if cost > 0:
                        for aura in auras:
                            cost = aura.change(self, uid, cost)
                    found = cost
                if playable(p, card, found):
                    acts.append(play_of(uid))
        if p.grave and self.scripts and self._grave_players()[me]:
            acts.extend(self._grave_plays(p))
        if not self._evolved_for_turn(p) and p.evolve_deck and p.field:  # CR 8.3.2.1
            names: set[str] | None = None
            sup = p.sep >= 1 and p.turns >= SUPER_EVOLVE_TURN[0 if me == self.first else 1]
            for uid in sorted(p.field):
                c = cards[uid]
                if c.evo >= 0 or c.token or not c.fol or _boxed(c):
                    continue  # CR 5.31.2: a Boxed follower has no evolve ability
                if names is None:
                    names = {cards[u].base.name for u in p.evolve_deck}
                into = self._evolve_options(c)
                if into:  # evolve abilities into cards of other names
                    costs = [n for name, n in into if name in names]
                    pay_pp = any(p.pp >= n for n in costs)
                    pay_ep = any(n >= 1 and p.ep >= 1 and p.pp >= n - 1 for n in costs)
                    for s in (False, True) if sup else (False,):
                        if pay_pp:
                            acts.append(evolve_of(uid, False, s))
                        if pay_ep:
                            acts.append(evolve_of(uid, True, s))
                    continue
                if c.base.name not in names:
                    continue
                evolve_if = self.scripts.evolve_if(c.base.card_id)
                if evolve_if is not None and not evolve_if.holds(self, me, uid):
                    continue
                n = self.evolve_cost(c)
                pay_pp, pay_ep = p.pp >= n, n >= 1 and p.ep >= 1 and p.pp >= n - 1
                if len(p.hand) < self.scripts.evolve_discard(c.base.card_id):
                    continue  # CR 10.4.2.2: the discard cost cannot be paid
                for s in (False, True) if sup else (False,):
                    if pay_pp:
                        acts.append(evolve_of(uid, False, s))
                    if pay_ep:
                        acts.append(evolve_of(uid, True, s))
        if self.scripts:
            acts.extend(self._activations(me, quick_only=False))
        opp_field = self.players[1 - me].field
        for uid in sorted(p.field):
            if self._attacker_refusal(p, uid) is not None:
                continue
            for t, refusal in self._attack_options(cards[uid], opp_field).items():
                if refusal is None:
                    acts.append(attack_of(uid, t))
        acts.append(END)
        return acts

    def _grave_watchers(self) -> tuple[bool, bool]:
        """Whether each player owns a card with an ability that watches the field from the
        graveyard (recomputed when cards are added to the game)."""
        if self.grave_watch_seen != len(self.cards):
            ids = self.scripts.ids_with(Trigger.GRAVE_ALLY_ENTERS)
            owners = {c.owner for c in self.cards if c.base.card_id in ids}
            self.grave_watch = (0 in owners, 1 in owners)
            self.grave_watch_seen = len(self.cards)
        return self.grave_watch

    def _grave_players(self) -> tuple[bool, bool]:
        """Whether each player owns a card that may be played from the graveyard
        (recomputed when cards are added to the game)."""
        if self.grave_play_seen != len(self.cards):
            ids = self.scripts.grave_play_ids()
            owners = {c.owner for c in self.cards if c.base.card_id in ids}
            self.grave_play = (0 in owners, 1 in owners)
            self.grave_play_seen = len(self.cards)
        return self.grave_play

    def _grave_plays(self, p: Player) -> list[Action]:
        """Cards of the graveyard whose :class:`PlayFromGrave` ability applies now."""
        ids = self.scripts.grave_play_ids()
        out: list[Action] = []
        for uid in sorted(p.grave):
            card = self.cards[uid]
            if card.base.card_id not in ids:
                continue
            for ability in self.scripts.abilities(card.base.card_id, Trigger.STATIC):
                if not any(isinstance(e, PlayFromGrave) for e in ability.effects):
                    continue
                cond = ability.condition
                if (cond is None or cond.holds(self, p.index, uid)) and self._playable(p, card):
                    out.append(play_of(uid))
                    break
        return out

    def _attacker_refusal(self, p: Player, uid: int) -> str | None:
        """Why card ``uid`` of ``p`` may not attack at all now (``None``: it may, if it has
        a target; CR 8.4.2)."""
        if uid not in p.field or not self.cards[uid].fol:
            return f"card {uid} is not a follower on player {p.index}'s field (CR 8.4.2)"
        card = self.cards[uid]
        if card.engaged:
            return f"follower {uid} is engaged (CR 8.4.2)"
        if card.counters is not None and card.counters.get("no_attack") == self.turn:
            return f"follower {uid} cannot attack this turn (an effect forbids it)"
        if card.kw & CANNOT_ATTACK:
            return f"follower {uid} cannot attack (an ability of its own)"
        return None

    def _attack_options(self, c: Card, opp_field: list[int]) -> dict[int, str | None]:
        """CR 8.4.2-8.4.3 with Storm, Rush, Assail, Intimidate and Ward (CR 12.8-12.12): every
        target follower ``c`` could be declared against (enemy followers in uid order, then
        the leader), with ``None`` where it may attack it now and otherwise the reason (a
        template of ``uid`` and ``tgt``). Empty when it cannot attack this turn at all."""
        bits = c.kw | c.granted
        veteran = c.since < self.turn  # continuously controlled since the turn began
        if not veteran and not bits & (STORM | RUSH) and c.evolved_turn != self.turn:
            return {}
        cards = self.cards
        out: dict[int, str | None] = {}
        wards: list[int] = []
        for uid in sorted(opp_field):
            t = cards[uid]
            if not t.fol:
                continue
            tbits = t.kw | t.granted
            if tbits & INTIMIDATE:
                out[uid] = _INTIMIDATE
            elif t.engaged:
                out[uid] = None
                if tbits & WARD:
                    wards.append(uid)
            elif bits & ASSAIL:
                out[uid] = None
            else:
                out[uid] = _STANDING
        out[LEADER] = None if veteran or bits & STORM else _NOT_LEADER
        if wards and not bits & IGNORE_WARD:  # CR 12.8.2: an engaged Ward follower first
            for tgt, refusal in out.items():
                if refusal is None and tgt not in wards:
                    out[tgt] = _WARD_FIRST
        return out

    def _quick_plays(self, player: int) -> list[Play | Activate]:
        """CR 12.3.4: Quick cards and Quick abilities the non-turn player can play now."""
        self.statics_memo = {}
        try:
            return self._find_quick_plays(player)
        finally:
            self.statics_memo = None

    def _find_quick_plays(self, player: int) -> list[Play | Activate]:
        p = self.players[player]
        out: list[Play | Activate] = []
        for zone in (p.hand, p.ex):
            for uid in sorted(zone):
                card = self.cards[uid]
                if card.kw & QUICK and self._playable(p, card):
                    out.append(play_of(uid))
        if self.scripts:
            out.extend(self._activations(player, quick_only=True))
        return out

    def _activations(self, player: int, quick_only: bool) -> list[Activate]:
        """CR 8.3.1 / 10.6.2.1.2: activated abilities whose costs and targets are possible."""
        p = self.players[player]
        out: list[Activate] = []
        cards = self.cards
        hand: list[int] = []
        if self.zone_seen == len(cards):
            from_hand, from_grave, from_ex = self.zone_flags[player]
        else:
            from_hand, from_grave, from_ex = self._zone_abilities(player)
        if from_hand:
            hand_ids = self.scripts.hand_ids()
            hand = [u for u in p.hand if cards[u].base.card_id in hand_ids]
        if from_grave:
            grave_ids = self.scripts.grave_ids()
            hand += [u for u in p.grave if cards[u].base.card_id in grave_ids]
        if from_ex:
            ex_ids = self.scripts.ex_ids()
            hand += [u for u in p.ex if cards[u].base.card_id in ex_ids]
        ids = self.scripts.ids_with(Trigger.ACTIVATED)
        field = [u for u in p.field if cards[u].face.card_id in ids or cards[u].eq]
        if len(field) > 1:
            field.sort()
        for uid in field + sorted(hand) if hand else field:
            card = self.cards[uid]
            abilities = self.abilities_of(card, Trigger.ACTIVATED)
            if not abilities:
                continue
            zone = card.zone
            from_hand, from_grave = zone is Zone.HAND, zone is Zone.GRAVE
            from_ex = zone is Zone.EX
            for index, ability in enumerate(abilities):
                if quick_only and not ability.quick:
                    continue
                if ability.union_burst and not self.players[card.owner].union_burst:
                    continue  # CR 14.5.1.2
                if (
                    ability.from_hand != from_hand
                    or ability.from_grave != from_grave
                    or ability.from_ex != from_ex
                ):
                    continue
                if ability.pp_cost > p.pp and not (
                    ability.advance and p.ep >= 1 and ability.pp_cost - 1 <= p.pp
                ):
                    continue  # CR 12.16.3: an Advance ability may pay one PP with one EP
                if ability.engage_cost and card.engaged:
                    continue
                if ability.advance and self._evolved_for_turn(p):
                    continue  # CR 8.3.2.1: evolve-equivalent
                if ability.hand_to_ex and len(p.ex) >= EX_LIMIT and not _frees_ex(ability):
                    continue  # CR 4.8.3.2: no room, and no EX-area card banished first
                if (ability.once_per_turn or ability.times_per_turn) and self._used_up(
                    card, index, ability.times_per_turn or 1
                ):
                    continue
                if not self._can_pay(ability, player, uid):
                    continue
                out.append(activate_of(uid, index))
        return out

    def _used_up(self, card: Card, index: int, limit: int) -> bool:
        """Whether activated ability ``index`` of ``card`` was played ``limit`` times this
        turn ("この能力は1ターンにN回使える")."""
        counters = card.counters
        if not counters or counters.get(f"act{index}") != self.turn:
            return False
        return counters.get(f"act{index}#", 1) >= limit

    def _zone_abilities(self, player: int) -> tuple[bool, bool, bool]:
        """Whether ``player`` owns any card with an activated ability played from the hand,
        the graveyard and the EX area (recomputed when cards are added to the game)."""
        if self.zone_seen != len(self.cards):
            hand_ids, grave_ids = self.scripts.hand_ids(), self.scripts.grave_ids()
            ex_ids = self.scripts.ex_ids()
            start = max(self.zone_seen, 0)  # only the cards added since the last look
            flags = [list(self.zone_flags[0]), list(self.zone_flags[1])]
            for c in self.cards[start:]:
                cid = c.base.card_id
                f = flags[c.owner]
                f[0] = f[0] or cid in hand_ids
                f[1] = f[1] or cid in grave_ids
                f[2] = f[2] or cid in ex_ids
            self.zone_flags = (
                (flags[0][0], flags[0][1], flags[0][2]),
                (flags[1][0], flags[1][1], flags[1][2]),
            )
            self.zone_seen = len(self.cards)
        return self.zone_flags[player]

    def _can_pay(self, ability: Ability, player: int, uid: int) -> bool:
        """CR 10.6.2.1.2: the ability's own condition ("この能力は…なら使える"), an extra cost
        (a leading :class:`PayCost`) and the first target after it must be possible."""
        cond = ability.condition
        if cond is not None and not cond.holds(self, player, uid):
            return False
        for effect in ability.effects[:2]:
            available = getattr(effect, "available", None)
            if available is not None and not available(self, player, uid):
                return False
            if not isinstance(effect, PayCost):
                break
        return True

    def _activate(self, player: int, uid: int, index: int) -> None:
        """CR 10.6.2.5: pay the costs (PP, engaging this card), then resolve the effects."""
        card = self.writable(uid)
        ability = self.abilities_of(card, Trigger.ACTIVATED)[index]
        p = self.players[player]
        n = ability.pp_cost
        ask_pay = False
        if self.log is not None:  # before its costs are paid, as a card's `play`
            self._emit("activate", {"player": player, "uid": uid, "card": card.face.card_id})
        if ability.advance:  # CR 12.16.3 / 8.3.2.1
            p.evolved_on = self.turn
            can_ep = n >= 1 and p.ep >= 1 and p.pp >= n - 1
            if can_ep and p.pp >= n:
                ask_pay = True  # PP only, or one EP: the player chooses before the effects
            elif can_ep:
                p.pp -= n - 1
                p.ep -= 1
            else:
                p.pp -= n
        else:
            p.pp -= n
        effects = ability.effects
        if ability.hand_to_ex:  # or putting it from the hand into the EX area
            if len(p.ex) < EX_LIMIT:
                self.put_in_ex(uid)
            else:  # after the EX-area cards of the cost are banished
                effects = (effects[0], _HAND_TO_EX, *effects[1:])
        elif ability.from_hand:  # discarding this card is part of the cost (CR 10.4.2.1)
            self._discard(player, uid)
        if (
            ability.from_ex
            and card.zone is Zone.EX
            and not ability.ex_free
            and not ability.banish_cost
        ):
            self._remove_from_zone(card)
            self._arrive(card, Zone.GRAVE)
            if self.log is not None:
                self._emit_move(card, "ex", "grave")
        if ability.once_per_turn or ability.times_per_turn:
            if card.counters is None:
                card.counters = {}
            if card.counters.get(f"act{index}") != self.turn:
                card.counters[f"act{index}"] = self.turn
                card.counters[f"act{index}#"] = 0
            card.counters[f"act{index}#"] += 1
        if ability.engage_cost:
            card.engaged = True
            if self.log is not None:
                self._emit("engage", {"uid": uid})
            self._became_engaged(card)
        if ability.sacrifice_cost:  # CR 10.4: a cost paid before the effects resolve
            self._leave_field(card, Zone.GRAVE, "leave")
        if ability.banish_cost:  # from the field or the graveyard
            self.banish(uid)
        frame = Frame(effects, uid, player)
        if ability.union_burst and card.zone is Zone.FIELD and card.fol:
            frame.origin = uid
        self.frames.append(frame)
        if ask_pay:
            self.frames.append(Frame((_PayAdvance(n),), uid, player))

    def play_by_effect(self, player: int, uid: int, cost: int) -> bool:
        """An effect makes ``player`` play a card with its cost set to ``cost`` (CR 10.4.4.1;
        from any zone, the opponent's graveyard included; the card keeps its owner, CR
        5.22.5). Returns ``False`` when the card cannot be played now (CR 10.6.2.3.3,
        10.6.2.6)."""
        card = self.cards[uid]
        p = self.players[player]
        btype = card.base.card_type
        if card.token or p.pp < cost:
            return False
        if btype == "spell":
            for ability in self.scripts.abilities(card.base.card_id, Trigger.SPELL):
                first = ability.effects[0] if ability.effects else None
                available = getattr(first, "available", None)
                if available is not None and not available(self, player):
                    return False
        elif not (
            btype.endswith("follower") or btype.endswith("amulet")
        ) or not self.field_has_room(player):
            return False
        self._play(player, uid, cost)
        return True

    def _play(self, player: int, uid: int, fixed_cost: int | None = None) -> None:
        """CR 10.6.2: move to resolution, pay the cost, then resolve."""
        p = self.players[player]
        card = self.writable(uid)
        origin = "ex" if card.zone is Zone.EX else "grave" if card.zone is Zone.GRAVE else "hand"
        cost = self.play_cost(card)  # reductions "as you play this from the EX area" see it
        alts = self._payable_alternatives(player, card, cost) if self.scripts else []
        if fixed_cost is not None:  # CR 10.6.2.5.1.3: a cost set to a value
            cost, alts = fixed_cost, []
        self._remove_from_zone(card)
        card.zone = Zone.RESOLVING
        short, discount = (0, None)
        if self.scripts and not alts:
            short, discount = self._discount(player, card, cost)
        cost -= short  # the rest, or the discount's cost, is paid next (DiscountChoice)
        if not alts:
            p.pp -= cost
        p.played += 1
        p.played_ids.append(uid)
        if self.log is not None:
            self._emit(
                "play",
                {
                    "player": player,
                    "card": card.base.card_id,
                    "uid": uid,
                    "from": origin,
                    "cost": cost,
                },
            )
        if card.base.base_type == "spell":  # spell tokens too (CR 9.1.4.2)
            self.frames.append(Frame(_TO_GRAVE, uid, player))
            for ability in reversed(self.scripts.abilities(card.base.card_id, Trigger.SPELL)):
                self.frames.append(Frame(ability.effects, uid, player))
        else:
            self.frames.append(Frame(_ENTER, uid, player, ORIGINS[origin]))
        if p.discounts:  # "the next card you play": used up by this one
            p.discounts = [
                d for d in p.discounts if d[0] == self.turn and not d[1].matches(card.base)
            ]
        if self.scripts:  # CR 10.7.1: "when you play a card"
            for fuid in self.holders(p.field, Trigger.CARD_PLAYED):
                other = self.cards[fuid]
                for ability in self.abilities_of(other, Trigger.CARD_PLAYED):
                    self.pending.append((ability, fuid, player, uid))
        if card.counters is not None:
            card.counters.pop("paid_extra", None)
        for ability in self.scripts.abilities(card.base.card_id, Trigger.STATIC):
            for e in ability.effects:
                if isinstance(e, ExtraCost):  # CR 10.4.7.2: offered as the card is played
                    self.frames.append(Frame((PayCost((_MARK_PAID,), pp=e.n),), uid, player))
                elif isinstance(e, AdditionalCost):  # CR 10.6.2.5: paid as it is played
                    paid = dataclasses.replace(e.cost, optional=False, effects=())
                    self.frames.append(Frame((paid,), uid, player))
        if discount is not None:
            paid = dataclasses.replace(discount, optional=False, effects=())
            self.frames.append(Frame((DiscountChoice(paid),), uid, player, short))
        if alts:  # CR 10.4.7.2: the full cost or an alternative, chosen first
            needs_room = card.base.base_type != "spell"
            choice = _PlayCostChoice(cost, tuple(alts), needs_room)
            self.frames.append(Frame((choice,), uid, player))

    def _evolve(self, player: int, uid: int, ep: bool, super_: bool) -> None:
        """CR 12.2 / 5.16: pay, put the same-named evolved card on top, keep the differences."""
        p = self.players[player]
        card = self.cards[uid]
        into = self._evolve_options(card)
        if into:  # CR 12.2: one of its evolve abilities, each into a card of its own name
            names = {self.cards[u].base.name for u in p.evolve_deck}
            ok = [
                (name, n)
                for name, n in into
                if name in names and (p.pp >= n - 1 and n >= 1 if ep else p.pp >= n)
            ]
            p.evolved_on = self.turn
            if len(ok) == 1:
                self._pay_evolve(player, uid, ep, super_, ok[0][1], ok[0][0])
            else:
                self.frames.append(Frame((_EvolveChoice(ep, super_, tuple(ok)),), uid, player))
            return
        self._pay_evolve(player, uid, ep, super_, self.evolve_cost(card), "")

    def _pay_evolve(self, player: int, uid: int, ep: bool, super_: bool, n: int, into: str) -> None:
        """CR 12.2.3-12.2.4: pay the evolve cost (one PP may be an EP, SEP to super-evolve),
        then evolve (into the card named ``into``, or the same-named one)."""
        p = self.players[player]
        pp_paid = n - 1 if ep else n
        p.pp -= pp_paid
        if ep:
            p.ep -= 1
        if super_:
            p.sep -= 1
        p.evolved_on = self.turn
        discard = self.scripts.evolve_discard(self.cards[uid].base.card_id)
        if discard:  # CR 12.2: a discard cost, paid before the follower evolves
            then = (_EvolvePaid(super_, pp_paid, ep, into),)
            pay = PayCost(then, discard=CardFilter(), discard_n=discard, optional=False)
            self.frames.append(Frame((pay,), uid, player))
            return
        self._transform(player, uid, super_, pp_paid, ep, into)

    def _evolve_options(self, card: Card) -> list[tuple[str, int]]:
        """The evolve abilities of a card into cards of other names ``(name, cost)``."""
        if card.base.card_id not in self.scripts.ids_with(Trigger.STATIC):
            return []
        return [
            (e.name, e.n)
            for ability in self.abilities_of(card, Trigger.STATIC)
            for e in ability.effects
            if isinstance(e, EvolveInto)
        ]

    def evolve_by_effect(self, uid: int) -> None:
        """CR 5.16: an effect evolves a field follower (no cost, not the turn's evolve)."""
        if not self.can_evolve_by_effect(uid):
            return  # CR 5.16.1.1.1: nothing to evolve into
        self._transform(self.cards[uid].controller, uid, False, 0, False)

    def can_evolve_by_effect(self, uid: int) -> bool:
        """Whether an effect could evolve field card ``uid`` now (CR 5.16.1.1.1: an
        unevolved follower with a same-named face-down card in its master's evolve deck)."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD or not card.fol or card.token or card.evo >= 0:
            return False
        p = self.players[card.controller]
        return any(self.cards[u].base.name == card.base.name for u in p.evolve_deck)

    def _transform(
        self, player: int, uid: int, super_: bool, pp_paid: int, ep: bool, into: str = ""
    ) -> None:
        """CR 5.16.1-5.16.2: put the same-named evolved card (or the one named ``into``) on
        top, keep the differences."""
        p = self.players[player]
        card = self.writable(uid)
        name = into or card.base.name
        evo_uid = min(u for u in p.evolve_deck if self.cards[u].base.name == name)
        p.evolve_deck.remove(evo_uid)
        evo = self.writable(evo_uid)
        evo.zone = Zone.EVOLVE_AREA
        before = card.base
        after = evo.base
        # CR 5.16.2.1: differences from the printed values carry over.
        card.atk = (after.attack or 0) + card.atk - (before.attack or 0)
        card.dfn = (after.defense or 0) + card.dfn - (before.defense or 0)
        card.face = after
        card.fol = _is_follower(after)
        card.kw = 0 if _boxed(card) else keyword_bits(after.keywords)  # CR 5.16.2.2, 5.31.2
        card.st = 0  # continuous abilities are applied again at the next check
        card.evo = evo_uid
        card.evolved_turn = self.turn
        if p.evolves_turn != self.turn:
            p.evolves_turn, p.evolves = self.turn, 0
        p.evolves += 1
        card.evolve_nth = p.evolves  # which evolve of its controller's this turn it was
        self.dirty = True
        if super_:  # CR 12.2.4.1
            card.atk += 1
            card.dfn += 1
            card.super_ = True
            self.raised(uid)
        if self.log is not None:
            self._emit(
                "evolve",
                {
                    "player": player,
                    "uid": uid,
                    "card": after.card_id,
                    "pp_paid": pp_paid,
                    "ep_paid": 1 if ep else 0,
                    "super": super_,
                },
            )
        self._fire(card, Trigger.ON_EVOLVE, player)  # CR 5.16.1.3
        if super_:
            self._fire(card, Trigger.ON_SUPER_EVOLVE, player)  # CR 12.2.4.2
        if self.scripts:  # CR 10.7.1: "when a follower of yours evolves"
            if p.ex:  # abilities that work while their card is in the EX area
                for other in self.holders(p.ex, Trigger.EX_ALLY_EVOLVES):
                    for ability in self.abilities_of(self.cards[other], Trigger.EX_ALLY_EVOLVES):
                        self.pending.append((ability, other, player, uid))
            for other in self.holders(p.field, Trigger.ALLY_EVOLVES):
                for ability in self.abilities_of(self.cards[other], Trigger.ALLY_EVOLVES):
                    self.pending.append((ability, other, player, uid))

    def _declare_attack(self, uid: int, target: int) -> None:
        """CR 8.4.4-8.4.6: engage the attacker; 'attacked' triggers (Strike) go off."""
        card = self.writable(uid)
        card.engaged = True
        self.attacker = uid
        self.attack_target = target
        self._became_engaged(card)
        if self.log is not None:
            self._emit("engage", {"uid": uid})
            self._emit(
                "attack",
                {
                    "player": self.active,
                    "attacker": uid,
                    "target": "leader" if target == LEADER else target,
                    "keywords": list(card.keywords),
                },
            )
        self.step = Step.ATTACK_QUICK
        self._fire(card, Trigger.STRIKE, self.active)
        if self.scripts:  # CR 10.7.1: "when a follower of yours attacks"
            for other in self.holders(self.players[self.active].field, Trigger.ALLY_ATTACKS):
                for ability in self.abilities_of(self.cards[other], Trigger.ALLY_ATTACKS):
                    self.pending.append((ability, other, self.active, uid))

    def _combat_damage(self) -> None:
        """CR 8.4.9: damage both ways if both are still there; Bane and Drain follow."""
        self.step = Step.MAIN
        att = self.writable(self.attacker)
        target = self.attack_target
        self.attacker = -1
        if att.zone is not Zone.FIELD or att.controller != self.active:
            return
        amount = att.atk
        if amount > 0 and self.scripts:
            amount += self.damage_bonus(att.uid)
        dealt = 0  # CR 12.13.2: Drain heals by the damage the attack actually dealt
        if target == LEADER:
            dealt = self.deal_damage(-(1 - self.active + LEADER_OFFSET), amount)
        else:
            defender = self.cards[target]
            if defender.zone is not Zone.FIELD:
                return
            defender = self.writable(target)
            back = defender.atk
            if back > 0 and self.scripts:
                back += self.damage_bonus(target)
            turn = self.turn
            if defender.counters is None or defender.counters.get("no_combat_damage") != turn:
                dealt = self.deal_damage(target, amount)
            if att.counters is None or att.counters.get("no_combat_damage") != turn:
                self.deal_damage(att.uid, back)
            # CR 12.14.2: a follower that fought a Bane follower is destroyed.
            if (att.kw | att.granted) & BANE:
                defender.bane_hit = True
                self.dirty = True
            if (defender.kw | defender.granted) & BANE:
                att.bane_hit = True
                self.dirty = True
        if dealt > 0:  # CR 12.13.2.1: nothing was dealt when it was prevented
            self._fire(att, Trigger.ATTACK_DAMAGE, self.active, dealt)

    # --- end phase and choices ------------------------------------------------------------------

    def _discard(self, player: int, uid: int, by: int = -1) -> None:
        """CR 5.12: move a card from hand to the graveyard."""
        card = self.writable(uid)
        self.players[player].discarded_on = self.turn
        self._remove_from_zone(card)
        self._arrive(card, Zone.GRAVE)
        if self.log is not None:
            self._emit("discard", {"player": player, "card": card.base.card_id})
        if self.scripts:  # CR 10.7.1: "when this is discarded from your hand"
            for ability in self.scripts.abilities(card.base.card_id, Trigger.DISCARDED):
                self.pending.append((ability, uid, player, by))
            # CR 10.7.1: "when you (your opponent) discard a card"
            for side, trigger in (
                (player, Trigger.YOU_DISCARD),
                (1 - player, Trigger.OPPONENT_DISCARD),
            ):
                for fuid in self.holders(self.players[side].field, trigger):
                    for ability in self.abilities_of(self.cards[fuid], trigger):
                        self.pending.append((ability, fuid, side, uid))

    def _choose(self, d: Decision, option: str) -> None:
        kind = d.kind
        if kind is Kind.TARGET:
            frame = self.frames[-1]
            if option == "done":
                frame.sub = 1 << 30
            else:
                frame.targets.append(parse_target_word(option))
                frame.sub += 1
        elif kind is Kind.WARD_ENTER or kind is Kind.PICK:
            self.frames[-1].choice = option
        elif kind is Kind.WARD_END:  # CR 7.4.3
            if option == "done":
                self.step = Step.END_QUICK
            else:
                uid = int(option)
                self.writable(uid).engaged = True
                if self.log is not None:
                    self._emit("engage", {"uid": uid})
                self._became_engaged(self.cards[uid])
        elif kind is Kind.ORDER:  # CR 10.7.3.1
            mine = [i for i, pend in enumerate(self.pending) if pend[2] == d.player]
            self._start_pending(mine[int(option)])

    # --- zone moves -------------------------------------------------------------------------

    def _banish_instead(self, controller: int) -> bool:
        """Whether the opponent of ``controller`` has a card on the field whose continuous
        ability banishes ``controller``'s followers instead of putting them into the
        graveyard (:class:`BanishInstead`)."""
        ids = self.scripts.ids_with_rule(Rule.BANISH_INSTEAD)
        if not ids:
            return False
        cards = self.cards
        return any(cards[u].face.card_id in ids for u in self.players[1 - controller].field)

    def _remove_from_zone(self, card: Card) -> None:
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        zone = card.zone
        if zone not in _LISTED:
            return  # resolving, erased, in the evolve deck: no list of the main zones
        p = self.players[card.controller if zone is Zone.FIELD else card.owner]
        p.zones[zone].remove(card.uid)
        if zone is Zone.EX:
            if card.counters is not None:  # an ability given in the EX area stays there
                card.counters.pop(EX_TO_GRAVE_MARK, None)
            if card.counters is not None:
                card.counters.pop(EX_LESS, None)
            self.statics_dirty = True

    def _arrive(self, card: Card, zone: Zone) -> None:
        """Put a card (not on the field) into one of its owner's zones, as a new card
        (CR 4.1.4); tokens vanish."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        card.renew()
        if card.token and zone in (Zone.GRAVE, Zone.BANISH, Zone.HAND, Zone.DECK, Zone.EX):
            card.zone = Zone.ERASED  # CR 9.1.4.3
            return
        p = self.players[card.owner]
        if zone is not Zone.EX and card.base.card_type.startswith("advance"):
            card.zone = Zone.EVOLVE_DECK  # CR 9.2.2: face up into the evolve deck at once
            p.evolve_used.append(card.uid)
            return
        card.zone = zone
        if zone is Zone.DECK:
            p.deck.insert(0, card.uid)  # the bottom (the top is the end of the list)
        elif zone in _ARRIVALS:
            p.zones[zone].append(card.uid)
            if zone is Zone.GRAVE:
                self.statics_dirty = True  # conditions may count the graveyard

    def _leave_field(self, card: Card, zone: Zone, event: str) -> None:
        """A field card leaves: its evolved card goes face up to the evolve deck (CR 11.6.1)."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        face = card.face
        controller = card.controller
        if zone is Zone.GRAVE and card.fol and self.scripts and self._banish_instead(controller):
            zone = Zone.BANISH  # CR 10.10: a replacement effect of the other side
        # CR 5.31.2 / 10.7.4.1.2: a card Boxed as it left had no abilities to go off.
        boxed = _boxed(card)
        if boxed and card.counters is not None:
            del card.counters[BOXED]
            card.counters.pop(BOXED_KEPT, None)
        self.players[controller].field.remove(card.uid)
        self.statics_dirty = True
        evo_uid = card.evo
        exile_later = card.counters is not None and bool(card.counters.get("exile_later"))
        # CR 4.1.4: it arrives as a new card: evolution, keywords, counters, buffs, damage,
        # marks and equipment (CR 14.5.2.4) are dropped (_arrive renews it).
        self._arrive(card, zone)
        if self.log is not None:
            to = _ZONE_WORD.get(card.zone, card.zone.name.lower())
            self._emit(event, {"uid": card.uid, "card": card.base.card_id, "to": to})
        if evo_uid >= 0:  # moved in the same instant, logged right after
            evo = self.writable(evo_uid)
            evo.zone = Zone.EVOLVE_DECK
            self.players[evo.owner].evolve_used.append(evo_uid)
            if self.log is not None:
                self._emit("leave", {"uid": evo_uid, "card": evo.base.card_id, "to": "evolve_deck"})
        if self.scripts:  # CR 10.7.1: "when this leaves the field", "when your amulet ..."
            if not boxed:
                for ability in self.scripts.abilities(face.card_id, Trigger.LEAVES):
                    self.pending.append((ability, card.uid, controller, 0))
            field = self.players[controller].field
            for uid in self.holders(field, Trigger.ALLY_LEAVES):  # CR 10.7.4
                for ability in self.abilities_of(self.cards[uid], Trigger.ALLY_LEAVES):
                    self.pending.append((ability, uid, controller, card.uid))
            if face.card_type.endswith("amulet"):
                for uid in sorted(self.players[controller].field):
                    other = self.cards[uid]
                    if _boxed(other):
                        continue
                    for ability in self.scripts.abilities(
                        other.face.card_id, Trigger.AMULET_LEAVES
                    ):
                        self.pending.append((ability, uid, controller, card.uid))
        if zone is Zone.GRAVE and face.card_type.endswith("follower"):
            if self.died_turn != self.turn:
                self.died_turn, self.died = self.turn, 0
            self.died += 1
        if zone is Zone.GRAVE and exile_later:
            self.pending.append((_EXILE_LATER, card.uid, controller, 0))
        if zone is Zone.GRAVE and not boxed:  # CR 12.5: Last Words, with its info on the field
            for ability in self.scripts.abilities(face.card_id, Trigger.LAST_WORDS):
                self.pending.append((ability, card.uid, controller, 0))

    # --- the event log ------------------------------------------------------------------------

    def _emit(self, ev: str, fields: dict[str, Any]) -> None:
        assert self.log is not None
        record: dict[str, Any] = {
            "i": len(self.log),
            "turn": max(self.turn, 1),
            "active": self.active,
            "ev": ev,
        }
        record.update(fields)
        record["s"] = self.counts()
        self.log.append(record)

    def counts(self) -> dict[str, list[int]]:
        """The per-player numbers and zone sizes the event log records after each event."""
        a, b = self.players
        return {
            "hp": [a.hp, b.hp],
            "pp": [a.pp, b.pp],
            "max_pp": [a.max_pp, b.max_pp],
            "ep": [a.ep, b.ep],
            "sep": [a.sep, b.sep],
            "hand": [len(a.hand), len(b.hand)],
            "deck": [len(a.deck), len(b.deck)],
            "field": [len(a.field), len(b.field)],
            "ex": [len(a.ex), len(b.ex)],
            "grave": [len(a.grave), len(b.grave)],
            "banish": [len(a.banish), len(b.banish)],
            "evolve_deck": [
                len(a.evolve_deck) + len(a.evolve_used),
                len(b.evolve_deck) + len(b.evolve_used),
            ],
        }

    def log_lines(self) -> list[str]:
        """The event log as JSON lines (byte-identical for the same seed and agents)."""
        if self.log is None:
            return []
        return [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in self.log]

    # --- reasons for refusals ---------------------------------------------------------------

    def _why_not_play(self, player: int, uid: int, quick_window: bool) -> str:
        p = self.players[player]
        if uid < 0 or uid >= len(self.cards):
            return f"there is no card {uid}"
        card = self.cards[uid]
        if uid in p.grave:
            return f"card {uid} cannot be played from the graveyard now"
        if uid not in p.hand and uid not in p.ex:
            return f"card {uid} is not in player {player}'s hand or EX area (CR 8.2.1)"
        if quick_window and not card.kw & QUICK:
            return f"card {uid} does not have Quick (CR 12.3.4)"
        if card.kw & NO_EX_PLAY and card.zone is Zone.EX:
            return f"card {uid} cannot be played from the EX area (an ability of its own)"
        cost = self.play_cost(card)
        if cost > p.pp:
            return f"card {uid} costs {cost} PP and player {player} has {p.pp} (CR 8.2.1)"
        if card.base.base_type != "spell" and len(p.field) >= FIELD_LIMIT:
            return f"the field already holds {FIELD_LIMIT} cards (CR 4.4.4, 10.6.2.6)"
        if card.base.base_type == "spell":
            return f"card {uid} has no legal target (CR 10.6.2.3.3)"
        return f"card {uid} cannot be played (type {card.base.card_type})"

    def _evolved_for_turn(self, p: Player) -> bool:
        """CR 8.3.2.1: the evolve ability was used this turn, and no card of the player's
        field lets it be used any number of times per turn."""
        if p.evolved_on != self.turn:
            return False
        cards = self.cards
        return not any(cards[u].kw & EVOLVE_ANY for u in p.field)

    def _why_not_evolve(self, p: Player, action: Evolve) -> str:
        uid = action.uid
        if uid not in p.field:
            return f"card {uid} is not on player {p.index}'s field"
        card = self.cards[uid]
        if not card.fol or card.token:
            return f"card {uid} is not a follower that can evolve"
        if card.evo >= 0:
            return f"card {uid} has already evolved"
        if _boxed(card):
            return f"card {uid} is Boxed and has no evolve ability (CR 5.31.2)"
        if self._evolved_for_turn(p):
            return "player has already evolved this turn (CR 8.3.2.1)"
        if not any(self.cards[u].base.name == card.base.name for u in p.evolve_deck):
            return f"no face-down evolved '{card.base.name}' in the evolve deck (CR 5.16.1.1.1)"
        evolve_if = self.scripts.evolve_if(card.base.card_id)
        if evolve_if is not None and not evolve_if.holds(self, p.index, uid):
            return "the condition of its evolve ability does not hold"
        n = self.evolve_cost(card)
        if len(p.hand) < self.scripts.evolve_discard(card.base.card_id):
            return "its evolve ability discards cards and the hand is too small (CR 12.2)"
        if action.ep and p.ep < 1:
            return "no EP to pay with (CR 12.2.3)"
        need = n - 1 if action.ep else n
        if p.pp < need:
            return f"evolving costs {need} PP and player has {p.pp} (CR 12.2.3)"
        if action.super_:
            threshold = SUPER_EVOLVE_TURN[0 if p.index == self.first else 1]
            if p.turns < threshold:
                return f"super-evolution needs own turn {threshold} (now {p.turns}) (CR 12.2.4)"
            if p.sep < 1:
                return "no SEP left (CR 12.2.4)"
        return "not allowed now"

    def _why_not_activate(self, p: Player, action: Activate, quick_window: bool) -> str:
        uid = action.uid
        if uid not in p.field and uid not in p.hand and uid not in p.grave and uid not in p.ex:
            return f"card {uid} is not in player {p.index}'s field, hand or graveyard (CR 8.3.1)"
        card = self.cards[uid]
        abilities = self.abilities_of(card, Trigger.ACTIVATED)
        if not 0 <= action.index < len(abilities):
            return f"card {uid} has no activated ability number {action.index}"
        ability = abilities[action.index]
        if quick_window and not ability.quick:
            return "only Quick abilities can be played in this window (CR 12.3.4)"
        if ability.pp_cost > p.pp:
            return f"the ability costs {ability.pp_cost} PP and player has {p.pp} (CR 10.4.4)"
        if ability.engage_cost and card.engaged:
            return f"card {uid} is already engaged and cannot pay its engage cost (CR 10.4.6)"
        return "the ability's condition, extra cost or target is not possible (CR 10.6.2.1.2)"

    def _why_not_attack(self, p: Player, action: Attack) -> str:
        uid, tgt = action.uid, action.target
        refusal = self._attacker_refusal(p, uid)
        if refusal is not None:
            return refusal
        options = self._attack_options(self.cards[uid], self.players[1 - p.index].field)
        if all(r is not None for r in options.values()):
            return f"follower {uid} came under your control this turn (CR 8.4.2.1)"
        if tgt not in options:
            return f"card {tgt} is not an enemy follower on the field (CR 8.4.3.1)"
        return (options[tgt] or _WARD_FIRST).format(uid=uid, tgt=tgt)


_LISTED = frozenset((Zone.HAND, Zone.EX, Zone.FIELD, Zone.GRAVE, Zone.DECK, Zone.BANISH))
"""The zones a card leaves by being taken out of its player's list of that zone."""
_ARRIVALS = frozenset((Zone.GRAVE, Zone.BANISH, Zone.HAND, Zone.EX))
"""The zones a card (not put onto the field) arrives in at the end of the list."""

_INTIMIDATE = "follower {tgt} has Intimidate and cannot be attacked (CR 12.12)"
_STANDING = "follower {tgt} is standing; only engaged followers can be attacked (8.4.3.1)"
_NOT_LEADER = "follower {uid} cannot attack the leader this turn (CR 8.4.3.1, 12.10)"
_WARD_FIRST = "an engaged Ward follower must be attacked first (CR 12.8.2)"


# --- construction ------------------------------------------------------------------------------


UNION_BURST_TITLE = "priconne"
"""The title whose decks have working Union Burst abilities (CR 14.5.1.2)."""


def deck_title(deck: DeckSpec) -> str | None:
    """The title a deck is built on (CR 6.1.1.5.2): the one title shared by its leader (if
    any) and every main and evolve deck card; ``None`` for a class deck."""
    records = [*deck.main, *deck.evolve, *([deck.leader] if deck.leader else [])]
    titles = {rec.title for rec in records}
    if len(titles) != 1:
        return None
    return titles.pop()


def new_game(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    seed: int,
    *,
    first: int | None = None,
    scripts: Scripts | None = None,
    log: bool = False,
    turn_limit: int = DEFAULT_TURN_LIMIT,
) -> State:
    """A new game: shuffled decks, 4-card hands, ready for the first mulligan (CR 6.2).

    ``first`` forces the first player; otherwise it is drawn from the game's seeded RNG
    (CR 6.2.1.6). ``log=True`` records the event log.
    """
    for who, deck in (("deck_a", deck_a), ("deck_b", deck_b)):
        if len(deck.main) < OPENING_HAND:
            raise DeckError(f"{who}: the main deck has {len(deck.main)} cards; need at least 4")
        for rec in deck.evolve:
            if not rec.card_type.startswith(("evolved", "advance")):
                raise DeckError(
                    f"{who}: evolve deck card {rec.card_id} is a {rec.card_type} (CR 6.1.1.3)"
                )
    if first is not None and first not in (0, 1):
        raise DeckError(f"first must be 0, 1 or None, not {first!r}")
    g = State()
    g.seed = seed
    g.rng = random.Random(seed)
    g.scripts = scripts if scripts is not None else DEFAULT_SCRIPTS
    g.turn_limit = turn_limit
    g.log = [] if log else None
    g.players = [Player(0, deck_a.leader), Player(1, deck_b.leader)]
    for index, deck in enumerate((deck_a, deck_b)):
        p = g.players[index]
        p.union_burst = deck_title(deck) == UNION_BURST_TITLE
        for rec in deck.main:
            card = Card(len(g.cards), index, g.scripts.record(rec), Zone.DECK, token=False)
            g.cards.append(card)
            p.deck.append(card.uid)
        for rec in deck.evolve:
            card = Card(len(g.cards), index, g.scripts.record(rec), Zone.EVOLVE_DECK, token=False)
            g.cards.append(card)
            p.evolve_deck.append(card.uid)
    for p in g.players:  # CR 6.2.1.4
        g.rng.shuffle(p.deck)
    for index, deck in enumerate((deck_a, deck_b)):  # CR 14.3.1.2, just before CR 6.2.1.6
        if deck_title(deck) == CINDERELLA_GIRLS:
            item = magic_item_record(g.scripts)
            for _ in range(MAGIC_ITEMS_AT_START):
                g.create_token(index, item, "ex")
    g.first = g.rng.randrange(2) if first is None else first  # CR 6.2.1.6
    g.active = g.first
    if g.log is not None:
        g._emit("game_start", {"first": g.first, "seed": seed})
    for player in (g.first, 1 - g.first):  # CR 6.2.1.7
        for _ in range(OPENING_HAND):
            g.draw(player)
    g.step = Step.MULLIGAN
    g._run()
    return g


CINDERELLA_GIRLS = "cinderella_girls"
"""The title id of The Idolmaster Cinderella Girls (``CardRecord.title``)."""
MAGIC_ITEMS_AT_START = 5  # CR 14.3.1.2


def magic_item_record(scripts: Scripts) -> CardRecord:
    """CR 14.3.1: the Magic Item token a Cinderella Girls title deck starts with: the first
    Magic Item printing of the card library (its text is the script), under its collab name
    (CR 2.14)."""
    from engine.sve.library import tokens

    for tid, rec in sorted(tokens().items()):
        if is_magic_item(rec) and scripts.get(tid) is not None:
            return dataclasses.replace(rec, name=MAGIC_ITEM)
    return CardRecord(
        "magic_item", MAGIC_ITEM, card_class="neutral", card_type="token_spell", cost=4
    )


def _library_scripts() -> list[CardScript]:
    from engine.sve.library import scripts

    return scripts()


DEFAULT_SCRIPTS = Scripts(loader=_library_scripts)
"""The registry games use unless given another: the committed card library
(:mod:`engine.sve.library`), read on first use."""
