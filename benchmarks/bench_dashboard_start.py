"""A warm start of the dashboard: ``scripts/dashboard.sh`` (set-up check, database check,
server) and ``decklab dashboard`` alone, from the command to the server answering its health
check, the way a user restarts it.

Run after ``scripts/setup.sh`` (a start that has to install would time pip). Each runs
``--runs`` times after one warm-up start (which builds the database file); the median wall
time of each is printed in seconds, and the script's share over the command alone.

    python benchmarks/bench_dashboard_start.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STARTS = {
    "scripts/dashboard.sh": [str(REPO / "scripts" / "dashboard.sh")],
    "decklab dashboard": [str(REPO / ".venv" / "bin" / "decklab"), "dashboard"],
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _once(command: list[str], db: Path) -> float:
    """Seconds from the command to the server's health check answering ``ok``."""
    port = _free_port()
    env = {**os.environ, "DECKLAB_DB": str(db)}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [*command, "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True,
    )  # fmt: skip
    try:
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"{command[0]} ended with exit code {proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health") as r:
                    if r.read() == b"ok":
                        return time.perf_counter() - start
            except OSError:
                time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def main() -> None:
    """Print the median warm start of the script and of the command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    medians = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        for name, command in STARTS.items():
            _once(command, db)  # warm-up: builds the database, fills the OS file cache
            medians[name] = statistics.median(_once(command, db) for _ in range(args.runs))
            print(f"{name:21s} median {medians[name]:.2f} s to a healthy server over "
                  f"{args.runs} runs")  # fmt: skip
    script, alone = medians["scripts/dashboard.sh"], medians["decklab dashboard"]
    print(f"the script adds {script - alone:.2f} s ({script / alone:.2f}x the command alone)")


if __name__ == "__main__":
    main()
