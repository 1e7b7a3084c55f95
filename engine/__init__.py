"""Pure rules engines for the card games decklab supports (no I/O, no database, no UI).

The SVE engine runs as plain Python, or compiled ahead of time where
``scripts/build_engine.py`` could build its typed modules (beside their sources, with
mypyc); both play exactly the same games. ``DECKLAB_PURE_ENGINE=1`` runs the sources even
where a build lies beside them (the test command checks the engine both ways), and so does
a build older than any source of the engine: an edited engine runs as edited until it is
built again.
"""

import os
from importlib.machinery import EXTENSION_SUFFIXES

PURE_ENV = "DECKLAB_PURE_ENGINE"
"""Set (to anything but ``0``) to run the engine's sources and ignore a compiled build."""


def stale_build(root: str) -> bool:
    """Whether compiled modules lie under ``root`` that are older than one of its sources."""
    newest_source, oldest_build = 0.0, float("inf")
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                newest_source = max(newest_source, os.stat(os.path.join(folder, name)).st_mtime)
            elif name.endswith(tuple(EXTENSION_SUFFIXES)):
                oldest_build = min(oldest_build, os.stat(os.path.join(folder, name)).st_mtime)
    return oldest_build < newest_source


if os.environ.get(PURE_ENV, "0") != "0" or stale_build(__path__[0]):
    from engine.sources import prefer_sources

    prefer_sources(__path__)


def compiled() -> bool:
    """Whether the SVE rules run compiled (their state module is an extension module)."""
    from engine.sve import state

    return not state.__file__.endswith(".py")
