"""Ctrl-C during a run: held over work it must not cut, raised at a safe point, nothing left queued.

Signals are raised in this very process (``signal.raise_signal``), at the moments a user's
Ctrl-C can land: while blocks are handed to the executor and while the run waits for them.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from analytics.interrupts import held_interrupt
from analytics.ladder import play_matchups
from analytics.simulate import GameRow, MatchConfig, run_games, schedule
from engine.sve import DeckSpec


def test_no_ctrl_c_no_interruption() -> None:
    with held_interrupt() as interrupted:
        assert not interrupted()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def _held_block(seen: list[str]) -> None:
    with held_interrupt() as interrupted:
        signal.raise_signal(signal.SIGINT)
        seen.append("held" if interrupted() else "not seen")
        seen.append("end of the block")


def test_ctrl_c_is_held_to_the_end_of_the_block_then_raised() -> None:
    seen: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        _held_block(seen)
    assert seen == ["held", "end of the block"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_ignored_ctrl_c_stays_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with held_interrupt() as interrupted:
            signal.raise_signal(signal.SIGINT)
            assert not interrupted()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_off_the_main_thread_nothing_is_held() -> None:
    seen: list[object] = []

    def body() -> None:
        with held_interrupt() as interrupted:
            seen.append(signal.getsignal(signal.SIGINT))
            seen.append(interrupted())

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler, False]


class _Recording(ThreadPoolExecutor):
    """One worker thread; remembers every future and can press Ctrl-C on the n-th submit."""

    def __init__(self, ctrl_c_on_submit: int = 0) -> None:
        super().__init__(1)
        self.futures: list[Future[Any]] = []
        self.ctrl_c_on_submit = ctrl_c_on_submit

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if len(self.futures) + 1 == self.ctrl_c_on_submit:
            os.kill(os.getpid(), signal.SIGINT)  # handled by the main thread, whichever submits
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def _run(forest: DeckSpec, sword: DeckSpec, pool: _Recording, **hooks: Any) -> list[list[GameRow]]:
    stored: list[list[GameRow]] = []
    config = MatchConfig(forest, sword, ("random", "random"))
    games = schedule(5, 40)
    with pytest.raises(KeyboardInterrupt):
        list(run_games(config, games, executor=pool, block_size=2, on_block=stored.append, **hooks))
    pool.shutdown(wait=True)
    return stored


def test_ctrl_c_while_blocks_are_handed_out_stops_handing_them_out(
    forest: DeckSpec, sword: DeckSpec
) -> None:
    pool = _Recording(ctrl_c_on_submit=3)
    stored = _run(forest, sword, pool)
    assert len(pool.futures) == 3  # the block being handed out went whole, no other after it
    assert sum(f.cancelled() for f in pool.futures) >= 1  # one thread: the last never started
    assert all(f.done() for f in pool.futures)  # the pool's shutdown found no lock left held
    assert all(len(block) == 2 for block in stored)  # what was stored is whole blocks


def test_ctrl_c_while_waiting_keeps_the_finished_block_and_cancels_the_rest(
    forest: DeckSpec, sword: DeckSpec
) -> None:
    pool = _Recording()
    stored = _run(forest, sword, pool, on_progress=lambda _p: signal.raise_signal(signal.SIGINT))
    assert len(stored) == 1  # the block that was done when Ctrl-C came is kept
    assert sum(f.cancelled() for f in pool.futures) >= 15
    assert all(f.done() for f in pool.futures)


def test_ctrl_c_stops_every_matchup_of_a_ladder_step(forest: DeckSpec, sword: DeckSpec) -> None:
    """The matchups run in threads of their own; Ctrl-C, which only the main thread sees,
    stops them all instead of waiting for the whole step."""
    pool = _Recording(ctrl_c_on_submit=10)
    configs = [
        MatchConfig(forest, sword, ("random", "random")),
        MatchConfig(sword, forest, ("random", "random")),
    ]
    with pytest.raises(KeyboardInterrupt):
        play_matchups(configs, 400, executor=pool)
    pool.shutdown(wait=True)
    played = sum(not f.cancelled() for f in pool.futures)
    assert played < 200  # of 800 games: the step stopped soon after Ctrl-C
    assert all(f.done() for f in pool.futures)
