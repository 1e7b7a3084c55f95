"""``--dask local`` serves no HTTP pages unless asked: no dashboard, no info or metrics routes."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any

import pytest

from analytics.executors import executor_for

pytest.importorskip("distributed", reason="the distributed extra is not installed")

PAGES = ("/status", "/info/main/workers.html", "/health", "/metrics", "/json/identity.json")


def _status(port: int, page: str) -> int | str:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=5) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as err:
        return err.code
    except OSError as err:
        return type(err).__name__


def _http_ports(executor: Any) -> list[int]:
    scheduler = executor._client.cluster.scheduler
    return [s.getsockname()[1] for s in scheduler.http_server._sockets.values()]


def test_a_local_cluster_serves_nothing_unless_asked() -> None:
    with executor_for("local", 1) as (executor, _):
        ports = _http_ports(executor)
        address = executor._client.cluster.scheduler.address
        assert address.startswith("tcp://127.0.0.1:")  # loopback only
        assert _status(8787, "/status") != 200  # Dask's default dashboard port is closed
        for port in ports:
            assert {page: _status(port, page) for page in PAGES} == dict.fromkeys(PAGES, 404)


def test_a_dashboard_when_asked() -> None:
    with executor_for("local", 1, dashboard="127.0.0.1:0") as (executor, _):
        (port,) = _http_ports(executor)
        assert _status(port, "/health") == 200
