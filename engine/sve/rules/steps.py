"""The engine's own steps of resolution and the rules' lookup tables.

Steps the state pushes as frames like any effect (a played card entering the field, a spell
going to the graveyard, a Ward follower entering engaged, costs chosen while playing or
evolving), a card's play rules found once per record, and the words and tables the parts of
the state share.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from engine.cards import CardRecord
from engine.sve.board import ZONE_LISTS, Zone
from engine.sve.effects.conditions import ORIGINS
from engine.sve.effects.core import Ability, Frame, Rule, Static, Trigger, changes
from engine.sve.effects.costs import (
    PayCost,
    PlayCostFor,
)
from engine.sve.effects.game import Game
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.search import FromGrave
from engine.sve.effects.selectors import (
    Select,
)
from engine.sve.effects.zones import ExileSelf, ExToGraveSelf
from engine.sve.rules.ward import ask_enter_engaged, may_enter_engaged

if TYPE_CHECKING:
    from engine.sve.state import State


_ORIGIN_WORD = {Zone.GRAVE: "grave", Zone.HAND: "hand_effect", Zone.EX: "ex_effect"}
"""Where a card put onto the field by an effect came from (its ``origin`` counter)."""


_PLAYED_FROM = {Zone.EX: "ex", Zone.GRAVE: "grave"}
"""Where a card is played from, other than the hand (its ``origin``; the graveyard by
``PlayFromGrave``)."""


_PLAYED_ORIGIN = {ORIGINS[word]: word for word in _PLAYED_FROM.values()}
"""The ``origin`` of a played card from the number its entering step carries."""


_ZONE_WORD = {**ZONE_LISTS, Zone.ERASED: "erased"}  # the log says a zone by its list's name


@dataclass(frozen=True, slots=True)
class _EnterFromResolution:
    """CR 10.6.2.8.1: the played follower/amulet goes to the field (Ward may enter engaged)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask about entering engaged if it has Ward, then put it onto the field."""
        state = cast("State", game)
        card = state.cards[frame.source]
        if card.zone is not Zone.RESOLVING:
            return True
        if may_enter_engaged(card) and frame.choice is None:
            ask_enter_engaged(state, frame.controller)
            return False
        card = state.writable(frame.source)
        state.enter_field(card, frame.controller, frame.choice == "engage", asked=True)
        state.set_origin(card, _PLAYED_ORIGIN.get(frame.amount, "hand"))
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
        state = cast("State", game)
        card = state.cards[frame.source]
        if card.zone is not Zone.FIELD or card.gen != self.gen or card.engaged:
            return True
        if frame.choice is None:
            ask_enter_engaged(state, frame.controller)
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
        state = cast("State", game)
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
        state = cast("State", game)
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
        state = cast("State", game)
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
        state = cast("State", game)
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
        state = cast("State", game)
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
        state = cast("State", game)
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
        self.cannot = tuple(
            a for a in statics if any(changes(e, Rule.CANNOT_PLAY) for e in a.effects)
        )
        self.additional: tuple[Static, ...] = tuple(
            e for a in statics for e in a.effects if changes(e, Rule.ADDITIONAL_COST)
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


_EXILE_LATER = Ability(Trigger.LAST_WORDS, (ExileSelf(),), name="given last words")


_EX_TO_GRAVE_AT_END = Ability(Trigger.END_PHASE, (ExToGraveSelf(),), name="given end phase")


_ENTER = (_EnterFromResolution(),)


_TO_GRAVE = (_SpellToGrave(),)


_LISTED = frozenset((Zone.HAND, Zone.EX, Zone.FIELD, Zone.GRAVE, Zone.DECK, Zone.BANISH))
"""The zones a card leaves by being taken out of its player's list of that zone."""


_ARRIVALS = frozenset((Zone.GRAVE, Zone.BANISH, Zone.HAND, Zone.EX))
"""The zones a card (not put onto the field) arrives in at the end of the list."""


_INTIMIDATE = "follower {tgt} has Intimidate and cannot be attacked (CR 12.12)"


_STANDING = "follower {tgt} is standing; only engaged followers can be attacked (8.4.3.1)"


_NOT_LEADER = "follower {uid} cannot attack the leader this turn (CR 8.4.3.1, 12.10)"


_WARD_FIRST = "an engaged Ward follower must be attacked first (CR 12.8.2)"
