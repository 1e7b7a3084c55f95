"""Riftbound deck lists, read and written: text with sections and the JSON shapes in use.

Text lists look like::

    # name: Jinx aggro
    Legend
    1 Jinx, Loose Cannon
    Champion
    1 Jinx, Demolitionist
    Main Deck
    3 OGN-001
    3x Blazing Scorcher
    2 Cleave [OGN-004]
    Runes
    6 Fury Rune
    6 Chaos
    Battlefields
    1 Targon's Peak
    Sideboard
    2 OGN-022

Headers: ``Legend``, ``Champion`` (``Chosen Champion``), ``Main``/``Main Deck``/``MainDeck``,
``Runes``/``Rune Deck``, ``Battlefields``, ``Sideboard`` (a trailing ``:``, ``(n)``,
``[...]`` or ``## `` is fine); a list without any header is split by card type. A card
line is a count (``3``, ``3x``) and a code or a name;
``Name [SET-NNN]`` uses the code. In the legend, champion and battlefield sections the count
may be left out. Without a ``Champion`` section the champion is one of the main cards.

JSON shapes: our own (``{"format": "riftbound-deck", "legend": {...}, "champion": {...},
"main": {...}, "runes": {...}, "battlefields": {...}, "sideboard": {...}}``), an official
precon (``legendId``, ``championId``, ``battlefieldIds``, ``main``/``runes`` as
``[{cardId, count}]``, main without the champion), a tournament list (``legend``,
``battlefields``, ``runes``/``main``/``sideboard`` maps, main with the champion), a named list
(``legend`` and ``lists`` of ``chosen_champion``, ``main_deck``, ``runes {Fury: 4}``, ...), the
Piltover Archive structure (``mainDeck``, ``sideboard``, ``chosenChampion``: everything in
``mainDeck``, sections by card type), and ``{"decks": [...]}`` collections of any of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardpool.deck import RIFTBOUND_SECTIONS, Deck
from cardpool.errors import InputError
from cardpool.readers import (
    MAX_DECK_BYTES,
    MAX_LINES,
    count_of,
    deck_lines,
    parse_json,
    printable,
    read_text,
)
from cardpool.riftbound import GAME
from cardpool.riftbound.cards import code_from_riftbound_id, is_code

DEFAULT_FORMAT = "duel"
"""Constructed 1v1 (TR 402.1: exactly 40 main cards, 12 runes, 3 battlefields; Duel bans)."""
FORMATS = ("duel", "casual")
"""``casual`` judges by the core rules alone (CR 103.2: at least 40 main cards, no ban list)."""
MAX_COUNT = 99
MAX_NAME = 80

# The line patterns below see lines whose blanks are already single spaces (``deck_lines``);
# every quantifier is possessive or bounded, so a match never backtracks more than a step.
_HEADER = re.compile(
    r"^(?:#{1,3} ?)?\[? ?(legend|champion|chosen ?champion|main|main ?deck|maindeck|"
    r"runes?|rune ?deck|battlefields?|sideboard|side ?deck) ?\]? ?:? ?(?:\(\d++\))?$",
    re.IGNORECASE,
)
_SECTION_OF = {
    "legend": "legend", "champion": "champion", "chosenchampion": "champion",
    "main": "main", "maindeck": "main", "rune": "runes", "runes": "runes",
    "runedeck": "runes", "battlefield": "battlefields", "battlefields": "battlefields",
    "sideboard": "sideboard", "sidedeck": "sideboard",
}  # fmt: skip
_RIFT_ONLY = {"legend", "champion", "runes", "battlefields", "sideboard"}
_META = re.compile(r"^# ?(name|game|format) ?: ?(.+)$", re.IGNORECASE)
_COUNT = re.compile(r"^(\d++) ?[xX×]? (?=.)")
_BRACKETED = re.compile(r"[A-Za-z]{2,4}-[A-Za-z0-9*-]+")
_UNCOUNTED = {"legend", "champion", "battlefields"}


def looks_like_text(text: str) -> bool:
    """Whether a text list is a Riftbound one (a Riftbound-only header or ``# game: riftbound``)."""
    for raw in text.splitlines()[:MAX_LINES]:
        line = " ".join(raw.split())
        meta = _META.match(line)
        if meta and meta.group(1).lower() == "game":
            return meta.group(2).strip().lower() == GAME
        header = _HEADER.match(line)
        if header and _section(header.group(1)) in _RIFT_ONLY:
            return True
    return False


def looks_like_json(doc: Any) -> bool:
    """Whether a JSON document is a Riftbound deck or a collection of them."""
    if isinstance(doc, dict) and isinstance(doc.get("decks"), list) and doc["decks"]:
        return looks_like_json(doc["decks"][0])
    if not isinstance(doc, dict):
        return False
    if str(doc.get("game") or "").lower() == GAME or doc.get("format") == "riftbound-deck":
        return True
    keys = set(doc)
    return bool(
        {"legendId", "championId", "battlefieldIds", "mainDeck", "chosenChampion"} & keys
        or ({"legend", "battlefields"} <= keys)
        or ({"legend", "lists"} <= keys)
    )


def looks_like(text: str) -> bool:
    """Whether a deck file's text is a Riftbound deck list (text or JSON)."""
    if text.lstrip().startswith(("{", "[")):
        try:
            return looks_like_json(json.loads(text))
        except (ValueError, RecursionError):  # malformed: the SVE reader names the problem
            return False
    return looks_like_text(text)


def _section(header: str) -> str:
    return _SECTION_OF["".join(header.lower().split())]


def _card_line(line: str) -> tuple[str | None, str]:
    """A card line's count (its digits, if written) and its card: ``2 Cleave [OGN-004]``.

    ``Name [SET-NNN]`` gives the code in the brackets; without a name before them the whole
    text is the card. Linear in the line's length.
    """
    counted = _COUNT.match(line)
    digits = counted.group(1) if counted else None
    rest = line[counted.end() :] if counted else line
    if rest.endswith("]"):
        start = rest.rfind("[")
        name = rest[:start].rstrip()
        if start > 0 and name and _BRACKETED.fullmatch(rest[start + 1 : -1]):
            return digits, rest[start + 1 : -1]
    return digits, rest


def _count(value: Any, where: str, path: str | Path | None, line: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}: count {value!r} is not a whole number", path=path, line=line)
    if not 1 <= value <= MAX_COUNT:
        raise InputError(
            f"{where}: count {value} is out of range (1 to {MAX_COUNT})", path=path, line=line
        )
    return value


def _entry(value: Any, where: str, path: str | Path | None, line: int | None = None) -> str:
    """A card as written: a code (``OGN-007a``, a Riftcodex id) or a name."""
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > MAX_NAME:
        raise InputError(f"{where}: {value!r} is not a card code or name", path=path, line=line)
    text = value.strip()
    if "-" in text and text.lower() == text and " " not in text:
        code = code_from_riftbound_id(text)  # a Riftcodex id: ogn-001-298, ven-r01--6a51...
        if code is not None:
            return code
    return text


def parse_text(text: str, *, path: str | Path | None = None) -> Deck:
    """Read a Riftbound text list."""
    deck = Deck(game=GAME, format=DEFAULT_FORMAT, region="global")
    section = "main"
    headed = False
    for number, line in deck_lines(text, path=path):
        header = _HEADER.match(line)
        if header:
            section = _section(header.group(1))
            headed = True
            continue
        meta = _META.match(line)
        if meta:
            key, value = meta.group(1).lower(), meta.group(2).strip()
            if key == "name":
                deck.name = printable(value, what="the name", path=path, line=number)
            elif key == "format":
                deck.format = _format(value, path=path, line=number)
            elif value.lower() != GAME:
                raise InputError(f"'# game: {value}' in a Riftbound list", path=path, line=number)
            continue
        if line.startswith(("#", "//")):
            continue
        digits, card = _card_line(line)
        if digits is None and section not in _UNCOUNTED:
            raise InputError(
                f"cannot read {line[:60]!r}: expected a count and a card code or name, "
                "e.g. '3 OGN-001' or '3 Blazing Scorcher'",
                path=path,
                line=number,
            )
        count = 1 if digits is None else count_of(digits, where="card line", path=path, line=number)
        count = _count(count, "card line", path, number)
        first = card.split(maxsplit=1)[0]
        if is_code(first):  # '3 OGN-001 Blazing Scorcher': the code decides, the name is a note
            card = first
        deck.add(section, _entry(card, "card line", path, number), count)
    if not any(deck.section(s) for s in RIFTBOUND_SECTIONS):
        raise InputError("no cards found in the deck list", path=path)
    deck.flat = not headed  # one list without sections: split by card type when judged
    return deck


def _format(value: str, *, path: str | Path | None, line: int | None = None) -> str:
    fmt = value.strip().lower()
    if fmt not in FORMATS:
        raise InputError(
            f"format {value!r} is not one of {', '.join(FORMATS)}", path=path, line=line
        )
    return fmt


def _pairs(value: Any, name: str, key: str, path: str | Path | None) -> dict[str, int]:
    """``[{key: card, count: n}]`` or ``{card: n}`` or ``[card, ...]`` as a section."""
    cards: dict[str, int] = {}
    if value is None:
        return cards
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = []
        for i, item in enumerate(value):
            if isinstance(item, str):
                items.append((item, 1))
            elif isinstance(item, dict):
                items.append((item.get(key, item.get("name")), item.get("count", 1)))
            else:
                raise InputError(f"'{name}' item {i + 1} is not a card", path=path)
    else:
        raise InputError(f"'{name}' must list cards and counts", path=path)
    for card, count in items:
        entry = _entry(card, f"'{name}'", path)
        cards[entry] = cards.get(entry, 0) + _count(count, f"'{name}' {entry}", path)
    return cards


def _take_champion(deck: Deck, champion: str) -> None:
    """Move one copy of the chosen champion out of a main deck that included it."""
    deck.champion = {champion: 1}
    for entry in list(deck.main):
        if entry.casefold() == champion.casefold():
            deck.add("main", entry, -1)
            break


def _new(doc: dict[str, Any], name: str, path: str | Path | None = None) -> Deck:
    fmt = _format(str(doc.get("deck_format") or DEFAULT_FORMAT), path=path)
    name = printable(name, what="the deck's name", path=path)
    return Deck(game=GAME, format=fmt, region="global", name=name)


def _one(doc: Any, path: str | Path | None) -> list[Deck]:
    if not isinstance(doc, dict):
        raise InputError("a Riftbound deck must be a JSON object", path=path)
    if "legendId" in doc or "championId" in doc:  # official precon: main without the champion
        deck = _new(doc, str(doc.get("name") or doc.get("id") or ""), path)
        if doc.get("legendId"):
            deck.legend = {_entry(doc["legendId"], "'legendId'", path): 1}
        if doc.get("championId"):
            deck.champion = {_entry(doc["championId"], "'championId'", path): 1}
        deck.battlefields = _pairs(doc.get("battlefieldIds"), "battlefieldIds", "cardId", path)
        deck.main = _pairs(doc.get("main"), "main", "cardId", path)
        deck.runes = _pairs(doc.get("runes"), "runes", "cardId", path)
        deck.sideboard = _pairs(doc.get("sideboard"), "sideboard", "cardId", path)
        return [deck]
    if "mainDeck" in doc:  # Piltover Archive structure: everything in mainDeck
        deck = _new(doc, str(doc.get("name") or ""), path)
        deck.main = _pairs(doc.get("mainDeck"), "mainDeck", "cardCode", path)
        deck.sideboard = _pairs(doc.get("sideboard"), "sideboard", "cardCode", path)
        deck.flat = True
        if doc.get("chosenChampion"):
            deck.champion = {_entry(doc["chosenChampion"], "'chosenChampion'", path): 1}
        return [deck]
    if "lists" in doc:  # named lists of one legend
        if not isinstance(doc["lists"], list):
            raise InputError("'lists' must be a list of decks", path=path)
        return [_named(doc, item, i, path) for i, item in enumerate(doc["lists"])]
    if doc.get("format") == "riftbound-deck" or "champion" in doc:
        deck = _new(doc, str(doc.get("name") or ""), path)
        for section in RIFTBOUND_SECTIONS:
            value = doc.get(section)
            if isinstance(value, str):
                value = {value: 1}
            setattr(deck, section, _pairs(value, section, "code", path))
        return [deck]
    if "legend" in doc:  # tournament list: main includes the champion, no marker
        deck = _new(doc, str(doc.get("title") or doc.get("slug") or ""), path)
        deck.legend = {_entry(doc["legend"], "'legend'", path): 1}
        deck.battlefields = _pairs(doc.get("battlefields"), "battlefields", "code", path)
        deck.runes = _pairs(doc.get("runes"), "runes", "code", path)
        deck.main = _pairs(doc.get("main"), "main", "code", path)
        deck.sideboard = _pairs(doc.get("sideboard"), "sideboard", "code", path)
        return [deck]
    raise InputError(
        "not a Riftbound deck: expected 'legend', 'legendId', 'mainDeck' or 'lists'", path=path
    )


def _named(doc: dict[str, Any], item: Any, index: int, path: str | Path | None) -> Deck:
    if not isinstance(item, dict):
        raise InputError(f"list {index + 1} is not an object", path=path)
    title = (
        " - ".join(str(item[k]) for k in ("player", "placement", "event") if item.get(k))
        or f"list {index + 1}"
    )
    deck = _new(item, title, path)
    if doc.get("legend"):
        deck.legend = {_entry(doc["legend"], "'legend'", path): 1}
    deck.battlefields = _pairs(item.get("battlefields"), "battlefields", "name", path)
    deck.runes = _pairs(item.get("runes"), "runes", "name", path)
    deck.main = _pairs(item.get("main_deck"), "main_deck", "name", path)
    deck.sideboard = _pairs(item.get("sideboard"), "sideboard", "name", path)
    if item.get("chosen_champion"):
        _take_champion(deck, _entry(item["chosen_champion"], "'chosen_champion'", path))
    return deck


def parse_json_decks(doc: Any, *, path: str | Path | None = None) -> list[Deck]:
    """Every deck in a Riftbound JSON document (one deck, named lists or ``{"decks": [...]}``)."""
    if isinstance(doc, dict) and isinstance(doc.get("decks"), list):
        decks = [d for i, item in enumerate(doc["decks"]) for d in _one_at(item, i, path)]
    else:
        decks = _one(doc, path)
    if not decks:
        raise InputError("no decks found", path=path)
    return decks


def _one_at(item: Any, index: int, path: str | Path | None) -> list[Deck]:
    try:
        return _one(item, path)
    except InputError as err:
        raise InputError(f"deck {index + 1}: {err.problem}", path=path) from None


def parse_decks(text: str, *, path: str | Path | None = None) -> list[Deck]:
    """Every deck in a Riftbound deck file (JSON or text)."""
    if text.lstrip().startswith(("{", "[")):
        return parse_json_decks(parse_json(text, path=path), path=path)
    return [parse_text(text, path=path)]


def read_deck_files(path: str | Path) -> list[Deck]:
    """Every deck in a Riftbound deck file; a single unnamed deck takes the file's name."""
    decks = parse_decks(read_text(path, max_bytes=MAX_DECK_BYTES), path=path)
    if len(decks) == 1 and not decks[0].name:
        decks[0].name = printable(
            Path(path).stem, what="the file name (the deck's name)", path=path
        )
    return decks


def to_text(deck: Deck, names: Callable[[str], str | None] | None = None) -> str:
    """The text list, ``N Name [CODE]`` per line where a name is known."""
    titles = {
        "legend": "Legend", "champion": "Champion", "main": "Main Deck", "runes": "Runes",
        "battlefields": "Battlefields", "sideboard": "Sideboard",
    }  # fmt: skip
    out = [f"# name: {deck.name}"] if deck.name else []
    out += [f"# game: {GAME}", f"# format: {deck.format}"]
    for section in RIFTBOUND_SECTIONS:
        cards = deck.section(section)
        if not cards:
            continue
        out.append(titles[section])
        for entry, count in cards.items():
            name = names(entry) if names and is_code(entry) else None
            out.append(f"{count} {name} [{entry}]" if name else f"{count} {entry}")
    return "\n".join(out) + "\n"


def to_json(deck: Deck) -> str:
    """Our own JSON shape (``format: riftbound-deck``)."""
    doc: dict[str, Any] = {"format": "riftbound-deck", "version": 1, "name": deck.name}
    doc["deck_format"] = deck.format
    for section in RIFTBOUND_SECTIONS:
        doc[section] = dict(deck.section(section))
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
