"""The DuckDB store: schema, loading pools and restriction lists, parameterised card search.

DuckDB lets one process write or many read; every decklab process holds the file only for a
request (``connect`` waits its turn with backoff) and threads take a cursor each.
"""

from __future__ import annotations

import json
import os
import random
import re
import stat
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import duckdb

from cardpool import snapshot, turns
from cardpool.errors import DatabaseBusyError, InputError
from cardpool.model import CardRow, Disagreement, PoolData, PrintingRow, RestrictionRow
from cardpool.pool import PoolIndex
from cardpool.searchkey import card_key, search_key

if TYPE_CHECKING:
    import pandas as pd

SCHEMA = """
CREATE SCHEMA IF NOT EXISTS cardpool;
CREATE TABLE IF NOT EXISTS cardpool.cards (
    game VARCHAR NOT NULL,
    card_id VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    name_en VARCHAR,
    class VARCHAR,
    class_ja VARCHAR,
    title VARCHAR,
    type VARCHAR NOT NULL,
    type_ja VARCHAR,
    cost INTEGER,
    attack INTEGER,
    defense INTEGER,
    traits VARCHAR[],
    keywords VARCHAR[],
    max_copies INTEGER NOT NULL,
    set_code VARCHAR,
    text VARCHAR,
    extra VARCHAR,
    search_key VARCHAR,
    text_en VARCHAR,
    preview BOOLEAN DEFAULT false,
    union_burst INTEGER[],
    PRIMARY KEY (game, card_id)
);
CREATE TABLE IF NOT EXISTS cardpool.printings (
    game VARCHAR NOT NULL,
    code VARCHAR NOT NULL,
    card_id VARCHAR NOT NULL,
    PRIMARY KEY (game, code)
);
CREATE TABLE IF NOT EXISTS cardpool.restrictions (
    game VARCHAR NOT NULL,
    region VARCHAR NOT NULL,
    format VARCHAR NOT NULL,
    card_id VARCHAR NOT NULL,
    max_copies INTEGER NOT NULL,
    since DATE NOT NULL,
    listed_code VARCHAR NOT NULL,
    name VARCHAR,
    note VARCHAR,
    PRIMARY KEY (game, region, format, listed_code, since)
);
CREATE TABLE IF NOT EXISTS cardpool.source_cards (
    source VARCHAR NOT NULL,
    game VARCHAR NOT NULL,
    card_id VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    name_en VARCHAR,
    class VARCHAR,
    class_ja VARCHAR,
    title VARCHAR,
    type VARCHAR NOT NULL,
    type_ja VARCHAR,
    cost INTEGER,
    attack INTEGER,
    defense INTEGER,
    traits VARCHAR[],
    keywords VARCHAR[],
    max_copies INTEGER NOT NULL,
    set_code VARCHAR,
    text VARCHAR,
    extra VARCHAR,
    text_en VARCHAR,
    preview BOOLEAN,
    union_burst INTEGER[],
    PRIMARY KEY (source, game, card_id)
);
CREATE TABLE IF NOT EXISTS cardpool.source_printings (
    source VARCHAR NOT NULL,
    game VARCHAR NOT NULL,
    code VARCHAR NOT NULL,
    card_id VARCHAR NOT NULL,
    PRIMARY KEY (source, game, code)
);
CREATE TABLE IF NOT EXISTS cardpool.disagreements (
    game VARCHAR NOT NULL,
    card_id VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    field VARCHAR NOT NULL,
    kept VARCHAR,
    other VARCHAR,
    PRIMARY KEY (game, card_id, field)
);
CREATE TABLE IF NOT EXISTS cardpool.imports (
    imported_at TIMESTAMP NOT NULL,
    game VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    cards INTEGER,
    printings INTEGER,
    restrictions INTEGER
);
"""

CARD_COLUMNS = (
    "game", "card_id", "name", "name_en", "class", "class_ja", "title", "type", "type_ja",
    "cost", "attack", "defense", "traits", "keywords", "max_copies", "set_code", "text", "extra",
    "text_en", "preview", "union_burst",
)  # fmt: skip
_INSERTED = (
    "game, card_id, name, name_en, class, class_ja, title, type, type_ja, cost::INTEGER, "
    "attack::INTEGER, defense::INTEGER, traits::VARCHAR[], keywords::VARCHAR[], "
    "max_copies::INTEGER, set_code, text, extra, text_en, preview::BOOLEAN, "
    "union_burst::INTEGER[]"
)
"""The card columns as selected from a registered frame (pandas keeps lists as objects)."""


