"""Rows of the card pool as stored: card identities, printings and restriction entries."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

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
    text_en: str | None = field(default=None, compare=False)
    """The official English text (SVEN), icons as ``{[fanfare]}`` tokens; never in the snapshot."""
    preview: bool = False
    """Printed in a set still being previewed: its facts may change before release."""
    union_burst: tuple[int, ...] = ()
    """Positions among the text's own lines (``engine.cards.text_lines``) of the abilities
    printed with the Union Burst label (CR 14.5.1.1), which the Japanese dump lost."""
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
            text_en=self.text_en,
            union_burst=self.union_burst,
        )

    def facts_only(self) -> CardRow:
        """This row without the publisher's ability text (what the repository may carry)."""
        return replace(self, text=None, text_en=None, union_burst=())


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


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A fact on which the Japanese dump and SVEN differ; the dump's value is kept."""

    card_id: str
    name: str
    field: str
    kept: str
    """The Japanese dump's value (what the pool holds)."""
    other: str
    """SVEN's value."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "card_id": self.card_id,
            "name": self.name,
            "field": self.field,
            "cards_ja": self.kept,
            "sven": self.other,
        }
