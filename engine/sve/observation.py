"""What one player may see (CR 4.1.2): a read-only view, valid until the next action.

The view answers only with public information and the player's own hidden zones (hand,
own evolve deck, CR 4.6.2 / 4.7.2); for the opponent's hand and both main decks it gives
counts (CR 4.1.2.1). It copies nothing up front, so building one per decision is cheap.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from engine.cards import CardRecord
from engine.sve.board import Zone

if TYPE_CHECKING:
    from engine.sve.board import Card
    from engine.sve.state import State

_PUBLIC = frozenset((Zone.FIELD, Zone.EX, Zone.RESOLVING, Zone.GRAVE, Zone.BANISH))
"""The zones whose cards every player sees (CR 4.1.2)."""


class CardView(NamedTuple):
    """A visible card: its identity and, on the field, its current numbers and state."""

    uid: int
    record: CardRecord
    """The card's current face (the evolved card for an evolved follower)."""
    attack: int
    defense: int
    keywords: tuple[str, ...]
    engaged: bool
    evolved: bool
    token: bool
    controller: int

    @property
    def cost(self) -> int:
        """The printed cost (0 where none)."""
        return self.record.cost or 0


_new_view = tuple.__new__  # CardView(...) without the named tuple's Python-level __new__


def _view(card: Card) -> CardView:
    return _new_view(
        CardView,
        (
            card.uid,
            card.face,
            card.atk,
            card.dfn,
            card.keywords,
            card.engaged,
            card.evo >= 0,
            card.token,
            card.controller,
        ),
    )


class Observation:
    """The game as ``player`` sees it."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def turn(self) -> int:
        """The global turn number (from 1)."""
        return self._state.turn

    @property
    def active(self) -> int:
        """The turn player."""
        return self._state.active

    @property
    def first(self) -> int:
        """The player who went first."""
        return self._state.first

    @property
    def decision(self) -> str:
        """The kind of decision asked (``main``, ``mulligan``, ``quick``, ``target``, ...)."""
        d = self._state.decision
        return "none" if d is None else d.kind.name.lower()

    def hp(self, player: int) -> int:
        """A leader's defense."""
        return self._state.players[player].hp

    def pp(self, player: int) -> int:
        """Current PP."""
        return self._state.players[player].pp

    def max_pp(self, player: int) -> int:
        """Maximum PP."""
        return self._state.players[player].max_pp

    def ep(self, player: int) -> int:
        """Evolution points."""
        return self._state.players[player].ep

    def sep(self, player: int) -> int:
        """Super-evolution points."""
        return self._state.players[player].sep

    def own_turns(self, player: int) -> int:
        """How many turns ``player`` has started (CR 3.3)."""
        return self._state.players[player].turns

    def hand(self) -> list[CardView]:
        """The observing player's own hand."""
        s = self._state
        return [_view(s.cards[u]) for u in s.players[self.player].hand]

    def hand_count(self, player: int) -> int:
        """How many cards ``player`` holds."""
        return len(self._state.players[player].hand)

    def deck_count(self, player: int) -> int:
        """How many cards are in ``player``'s deck."""
        return len(self._state.players[player].deck)

    def field(self, player: int) -> list[CardView]:
        """``player``'s field (public), sorted by uid."""
        s = self._state
        return [_view(s.cards[u]) for u in sorted(s.players[player].field)]

    def ex(self, player: int) -> list[CardView]:
        """``player``'s EX area (public, CR 4.8.2)."""
        s = self._state
        return [_view(s.cards[u]) for u in s.players[player].ex]

    def grave(self, player: int) -> list[CardRecord]:
        """``player``'s graveyard (public, CR 4.9.2)."""
        s = self._state
        return [s.cards[u].base for u in s.players[player].grave]

    def banished(self, player: int) -> list[CardRecord]:
        """``player``'s banish zone (public, CR 4.10.2)."""
        s = self._state
        return [s.cards[u].base for u in s.players[player].banish]

    def evolve_deck(self) -> list[CardRecord]:
        """The observer's own face-down evolve deck (CR 4.6.2: only its owner sees it)."""
        s = self._state
        return [s.cards[u].base for u in s.players[self.player].evolve_deck]

    def evolve_count(self, player: int) -> int:
        """Cards in ``player``'s evolve deck, face down and face up."""
        p = self._state.players[player]
        return len(p.evolve_deck) + len(p.evolve_used)

    def _seen(self, uid: int) -> Card:
        """The card ``uid`` if the observer may see it (own hand, any field, EX area, an
        opponent's hand card revealed for the observer's choice now); else ``KeyError``."""
        s = self._state
        if 0 <= uid < len(s.cards):
            card = s.cards[uid]
            zone = card.zone
            if zone in _PUBLIC or (
                zone is Zone.HAND
                and (card.owner == self.player or uid in s.shown_hand(self.player))
            ):
                return card
        raise KeyError(f"card {uid} is not visible to player {self.player}")

    def card(self, uid: int) -> CardView:
        """A card the observer may see, with its current numbers; else ``KeyError``."""
        return _view(self._seen(uid))

    def face(self, uid: int) -> CardRecord:
        """The current face of a card the observer may see; else ``KeyError``."""
        return self._seen(uid).face

    def attacking(self) -> tuple[int, int] | None:
        """The attack under way (attacker uid, target uid or ``LEADER``), if any."""
        s = self._state
        return None if s.attacker < 0 else (s.attacker, s.attack_target)

    def sample(self, rng: random.Random) -> State:
        """A whole game consistent with this view: hidden cards dealt at random from ``rng``.

        See :meth:`State.determinize`; searching agents plan in such worlds, never in the
        real game.
        """
        return self._state.determinize(self.player, rng)
