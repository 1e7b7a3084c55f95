"""The batch runner: same seed, same results on every backend; resumes; errors kept."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from analytics import runs
from analytics import simulate as sim
from analytics.simulate import GameRow, MatchConfig, run_games, schedule, simulate
from analytics.winrate import summarise
from cardpool.deck import Deck
from cardpool.errors import InputError
from cardpool.store import Store
from engine.cards import CardRecord
from engine.sve import DeckSpec


def test_each_seed_is_played_once_from_each_seat() -> None:
    games = schedule(7, 10)
    assert len(games) == 10
    seeds = [s for s, _ in games]
    assert len(set(seeds)) == 5
    assert sorted(games) == sorted((s, seat) for s in set(seeds) for seat in (0, 1))


def test_rows_do_not_depend_on_block_size(forest: DeckSpec, sword: DeckSpec) -> None:
    config = MatchConfig(forest, sword, ("greedy", "random"))
    games = schedule(3, 12)
    whole = run_games(config, games, executor=ThreadPoolExecutor(1), block_size=12)
    small = run_games(config, games, executor=ThreadPoolExecutor(2), block_size=1)
    assert sorted(map(_key, whole)) == sorted(map(_key, small))


def _key(r: GameRow) -> tuple[object, ...]:
    return (r.seed, r.seat, r.first, r.winner, r.reason, r.turns, r.actions, r.error)


def test_the_seat_decides_who_goes_first(forest: DeckSpec, sword: DeckSpec) -> None:
    rows = simulate(forest, sword, 8, ("random", "random"), seed=1, workers=1)
    assert all(r.first == r.seat for r in rows)


def test_same_seed_same_results_with_1_and_2_workers(forest: DeckSpec, sword: DeckSpec) -> None:
    one = simulate(forest, sword, 40, ("greedy", "greedy"), seed=11, workers=1)
    two = simulate(forest, sword, 40, ("greedy", "greedy"), seed=11, workers=2)
    assert [_key(r) for r in one] == [_key(r) for r in two]
    assert len({r.seed for r in one}) == 20


def test_same_seed_same_results_on_a_dask_local_cluster(forest: DeckSpec, sword: DeckSpec) -> None:
    """Dask is an optional extra: without it this skips. The cluster binds no fixed port, so
    a second local cluster started beside it (or one already running) never collides."""
    pytest.importorskip(
        "distributed", reason="Dask is optional: pip install 'decklab[distributed]'"
    )
    from analytics.executors import executor_for

    one = simulate(forest, sword, 40, ("greedy", "greedy"), seed=11, workers=1)
    with executor_for("local", 2) as (executor, backend):
        assert backend == "dask-local:2"
        dask = simulate(forest, sword, 40, ("greedy", "greedy"), seed=11, executor=executor)
        with executor_for("local", 1) as (beside, _):
            again = simulate(forest, sword, 8, ("random", "random"), seed=3, executor=beside)
    assert [_key(r) for r in one] == [_key(r) for r in dask]
    assert [_key(r) for r in again] == [
        _key(r) for r in simulate(forest, sword, 8, ("random", "random"), seed=3, workers=1)
    ]


def test_a_mirror_match_is_even_within_its_interval(forest: DeckSpec) -> None:
    rows = simulate(forest, forest, 400, ("greedy", "greedy"), seed=5, workers=2)
    s = summarise(rows)
    assert s.errors == 0
    lo, hi = s.a.ci95
    assert lo < 0.5 < hi
    # seat swapping: deck A went first in exactly half the games
    assert sum(1 for r in rows if r.first == 0) == 200


def test_a_game_that_raises_is_recorded_and_the_run_goes_on(forest: DeckSpec) -> None:
    broken = DeckSpec(main=[CardRecord("X-1", "Broken", card_type="follower", cost=None)] * 40)
    config = MatchConfig(forest, broken, ("random", "random"))
    rows = list(run_games(config, schedule(1, 4), executor=ThreadPoolExecutor(1), block_size=2))
    assert len(rows) == 4
    assert all((r.error is None) or (r.reason == "error" and r.winner is None) for r in rows)


_PLAY_BLOCK = sim.play_block


def _explode(config: MatchConfig, games: list[tuple[int, int]]) -> list[GameRow]:
    if os.environ.get("DECKLAB_TEST_KILL") == "1" and games[0][1] == 1:
        os._exit(1)  # a worker dies mid-block
    return _PLAY_BLOCK(config, games)


def test_a_dead_worker_loses_no_other_block(
    forest: DeckSpec, sword: DeckSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKLAB_TEST_KILL", "1")
    monkeypatch.setattr(sim, "play_block", _explode)
    config = MatchConfig(forest, sword, ("random", "random"))
    games = schedule(2, 8)  # blocks of one game: seat-1 blocks kill their worker every time
    rows = list(run_games(config, games, workers=2, block_size=1))
    assert len(rows) == 8
    ok = [r for r in rows if r.error is None]
    failed = [r for r in rows if r.error is not None]
    assert {r.seat for r in ok} == {0}, [r.error for r in failed][:2]
    assert len(ok) == 4
    assert all(r.seat == 1 and "worker" in (r.error or "") for r in failed)


def test_stored_run_resumes_to_the_uninterrupted_result(forest: DeckSpec, sword: DeckSpec) -> None:
    store = Store.memory()
    a, b = Deck(name="forest"), Deck(name="sword")
    config = MatchConfig(forest, sword, ("greedy", "greedy"))
    info = runs.start_run(store, a, b, games=20, agents=config.agents, seed=9)
    all_games = runs.missing_games(store, info)
    assert len(all_games) == 20
    # "interrupt" after the first 8 games: only they are stored
    runs.execute_run(store, info, config, all_games[:8], executor=ThreadPoolExecutor(1))
    assert len(runs.game_rows(store, info.run_id)) == 8
    assert runs.list_runs(store)["finished"].isna().all()
    runs.execute_run(store, info, config, runs.missing_games(store, info), workers=1)
    resumed = runs.game_rows(store, info.run_id)
    straight = simulate(forest, sword, 20, ("greedy", "greedy"), seed=9, workers=1)
    assert sorted(_key(r) for r in resumed) == sorted(_key(r) for r in straight)
    assert not runs.list_runs(store)["finished"].isna().any()
    # a rerun of the same games overwrites, never duplicates
    runs.record_games(store, info.run_id, straight)
    assert len(runs.game_rows(store, info.run_id)) == 20


def test_a_run_from_another_engine_cannot_be_resumed(forest: DeckSpec, sword: DeckSpec) -> None:
    store = Store.memory()
    info = runs.start_run(
        store, Deck(name="a"), Deck(name="b"), games=4, agents=("random", "random"), seed=1
    )
    assert runs.run_info(store, info.run_id).engine_version == runs.engine_version()
    runs.check_resumable(runs.run_info(store, info.run_id))  # same engine: fine
    store.con.execute(
        "UPDATE sim_runs SET engine_version = 'sve-old' WHERE run_id = ?", [info.run_id]
    )
    with pytest.raises(InputError, match="played on engine sve-old"):
        runs.check_resumable(runs.run_info(store, info.run_id))


class _Counting(ThreadPoolExecutor):
    """Two threads; records how many blocks were out (handed out, not back) at each hand-out."""

    def __init__(self) -> None:
        super().__init__(2)
        self.out: list[int] = []
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.out.append(sum(not f.done() for f in self.futures) + 1)
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_a_run_keeps_two_blocks_per_worker_out_and_plays_them_all(
    forest: DeckSpec, sword: DeckSpec
) -> None:
    pool = _Counting()
    config = MatchConfig(forest, sword, ("random", "random"))
    rows = list(run_games(config, schedule(4, 40), executor=pool, workers=2, block_size=2))
    assert len(pool.out) == 20
    assert max(pool.out) <= 4
    assert sorted((r.seed, r.seat) for r in rows) == sorted(schedule(4, 40))
