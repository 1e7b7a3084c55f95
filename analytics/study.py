"""Studies: several matchups of one question on common seeds, stored, resumable, stoppable.

``impact``, ``mulligan-test`` and ``gauntlet`` each ask one question that takes several
matchups (a deck and its variants, or one deck under several mulligan policies, against a
field). Every matchup is an ordinary stored run (``sim_runs`` / ``sim_games``, batch id = the
study id) on the same run seed, so all of them meet the same seeds in the same seats and
the comparisons are paired. ``studies`` holds the question (its parameters, to resume it)
and, once finished, its answer; ``study_runs`` maps each matchup key to its run.

Games are played in rounds that end at fixed looks (``analytics.sequential.look_points``);
after each round the question says which matchups still need games (all of them, unless it
stops when decided). A look sees only the games of the rounds before it, so where a study
stops depends only on the seeds, never on the backend, the block size or an interruption.
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from analytics.interrupts import held_interrupt
from analytics.runs import (
    check_resumable,
    engine_version,
    finish_run,
    game_rows,
    record_games,
    run_info,
    start_run,
)
from analytics.sequential import look_points
from analytics.simulate import GameRow, MatchConfig, Progress, local_pool, run_games, schedule
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.store import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS studies (
    study_id VARCHAR PRIMARY KEY,
    kind VARCHAR NOT NULL,
    deck VARCHAR NOT NULL,
    params VARCHAR NOT NULL,
    games INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    agents VARCHAR NOT NULL,
    turn_limit INTEGER NOT NULL,
    until_decided BOOLEAN NOT NULL,
    engine_version VARCHAR NOT NULL,
    backend VARCHAR,
    started TIMESTAMP NOT NULL,
    finished TIMESTAMP,
    games_played INTEGER,
    result VARCHAR
);
CREATE TABLE IF NOT EXISTS study_runs (
    study_id VARCHAR NOT NULL,
    key VARCHAR NOT NULL,
    run_id VARCHAR NOT NULL,
    PRIMARY KEY (study_id, key)
);
"""

Scores = dict[str, dict[tuple[int, int], float]]
"""Per matchup key: deck A's score per (seed, seat): 1 win, 0 loss, 0.5 draw (errors left out)."""


@dataclass(frozen=True, slots=True)
class Matchup:
    """One matchup of a study: deck A (ours, or a variant) against one opponent."""

    key: str
    deck: Deck
    opponent: Deck
    config: MatchConfig


@dataclass(frozen=True, slots=True)
class StudyInfo:
    """A stored study's question."""

    study_id: str
    kind: str
    deck: str
    params: dict[str, Any]
    games: int
    seed: int
    agents: tuple[str, str]
    turn_limit: int
    until_decided: bool
    engine_version: str

    @property
    def units(self) -> int:
        """Seat-swapped pairs (seeds) in the budget."""
        return math.ceil(self.games / 2)


def ensure_schema(store: Store) -> None:
    """Create the study tables if missing."""
    store.con.execute(SCHEMA)


def deck_json(deck: Deck) -> dict[str, Any]:
    """A deck as stored in a study's parameters."""
    return {"name": deck.name, "leaders": deck.leaders, "main": deck.main, "evolve": deck.evolve}


def deck_from_json(doc: dict[str, Any]) -> Deck:
    """The inverse of :func:`deck_json`."""
    return Deck(name=doc["name"], leaders=doc["leaders"], main=doc["main"], evolve=doc["evolve"])


def start_study(
    store: Store,
    kind: str,
    deck: str,
    params: dict[str, Any],
    *,
    games: int,
    seed: int,
    agents: tuple[str, str],
    turn_limit: int,
    until_decided: bool,
    backend: str,
) -> StudyInfo:
    """Record a new study and return it (with a fresh id)."""
    ensure_schema(store)
    info = StudyInfo(
        uuid.uuid4().hex[:12], kind, deck, params, games, seed, agents, turn_limit,
        until_decided, engine_version(),
    )  # fmt: skip
    store.con.execute(
        "INSERT INTO studies VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL)",
        [
            info.study_id, kind, deck, json.dumps(params, ensure_ascii=False), games, seed,
            ",".join(agents), turn_limit, until_decided, info.engine_version, backend, _now(),
        ],
    )  # fmt: skip
    return info


