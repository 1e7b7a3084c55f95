"""Play whole games between agents; build evolve decks from a card list."""

from __future__ import annotations

import dataclasses
import gc
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.cards import CardRecord
from engine.sve.actions import KEEP, REDRAW, Action
from engine.sve.agents import Agent, make_agent
from engine.sve.board import DEFAULT_TURN_LIMIT
from engine.sve.effects.evolve import EvolveInto, FromEvolveDeck
from engine.sve.effects.scripts import Scripts
from engine.sve.state import DEFAULT_SCRIPTS, DeckSpec, Outcome, State, new_game

EVOLVE_DECK_LIMIT = 10  # CR 6.1.1.3
COPIES = 3  # CR 6.1.1.4


@dataclass(slots=True)
class GameResult:
    """How a game ended, how long it took, and (when asked) its record."""

    outcome: Outcome
    turns: int
    actions: int
    first: int
    moves: list[str] = field(default_factory=list)
    """The actions in canonical string form, when ``record=True``."""
    log: list[str] = field(default_factory=list)
    """The event log as JSON lines, when ``log=True``."""
    cards: tuple[CardFact, ...] = ()
    """Per player and card, what happened to it, when ``card_facts=True``."""


class MulliganPolicy(Protocol):
    """Decides the opening keep or mulligan (CR 6.2.1.8) from the opening hand alone."""

    def keep(self, hand: Sequence[CardRecord], going_first: bool) -> bool:
        """Whether to keep this opening hand."""
        ...


@dataclass(frozen=True, slots=True)
class CardFact:
    """One card code of one player's main deck in one game (only cards that reached the hand).

    ``opening`` counts the copies in the kept opening hand, ``drawn`` the copies that reached
    the hand at some point (the opening hand included), ``played`` the copies played, and
    ``first_played`` is the player's own turn (from 1) of the first play, 0 if never played.
    """

    player: int
    card: str
    opening: int
    drawn: int
    played: int
    first_played: int

    def __reduce__(self) -> tuple[type[CardFact], tuple[int, str, int, int, int, int]]:
        """Pickled as its fields (workers send facts back), the same compiled or not."""
        fields = (self.player, self.card, self.opening, self.drawn, self.played)
        return CardFact, (*fields, self.first_played)


class _CardWatch:
    """Collects :class:`CardFact` rows by looking at both hands at every decision."""

    def __init__(self, game: State) -> None:
        self.game = game
        self.seen: list[set[int]] = [set(), set()]
        self.opening: list[list[int]] = [[], []]
        self.played_at: dict[int, int] = {}
        self.played_lists: list[list[int] | None] = [None, None]
        self.played_len = [0, 0]
        self.opening_taken = False

    def look(self) -> None:
        game = self.game
        for p, player in enumerate(game.players):
            self.seen[p].update(player.hand)
            ids = player.played_ids  # a new list at each turn start (CR 13.2.1 counts per turn)
            old = self.played_lists[p]
            if old is not None and ids is not old:
                # plays after the last look, before the turn changed: the own turn they were
                # in is one less if this new turn is the player's own
                then = player.turns - 1 if game.active == p else player.turns
                for uid in old[self.played_len[p] :]:
                    self.played_at.setdefault(uid, max(then, 1))
                self.played_len[p] = 0
            for uid in ids[self.played_len[p] :]:
                self.played_at.setdefault(uid, max(player.turns, 1))
            self.played_lists[p], self.played_len[p] = ids, len(ids)
        if not self.opening_taken and game.mulligan_done == 2:
            # the kept hands; cards put back by a mulligan (CR 6.2.1.8) were not drawn
            self.opening = [list(player.hand) for player in game.players]
            self.seen = [set(hand) for hand in self.opening]
            self.opening_taken = True

    def facts(self) -> tuple[CardFact, ...]:
        game = self.game
        out: dict[tuple[int, str], list[int]] = {}
        for p in (0, 1):
            opening = set(self.opening[p])
            for uid in sorted(
                self.seen[p] | {u for u in self.played_at if game.cards[u].owner == p}
            ):
                card = game.cards[uid]
                if card.token or card.owner != p:
                    continue
                row = out.setdefault((p, card.base.card_id), [0, 0, 0, 0])
                row[0] += uid in opening
                row[1] += 1
                turn = self.played_at.get(uid, 0)
                if turn:
                    row[2] += 1
                    row[3] = turn if row[3] == 0 else min(row[3], turn)
        return tuple(CardFact(p, code, *v) for (p, code), v in sorted(out.items()))


_settled = False


YOUNG_THRESHOLD = 10_000
"""Allocations between two collections of the youngest generation (Python's default: 700)."""


def settle_heap() -> None:
    """Once per process: collect garbage, then put every object alive now (the card library,
    the decks, imported modules) out of the cyclic garbage collector's reach (``gc.freeze``),
    and let the youngest generation grow to :data:`YOUNG_THRESHOLD` before it is collected.

    Games make many short-lived containers (a planner game clones thousands of states), so
    the collector's passes come often; without this each full pass walks the tens of
    thousands of long-lived objects of the card library again (a quarter of a planner
    game's time), and each young pass walks the searched positions still alive. A game's
    objects hold no reference cycles (reference counting frees them), so fewer passes free
    no less. Objects frozen here are still freed when nothing refers to them; only
    reference cycles among them are never collected.
    """
    global _settled
    if not _settled:
        _settled = True
        gc.collect()
        gc.freeze()
        young, middle, old = gc.get_threshold()
        gc.set_threshold(max(young, YOUNG_THRESHOLD), middle, old)


