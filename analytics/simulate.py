"""Batch simulation: seat-swapped games on shared seeds, in blocks, over any executor.

Each seed is played twice, once with each deck going first, so the first-player advantage
cancels within a pair. Seeds are grouped in blocks of about a second of play (one task
each, sized from the games timed so far), handed out a few at a time and more as they come
back. A block runs anywhere (local
processes by default, any ``concurrent.futures`` executor otherwise, e.g. Dask's
``Client.get_executor()``) and returns plain rows. A game's result depends only on its seed
and seat, so every backend and block size gives the same rows. Workers never touch the
database; the caller stores rows as blocks finish.
"""

from __future__ import annotations

import math
import os
import queue
import signal
import statistics
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from analytics.interrupts import held_interrupt
from analytics.workers import context as worker_context
from engine.sve import DeckSpec, play_game
from engine.sve.runner import CardFact, MulliganPolicy

SEATS = (0, 1)
"""Seat 0: deck A goes first; seat 1: deck B goes first."""
TARGET_BLOCK_SECONDS = 1.0
FIRST_BLOCK = 2
"""Games in each block handed out before any game of the run has been timed."""
FIRST_WINDOW = 8
"""Blocks out at most until :data:`FIRST_WINDOW` blocks' worth of games have come back (then
:func:`in_flight`), so that a large cluster is not handed a long run in blocks sized from
the first few games."""
MAX_BLOCK = 500
TIMED_GAMES = 1000
"""How many of the latest game times set the block size."""
MAX_RETRIES = 2
"""How often a block lost with a dead worker is tried again before its games count as errors."""

PARENT_CHECK_S = 0.5
"""How often a worker checks that the process that started it is still alive."""
INTERRUPT_CHECK_S = 0.1
"""How often a run waiting for its workers looks whether Ctrl-C was pressed."""
EXTERNAL_IN_FLIGHT = 256
"""Blocks kept handed out to an executor of unknown size (a Dask scheduler's address)."""


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """Everything a worker needs to play games of deck A against deck B (picklable)."""

    deck_a: DeckSpec
    deck_b: DeckSpec
    agents: tuple[str, str] = ("greedy", "greedy")
    """The agent playing deck A and the agent playing deck B."""
    turn_limit: int = 60
    mulligans: tuple[MulliganPolicy | None, MulliganPolicy | None] = (None, None)
    """Opening keep/mulligan policies for deck A and deck B (``None``: the agent decides)."""
    card_facts: bool = True
    """Whether each game reports what happened to the cards (see ``GameRow.cards``)."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One finished (or failed) game; ``winner`` and ``first`` are 0 for deck A, 1 for deck B."""

    seed: int
    seat: int
    first: int
    winner: int | None
    reason: str
    turns: int
    actions: int
    duration_ms: float
    error: str | None = None
    cards: tuple[CardFact, ...] = ()
    """Per deck (``player`` 0 is deck A) and card: opening, drawn, played, first turn played."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed of the ``index``-th pair of a run: a splitmix64 step, so runs never overlap.

    >>> game_seed(1, 0) != game_seed(2, 0) and game_seed(1, 0) != game_seed(1, 1)
    True
    """
    z = (run_seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) % (1 << 64)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % (1 << 64)
    return (z ^ (z >> 31)) & 0x7FFF_FFFF_FFFF_FFFF


def play_one(config: MatchConfig, seed: int, seat: int) -> GameRow:
    """Play one game; an exception becomes a row with the error, not a crash."""
    start = time.perf_counter()
    try:
        result = play_game(
            config.deck_a,
            config.deck_b,
            seed,
            config.agents,
            first=seat,
            turn_limit=config.turn_limit,
            mulligans=config.mulligans,
            card_facts=config.card_facts,
        )
    except Exception as err:  # a bug in one game must not end the run
        detail = "".join(traceback.format_exception_only(type(err), err)).strip()
        return GameRow(seed, seat, seat, None, "error", 0, 0, _ms(start), detail[:2000])
    outcome = result.outcome
    return GameRow(
        seed=seed,
        seat=seat,
        first=result.first,
        winner=outcome.winner,
        reason=outcome.reason.value,
        turns=result.turns,
        actions=result.actions,
        duration_ms=_ms(start),
        cards=result.cards,
    )


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 3)


def play_block(config: MatchConfig, games: Sequence[tuple[int, int]]) -> list[GameRow]:
    """Play a block of (seed, seat) games: the unit of work sent to a worker."""
    return [play_one(config, seed, seat) for seed, seat in games]


