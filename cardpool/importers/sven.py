"""Importer for the SVEN trilingual set files (``{"format": 1, "set": ..., "cards": [...]}``).

A SVEN file is a full card source: every card of the set with its printings (alternate
printings of other products included), evolved cards, tokens and leaders. It also keeps
what the Japanese dump lost: the card-level Quick icon, the Union Burst labels, the
English names and the official English text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardpool import normalise
from cardpool.errors import InputError
from cardpool.identities import PrintedCard, build_pool, check_unique_codes
from cardpool.importers.sve_ja import TOKEN_SECTION, copy_limit
from cardpool.importers.sven_text import UNION_BURST, compiler_text
from cardpool.model import CardRow, PoolData
from cardpool.readers import card_code, card_name
from engine.cards import text_lines

_TYPES = {"follower", "spell", "amulet", "leader", "equipment", "crest"}
BACK_FACE = "_back"
"""The id suffix of a two-faced card's second face: not a card of its own (CR 2.15.2.1)."""
UNAVAILABLE = "unavailable"
"""What a preview set writes where the English is not out yet."""
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
"""Kana or kanji: a few files hold Japanese in their English fields."""
_QUICK_EN = "{[quick]}"
_QUICK_JA = re.compile(r"^[《【]?クイック[》】]?$")
"""The card-level Quick icon (CR 12.3.2.1): a line of its own in either language."""
_QUICK_ABILITY = re.compile(r"[《【]Q[》】]")
"""The marker of a Quick activated ability (CR 12.3.3.1)."""
_UNION_BURST_EN = "{[ub]}"
_UNION_BURST_JA = ("UB", UNION_BURST)
"""The Union Burst label (CR 14.5.1.1.3) opening an ability line (an ability that refers to
Union Burst abilities names the label later in its line)."""
UNIVERSE_TITLES = {
    "umamusume": "uma_musume",
    "cinderellaGirls": "cinderella_girls",
    "vanguard": "vanguard",
    "princessConnect": "priconne",
}
"""SVEN's ``universe`` field to our title ids."""
CLASS_JA = {cid: ja for ja, cid in normalise.CLASS_IDS.items()}
BASE_TYPE_JA = {tid: ja for ja, tid in normalise.BASE_TYPE_IDS.items()}
SPECIAL_JA = {sid: ja for ja, sid in normalise.SPECIAL_IDS.items()}


def looks_like(doc: Any) -> bool:
    """Whether parsed JSON has the SVEN set-file shape."""
    return isinstance(doc, dict) and isinstance(doc.get("cards"), list) and "set" in doc


def read_document(doc: dict[str, Any], *, path: Path) -> PoolData:
    """Build a pool from one SVEN set file (second faces of two-faced cards left out)."""
    return build_pool(printed_cards(doc, path=path))


def printed_cards(doc: dict[str, Any], *, path: Path) -> list[PrintedCard]:
    """Every printing of one SVEN set file with its card's facts."""
    printed: list[PrintedCard] = []
    for i, card in enumerate(doc["cards"]):
        if not isinstance(card, dict):
            raise InputError(f"card {i + 1} is not an object", path=path)
        if isinstance(card.get("id"), str) and card["id"].endswith(BACK_FACE):
            continue
        printed.extend(_printings(card, path=path, index=i))
    check_unique_codes(printed, path=path)
    return printed


def english(value: Any) -> str | None:
    """An English field as the card says it: ``None`` when unavailable, blank or Japanese."""
    if not isinstance(value, str):
        return None
    text = value.replace("\r\n", "\n").strip()
    if not text or text == UNAVAILABLE or _JAPANESE.search(text):
        return None
    return text


def quick_icon(text_ja: str, text_en: str | None) -> bool:
    """Whether the card itself has Quick: the icon on a line of its own (CR 12.3.2.1).

    A Quick activated ability (``{[quick]} Activate ...``) or a Quick granted under a
    condition is not the card's icon.

    >>> quick_icon("クイック\\n1枚引く。", None), quick_icon("", "{[quick]} Activate ...")
    (True, False)
    """
    if text_en and any(line.strip() == _QUICK_EN for line in text_en.splitlines()):
        return True
    return any(_QUICK_JA.match(line.strip()) for line in text_ja.splitlines())


