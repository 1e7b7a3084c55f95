"""Costs: paying them and the rules that change them (CR 10.4, 12.2)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from engine.sve.board import Zone
from engine.sve.effects.amounts import Amount
from engine.sve.effects.core import PAID_DISCARD, Rule, Static, describe, sequence_words
from engine.sve.effects.registry import element
from engine.sve.effects.selectors import TO_WORDS, all_words, filter_words, targets_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Condition, Effect, Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import CardFilter, Targets

from engine.sve.effects.selectors import magic_items, resolve_recipients
from engine.sve.effects.stats import COUNTER_PREFIX


@element
@dataclass(frozen=True, slots=True)
class NextCostDown:
    """This turn, the next card passing ``what`` you play costs ``n`` less (``このターン、次に
    自分が…をプレイする際、コストを-N する``; CR 10.4.4.1: the PP paid changes)."""

    what: CardFilter
    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Remember the reduction for the player."""
        game.players[frame.controller].discounts.append((game.turn, self.what, self.n, False))
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"this turn, the next {filter_words(self.what, 1)} you play costs {self.n} less"


@element
@dataclass(frozen=True, slots=True)
class ExTurnCostDown:
    """This turn, every card passing ``what`` you play from your EX area costs ``n`` less
    (``このターン、自分がEXエリアの…をプレイする際、コストを-Nする``; CR 10.4.4.1: the PP
    paid changes), those put there later this turn too."""

    what: CardFilter
    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Remember the reduction for the player, for the rest of the turn."""
        game.players[frame.controller].discounts.append((game.turn, self.what, self.n, True))
        return True

    def describe(self) -> str:
        """This element in English."""
        what = filter_words(self.what, 2)
        return f"this turn, {what} you play from your EX area cost {self.n} less"


@element
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

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark them (cards in any zone: a found card is in the hand or EX area)."""
        n = (Amount("played") if self.per_played else Amount(n=self.n)).value(game, frame) or 0
        for tgt in (
            frame.targets if self.to == "targets" else resolve_recipients(game, frame, self.to)
        ):
            if tgt >= 0:
                game.cost_down(tgt, (game.cards[tgt].base.cost or 0) if self.zero else n)
        return True

    def describe(self) -> str:
        """This element in English."""
        if self.zero:
            return f"this turn, {TO_WORDS[self.to]} costs 0 to play"
        less = "X (the cards you played this turn)" if self.per_played else str(self.n)
        return f"this turn, {TO_WORDS[self.to]} costs {less} less to play"


@element
@dataclass(frozen=True, slots=True)
class GainPP:
    """CR 5.15: recover ``n`` PP (up to the maximum, CR 3.2.4.2), or raise the maximum."""

    n: int
    maximum: bool = False
    """Raise the PP maximum (capped at 10, CR 3.2.4.1) instead of recovering PP."""
    per_evolved: bool = False
    """Recover as many PP as there are face-up evolved followers in your evolve deck
    ("as many as the evolved followers you have put face up in your evolve deck"; ``n``
    is ignored)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Change the PP."""
        n = self.n
        if self.per_evolved:
            cards = game.cards
            used = game.players[frame.controller].evolve_used
            n = sum(1 for u in used if cards[u].base.card_type.startswith("evolved"))
        game.gain_pp(frame.controller, n, self.maximum)
        return True

    def describe(self) -> str:
        """This element in English."""
        if self.per_evolved:
            return "recover 1 PP per face-up evolved follower in your evolve deck"
        return f"your PP maximum +{self.n}" if self.maximum else f"recover {self.n} PP"


