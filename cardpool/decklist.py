"""Deck-list formats, read and written: plain text, the SVEN deck JSON, and a ``{code: count}`` map.

Text lists look like::

    # name: Fairy aggro
    Leader
    1 SD01-LD01
    Main deck
    3 BP01-001 ローズクイーン
    Evolve deck
    2 SD01-004

Section headers are ``Leader``, ``Main``/``Main deck``, ``Evolve``/``Evolve deck`` (a trailing
``:``, ``[...]`` or ``## `` is fine); card lines are a count and a code with an optional
trailing name; ``#`` starts a comment. Lines before any header belong to the main deck.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardpool.deck import GAMES, SECTIONS, SVE_FORMATS, SVE_REGIONS, Deck, known
from cardpool.errors import InputError
from cardpool.readers import (
    MAX_DECK_BYTES,
    count_of,
    deck_lines,
    decode,
    parse_json,
    printable,
    read_text,
)

MAX_COPIES_PER_LINE = 99
"""No card is played at more than 50 copies (CR 6.1.1.2 caps the main deck at 50)."""

FORMATS = ("text", "sven", "codes")
"""Names of the formats ``write_deck`` and ``read_deck`` accept."""

_CODE = re.compile(r"^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+$")
# The line patterns below see lines whose blanks are already single spaces (``deck_lines``);
# every quantifier is possessive or bounded, so a match never backtracks more than a step.
_LINE = re.compile(r"^(\d++) ?[xX×]? (\S++)(?: (.*))?$")
_HEADER = re.compile(
    r"^(?:#{1,3} ?)?\[? ?(leader|leaders|main|main ?deck|evolve|evolve ?deck|"
    r"リーダー|メインデッキ|エボルヴデッキ) ?\]? ?:? ?(?:\(\d++\))?$",
    re.IGNORECASE,
)
_META = re.compile(r"^# ?(name|game|format|region) ?: ?(.+)$", re.IGNORECASE)
_SECTION_OF = {
    "leader": "leader", "leaders": "leader", "リーダー": "leader",
    "main": "main", "maindeck": "main", "メインデッキ": "main",
    "evolve": "evolve", "evolvedeck": "evolve", "エボルヴデッキ": "evolve",
}  # fmt: skip


def _check_code(code: Any, *, where: str, path: str | Path | None, line: int | None) -> str:
    if not isinstance(code, str) or not _CODE.match(code.strip()) or len(code) > 40:
        raise InputError(f"{where}: {code!r} is not a card code", path=path, line=line)
    return code.strip()  # as written: lookups ignore case, and CSD02b-007 must stay so


def _check_count(count: Any, *, where: str, path: str | Path | None, line: int | None) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        raise InputError(f"{where}: count {count!r} is not a whole number", path=path, line=line)
    if not 1 <= count <= MAX_COPIES_PER_LINE:
        raise InputError(
            f"{where}: count {count} is out of range (1 to {MAX_COPIES_PER_LINE})",
            path=path,
            line=line,
        )
    return count


def parse_text(text: str, *, path: str | Path | None = None) -> Deck:
    """Read a plain-text deck list."""
    deck = Deck()
    section = "main"
    for number, line in deck_lines(text, path=path):
        header = _HEADER.match(line)
        if header:
            section = _SECTION_OF[header.group(1).lower().replace(" ", "")]
            continue
        meta = _META.match(line)
        if meta:
            key, value = meta.group(1).lower(), meta.group(2).strip()
            if key == "name":
                deck.name = printable(value, what="the name", path=path, line=number)
            elif key == "game":
                deck.game = known(value, GAMES, "game", path=path, line=number)
            elif key == "format":
                deck.format = known(value, SVE_FORMATS, "format", path=path, line=number)
            else:
                deck.region = known(value, SVE_REGIONS, "region", path=path, line=number)
            continue
        if line.startswith("#"):
            continue
        match = _LINE.match(line)
        if not match:
            raise InputError(
                f"cannot read {line[:60]!r}: expected a count and a card code, e.g. '3 BP01-001'",
                path=path,
                line=number,
            )
        digits = count_of(match.group(1), where="card line", path=path, line=number)
        count = _check_count(digits, where="card line", path=path, line=number)
        code = _check_code(match.group(2), where="card line", path=path, line=number)
        deck.add(section, code, count)
    if not (deck.leaders or deck.main or deck.evolve):
        raise InputError("no cards found in the deck list", path=path)
    return deck


def _section_map(value: Any, name: str, *, path: str | Path | None) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError(f"'{name}' must map card codes to counts", path=path)
    cards: dict[str, int] = {}
    for code, count in value.items():
        where = f"'{name}'"
        code = _check_code(code, where=where, path=path, line=None)
        cards[code] = cards.get(code, 0) + _check_count(
            count, where=f"{where} {code}", path=path, line=None
        )
    return cards


def parse_json_deck(doc: Any, *, path: str | Path | None = None) -> Deck:
    """Read a SVEN deck document, a ``{code: count}`` map or a decklist record."""
    if not isinstance(doc, dict) or not doc:
        raise InputError(
            "a JSON deck must be an object: a SVEN deck ({'leader', 'main', 'evolve'}) "
            "or a map of card codes to counts",
            path=path,
        )
    if "main" in doc or "leader" in doc or "evolve" in doc:
        deck = Deck(
            name=printable(str(doc.get("name") or ""), what="'name'", path=path),
            game=known(str(doc.get("game") or "sve"), GAMES, "game", path=path),
            format=known(str(doc.get("deck_format") or "standard"), SVE_FORMATS, "format",
                         path=path),
            region=known(str(doc.get("region") or "asia"), SVE_REGIONS, "region", path=path),
            notes=printable(str(doc.get("notes") or ""), what="'notes'", path=path),
        )  # fmt: skip
        leader = doc.get("leader")
        if isinstance(leader, str) and leader:
            deck.leaders[_check_code(leader, where="'leader'", path=path, line=None)] = 1
        elif leader is not None and leader != "":
            deck.leaders = _section_map(leader, "leader", path=path)
        deck.main = _section_map(doc.get("main"), "main", path=path)
        deck.evolve = _section_map(doc.get("evolve"), "evolve", path=path)
    elif "main_deck_by_code" in doc:
        deck = Deck(main=_section_map(doc["main_deck_by_code"], "main_deck_by_code", path=path))
    else:
        deck = Deck(main=_section_map(doc, "deck", path=path), flat=True)
    if not (deck.leaders or deck.main or deck.evolve):
        raise InputError("no cards found in the deck", path=path)
    return deck


def parse_deck(text: str, *, path: str | Path | None = None) -> Deck:
    """Read a deck in any supported format, told apart by content (JSON starts with ``{``)."""
    if text.lstrip().startswith(("{", "[")):
        return parse_json_deck(parse_json(text, path=path), path=path)
    return parse_text(text, path=path)


def parse_deck_bytes(raw: bytes, *, name: str = "upload") -> Deck:
    """Read an uploaded deck file's bytes (size-limited, UTF-8)."""
    if len(raw) > MAX_DECK_BYTES:
        raise InputError(f"file is {len(raw):,} bytes; the limit is {MAX_DECK_BYTES:,}", path=name)
    return parse_deck(decode(raw, path=name), path=name)


def read_deck_file(path: str | Path) -> Deck:
    """Read a deck file in any supported format."""
    deck = parse_deck(read_text(path, max_bytes=MAX_DECK_BYTES), path=path)
    if not deck.name:
        deck.name = name_of_file(path)
    return deck


def name_of_file(path: str | Path) -> str:
    """A deck's name from its file name, when the list gives none (it must be printable)."""
    return printable(Path(path).stem, what="the file name (the deck's name)", path=path)


def to_text(deck: Deck, names: Callable[[str], str | None] | None = None) -> str:
    """The plain-text list; ``names`` may give a trailing name for each code."""
    out = [f"# name: {deck.name}"] if deck.name else []
    out.append(f"# game: {deck.game}")
    out.append(f"# format: {deck.format}")
    out.append(f"# region: {deck.region}")
    titles = {"leader": "Leader", "main": "Main deck", "evolve": "Evolve deck"}
    for section in SECTIONS:
        cards = deck.section(section)
        if not cards:
            continue
        out.append(titles[section])
        for code, count in cards.items():
            name = names(code) if names else None
            out.append(f"{count} {code}" + (f" {name}" if name else ""))
    return "\n".join(out) + "\n"


def to_sven(deck: Deck) -> str:
    """The SVEN deck JSON (``format: sve-deck``)."""
    doc: dict[str, Any] = {"format": "sve-deck", "version": 1, "name": deck.name}
    doc["leader"] = deck.leader or (dict(deck.leaders) if deck.leaders else None)
    doc["main"] = dict(deck.main)
    doc["evolve"] = dict(deck.evolve)
    if deck.notes:
        doc["notes"] = deck.notes
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def to_codes(deck: Deck) -> str:
    """A ``{code: count}`` map of every card (leader, main and evolve together).

    Reading it back assigns the sections by card type (``cardpool.legality.assign_sections``).
    """
    counts: dict[str, int] = {}
    for section in SECTIONS:
        for code, count in deck.section(section).items():
            counts[code] = counts.get(code, 0) + count
    return json.dumps(counts, ensure_ascii=False, indent=2) + "\n"


def write_deck(deck: Deck, fmt: str, names: Callable[[str], str | None] | None = None) -> str:
    """The deck in format ``fmt`` (one of ``FORMATS``)."""
    if fmt == "text":
        return to_text(deck, names)
    if fmt == "sven":
        return to_sven(deck)
    if fmt == "codes":
        return to_codes(deck)
    raise InputError(f"unknown deck format {fmt!r}; choose one of {', '.join(FORMATS)}")
