"""Rows of the card pool as stored: card identities, printings and restriction entries."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

from engine.cards import CardRecord

DEFAULT_COPY_LIMIT = 3
"""At most 3 cards of one name in each deck (CR 6.1.1.4), unless a card's text says more."""


@dataclass(frozen=True, slots=True)
class CardRow:
    """One card identity (every printing of one card shares it)."""

    game: str
    card_id: str
    name: str
    card_type: str
    card_class: str | None = None
    title: str | None = None
    cost: int | None = None
    attack: int | None = None
    defense: int | None = None
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    max_copies: int = DEFAULT_COPY_LIMIT
    """Copies of this name allowed per deck: 3 (CR 6.1.1.4) or what the card's text allows."""
    set_code: str = ""
    class_ja: str | None = None
    type_ja: str | None = None
    name_en: str | None = None
    text: str | None = field(default=None, compare=False)
    """Ability text: only after a user imports a full dump; never in the embedded snapshot."""
    extra: str | None = None
    """Game-specific facts as a JSON object (Riftbound: domains, energy, power, might, ...)."""

    @property
    def key(self) -> tuple[str, str, str]:
        """Identity key: printings with the same name and type are one card."""
        return (self.game, self.name, self.card_type)

    @property
    def special(self) -> str | None:
        """The special kind of the type (``evolved``, ``advance``, ``token``) or ``None``."""
        head, sep, _ = self.card_type.rpartition("_")
        return head if sep else None

    def to_record(self) -> CardRecord:
        """The plain record handed to the engine and the analytics."""
        return CardRecord(
            card_id=self.card_id,
            name=self.name,
            game=self.game,
            card_class=self.card_class,
            card_type=self.card_type,
            cost=self.cost,
            attack=self.attack,
            defense=self.defense,
            traits=self.traits,
            keywords=self.keywords,
            title=self.title,
            text=self.text,
        )

    def facts_only(self) -> CardRow:
        """This row without the publisher's ability text (what the repository may carry)."""
        return replace(self, text=None)


@dataclass(frozen=True, slots=True)
class PrintingRow:
    """One printed code and the identity it belongs to."""

    game: str
    code: str
    card_id: str


@dataclass(frozen=True, slots=True)
class RestrictionRow:
    """One entry of a restriction list: ``max_copies`` 0 is banned, 1 is limited."""

    game: str
    region: str
    format: str
    card_id: str
    max_copies: int
    since: date
    listed_code: str
    name: str = ""
    note: str = ""


@dataclass(slots=True)
class PoolData:
    """A whole card pool in memory, as importers produce it and the store saves it."""

    cards: list[CardRow] = field(default_factory=list)
    printings: list[PrintingRow] = field(default_factory=list)
