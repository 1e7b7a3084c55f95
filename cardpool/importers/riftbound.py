"""Riftbound importers: the Riftcodex card dump, Riot's errata overlay and the ban list.

The Riftcodex dump has one record per printing (alternate art, overnumbered, signed, metal and
promo prints included). Printings of one name and type are one card; its canonical code is
the base print of the earliest main set (``cardpool.riftbound.cards.code_sort_key``).
Riftcodex writes champion names with `` - `` and some Vendetta legends without their
champion; names are normalised to the official comma style (``Jinx, Loose Cannon``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from cardpool.errors import InputError
from cardpool.model import DEFAULT_COPY_LIMIT, CardRow, PoolData, PrintingRow, RestrictionRow
from cardpool.normalise import MAX_STAT
from cardpool.pool import PoolIndex
from cardpool.readers import card_name
from cardpool.riftbound import GAME
from cardpool.riftbound.cards import (
    code_from_riftbound_id,
    code_sort_key,
    copy_limit,
    keywords_in,
    name_key,
    official_name,
)

BAN_REGION = "global"
"""Riftbound has one ban list per format, worldwide."""

_TYPES = {
    ("unit", "champion"): "champion_unit",
    ("unit", "token"): "token_unit",
    ("gear", "token"): "token_gear",
}
_PLAIN_TYPES = {"unit", "spell", "gear", "rune", "legend", "battlefield"}
_COPIES = {"legend": 1, "battlefield": 1, "rune": 12, "token_unit": 0, "token_gear": 0}
"""Copies of one card a deck may hold beyond the main-deck limit of 3: one legend (CR 103.1),
battlefields of distinct names (CR 103.4.c), any split of 12 runes (CR 103.3.a), no tokens."""


def looks_like_cards(doc: Any) -> bool:
    """A Riftcodex dump: a list of records with ``riftbound_id`` and ``classification``."""
    return (
        isinstance(doc, list)
        and bool(doc)
        and isinstance(doc[0], dict)
        and "riftbound_id" in doc[0]
        and "classification" in doc[0]
    )


def looks_like_errata(doc: Any) -> bool:
    """The errata overlay: ``errata_documents`` and ``entries``."""
    return isinstance(doc, dict) and "errata_documents" in doc and "entries" in doc


def looks_like_banlist(doc: Any) -> bool:
    """A Riftbound ban list: ``names`` and ``effectiveAt``."""
    return isinstance(doc, dict) and "names" in doc and "effectiveAt" in doc


def _field(record: dict[str, Any], key: str, index: int, path: Path) -> dict[str, Any]:
    value = record.get(key)
    if not isinstance(value, dict):
        raise InputError(f"record {index + 1}: field {key!r} must be an object", path=path)
    return value


def _int(value: Any, what: str, index: int, path: Path) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_STAT:
        raise InputError(
            f"record {index + 1}: {what} {str(value)[:40]!r} is not a whole number "
            f"from 0 to {MAX_STAT}",
            path=path,
        )
    return value


class _Printing:
    """One Riftcodex record, checked and normalised."""

    def __init__(self, record: Any, index: int, path: Path):
        if not isinstance(record, dict):
            raise InputError(f"record {index + 1} is not an object", path=path)
        rid = record.get("riftbound_id")
        code = code_from_riftbound_id(rid) if isinstance(rid, str) else None
        if code is None:
            raise InputError(f"record {index + 1}: riftbound_id {rid!r} is not an id", path=path)
        raw_name = card_name(record.get("name"), where=f"record {index + 1} ({code})", path=path)
        cls = _field(record, "classification", index, path)
        attrs = _field(record, "attributes", index, path)
        base = str(cls.get("type") or "").strip().lower()
        supertype = str(cls.get("supertype") or "").strip().lower() or None
        card_type = _TYPES.get((base, supertype or ""), base)
        if card_type not in _PLAIN_TYPES and card_type not in _TYPES.values():
            raise InputError(f"record {index + 1} ({code}): unknown type {base!r}", path=path)
        if card_type == "legend":
            supertype = None  # Riftcodex marks legends Champion or nothing, at random
        domains = cls.get("domain") or []
        tags = record.get("tags") or []
        if not isinstance(domains, list) or not isinstance(tags, list):
            raise InputError(
                f"record {index + 1} ({code}): domain and tags must be lists", path=path
            )
        texts = record.get("text")
        text = texts.get("plain") if isinstance(texts, dict) else None
        self.code = code
        self.raw_name = raw_name.strip()
        self.card_type = card_type
        self.supertype = supertype
        self.domains = tuple(str(d).lower() for d in domains if str(d).lower() != "colorless")
        self.tags = tuple(str(t) for t in tags)
        self.energy = _int(attrs.get("energy"), "energy", index, path)
        self.power = _int(attrs.get("power"), "power", index, path)
        self.might = _int(attrs.get("might"), "might", index, path)
        self.rarity = str(cls.get("rarity") or "") or None
        self.text = None if not text or text.strip() == "[NO TEXT]" else str(text)
        self.decorated = official_name(raw_name) != raw_name.replace(" - ", ", ").strip()


def _legend_name(p: _Printing, champions: set[str]) -> tuple[str, str]:
    """A legend's official name and champion tag (``Akali, Rogue Assassin``, ``Akali``)."""
    name = official_name(p.raw_name)
    prefix, sep, subtitle = name.rpartition(", ")
    if not sep:
        prefix, subtitle = "", name
    champion = prefix if prefix in champions else next((t for t in p.tags if t in champions), "")
    champion = champion or (p.tags[0] if p.tags else prefix)
    return (f"{champion}, {subtitle}" if champion else subtitle), champion