@element
@dataclass(frozen=True, slots=True)
class PayX:
    """CR 5.2.1.2 / 10.6.2.2.3: the player chooses X as the ability is played and pays X PP
    and X ``counter`` counters taken from this card (CR 15.1.4) as its cost
    (``【コストX】…これの…カウンターX個を取る``; no counter named: PP alone, ``【コストX】``);
    X is then the ability's amount."""

    counter: str = ""

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask for X (at most the PP and the counters there are), then pay it."""
        me = frame.controller
        card = game.cards[frame.source]
        key = COUNTER_PREFIX + self.counter
        if not self.counter:
            have = game.players[me].pp
        else:
            have = 0 if card.counters is None else card.counters.get(key, 0)
        if frame.choice is None:
            most = min(game.players[me].pp, have)
            game.ask_pick(me, [str(i) for i in range(most, -1, -1)], False)
            return False
        x, frame.choice = int(frame.choice), None
        game.players[me].pp -= x
        if x and self.counter and card.counters is not None:
            card = game.writable(frame.source)
            assert card.counters is not None
            card.counters[key] = have - x
        frame.amount = x
        return True

    def describe(self) -> str:
        """This element in English."""
        if not self.counter:
            return "as a cost, choose X and pay X PP"
        return f"as a cost, choose X, pay X PP and take X {self.counter} counters from this"


_BANISHING = 10
"""The step of :class:`PayCost` from which graveyard cards are banished (plus the count)."""


_ENGAGING = 50
"""The step of :class:`PayCost` from which field cards are engaged (plus the count)."""


_ENGAGING_ANY = 1000
"""The step of :class:`PayCost` in which any number of field cards are engaged."""


@element
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
    """Where the ``banish`` cards are: ``grave``, ``ex`` (``EXエリアの『…』N枚を消滅``) or
    ``hand`` (``手札1枚を消滅``)."""
    banish_to_grave: bool = False
    """The ``banish`` cards of the EX area go to the graveyard instead of being banished
    (``EXエリアの八獄・カード2枚を墓場に置く``)."""
    lesson: int = 0
    """Lesson N (``【レッスン_N】``, CR 14.3.2.1): banish N Magic Items from your EX area."""
    take_from: Targets | None = None
    """Remove ``take_n`` counters named ``take`` from one field card this allows
    ("remove N counters from one <name> on the field")."""
    take: str = ""
    take_n: int = 0
    take_self: bool = False
    """The ``take_n`` counters named ``take`` are removed from this card (``これの…カウンター
    N個を取る``, CR 15.1.4); with ``take_from`` too, this card is the only one it allows."""
    engage_any: Targets | None = None
    """Engage any number of your standing field cards this allows (CR 10.4.6); how many is
    the ability's amount (``AMOUNT``)."""

    def _engageable_any(self, game: Game, controller: int, source: int) -> list[int]:
        what = self.engage_any
        assert what is not None
        cards = game.cards
        found = game.candidates(what, controller, source, counting=True)
        return [u for u in found if not cards[u].engaged and u != source]

    engage_min_total: int = 0
    """With ``engage_any``: the engaged cards' original costs (CR 5.24) must add up to at
    least this (``場のフォロワーを元のコストの合計がN以上になるように好きな枚数【アクト】``);
    the ability's amount is then that sum, not the number of cards."""
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

    def _takeable(self, game: Game, controller: int, source: int = -1) -> list[int]:
        what = self.take_from
        assert what is not None
        key = COUNTER_PREFIX + self.take
        cards = game.cards
        out = []
        for u in game.candidates(what, controller, source, counting=True):
            if self.take_self and u != source:
                continue
            counters = cards[u].counters
            if counters is not None and counters.get(key, 0) >= self.take_n:
                out.append(u)
        return out

    engage: Targets | None = None
    """Engage ``engage_n`` standing cards of your field that this allows (``場の『…』1つを
    【アクト】``, CR 5.4)."""
    engage_n: int = 1

    def _engageable(self, game: Game, controller: int, source: int) -> list[int]:
        what = self.engage
        assert what is not None
        cards = game.cards
        found = game.candidates(what, controller, source, counting=True)
        return [u for u in found if u >= 0 and not cards[u].engaged]

    def available(self, game: Game, controller: int, source: int = -1) -> bool:
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
        if self.take_self and self.take_from is None:
            counters = game.cards[source].counters if source >= 0 else None
            if counters is None or counters.get(COUNTER_PREFIX + self.take, 0) < self.take_n:
                return False
        if self.engage_min_total:
            able = self._engageable_any(game, controller, source)
            if sum(cards[u].base.cost or 0 for u in able) < self.engage_min_total:
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

    def _banish_zone(self, game: Game, controller: int) -> list[int]:
        p = game.players[controller]
        return {"ex": p.ex, "hand": p.hand}.get(self.banish_from, p.grave)

    def _banishable(self, game: Game, controller: int, source: int = -1) -> list[int]:
        what = self.banish
        assert what is not None
        cards = game.cards
        grave = sorted(self._banish_zone(game, controller))
        return [u for u in grave if u != source and what.matches(cards[u].base)]

    def _discardable(self, game: Game, controller: int, source: int = -1) -> list[int]:
        what = self.discard
        assert what is not None
        cards = game.cards
        hand = sorted(game.players[controller].hand)
        return [u for u in hand if u != source and what.matches(cards[u].base)]

    def run(self, game: Game, frame: Frame) -> bool:
        """Offer to pay (``pay`` or ``done``), take the card to pay with, then run the effects."""
        me = frame.controller
        if frame.sub >= _ENGAGING_ANY:  # engaging any number of cards, one at a time
            word, frame.choice = frame.choice, None
            if word is not None and word != "done":
                game.set_engaged(int(word), True)
                total = self.engage_min_total
                frame.amount += (game.cards[int(word)].base.cost or 0) if total else 1
            options = [str(u) for u in self._engageable_any(game, me, frame.source)]
            short = frame.amount < self.engage_min_total
            if word != "done" and options:
                game.ask_pick(me, options, not short)
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
            if self.take_self and self.take_from is None:
                game.add_counter(frame.source, COUNTER_PREFIX + self.take, -self.take_n)
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
            if self.banish_to_grave:
                game.ex_to_grave(int(frame.choice))
            else:
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
                game.ask_pick(me, options, not self.engage_min_total)
                return False
        frame.sub = 0
        if self.effects:
            game.push_frame(self.effects, frame)
        return True

    def describe(self) -> str:
        """This element in English."""
        cost = self.pay_words()
        if self.otherwise:
            return (
                f"you may {cost}; if you do: {sequence_words(self.effects)}; "
                f"if you do not: {sequence_words(self.otherwise)}"
            )
        if not self.optional:
            tail = f": {sequence_words(self.effects)}" if self.effects else ""
            return f"as a cost, {cost}{tail}"
        return f"you may {cost}; if you do: {sequence_words(self.effects)}"

    def pay_words(self) -> str:
        """What paying this takes, in English (``pay 2 PP and discard 1 card``)."""
        parts = ["engage this"] if self.engage_self else []
        if self.pp:
            parts.append(f"pay {self.pp} PP")
        if self.leader:
            parts.append(f"your leader loses {self.leader} defense")
        if self.discard is not None:
            verb = (
                "put {} {} from your hand into your EX area"
                if self.discard_to_ex
                else "discard {} {}"
            )
            parts.append(verb.format(self.discard_n, filter_words(self.discard, self.discard_n)))
        if self.engage is not None:
            parts.append(f"engage {targets_words(self.engage, self.engage_n)}")
        if self.sacrifice is not None:
            verb = "banish {}" if self.banish_field else "put {} into the graveyard"
            if self.sacrifice_to_ex:
                verb = "put {} into your EX area"
            if self.sacrifice_to_hand:
                verb = "return {} to the hand"
            parts.append(verb.format(targets_words(self.sacrifice, self.sacrifice_n)))
        if self.reveal is not None:
            parts.append(
                f"reveal {self.reveal_n} {filter_words(self.reveal, self.reveal_n)} from your hand"
            )
        if self.banish is not None:
            words = filter_words(self.banish, self.banish_n)
            where = {"ex": "EX area", "hand": "hand"}.get(self.banish_from, "graveyard")
            if self.banish_to_grave:
                parts.append(f"put {self.banish_n} {words} from your EX area into the graveyard")
            else:
                parts.append(f"banish {self.banish_n} {words} from your {where}")
        if self.lesson:
            parts.append(
                f"Lesson {self.lesson} (banish {self.lesson} Magic Items from your EX area)"
            )
        if self.engage_any is not None and self.engage_min_total:
            parts.append(
                f"engage any number of {all_words(self.engage_any)[4:]} with original costs"
                f" totalling {self.engage_min_total} or more"
            )
        elif self.engage_any is not None:
            parts.append(f"engage any number of {all_words(self.engage_any)[4:]} (X)")
        if self.take_from is not None:
            what = "this" if self.take_self else targets_words(self.take_from)
            parts.append(f"remove {self.take_n} '{self.take}' counters from {what}")
        elif self.take_self:
            parts.append(f"remove {self.take_n} '{self.take}' counters from this")
        return " and ".join(parts)


