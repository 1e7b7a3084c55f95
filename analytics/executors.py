"""Where simulation blocks run: local processes by default, a Dask cluster when asked."""

from __future__ import annotations

import importlib.util
import socket
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from cardpool.errors import InputError

SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
"""Dask communication protocols a scheduler address may name."""


def check_dask_address(address: str) -> None:
    """Refuse a ``--dask`` value that is neither ``local`` nor ``SCHEME://HOST:PORT``.

    >>> check_dask_address("tls://10.0.0.5:8786")
    """
    scheme, sep, rest = address.partition("://")
    host, colon, port = rest.rpartition(":")
    if address == "local":
        return
    if (
        not sep
        or scheme not in SCHEMES
        or not colon
        or not host
        or not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535)
    ):
        raise InputError(
            f"--dask {address[:80]!r}: give 'local' or a scheduler address such as "
            f"tcp://HOST:8786 ({', '.join(SCHEMES)})"
        )


REACH_S = 5.0
"""How long ``check_backend`` waits for a scheduler to answer a connection."""


def check_backend(dask: str | None) -> None:
    """Refuse a ``--dask`` value that cannot work, before a run or study is stored.

    The address is checked, that the optional ``distributed`` package is installed, and
    that a scheduler's host takes a connection on its port (``ucx`` is not tried).
    """
    if dask is None:
        return
    check_dask_address(dask)
    if importlib.util.find_spec("distributed") is None:
        raise InputError(_NEEDS_DISTRIBUTED)
    scheme, _, rest = dask.partition("://")
    if dask == "local" or scheme == "ucx":
        return
    host, _, port = rest.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_S).close()
    except OSError as err:
        raise InputError(f"--dask {dask}: cannot reach the scheduler ({err})") from None


_NEEDS_DISTRIBUTED = "--dask needs the distributed extra: pip install 'decklab[distributed]'"


@contextmanager
def executor_for(
    dask: str | None, workers: int | None, *, dashboard: str | None = None
) -> Iterator[tuple[Executor | None, str]]:
    """An executor and a backend label: ``None`` (local processes), ``local`` or a scheduler.

    ``dask="local"`` starts a ``LocalCluster`` of ``workers`` single-threaded processes
    (capped at the cores) on 127.0.0.1. It serves no HTTP pages (no dashboard, no info or
    metrics routes, on a random loopback port) unless ``dashboard`` names an address such as
    ``127.0.0.1:8787``. ``dask="tcp://HOST:8786"`` (or ``tls://``) connects to a running
    scheduler, with the TLS settings of Dask's configuration. Dask is an optional extra
    (``pip install 'decklab[distributed]'``).
    """
    if dask is None:
        yield None, f"processes:{workers or 'all'}"
        return
    check_dask_address(dask)
    try:
        import distributed
    except ImportError:
        raise InputError(_NEEDS_DISTRIBUTED) from None
    dask_api: Any = distributed  # the package ships no complete type information
    if dask == "local":
        from dask import config

        from analytics.simulate import cores

        n = max(1, min(workers or 2, cores()))
        quiet: dict[str, list[str]] = {
            "distributed.scheduler.http.routes": [],
            "distributed.worker.http.routes": [],
        }
        settings = {"distributed.worker.preload": ["analytics.dask_worker"]}
        with config.set({**settings, **({} if dashboard else quiet)}):
            cluster: Any = dask_api.LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                scheduler_port=0,
                dashboard_address=dashboard or "127.0.0.1:0",
                scheduler_kwargs={"dashboard": dashboard is not None},
            )
        client: Any = dask_api.Client(cluster)
        try:
            yield client.get_executor(), f"dask-local:{n}"
        finally:
            client.close()
            cluster.close()
        return
    try:
        client = dask_api.Client(dask, timeout=10)
    except (OSError, TimeoutError, ValueError) as err:
        raise InputError(f"--dask {dask}: cannot reach the scheduler ({err})") from None
    try:
        yield client.get_executor(), f"dask:{dask}"
    finally:
        client.close()