def agent_rng(seed: int, player: int) -> random.Random:
    """The RNG an agent of ``player`` uses in the game with ``seed`` (independent streams)."""
    return random.Random(seed * 2 + player + 0x5EED)


def play_game(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    seed: int,
    agents: Sequence[str | Agent] = ("random", "random"),
    *,
    first: int | None = None,
    log: bool = False,
    record: bool = False,
    scripts: Scripts | None = None,
    turn_limit: int = DEFAULT_TURN_LIMIT,
    mulligans: Sequence[MulliganPolicy | None] = (None, None),
    card_facts: bool = False,
) -> GameResult:
    """Play one game between two agents (names or objects) and return its result.

    A player with a mulligan policy takes the opening decision from it instead of from its
    agent. ``card_facts`` adds what happened to each card that reached a hand.
    """
    players = [make_agent(a) if isinstance(a, str) else a for a in agents]
    if len(players) != 2:
        raise ValueError("play_game needs exactly two agents")
    game = new_game(
        deck_a, deck_b, seed, first=first, log=log, scripts=scripts, turn_limit=turn_limit
    )
    settle_heap()  # after new_game: the card library is loaded by then
    rngs = (agent_rng(seed, 0), agent_rng(seed, 1))
    moves: list[str] = []
    watch = _CardWatch(game) if card_facts else None
    while game.outcome_ is None:
        d = game.decision
        assert d is not None
        who = d.player
        if watch is not None:
            watch.look()
        legal = game.legal_actions()
        policy = mulligans[who] if game.mulligan_done < 2 else None
        if policy is not None and game.observation(who).decision == "mulligan":
            hand = [game.cards[u].base for u in game.players[who].hand]
            action: Action = KEEP if policy.keep(hand, game.first == who) else REDRAW
        else:
            action = players[who].choose(game.observation(who), legal, rngs[who])
        if record:
            moves.append(str(action))
        for x in legal:
            if action is x:
                game.apply_unchecked(action)
                break
        else:
            game.apply(action)
    outcome = game.outcome_
    if watch is not None:
        watch.look()
    cards = watch.facts() if watch is not None else ()
    return GameResult(
        outcome, game.turn, game.actions_applied, game.first, moves, game.log_lines(), cards
    )


def _named(node: object, kind: type[FromEvolveDeck] | type[EvolveInto]) -> Iterator[str]:
    """Names of the evolve-deck cards an effect tree names through ``kind``: an Advance
    card it puts into play (:class:`FromEvolveDeck`) or an evolved card of another name
    it evolves into (:class:`EvolveInto`)."""
    if isinstance(node, kind):
        yield node.name
    elif isinstance(node, (tuple, list)):
        for item in node:
            yield from _named(item, kind)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from _named(getattr(node, f.name), kind)


def build_evolve_deck(
    main: Iterable[CardRecord],
    pool: Iterable[CardRecord],
    limit: int = EVOLVE_DECK_LIMIT,
    scripts: Scripts | None = None,
) -> list[CardRecord]:
    """An evolve deck for ``main``: same-named evolved followers from ``pool`` (CR 5.16.1.1.1),
    the evolved cards of another name its followers evolve into (CR 12.2), and the Advance
    cards (CR 9.2) its cards' abilities take from the evolve deck.

    Every follower name with an evolved form, every evolved card a follower's evolve
    ability names, and every Advance card a main-deck card names (as many as the cards
    naming it), gets one copy first (most-played first, then
    list order), then a second and a third in the same order, never more copies than the
    main deck plays (at most 3, CR 6.1.1.4), until ``limit`` cards: a follower the deck
    plays is never left unable to evolve because the copies of another filled the deck.
    Where several evolved or Advance cards share a name, the lowest card id is used.
    ``scripts`` (the committed library by default) tells which cards name an Advance card
    or an evolved card of another name.
    """
    scripts = DEFAULT_SCRIPTS if scripts is None else scripts
    evolved: dict[str, CardRecord] = {}
    advance: dict[str, CardRecord] = {}
    for rec in pool:
        kind = {"evolved_follower": evolved, "advance_follower": advance}.get(rec.card_type)
        if kind is not None:
            best = kind.get(rec.name)
            if best is None or rec.card_id < best.card_id:
                kind[rec.name] = rec
    counts: dict[str, int] = {}
    first_seen: dict[str, int] = {}
    for i, rec in enumerate(main):
        names: list[str] = []
        if rec.card_type == "follower" and rec.name in evolved:
            names.append(rec.name)
        script = scripts.get(rec.card_id)
        if script is not None:
            names += [n for n in dict.fromkeys(_named(script.abilities, FromEvolveDeck))
                      if n in advance]  # fmt: skip
            if rec.card_type == "follower":
                names += [n for n in dict.fromkeys(_named(script.abilities, EvolveInto))
                          if n in evolved and n not in names]  # fmt: skip
        for name in names:
            counts[name] = counts.get(name, 0) + 1
            first_seen.setdefault(name, i)
    by_name = {**advance, **evolved}
    order = sorted(counts, key=lambda n: (-counts[n], first_seen[n]))
    out: list[CardRecord] = []
    for copy in range(COPIES):
        for name in order:
            if copy < counts[name] and len(out) < limit:
                out.append(by_name[name])
    rank = {name: i for i, name in enumerate(order)}
    return sorted(out, key=lambda rec: rank[rec.name])  # copies of a name together
