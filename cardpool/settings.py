"""Where the database lives: ``--db``, else ``$DECKLAB_DB``, else the user's data folder."""

from __future__ import annotations

import os
from pathlib import Path

ENV_DB = "DECKLAB_DB"


def default_db_path() -> Path:
    """The database file used when no ``--db`` is given."""
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "decklab" / "decklab.duckdb"


def resolve_db_path(explicit: str | os.PathLike[str] | None) -> Path:
    """The database path for an explicit ``--db`` value or the default."""
    return Path(explicit).expanduser() if explicit else default_db_path()
