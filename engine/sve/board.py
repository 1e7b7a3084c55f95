"""The pieces of a game: card instances, players and their zones, and the rules' numbers.

Plain data that :class:`~engine.sve.state.State` moves and the effects of
:mod:`engine.sve.effects` read (CR 2-4): it imports neither.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.cards import CardRecord
from engine.native import mypyc_attr

LEADER_DEFENSE = 20  # CR 2.8.3.1 / 6.2.1.12


class RecordTest(Protocol):
    """A test on a card record (a card filter of the effect language)."""

    def matches(self, rec: CardRecord) -> bool:
        """Whether ``rec`` passes."""
        ...


OPENING_HAND = 4  # CR 6.2.1.7


FIELD_LIMIT = 5  # CR 4.4.4.1


EX_LIMIT = 5  # CR 4.8.3.1


HAND_LIMIT = 7  # CR 4.7.3.1


MAX_PP_CAP = 10  # CR 3.2.4.1


SECOND_PLAYER_EP = 3  # CR 6.2.1.10


START_SEP = 1  # CR 6.2.1.11


SUPER_EVOLVE_TURN = (7, 6)  # CR 12.2.4: own turn count, first / second player


DEFAULT_TURN_LIMIT = 60


TERMINAL = -1
"""What :meth:`State.current_player` returns once the game is over."""


# Keyword bits: the keywords whose rules the engine checks itself.
WARD, STORM, RUSH, BANE, DRAIN, INTIMIDATE, AURA, ASSAIL, QUICK = (1 << i for i in range(9))


# Continuous abilities of a card's own that the engine checks like keywords (CR 10.1.1.3).
IGNORE_WARD, CANNOT_ATTACK, ENTERS_ENGAGED, EVOLVE_ANY = (1 << i for i in range(9, 13))


ABILITY_PROOF = 1 << 13
"""Not destroyed by abilities and not banished (a continuous ability of its own)."""


NO_EX_PLAY = 1 << 14
"""Cannot be played from the EX area (a continuous ability of its own)."""


DESTROY_PROOF = 1 << 15
"""Not destroyed by abilities, though it may be banished (``これは能力によって破壊されない``)."""


COMBAT_PROOF = 1 << 16
"""Takes no combat damage (``これは交戦ダメージを受けない``, a continuous ability of its own)."""


NO_ABILITY_DAMAGE = 1 << 17
"""Takes no ability damage (CR 5.14.3.3; a continuous ability of its own)."""


CANNOT_LOSE = 1 << 18
"""While this is on its controller's field, that player does not lose the game (CR 11.2)
and the opponent cannot win it by an effect (CR 5.23.1; a continuous ability of its own)."""


NO_STAND = 1 << 19
"""Does not stand in its controller's start phase (CR 7.2.3; a continuous ability of its
own: "this does not stand in your start phase")."""


STACK = 1 << 20
"""CR 13.3.2: Stack (``【スタック】``), the keyword of some amulets: it enters the field with a
stack counter, a stack counter is removed instead of it leaving the field, and with none
left it goes to the graveyard."""


STACK_COUNTERS = "c:スタック"
"""The key of stack counters among a card's counters (CR 13.3.2, 15.1)."""


EX_ATK, EX_DFN, EX_KW = "ex_atk", "ex_dfn", "ex_kw"
"""Where a card in the EX area keeps the attack, defense and keyword bits effects gave it
(CR 4.8.3.3: they go with it when it goes from the EX area onto the field)."""


KEYWORD_BITS = {
    "ward": WARD,
    "storm": STORM,
    "rush": RUSH,
    "bane": BANE,
    "drain": DRAIN,
    "intimidate": INTIMIDATE,
    "aura": AURA,
    "assail": ASSAIL,
    "quick": QUICK,
    "ignore_ward": IGNORE_WARD,
    "cannot_attack": CANNOT_ATTACK,
    "enters_engaged": ENTERS_ENGAGED,
    "evolve_any_times": EVOLVE_ANY,
    "ability_proof": ABILITY_PROOF,
    "no_play_from_ex": NO_EX_PLAY,
    "destroy_proof": DESTROY_PROOF,
    "combat_proof": COMBAT_PROOF,
    "no_ability_damage": NO_ABILITY_DAMAGE,
    "cannot_lose": CANNOT_LOSE,
    "no_stand": NO_STAND,
    "stack": STACK,
}


