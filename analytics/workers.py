"""Local worker processes that start clean, whatever the parent's ``__main__`` is.

A process started by ``spawn`` or ``forkserver`` first re-imports its parent's ``__main__``
(``multiprocessing.spawn.prepare``). Under ``streamlit run`` that is the page script being
run, so every worker ran the page outside Streamlit (its "missing ScriptRunContext" lines)
before playing a game. The contexts here start each worker with an empty ``__main__``
instead: workers import only what unpickling their task needs (``analytics.simulate``,
the engine), never Streamlit.
"""

from __future__ import annotations

import multiprocessing
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.context import (
    BaseContext,
    ForkServerContext,
    ForkServerProcess,
    SpawnContext,
    SpawnProcess,
)
from typing import Any


@contextmanager
def plain_main() -> Iterator[None]:
    """Hide the parent's ``__main__`` while a worker is launched (it reads it then)."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


class _CleanSpawnProcess(SpawnProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        with plain_main():
            return SpawnProcess._Popen(process_obj)


class _CleanForkServerProcess(ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        with plain_main():
            return ForkServerProcess._Popen(process_obj)


class _CleanSpawnContext(SpawnContext):
    Process = _CleanSpawnProcess


class _CleanForkServerContext(ForkServerContext):
    Process = _CleanForkServerProcess


def context(start_method: str | None) -> BaseContext | None:
    """The multiprocessing context for ``start_method``; spawn and forkserver start clean."""
    if start_method == "spawn":
        return _CleanSpawnContext()
    if start_method == "forkserver":
        return _CleanForkServerContext()
    return multiprocessing.get_context(start_method) if start_method else None


def streamlit_modules() -> list[str]:
    """The Streamlit modules loaded in this process (a worker's should be none)."""
    return sorted(m for m in sys.modules if m == "streamlit" or m.startswith("streamlit."))
