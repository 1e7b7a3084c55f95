"""The deck: draw, mill, reveal, arrange, shuffle (CR 5.4, 5.8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.sve.effects.registry import element
from engine.sve.effects.selectors import filter_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import CardFilter

from engine.sve.effects.selectors import player_of


@element
@dataclass(frozen=True, slots=True)
class Draw:
    """CR 5.10: ``who`` (``you``/``opponent``) draws ``n`` cards."""

    n: int = 1
    who: str = "you"
    plus_it: bool = False
    """Draw ``n`` more for each card of "it" (X being the cards discarded by it, plus 1)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Draw."""
        player = player_of(game, frame, self.who)
        n = self.n + (len(frame.targets) if self.plus_it else 0)
        for _ in range(n):
            game.draw(player)
        return True

    def describe(self) -> str:
        """This element in English."""
        who = "" if self.who == "you" else "your opponent "
        if self.plus_it:
            return f"{who}draw {self.n} card{'s' if self.n != 1 else ''} plus 1 per card of it"
        return f"{who}draw {self.n} card{'s' if self.n != 1 else ''}"


@element
@dataclass(frozen=True, slots=True)
class RevealTop:
    """Reveal the top card of your deck; if it passes ``what``, put it into your hand, else
    it stays on top (``自分のデッキの上1枚を公開する。『…』を公開したなら、公開したカードを
    手札に加える``)."""

    what: CardFilter

    def run(self, game: Game, frame: Frame) -> bool:
        """Look at the top card and take it when it matches."""
        deck = game.players[frame.controller].deck
        if deck and self.what.matches(game.cards[deck[-1]].base):
            game.move_found(deck[-1], "hand", frame.controller)
        return True

    def describe(self) -> str:
        """This element in English."""
        what = filter_words(self.what, 1)
        return f"reveal the top card of your deck; if it is {what}, put it into your hand"


@element
@dataclass(frozen=True, slots=True)
class Mill:
    """Put the top ``n`` cards of ``who``'s deck into the graveyard (``banish``: banish them
    instead, ``デッキの上N枚を消滅させる``, CR 5.7); with ``may`` you choose whether to
    (``…墓場に置いてよい``) without looking at them, and the cards moved become "it"."""

    n: int
    who: str = "you"
    it: bool = False
    """The cards put into the graveyard become "it" ("the cards put into the graveyard")."""
    banish: bool = False
    may: bool = False

    def run(self, game: Game, frame: Frame) -> bool:
        """Mill (or banish), once the player has said yes when it is optional."""
        player = player_of(game, frame, self.who)
        deck = game.players[player].deck
        if self.may:
            if frame.sub == 0:
                frame.targets = []
                if not deck:
                    return True
                frame.sub = 1
                game.ask_pick(frame.controller, ["yes"], True)
                return False
            word, frame.choice, frame.sub = frame.choice, None, 0
            if word == "done":
                return True
        top = deck[len(deck) - min(self.n, len(deck)) :][::-1]
        if self.it or self.may:
            frame.targets = list(top)
        if self.banish:
            for uid in top:
                game.banish(uid)
        else:
            game.mill(player, self.n)
        return True

    def describe(self) -> str:
        """This element in English."""
        whose = "your" if self.who == "you" else "your opponent's"
        cards = f"card{'s' if self.n != 1 else ''}"
        may = "you may " if self.may else ""
        if self.banish:
            return f"{may}banish the top {self.n} {cards} of {whose} deck"
        return f"{may}put the top {self.n} {cards} of {whose} deck into the graveyard"


@element
@dataclass(frozen=True, slots=True)
class Arrange:
    """CR 5.11: look at the top ``look`` cards of your deck, put any number of them back on
    top in any order and the rest on the bottom in any order (``好きな枚数を好きな順にデッキの
    上に置く。残りを好きな順にデッキの下に置く``). The player picks the cards for the top one
    by one, the first picked ending on top; ``done`` sends the rest to the bottom, picked one
    by one when more than one is left, the last picked ending at the very bottom."""

    look: int

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        return (
            f"look at the top {self.look} cards of your deck; put any of them back on top in any"
            " order, the rest on the bottom in any order"
        )


@element
@dataclass(frozen=True, slots=True)
class ShuffleDeck:
    """CR 5.9.1: shuffle your deck (``自分のデッキをシャッフルし``)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Shuffle."""
        game.shuffle_deck(frame.controller)
        return True

    def describe(self) -> str:
        """This element in English."""
        return "shuffle your deck"