_BIT_NAMES = sorted(KEYWORD_BITS.items(), key=lambda kv: kv[0])


_BITS_CACHE: dict[tuple[str, ...], int] = {}


_NAMES_CACHE: dict[int, tuple[str, ...]] = {}


def keyword_bits(keywords: Sequence[str]) -> int:
    """The bit set of the rule keywords among ``keywords``."""
    key = tuple(keywords)
    bits = _BITS_CACHE.get(key)
    if bits is None:
        bits = 0
        for kw in key:
            bits |= KEYWORD_BITS.get(kw, 0)
        _BITS_CACHE[key] = bits
    return bits


def _is_follower(record: CardRecord) -> bool:
    return record.card_type.endswith("follower")


BOXED = "boxed"
"""The counter of a Boxed card (CR 5.31): the turn at whose end the state ends."""


BOXED_KEPT = "boxed_kept"
"""The keyword bits a Boxed card had gained for good before it was Boxed (given back when the
state ends, CR 5.31.2)."""


def _boxed(card: Card) -> bool:
    """Whether a card is Boxed (CR 5.31): it has no abilities while it is."""
    counters = card.counters
    return counters is not None and BOXED in counters


class Zone(enum.IntEnum):
    """Where a card is (CR 4)."""

    DECK = 0
    HAND = 1
    FIELD = 2
    EX = 3
    GRAVE = 4
    BANISH = 5
    EVOLVE_DECK = 6
    EVOLVE_AREA = 7
    RESOLVING = 8
    ERASED = 9
    LEADER = 10


