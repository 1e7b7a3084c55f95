"""The SVE game state and the rules that move it (CR chapters 5-12).

One mutable :class:`State` per game, with integer card ids, per-player zone lists and a cheap
:meth:`State.clone`. The game advances by itself until a player must decide something; the
decision is exposed through :meth:`State.current_player` and :meth:`State.legal_actions`,
and answered with :meth:`State.apply`.

``State`` holds the game's data and its public interface; the rules that move it live in
one class per part of the rules, in :mod:`engine.sve.rules`: ``TurnFlow`` (CR 6, 7),
``Playing`` (CR 8.2, 8.3, 12.2), ``Costs`` (CR 10.4, 12.2), ``Combat`` (CR 8.4,
12.8-12.12), ``Resolution`` (CR 10.5-10.7, 11) and ``Zones`` (CR 4, 5); ``rules.steps``
holds the engine's own resolution steps. The parts stand in one line, each built on the
one before (``StateBase``, ``Costs``, ``Zones``, ``Resolution``, ``Combat``, ``Playing``,
``TurnFlow``, ``State``): the engine's ahead-of-time compiler takes single inheritance
only, and no two parts define the same method, so the order changes nothing. The pieces
(cards, players, zones) are in :mod:`engine.sve.board`.

>>> from engine.cards import CardRecord
>>> unit = CardRecord("T-1", "Unit", cost=1, attack=1, defense=1)
>>> game = new_game(DeckSpec(main=[unit] * 40), DeckSpec(main=[unit] * 40), seed=1)
>>> str(game.legal_actions()[0])
'keep'
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from engine.cards import CardRecord
from engine.native import mypyc_attr
from engine.sve.actions import (
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
)
from engine.sve.board import (
    DEFAULT_TURN_LIMIT,
    OPENING_HAND,
    TERMINAL,
    Card,
    Decision,
    DeckSpec,
    Kind,
    Outcome,
    Player,
    Step,
    Termination,
    Zone,
)
from engine.sve.effects.core import Ability, CardScript, Frame, Rule, Static
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import (
    MAGIC_ITEM,
    is_magic_item,
)
from engine.sve.errors import DeckError, IllegalActionError
from engine.sve.observation import Observation
from engine.sve.rules.turns import TurnFlow

# --- constants from the rules ------------------------------------------------------------------

__all__ = [
    "CHECK_SHARING",
    "DEFAULT_SCRIPTS",
    "DEFAULT_TURN_LIMIT",
    "TERMINAL",
    "Card",
    "Decision",
    "DeckSpec",
    "Frame",
    "Kind",
    "Outcome",
    "Player",
    "State",
    "Step",
    "Termination",
    "Zone",
    "deck_title",
    "magic_item_record",
    "new_game",
]
"""The state's public names; the plain pieces (cards, players, zones, decisions) live in
:mod:`engine.sve.board` and are re-exported here."""


# --- internal effects used by the play procedure -------------------------------------------------


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

    __setitem__ = _refuse
    __delitem__ = _refuse
    pop = _refuse
    setdefault = _refuse
    update = _refuse
    clear = _refuse
    popitem = _refuse


def _freeze(cards: list[Card]) -> None:
    """Make shared cards raise when changed in place (``CHECK_SHARING``)."""
    for card in cards:
        if type(card) is Card:
            if card.counters is not None:
                object.__setattr__(card, "counters", _SharedCounters(card.counters))
            object.__setattr__(card, "__class__", _SharedCard)


@mypyc_attr(serializable=True)  # clones are made without __init__
class State(TurnFlow):
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
        self.legal_for: Decision | None = None  # the decision ``legal`` was found for
        self.legal: list[Action] = []
        self.reuse_legal = False
        """Keep the main phase's legal actions for the decision they were found at (a world
        sampled by a searching agent, changed only by applying actions, and its clones)."""

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
            if not self.reuse_legal:
                return self._main_actions()
            if d is not self.legal_for:  # every applied action sets a new decision
                self.legal = self._main_actions()
                self.legal_for = d
            return self.legal[:]
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
        new = State.__new__(State)
        new.seed = self.seed
        new._rng = self._rng
        new.scripts = self.scripts
        new.turn = self.turn
        new.active = self.active
        new.first = self.first
        new.step = self.step
        new.outcome_ = self.outcome_
        new.turn_limit = self.turn_limit
        new.attacker = self.attacker
        new.attack_target = self.attack_target
        new.mulligan_done = self.mulligan_done
        new.actions_applied = self.actions_applied
        new.dirty = self.dirty
        new.statics_dirty = self.statics_dirty
        new.granting = self.granting
        new.died_turn = self.died_turn
        new.died = self.died
        new.grave_watch_seen = self.grave_watch_seen
        new.grave_watch = self.grave_watch
        new.grave_play_seen = self.grave_play_seen
        new.grave_play = self.grave_play
        new.zone_seen = self.zone_seen
        new.zone_flags = self.zone_flags
        new.statics_memo = self.statics_memo
        new.legal_for = self.legal_for
        new.legal = self.legal
        new.reuse_legal = self.reuse_legal
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
            new.legal_for = new.decision  # the same legal actions (actions are immutable)
        new.pending = self.pending[:]
        new.frames = [f.copy() for f in self.frames]
        new.eot = self.eot[:]
        new.log = None if self.log is None else self.log[:]
        return new

    def observation(self, player: int) -> Observation:
        """What ``player`` may see (CR 4.1.2): own hand, public zones, counts of hidden ones."""
        return Observation(self, player)

    def shown_hand(self, player: int) -> frozenset[int]:
        """Opponent hand cards ``player`` is choosing among now: a revealed hand (BP01-111
        "相手プレイヤー1人は手札を公開する。自分はその中から1枚を選ぶ")."""
        d = self.decision
        if d is None or d.player != player or d.kind is not Kind.PICK:
            return frozenset()
        hand = set(self.players[1 - player].hand)
        return frozenset(int(o) for o in d.options if o.isdigit() and int(o) in hand)

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy with what ``player`` cannot see (CR 4.1.2.1) drawn again from ``rng``.

        The opponent's hand and main deck are pooled and dealt again (same hand size; cards
        of it the player is choosing among now were revealed and stay), the
        player's own deck is shuffled, and the game RNG is reseeded from ``rng``. Hidden
        cards come back fresh (no state of their own). Card uids follow the decklists, so
        the result depends only on what ``player`` may see, the decklists and ``rng``: a
        world a player who does not cheat could imagine, for search over hidden information.
        """
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        new.log = None
        new.reuse_legal = True
        cards = new.cards = new.cards[:]
        opp = new.players[1 - player]
        shown = self.shown_hand(player)
        kept = [u for u in opp.hand if cards[u].token or u in shown]
        pool = sorted(u for u in (*opp.hand, *opp.deck) if not cards[u].token and u not in shown)
        rng.shuffle(pool)
        dealt = len(opp.hand) - len(kept)
        opp.hand = sorted(kept + pool[:dealt])
        opp.deck = pool[dealt:]
        own = new.players[player]
        own.deck = sorted(own.deck)
        rng.shuffle(own.deck)
        for zone, uids in ((Zone.HAND, opp.hand), (Zone.DECK, opp.deck), (Zone.DECK, own.deck)):
            for uid in uids:
                old = cards[uid]
                if not old.token and uid not in shown:
                    fresh = Card(uid, old.owner, old.base, zone, token=False)
                    fresh.tok = new.tok  # the new world's own card (copy-on-write, see writable)
                    cards[uid] = fresh
        return new

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

    # --- setup (CR 6.2) ------------------------------------------------------------------------

    # --- the engine loop -------------------------------------------------------------------------

    # --- main phase actions ---------------------------------------------------------------------

    # --- end phase and choices ------------------------------------------------------------------

    # --- zone moves -------------------------------------------------------------------------

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
    faces: dict[int, CardRecord] = {}  # by id: a deck holds each record up to 3 times

    def face(rec: CardRecord) -> CardRecord:
        found = faces.get(id(rec))
        if found is None:
            found = faces[id(rec)] = g.scripts.record(rec)
        return found

    for index, deck in enumerate((deck_a, deck_b)):
        p = g.players[index]
        p.union_burst = deck_title(deck) == UNION_BURST_TITLE
        for rec in deck.main:
            card = Card(len(g.cards), index, face(rec), Zone.DECK, token=False)
            g.cards.append(card)
            p.deck.append(card.uid)
        for rec in deck.evolve:
            card = Card(len(g.cards), index, face(rec), Zone.EVOLVE_DECK, token=False)
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