@element
@dataclass(frozen=True, slots=True)
class ExCostDown:
    """This card, while in the EX area, costs ``n`` less to play (``EXエリアのこれは「これを
    プレイする際、コストを-Nする」を持つ``; CR 10.4.4.1). It ends when the card leaves the EX
    area. Not a :class:`PlayCostIf` with ``ex_only``: that is the card's own rule wherever it
    came from, this is given by the ability that runs it (a Last Words with a cost)."""

    n: int

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark this card if it is in the EX area."""
        card = game.cards[frame.source] if frame.source >= 0 else None
        if card is not None and frame.source in game.players[card.owner].ex:
            game.add_counter(frame.source, EX_LESS, self.n)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"this in your EX area costs {self.n} less to play"


EX_LESS = "ex_cost_less"
"""The counter of :class:`ExCostDown` (PP less to play this card from the EX area)."""


@element
@dataclass(frozen=True, slots=True)
class PlayCostX(Static):
    """A ``STATIC`` ability of a card being played: it costs ``n`` PP less while the
    ability's condition holds (``これをプレイする際、…なら、コストを-Nする``; CR 10.4.4.1),
    or X less, X counted when it is played: the face-up evolved cards of your evolve deck
    passing ``per_evolved`` (CR 4.6.3), your field cards ``per_field`` allows, or the cards
    of your banish zone (``per_banished``). Not below 0."""

    n: int = 0
    per_evolved: CardFilter | None = None
    per_field: Targets | None = None
    per_banished: bool = False
    per_ex: CardFilter | None = None
    """X is the cards of your EX area passing this (``自分のEXエリアの妖精・カードの枚数``)."""
    per_turn: bool = False
    """X is the number of your turns so far, this one included (``自分のターン数``)."""

    def x(self) -> Amount:
        """How much less, as an :class:`Amount`."""
        if self.per_evolved is not None:
            return Amount("evolved", what=self.per_evolved)
        if self.per_field is not None:
            return Amount("field", per=self.per_field)
        if self.per_banished:
            return Amount("banish")
        if self.per_ex is not None:
            return Amount("ex", what=self.per_ex)
        if self.per_turn:
            return Amount("turns")
        return Amount(n=self.n)

    def amount(self, game: Game, controller: int, source: int) -> int:
        """How much less the card costs now."""
        return self.x().count(game, controller, source) or 0

    rule: ClassVar[Rule] = Rule.OWN_PLAY_COST

    def change(self, game: Game, uid: int, value: int) -> int:
        """The card's play cost ``value`` (card ``uid``) less ``n`` or X."""
        card = game.cards[uid]
        return max(0, value - self.amount(game, card.owner, card.uid))

    def describe(self) -> str:
        """This element in English."""
        x = f"{self.n}"
        if self.per_evolved is not None:
            words = filter_words(self.per_evolved, 2)
            x = f"X (the face-up evolved {words} in your evolve deck)"
        elif self.per_field is not None:
            x = f"X (the number of {all_words(self.per_field)[4:]})"
        elif self.per_banished:
            x = "X (the cards in your banish zone)"
        elif self.per_ex is not None or self.per_turn:
            x = f"X ({self.x().describe()})"
        return f"this costs {x} less to play"