@mypyc_attr(serializable=True)  # copies are made without __init__
class Card:
    """One card instance (or token) in one game."""

    __slots__ = (
        "atk",
        "bane_hit",
        "base",
        "controller",
        "counters",
        "dfn",
        "engaged",
        "eq",
        "evo",
        "evolve_nth",
        "evolved_turn",
        "face",
        "fol",
        "gen",
        "granted",
        "kw",
        "left_atk",
        "owner",
        "since",
        "st",
        "super_",
        "tok",
        "token",
        "uid",
        "zone",
    )

    def __init__(self, uid: int, owner: int, record: CardRecord, zone: Zone, token: bool) -> None:
        self.uid = uid
        self.owner = owner
        self.controller = owner
        self.base = record
        self.face = record
        self.fol = _is_follower(record)
        self.zone = zone
        self.token = token
        self.atk = record.attack or 0
        self.dfn = record.defense or 0
        self.engaged = False
        self.since = 0
        self.evo = -1
        self.evolved_turn = 0
        self.evolve_nth = 0
        self.super_ = False
        self.kw = keyword_bits(record.keywords)
        self.granted = 0
        self.st = 0
        """Keyword bits given by continuous abilities (CR 10.1.1.3), included in ``kw``."""
        self.eq: tuple[str, ...] = ()
        """Card ids of the equipment tokens this follower has equipped (CR 14.5.2)."""
        self.bane_hit = False
        self.counters: dict[str, int] | None = None
        self.gen = 0
        self.left_atk = 0
        """Its attack when it last left the field (CR 10.11.1: the last known information
        of an effect that refers to it there); kept through zone changes."""
        self.tok: object = None
        """The state that may change this object in place (see :meth:`State.writable`)."""

    def renew(self) -> None:
        """CR 4.1.4: a card that moves to another zone is a new card there. Everything it
        gained (evolution, stats, keywords, granted abilities, damage, counters and marks,
        another player's control) is dropped; it is its printed card again."""
        base = self.base
        self.controller = self.owner
        self.face = base
        self.fol = _is_follower(base)
        self.atk = base.attack or 0
        self.dfn = base.defense or 0
        self.engaged = False
        self.evo = -1
        self.evolved_turn = 0
        self.evolve_nth = 0
        self.super_ = False
        self.kw = keyword_bits(base.keywords)
        self.granted = 0
        self.st = 0
        self.eq = ()
        self.bane_hit = False
        self.counters = None
        self.gen += 1

    def copy(self) -> Card:
        """A field-by-field copy (counters copied too)."""
        new = Card.__new__(Card)
        new.uid = self.uid
        new.owner = self.owner
        new.controller = self.controller
        new.base = self.base
        new.face = self.face
        new.fol = self.fol
        new.zone = self.zone
        new.token = self.token
        new.atk = self.atk
        new.dfn = self.dfn
        new.engaged = self.engaged
        new.since = self.since
        new.evo = self.evo
        new.evolved_turn = self.evolved_turn
        new.evolve_nth = self.evolve_nth
        new.super_ = self.super_
        new.kw = self.kw
        new.granted = self.granted
        new.st = self.st
        new.eq = self.eq
        new.bane_hit = self.bane_hit
        counters = self.counters
        new.counters = None if counters is None else counters.copy()
        new.left_atk = self.left_atk
        new.gen = self.gen
        new.tok = self.tok
        return new

    @property
    def is_follower(self) -> bool:
        """Whether the card's current type is follower (evolved and token kinds included)."""
        return self.fol

    @property
    def bits(self) -> int:
        """The rule keywords it has now: its own (``kw``) and those continuous abilities
        give it (``granted``, recomputed at each check timing, CR 10.1.1.3)."""
        return self.kw | self.granted

    @property
    def keywords(self) -> tuple[str, ...]:
        """Names of the rule keywords it has now, sorted."""
        bits = self.bits
        names = _NAMES_CACHE.get(bits)
        if names is None:
            names = _NAMES_CACHE[bits] = tuple(n for n, bit in _BIT_NAMES if bits & bit)
        return names

    def __repr__(self) -> str:
        return f"<Card {self.uid} {self.face.card_id} {self.atk}/{self.dfn} z={self.zone.name}>"


