"""A deck as a player writes it: codes as printed, counts per section."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardpool.errors import InputError

GAMES = ("sve", "riftbound")
SVE_REGIONS = ("asia", "en")
"""Regions with an SVE restriction list of their own."""
SVE_FORMATS = ("standard", "crosscraft")
"""SVE formats with construction rules and a restriction list."""


def known(
    value: str, allowed: tuple[str, ...], what: str, *, path: str | Path | None = None,
    line: int | None = None,
) -> str:  # fmt: skip
    """``value`` in lower case when it is one of ``allowed``, else an error naming both.

    A misspelt region or format must never pass as "no restriction list applies".

    >>> known("Asia", SVE_REGIONS, "region")
    'asia'
    """
    folded = value.strip().lower()
    if folded not in allowed:
        raise InputError(
            f"unknown {what} {value[:40]!r}; the known ones are {', '.join(allowed)}",
            path=path,
            line=line,
        )
    return folded


SECTIONS = ("leader", "main", "evolve")
RIFTBOUND_SECTIONS = ("legend", "champion", "main", "runes", "battlefields", "sideboard")
"""Riftbound: the legend, the chosen champion, the Main Deck (without the champion), the Rune
Deck, the battlefields and the sideboard (CR 103)."""


@dataclass
class Deck:
    """One deck: game, format, region, leader(s), main deck and evolve deck (codes as written)."""

    game: str = "sve"
    format: str = "standard"
    region: str = "asia"
    name: str = ""
    leaders: dict[str, int] = field(default_factory=dict)
    """Leader codes and counts: a legal SVE deck has exactly one (CR 6.1.1.1)."""
    main: dict[str, int] = field(default_factory=dict)
    evolve: dict[str, int] = field(default_factory=dict)
    notes: str = ""
    flat: bool = False
    """Read from a sectionless ``{code: count}`` map: sections are assigned by card type."""
    legend: dict[str, int] = field(default_factory=dict)
    """Riftbound: the Champion Legend (CR 103.1)."""
    champion: dict[str, int] = field(default_factory=dict)
    """Riftbound: the Chosen Champion, kept out of ``main`` (it starts outside the deck)."""
    runes: dict[str, int] = field(default_factory=dict)
    battlefields: dict[str, int] = field(default_factory=dict)
    sideboard: dict[str, int] = field(default_factory=dict)

    @property
    def leader(self) -> str | None:
        """The leader's code when there is exactly one leader card."""
        if len(self.leaders) == 1 and next(iter(self.leaders.values())) == 1:
            return next(iter(self.leaders))
        return None

    def section(self, name: str) -> dict[str, int]:
        """The ``leader``, ``main`` or ``evolve`` section (or a Riftbound section)."""
        if name == "leader":
            return self.leaders
        if name == "main":
            return self.main
        if name == "evolve":
            return self.evolve
        if name in RIFTBOUND_SECTIONS:
            cards: dict[str, int] = getattr(self, name)
            return cards
        raise KeyError(name)

    def add(self, section: str, code: str, count: int = 1) -> None:
        """Add ``count`` copies of ``code`` to a section (a count reaching 0 removes it)."""
        cards = self.section(section)
        total = cards.get(code, 0) + count
        if total > 0:
            cards[code] = total
        else:
            cards.pop(code, None)

    @property
    def main_count(self) -> int:
        """Cards in the main deck."""
        return sum(self.main.values())

    @property
    def evolve_count(self) -> int:
        """Cards in the evolve deck."""
        return sum(self.evolve.values())