@element
@dataclass(frozen=True, slots=True)
class PlayFromGrave(Static):
    """A ``STATIC`` ability of a card in the graveyard: while its condition holds, the card
    may be played from the graveyard as from the hand (``これは墓場からプレイできる``; CR 8.2
    with the zone the card names)."""

    rule: ClassVar[Rule] = Rule.GRAVE_PLAY

    def describe(self) -> str:
        """This element in English."""
        return "this may be played from your graveyard"


@element
@dataclass(frozen=True, slots=True)
class PlayCostDown(Static):
    """A continuous effect of a ``STATIC`` ability: while this card is on the field, cards
    passing ``what`` you play (only from the EX area with ``from_ex``) cost ``n`` less
    (``これが場にいる限り、自分がEXエリアの…をプレイする際、コストを-N する``; CR 10.4.4.1)."""

    what: CardFilter
    n: int
    from_ex: bool = False

    rule: ClassVar[Rule] = Rule.PLAY_COST

    def change(self, game: Game, uid: int, value: int) -> int:
        """The play cost ``value`` of card ``uid`` less ``n`` if this applies to it."""
        card = game.cards[uid]
        if (not self.from_ex or card.zone is Zone.EX) and self.what.matches(card.base):
            return max(0, value - self.n)
        return value

    def describe(self) -> str:
        """This element in English."""
        where = " from your EX area" if self.from_ex else ""
        return f"{filter_words(self.what, 2)} you play{where} cost {self.n} less"


