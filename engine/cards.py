"""Plain card records: the only card data the engines ever see.

``cardpool`` builds these from DuckDB; the engine never imports ``cardpool``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CardId = str
"""A card identity: the canonical printed code shared by every printing of one card."""


@dataclass(frozen=True, slots=True)
class CardRecord:
    """Facts about one card identity, as the rules need them."""

    card_id: CardId
    """Canonical code, e.g. ``BP01-001``."""
    name: str
    """Printed name (the copy limit counts cards of one name together)."""
    game: str = "sve"
    """``sve`` or ``riftbound``."""
    card_class: str | None = None
    """SVE class id (``forest``, ``sword``, ... ``neutral``); ``None`` for title-only cards."""
    card_type: str = "follower"
    """Normalised type id: ``follower``, ``spell``, ``amulet``, ``leader``,
    ``evolved_follower``, ``advance_follower``, ``token_follower``, ..."""
    cost: int | None = None
    attack: int | None = None
    defense: int | None = None
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    """Keyword ids parsed from the ability text (``ward``, ``storm``, ``fanfare``, ...)."""
    title: str | None = None
    """Title id for collaboration cards (``uma_musume``, ``priconne``, ...)."""
    text: str | None = field(default=None, compare=False)
    """Ability text where the user imported a full dump; ``None`` from the embedded snapshot."""
    text_en: str | None = field(default=None, compare=False)
    """The official English text (SVEN, icons as ``{[fanfare]}``), where imported: it settles
    what the Japanese leaves open (how far an "if" reaches)."""

    @property
    def base_type(self) -> str:
        """The type without its special kind: ``evolved_follower`` -> ``follower``."""
        return self.card_type.rsplit("_", 1)[-1]

    @property
    def special(self) -> str | None:
        """The special kind (``evolved``, ``advance``, ``token``) or ``None``."""
        head, sep, _ = self.card_type.rpartition("_")
        return head if sep else None
