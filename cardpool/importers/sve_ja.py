"""Importer for the Japanese SVE card pool dump (``cards_ja/*.json``: one list per product)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardpool import normalise
from cardpool.errors import InputError
from cardpool.identities import PrintedCard, build_pool, check_unique_codes
from cardpool.model import DEFAULT_COPY_LIMIT, CardRow, PoolData
from cardpool.readers import card_code, card_name, require_fields

FIELDS = ("card_code", "name", "class", "card_type", "sub_type", "cost", "attack", "hp", "effect")
"""Every record of the dump has these string fields (see the data folder's README)."""

_COPY_LIMIT = re.compile(
    r"^(?:これ|『(?P<name>[^』]+)』)は(?:自分の)?(?:エボルヴ)?デッキに(?P<n>\d+)枚まで入れることができる。?$",
    re.MULTILINE,
)
"""A construction line (CR 6.1.2) raising the copy limit of CR 6.1.1.4 for this card.

It stands on a line of its own, before or after the ``----------`` rule line (Drive Point
prints it first, Onion Legion after), and names the card as これ or by its own name.
"""
TOKEN_SECTION = "\n―――"
"""Token definitions follow this line; their text is not the card's own."""


def looks_like(records: Any) -> bool:
    """Whether parsed JSON has this dump's shape (a list of records with ``card_code``)."""
    return (
        isinstance(records, list)
        and bool(records)
        and isinstance(records[0], dict)
        and "card_code" in records[0]
        and "effect" in records[0]
    )


def printed_card(record: dict[str, Any], *, path: Path, index: int) -> PrintedCard:
    """One dump record as a printing with normalised facts; bad fields raise ``InputError``."""
    require_fields(record, FIELDS, path=path, index=index)
    code = card_code(record["card_code"], where=f"record {index + 1}", path=path)
    where = f"card {code} (record {index + 1})"
    name = card_name(record["name"], where=where, path=path)
    effect = str(record["effect"])
    traits = normalise.traits_of(str(record["sub_type"]))
    try:
        card_type = normalise.type_id(str(record["card_type"]))
        cost = normalise.stat(record["cost"], "cost")
        attack = normalise.stat(record["attack"], "attack")
        defense = normalise.stat(record["hp"], "hp")
    except ValueError as err:
        raise InputError(f"{where}: {err}", path=path) from None
    row = CardRow(
        game="sve",
        card_id=code,
        name=name,
        card_type=card_type,
        card_class=normalise.class_id(str(record["class"])),
        cost=cost,
        attack=attack,
        defense=defense,
        traits=traits,
        keywords=normalise.keywords_in(effect.split(TOKEN_SECTION)[0]),
        max_copies=copy_limit(effect, name),
        set_code=normalise.set_code(code),
        class_ja=str(record["class"]),
        type_ja=str(record["card_type"]),
        text=effect or None,
    )
    return PrintedCard(code=code, row=row)


def copy_limit(effect: str, name: str) -> int:
    """How many copies of this name a deck may hold: 3 (CR 6.1.1.4) or what its own text allows."""
    own_text = effect.split(TOKEN_SECTION)[0]
    limits = [int(m["n"]) for m in _COPY_LIMIT.finditer(own_text) if m["name"] in (None, name)]
    return max([DEFAULT_COPY_LIMIT, *limits])


def read_records(records: list[Any], *, path: Path) -> PoolData:
    """Build the pool from already-parsed dump records."""
    return build_pool(printed_cards(records, path=path))


def printed_cards(records: list[Any], *, path: Path) -> list[PrintedCard]:
    """Every record of one dump file as a printing."""
    printed = []
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise InputError(f"record {i + 1} is not an object", path=path)
        printed.append(printed_card(record, path=path, index=i))
    check_unique_codes(printed, path=path)
    return printed