@element
@dataclass(frozen=True, slots=True)
class ExtraCost(Static):
    """A ``STATIC`` ability of a card played from the hand: ``これをプレイする際、コストを+N
    してよい`` (CR 10.4.7.2, 10.6.2.2): the player may pay ``n`` more PP when playing it."""

    n: int

    rule: ClassVar[Rule] = Rule.EXTRA_COST

    def on_play(self) -> Effect:
        """CR 10.4.7.2: the ``n`` PP offered as the card is played (paying marks it)."""
        return PayCost((_MARK_PAID,), pp=self.n)

    def describe(self) -> str:
        """This element in English."""
        return f"you may pay {self.n} more PP to play this"


@element
@dataclass(frozen=True, slots=True)
class PlayCostIf(Static):
    """A ``STATIC`` ability of a card being played: it costs ``n`` less while ``condition``
    holds as it is played (CR 10.6.2.5.1.3; CR 10.4.4.1: the PP paid changes, not the
    card's cost); with ``ex_only``, only when it is played from the EX area."""

    n: int
    condition: Condition
    ex_only: bool = False
    instead: tuple[PlayCostIf, ...] = ()
    """Larger reductions ``代わりに-Nする`` (``ex_only`` unused), each under its own
    condition: of those whose condition holds, the last one's ``n`` is taken instead."""

    rule: ClassVar[Rule] = Rule.OWN_PLAY_COST

    def change(self, game: Game, uid: int, value: int) -> int:
        """The card's play cost ``value`` less ``n`` while the condition holds (less the
        last holding ``instead`` reduction's ``n`` instead)."""
        card = game.cards[uid]
        if self.ex_only and card.zone is not Zone.EX:
            return value
        n = self.n if self.condition.holds(game, card.owner, uid) else 0
        for more in self.instead:
            if more.condition.holds(game, card.owner, uid):
                n = more.n
        return max(0, value - n)

    def describe(self) -> str:
        """This element in English."""
        where = " from the EX area" if self.ex_only else ""
        out = f"if {describe(self.condition)} as you play this{where}, it costs {self.n} less"
        for more in self.instead:
            out += f"; if {describe(more.condition)}, {more.n} less instead"
        return out


@element
@dataclass(frozen=True, slots=True)
class AdditionalCost(Static):
    """A ``STATIC`` ability of a card played from the hand: playing it also costs ``cost``
    (``これをプレイする際、追加コストとして…``; CR 10.4.7.2, 10.6.2.5): it cannot be played
    unless the cost can be paid, and the cost is paid as it is played."""

    cost: PayCost

    rule: ClassVar[Rule] = Rule.ADDITIONAL_COST

    def change(self, game: Game, uid: int, value: int) -> int:
        """The PP needed to play card ``uid`` for ``value``, with this cost's PP."""
        return value + self.cost.pp

    def usable(self, game: Game, player: int, uid: int) -> bool:
        """Whether the rest of the cost can be paid now (CR 10.4.2.2)."""
        return self.cost.available(game, player, uid)

    def on_play(self) -> Effect:
        """CR 10.6.2.5: the cost, paid as the card is played."""
        return replace(self.cost, optional=False, effects=())

    def describe(self) -> str:
        """This element in English."""
        return f"to play this, also {self.cost.describe().removeprefix('as a cost, ')}"