@mypyc_attr(serializable=True)  # copies are made without __init__
class Player:
    """One player's numbers and zones (CR 3, 4). Zone lists hold card uids."""

    __slots__ = (
        "banish",
        "burst_turn",
        "bursts",
        "deck",
        "decked_out",
        "discarded_on",
        "discounts",
        "ep",
        "evolve_deck",
        "evolve_used",
        "evolved_on",
        "evolves",
        "evolves_turn",
        "ex",
        "field",
        "grave",
        "hand",
        "hp",
        "hurt_on",
        "hurts",
        "index",
        "leader",
        "max_pp",
        "played",
        "played_ids",
        "pp",
        "rolled_on",
        "sep",
        "shield",
        "six_on",
        "turns",
        "union_burst",
    )

    def __init__(self, index: int, leader: CardRecord | None) -> None:
        self.index = index
        self.leader = leader
        self.hp = LEADER_DEFENSE
        self.pp = 0
        self.max_pp = 0
        self.ep = 0
        self.sep = START_SEP
        self.turns = 0
        self.deck: list[int] = []  # top of deck is the end of the list
        self.hand: list[int] = []
        self.field: list[int] = []
        self.ex: list[int] = []
        self.grave: list[int] = []
        self.banish: list[int] = []
        self.evolve_deck: list[int] = []  # face down
        self.evolve_used: list[int] = []  # face up, spent (CR 4.6.3)
        self.evolved_on = 0  # global turn of the last evolve (CR 8.3.2.1)
        self.evolves_turn = -1  # followers of the field that evolved in this turn ...
        self.evolves = 0  # ... and how many times (by any means, CR 5.16)
        self.decked_out = False
        self.played = 0  # cards played this turn (CR 13.2.1 Combo)
        self.played_ids: list[int] = []  # ... and which (uids, in order)
        self.hurt_on = -1  # last turn the leader's defense went down (CR 13.5.2 Sanguine)
        self.discarded_on = -1  # last turn this player discarded a card (CR 5.12)
        self.rolled_on = -1  # last turn this player rolled a die (CR 5.20) ...
        self.six_on = -1  # ... and rolled a 6
        self.hurts: tuple[int, int] = (-1, 0)  # (turn, times the leader's defense went down)
        # (turn, filter, PP less, for every card played from the EX area this turn rather
        # than the next card played)
        self.discounts: list[tuple[int, RecordTest, int, bool]] = []
        self.burst_turn = -1  # CR 14.5.1.3: Union Burst abilities used in this turn ...
        self.bursts = 0  # ... and how many
        # CR 14.5.1.2: whether Union Burst abilities work (new_game sets it from the deck)
        self.union_burst = True
        # CR 10.2.1.3.2: (turn, less) lowers the next damage to the leader in that turn by
        # ``less`` (-1: the whole of it); a replacement effect used up once it applies
        self.shield: tuple[int, int] = (-1, 0)

    @property
    def zones(self) -> ZoneLists:
        """This player's zone lists by :class:`Zone` (``p.zones[Zone.HAND] is p.hand``)."""
        return ZoneLists(self)

    def copy(self) -> Player:
        """A copy with fresh zone lists."""
        new = Player.__new__(Player)
        new.index = self.index
        new.leader = self.leader
        new.hp = self.hp
        new.pp = self.pp
        new.max_pp = self.max_pp
        new.ep = self.ep
        new.sep = self.sep
        new.turns = self.turns
        new.deck = self.deck[:]
        new.hand = self.hand[:]
        new.field = self.field[:]
        new.ex = self.ex[:]
        new.grave = self.grave[:]
        new.banish = self.banish[:]
        new.evolve_deck = self.evolve_deck[:]
        new.evolve_used = self.evolve_used[:]
        new.evolved_on = self.evolved_on
        new.evolves_turn = self.evolves_turn
        new.evolves = self.evolves
        new.decked_out = self.decked_out
        new.played = self.played
        new.played_ids = self.played_ids[:]
        new.hurt_on = self.hurt_on
        new.discarded_on = self.discarded_on
        new.rolled_on = self.rolled_on
        new.six_on = self.six_on
        new.hurts = self.hurts
        new.discounts = self.discounts[:]
        new.burst_turn = self.burst_turn
        new.bursts = self.bursts
        new.union_burst = self.union_burst
        new.shield = self.shield
        return new


ZONE_LISTS: dict[Zone, str] = {
    Zone.DECK: "deck",
    Zone.HAND: "hand",
    Zone.FIELD: "field",
    Zone.EX: "ex",
    Zone.GRAVE: "grave",
    Zone.BANISH: "banish",
    Zone.EVOLVE_DECK: "evolve_deck",
}
"""The player list that holds the cards of each zone (an evolve deck's face-up cards are in
``evolve_used`` as well, CR 4.6.3)."""


class ZoneLists:
    """A player's zones as data: ``zones[Zone.GRAVE]`` is the graveyard list itself."""

    __slots__ = ("_player",)

    def __init__(self, player: Player) -> None:
        self._player = player

    def __getitem__(self, zone: Zone) -> list[int]:
        lists: list[int] = getattr(self._player, ZONE_LISTS[zone])
        return lists

    def __contains__(self, zone: object) -> bool:
        return zone in ZONE_LISTS


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

    def __reduce__(
        self,
    ) -> tuple[type[DeckSpec], tuple[list[CardRecord], list[CardRecord], CardRecord | None]]:
        """Pickled as its fields (runs send decks to workers), the same compiled or not."""
        return DeckSpec, (self.main, self.evolve, self.leader)


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
