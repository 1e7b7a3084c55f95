"""Moving cards between zones: graveyard, hand, EX area, field, banishment (CR 4, 10.11)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.sve.effects.core import PAID_DISCARD
from engine.sve.effects.registry import element
from engine.sve.effects.selectors import TO_WORDS, filter_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import CardFilter

from engine.sve.effects.selectors import player_of, resolve_recipients


@element
@dataclass(frozen=True, slots=True)
class ToGrave:
    """Put this card (``to``: the chosen cards) from the field into its owner's graveyard
    (not destroyed, CR 5.6; Last Words go off, CR 12.5)."""

    to: str = "self"

    def run(self, game: Game, frame: Frame) -> bool:
        """Move them."""
        for uid in resolve_recipients(game, frame, self.to):
            if uid >= 0:
                game.destroy_as_cost(uid)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"put {TO_WORDS[self.to]} into the graveyard"


@element
@dataclass(frozen=True, slots=True)
class ToGraveAll:
    """Put all your field cards whose printed card passes ``what`` (original cost, CR 5.24)
    into the graveyard at once (not destroyed; Last Words go off, CR 12.5); they become
    "it" (``自分の場の…すべてを墓場に置く``)."""

    what: CardFilter

    def run(self, game: Game, frame: Frame) -> bool:
        """Move them."""
        cards = game.cards
        match = self.what.matches
        got = [u for u in sorted(game.players[frame.controller].field) if match(cards[u].base)]
        for uid in got:
            game.destroy_as_cost(uid)
        frame.targets = got
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"put all your {filter_words(self.what, 2)} on your field into the graveyard"


@element
@dataclass(frozen=True, slots=True)
class SelfToEx:
    """You may put this card from the graveyard into your EX area (``これをEXエリアに置いて
    よい``; without ``optional``, it is put there). Moved, it becomes "it" (for
    ``そうしたなら``)."""

    optional: bool = True

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        return f"{'you may ' if self.optional else ''}put this into your EX area"


@element
@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return the chosen field cards to their owners' hands (a token vanishes, CR 9.1.4.3)."""

    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Return them (``self`` of a resolving spell: the spell goes to the hand instead
        of the graveyard)."""
        if self.to == "self" and frame.source >= 0 and not game.target_exists(frame.source):
            game.return_to_hand(frame.source)
            return True
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.return_to_hand(tgt)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"return {TO_WORDS[self.to]} to its owner's hand"


@element
@dataclass(frozen=True, slots=True)
class PutInEx:
    """CR 4.8: put the chosen field cards into their owners' EX areas (``self``: this card
    from the field, or from the graveyard in its Last Words, or a resolving spell)."""

    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Move them."""
        if self.to == "self" and frame.source >= 0 and not game.target_exists(frame.source):
            game.self_to_ex(frame.source)
            return True
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.field_to_ex(tgt)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"put {TO_WORDS[self.to]} into its owner's EX area"


