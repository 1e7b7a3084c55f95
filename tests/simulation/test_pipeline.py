"""The run pipeline: blocks sized from measured play, finished blocks stored a few at a time,
rows written in bulk exactly as they were played."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from analytics import runs
from analytics.bulk import insert_rows
from analytics.simulate import (
    FIRST_BLOCK,
    MAX_BLOCK,
    BlockSizer,
    GameRow,
    MatchConfig,
    Progress,
    run_games,
    schedule,
)
from cardpool.deck import Deck
from cardpool.store import Store
from engine.sve import DeckSpec


def _rows(*ms: float) -> list[GameRow]:
    return [GameRow(i, 0, 0, 0, "leader_defense", 10, 80, ms_) for i, ms_ in enumerate(ms)]


@pytest.mark.parametrize(
    ("times_ms", "workers", "remaining", "size"),
    [
        ([], None, 10_000, FIRST_BLOCK),  # nothing timed yet
        ([84.0, 4.0, 4.0, 4.0, 4.0], None, 10_000, 250),  # the warm-up game does not count
        ([84.0, 84.0, 4.0, 4.0, 4.0], None, 10_000, 250),  # one warm-up per worker neither
        ([100.0] * 5, None, 10_000, 10),  # planner-like games: ten to a second
        ([3000.0] * 3, None, 10_000, 1),  # a game longer than a second: one per block
        ([0.5] * 5, None, 10_000, MAX_BLOCK),  # very quick games: capped
        ([4.0] * 5, 2, 10_000, 250),  # far from the end: the measured size
        ([4.0] * 5, 2, 400, 100),  # near the end: a quarter of what is left for two workers
        ([4.0] * 5, 2, 3, 1),  # the last games one by one
    ],
)
def test_blocks_hold_about_a_second_of_measured_play(
    times_ms: list[float], workers: int | None, remaining: int, size: int
) -> None:
    sizer = BlockSizer(workers=workers)
    sizer.observe(_rows(*times_ms))
    assert sizer.size(remaining) == size


def test_a_fixed_block_size_is_kept_and_lost_blocks_teach_nothing() -> None:
    sizer = BlockSizer(fixed=7, workers=2)
    sizer.observe(_rows(4.0, 4.0))
    assert sizer.size(3) == 7
    measured = BlockSizer()
    measured.observe(_rows(0.0, 0.0))  # rows of a block lost with its worker carry no time
    assert measured.size(100) == FIRST_BLOCK


def test_measured_blocks_grow_from_the_first_ones(forest: DeckSpec, sword: DeckSpec) -> None:
    sizes: list[int] = []
    config = MatchConfig(forest, sword, ("random", "random"))
    rows = list(
        run_games(
            config, schedule(4, 60), executor=ThreadPoolExecutor(1),
            on_block=lambda block: sizes.append(len(block)),
        )
    )  # fmt: skip
    assert sorted((r.seed, r.seat) for r in rows) == sorted(schedule(4, 60))
    assert sizes[0] == FIRST_BLOCK
    assert max(sizes) > FIRST_BLOCK  # random games take milliseconds: later blocks hold more


@pytest.fixture
def stored_run(tmp_path: Path, forest: DeckSpec) -> tuple[Store, runs.RunInfo]:
    """A file database holding a started run of 40 games."""
    store = Store.open(tmp_path / "x.duckdb")
    info = runs.start_run(
        store, Deck(name="A", main={}), Deck(name="B", main={}), games=40,
        agents=("random", "random"), seed=5,
    )  # fmt: skip
    return store, info


def _stored(store: Store, run_id: str) -> int:
    return len(runs.game_rows(store, run_id))


def test_the_first_block_is_stored_at_once_and_later_ones_together(
    stored_run: tuple[Store, runs.RunInfo],
) -> None:
    store, info = stored_run
    writer = runs.BlockWriter(store, info.run_id, every=3600)
    games = _rows(*[5.0] * 10)
    writer.add(games[:2])
    assert _stored(store, info.run_id) == 2
    writer.add(games[2:6])
    writer.add(games[6:])
    assert _stored(store, info.run_id) == 2  # gathered, not yet written
    writer.flush()
    assert _stored(store, info.run_id) == 10
    soon = runs.BlockWriter(store, info.run_id, every=0)
    soon.add(_rows(*[5.0] * 12)[10:])
    assert _stored(store, info.run_id) == 12  # past its interval: written with the block


class _Rerun(Exception):
    """What a dashboard page's cancel raises inside ``should_stop``."""


def test_a_stopped_run_keeps_every_block_that_finished_before_the_stop(
    stored_run: tuple[Store, runs.RunInfo], forest: DeckSpec, sword: DeckSpec
) -> None:
    store, info = stored_run
    delivered: list[int] = []

    def progress(p: Progress) -> None:
        delivered.append(p.done)

    def should_stop() -> bool:
        if len(delivered) >= 3:
            raise _Rerun
        return False

    config = MatchConfig(forest, sword, ("random", "random"))
    with pytest.raises(_Rerun):
        runs.execute_run(
            store, info, config, schedule(info.seed, info.games), workers=1,
            on_progress=progress, should_stop=should_stop,
        )  # fmt: skip
    assert _stored(store, info.run_id) == delivered[-1]  # gathered blocks were written
    assert 0 < delivered[-1] < info.games


def test_a_whole_run_stores_every_game_and_is_marked_finished(
    stored_run: tuple[Store, runs.RunInfo], forest: DeckSpec, sword: DeckSpec
) -> None:
    store, info = stored_run
    config = MatchConfig(forest, sword, ("random", "random"))
    rows = runs.execute_run(store, info, config, schedule(info.seed, info.games), workers=1)
    stored = runs.game_rows(store, info.run_id)
    assert sorted(stored, key=lambda r: (r.seed, r.seat)) == sorted(
        (GameRow(r.seed, r.seat, r.first, r.winner, r.reason, r.turns, r.actions,
                 r.duration_ms, r.error) for r in rows),
        key=lambda r: (r.seed, r.seat),
    )  # fmt: skip
    finished = store.con.execute(
        "SELECT finished IS NOT NULL FROM sim_runs WHERE run_id = ?", [info.run_id]
    ).fetchone()
    assert finished == (True,)


def test_bulk_rows_arrive_as_they_were_given() -> None:
    store = Store.memory()
    store.con.execute("CREATE TABLE t (a BIGINT, w TINYINT, s VARCHAR, f DOUBLE, n INTEGER)")
    rows = [
        (2**62, None, "アリア", 1.5, 3),
        (-1, 1, None, 0.0, 0),
        (7, 0, "", 2.25, -4),
    ]
    insert_rows(store.con, "t", ["a", "w", "s", "f", "n"], rows, "a, w::TINYINT, s, f, n")
    assert store.con.execute("SELECT * FROM t ORDER BY f").fetchall() == sorted(
        rows, key=lambda r: r[3]
    )
    insert_rows(store.con, "t", ["a", "w", "s", "f", "n"], [], "a, w, s, f, n")
    assert store.con.execute("SELECT count(*) FROM t").fetchone() == (3,)
