"""``decklab db import PATH``: choose the importer from the file layout, then load atomically.

Every file is parsed and checked before the database is touched, and everything is then
written in one transaction, so bad input (in any file of a folder) leaves the database
exactly as it was.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardpool import sources
from cardpool.errors import InputError
from cardpool.identities import PrintedCard, build_pool
from cardpool.importers import restrictions, riftbound, sve_ja, sven, tournaments
from cardpool.model import Disagreement, PoolData, RestrictionRow
from cardpool.pool import PoolIndex
from cardpool.readers import MAX_IMPORT_BYTES, parse_json, read_text
from cardpool.store import Store


@dataclass
class ImportReport:
    """What an import did."""

    kinds: list[str] = field(default_factory=list)
    files: int = 0
    cards: int = 0
    printings: int = 0
    restrictions: int = 0
    decklists: int = 0
    warnings: list[str] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    """Facts on which the Japanese dump and SVEN differ (the dump's value kept)."""


@dataclass
class _Parsed:
    printed: list[PrintedCard] = field(default_factory=list)
    sven_printed: list[PrintedCard] = field(default_factory=list)
    pools: dict[str, PoolData] = field(default_factory=dict)
    """Each SVE card source read, grouped into identities (``cardpool.sources``)."""
    restriction_docs: list[tuple[Path, dict[str, Any]]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    riftbound_cards: PoolData | None = None
    riftbound_errata: list[tuple[Path, Any]] = field(default_factory=list)
    riftbound_bans: list[tuple[Path, Any]] = field(default_factory=list)
    tournament_lists: list[tuple[Path, list[tournaments.TournamentDeck]]] = field(
        default_factory=list
    )


def _files(path: Path) -> list[Path]:
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError("file not found", path=path) from None
    except OSError as err:  # a name too long, a loop of links, a folder we may not enter
        raise InputError(f"cannot open: {err.strerror}", path=path) from None
    if stat.S_ISDIR(info.st_mode):
        try:
            names = sorted(os.listdir(path))
        except OSError as err:
            raise InputError(f"cannot list the folder: {err.strerror}", path=path) from None
        files = [path / n for n in names if Path(n).suffix.lower() in (".json", ".jsonl")]
        if not files:
            raise InputError("folder holds no .json or .jsonl files to import", path=path)
        return files
    return [path]


def _parse(path: Path, parsed: _Parsed) -> None:
    text = read_text(path, max_bytes=MAX_IMPORT_BYTES)
    if tournaments.looks_like(text):
        parsed.tournament_lists.append((path, tournaments.read_lines(text, path=path)))
        if "tournament-decklists" not in parsed.kinds:
            parsed.kinds.append("tournament-decklists")
        return
    doc = parse_json(text, path=path)
    if sve_ja.looks_like(doc):
        parsed.printed.extend(sve_ja.printed_cards(doc, path=path))
        kind = "sve-ja"
    elif sven.looks_like(doc):
        parsed.sven_printed.extend(sven.printed_cards(doc, path=path))
        kind = "sven"
    elif restrictions.looks_like(doc):
        parsed.restriction_docs.append((path, doc))
        kind = "restrictions"
    elif riftbound.looks_like_cards(doc):
        if parsed.riftbound_cards is not None:
            raise InputError("a second Riftbound card dump in one import", path=path)
        parsed.riftbound_cards = riftbound.read_cards(doc, path=path)
        kind = "riftcodex"
    elif riftbound.looks_like_errata(doc):
        parsed.riftbound_errata.append((path, doc))
        kind = "riftbound-errata"
    elif riftbound.looks_like_banlist(doc):
        parsed.riftbound_bans.append((path, doc))
        kind = "riftbound-banlist"
    else:
        raise InputError(
            "not a known layout: expected the Japanese SVE card dump (a list of records with "
            "card_code), a SVEN set file (with 'set' and 'cards'), a restriction list "
            "(with 'region' and 'banned'/'limited'), the Riftcodex card dump (records with "
            "'riftbound_id'), the Riftbound errata overlay ('errata_documents', 'entries') or "
            "a Riftbound ban list ('names', 'effectiveAt')",
            path=path,
        )
    if kind not in parsed.kinds:
        parsed.kinds.append(kind)


def _never() -> bool:
    return False


def _read(
    paths: Sequence[str | Path], stop: Callable[[], bool] = _never
) -> tuple[list[Path], _Parsed]:
    """Every file of ``paths`` read and checked (nothing is written)."""
    files: list[Path] = []
    for given in paths:
        files.extend(f for f in _files(Path(given)) if f not in files)
    parsed = _Parsed()
    for file in files:
        if stop():
            raise KeyboardInterrupt
        _parse(file, parsed)
    # one grouping pass over every printing of each source (a code given twice is refused)
    for name, printed in ((sources.SVE_JA, parsed.printed), (sources.SVEN, parsed.sven_printed)):
        if printed:
            parsed.pools[name] = build_pool(printed)
    return files, parsed


def read_sources(paths: Sequence[str | Path]) -> dict[str, PoolData]:
    """The SVE card sources the files of ``paths`` hold (``cardpool.sources``), each grouped
    into identities; nothing is written."""
    _, parsed = _read(paths)
    if not parsed.pools:
        raise InputError(
            "no SVE card files (the Japanese dump or SVEN set files) in "
            + ", ".join(str(p) for p in paths)
        )
    return parsed.pools


def read_sve_pool(paths: Sequence[str | Path]) -> tuple[PoolData, list[Disagreement]]:
    """The SVE pool the card files of ``paths`` make, as ``db import`` would store it in an
    empty database (no snapshot, no store), and where their sources disagree."""
    return sources.combine(read_sources(paths))


def import_path(
    store: Store, path: str | Path, *, stop: Callable[[], bool] = _never
) -> ImportReport:
    """Import a file or a folder of files into ``store``; raise ``InputError`` on bad input."""
    return import_paths(store, [path], stop=stop)


def import_paths(
    store: Store, paths: Sequence[str | Path], *, stop: Callable[[], bool] = _never
) -> ImportReport:
    """Import files or folders into ``store`` at once: every file is read and checked first,
    then all are written in one transaction; raise ``InputError`` on bad input.

    ``stop`` is asked between files and just before the commit; when it says yes the import
    ends with ``KeyboardInterrupt`` and nothing is stored. Once committed, it is not asked.
    """
    store.release()  # reading and checking a large dump takes a while: hold nothing meanwhile
    files, parsed = _read(paths, stop)
    report = ImportReport(kinds=parsed.kinds, files=len(files))
    store.ensure_default()
    source = " ".join(str(p) for p in paths)
    with store.transaction():  # one import, one transaction: every file or none
        _write(store, parsed, source, report)
        if stop():
            raise KeyboardInterrupt
    return report


def _write(store: Store, parsed: _Parsed, path: str, report: ImportReport) -> None:
    """Store what ``_parse`` read; a check that fails here rolls back the whole import."""
    if parsed.pools:
        _import_sve_cards(store, parsed, path, report)
    if parsed.restriction_docs:
        pool = store.pool_index("sve")
        rows: list[RestrictionRow] = []
        for file, doc in parsed.restriction_docs:
            file_rows, warnings = restrictions.read_document(doc, path=file, pool=pool)
            rows.extend(file_rows)
            report.warnings.extend(f"{file.name}: {w}" for w in warnings)
        store.replace_restrictions(rows, source=str(path))
        report.restrictions = len(rows)
    _import_riftbound(store, parsed, path, report)
    for file, decks in parsed.tournament_lists:
        tournaments.store_decks(store, decks, source=file.name)
        report.decklists += len(decks)


def _import_sve_cards(store: Store, parsed: _Parsed, path: str, report: ImportReport) -> None:
    """Add the files to their sources and store the pool combined from every source."""
    stored = store.source_pools("sve") or sources.first_sources(store.pool_data("sve"))
    stored = sources.add(stored, parsed.pools)
    pool, disagreements = sources.combine(stored)
    store.replace_sources(stored, "sve")
    store.replace_pool(pool, "sve", source=str(path), kind="+".join(parsed.kinds))
    store.replace_disagreements(disagreements, "sve")
    report.cards = len(pool.cards)
    report.printings = len(pool.printings)
    report.disagreements = disagreements


def _import_riftbound(store: Store, parsed: _Parsed, path: str, report: ImportReport) -> None:
    """The Riftbound card dump replaces the pool; errata apply on top; ban lists resolve names."""
    pool = parsed.riftbound_cards
    if pool is not None or parsed.riftbound_errata:
        if pool is None:
            pool = store.pool_data("riftbound")
        for file, doc in parsed.riftbound_errata:
            pool, warnings = riftbound.apply_errata(pool, doc, path=file)
            report.warnings.extend(f"{file.name}: {w}" for w in warnings)
    rows: list[RestrictionRow] = []
    if parsed.riftbound_bans:
        index = PoolIndex.from_data("riftbound", pool or store.pool_data("riftbound"))
        for file, doc in parsed.riftbound_bans:
            file_rows, warnings = riftbound.read_banlist(doc, path=file, pool=index)
            rows.extend(file_rows)
            report.warnings.extend(f"{file.name}: {w}" for w in warnings)
    if pool is not None:
        store.replace_pool(pool, "riftbound", source=str(path), kind="+".join(parsed.kinds))
        report.cards += len(pool.cards)
        report.printings += len(pool.printings)
    if rows:
        store.replace_restrictions(rows, source=str(path))
        report.restrictions += len(rows)