def schedule(run_seed: int, games: int) -> list[tuple[int, int]]:
    """The (seed, seat) games of a run of ``games`` games: pairs on shared seeds, both seats.

    An odd count plays the last seed in seat 0 only.
    """
    out: list[tuple[int, int]] = []
    for i in range(math.ceil(games / 2)):
        seed = game_seed(run_seed, i)
        out.extend((seed, seat) for seat in SEATS)
    return out[:games]


@dataclass(slots=True)
class Progress:
    """Where a run stands, for a progress bar."""

    done: int
    total: int
    elapsed: float

    @property
    def games_per_s(self) -> float:
        """Games finished per second so far."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def eta_s(self) -> float | None:
        """Seconds left at the current pace."""
        rate = self.games_per_s
        return (self.total - self.done) / rate if rate > 0 else None


class BlockSizer:
    """How many games the next block holds: about :data:`TARGET_BLOCK_SECONDS` of play.

    Until a game comes back the blocks hold :data:`FIRST_BLOCK` games; then the median time
    of the games played so far sets the size. The median, because the first game in each
    worker process pays a one-time warm-up (the card library, the first look at each card)
    of up to twenty later games. Near the end blocks shrink, so that each of ``workers``
    gets a share of what is left and they finish together. A ``fixed`` size is kept.
    """

    def __init__(self, fixed: int | None = None, workers: int | None = None) -> None:
        self.fixed = fixed
        self.workers = workers
        self.times: deque[float] = deque(maxlen=TIMED_GAMES)

    def observe(self, rows: Sequence[GameRow]) -> None:
        """Learn from the times of finished games (rows of lost blocks have none)."""
        self.times.extend(r.duration_ms / 1000 for r in rows if r.duration_ms > 0)

    @property
    def settled(self) -> bool:
        """Whether the size is fixed or measured on enough games to hand out many blocks."""
        return self.fixed is not None or len(self.times) >= FIRST_WINDOW * FIRST_BLOCK

    def size(self, remaining: int) -> int:
        """Games in the next block when ``remaining`` games are left to hand out."""
        if self.fixed is not None:
            return self.fixed
        if self.times:
            per_game = max(statistics.median(self.times), 1e-4)
            size = max(1, min(MAX_BLOCK, round(TARGET_BLOCK_SECONDS / per_game)))
        else:
            size = FIRST_BLOCK
        if self.workers:
            size = min(size, max(1, math.ceil(remaining / (2 * self.workers))))
        return size


def run_games(
    config: MatchConfig,
    games: Sequence[tuple[int, int]],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    block_size: int | None = None,
    on_block: Callable[[list[GameRow]], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    start_method: str | None = None,
) -> Iterator[GameRow]:
    """Play ``games`` and yield their rows as blocks finish (in completion order).

    Without ``executor`` a local process pool of ``workers`` (default: every core) is used.
    ``block_size`` defaults to about a second of play, measured on the games played so far
    (:class:`BlockSizer`); every game runs in a worker, the first blocks included.
    ``start_method`` picks how local workers start (``forkserver`` from a threaded server).
    ``on_block`` sees each finished block (store it there); ``should_stop`` ends the run
    early, keeping what was stored: it is asked before each block is handed to ``on_block``,
    so nothing finished after a stop is stored.
    """
    todo = deque(games)
    total = len(todo)
    start = time.perf_counter()
    done = 0
    if not todo:
        return
    owned = executor is None
    sizer = BlockSizer(block_size, local_workers(workers, total) if owned else workers)

    def deliver(rows: list[GameRow]) -> Iterator[GameRow]:
        """Hand a finished block to ``on_block``, yield its rows, report progress."""
        nonlocal done
        done += len(rows)
        sizer.observe(rows)
        if on_block:
            on_block(rows)
        yield from rows
        if on_progress:
            on_progress(Progress(done, total, time.perf_counter() - start))

    def next_block() -> list[tuple[int, int]]:
        """A block to retry, else the next games in order."""
        if retry:
            return retry.popleft()
        return [todo.popleft() for _ in range(min(sizer.size(len(todo)), len(todo)))]

    window = in_flight(workers, owned)
    with held_interrupt() as interrupted:  # Ctrl-C stops at a safe point, never inside a lock
        pool: Executor = executor or local_pool(workers, start_method, total)
        finished: queue.SimpleQueue[Future[list[GameRow]]] = queue.SimpleQueue()
        running: dict[Future[list[GameRow]], list[tuple[int, int]]] = {}
        attempts: dict[tuple[int, int], int] = {}
        retry: deque[list[tuple[int, int]]] = deque()
        isolate = False  # after a worker died: one block at a time, to find the one that kills
        broken = False  # a worker died: hand out nothing until the blocks out come back
        try:
            while todo or retry or running:
                limit = window if sizer.settled else min(window, FIRST_WINDOW)
                while (todo or retry) and not broken and len(running) < (1 if isolate else limit):
                    if interrupted():
                        raise KeyboardInterrupt
                    if should_stop and should_stop():
                        return
                    block = next_block()
                    try:
                        future = pool.submit(play_block, config, block)
                    except BrokenProcessPool:  # a worker died before its block came back
                        if not owned:
                            raise
                        retry.appendleft(block)
                        broken = True
                        break
                    running[future] = block
                    future.add_done_callback(finished.put)
                if not running:  # a worker died and every block out came back: start afresh
                    isolate, broken = True, False
                    if owned:  # a dead worker breaks a process pool for good
                        pool.shutdown(wait=False, cancel_futures=True)
                        pool = local_pool(workers, start_method, len(todo) + len(retry))
                    continue
                try:
                    future = finished.get(timeout=INTERRUPT_CHECK_S)
                except queue.Empty:
                    if interrupted():
                        raise KeyboardInterrupt from None
                    if should_stop and should_stop():
                        return
                    continue
                block = running.pop(future)
                try:
                    rows = future.result()
                except Exception as err:  # a worker died or the transport failed
                    if isinstance(err, BrokenProcessPool):
                        broken = True
                        if not isolate:  # every block out failed with it: retry apart
                            retry.append(block)
                            continue
                    attempts[block[0]] = attempts.get(block[0], 0) + 1
                    if attempts[block[0]] <= MAX_RETRIES:
                        retry.append(block)
                        continue
                    rows = [
                        GameRow(seed, seat, seat, None, "error", 0, 0, 0.0, f"worker: {err!r}")
                        for seed, seat in block
                    ]
                if should_stop and should_stop():  # stopped: store nothing more
                    return
                yield from deliver(rows)
                if interrupted():
                    raise KeyboardInterrupt
        finally:
            for future in running:  # stopped early: what has not started never will
                future.cancel()
            if owned:
                pool.shutdown(wait=True, cancel_futures=True)


def in_flight(workers: int | None, owned: bool) -> int:
    """How many blocks a run keeps handed out at once: enough to keep every worker busy,
    few enough that results are stored from the start and a stop cancels little.

    >>> in_flight(3, owned=False), in_flight(None, owned=False)
    (6, 256)
    """
    if owned:
        return 2 * local_workers(workers, 1 << 30)
    return 2 * workers if workers else EXTERNAL_IN_FLIGHT


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def local_workers(asked: int | None, jobs: int) -> int:
    """Worker processes for ``jobs`` blocks: as asked (default every core), capped at the
    cores and at the blocks, since more processes than either only cost memory.

    >>> local_workers(32, 4) <= 4
    True
    """
    return max(1, min(asked or cores(), cores(), jobs))


def local_pool(
    workers: int | None, start_method: str | None = None, jobs: int = 1 << 30
) -> ProcessPoolExecutor:
    """Local worker processes: as many as asked (default every core), capped at the cores and
    at ``jobs``; each leaves Ctrl-C to the parent and ends when the parent dies."""
    return ProcessPoolExecutor(
        max_workers=local_workers(workers, jobs),
        mp_context=worker_context(start_method),
        initializer=_worker_start,
    )


def _worker_start() -> None:
    """In each worker: leave Ctrl-C to the parent, and end when the parent is gone.

    A worker's parent is the run's process (or, with ``forkserver``, the fork server, which
    ends with it); once it dies the worker is adopted, its parent id changes, and it exits.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def simulate(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    games: int,
    agents: tuple[str, str] = ("greedy", "greedy"),
    seed: int = 0,
    executor: Executor | None = None,
    *,
    workers: int | None = None,
    turn_limit: int = 60,
    on_block: Callable[[list[GameRow]], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    start_method: str | None = None,
) -> list[GameRow]:
    """Play ``games`` seat-swapped games of deck A against deck B; rows sorted by (seed, seat)."""
    config = MatchConfig(deck_a, deck_b, agents, turn_limit)
    rows = list(
        run_games(
            config,
            schedule(seed, games),
            executor=executor,
            workers=workers,
            on_block=on_block,
            on_progress=on_progress,
            should_stop=should_stop,
            start_method=start_method,
        )
    )
    order = {game: i for i, game in enumerate(schedule(seed, games))}
    return sorted(rows, key=lambda r: order[(r.seed, r.seat)])