@element
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

    def payable(self, game: Game, controller: int, source: int) -> list[int]:
        """The field cards that may pay this cost now (fewer than ``count``: not payable)."""
        cands = game.candidates(self.what, controller, source, counting=True)
        if self.engage:
            cards = game.cards
            cands = [u for u in cands if not cards[u].engaged]
        return cands

    def describe(self) -> str:
        """This element in English."""
        verb = "engage" if self.engage else "put into the graveyard"
        what = targets_words(self.what, self.count)
        return (
            f"as you play this, you may {verb} {what} as a cost; if you do, it costs {self.n} less"
        )


@element
@dataclass(frozen=True, slots=True)
class DiscountFor(Static):
    """A ``STATIC`` ability of a card played from the hand: as it is played, you may pay
    ``cost`` to pay ``n`` PP less (``これをプレイする際、手札の…1枚を捨てる：コストを-Nする``;
    CR 10.4.7). The play pays the lower cost; :class:`DiscountChoice` then asks."""

    cost: PayCost
    n: int
    becomes: int = -1
    """The play cost becomes this instead, when not -1 (``コストを0にする``, ``1にする``;
    never more than it was)."""

    rule: ClassVar[Rule] = Rule.DISCOUNT

    def change(self, game: Game, uid: int, value: int) -> int:
        """The play cost ``value`` with the discount taken off (not below 0)."""
        if self.becomes >= 0:
            return min(value, self.becomes)
        return max(0, value - self.n)

    def usable(self, game: Game, player: int, uid: int) -> bool:
        """Whether the discount's cost can be paid now (CR 10.4.2.2)."""
        return self.cost.available(game, player, uid)

    def on_play(self) -> Effect:
        """The choice between paying the discount's cost and the PP it saved."""
        return DiscountChoice(replace(self.cost, optional=False, effects=()))

    def describe(self) -> str:
        """This element in English."""
        paid = self.cost.describe().removeprefix("as a cost, ")
        if self.becomes >= 0:
            return f"as this is played, you may {paid} to pay {self.becomes} PP for it"
        return f"as this is played, you may {paid} to pay {self.n} PP less"


@element
@dataclass(frozen=True, slots=True)
class DiscountChoice:
    """Part of playing a card with :class:`DiscountFor`: the card was paid for ``amount``
    PP less; pay ``cost`` now, or pay the ``amount`` PP after all (the only way when there
    is not enough PP left)."""

    cost: PayCost

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        paid = self.cost.describe().removeprefix("as a cost, ")
        return f"{paid}, or pay the PP saved after all"


@element
@dataclass(frozen=True, slots=True)
class CannotPlay(Static):
    """A ``STATIC`` ability of a card in the hand or EX area: it cannot be played while the
    ability's condition holds (``これは…なら、プレイできない``; CR 8.2)."""

    rule: ClassVar[Rule] = Rule.CANNOT_PLAY

    def describe(self) -> str:
        """This element in English."""
        return "this cannot be played"


@element
@dataclass(frozen=True, slots=True)
class MarkPaid:
    """Remember on this card that its extra play cost was paid (for :class:`PaidExtra`)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark the card."""
        game.add_counter(frame.source, "paid_extra")
        return True

    def describe(self) -> str:
        """This element in English."""
        return "the extra cost was paid"


_MARK_PAID = MarkPaid()


@element
@dataclass(frozen=True, slots=True)
class SpellTax(Static):
    """A ``STATIC`` ability on the field: your opponent's spells cost ``n`` more to play
    (``相手がスペルをプレイする際、コストを+N する``, CR 10.2.1.3.3)."""

    n: int

    rule: ClassVar[Rule] = Rule.SPELL_TAX

    def change(self, game: Game, uid: int, value: int) -> int:
        """An opponent's spell cost ``value`` raised by ``n``."""
        return value + self.n

    def describe(self) -> str:
        """This element in English."""
        return f"your opponent's spells cost {self.n} more to play"


OWN_PLAY_COSTS = (PlayCostIf, PlayCostFor, PlayCostX, DiscountFor)
"""The ``STATIC`` effects by which a card changes its own play cost."""
