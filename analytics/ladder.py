"""The strength ladder: each agent level against the one below, on common decks and seeds.

A step plays the higher level against the lower one on every deck pairing of a ring
(deck k against deck k+1, and the same two decks with the levels swapped), each pairing
in seat-swapped games on shared seeds through :func:`analytics.simulate.simulate`, so the
deck and the first-player advantage cancel out and any backend gives the same numbers.
All pairings of a step share one executor (local processes or Dask), one game per task.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from analytics.interrupts import held_interrupt
from analytics.intervals import clustered_rate
from analytics.simulate import (
    INTERRUPT_CHECK_S,
    GameRow,
    MatchConfig,
    local_pool,
    run_games,
    schedule,
)
from analytics.winrate import wilson
from engine.sve import DeckSpec

LEVELS = ("random", "greedy", "planner", "search")
"""The ladder's levels, weakest first."""


@dataclass(frozen=True, slots=True)
class LadderStep:
    """The result of ``upper`` against ``lower``."""

    upper: str
    lower: str
    wins: int
    losses: int
    draws: int
    errors: int
    seconds: float
    seeds: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    """Per seed of every pairing (both seats of one shuffle): the upper level's wins and the
    decided games; the unit of :attr:`ci95`, since the two games of a seed move together."""

    @property
    def decided(self) -> int:
        """Games won or lost."""
        return self.wins + self.losses

    @property
    def rate(self) -> float:
        """The upper level's share of the decided games."""
        return self.wins / self.decided if self.decided else 0.5

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% interval of :attr:`rate` with the seed as the unit (Wilson's interval with
        the games' count shrunk by the seeds' design effect); over games without seeds."""
        if not self.seeds:
            return wilson(self.wins, self.decided)
        wins = {i: float(w) for i, (w, _) in enumerate(self.seeds)}
        return clustered_rate(wins, {i: n for i, (_, n) in enumerate(self.seeds)})


def pairings(count: int) -> list[tuple[int, int]]:
    """Deck pairings of a ring, both ways: (upper's deck, lower's deck).

    >>> pairings(3)
    [(0, 1), (1, 0), (1, 2), (2, 1), (2, 0), (0, 2)]
    >>> pairings(1)
    [(0, 0)]
    """
    if count == 1:
        return [(0, 0)]
    if count == 2:
        return [(0, 1), (1, 0)]
    out: list[tuple[int, int]] = []
    for k in range(count):
        out += [(k, (k + 1) % count), ((k + 1) % count, k)]
    return out


def games_per_pairing(games: int, decks: int) -> int:
    """Games (even, at least 2) for each pairing so a step plays about ``games`` games."""
    each = max(2, round(games / len(pairings(decks))))
    return each + each % 2


def play_matchups(
    configs: Sequence[MatchConfig],
    games: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    on_matchup: Callable[[int, int], None] | None = None,
) -> list[list[GameRow]]:
    """Play ``games`` seat-swapped games of each matchup, all matchups at once on one
    executor (a local process pool of ``workers`` if none), one game per task.

    Matchup ``n`` uses the run seed ``seed + n + 1``; rows come back per matchup, each list
    in completion order.
    """
    pool = executor or local_pool(workers)
    finished = 0
    stop = threading.Event()

    def matchup(n: int) -> list[GameRow]:
        nonlocal finished
        plan = schedule(seed + n + 1, games)
        rows = list(
            run_games(configs[n], plan, executor=pool, block_size=1, should_stop=stop.is_set)
        )
        finished += 1
        if on_matchup is not None and not stop.is_set():
            on_matchup(finished, len(configs))
        return rows

    # Ctrl-C reaches this thread alone: it is held while the matchup threads wait, then
    # stops them all (their games not started are cancelled) and is raised once they end.
    try:
        with (
            held_interrupt() as interrupted,
            ThreadPoolExecutor(max_workers=max(1, min(8, len(configs)))) as threads,
        ):
            futures = [threads.submit(matchup, n) for n in range(len(configs))]
            while wait(futures, timeout=INTERRUPT_CHECK_S).not_done:
                if interrupted():
                    stop.set()
            return [f.result() for f in futures]
    finally:
        if executor is None:
            pool.shutdown(cancel_futures=True)


def run_step(
    upper: str,
    lower: str,
    decks: Sequence[DeckSpec],
    games: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    on_pairing: Callable[[int, int], None] | None = None,
) -> LadderStep:
    """Play one step of the ladder: ``upper`` against ``lower`` over the deck ring."""
    each = games_per_pairing(games, len(decks))
    configs = [MatchConfig(decks[i], decks[j], (upper, lower)) for i, j in pairings(len(decks))]
    start = time.perf_counter()
    results = play_matchups(
        configs, each, seed=seed, executor=executor, workers=workers, on_matchup=on_pairing
    )
    wins = losses = draws = errors = 0
    seeds: dict[tuple[int, int], list[int]] = {}
    for n, rows in enumerate(results):
        for r in rows:
            unit = seeds.setdefault((n, r.seed), [0, 0])
            if r.error is not None:
                errors += 1
            elif r.winner is None:
                draws += 1
            else:
                unit[1] += 1
                if r.winner == 0:
                    wins += 1
                    unit[0] += 1
                else:
                    losses += 1
    units = tuple((w, d) for (w, d) in (seeds[k] for k in sorted(seeds)) if d)
    return LadderStep(upper, lower, wins, losses, draws, errors, time.perf_counter() - start, units)
