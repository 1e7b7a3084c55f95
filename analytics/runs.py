"""Stored simulation runs: the ``sim_runs`` and ``sim_games`` tables, written by the parent only.

Games are keyed by (run, seed, seat), so a rerun or a resumed run overwrites and never
duplicates, and an interrupted run keeps every block that finished.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import engine
from analytics.bulk import insert_rows
from analytics.cardstats import record_cards
from analytics.interrupts import held_interrupt
from analytics.simulate import GameRow, MatchConfig, Progress, run_games, schedule
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.store import Store

if TYPE_CHECKING:
    import pandas as pd

ENGINE_ROOT = Path(engine.__file__).resolve().parent
"""The engine package on disk: everything under it is part of the engine's fingerprint."""
_NOT_ENGINE = ("__pycache__",)
_BUILD_SUFFIXES = (".pyc", ".pyo", ".so", ".pyd")
"""Bytecode caches and compiled modules (``scripts/build_engine.py``): made from the sources,
which the fingerprint covers, so the compiled engine and the plain one share a fingerprint."""


def engine_files(root: Path) -> list[Path]:
    """Every source and data file of an engine tree, sorted by path (bytecode caches and
    compiled modules left out).

    Whole-tree, so a new module, subpackage or data file is counted without anyone listing it.
    """
    return sorted(
        (
            path
            for path in root.rglob("*")
            if path.is_file()
            and not any(part in _NOT_ENGINE for part in path.relative_to(root).parts)
            and path.suffix not in _BUILD_SUFFIXES
        ),
        key=lambda path: path.relative_to(root).as_posix(),
    )