def load_study(store: Store, study_id: str, kind: str) -> StudyInfo:
    """A stored study of this kind; an unknown id or another engine raises ``InputError``."""
    ensure_schema(store)
    row = store.con.execute(
        "SELECT study_id, kind, deck, params, games, seed, agents, turn_limit, until_decided, "
        "engine_version FROM studies WHERE study_id = ?",
        [study_id],
    ).fetchone()
    if row is None or row[1] != kind:
        raise InputError(f"no stored {kind} study {study_id!r} (see `decklab studies`)")
    a, b = str(row[6]).split(",")
    info = StudyInfo(
        row[0], row[1], row[2], json.loads(row[3]), int(row[4]), int(row[5]), (a, b),
        int(row[7]), bool(row[8]), str(row[9]),
    )  # fmt: skip
    if info.engine_version != engine_version():
        raise InputError(
            f"study {study_id} was played on engine {info.engine_version} and this is "
            f"{engine_version()}: its missing games cannot be added; start a new study"
        )
    return info


def finish_study(store: Store, study_id: str, result: dict[str, Any], games_played: int) -> None:
    """Store a study's answer and mark it finished."""
    store.con.execute(
        "UPDATE studies SET finished = ?, games_played = ?, result = ? WHERE study_id = ?",
        [_now(), games_played, json.dumps(result, ensure_ascii=False), study_id],
    )


def list_studies(store: Store, kind: str | None = None) -> pd.DataFrame:
    """Stored studies, newest first (``result`` is the answer as JSON, once finished)."""
    ensure_schema(store)
    where = "WHERE kind = ?" if kind else ""
    return store.con.execute(
        "SELECT study_id, kind, deck, games, seed, agents, until_decided, games_played, "
        f"started, finished, result FROM studies {where} ORDER BY started DESC",
        [kind] if kind else [],
    ).df()


def study_of_run(store: Store, run_id: str) -> tuple[str, str, dict[str, Any]] | None:
    """The study a run belongs to: (kind, matchup key, parameters), or ``None``."""
    has = store.con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'study_runs'"
    ).fetchone()
    if not has or not has[0]:
        return None
    row = store.con.execute(
        "SELECT s.kind, r.key, s.params FROM study_runs r JOIN studies s USING (study_id) "
        "WHERE r.run_id = ?",
        [run_id],
    ).fetchone()
    return None if row is None else (str(row[0]), str(row[1]), json.loads(row[2]))


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _runs(
    store: Store, info: StudyInfo, matchups: Sequence[Matchup], backend: str
) -> dict[str, str]:
    """The run of each matchup: the stored one, or a new one."""
    have = dict(
        store.con.execute(
            "SELECT key, run_id FROM study_runs WHERE study_id = ?", [info.study_id]
        ).fetchall()
    )
    out: dict[str, str] = {}
    for m in matchups:
        if m.key in have:
            check_resumable(run_info(store, have[m.key]))
            out[m.key] = have[m.key]
            continue
        run = start_run(
            store, m.deck, m.opponent, games=info.games, agents=m.config.agents, seed=info.seed,
            turn_limit=m.config.turn_limit, backend=backend, batch_id=info.study_id,
        )  # fmt: skip
        store.con.execute(
            "INSERT INTO study_runs VALUES (?, ?, ?)", [info.study_id, m.key, run.run_id]
        )
        out[m.key] = run.run_id
    return out


def run_scores(store: Store, run_id: str) -> dict[tuple[int, int], float]:
    """Deck A's score per (seed, seat) of a stored run (errors left out)."""
    return {
        (r.seed, r.seat): 0.5 if r.winner is None else float(r.winner == 0)
        for r in game_rows(store, run_id)
        if r.error is None
    }


Active = Callable[[Scores, int], set[str]]
"""Given the scores so far and the units (seeds) looked at, the matchup keys that still need
games (empty: stop)."""


@dataclass(frozen=True, slots=True)
class Played:
    """What a study played: scores per matchup, where it stopped, and its game counts."""

    scores: Scores
    units: int
    """Seeds (seat-swapped pairs) looked at when the study stopped."""
    games_played: int
    games_budget: int
    runs: dict[str, str]
    looks: tuple[int, ...] = ()
    """The unit counts looked at, in order (the last is ``units``)."""
    seeds: tuple[int, ...] = ()
    """The study's seeds in the order they are played."""

    @property
    def games_saved(self) -> int:
        """Games of the fixed budget a sequential stop did not need."""
        return self.games_budget - self.games_played