@dataclass(frozen=True, slots=True)
class CardQuery:
    """A card search; every field is optional and they combine with AND."""

    game: str = "sve"
    name: str | None = None
    """Part of the name (Japanese or English) however typed (``searchkey``), or of the code."""
    card_class: str | None = None
    card_type: str | None = None
    """A type id, matched exactly: ``follower`` is not ``evolved_follower``."""
    cost: int | None = None
    trait: str | None = None
    keyword: str | None = None
    title: str | None = None
    tokens: bool = True
    """Include token cards (which no deck holds; they are made by abilities)."""
    limit: int = 500


DEFAULT_WAIT_S = 30.0
"""How long a command waits for another process to let go of the database."""
ENV_WAIT = "DECKLAB_DB_WAIT"
"""Environment variable overriding ``DEFAULT_WAIT_S`` (seconds)."""
_PID = re.compile(r"\(PID (\d+)\)")


def wait_seconds() -> float:
    """The time to wait for the database: ``$DECKLAB_DB_WAIT`` or ``DEFAULT_WAIT_S``."""
    try:
        return max(0.0, float(os.environ.get(ENV_WAIT, DEFAULT_WAIT_S)))
    except ValueError:
        return DEFAULT_WAIT_S


def _is_lock_conflict(err: duckdb.Error) -> bool:
    text = str(err).lower()
    return "lock" in text or "different configuration" in text


def holder(err: duckdb.Error) -> str | None:
    """Who holds the database, when DuckDB names the process: ``PID 123: decklab dashboard``."""
    found = _PID.search(str(err))
    if found is None:
        return None
    pid = found.group(1)
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return f"PID {pid}"
    words = [a.decode(errors="replace") for a in argv if a]
    words = [Path(w).name if w.startswith("/") else w for w in words]
    command = " ".join(words)
    if "decklab" in command or "streamlit" in command:
        wanted = [w for w in words if w in {"decklab", "streamlit"}] or words
        start = words.index(wanted[0])
        command = " ".join(words[start : start + 3])
    return f"PID {pid}: {' '.join(command.split())[:60]}"


def connect(path: Path, *, read_only: bool, wait: float | None = None) -> duckdb.DuckDBPyConnection:
    """Open the database file, waiting with backoff while another process holds it.

    DuckDB allows one writing process or many reading ones; every decklab process holds
    the file only for a short request, so a waiting command gets its turn. A writer gets it
    under any load of readers: while it waits, new readers wait behind it (``turns``).
    """
    wait = wait_seconds() if wait is None else wait
    deadline = time.monotonic() + wait

    def busy(err: duckdb.Error | None = None) -> NoReturn:
        who = holder(err) if err is not None else None
        raise DatabaseBusyError(
            f"the database is in use by another process{f' ({who})' if who else ''} "
            f"and was not free within {wait:g} s; try again when it is done, "
            "or pass --db with another file",
            path=path,
        ) from None

    delay = 0.02
    with nullcontext() if read_only else turns.writer_turn(path, deadline, busy):
        while True:
            if read_only:
                turns.wait_for_writers(path, deadline, busy)
            try:
                con = duckdb.connect(str(path), read_only=read_only)
            except (duckdb.IOException, duckdb.ConnectionException) as err:
                if not _is_lock_conflict(err):
                    raise InputError(f"cannot open the database: {err}", path=path) from None
                if time.monotonic() + delay > deadline:
                    busy(err)
                time.sleep(delay * random.uniform(0.5, 1.5))
                delay = min(delay * 2, 0.5)
            except duckdb.Error as err:
                raise InputError(f"not a usable DuckDB database: {err}", path=path) from None
            else:
                turns.opened(path)
                return con