@element
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
    you_choose: bool = False
    """The opponent reveals the hand and this ability's controller chooses the card
    (``相手プレイヤー1人は手札を公開する。自分はその中から1枚を選ぶ。相手はそれを捨てる``)."""
    whole: bool = False
    """Every card of the hand is discarded (``自分の手札すべてを捨てる``; ``n`` is ignored)."""
    may: bool = False
    """You may discard (``自分の手札N枚を捨ててよい``): ``done`` declines."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask the discarding player which card, ``n`` times (fewer if the hand runs out).
        With ``may`` the cards discarded become "it" (``捨てたなら``: you did); the last card
        you discard is remembered on this card, as a discard paid as a cost is
        (``フォロワーを捨てたなら``: :class:`DiscardedIs`)."""
        player = player_of(game, frame, self.who)
        hand = game.players[player].hand
        mine = self.who == "you" and not self.banish and frame.source >= 0
        if frame.sub == 0 and frame.choice is None:
            if self.may:
                frame.targets = []
            if mine:
                _remember_discard(game, frame.source, -1)
        if self.random:
            for _ in range(self.n):
                if hand:
                    game.discard_card(player, game.rng.choice(sorted(hand)))
            return True
        if self.whole:
            for uid in sorted(hand):
                game.discard_card(player, uid, frame.source)
            return True
        if frame.choice is not None:
            word, frame.choice = frame.choice, None
            if word == "done":
                frame.sub = 0
                return True
            uid = int(word)
            if self.banish:
                game.banish(uid)
            else:
                game.discard_card(player, uid, frame.source)
                if mine:
                    _remember_discard(game, frame.source, uid)
            if self.may:
                frame.targets.append(uid)
            frame.sub += 1
        if frame.sub >= self.n or not hand:
            frame.sub = 0
            return True
        chooser = frame.controller if self.you_choose else player
        game.ask_pick(chooser, [str(u) for u in sorted(hand)], self.may)
        return False

    def describe(self) -> str:
        """This element in English."""
        if self.whole:
            return "discard your hand"
        if self.may:
            return f"you may discard {self.n} card{'s' if self.n != 1 else ''}"
        if self.banish:
            return f"banish {self.n} card{'s' if self.n != 1 else ''} of your choice from your hand"
        if self.you_choose:
            return (
                f"your opponent reveals their hand and discards {self.n} "
                f"card{'s' if self.n != 1 else ''} you choose"
            )
        who = "" if self.who == "you" else "your opponent "
        how = " at random" if self.random else ""
        return f"{who}discard {self.n} card{'s' if self.n != 1 else ''}{how}"


def _remember_discard(game: Game, source: int, uid: int) -> None:
    """Keep on ``source`` the card its ability discarded last (-1: none yet)."""
    card = game.writable(source)
    if card.counters is None:
        card.counters = {}
    card.counters[PAID_DISCARD] = uid


@element
@dataclass(frozen=True, slots=True)
class DiscardAny:
    """CR 5.12: you discard any number of cards of your choice from your hand (one at a
    time, ``done`` to stop); the discarded cards become "it"."""

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        return "discard any number of cards"


@element
@dataclass(frozen=True, slots=True)
class HandToDeck:
    """Put one card of your choice from your hand on the top or the bottom of your deck,
    as you choose (``bottom``: on the bottom, ``自分の手札1枚をデッキの下に置く``)."""

    bottom: bool = False

    def run(self, game: Game, frame: Frame) -> bool:
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
        if frame.sub == 1 and self.bottom:
            frame.sub = 0
            game.hand_to_deck(int(word or 0), False)
            return True
        if frame.sub == 1:
            frame.sub = 2 + int(word or 0)
            game.ask_pick(me, ["top", "bottom"], False)
            return False
        uid, frame.sub = frame.sub - 2, 0
        game.hand_to_deck(uid, word == "top")
        return True

    def describe(self) -> str:
        """This element in English."""
        if self.bottom:
            return "put 1 card from your hand on the bottom of your deck"
        return "put 1 card from your hand on the top or the bottom of your deck"


@element
@dataclass(frozen=True, slots=True)
class Steal:
    """Take control of the chosen enemy followers (``それを奪う``; they leave for their
    owner's zones when they leave the field), standing them with ``stand``."""

    stand: bool = False

    def run(self, game: Game, frame: Frame) -> bool:
        """Move each chosen card still on the field to your field."""
        for uid in frame.targets:
            if not (uid >= 0 and game.target_exists(uid)):
                continue
            if game.take_control(uid, frame.controller) and self.stand:
                game.set_engaged(uid, False)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "take control of it" + (" and stand it" if self.stand else "")


@element
@dataclass(frozen=True, slots=True)
class PlayFromOpponentGrave:
    """Choose a card in your opponent's graveyard and play it with its cost set to ``cost``
    (CR 10.4.4.1); a card that cannot be played now is left there (CR 10.6.2.3.3)."""

    cost: int = 0

    def available(self, game: Game, controller: int, source: int = -1) -> bool:
        """A card must be there to be chosen (CR 10.6.2.3.3)."""
        return bool(game.players[1 - controller].grave)

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        return f"choose a card in your opponent's graveyard; play it with its cost {self.cost}"


