"""Plain card records: the only card data the engines ever see.

``cardpool`` builds these from DuckDB; the engine never imports ``cardpool``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

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
    union_burst: tuple[int, ...] = field(default=(), compare=False)
    """Positions among :func:`text_lines` of ``text`` of the abilities printed with the Union
    Burst label (CR 14.5.1.1); the Japanese text lost the label, other card data kept it."""

    def __reduce__(self) -> tuple[type[CardRecord], tuple[Any, ...]]:
        """Pickled as its fields (runs send decks to workers), the same compiled or not."""
        return CardRecord, (
            self.card_id, self.name, self.game, self.card_class, self.card_type, self.cost,
            self.attack, self.defense, self.traits, self.keywords, self.title, self.text,
            self.text_en, self.union_burst,
        )  # fmt: skip

    @property
    def base_type(self) -> str:
        """The type without its special kind: ``evolved_follower`` -> ``follower``."""
        return self.card_type.rsplit("_", 1)[-1]

    @property
    def special(self) -> str | None:
        """The special kind (``evolved``, ``advance``, ``token``) or ``None``."""
        head, sep, _ = self.card_type.rpartition("_")
        return head if sep else None


_TOKEN_RULE = re.compile(r"^[―─]{3,}")
_HYPHEN_RULE = re.compile(r"^-{3,}$")


def text_lines(text: str | None) -> list[str]:
    """A card text's own lines as printed: token definitions (the lines opening with a
    token's name after a ``―――`` line), rule lines and blank lines left out. Card data of
    other sources lays out the same lines, so a position among them names one ability in
    every source.

    >>> text_lines("A\\n----------\\nB\\n―――――\\n『T』 token")
    ['A', 'B']
    """
    lines: list[str] = []
    tokens = False
    for raw in (text or "").splitlines():
        line = raw.strip()
        if _TOKEN_RULE.match(line):
            tokens = True
        elif line and not _HYPHEN_RULE.match(line) and not (tokens and line.startswith("『")):
            lines.append(line)
    return lines
