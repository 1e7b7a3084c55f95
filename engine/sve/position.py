"""Set up a game position directly, for rule tests and analysis (like a chess FEN).

>>> from engine.cards import CardRecord
>>> bear = CardRecord("T-1", "Bear", cost=2, attack=2, defense=2)
>>> game = position(fields=([bear], []), pp=(3, 0))
>>> [str(a) for a in game.legal_actions()]
['attack 0>leader', 'end']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CardRecord
from engine.sve.board import DEFAULT_TURN_LIMIT, Card, Player, Zone
from engine.sve.effects.scripts import Scripts
from engine.sve.state import DEFAULT_SCRIPTS, Decision, Kind, State, Step

FILLER = CardRecord("FILLER-1", "Filler", cost=9, attack=1, defense=1)
"""The default deck card: too expensive to play early, so it never gets in the way."""


@dataclass(frozen=True, slots=True)
class OnField:
    """A field card with its state: engaged, or new (came under control this turn)."""

    record: CardRecord
    engaged: bool = False
    new: bool = False
    evolved: CardRecord | None = None
    """Put this evolved card on top (it counts as evolved before this turn)."""


FieldEntry = CardRecord | OnField


def add_card(game: State, player: int, record: CardRecord, zone: Zone) -> int:
    """Create a card owned by ``player`` in ``zone`` (not the field) and return its uid."""
    card = Card(len(game.cards), player, record, zone, token=False)
    card.tok = game.tok  # the state's own (not shared with a clone)
    game.cards.append(card)
    p = game.players[player]
    {
        Zone.DECK: p.deck,
        Zone.HAND: p.hand,
        Zone.EX: p.ex,
        Zone.GRAVE: p.grave,
        Zone.BANISH: p.banish,
        Zone.EVOLVE_DECK: p.evolve_deck,
    }[zone].append(card.uid)
    return card.uid


def add_to_field(game: State, player: int, entry: FieldEntry) -> int:
    """Put a card straight onto ``player``'s field (no Fanfare) and return its uid."""
    spec = entry if isinstance(entry, OnField) else OnField(entry)
    card = Card(len(game.cards), player, spec.record, Zone.FIELD, token=False)
    card.tok = game.tok  # the state's own (not shared with a clone)
    game.cards.append(card)
    card.engaged = spec.engaged
    card.since = game.turn if spec.new else game.turn - 1
    game.players[player].field.append(card.uid)
    if spec.evolved is not None:
        evo = Card(len(game.cards), player, spec.evolved, Zone.EVOLVE_AREA, token=False)
        evo.tok = game.tok
        game.cards.append(evo)
        before, after = spec.record, spec.evolved
        card.atk += (after.attack or 0) - (before.attack or 0)
        card.dfn += (after.defense or 0) - (before.defense or 0)
        card.face = after
        card.fol = evo.fol
        card.kw = evo.kw
        card.evo = evo.uid
    return card.uid


def position(
    *,
    first: int = 0,
    active: int = 0,
    turn: int | None = None,
    hands: tuple[Sequence[CardRecord], Sequence[CardRecord]] = ((), ()),
    fields: tuple[Sequence[FieldEntry], Sequence[FieldEntry]] = ((), ()),
    decks: tuple[Sequence[CardRecord] | int, Sequence[CardRecord] | int] = (20, 20),
    evolve: tuple[Sequence[CardRecord], Sequence[CardRecord]] = ((), ()),
    ex: tuple[Sequence[CardRecord], Sequence[CardRecord]] = ((), ()),
    pp: tuple[int, int] = (0, 0),
    max_pp: tuple[int, int] | None = None,
    ep: tuple[int, int] | None = None,
    sep: tuple[int, int] = (1, 1),
    hp: tuple[int, int] = (20, 20),
    own_turns: tuple[int, int] | None = None,
    seed: int = 0,
    log: bool = False,
    scripts: Scripts | None = None,
    turn_limit: int = DEFAULT_TURN_LIMIT,
) -> State:
    """A game in ``active``'s main phase with exactly the given zones and numbers.

    Field cards are on the field since before this turn unless wrapped in
    ``OnField(new=True)``. Decks are lists (top card last) or a count of filler cards.
    The default turn is the first turn ``active`` can have with ``first`` going first.
    """
    g = State()
    g.seed = seed
    g.scripts = scripts if scripts is not None else DEFAULT_SCRIPTS
    g.turn_limit = turn_limit
    g.first = first
    g.active = active
    if turn is None:
        turn = 1 if active == first else 2
    g.turn = turn
    g.players = [Player(0, None), Player(1, None)]
    g.log = [] if log else None
    default_ep = (0, 3) if first == 0 else (3, 0)
    # Uids in reading order: fields, hands, EX areas, evolve decks, then decks.
    for i in (0, 1):
        for entry in fields[i]:
            add_to_field(g, i, entry)
    for zone, lists in ((Zone.HAND, hands), (Zone.EX, ex), (Zone.EVOLVE_DECK, evolve)):
        for i in (0, 1):
            for rec in lists[i]:
                add_card(g, i, rec, zone)
    for i in (0, 1):
        deck = decks[i]
        for rec in [FILLER] * deck if isinstance(deck, int) else deck:
            add_card(g, i, rec, Zone.DECK)
    for i in (0, 1):
        p = g.players[i]
        p.pp = pp[i]
        p.max_pp = pp[i] if max_pp is None else max_pp[i]
        p.ep = default_ep[i] if ep is None else ep[i]
        p.sep = sep[i]
        p.hp = hp[i]
        if own_turns is None:
            # Turns each player has started by global turn ``turn``.
            mine = (turn + 1) // 2 if i == first else turn // 2
            p.turns = mine
        else:
            p.turns = own_turns[i]
    g.mulligan_done = 2
    g.step = Step.MAIN
    g.decision = Decision(Kind.MAIN, active)
    return g


def follower(
    name: str, cost: int = 1, attack: int = 1, defense: int = 1, *keywords: str
) -> CardRecord:
    """A synthetic follower record (card id ``X-<name>``) for tests and examples."""
    return CardRecord(
        f"X-{name}", name, cost=cost, attack=attack, defense=defense, keywords=tuple(keywords)
    )


def evolved(base: CardRecord, attack: int | None = None, defense: int | None = None) -> CardRecord:
    """The evolved card of ``base``: same name, +2/+2 unless given (CR 5.16.1.1.1)."""
    return CardRecord(
        f"{base.card_id}E",
        base.name,
        card_type="evolved_follower",
        cost=base.cost,
        attack=(base.attack or 0) + 2 if attack is None else attack,
        defense=(base.defense or 0) + 2 if defense is None else defense,
    )


def spell(name: str, cost: int = 1, *keywords: str) -> CardRecord:
    """A synthetic spell record."""
    return CardRecord(f"X-{name}", name, card_type="spell", cost=cost, keywords=tuple(keywords))


def amulet(name: str, cost: int = 1) -> CardRecord:
    """A synthetic amulet record."""
    return CardRecord(f"X-{name}", name, card_type="amulet", cost=cost)
