"""Importer for the SVEN trilingual set files (``{"format": 1, "set": ..., "cards": [...]}``).

They add English names and the card-level Quick icon, which the Japanese dump lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardpool import normalise
from cardpool.errors import InputError
from cardpool.identities import PrintedCard, build_pool
from cardpool.model import CardRow, PoolData

_TYPES = {"follower", "spell", "amulet", "leader", "equipment"}


def looks_like(doc: Any) -> bool:
    """Whether parsed JSON has the SVEN set-file shape."""
    return isinstance(doc, dict) and isinstance(doc.get("cards"), list) and "set" in doc


def read_document(doc: dict[str, Any], *, path: Path) -> PoolData:
    """Build a pool from one SVEN set file."""
    printed: list[PrintedCard] = []
    for i, card in enumerate(doc["cards"]):
        if not isinstance(card, dict):
            raise InputError(f"card {i + 1} is not an object", path=path)
        printed.extend(_printings(card, path=path, index=i))
    return build_pool(printed)


def _printings(card: dict[str, Any], *, path: Path, index: int) -> list[PrintedCard]:
    where = f"card {index + 1}"
    try:
        names = card["names"]
        base_type = str(card["type"]).lower()
        codes = [str(c) for c in card.get("printings") or [card["id"]]]
    except (KeyError, TypeError) as err:
        raise InputError(f"{where} lacks field {err}", path=path) from None
    if base_type not in _TYPES:
        raise InputError(f"{where}: unknown type {base_type!r}", path=path)
    special = "evolved" if card.get("evolved") else "token" if card.get("token") else None
    texts = card.get("text") or {}
    text_ja = str(texts.get("ja") or "")
    text_en = str(texts.get("en") or "")
    keywords = list(normalise.keywords_in(text_ja))
    if "{[quick]}" in text_en and "quick" not in keywords:
        keywords.append("quick")  # CR 12.3: the card-level Quick icon
    try:
        row = CardRow(
            game="sve",
            card_id=codes[0],
            name=str(names.get("ja") or names.get("en")).strip(),
            name_en=names.get("en"),
            card_type=f"{special}_{base_type}" if special else base_type,
            card_class=normalise.class_id(str(card.get("class") or "-")),
            cost=normalise.stat(card.get("cost")),
            attack=normalise.stat(card.get("attack")),
            defense=normalise.stat(card.get("defense")),
            traits=tuple(str(t) for t in card.get("traits") or ()),
            keywords=tuple(keywords),
            set_code=normalise.set_code(codes[0]),
            text=text_ja or None,
        )
    except (ValueError, AttributeError) as err:
        raise InputError(f"{where}: {err}", path=path) from None
    return [PrintedCard(code=code, row=row) for code in codes]
