"""Ctrl-C held over work it must not cut in half, and raised once that work is whole.

Python runs a signal handler between any two bytecodes of the main thread. A
``KeyboardInterrupt`` raised inside ``concurrent.futures`` (while ``wait`` takes the locks of
a thousand futures one by one, or while a process pool forks its first worker) can leave a
lock held or a worker without its manager, and the pool's shutdown then waits forever.
Raised inside DuckDB's callback into Python it comes out as a bare ``duckdb.Error``. The
work here holds the signal instead, asks ``interrupted()`` at points where stopping is safe,
and gets a plain ``KeyboardInterrupt`` at the end of the block at the latest.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def held_interrupt() -> Iterator[Callable[[], bool]]:
    """Hold Ctrl-C until the block ends, then raise it; the block may ask whether one came.

    Only the main thread receives signals, so elsewhere (the dashboard's script threads)
    this holds nothing and the answer is always no. Where Ctrl-C is ignored it stays ignored.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    ):
        yield lambda: False
        return
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: held.append(signum))
    try:
        yield lambda: bool(held)
    finally:
        signal.signal(signal.SIGINT, previous)
    if held:
        raise KeyboardInterrupt
