"""A number an effect uses: fixed, the event's ("that much"), or counted when it is used (X).

Every "a number" of the language is an :class:`Amount`; the elements that carry a number
(damage, healing, scaled effects, play-cost reductions, counters, cost reductions, +X/+X)
keep the fields the card library writes and read them as an ``Amount`` (``amount()``), so
what a count means is said once, here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.sve.effects.core import PAID_DISCARD
from engine.sve.effects.registry import element
from engine.sve.effects.selectors import CardFilter, Targets, all_words, filter_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game


@dataclass(frozen=True, slots=True)
class _Seen:
    """Where a number is counted from: the ability's controller and source, "it", the
    event's amount."""

    game: Game
    controller: int
    source: int
    targets: Sequence[int]
    event: int


def _attack(seen: _Seen, uids: Sequence[int], alive: bool) -> int | None:
    """The attack of the first of ``uids`` (last known values if it left, CR 10.11.1; with
    ``alive``, only a card still there, else ``None``)."""
    game = seen.game
    known = [u for u in uids if u >= 0 and (not alive or game.target_exists(u))]
    if not known:
        return None if alive else 0
    return max(0, game.cards[known[0]].atk)


def _left_attack(seen: _Seen) -> int | None:
    """The attack the event's card had as it last left the field (CR 10.11.1)."""
    if seen.event < 0:
        return None
    return max(0, seen.game.cards[seen.event].left_atk)


def _discarded_cost(seen: _Seen) -> int | None:
    """The cost of the card this ability discarded as its cost (``None``: none was)."""
    game = seen.game
    counters = game.cards[seen.source].counters if seen.source >= 0 else None
    paid = -1 if counters is None else counters.get(PAID_DISCARD, -1)
    return None if paid < 0 else game.cards[paid].base.cost or 0


def _field(seen: _Seen, per: Targets | None) -> int:
    assert per is not None
    return len(seen.game.candidates(per, seen.controller, seen.source, counting=True))


def _field_ex(seen: _Seen, per: Targets | None) -> int:
    """The field cards ``per`` allows and the EX area's cards it allows too."""
    assert per is not None
    cards = seen.game.cards
    ex = seen.game.players[seen.controller].ex
    found = _field(seen, per)
    return found + sum(
        1 for u in ex if (per.followers if cards[u].fol else per.amulets) and per.allows(cards[u])
    )


def _in_ex(seen: _Seen, what: CardFilter | None) -> int:
    """The cards of your EX area (those passing ``what``, when given)."""
    ex = seen.game.players[seen.controller].ex
    if what is None:
        return len(ex)
    cards = seen.game.cards
    return sum(1 for u in ex if what.matches(cards[u].base))


def _half_attack(seen: _Seen) -> int | None:
    here = _attack(seen, [seen.source], alive=True)
    return None if here is None else (here + 1) // 2


def _hurts(seen: _Seen) -> int:
    turn, times = seen.game.players[seen.controller].hurts
    return times if turn == seen.game.turn else 0


def _evolved(seen: _Seen, what: CardFilter | None) -> int:
    assert what is not None
    cards = seen.game.cards
    used = seen.game.players[seen.controller].evolve_used
    return sum(1 for u in used if what.matches(cards[u].base))