def play_study(
    store: Store,
    info: StudyInfo,
    matchups: Sequence[Matchup],
    *,
    active: Active | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    backend: str = "local",
    on_progress: Callable[[Progress], None] | None = None,
    start_method: str | None = None,
) -> Played:
    """Play (or resume) a study round by round; store every block as it finishes.

    Without ``active`` every matchup plays the whole budget in one round. Rows come back
    from workers; only this process writes the database. ``start_method`` picks how local
    workers start (``forkserver`` from a threaded server).
    """
    keys = [m.key for m in matchups]
    if len(set(keys)) != len(keys):
        raise ValueError("matchup keys must be unique")
    runs = _runs(store, info, matchups, backend)
    full = schedule(info.seed, info.games)
    points = look_points(info.units) if active else [info.units]
    live = set(keys)
    owned = executor is None
    pool: Executor = executor or local_pool(workers, start_method)
    n_workers = workers or (os.cpu_count() or 1) if owned else workers or 2
    total = len(full) * len(matchups)
    done = 0
    start = time.perf_counter()
    prev = 0
    looked: list[int] = []
    scores: Scores = {}
    try:
        for point in points:
            window = full[2 * prev : 2 * point]
            for m in matchups:
                if m.key not in live:
                    continue
                have = set(run_scores(store, runs[m.key]))
                have |= {
                    (r.seed, r.seat) for r in game_rows(store, runs[m.key]) if r.error
                }  # an error is stored too and is not replayed
                todo = [g for g in window if g not in have]
                done += len(window) - len(todo)
                if todo:
                    block = max(1, min(100, math.ceil(len(todo) / (2 * n_workers))))
                    run_id = runs[m.key]

                    def store_block(rows: list[GameRow], run_id: str = run_id) -> None:
                        with held_interrupt():
                            record_games(store, run_id, rows)

                    for _ in run_games(
                        m.config, todo, executor=pool, block_size=block, on_block=store_block
                    ):
                        done += 1
                        if on_progress:
                            on_progress(Progress(done, total, time.perf_counter() - start))
            prev = point
            looked.append(point)
            upto = set(full[: 2 * point])
            scores = {
                k: {g: s for g, s in run_scores(store, runs[k]).items() if g in upto} for k in keys
            }
            if active is not None:
                live &= active(scores, point)
                if not live:
                    break
    finally:
        if owned:
            pool.shutdown(wait=True, cancel_futures=True)
    for run in runs.values():
        if len(game_rows(store, run)) >= info.games:
            finish_run(store, run)
    upto = set(full[: 2 * prev])
    played = sum(
        sum(1 for r in game_rows(store, run) if (r.seed, r.seat) in upto) for run in runs.values()
    )
    return Played(scores, prev, played, total, runs, tuple(looked), seed_order(info))


def seed_order(info: StudyInfo) -> tuple[int, ...]:
    """The study's seeds in the order they are played."""
    return tuple(seed for seed, seat in schedule(info.seed, info.games) if seat == 0)


def upto(scores: Scores, seeds: Sequence[int], units: int) -> Scores:
    """The scores of the first ``units`` seeds: what a look after ``units`` units saw."""
    keep = set(seeds[:units])
    return {k: {g: s for g, s in v.items() if g[0] in keep} for k, v in scores.items()}


def answer_notes(info: StudyInfo, played: Played, tests: int = 1) -> dict[str, Any]:
    """What every stored answer says beside its numbers: the study, its budget, what the
    sequential test saved, the test and how a family of tests shares its error rate."""
    from analytics.sequential import FIXED_NOTE, SEQUENTIAL_NOTE, holm_note

    return {
        "study_id": info.study_id, "agents": list(info.agents), "seed": info.seed,
        "games_per_matchup": info.games, "until_decided": info.until_decided,
        "games_budget": played.games_budget, "games_played": played.games_played,
        "games_saved": played.games_saved,
        "test": SEQUENTIAL_NOTE if info.until_decided else FIXED_NOTE,
        "family": holm_note(tests), "tests": tests,
    }  # fmt: skip
