"""How much of the card pool the engine models, from the committed library.

>>> unmodelled(["NO-SUCH-CARD"])
['NO-SUCH-CARD']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.sve.library import library

STATUSES = ("full", "partial", "none")


def status(card_id: str) -> str:
    """``full``, ``partial`` or ``none`` for a compiled card; ``unknown`` when absent."""
    entry = library()["cards"].get(card_id)
    return "unknown" if entry is None else str(entry["status"])


def unmodelled(card_ids: Iterable[str]) -> list[str]:
    """The distinct card ids among ``card_ids`` that are not fully modelled, in first order."""
    out: list[str] = []
    for cid in card_ids:
        if cid not in out and status(cid) != "full":
            out.append(cid)
    return out


def set_of(card_id: str) -> str:
    """The set code of a card id (``BP01-001`` -> ``BP01``; ``CSD03a-001`` -> ``CSD03A``)."""
    return card_id.split("-", 1)[0].upper()


def report(
    deck_copies: Mapping[str, int] | None = None,
    top: int = 20,
    starter: Iterable[str] | None = None,
) -> dict[str, Any]:
    """Coverage per set and overall (tokens excluded), and over tournament card copies.

    ``deck_copies`` maps card ids to copies played in a set of decklists; the report then
    gives the share of copies fully modelled and the most-played cards not fully modelled.
    ``starter`` lists the card ids of the starter decks; the report then counts them by
    status and names those not fully modelled.
    """
    cards = library()["cards"]
    tokens = library()["tokens"]
    sets: dict[str, dict[str, int]] = {}
    for cid, entry in cards.items():
        if cid in tokens:
            continue
        row = sets.setdefault(set_of(cid), dict.fromkeys(STATUSES, 0))
        row[entry["status"]] += 1
    total = dict.fromkeys(STATUSES, 0)
    for row in sets.values():
        for key in STATUSES:
            total[key] += row[key]
    out: dict[str, Any] = {
        "sets": {name: _with_share(row) for name, row in sorted(sets.items())},
        "overall": _with_share(total),
    }
    if deck_copies is not None:
        copies = dict.fromkeys((*STATUSES, "unknown"), 0)
        missing: list[tuple[int, str]] = []
        for cid, n in deck_copies.items():
            st = status(cid)
            copies[st] += n
            if st != "full":
                missing.append((n, cid))
        all_copies = sum(copies.values())
        missing.sort(key=lambda x: (-x[0], x[1]))
        out["decks"] = {
            "copies": all_copies,
            **copies,
            "full_share": round(copies["full"] / all_copies, 4) if all_copies else 0.0,
            "most_played_missing": [
                {"card_id": cid, "copies": n, "status": status(cid)} for n, cid in missing[:top]
            ],
        }
    if starter is not None:
        ids = sorted(set(starter))
        counts = dict.fromkeys((*STATUSES, "unknown"), 0)
        for cid in ids:
            counts[status(cid)] += 1
        out["starter"] = {"cards": len(ids), **counts, "not_full": unmodelled(ids)}
    return out


def _with_share(row: dict[str, int]) -> dict[str, Any]:
    cards = sum(row[k] for k in STATUSES)
    return {**row, "cards": cards, "full_share": round(row["full"] / cards, 4) if cards else 0.0}
