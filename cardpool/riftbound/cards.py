"""Riftbound card facts: codes, official names, types, domains and the facts in ``extra``.

A Riftbound card is stored as a ``CardRow`` of game ``riftbound``:

- ``card_id``: the canonical printed code (``OGN-030``), ``card_type`` one of ``TYPES``;
- ``card_class``: the domains, lower case, joined by ``/`` in printed order (``fury/chaos``;
  ``colorless`` for battlefields and tokens);
- ``title``: the champion tag that links a legend, its champion units and its signature cards;
- ``traits``: every tag (champion, region, species); ``keywords``: ``[Bracketed]`` keywords;
- ``cost`` energy, ``attack`` might; ``extra`` a JSON object with ``domains``, ``energy``,
  ``power``, ``might``, ``supertype``, ``tags``, ``rarity``, ``set`` and ``errata``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from cardpool.model import CardRow

DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")
COLORLESS = "colorless"
TYPES = (
    "legend", "champion_unit", "unit", "spell", "gear", "rune", "battlefield", "token_unit",
    "token_gear",
)  # fmt: skip
MAIN_DECK_TYPES = frozenset({"champion_unit", "unit", "spell", "gear"})
"""Types a Main Deck may hold (CR 103.2: a Chosen Champion Unit, Units, Gear and Spells)."""
SET_ORDER = ("OGN", "OGS", "SFD", "UNL", "VEN", "RAD")
"""Main sets in release order; promos (OPP, PR, JDG) come after them."""
ANY_NUMBER = 99
"""Copy limit of a card whose text lets a deck hold any number of it (CR 002, e.g. Spiderling)."""

_CODE = re.compile(r"^([A-Za-z]{2,4})-((?:R|SP|T)?)(\d+)([a-z*]?)(?:-(\d+))?$", re.IGNORECASE)
_RIFTBOUND_ID = re.compile(r"^([a-z]{2,4})-((?:r|sp|t)?)(\d+)([a-z*]?)(?:-(\d+))?(?:--[0-9a-f]+)?$")
_SUFFIX = re.compile(r"\s+\([^()]*\)$")
_NUMBER_IN_NAME = re.compile(r"\s+\(\d+\)")
_KEYWORD = re.compile(r"\[([A-Z][A-Za-z\- ]+?)(?: \d+)?\]")
_ANY_NUMBER_TEXT = re.compile(r"any number of cards named", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class RiftFacts:
    """The Riftbound facts of one card, read from ``CardRow.extra``."""

    domains: tuple[str, ...] = ()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    supertype: str | None = None
    tags: tuple[str, ...] = ()
    rarity: str | None = None
    set_code: str = ""

    @property
    def signature(self) -> bool:
        """Whether the card is a Signature card (CR 103.2.d)."""
        return self.supertype == "signature"


def facts(row: CardRow) -> RiftFacts:
    """The Riftbound facts of a stored card (empty facts for a row without ``extra``)."""
    if not row.extra:
        return RiftFacts()
    doc: dict[str, Any] = json.loads(row.extra)
    return RiftFacts(
        domains=tuple(doc.get("domains") or ()),
        energy=doc.get("energy"),
        power=doc.get("power"),
        might=doc.get("might"),
        supertype=doc.get("supertype"),
        tags=tuple(doc.get("tags") or ()),
        rarity=doc.get("rarity"),
        set_code=str(doc.get("set") or ""),
    )


def domains_of(row: CardRow) -> tuple[str, ...]:
    """A card's domains (``()`` for colorless cards), from ``card_class``."""
    if not row.card_class or row.card_class == COLORLESS:
        return ()
    return tuple(row.card_class.split("/"))


def code_from_riftbound_id(riftbound_id: str) -> str | None:
    """A Riftcodex id as a printed code: ``ogn-007a-298`` -> ``OGN-007a``.

    A ``--<hex>`` suffix (a Riftcodex object id) is dropped. Promo sets (OPP, PR, JDG) reuse
    the numbers of the set they promote, so their codes keep that set's size
    (``opp-001-219`` -> ``OPP-001-219``). ``None`` if it is not an id.

    >>> code_from_riftbound_id("ogn-303*-298"), code_from_riftbound_id("ven-sp2-006")
    ('OGN-303*', 'VEN-SP2')
    """
    match = _RIFTBOUND_ID.match(riftbound_id.strip().lower())
    if not match:
        return None
    set_id, prefix, number, variant, size = match.groups()
    code = f"{set_id.upper()}-{prefix.upper()}{number}{variant}"
    if size and set_id.upper() not in SET_ORDER:
        code += f"-{size}"
    return code


def split_code(code: str) -> tuple[str, str, int, str] | None:
    """``OGN-007a`` -> (``OGN``, ``""``, 7, ``a``); ``SFD-R02`` -> (``SFD``, ``R``, 2, ``""``)."""
    match = _CODE.match(code.strip())
    if not match:
        return None
    set_id, prefix, number, variant, _ = match.groups()
    return set_id.upper(), prefix.upper(), int(number), variant.lower()


def is_code(text: str) -> bool:
    """Whether ``text`` looks like a Riftbound card code (``OGN-007a``, ``VEN-R01``)."""
    return split_code(text) is not None


def code_sort_key(code: str) -> tuple[int, int, int, int, str]:
    """Preference for a card's canonical code: base print, main set by release, low number."""
    parts = split_code(code)
    if parts is None:
        return (2, 99, 0, 0, code)
    set_id, prefix, number, variant = parts
    rank = SET_ORDER.index(set_id) if set_id in SET_ORDER else len(SET_ORDER)
    return (1 if variant else 0, rank, 1 if prefix else 0, number, code)


def official_name(raw: str) -> str:
    """The printed name without Riftcodex decorations, in the official comma style.

    >>> official_name("Jinx - Demolitionist (Alternate Art)")
    'Jinx, Demolitionist'
    >>> official_name("Recruit (271) // Buff")
    'Recruit // Buff'
    """
    name = raw.strip()
    while _SUFFIX.search(name):
        name = _SUFFIX.sub("", name)
    name = _NUMBER_IN_NAME.sub("", name)
    return name.replace(" - ", ", ").strip()


def name_key(name: str) -> str:
    """A name for lookups: official style, case-folded, straight apostrophes, single spaces."""
    name = official_name(name).replace("’", "'")
    return re.sub(r"\s+", " ", name).casefold()


def keywords_in(text: str) -> tuple[str, ...]:
    """Keyword ids marked ``[Keyword]`` or ``[Keyword N]`` in card text, first-seen order.

    >>> keywords_in("[Accelerate][Assault 2] When you play me... [Quick-Draw]")
    ('accelerate', 'assault', 'quick_draw')
    """
    found: list[str] = []
    for name in _KEYWORD.findall(text):
        kid = name.strip().lower().replace("-", "_").replace(" ", "_")
        if kid in ("no_text",) or kid in found:
            continue
        found.append(kid)
    return tuple(found)


def copy_limit(text: str) -> int | None:
    """A copy limit the card's own text sets (CR 002: card text beats the rules), or ``None``."""
    return ANY_NUMBER if _ANY_NUMBER_TEXT.search(text) else None


def label(row: CardRow) -> str:
    """How a card is named in messages: code and name."""
    return f"{row.card_id} {row.name}"