def union_burst_lines(text_ja: str, text_en: str | None) -> tuple[int, ...]:
    """Positions among the text's own lines (``text_lines``) that carry the Union Burst label.

    >>> union_burst_lines("UBファンファーレ1枚引く。\\n----------\\n進化コスト1。", None)
    (0,)
    """
    found = {i for i, line in enumerate(text_lines(text_ja)) if line.startswith(_UNION_BURST_JA)}
    if text_en:
        found |= {
            i for i, line in enumerate(text_lines(text_en)) if line.startswith(_UNION_BURST_EN)
        }
    return tuple(sorted(found))


def type_of(card: dict[str, Any], where: str, path: Path) -> tuple[str, str | None]:
    """Our type id and the Japanese type label of one SVEN card."""
    base = str(card["type"]).lower()
    if base not in _TYPES:
        raise InputError(f"{where}: unknown type {base!r}", path=path)
    special = (
        "evolved"
        if card.get("evolved")
        else "advance"
        if card.get("advanced")
        else "token"
        if card.get("token")
        else None
    )
    type_ja = BASE_TYPE_JA.get(base)
    if type_ja is not None and special:
        type_ja = f"{type_ja}・{SPECIAL_JA[special]}"
    return (f"{special}_{base}" if special else base), type_ja


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
    card_type, type_ja = type_of(card, where, path)
    texts = _object(card.get("text") or {}, "text", where, path)
    # SVEN's Japanese with its icons restored, as the compiler reads the dump's text
    text_ja = compiler_text(str(texts.get("ja") or ""), str(texts.get("en") or "")).strip()
    text_en = english(texts.get("en"))
    own_text = text_ja.split(TOKEN_SECTION)[0]
    # Quick is the card's icon or a Quick activated ability's marker, never a Quick an
    # ability grants under a condition ("this has Quick while ...")
    keywords = [k for k in normalise.keywords_in(own_text) if k != "quick"]
    if quick_icon(text_ja, text_en) or _QUICK_ABILITY.search(own_text):
        keywords.append("quick")
    burst = union_burst_lines(text_ja, text_en)
    if burst and "union_burst" not in keywords:
        keywords.append("union_burst")
    traits = card.get("traits") or ()
    if not isinstance(traits, (list, tuple)):
        raise InputError(f"{where}: 'traits' must be a list", path=path)
    card_class = normalise.class_id(str(card.get("class") or "-"))
    alternates = card.get("alternateNames") or {}
    if not isinstance(alternates, dict):
        raise InputError(f"{where}: 'alternateNames' must be an object by code", path=path)
    title = UNIVERSE_TITLES.get(str(card.get("universe")))
    out = []
    for code in codes:
        # an alternate printing under another name (CR 6.1.1.4 counts by name: its own card)
        own = alternates.get(code)
        labels = _object(own, "alternateNames", where, path) if own is not None else names
        name = _japanese_name(labels, card, where=where, path=path)
        name_en = english(labels.get("en"))
        try:
            row = CardRow(
                game="sve",
                card_id=codes[0],
                name=name,
                name_en=None if name_en is None else card_name(name_en, where=where, path=path),
                card_type=card_type,
                card_class=card_class,
                title=title,
                cost=normalise.stat(card.get("cost"), "cost"),
                attack=normalise.stat(card.get("attack"), "attack"),
                defense=normalise.stat(card.get("defense"), "defense"),
                traits=tuple(str(t) for t in traits),
                keywords=tuple(keywords),
                max_copies=copy_limit(text_ja, name),
                set_code=normalise.set_code(codes[0]),
                class_ja=CLASS_JA.get(card_class or ""),
                type_ja=type_ja,
                text=text_ja or None,
                text_en=text_en,
                preview=card.get("preview") is True,
                union_burst=burst,
            )
        except ValueError as err:
            raise InputError(f"{where}: {err}", path=path) from None
        out.append(PrintedCard(code=code, row=row))
    return out


def _japanese_name(labels: dict[str, Any], card: dict[str, Any], *, where: str, path: Path) -> str:
    """The Japanese name: ``names.ja``, else the ``name`` field when it is Japanese."""
    name = labels.get("ja")
    if not (isinstance(name, str) and name.strip()):
        fallback = card.get("name")
        name = fallback if isinstance(fallback, str) and _JAPANESE.search(fallback) else None
    if name is None:
        name = labels.get("en") or card.get("name")
    return card_name(name, where=where, path=path)


def _object(value: Any, field: str, where: str, path: Path) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError(
            f"{where}: {field!r} must be an object by language, not {str(value)[:40]!r}",
            path=path,
        )
    return value