def _champion_tag(p: _Printing, name: str, champions: set[str]) -> str | None:
    if p.card_type == "champion_unit":
        return name.split(", ", 1)[0]
    if p.supertype == "signature":
        return next((t for t in p.tags if t in champions), p.tags[0] if p.tags else None)
    return None


def read_cards(doc: Any, *, path: Path) -> PoolData:
    """Every card identity and printing of a Riftcodex dump (text included, errata not)."""
    if not isinstance(doc, list):
        raise InputError("a Riftcodex dump must be a list of card records", path=path)
    printings = [_Printing(record, i, path) for i, record in enumerate(doc)]
    champions = {
        official_name(p.raw_name).split(", ", 1)[0]
        for p in printings
        if p.card_type == "champion_unit"
    }
    groups: dict[tuple[str, str], list[tuple[_Printing, str, str | None]]] = {}
    for p in printings:
        tag: str | None
        if p.card_type == "legend":
            name, tag = _legend_name(p, champions)
        else:
            name = official_name(p.raw_name)
            tag = _champion_tag(p, name, champions)
        groups.setdefault((name, p.card_type), []).append((p, name, tag))
    data = PoolData()
    for (name, card_type), members in groups.items():
        codes = sorted({p.code for p, _, _ in members}, key=code_sort_key)
        card_id = codes[0]
        base_members = [m for m in members if m[0].code == card_id]
        # of duplicate records of one print, prefer the undecorated one with the fullest text
        base, _, tag = min(base_members, key=lambda m: (m[0].decorated, -len(m[0].text or "")))
        tags = list(base.tags)
        if tag and tag not in tags:
            tags.insert(0, tag)
        limit = copy_limit(base.text or "") or _COPIES.get(card_type, DEFAULT_COPY_LIMIT)
        extra = {
            "domains": list(base.domains),
            "energy": base.energy,
            "power": base.power,
            "might": base.might,
            "supertype": base.supertype,
            "tags": tags,
            "rarity": base.rarity,
            "set": card_id.split("-", 1)[0],
        }
        data.cards.append(
            CardRow(
                game=GAME,
                card_id=card_id,
                name=name,
                card_type=card_type,
                card_class="/".join(base.domains) or "colorless",
                title=tag,
                cost=base.energy,
                attack=base.might,
                traits=tuple(tags),
                keywords=keywords_in(base.text or ""),
                max_copies=limit,
                set_code=card_id.split("-", 1)[0],
                text=base.text,
                extra=json.dumps(extra, ensure_ascii=False, sort_keys=True),
            )
        )
        data.printings.extend(PrintingRow(GAME, code, card_id) for code in codes)
    data.cards.sort(key=lambda r: r.card_id)
    data.printings.sort(key=lambda p: p.code)
    _check_unique_printings(data, path)
    return data


def _check_unique_printings(data: PoolData, path: Path) -> None:
    seen: dict[str, str] = {}
    for p in data.printings:
        other = seen.setdefault(p.code.upper(), p.card_id)
        if other != p.card_id:
            raise InputError(
                f"printing {p.code} belongs to two cards ({other} and {p.card_id})", path=path
            )


