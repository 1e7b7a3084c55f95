"""Importer for the SVEN trilingual set files (``{"format": 1, "set": ..., "cards": [...]}``).

They add English names and the card-level Quick icon, which the Japanese dump lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardpool import normalise
from cardpool.errors import InputError
from cardpool.identities import PrintedCard, build_pool, check_unique_codes
from cardpool.model import CardRow, PoolData
from cardpool.readers import card_code, card_name

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
    check_unique_codes(printed, path=path)
    return build_pool(printed)


def _printings(card: dict[str, Any], *, path: Path, index: int) -> list[PrintedCard]:
    where = f"card {index + 1}"
    missing = [f for f in ("id", "names", "type") if f not in card]
    if missing:
        raise InputError(f"{where} lacks field(s) {', '.join(missing)}", path=path)
    first = card_code(card["id"], where=where, path=path)
    where = f"card {index + 1} ({first})"
    names = _object(card["names"], "names", where, path)
    printings = card.get("printings")
    if printings is None:
        printings = [first]
    if not isinstance(printings, list) or not printings:
        raise InputError(f"{where}: 'printings' must be a list of card codes", path=path)
    codes = [card_code(c, where=f"{where} 'printings'", path=path) for c in printings]
    base_type = str(card["type"]).lower()
    if base_type not in _TYPES:
        raise InputError(f"{where}: unknown type {base_type!r}", path=path)
    special = "evolved" if card.get("evolved") else "token" if card.get("token") else None
    texts = _object(card.get("text") or {}, "text", where, path)
    text_ja = str(texts.get("ja") or "")
    text_en = str(texts.get("en") or "")
    keywords = list(normalise.keywords_in(text_ja))
    if "{[quick]}" in text_en and "quick" not in keywords:
        keywords.append("quick")  # CR 12.3: the card-level Quick icon
    name_en = names.get("en")
    traits = card.get("traits") or ()
    if not isinstance(traits, (list, tuple)):
        raise InputError(f"{where}: 'traits' must be a list", path=path)
    try:
        row = CardRow(
            game="sve",
            card_id=codes[0],
            name=card_name(names.get("ja") or name_en, where=where, path=path),
            name_en=None if name_en is None else card_name(name_en, where=where, path=path),
            card_type=f"{special}_{base_type}" if special else base_type,
            card_class=normalise.class_id(str(card.get("class") or "-")),
            cost=normalise.stat(card.get("cost"), "cost"),
            attack=normalise.stat(card.get("attack"), "attack"),
            defense=normalise.stat(card.get("defense"), "defense"),
            traits=tuple(str(t) for t in traits),
            keywords=tuple(keywords),
            set_code=normalise.set_code(codes[0]),
            text=text_ja or None,
        )
    except ValueError as err:
        raise InputError(f"{where}: {err}", path=path) from None
    return [PrintedCard(code=code, row=row) for code in codes]


def _object(value: Any, field: str, where: str, path: Path) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError(
            f"{where}: {field!r} must be an object by language, not {str(value)[:40]!r}",
            path=path,
        )
    return value