def engine_fingerprint(root: Path) -> str:
    """A sha256 over every file of an engine tree: its path relative to the root and its bytes."""
    digest = hashlib.sha256()
    for path in engine_files(root):
        data = path.read_bytes()
        name = path.relative_to(root).as_posix().encode()
        # length-prefixed, so moving bytes from one file into the next changes the digest too
        digest.update(len(name).to_bytes(4, "big") + name + len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()[:12]


@functools.cache
def engine_version() -> str:
    """A fingerprint of the rules engine: every file of the ``engine`` package, code and data.

    A seed plays out the same only on the same engine, so a run records this and a resume
    on a changed engine is refused rather than mixing two engines' games.
    """
    return f"sve-{engine_fingerprint(ENGINE_ROOT)}"


SCHEMA = """
CREATE TABLE IF NOT EXISTS sim_runs (
    run_id VARCHAR PRIMARY KEY,
    batch_id VARCHAR,
    deck_a VARCHAR NOT NULL,
    deck_b VARCHAR NOT NULL,
    deck_a_list VARCHAR NOT NULL,
    deck_b_list VARCHAR NOT NULL,
    agents VARCHAR NOT NULL,
    games INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    turn_limit INTEGER NOT NULL,
    engine_version VARCHAR NOT NULL,
    backend VARCHAR,
    started TIMESTAMP NOT NULL,
    finished TIMESTAMP
);
CREATE TABLE IF NOT EXISTS sim_games (
    run_id VARCHAR NOT NULL,
    seed BIGINT NOT NULL,
    seat TINYINT NOT NULL,
    first TINYINT NOT NULL,
    winner TINYINT,
    reason VARCHAR NOT NULL,
    turns SMALLINT NOT NULL,
    actions INTEGER NOT NULL,
    duration_ms DOUBLE NOT NULL,
    error VARCHAR,
    PRIMARY KEY (run_id, seed, seat)
);
"""

GAME_COLUMNS = [
    "run_id", "seed", "seat", "first", "winner", "reason", "turns", "actions",
    "duration_ms", "error",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class RunInfo:
    """One stored run's settings."""

    run_id: str
    deck_a: str
    deck_b: str
    deck_a_list: Deck
    deck_b_list: Deck
    agents: tuple[str, str]
    games: int
    seed: int
    turn_limit: int
    batch_id: str | None = None
    engine_version: str = ""


def ensure_schema(store: Store) -> None:
    """Create the simulation tables if missing."""
    store.ensure_schema(SCHEMA)


def _deck_json(deck: Deck) -> str:
    return json.dumps(
        {"name": deck.name, "leaders": deck.leaders, "main": deck.main, "evolve": deck.evolve},
        ensure_ascii=False,
    )


def _deck_from_json(text: str) -> Deck:
    doc = json.loads(text)
    return Deck(name=doc["name"], leaders=doc["leaders"], main=doc["main"], evolve=doc["evolve"])


def start_run(
    store: Store,
    deck_a: Deck,
    deck_b: Deck,
    *,
    games: int,
    agents: tuple[str, str],
    seed: int,
    turn_limit: int = 60,
    backend: str = "local",
    batch_id: str | None = None,
) -> RunInfo:
    """Record a new run and return its settings (with a fresh run id)."""
    ensure_schema(store)
    info = RunInfo(
        run_id=uuid.uuid4().hex[:12],
        deck_a=deck_a.name or "A",
        deck_b=deck_b.name or "B",
        deck_a_list=deck_a,
        deck_b_list=deck_b,
        agents=agents,
        games=games,
        seed=seed,
        turn_limit=turn_limit,
        batch_id=batch_id,
    )
    store.con.execute(
        "INSERT INTO sim_runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
        [
            info.run_id, batch_id, info.deck_a, info.deck_b, _deck_json(deck_a),
            _deck_json(deck_b), ",".join(agents), games, seed, turn_limit, engine_version(),
            backend, _now(),
        ],
    )  # fmt: skip
    return info


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def record_games(store: Store, run_id: str, rows: Sequence[GameRow]) -> None:
    """Store finished games (a rerun of the same seed and seat replaces the old row)."""
    insert_rows(
        store.con, "sim_games", GAME_COLUMNS,
        [
            (run_id, r.seed, r.seat, r.first, r.winner, r.reason, r.turns, r.actions,
             r.duration_ms, r.error)
            for r in rows
        ],
        "run_id, seed, seat::TINYINT, first::TINYINT, winner::TINYINT, reason, "
        "turns::SMALLINT, actions::INTEGER, duration_ms, error",
        verb="INSERT OR REPLACE",
    )  # fmt: skip
    record_cards(store, run_id, rows)


def finish_run(store: Store, run_id: str) -> None:
    """Mark a run finished."""
    store.con.execute("UPDATE sim_runs SET finished = ? WHERE run_id = ?", [_now(), run_id])


LATEST = "last"
"""Where a command takes a run id, the latest run started."""


def resolve_run(store: Store, key: str) -> str:
    """``key`` itself, or for ``last`` the id of the latest run started (``InputError``
    when there is none)."""
    if key != LATEST:
        return key
    ensure_schema(store)
    row = store.con.execute("SELECT run_id FROM sim_runs ORDER BY started DESC LIMIT 1").fetchone()
    if row is None:
        raise InputError("no stored run yet: `last` names the latest run (see `decklab simulate`)")
    return str(row[0])


def run_info(store: Store, run_id: str) -> RunInfo:
    """A stored run's settings; an unknown id raises ``InputError``."""
    ensure_schema(store)
    row = store.con.execute(
        "SELECT run_id, deck_a, deck_b, deck_a_list, deck_b_list, agents, games, seed, "
        "turn_limit, batch_id, engine_version FROM sim_runs WHERE run_id = ?",
        [run_id],
    ).fetchone()
    if row is None:
        raise InputError(f"no stored run {run_id!r} (see `decklab runs`)")
    a, b = str(row[5]).split(",")
    return RunInfo(
        run_id=row[0],
        deck_a=row[1],
        deck_b=row[2],
        deck_a_list=_deck_from_json(row[3]),
        deck_b_list=_deck_from_json(row[4]),
        agents=(a, b),
        games=int(row[6]),
        seed=int(row[7]),
        turn_limit=int(row[8]),
        batch_id=row[9],
        engine_version=str(row[10]),
    )


def game_rows(store: Store, run_id: str) -> list[GameRow]:
    """Every stored game of a run, by (seed, seat)."""
    ensure_schema(store)
    rows = store.con.execute(
        "SELECT seed, seat, first, winner, reason, turns, actions, duration_ms, error "
        "FROM sim_games WHERE run_id = ? ORDER BY seed, seat",
        [run_id],
    ).fetchall()
    return [
        GameRow(
            seed=int(r[0]),
            seat=int(r[1]),
            first=int(r[2]),
            winner=None if r[3] is None else int(r[3]),
            reason=str(r[4]),
            turns=int(r[5]),
            actions=int(r[6]),
            duration_ms=float(r[7]),
            error=r[8],
        )
        for r in rows
    ]


def check_resumable(info: RunInfo) -> None:
    """Refuse to resume a run on an engine other than the one that started it."""
    if info.engine_version and info.engine_version != engine_version():
        raise InputError(
            f"run {info.run_id} was played on engine {info.engine_version} and this is "
            f"{engine_version()}: the same seeds would play out differently, so its missing "
            "games cannot be added; start a new run"
        )


def missing_games(store: Store, info: RunInfo) -> list[tuple[int, int]]:
    """The (seed, seat) games of a run not stored yet: what a resume plays."""
    have = {(r.seed, r.seat) for r in game_rows(store, info.run_id)}
    return [g for g in schedule(info.seed, info.games) if g not in have]


def list_runs(store: Store) -> pd.DataFrame:
    """Stored runs, newest first, with how many games finished and deck A's win rate."""
    ensure_schema(store)
    return store.con.execute(
        """
        SELECT r.run_id, r.deck_a, r.deck_b, r.agents, r.games AS asked,
               count(g.seed) AS played,
               count(*) FILTER (WHERE g.error IS NOT NULL) AS errors,
               round(avg(CASE WHEN g.winner = 0 THEN 1.0 WHEN g.winner = 1 THEN 0.0 END), 4)
                   AS a_win_rate,
               r.seed, r.started, r.finished, r.batch_id
        FROM sim_runs r LEFT JOIN sim_games g USING (run_id)
        GROUP BY ALL ORDER BY r.started DESC
        """
    ).df()


FLUSH_SECONDS = 5.0
"""Finished blocks wait at most this long before they are stored, a few in one write."""


class BlockWriter:
    """Stores the finished blocks of a run: the first at once, later ones gathered for up to
    :data:`FLUSH_SECONDS` and written together in one short hold of the database.

    Each write opens the file (about 20 ms of CPU), inserts and lets go, so other processes
    may use the database between writes; gathering blocks pays that once per write rather
    than once per block. ``flush`` stores what is gathered (at the end, and when a run is
    stopped or interrupted: those blocks finished before the stop).
    """

    def __init__(self, store: Store, run_id: str, every: float = FLUSH_SECONDS) -> None:
        self.store = store
        self.run_id = run_id
        self.every = every
        self.rows: list[GameRow] = []
        self.last = -math.inf

    def add(self, block: Sequence[GameRow]) -> None:
        """Take a finished block; store what is gathered once the last write is old enough."""
        self.rows.extend(block)
        if time.monotonic() - self.last >= self.every:
            self.flush()

    def flush(self) -> None:
        """Store every gathered row now (whole, even if Ctrl-C comes), then let go of the file."""
        if not self.rows:
            return
        with held_interrupt():  # a write is stored whole or not at all
            record_games(self.store, self.run_id, self.rows)
            self.rows = []
            self.store.release()
        self.last = time.monotonic()


def execute_run(
    store: Store,
    info: RunInfo,
    config: MatchConfig,
    games: Sequence[tuple[int, int]],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    start_method: str | None = None,
) -> list[GameRow]:
    """Play ``games`` of a stored run, storing finished blocks as they come; mark it finished.

    The database is held only while blocks are written, never while games are played. A run
    that stops early (``should_stop``, Ctrl-C, a page's rerun) stores the blocks that
    finished before it stopped.
    """
    store.release()
    writer = BlockWriter(store, info.run_id)
    try:
        rows = list(
            run_games(
                config,
                games,
                executor=executor,
                workers=workers,
                on_block=writer.add,
                on_progress=on_progress,
                should_stop=should_stop,
                start_method=start_method,
            )
        )
    finally:
        writer.flush()
    if not missing_games(store, info):
        finish_run(store, info.run_id)
    store.release()
    return rows


def games_frame(rows: Sequence[GameRow]) -> pd.DataFrame:
    """Games as a table (for charts): one row per game, one column per field."""
    import pandas as pd  # only for charts: a run stores its games without it

    columns = [c for c in GameRow.__slots__ if c != "cards"]  # per-card facts: analytics.cardstats
    return pd.DataFrame([[getattr(r, c) for c in columns] for r in rows], columns=columns)
