"""Where simulation blocks run: local processes by default, a Dask cluster when asked."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from cardpool.errors import InputError


@contextmanager
def executor_for(dask: str | None, workers: int | None) -> Iterator[tuple[Executor | None, str]]:
    """An executor and a backend label: ``None`` (local processes), ``local`` or a scheduler.

    ``dask="local"`` starts a ``LocalCluster`` of ``workers`` single-threaded processes on the
    loopback interface, on ports the system picks and without its web dashboard (so two
    local clusters, or a test beside a running one, never compete for a port);
    ``dask="tcp://HOST:8786"`` connects to a running scheduler. Dask is an optional extra
    (``pip install 'decklab[distributed]'``).
    """
    if dask is None:
        yield None, f"processes:{workers or 'all'}"
        return
    try:
        import distributed
    except ImportError:
        raise InputError(
            "--dask needs the distributed extra: pip install 'decklab[distributed]'"
        ) from None
    dask_api: Any = distributed  # the package ships no complete type information
    if dask == "local":
        # The scheduler serves HTTP (health, metrics) even without its dashboard, on 8787
        # unless told otherwise: every port here is left to the system.
        cluster: Any = dask_api.LocalCluster(
            n_workers=workers or 2, threads_per_worker=1, processes=True, host="127.0.0.1",
            scheduler_port=0, dashboard_address=None,
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
        )  # fmt: skip
        client: Any = dask_api.Client(cluster)
        try:
            yield client.get_executor(), f"dask-local:{workers or 2}"
        finally:
            client.close()
            cluster.close()
        return
    try:
        client = dask_api.Client(dask, timeout=10)
    except (OSError, TimeoutError) as err:
        raise InputError(f"--dask {dask}: cannot reach the scheduler ({err})") from None
    try:
        yield client.get_executor(), f"dask:{dask}"
    finally:
        client.close()
