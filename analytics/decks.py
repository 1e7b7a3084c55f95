"""Decks as the engine sees them: card records for leader, main deck and evolve deck."""

from __future__ import annotations

import dataclasses

from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.legality import assign_sections
from cardpool.pool import PoolIndex
from engine.cards import CardRecord
from engine.sve import DeckSpec, coverage
from engine.sve.runner import build_evolve_deck

MIN_PLAYABLE = 4
"""A game deals 4 cards at once (CR 6.2.1.7); a smaller deck cannot start."""


def records(pool: PoolIndex, codes: dict[str, int], where: str) -> list[CardRecord]:
    """One record per copy, in list order; unknown codes raise ``InputError`` with suggestions."""
    out: list[CardRecord] = []
    for code, count in codes.items():
        rec = pool.record(code)
        if rec is None:
            hint = pool.suggest(code)
            extra = f" (did you mean {', '.join(hint)}?)" if hint else ""
            raise InputError(f"{where}: unknown card code {code!r}{extra}")
        out.extend([rec] * count)
    return out


def deck_spec(deck: Deck, pool: PoolIndex, *, where: str = "deck") -> DeckSpec:
    """The engine's view of a deck; an empty evolve deck is built from its evolvable followers."""
    deck = assign_sections(deck, pool)
    main = records(pool, deck.main, f"{where} main deck")
    if len(main) < MIN_PLAYABLE:
        raise InputError(
            f"{where}: the main deck has {len(main)} cards; a game needs at least {MIN_PLAYABLE}"
        )
    evolve = records(pool, deck.evolve, f"{where} evolve deck")
    if not evolve:
        evolve = build_evolve_deck(main, pool.records.values())
    leader = pool.record(deck.leader) if deck.leader else None
    return DeckSpec(main=main, evolve=evolve, leader=leader)


def as_played(deck: Deck, pool: PoolIndex) -> tuple[Deck, bool]:
    """The deck as a simulation plays it, and whether its evolve deck was built for it.

    A deck without an evolve deck gets the one ``deck_spec`` builds (same-named evolved
    followers, by ``card_id``); any other deck is returned as it is.
    """
    deck = assign_sections(deck, pool)
    if deck.evolve or not deck.main:
        return deck, False
    main = [rec for code, n in deck.main.items() if (rec := pool.record(code)) for _ in range(n)]
    built: dict[str, int] = {}
    for rec in build_evolve_deck(main, pool.records.values()):
        built[rec.card_id] = built.get(rec.card_id, 0) + 1
    if not built:
        return deck, False
    return dataclasses.replace(deck, evolve=built), True


def unmodelled_cards(deck: Deck, pool: PoolIndex) -> list[tuple[str, str, str]]:
    """Cards of a deck whose abilities the engine does not fully model: (id, name, status).

    Status is ``partial`` (some abilities run), ``none`` (played as its stats and keywords)
    or ``unknown`` (not in the engine's compiled library). A deck without an evolve deck
    is played with one built from its followers (:func:`deck_spec`): those cards count.
    """
    ids: list[str] = []
    for section in ("leader", "main", "evolve"):
        for code in deck.section(section):
            cid = pool.card_id(code)
            if cid is not None and cid not in ids:
                ids.append(cid)
    if not deck.section("evolve") and deck.main:
        try:
            built = deck_spec(deck, pool).evolve
        except InputError:  # an unknown code or too few cards: nothing is played
            built = []
        ids += [r.card_id for r in dict.fromkeys(built) if r.card_id not in ids]
    out = []
    for cid in coverage.unmodelled(ids):
        row = pool.rows.get(cid)
        out.append((cid, row.name if row else cid, coverage.status(cid)))
    return out


def unmodelled_in(decks: list[Deck], pool: PoolIndex) -> list[dict[str, str]]:
    """The cards of these decks the engine does not fully model, each once."""
    seen: dict[str, dict[str, str]] = {}
    for deck in decks:
        for cid, name, status in unmodelled_cards(deck, pool):
            seen.setdefault(cid, {"card": cid, "name": name, "status": status, "deck": deck.name})
    return list(seen.values())
