"""``decklab dashboard``: start the Streamlit app (on 127.0.0.1:8501 unless told otherwise)."""

from __future__ import annotations

import argparse
import os
import sys
from importlib import resources
from typing import Any

from cardpool.settings import ENV_DB, resolve_db_path
from decklab.args import text, whole


def register(subparsers: Any) -> None:
    """Add ``dashboard``; unknown options pass through to ``streamlit run``."""
    parser = subparsers.add_parser("dashboard", help="start the web dashboard")
    parser.add_argument(
        "--address", default="127.0.0.1", type=text(), help="bind address (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=whole(1, 65535), default=8501)
    parser.add_argument(
        "streamlit_args", nargs=argparse.REMAINDER, help="further options for streamlit run"
    )
    parser.set_defaults(run=_run)


def command(args: argparse.Namespace) -> list[str]:
    """The ``streamlit run`` command line for ``args``."""
    app = resources.files("dashboard").joinpath("app.py")
    return [
        sys.executable, "-m", "streamlit", "run", str(app),
        "--server.address", args.address, "--server.port", str(args.port),
        "--server.headless", "true", "--browser.gatherUsageStats", "false",
        "--server.maxUploadSize", "1", "--client.toolbarMode", "viewer",
        "--client.showErrorDetails", "type",  # an unexpected error never shows paths
        *args.streamlit_args,
    ]  # fmt: skip


def _run(args: argparse.Namespace) -> int:
    os.environ[ENV_DB] = str(resolve_db_path(args.db))
    cmd = command(args)
    print(
        f"decklab: dashboard on http://{args.address}:{args.port} (database {os.environ[ENV_DB]})"
    )
    sys.stdout.flush()
    os.execv(sys.executable, cmd)  # the supervisor's signals reach streamlit itself
