"""Importer for restriction lists (banned = 0 copies, limited = 1 copy), per region and format."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from cardpool.deck import SVE_REGIONS, known
from cardpool.errors import InputError
from cardpool.model import RestrictionRow
from cardpool.pool import PoolIndex

FORMATS = {"standard": "standard", "crossCraft": "crosscraft", "crosscraft": "crosscraft"}


def looks_like(doc: Any) -> bool:
    """Whether parsed JSON has the restriction-list shape."""
    return isinstance(doc, dict) and "region" in doc and ("banned" in doc or "limited" in doc)


def read_document(
    doc: dict[str, Any], *, path: Path, pool: PoolIndex | None, game: str = "sve"
) -> tuple[list[RestrictionRow], list[str]]:
    """Rows of one list, and warnings for listed codes the pool does not know.

    A ban counts every printing of a card, so each code is resolved to its identity; an
    evolved card of the same name is a separate card and stays allowed.
    """
    region = str(doc.get("region", "")).lower()
    fmt = FORMATS.get(str(doc.get("format", "standard")))
    if not region or fmt is None:
        raise InputError("restriction list needs 'region' and a known 'format'", path=path)
    if game == "sve":
        known(region, SVE_REGIONS, "region", path=path)
    rows: list[RestrictionRow] = []
    warnings: list[str] = []
    for key, max_copies in (("banned", 0), ("limited", 1)):
        entries = doc.get(key) or []
        if not isinstance(entries, list):
            raise InputError(f"'{key}' must be a list", path=path)
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict) or "card" not in entry or "since" not in entry:
                raise InputError(f"{key}[{i}] needs 'card' and 'since'", path=path)
            code = str(entry["card"]).strip()
            try:
                since = date.fromisoformat(str(entry["since"]))
            except ValueError:
                raise InputError(
                    f"{key}[{i}] ({code}): 'since' is not a date: {entry['since']!r}", path=path
                ) from None
            card_id = pool.card_id(code) if pool is not None else None
            if card_id is None:
                warnings.append(f"{code} ({entry.get('name', '')}) is not in the card pool")
                card_id = code
            rows.append(
                RestrictionRow(
                    game=game,
                    region=region,
                    format=fmt,
                    card_id=card_id,
                    max_copies=max_copies,
                    since=since,
                    listed_code=code,
                    name=str(entry.get("name", "")),
                    note=str(entry.get("note", "")),
                )
            )
    return rows, warnings