def _regular_or_missing(path: Path) -> None:
    """Refuse a database path that names anything but a regular file (or nothing yet).

    DuckDB would wait forever on a FIFO for a writer, and read a device without end.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as err:
        raise InputError(f"cannot open the database: {err.strerror}", path=path) from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(
            "cannot open the database: not a regular file (a folder, pipe, device or socket)",
            path=path,
        )


class Store:
    """A DuckDB database holding the card pool (and, later, decks and simulation results).

    A store opened on a file (``Store.open``) may ``release()`` its connection between
    requests; the next use reconnects (waiting its turn), so a long-running command never
    keeps other decklab processes out of the file.
    """

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection | None,
        path: Path | None = None,
        *,
        read_only: bool = False,
    ):
        self._con = con
        self.path = path
        self.read_only = read_only
        self._owned = False
        self._opened = False
        """Whether ``_con`` came from ``connect`` (a cursor's store did not open one)."""
        self._depth = 0

    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        """The open connection (reconnecting after ``release()``)."""
        if self._con is None:
            if self.path is None:
                raise RuntimeError("the store is closed")
            self._con = connect(self.path, read_only=self.read_only)
            self._opened = True
        return self._con

    @classmethod
    def open(cls, path: str | Path, *, read_only: bool = False, wait: float | None = None) -> Store:
        """Open (creating if needed) the database at ``path`` with the schema in place."""
        path = Path(path)
        _regular_or_missing(path)
        if not read_only:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise InputError(
                    f"cannot create the database folder: {err.strerror}", path=path
                ) from None
        elif not os.path.isfile(path):
            raise InputError("database file not found", path=path)
        store = cls(connect(path, read_only=read_only, wait=wait), path, read_only=read_only)
        store._owned = True
        store._opened = True
        try:
            if not read_only:
                store.con.execute(SCHEMA)
                store.migrate()
            else:
                store.con.execute("SELECT count(*) FROM information_schema.tables").fetchall()
        except duckdb.Error as err:
            store.close()
            raise InputError(f"not a usable DuckDB database: {err}", path=path) from None
        return store

    def release(self) -> None:
        """Let go of the database file until the next use (a no-op outside ``Store.open``)."""
        if self._owned and self._con is not None and self._depth == 0:
            # forget it first: a Ctrl-C between the two steps must not leave a closed one
            con, self._con = self._con, None
            self._closed(con)

    def ensure_schema(self, sql: str) -> None:
        """Create tables if missing (``CREATE ... IF NOT EXISTS``); reading stores skip it."""
        if not self.read_only:
            self.con.execute(sql)

    def has_tables(self, names: Iterable[tuple[str, str]]) -> bool:
        """Whether every ``(schema, table)`` exists."""
        rows = self.con.execute(
            "SELECT table_schema, table_name FROM information_schema.tables"
        ).fetchall()
        return set(names) <= {(str(a), str(b)) for a, b in rows}

    def has_column(self, schema: str, table: str, column: str) -> bool:
        """Whether ``schema.table`` has ``column`` (a file made by an earlier version may not)."""
        row = self.con.execute(
            "SELECT count(*) FROM information_schema.columns "
            "WHERE table_schema = ? AND table_name = ? AND column_name = ?",
            [schema, table, column],
        ).fetchone()
        return bool(row and row[0])

    @classmethod
    def memory(cls) -> Store:
        """An in-memory store (tests, throwaway work)."""
        store = cls(duckdb.connect(":memory:"))
        store.con.execute(SCHEMA)
        store.migrate()
        return store

    def migrate(self) -> None:
        """Bring a database made by an earlier version up to date (cheap when it is)."""
        # card search keys (searchkey.py): a column added later, filled for stored cards
        self.con.execute("ALTER TABLE cardpool.cards ADD COLUMN IF NOT EXISTS search_key VARCHAR")
        # English text, preview sets and Union Burst labels (SVEN): columns added later
        for column, kind in (
            ("text_en", "VARCHAR"),
            ("preview", "BOOLEAN DEFAULT false"),
            ("union_burst", "INTEGER[]"),
        ):
            self.con.execute(f"ALTER TABLE cardpool.cards ADD COLUMN IF NOT EXISTS {column} {kind}")
        missing = self.con.execute(
            "SELECT game, card_id, name, name_en FROM cardpool.cards WHERE search_key IS NULL"
        ).fetchall()
        if missing:
            import pandas as pd  # only for a database made before search keys

            keys = pd.DataFrame(
                [(g, c, card_key(n, e)) for g, c, n, e in missing],
                columns=["game", "card_id", "search_key"],
            )
            with self.transaction():
                self.con.register("_keys", keys)
                self.con.execute(
                    "UPDATE cardpool.cards c SET search_key = k.search_key FROM _keys k "
                    "WHERE c.game = k.game AND c.card_id = k.card_id"
                )
                self.con.unregister("_keys")

    def close(self) -> None:
        """Close the connection."""
        if self._con is not None:
            con, self._con = self._con, None
            self._closed(con)

    def _closed(self, con: duckdb.DuckDBPyConnection) -> None:
        """Close a connection; one this store opened on a file is no longer held."""
        con.close()
        if self.path is not None and self._opened:
            self._opened = False
            turns.closed(self.path)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def cursor(self) -> Store:
        """A store on a new cursor of the same database: one per thread or browser session."""
        return Store(self.con.cursor(), self.path, read_only=self.read_only)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All or nothing: roll back every change if the block raises.

        Transactions nest: an inner block joins the outermost one, so several writes
        (a whole ``db import``) commit together or not at all.
        """
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self.con.begin()
        self._depth = 1
        try:
            yield
        except BaseException:
            self.con.rollback()
            raise
        else:
            self.con.commit()
        finally:
            self._depth = 0

    # -- reading -------------------------------------------------------------------------

    def count_cards(self, game: str = "sve") -> int:
        """How many card identities of ``game`` are stored."""
        row = self.con.execute(
            "SELECT count(*) FROM cardpool.cards WHERE game = ?", [game]
        ).fetchone()
        return int(row[0]) if row else 0

    def pool_data(self, game: str = "sve") -> PoolData:
        """Every stored card and printing of ``game``."""
        cards = self.con.execute(
            f"SELECT {', '.join(CARD_COLUMNS)} FROM cardpool.cards WHERE game = ? ORDER BY card_id",
            [game],
        ).fetchall()
        printings = self.con.execute(
            "SELECT game, code, card_id FROM cardpool.printings WHERE game = ? ORDER BY code",
            [game],
        ).fetchall()
        return PoolData(
            cards=[_card_row(r) for r in cards],
            printings=[PrintingRow(str(g), str(c), str(i)) for g, c, i in printings],
        )

    def source_pools(self, game: str = "sve") -> dict[str, PoolData]:
        """Each imported source of ``game`` as it was imported (``cardpool.sources``)."""
        cards = self.con.execute(
            f"SELECT source, {', '.join(CARD_COLUMNS)} FROM cardpool.source_cards "
            "WHERE game = ? ORDER BY source, card_id",
            [game],
        ).fetchall()
        printings = self.con.execute(
            "SELECT source, game, code, card_id FROM cardpool.source_printings "
            "WHERE game = ? ORDER BY source, code",
            [game],
        ).fetchall()
        out: dict[str, PoolData] = {}
        for r in cards:
            out.setdefault(str(r[0]), PoolData()).cards.append(_card_row(r[1:]))
        for source, g, code, card_id in printings:
            out.setdefault(str(source), PoolData()).printings.append(
                PrintingRow(str(g), str(code), str(card_id))
            )
        return out

    def disagreements(self, game: str = "sve") -> list[Disagreement]:
        """Facts on which the card sources of ``game`` differ (the kept value first)."""
        rows = self.con.execute(
            "SELECT card_id, name, field, kept, other FROM cardpool.disagreements "
            "WHERE game = ? ORDER BY card_id, field",
            [game],
        ).fetchall()
        return [Disagreement(*(str(v) for v in r)) for r in rows]

    def pool_index(self, game: str = "sve") -> PoolIndex:
        """The stored pool of ``game`` as an in-memory index."""
        return PoolIndex.from_data(game, self.pool_data(game))

    def restrictions(
        self, game: str = "sve", region: str | None = None, fmt: str | None = None
    ) -> list[RestrictionRow]:
        """Stored restriction entries, optionally for one region and format."""
        rows = self.con.execute(
            "SELECT game, region, format, card_id, max_copies, since, listed_code, name, note "
            "FROM cardpool.restrictions WHERE game = ? "
            "AND (? IS NULL OR region = ?) AND (? IS NULL OR format = ?) "
            "ORDER BY region, format, since DESC, listed_code",
            [game, region, region, fmt, fmt],
        ).fetchall()
        return [
            RestrictionRow(
                game=r[0],
                region=r[1],
                format=r[2],
                card_id=r[3],
                max_copies=int(r[4]),
                since=r[5],
                listed_code=r[6],
                name=r[7] or "",
                note=r[8] or "",
            )
            for r in rows
        ]

    def search(self, query: CardQuery) -> pd.DataFrame:
        """Cards matching ``query`` (parameterised SQL only), ordered by cost then code."""
        sql, params = self._search_sql(query)
        return self.con.execute(sql, params).df()

    def search_rows(self, query: CardQuery) -> tuple[list[str], list[tuple[Any, ...]]]:
        """``search`` as column names and plain rows (no pandas: quick for the command line)."""
        sql, params = self._search_sql(query)
        cursor = self.con.execute(sql, params)
        columns = [d[0] for d in cursor.description or []]
        return columns, cursor.fetchall()

    def _search_sql(self, query: CardQuery) -> tuple[str, list[Any]]:
        where = ["game = ?"]
        params: list[Any] = [query.game]
        if query.name:
            typed = query.name.strip()
            key = search_key(typed)
            # a query of punctuation alone ('!!', '・') has no key: match it literally
            named = (
                "contains(search_key, ?)"
                if key
                else "(contains(lower(name), ?) OR contains(lower(coalesce(name_en, '')), ?))"
            )
            where.append(
                f"({named} OR contains(lower(card_id), lower(?)) OR card_id IN "
                "(SELECT card_id FROM cardpool.printings "
                "WHERE game = ? AND lower(code) = lower(?)))"
            )
            params += ([key] if key else [typed.lower()] * 2) + [typed, query.game, typed]
        if query.card_class:
            # a Riftbound card's class is its domains joined by '/' (fury/chaos): match any one
            where.append("(class = ? OR list_contains(string_split(coalesce(class, ''), '/'), ?))")
            params += [query.card_class] * 2
        if query.card_type:  # exactly: a follower is not an evolved follower
            where.append("type = ?")
            params.append(query.card_type)
        if query.cost is not None:
            where.append("cost = ?")
            params.append(query.cost)
        if query.trait:
            where.append("list_contains(traits, ?)")
            params.append(query.trait)
        if query.keyword:
            where.append("list_contains(keywords, ?)")
            params.append(query.keyword)
        if query.title:
            where.append("title = ?")
            params.append(query.title)
        if not query.tokens:
            where.append("NOT starts_with(type, 'token')")
        params.append(query.limit)
        sql = (
            "SELECT card_id, name, name_en, class, title, type, cost, attack, defense, traits, "
            "keywords, max_copies, set_code, coalesce(preview, false) AS preview, text, extra "
            "FROM cardpool.cards WHERE "
            + " AND ".join(where)
            + " ORDER BY cost NULLS LAST, card_id LIMIT ?"
        )
        return sql, params

    def imports(self) -> pd.DataFrame:
        """The import history, newest first."""
        return self.con.execute("SELECT * FROM cardpool.imports ORDER BY imported_at DESC").df()

    # -- writing -------------------------------------------------------------------------

    def replace_pool(self, data: PoolData, game: str, *, source: str, kind: str) -> None:
        """Replace every card and printing of ``game`` with ``data``, atomically."""
        import pandas as pd  # only when writing a pool: reading commands start faster

        cards = pd.DataFrame(
            [_card_values(c) for c in data.cards if c.game == game], columns=list(CARD_COLUMNS)
        )
        cards["search_key"] = [card_key(c.name, c.name_en) for c in data.cards if c.game == game]
        printings = pd.DataFrame(
            [(p.game, p.code, p.card_id) for p in data.printings if p.game == game],
            columns=["game", "code", "card_id"],
        )
        with self.transaction():
            self.con.execute("DELETE FROM cardpool.printings WHERE game = ?", [game])
            self.con.execute("DELETE FROM cardpool.cards WHERE game = ?", [game])
            if len(cards):
                self.con.register("_new_cards", cards)
                self.con.execute(
                    f"INSERT INTO cardpool.cards ({', '.join(CARD_COLUMNS)}, search_key) "
                    f"SELECT {_INSERTED}, search_key FROM _new_cards"
                )
                self.con.unregister("_new_cards")
            if len(printings):
                self.con.register("_new_printings", printings)
                self.con.execute("INSERT INTO cardpool.printings SELECT * FROM _new_printings")
                self.con.unregister("_new_printings")
            self._log(game, kind, source, cards=len(cards), printings=len(printings))

    def replace_sources(self, sources: dict[str, PoolData], game: str) -> None:
        """Replace the stored sources of ``game`` (each kept as imported) with ``sources``."""
        import pandas as pd  # only when writing a pool

        cards = pd.DataFrame(
            [
                (source, *_card_values(c))
                for source, data in sources.items()
                for c in data.cards
                if c.game == game
            ],
            columns=["source", *CARD_COLUMNS],
        )
        printings = pd.DataFrame(
            [
                (source, p.game, p.code, p.card_id)
                for source, data in sources.items()
                for p in data.printings
                if p.game == game
            ],
            columns=["source", "game", "code", "card_id"],
        )
        with self.transaction():
            self.con.execute("DELETE FROM cardpool.source_cards WHERE game = ?", [game])
            self.con.execute("DELETE FROM cardpool.source_printings WHERE game = ?", [game])
            if len(cards):
                self.con.register("_source_cards", cards)
                self.con.execute(
                    f"INSERT INTO cardpool.source_cards (source, {', '.join(CARD_COLUMNS)}) "
                    f"SELECT source, {_INSERTED} FROM _source_cards"
                )
                self.con.unregister("_source_cards")
            if len(printings):
                self.con.register("_source_printings", printings)
                self.con.execute(
                    "INSERT INTO cardpool.source_printings SELECT * FROM _source_printings"
                )
                self.con.unregister("_source_printings")

    def replace_disagreements(self, rows: Sequence[Disagreement], game: str) -> None:
        """Replace the listed disagreements between the card sources of ``game``."""
        with self.transaction():
            self.con.execute("DELETE FROM cardpool.disagreements WHERE game = ?", [game])
            if rows:
                self.con.executemany(
                    "INSERT INTO cardpool.disagreements VALUES (?, ?, ?, ?, ?, ?)",
                    [[game, d.card_id, d.name, d.field, d.kept, d.other] for d in rows],
                )

    def replace_restrictions(
        self, rows: Sequence[RestrictionRow], *, source: str, replace_lists: bool = True
    ) -> None:
        """Store restriction entries; each (game, region, format) list given replaces its old."""
        with self.transaction():
            if replace_lists:
                for game, region, fmt in sorted({(r.game, r.region, r.format) for r in rows}):
                    self.con.execute(
                        "DELETE FROM cardpool.restrictions "
                        "WHERE game = ? AND region = ? AND format = ?",
                        [game, region, fmt],
                    )
            for r in rows:
                self.con.execute(
                    "INSERT OR REPLACE INTO cardpool.restrictions "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [r.game, r.region, r.format, r.card_id, r.max_copies, r.since,
                     r.listed_code, r.name, r.note],
                )  # fmt: skip
            games = sorted({r.game for r in rows}) or ["sve"]
            for game in games:
                self._log(game, "restrictions", source, restrictions=len(rows))

    def ensure_default(self) -> bool:
        """Build each game's pool that has a snapshot and none stored; True if it built one."""
        built = False
        for game in snapshot.GAMES:
            if self.count_cards(game) > 0 or not snapshot.has_snapshot(game):
                continue
            data, restrictions = snapshot.read_snapshot(game)
            self.replace_pool(data, game, source="embedded snapshot", kind="snapshot")
            if restrictions:
                self.replace_restrictions(restrictions, source="embedded snapshot")
            built = True
        return built

    def _log(self, game: str, kind: str, source: str, **counts: int) -> None:
        self.con.execute(
            "INSERT INTO cardpool.imports VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                datetime.now(UTC).replace(tzinfo=None),
                game,
                kind,
                source,
                counts.get("cards"),
                counts.get("printings"),
                counts.get("restrictions"),
            ],
        )