def apply_errata(data: PoolData, doc: Any, *, path: Path) -> tuple[PoolData, list[str]]:
    """The pool with Riot's errata applied: new text after the printed text, keywords again.

    Entries are matched by card code, else (codes like ``OGN-?``) by official name. Applying
    the same overlay twice changes nothing. Returns the pool and warnings for unmatched entries.
    """
    if not looks_like_errata(doc) or not isinstance(doc["entries"], list):
        raise InputError(
            "an errata overlay needs 'errata_documents' and a list 'entries'", path=path
        )
    dates = {
        str(d.get("slug")): str(d.get("announced_on") or "")
        for d in doc["errata_documents"]
        if isinstance(d, dict)
    }
    by_code = {p.code.upper(): p.card_id for p in data.printings if p.game == GAME}
    rows = {r.card_id: r for r in data.cards if r.game == GAME}
    by_name: dict[str, list[str]] = {}
    by_subtitle: dict[str, list[str]] = {}  # legends are also named by title alone
    for r in rows.values():
        by_name.setdefault(name_key(r.name), []).append(r.card_id)
        if r.card_type == "legend" and ", " in r.name:
            by_subtitle.setdefault(name_key(r.name.split(", ", 1)[1]), []).append(r.card_id)
    warnings: list[str] = []
    for i, entry in enumerate(doc["entries"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("new_text"), str):
            raise InputError(f"errata entry {i + 1}: needs 'new_text'", path=path)
        name = str(entry.get("official_name") or "")
        listed = entry.get("card_ids") or []
        if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
            raise InputError(
                f"errata entry {i + 1} ({name or '?'}): 'card_ids' must be a list of card codes",
                path=path,
            )
        ids = {by_code[c.upper()] for c in listed if c.upper() in by_code}
        if not ids:
            ids = set(by_name.get(name_key(name), []))
        if not ids:  # "Dark Child, Starter": a legend's title and its print
            ids = set(by_subtitle.get(name_key(name.split(", ", 1)[0]), []))
        if not ids:
            warnings.append(f"errata for {name or entry.get('card_ids')} matches no card")
            continue
        document = str(entry.get("document") or "")
        for cid in sorted(ids):
            rows[cid] = _with_erratum(rows[cid], entry, document, dates.get(document, ""))
    cards = [rows.get(r.card_id, r) if r.game == GAME else r for r in data.cards]
    return PoolData(cards=cards, printings=list(data.printings)), warnings


def _with_erratum(row: CardRow, entry: dict[str, Any], document: str, on: str) -> CardRow:
    extra: dict[str, Any] = json.loads(row.extra) if row.extra else {}
    applied: list[dict[str, str]] = list(extra.get("errata") or [])
    if any(e.get("document") == document for e in applied):
        return row
    applied.append({"document": document, "announced_on": on})
    extra["errata"] = applied
    new_text = str(entry["new_text"])
    removed = set(keywords_in(str(entry.get("old_text") or ""))) - set(keywords_in(new_text))
    keywords = [k for k in row.keywords if k not in removed]
    keywords += [k for k in keywords_in(new_text) if k not in keywords]
    note = f"[Errata {on or document}] {new_text}"
    text = f"{row.text}\n{note}" if row.text else note
    return replace(
        row,
        text=text,
        keywords=tuple(keywords),
        extra=json.dumps(extra, ensure_ascii=False, sort_keys=True),
    )


def read_banlist(
    doc: Any, *, path: Path, pool: PoolIndex
) -> tuple[list[RestrictionRow], list[str]]:
    """Restriction entries (0 copies) of a ban list, names resolved against the pool."""
    names = doc.get("names") if isinstance(doc, dict) else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError("a ban list needs 'names', a list of card names", path=path)
    try:
        since = date.fromisoformat(str(doc["effectiveAt"])[:10])
    except ValueError:
        raise InputError(f"effectiveAt {doc['effectiveAt']!r} is not a date", path=path) from None
    fmt = str(doc.get("format") or "duel").split("(", 1)[0].strip().lower() or "duel"
    by_name: dict[str, list[CardRow]] = {}
    for row in pool.rows.values():
        by_name.setdefault(name_key(row.name), []).append(row)
    rows: list[RestrictionRow] = []
    warnings: list[str] = []
    for name in names:
        matches = by_name.get(name_key(name), [])
        if not matches:
            warnings.append(f"banned card {name!r} matches no card")
        for row in matches:
            rows.append(
                RestrictionRow(
                    game=GAME,
                    region=BAN_REGION,
                    format=fmt,
                    card_id=row.card_id,
                    max_copies=0,
                    since=since,
                    listed_code=row.card_id,
                    name=row.name,
                    note=str(doc.get("source") or ""),
                )
            )
    return rows, warnings
