"""Taking chosen cards from a pool.

Search the deck, look at the top, take from the graveyard or hand (CR 5.8).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.sve.effects.registry import element
from engine.sve.effects.selectors import filter_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import CardFilter


def _different(distinct: bool) -> str:
    """`` with different names`` where the cards taken must differ in name."""
    return " with different names" if distinct else ""


@element
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
    max_cost_attack: bool = False
    """Only cards of original cost X or less, X being this card's attack when it resolves
    (``元のコストX以下の…。Xは「これの攻撃力」である``)."""
    max_cost_x: bool = False
    """Only cards of original cost X or less, X paid before (:class:`PayX`)."""

    def _capped(self, game: Game, source: int) -> FromGrave:
        if not self.max_cost_attack or source < 0:
            return self
        attack = max(0, game.cards[source].atk)
        what = dataclasses.replace(self.what, max_cost=attack)
        return dataclasses.replace(self, what=what, max_cost_attack=False)

    def available(self, game: Game, controller: int, source: int = -1) -> bool:
        """CR 10.6.2.3.3: a mandatory choice needs ``n`` matching cards in the graveyard."""
        if self.up_to:
            return True
        cards = game.cards
        match = self._capped(game, source).what.matches
        grave = game.players[controller].grave
        return sum(1 for u in grave if u != source and match(cards[u].base)) >= self.n

    def run(self, game: Game, frame: Frame) -> bool:
        """Offer the matching cards one by one (``done`` when ``up_to``)."""
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        how = self._capped(game, frame.source)
        return _take(game, frame, game.players[frame.controller].grave, how, self.n, False)

    def describe(self) -> str:
        """This element in English."""
        n = f"up to {self.n}" if self.up_to else str(self.n)
        total = (
            f" with original costs adding up to {self.max_total} or less"
            if self.max_total >= 0
            else ""
        )
        if self.max_cost_attack:
            total += " with original cost up to this card's attack"
        if self.max_cost_x:
            total += " with original cost X or less"
        words = filter_words(self.what, self.n) + _different(self.distinct_names)
        return f"choose {n} {words}{total} in your graveyard; put it into your {self.to}"


@element
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

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        where = "hand or EX area" if self.ex else "hand"
        cost = " with original cost up to your PP maximum" if self.max_pp else ""
        words = filter_words(self.what, self.n) + cost + _different(self.distinct_names)
        to = "into your EX area" if self.to == "ex" else "onto your field"
        return f"you may put up to {self.n} {words} from your {where} {to}"


@element
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

    def run(self, game: Game, frame: Frame) -> bool:
        """Offer the matching cards one by one (``done`` stops: CR 5.8.1.2)."""
        return _take(game, frame, game.players[frame.controller].deck, self, self.n, True)

    def describe(self) -> str:
        """This element in English."""
        total = (
            f" whose original costs total {self.max_total} or less" if self.max_total >= 0 else ""
        )
        if self.max_cost_x:
            total += " with original cost X or less"
        words = filter_words(self.what, self.n) + _different(self.distinct_names)
        return f"search your deck for up to {self.n} {words}{total} to your {self.to}"


@element
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
    max_total: int = -1
    """The original costs of the cards taken add up to at most this (``元のコストの合計がN以下
    になるように``); -1 for no limit."""

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        rest = {
            "bottom": "; the rest to the bottom",
            "grave": "; the rest into the graveyard",
            "hand": "; the rest into your hand",
            "top": "",
        }[self.rest]
        where = "graveyard" if self.to == "grave" else self.to
        words = filter_words(self.what, self.n) + _different(self.distinct_names)
        if self.max_total >= 0:
            words += f" with original costs adding up to {self.max_total} or less"
        top = "the top card" if self.look == 1 else f"the top {self.look} cards"
        if self.must:
            return (
                f"look at {top} of your deck; put {self.n} {words} among them into your "
                f"{where}{rest}"
            )
        return (
            f"look at {top} of your deck; you may put up to {self.n} "
            f"{words} among them into your {where}{rest}"
        )


@element
@dataclass(frozen=True, slots=True)
class LookTopPicks:
    """CR 5.11: look at the top ``look`` cards; then, for each ``(filter, zone)`` of
    ``picks`` in turn, you may take one card passing the filter among those still looked at
    to that zone (``hand``, ``ex``, ``field`` or ``grave``); the rest go to ``rest``
    (``bottom`` in their current order, ``grave`` or ``top``). The taken cards are "it"."""

    look: int
    picks: tuple[tuple[CardFilter, str], ...]
    rest: str = "bottom"

    def run(self, game: Game, frame: Frame) -> bool:
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

    def describe(self) -> str:
        """This element in English."""
        rest_words = {
            "bottom": "; the rest to the bottom",
            "grave": "; the rest into the graveyard",
        }
        picks = "; ".join(
            f"you may put 1 {filter_words(what, 1)} among them into your "
            f"{'graveyard' if to == 'grave' else to}"
            for what, to in self.picks
        )
        tail = rest_words.get(self.rest, "")
        return f"look at the top {self.look} cards of your deck; {picks}{tail}"


def _take(
    game: Game,
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
