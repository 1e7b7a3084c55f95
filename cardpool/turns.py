"""Writers get their turn: a process waiting to write holds back new readers.

DuckDB lets one process write or many read, and a reader that comes while others read is
let in at once, so a steady stream of overlapping readers (scripts beside a busy dashboard)
could keep a writer out until it gave up. Beside each database file lies ``NAME.turn``: a
process that wants to write holds an exclusive lock on it (``flock``) from its first
attempt until it is connected, and a process that wants to read first waits while anyone
holds that lock. The readers already in finish their short requests, the writer gets in,
and the readers that waited follow it. A thread that already holds a connection to the
file passes straight through (its request must be able to finish), and where the turn
file cannot be made or read nobody waits on it.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

TURN_SUFFIX = ".turn"
POLL_S = 0.005
"""How often a waiting writer asks for the turn again (a reader holds it for microseconds)."""
READER_POLL_MAX_S = 0.1
"""The longest a reader waiting behind a writer sleeps between looks."""

_held = threading.local()


def turn_file(path: Path) -> Path:
    """The lock file beside the database ``path``."""
    return path.with_name(path.name + TURN_SUFFIX)


def _key(path: Path) -> str:
    return os.path.abspath(path)


def _counts() -> dict[str, int]:
    counts: dict[str, int] | None = getattr(_held, "counts", None)
    if counts is None:
        counts = _held.counts = {}
    return counts


def holding(path: Path) -> bool:
    """Whether this thread holds an open connection to the database ``path``."""
    return _counts().get(_key(path), 0) > 0


def opened(path: Path) -> None:
    """Note that this thread opened a connection to ``path``."""
    counts = _counts()
    counts[_key(path)] = counts.get(_key(path), 0) + 1


def closed(path: Path) -> None:
    """Note that this thread closed a connection to ``path``."""
    counts = _counts()
    counts[_key(path)] = max(0, counts.get(_key(path), 0) - 1)


@contextmanager
def writer_turn(path: Path, deadline: float, busy: Callable[[], NoReturn]) -> Iterator[None]:
    """Hold the writer's turn on ``path`` for the block (``busy()`` past ``deadline``)."""
    if holding(path):
        yield
        return
    try:
        fd = os.open(turn_file(path), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError:  # a folder we may not write to: opening the database will say so
        yield
        return
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    busy()
                time.sleep(POLL_S)
        yield
    finally:
        os.close(fd)  # closing the file lets go of the lock


def wait_for_writers(path: Path, deadline: float, busy: Callable[[], NoReturn]) -> None:
    """Return once no writer waits for ``path`` (``busy()`` past ``deadline``)."""
    if holding(path):
        return
    try:
        fd = os.open(turn_file(path), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:  # no writer ever waited here, or we may not look
        return
    try:
        delay = POLL_S
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() > deadline:
                    busy()
                time.sleep(delay)
                delay = min(delay * 2, READER_POLL_MAX_S)
                continue
            fcntl.flock(fd, fcntl.LOCK_UN)
            return
    finally:
        os.close(fd)