@element
@dataclass(frozen=True, slots=True)
class SelfToBottom:
    """Put this card from the field on the bottom of its owner's deck (``これをデッキの下に
    置く``; it leaves the field, CR 10.7.1; a token vanishes, CR 9.1.4.3)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Move it if it is still on the field."""
        if frame.source >= 0 and game.target_exists(frame.source):
            game.field_to_bottom(frame.source)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "put this on the bottom of your deck"


@element
@dataclass(frozen=True, slots=True)
class SelfToField:
    """Put this card from your graveyard onto your field (``自分の墓場のこれを場に出す``)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Move it if it is still in the graveyard and the field has room."""
        me = frame.controller
        if frame.source in game.players[me].grave and game.field_has_room(me):
            game.move_found(frame.source, "field", me)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "put this from your graveyard onto your field"


@element
@dataclass(frozen=True, slots=True)
class SelfExToField:
    """Put this card from your EX area onto your field, engaged if ``engaged``
    (``自分のEXエリアのこれを(アクト状態で)場に出す``; not played); with ``may`` the player
    chooses whether to. Once moved it is "it" (so "if you did" can follow)."""

    engaged: bool = False
    may: bool = False

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        may = "you may " if self.may else ""
        return (
            f"{may}put this from your EX area onto your field{' engaged' if self.engaged else ''}"
        )


@element
@dataclass(frozen=True, slots=True)
class ExileLater:
    """This card gets "Last Words: banish this" (a granted Last Words ability)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark the card on the field."""
        if frame.source >= 0 and game.target_exists(frame.source):
            game.add_counter(frame.source, "exile_later")
        return True

    def describe(self) -> str:
        """This element in English."""
        return "this gets 'Last Words: banish this'"


@element
@dataclass(frozen=True, slots=True)
class ExileSelf:
    """Banish this card from the graveyard (the given Last Words of :class:`ExileLater`)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Banish it if it is in the graveyard."""
        if frame.source in game.players[game.cards[frame.source].owner].grave:
            game.banish(frame.source)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "banish this"


EX_TO_GRAVE_MARK = "ex_to_grave"
"""The counter that marks a card given :class:`GiveExToGrave`'s ability."""


@element
@dataclass(frozen=True, slots=True)
class GiveExToGrave:
    """The chosen cards in the EX area get "when your end phase comes, put this from your
    EX area into the graveyard" (an ability given to them while they stay there)."""

    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark the chosen cards still in the EX area."""
        ex = game.players[frame.controller].ex
        for tgt in frame.targets if self.to == "targets" else ():
            if tgt in ex:
                game.add_counter(tgt, EX_TO_GRAVE_MARK)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "it gets 'when your end phase comes, put this from your EX area into the graveyard'"


@element
@dataclass(frozen=True, slots=True)
class ExToGraveSelf:
    """Put this card from your EX area into the graveyard (the given ability of
    :class:`GiveExToGrave`)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Move it if it is still in the EX area."""
        game.ex_to_grave(frame.source)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "put this from your EX area into the graveyard"


@element
@dataclass(frozen=True, slots=True)
class TopToEx:
    """Put the top ``n`` cards of your deck into your EX area (CR 4.8); the ones that fit
    (CR 4.8.3.2) become "it"."""

    n: int = 1

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        return (
            f"put the top {self.n} card{'s' if self.n != 1 else ''} of your deck into your EX area"
        )


@element
@dataclass(frozen=True, slots=True)
class SacrificeFollower:
    """``who`` chooses one follower on their own field and puts it into their graveyard (not
    destroyed; Last Words go off, CR 12.5; "each opponent puts a follower of their
    field into the graveyard"). Nothing happens without a follower there."""

    who: str = "opponent"

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask that player which follower, then move it."""
        player = player_of(game, frame, self.who)
        if frame.choice is not None:
            uid, frame.choice = int(frame.choice), None
            game.destroy_as_cost(uid)
            return True
        followers = game.followers_of(player)
        if not followers:
            return True
        game.ask_pick(player, [str(u) for u in sorted(followers)], False)
        return False

    def describe(self) -> str:
        """This element in English."""
        if self.who == "opponent":
            return "your opponent puts 1 follower of their field into the graveyard"
        return "you put 1 follower of your field into the graveyard"