_COUNTS: dict[str, Callable[[_Seen, Amount], int | None]] = {
    "event": lambda s, a: s.event,
    "field": lambda s, a: _field(s, a.per),
    "field_ex": lambda s, a: _field_ex(s, a.per),
    "hand": lambda s, a: len(s.game.players[s.controller].hand),
    "ex": lambda s, a: _in_ex(s, a.what),
    "banish": lambda s, a: len(s.game.players[s.controller].banish),
    "hand_ex": lambda s, a: (
        len(s.game.players[s.controller].hand) + len(s.game.players[s.controller].ex)
    ),
    "max_pp": lambda s, a: s.game.players[s.controller].max_pp,
    "played": lambda s, a: s.game.players[s.controller].played,
    "turns": lambda s, a: s.game.players[s.controller].turns,
    "died": lambda s, a: s.game.died if s.game.died_turn == s.game.turn else 0,
    "hurts": lambda s, a: _hurts(s),
    "evolved": lambda s, a: _evolved(s, a.what),
    "attack": lambda s, a: _attack(s, [s.source], alive=False),
    "attack_here": lambda s, a: _attack(s, [s.source], alive=True),
    "half_attack": lambda s, a: _half_attack(s),
    "attack_it": lambda s, a: _attack(s, s.targets, alive=False),
    "attack_it_here": lambda s, a: _attack(s, s.targets, alive=True),
    "attack_event": lambda s, a: _attack(s, [s.event], alive=True),
    "attack_left": lambda s, a: _left_attack(s),
    "discarded_cost": lambda s, a: _discarded_cost(s),
}
"""How each kind of counted number is counted (``None``: there is nothing to count, and the
effect does nothing)."""

_WORDS = {
    "event": "that much",
    "field": "the number of {per}",
    "field_ex": "the number of {per} and such cards in your EX area",
    "hand": "the cards in your hand",
    "ex": "the cards in your EX area",
    "ex_of": "the {what} in your EX area",
    "banish": "the cards in your banish zone",
    "hand_ex": "the cards in your hand and EX area",
    "max_pp": "your PP maximum",
    "played": "the cards you played this turn",
    "turns": "your turns so far",
    "died": "followers put from the field into a graveyard this turn",
    "hurts": "the times your leader's defense went down this turn",
    "evolved": "the face-up evolved {what} in your evolve deck",
    "attack": "this card's attack",
    "attack_here": "this card's attack",
    "half_attack": "half this card's attack (rounded up)",
    "attack_it": "its attack",
    "attack_it_here": "its attack",
    "attack_event": "the attack of the follower that entered",
    "attack_left": "its attack as it left the field",
    "discarded_cost": "the discarded card's cost",
}


@element
@dataclass(frozen=True, slots=True)
class Amount:
    """A number: ``n`` (``of="fixed"``), the event's amount (``event``), or X counted when
    it is used: field cards ``per`` allows (``field``; ``field_ex`` with the EX area's),
    cards of a zone of yours (``hand``, ``ex``, ``banish``, ``hand_ex``; ``ex`` those passing
    ``what`` when it is given), your PP maximum (``max_pp``), cards you played this turn
    (``played``), the turns you have begun (``turns``), followers gone from the field this
    turn (``died``), the times your leader's defense went down this turn (``hurts``), the
    face-up evolved cards passing ``what`` (``evolved``, CR 4.6.3), this card's attack
    (``attack``; ``attack_here`` only while it is there; ``half_attack``), the chosen card's
    (``attack_it``; ``attack_it_here``), the trigger's card while on the field
    (``attack_event``), the attack the trigger's card had as it left the field
    (``attack_left``, CR 10.11.1), the cost of the card discarded as the ability's
    cost (``discarded_cost``)."""

    of: str = "fixed"
    n: int = 0
    per: Targets | None = None
    what: CardFilter | None = None

    def count(
        self,
        game: Game,
        controller: int,
        source: int,
        targets: Sequence[int] = (),
        event: int = 0,
    ) -> int | None:
        """The number now (``None``: nothing to count, the effect does nothing)."""
        if self.of == "fixed":
            return self.n
        return _COUNTS[self.of](_Seen(game, controller, source, targets, event), self)

    def value(self, game: Game, frame: Frame) -> int | None:
        """The number for the ability being resolved in ``frame``."""
        if self.of == "fixed":
            return self.n
        return self.count(game, frame.controller, frame.source, frame.targets, frame.amount)

    def describe(self) -> str:
        """This number in English."""
        if self.of == "fixed":
            return str(self.n)
        per = "" if self.per is None else all_words(self.per)[4:]
        what = "" if self.what is None else filter_words(self.what, 2)
        words = _WORDS["ex_of" if self.of == "ex" and self.what is not None else self.of]
        return words.format(per=per, what=what)
