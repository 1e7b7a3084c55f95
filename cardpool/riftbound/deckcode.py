"""The Piltover Archive deck code, the community standard for sharing Riftbound decks.

Written from the format's public description (adapted from Riot's LoR deck codes):

- base32 (RFC 4648 alphabet, no padding) of a byte string;
- byte 0: format (high nibble, 1) and version (low nibble, 1 to 5);
- unsigned LEB128 varints; a card is ``[set byte][variant byte]`` per group and a number
  per card; sets OGN 0, OGS 1, ARC 2, SFD 3, UNL 4, VEN 5, RAD 6; variants none 0, ``a`` 1,
  signed (``s`` or ``*``) 2, ``b`` 3;
- v1-v4: for each copy count from 12 down to 1, the number of (set, variant) groups, then per
  group ``[card count][set][variant][numbers...]``; v2+ add the sideboard the same way for
  counts 3 to 1; v3+ end with the chosen champion: ``0`` or ``1 [set][variant][number]``;
- v4: every number is preceded by a flag byte, ``0`` normal or ``1`` an ``R`` (rune) number;
- v5: after the version byte a deck-level flag byte (``1`` if any ``R``/``SP`` number, and then
  every number has a flag byte, ``2`` for ``SP``), then each section lists only the counts
  that occur: ``[how many counts]`` and per count, highest first, ``[count][groups...]``.

Groups are ordered by set, then variant; numbers by prefix, then value. The encoder writes the
lowest version that can hold the deck (3, 4 for runes numbered ``R01``, 5 for more than 12
copies, more than 3 in the sideboard, or ``SP`` numbers), as the reference library does, so
codes are byte-identical to it. ``mainDeck`` carries the legend, battlefields, runes and main
cards, the chosen champion included; ``chosenChampion`` names it again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.model import CardRow
from cardpool.pool import PoolIndex
from cardpool.riftbound import GAME
from cardpool.riftbound.cards import label
from cardpool.riftbound.decklist import DEFAULT_FORMAT, MAX_COUNT
from cardpool.riftbound.legality import resolve

FORMAT = 1
MAX_VERSION = 5
SETS = {"OGN": 0, "OGS": 1, "ARC": 2, "SFD": 3, "UNL": 4, "VEN": 5, "RAD": 6}
VARIANTS = {"": 0, "a": 1, "s": 2, "*": 2, "b": 3}
PREFIX_FLAGS = {"": 0, "R": 1, "SP": 2}
MAIN_MAX, SIDEBOARD_MAX = 12, 3
"""Copy counts the fixed-walk versions (1-4) can hold in the main deck and the sideboard."""
MAX_CODE_LENGTH = 4096

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_CARD = re.compile(r"^([A-Za-z]{3})-(R|SP)?(\d+)([a-z*]?)$")
_SET_NAMES = {v: k for k, v in SETS.items()}
_VARIANT_NAMES = {0: "", 1: "a", 3: "b"}
_FLAG_PREFIXES = {v: k for k, v in PREFIX_FLAGS.items()}


@dataclass(frozen=True, slots=True)
class CodeCard:
    """One card code and its number of copies."""

    code: str
    count: int


@dataclass(frozen=True, slots=True)
class DeckCode:
    """A decoded deck code: every card (``main``), the sideboard and the chosen champion."""

    main: tuple[CodeCard, ...]
    sideboard: tuple[CodeCard, ...] = ()
    champion: str | None = None
    version: int = field(default=3, compare=False)

    def as_dict(self) -> dict[str, Any]:
        """The structure the reference library decodes to (``mainDeck``, ``sideboard``, ...)."""
        doc: dict[str, Any] = {
            "mainDeck": [{"cardCode": c.code, "count": c.count} for c in self.main],
            "sideboard": [{"cardCode": c.code, "count": c.count} for c in self.sideboard],
        }
        if self.champion is not None:
            doc["chosenChampion"] = self.champion
        return doc


@dataclass(frozen=True, slots=True)
class _Card:
    set_id: int
    variant: int
    prefix: str
    number: int

    @classmethod
    def parse(cls, code: str) -> _Card:
        match = _CARD.match(code.strip())
        if not match:
            raise InputError(f"{code!r} is not a card code of the form SET-NNN, SET-R01, SET-SP1")
        set_name, prefix, digits, variant = match.groups()
        if set_name.upper() not in SETS:
            raise InputError(
                f"{code}: set {set_name} has no deck-code number (sets: {', '.join(SETS)})"
            )
        return cls(SETS[set_name.upper()], VARIANTS[variant], prefix or "", int(digits))

    def code(self, signed: str) -> str:
        number = {"": f"{self.number:03d}", "R": f"R{self.number:02d}"}.get(
            self.prefix, f"SP{self.number}"
        )
        variant = signed if self.variant == 2 else _VARIANT_NAMES[self.variant]
        return f"{_SET_NAMES[self.set_id]}-{number}{variant}"


# -- bytes --------------------------------------------------------------------------------


def _varint(value: int) -> list[int]:
    out = []
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return out


def _base32(data: bytes) -> str:
    out, buffer, bits = [], 0, 0
    for byte in data:
        buffer = (buffer << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append(_ALPHABET[(buffer >> bits) & 31])
    if bits:
        out.append(_ALPHABET[(buffer << (5 - bits)) & 31])
    return "".join(out)


def _unbase32(text: str) -> bytes:
    out, buffer, bits = bytearray(), 0, 0
    for i, char in enumerate(text):
        value = _ALPHABET.find(char.upper())
        if value < 0:
            raise InputError(f"deck code: {char!r} at position {i + 1} is not a base32 letter")
        buffer = ((buffer << 5) | value) & 0xFFFF
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((buffer >> bits) & 0xFF)
    return bytes(out)


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def done(self) -> bool:
        return self.pos >= len(self.data)

    def byte(self, what: str) -> int:
        if self.pos >= len(self.data):
            raise InputError(f"deck code ends early: expected {what} at byte {self.pos + 1}")
        value = self.data[self.pos]
        self.pos += 1
        return value

    def varint(self, what: str) -> int:
        value, shift = 0, 0
        while True:
            byte = self.byte(what)
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 28:
                raise InputError(f"deck code: {what} at byte {self.pos} is too large")


# -- encoding -----------------------------------------------------------------------------


def _groups(cards: Sequence[_Card]) -> list[tuple[int, int, list[_Card]]]:
    by_key: dict[tuple[int, int], list[_Card]] = {}
    for card in cards:
        by_key.setdefault((card.set_id, card.variant), []).append(card)
    return [
        (set_id, variant, sorted(members, key=lambda c: (c.prefix, c.number)))
        for (set_id, variant), members in sorted(by_key.items())
    ]


def _write_card(out: list[int], card: _Card, flagged: bool) -> None:
    if flagged:
        out.append(PREFIX_FLAGS[card.prefix])
    out.extend(_varint(card.number))


def _write_groups(out: list[int], cards: Sequence[_Card], flagged: bool) -> None:
    groups = _groups(cards)
    out.extend(_varint(len(groups)))
    for set_id, variant, members in groups:
        out.extend(_varint(len(members)))
        out += [set_id, variant]
        for card in members:
            _write_card(out, card, flagged)


def _section(cards: Iterable[CodeCard], what: str) -> list[tuple[_Card, int]]:
    merged: dict[_Card, int] = {}
    for c in cards:
        if isinstance(c.count, bool) or not isinstance(c.count, int) or c.count < 1:
            raise InputError(f"{what}: {c.code} has count {c.count!r}; counts are 1 or more")
        card = _Card.parse(c.code)
        merged[card] = merged.get(card, 0) + c.count
        if merged[card] > MAX_COUNT:
            raise InputError(
                f"{what}: {c.code} has {merged[card]:,} copies; a deck holds at most {MAX_COUNT}"
            )
    return list(merged.items())


def encode(
    main: Iterable[CodeCard], sideboard: Iterable[CodeCard] = (), champion: str | None = None
) -> str:
    """The deck code of a deck (every card in ``main``, the champion included)."""
    main_cards = _section(main, "mainDeck")
    side_cards = _section(sideboard, "sideboard")
    champ = _Card.parse(champion) if champion else None
    every = [c for c, _ in main_cards + side_cards] + ([champ] if champ else [])
    special = any(c.prefix == "SP" for c in every)
    runes = any(c.prefix == "R" for c in every)
    high = any(n > MAIN_MAX for _, n in main_cards) or any(n > SIDEBOARD_MAX for _, n in side_cards)
    version = 5 if special or high else 4 if runes else 3
    flagged = runes or special if version == 5 else version == 4
    out = [(FORMAT << 4) | version]
    if version == 5:
        out.append(1 if flagged else 0)
        for cards in (main_cards, side_cards):
            counts = sorted({n for _, n in cards}, reverse=True)
            out.extend(_varint(len(counts)))
            for count in counts:
                out.extend(_varint(count))
                _write_groups(out, [c for c, n in cards if n == count], flagged)
    else:
        for cards, top in ((main_cards, MAIN_MAX), (side_cards, SIDEBOARD_MAX)):
            for count in range(top, 0, -1):
                _write_groups(out, [c for c, n in cards if n == count], flagged)
    if champ is None:
        out.append(0)
    else:
        out += [1, champ.set_id, champ.variant]
        _write_card(out, champ, flagged)
    return _base32(bytes(out))


def encode_dict(doc: Any) -> str:
    """The deck code of a ``{mainDeck, sideboard, chosenChampion}`` structure."""
    if not isinstance(doc, dict) or not isinstance(doc.get("mainDeck"), list):
        raise InputError("expected {'mainDeck': [{'cardCode', 'count'}], 'sideboard': [...]}")
    champion = doc.get("chosenChampion")
    if champion is not None and not isinstance(champion, str):
        raise InputError("'chosenChampion' must be a card code")
    return encode(
        _cards(doc["mainDeck"], "mainDeck"), _cards(doc.get("sideboard") or [], "sideboard"),
        champion or None,
    )  # fmt: skip


def _cards(items: Any, what: str) -> list[CodeCard]:
    if not isinstance(items, list):
        raise InputError(f"'{what}' must be a list of {{'cardCode', 'count'}}")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("cardCode"), str):
            raise InputError(f"'{what}' item {i + 1} needs 'cardCode' and 'count'")
        out.append(CodeCard(item["cardCode"], item.get("count")))  # type: ignore[arg-type]
    return out


# -- decoding -----------------------------------------------------------------------------


def _read_card(reader: _Reader, set_id: int, variant: int, flagged: bool, signed: str) -> str:
    prefix = ""
    if flagged:
        flag = reader.byte("a number flag")
        if flag not in _FLAG_PREFIXES:
            raise InputError(f"deck code: unknown number flag {flag} at byte {reader.pos}")
        prefix = _FLAG_PREFIXES[flag]
    number = reader.varint("a card number")
    if set_id not in _SET_NAMES:
        raise InputError(f"deck code: unknown set {set_id} at byte {reader.pos}")
    if variant not in (0, 1, 2, 3):
        raise InputError(f"deck code: unknown variant {variant} at byte {reader.pos}")
    return _Card(set_id, variant, prefix, number).code(signed)


def _read_groups(
    reader: _Reader, count: int, flagged: bool, signed: str, into: list[CodeCard]
) -> None:
    for _ in range(reader.varint("a group count")):
        size = reader.varint("a card count")
        set_id = reader.byte("a set")
        variant = reader.byte("a variant")
        for _ in range(size):
            into.append(CodeCard(_read_card(reader, set_id, variant, flagged, signed), count))


def decode(code: str, *, signed: str = "s") -> DeckCode:
    """The deck in a deck code (versions 1 to 5); signed prints end in ``signed`` (s or *)."""
    text = "".join(code.split())
    if not text:
        raise InputError("deck code is empty")
    if len(text) > MAX_CODE_LENGTH:
        raise InputError(f"deck code is {len(text)} characters; the limit is {MAX_CODE_LENGTH}")
    reader = _Reader(_unbase32(text))
    head = reader.byte("the format byte")
    fmt, version = head >> 4, head & 0x0F
    if fmt != FORMAT or not 1 <= version <= MAX_VERSION:
        raise InputError(
            f"deck code: format {fmt} version {version} is not a Riftbound deck code "
            f"(format {FORMAT}, versions 1 to {MAX_VERSION})"
        )
    main: list[CodeCard] = []
    side: list[CodeCard] = []
    if version == 5:
        flagged = reader.byte("the deck flag") == 1
        for into in (main, side):
            for _ in range(reader.varint("a count of copy counts")):
                count = reader.varint("a copy count")
                _read_groups(reader, count, flagged, signed, into)
    else:
        flagged = version == 4
        for count in range(MAIN_MAX, 0, -1):
            _read_groups(reader, count, flagged, signed, main)
        if version >= 2:
            for count in range(SIDEBOARD_MAX, 0, -1):
                _read_groups(reader, count, flagged, signed, side)
    champion = None
    if version >= 3 and not reader.done() and reader.byte("the champion flag") == 1:
        set_id = reader.byte("the champion's set")
        variant = reader.byte("the champion's variant")
        champion = _read_card(reader, set_id, variant, flagged, signed)
    return DeckCode(tuple(main), tuple(side), champion, version)


# -- decks --------------------------------------------------------------------------------


def to_deck(decoded: DeckCode, name: str = "") -> Deck:
    """A deck from a decoded code: one flat main list (sections by card type when judged)."""
    deck = Deck(game=GAME, format=DEFAULT_FORMAT, region="global", name=name, flat=True)
    for c in decoded.main:
        deck.add("main", c.code, c.count)
    for c in decoded.sideboard:
        deck.add("sideboard", c.code, c.count)
    if decoded.champion:
        deck.champion = {decoded.champion: 1}
    return deck


def _encodable(entry: str, row: CardRow) -> str:
    """The code as written when the deck code can carry it, else the card's canonical code."""
    for code in (entry, row.card_id):
        try:
            _Card.parse(code)
        except InputError:
            continue
        return code
    raise InputError(f"{label(row)} has no print in a set the deck code knows ({', '.join(SETS)})")


def from_deck(deck: Deck, pool: PoolIndex) -> DeckCode:
    """The deck-code structure of a deck: every card in ``main``, the champion included."""
    resolved = resolve(deck, pool)
    if resolved.unknown:
        section, entry = resolved.unknown[0]
        raise InputError(f"{entry} ({section}) is not a known card")
    main: dict[str, int] = {}
    for section in ("legend", "battlefields", "runes", "champion", "main"):
        for entry, count, row in resolved.sections[section]:
            code = _encodable(entry, row)
            main[code] = main.get(code, 0) + count
    side: dict[str, int] = {}
    for entry, count, row in resolved.sections["sideboard"]:
        code = _encodable(entry, row)
        side[code] = side.get(code, 0) + count
    champion = resolved.sections["champion"]
    champ = _encodable(champion[0][0], champion[0][2]) if champion else None
    return DeckCode(
        tuple(CodeCard(c, n) for c, n in main.items()),
        tuple(CodeCard(c, n) for c, n in side.items()),
        champ,
    )


def encode_deck(deck: Deck, pool: PoolIndex) -> str:
    """The deck code of a Riftbound deck."""
    structure = from_deck(deck, pool)
    return encode(structure.main, structure.sideboard, structure.champion)
