"""One face over each game's deck rules: sections, reading, judging and writing a deck.

Pages and commands that serve both games ask ``rules(game)`` instead of branching on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from cardpool import decklist, legality
from cardpool.deck import GAMES as GAMES
from cardpool.deck import RIFTBOUND_SECTIONS, SECTIONS, SVE_REGIONS, Deck
from cardpool.errors import InputError
from cardpool.legality import Violation
from cardpool.model import CardRow, RestrictionRow
from cardpool.pool import PoolIndex
from cardpool.riftbound import deckcode
from cardpool.riftbound import decklist as rift_decklist
from cardpool.riftbound import legality as rift_legality

GAME_NAMES = {"sve": "Shadowverse EVOLVE", "riftbound": "Riftbound"}


class Verdict(Protocol):
    """What both games' verdicts share."""

    @property
    def legal(self) -> bool: ...
    @property
    def errors(self) -> tuple[Violation, ...]: ...
    @property
    def warnings(self) -> tuple[Violation, ...]: ...
    @property
    def main_count(self) -> int: ...
    def as_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameRules:
    """A game's deck sections, formats and the functions that read, judge and write decks."""

    game: str
    sections: tuple[str, ...]
    export_formats: tuple[str, ...]
    regions: tuple[str, ...]
    parse: Callable[[str, PoolIndex], Deck]
    judge: Callable[[Deck, PoolIndex, Iterable[RestrictionRow], date], Verdict]
    write: Callable[[Deck, str, PoolIndex], str]
    section_for: Callable[[CardRow], str]
    sizes: Callable[[Verdict], dict[str, str]]
    """Counts to show, e.g. ``{"Main deck": "40 / 40-50"}``."""
    basis: Callable[[Verdict], str | None]
    """The class, title or domains the deck is built on."""

    @property
    def name(self) -> str:
        """The game's full name."""
        return GAME_NAMES[self.game]

    def empty_deck(self) -> Deck:
        """A new deck of this game."""
        if self.game == "riftbound":
            return Deck(game="riftbound", format="duel", region="global")
        return Deck()


def _names(pool: PoolIndex) -> Callable[[str], str | None]:
    def name(code: str) -> str | None:
        row = pool.row(code)
        return row.name if row else None

    return name


def _sve_write(deck: Deck, fmt: str, pool: PoolIndex) -> str:
    return decklist.write_deck(deck, fmt, _names(pool) if fmt == "text" else None)


def _sve_section(row: CardRow) -> str:
    if row.card_type == "leader":
        return "leader"
    if row.special in ("evolved", "advance"):
        return "evolve"
    return "main"


def _sve_sizes(verdict: Verdict) -> dict[str, str]:
    d = verdict.as_dict()
    return {"Main deck": f"{d['main_count']} / 40-50", "Evolve deck": f"{d['evolve_count']} / 0-10"}


def _rift_parse(text: str, pool: PoolIndex) -> Deck:
    decks = rift_decklist.parse_decks(text, path="pasted list")
    if len(decks) != 1:
        raise InputError(f"the list holds {len(decks)} decks; paste one")
    return decks[0]


def _rift_write(deck: Deck, fmt: str, pool: PoolIndex) -> str:
    if fmt == "text":
        return rift_decklist.to_text(deck, _names(pool))
    if fmt == "json":
        return rift_decklist.to_json(deck)
    if fmt == "deckcode":
        return deckcode.encode_deck(deck, pool) + "\n"
    raise InputError(f"unknown Riftbound deck format {fmt!r}")


def _rift_section(row: CardRow) -> str:
    return {"legend": "legend", "rune": "runes", "battlefield": "battlefields"}.get(
        row.card_type, "main"
    )


def _rift_sizes(verdict: Verdict) -> dict[str, str]:
    d = verdict.as_dict()
    return {
        "Main deck": f"{d['main_count']} / 40",
        "Runes": f"{d['rune_count']} / 12",
        "Battlefields": f"{d['battlefield_count']} / 3",
    }


def _sve_judge(deck: Deck, pool: PoolIndex, rows: Iterable[RestrictionRow], on: date) -> Verdict:
    return legality.validate(deck, pool, rows, on=on)


def _rift_judge(deck: Deck, pool: PoolIndex, rows: Iterable[RestrictionRow], on: date) -> Verdict:
    return rift_legality.validate(deck, pool, rows, on=on)


def _basis(verdict: Verdict) -> str | None:
    d = verdict.as_dict()
    return d.get("title") or d.get("class")


_RULES = {
    "sve": GameRules(
        game="sve",
        sections=SECTIONS,
        export_formats=decklist.FORMATS,
        regions=SVE_REGIONS,
        parse=lambda text, pool: legality.assign_sections(
            decklist.parse_deck(text, path="pasted list"), pool
        ),
        judge=_sve_judge,
        write=_sve_write,
        section_for=_sve_section,
        sizes=_sve_sizes,
        basis=_basis,
    ),
    "riftbound": GameRules(
        game="riftbound",
        sections=RIFTBOUND_SECTIONS,
        export_formats=("text", "json", "deckcode"),
        regions=("global",),
        parse=_rift_parse,
        judge=_rift_judge,
        write=_rift_write,
        section_for=_rift_section,
        sizes=_rift_sizes,
        basis=_basis,
    ),
}


def rules(game: str) -> GameRules:
    """The deck rules of ``game`` (``sve`` or ``riftbound``)."""
    try:
        return _RULES[game]
    except KeyError:
        raise InputError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}") from None
