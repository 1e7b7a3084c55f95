"""The embedded facts-only snapshot of the card pool that ships inside the package.

It holds what our importer derives (codes, names and English names, class, title, type,
cost, attack, defense, traits, keyword flags with the card-level Quick icon, copy limits,
the preview flag, restriction entries) and never ability or rules text. Regenerate it with
``decklab db snapshot`` after importing the Japanese dump, the SVEN set files and the
restriction lists.
"""

from __future__ import annotations

import csv
import functools
import io
from datetime import date
from importlib import resources
from pathlib import Path

from cardpool.model import CardRow, PoolData, PrintingRow, RestrictionRow
from cardpool.pool import PoolIndex

CARD_COLUMNS = (
    "card_id", "name", "name_en", "card_class", "class_ja", "title", "card_type", "type_ja",
    "cost", "attack", "defense", "traits", "keywords", "max_copies", "set_code", "preview",
)  # fmt: skip
PRINTING_COLUMNS = ("code", "card_id")
RESTRICTION_COLUMNS = (
    "region", "format", "card_id", "max_copies", "since", "listed_code", "name", "note",
)  # fmt: skip
LIST_SEP = "|"
GAMES = ("sve", "riftbound")
"""Games whose snapshot the package may carry (``cardpool/data/{game}_cards.csv``)."""
EXTRA_COLUMN = "extra"
"""Written only when some card has game-specific facts (a JSON object of facts, no text)."""


def _files(game: str) -> tuple[str, str, str]:
    return (f"{game}_cards.csv", f"{game}_printings.csv", f"{game}_restrictions.csv")


def write_snapshot(
    data: PoolData, restrictions: list[RestrictionRow], folder: Path, game: str = "sve"
) -> list[Path]:
    """Write the facts-only CSV files of ``game`` into ``folder``; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    cards_name, printings_name, restrictions_name = _files(game)
    paths = [folder / cards_name, folder / printings_name, folder / restrictions_name]
    cards = sorted((c for c in data.cards if c.game == game), key=lambda c: c.card_id)
    with_extra = any(c.extra for c in cards)
    with paths[0].open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(CARD_COLUMNS + ((EXTRA_COLUMN,) if with_extra else ()))
        for c in cards:
            out.writerow(
                [
                    c.card_id, c.name, c.name_en or "", c.card_class or "", c.class_ja or "",
                    c.title or "", c.card_type, c.type_ja or "", _num(c.cost), _num(c.attack),
                    _num(c.defense), LIST_SEP.join(c.traits), LIST_SEP.join(c.keywords),
                    c.max_copies, c.set_code, "1" if c.preview else "",
                ] + ([c.extra or ""] if with_extra else [])
            )  # fmt: skip
    with paths[1].open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(PRINTING_COLUMNS)
        for p in sorted((p for p in data.printings if p.game == game), key=lambda p: p.code):
            out.writerow([p.code, p.card_id])
    with paths[2].open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(RESTRICTION_COLUMNS)
        for r in sorted(
            (r for r in restrictions if r.game == game),
            key=lambda r: (r.region, r.format, r.since, r.listed_code),
        ):
            out.writerow(
                [r.region, r.format, r.card_id, r.max_copies, r.since.isoformat(),
                 r.listed_code, r.name, r.note]
            )  # fmt: skip
    return paths


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


def _int(value: str) -> int | None:
    return int(value) if value else None


def _read(name: str) -> list[dict[str, str]]:
    resource = resources.files("cardpool").joinpath("data", name)
    if not resource.is_file():
        return []
    return list(csv.DictReader(io.StringIO(resource.read_text(encoding="utf-8"))))


def has_snapshot(game: str) -> bool:
    """Whether the package carries a snapshot of ``game``."""
    return resources.files("cardpool").joinpath("data", _files(game)[0]).is_file()


def read_snapshot(game: str = "sve") -> tuple[PoolData, list[RestrictionRow]]:
    """The embedded pool and restriction entries of ``game``."""
    cards_name, printings_name, restrictions_name = _files(game)
    data = PoolData()
    for r in _read(cards_name):
        data.cards.append(
            CardRow(
                game=game,
                card_id=r["card_id"],
                name=r["name"],
                name_en=r["name_en"] or None,
                card_class=r["card_class"] or None,
                class_ja=r["class_ja"] or None,
                title=r["title"] or None,
                card_type=r["card_type"],
                type_ja=r["type_ja"] or None,
                cost=_int(r["cost"]),
                attack=_int(r["attack"]),
                defense=_int(r["defense"]),
                traits=tuple(t for t in r["traits"].split(LIST_SEP) if t),
                keywords=tuple(k for k in r["keywords"].split(LIST_SEP) if k),
                max_copies=int(r["max_copies"]),
                set_code=r["set_code"],
                preview=bool(r.get("preview")),
                extra=r.get(EXTRA_COLUMN) or None,
            )
        )
    data.printings = [PrintingRow(game, r["code"], r["card_id"]) for r in _read(printings_name)]
    restrictions = [
        RestrictionRow(
            game=game,
            region=r["region"],
            format=r["format"],
            card_id=r["card_id"],
            max_copies=int(r["max_copies"]),
            since=date.fromisoformat(r["since"]),
            listed_code=r["listed_code"],
            name=r["name"],
            note=r["note"],
        )
        for r in _read(restrictions_name)
    ]
    return data, restrictions


@functools.cache
def load_sve_pool() -> PoolIndex:
    """The embedded SVE pool as an index (no database needed; cached per process)."""
    data, _ = read_snapshot("sve")
    return PoolIndex.from_data("sve", data)


@functools.cache
def load_sve_restrictions() -> tuple[RestrictionRow, ...]:
    """The embedded SVE restriction entries."""
    return tuple(read_snapshot("sve")[1])
