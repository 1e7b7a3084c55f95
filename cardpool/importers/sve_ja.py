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

_COPY_LIMIT = re.compile(r"(\d+)枚まで入れることができる")
_TOKEN_SECTION = re.compile(r"\n[-―]{3,}")


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
    # A card's own construction text (after the rule line) may raise its copy limit.
    rules_part = _TOKEN_SECTION.split(effect, maxsplit=1)
    limit_text = rules_part[1] if len(rules_part) > 1 else effect
    limits = [int(n) for n in _COPY_LIMIT.findall(limit_text)]
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
        keywords=normalise.keywords_in(effect.split("\n―――")[0]),
        max_copies=max([DEFAULT_COPY_LIMIT, *limits]),
        set_code=normalise.set_code(code),
        class_ja=str(record["class"]),
        type_ja=str(record["card_type"]),
        text=effect or None,
    )
    return PrintedCard(code=code, row=row)


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