def _card_values(c: CardRow) -> tuple[Any, ...]:
    return (
        c.game, c.card_id, c.name, c.name_en, c.card_class, c.class_ja, c.title, c.card_type,
        c.type_ja, c.cost, c.attack, c.defense, list(c.traits), list(c.keywords), c.max_copies,
        c.set_code, c.text, c.extra, c.text_en, c.preview, list(c.union_burst),
    )  # fmt: skip


def _card_row(r: tuple[Any, ...]) -> CardRow:
    values = dict(zip(CARD_COLUMNS, r, strict=True))
    return CardRow(
        game=values["game"],
        card_id=values["card_id"],
        name=values["name"],
        name_en=values["name_en"],
        card_class=values["class"],
        class_ja=values["class_ja"],
        title=values["title"],
        card_type=values["type"],
        type_ja=values["type_ja"],
        cost=values["cost"],
        attack=values["attack"],
        defense=values["defense"],
        traits=tuple(values["traits"] or ()),
        keywords=tuple(values["keywords"] or ()),
        max_copies=int(values["max_copies"]),
        set_code=values["set_code"] or "",
        text=values["text"],
        extra=values["extra"],
        text_en=values["text_en"],
        preview=bool(values["preview"]),
        union_burst=tuple(values["union_burst"] or ()),
    )


def extra_json(values: dict[str, Any]) -> str:
    """Game-specific facts stored in the ``extra`` column."""
    return json.dumps(values, ensure_ascii=False, sort_keys=True)


def today() -> date:
    """Today's date (one place, so callers and tests agree)."""
    return date.today()
