"""Set-up run in each worker of a ``--dask local`` cluster (a Dask preload).

A terminal sends Ctrl-C to every process of the job. The run that started the cluster
stops it in order and prints how to resume, so its workers leave the signal to it instead
of each dying with a ``KeyboardInterrupt`` traceback. Workers of a cluster started by
someone else (``--dask tcp://...``) are theirs to configure and are left alone.
"""

from __future__ import annotations

import signal
import threading


def dask_setup(worker: object) -> None:
    """Leave Ctrl-C to the run that owns the cluster (Dask calls this as the worker starts)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
