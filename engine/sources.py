"""Import the engine from its sources even where compiled modules lie beside them.

A compiled module (``state.cpython-311-x86_64-linux-gnu.so``) sits next to its source
(``state.py``) and Python's finder prefers it. :func:`prefer_sources` puts a finder for the
engine's folders in front that knows sources and bytecode only, so ``DECKLAB_PURE_ENGINE=1``
runs the plain Python engine without removing a build. This module is never compiled.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from pathlib import Path


def prefer_sources(package_path: Iterable[str]) -> None:
    """Find every module under ``package_path`` (the engine's folders) from its source."""
    roots = [Path(p).resolve() for p in package_path]

    def finder(entry: str) -> FileFinder:
        if not any(Path(entry).resolve().is_relative_to(root) for root in roots):
            raise ImportError("not an engine folder")  # the next hook takes it
        return FileFinder(
            entry, (SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES)
        )

    sys.path_hooks.insert(0, finder)
    for entry in list(sys.path_importer_cache):  # folders looked into before: ask again
        if any(Path(entry).resolve().is_relative_to(root) for root in roots):
            del sys.path_importer_cache[entry]
