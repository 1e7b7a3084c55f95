"""``decklab dashboard``: start the Streamlit app (on 127.0.0.1:8501 unless told otherwise)."""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
from importlib import resources
from typing import Any

from cardpool.errors import InputError
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


def port_taken(address: str, port: int) -> bool:
    """Whether another process listens on ``address:port`` (a bind there is refused).

    The probe sets ``SO_REUSEADDR`` as the server's own socket does, so a port left in
    ``TIME_WAIT`` by a dashboard just stopped counts as free, as it is to the server.
    """
    try:
        family, kind, proto, _, where = socket.getaddrinfo(
            address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as err:
        raise InputError(f"--address {address!r}: not an address of this machine ({err})") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(where)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                return True
            raise InputError(f"--address {address}: cannot listen there ({err.strerror})") from None
    return False


def _check_port(address: str, port: int) -> None:
    """Refuse a port in use in one line that names the option and a free port."""
    if not port_taken(address, port):
        return
    free = next(
        (p for p in range(port + 1, min(port + 50, 65536)) if not port_taken(address, p)), None
    )
    instead = (
        f"; choose another with --port, e.g. --port {free}"
        if free
        else "; choose another with --port"
    )
    raise InputError(f"port {port} on {address} is in use (a dashboard already running?){instead}")


def _run(args: argparse.Namespace) -> int:
    _check_port(args.address, args.port)
    os.environ[ENV_DB] = str(resolve_db_path(args.db))
    cmd = command(args)
    print(
        f"decklab: dashboard on http://{args.address}:{args.port} (database {os.environ[ENV_DB]})"
    )
    sys.stdout.flush()
    os.execv(sys.executable, cmd)  # the supervisor's signals reach streamlit itself
