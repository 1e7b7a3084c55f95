"""Pure rules engines for the card games decklab supports (no I/O, no database, no UI).

The SVE engine runs as plain Python, or compiled ahead of time where
``scripts/build_engine.py`` could build its typed modules (beside their sources, with
mypyc); both play exactly the same games. ``DECKLAB_PURE_ENGINE=1`` runs the sources even
where a build lies beside them (the test command checks the engine both ways).
"""

import os

PURE_ENV = "DECKLAB_PURE_ENGINE"
"""Set (to anything but ``0``) to run the engine's sources and ignore a compiled build."""

if os.environ.get(PURE_ENV, "0") != "0":
    from engine.sources import prefer_sources

    prefer_sources(__path__)


def compiled() -> bool:
    """Whether the SVE rules run compiled (their state module is an extension module)."""
    from engine.sve import state

    return not state.__file__.endswith(".py")
