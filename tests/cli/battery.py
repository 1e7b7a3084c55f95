"""Run ``decklab`` command lines as separate processes, each under a CPU ceiling.

    python -m tests.cli.battery CASES.json RESULTS.json

``CASES.json`` is a list of ``{"id", "argv", "db"}``. The runner imports every command once,
then runs each case in a child forked from it (so a case pays for its own work, not for the
imports), with stdin empty and stdout and stderr caught, under ``RLIMIT_CPU`` of
``CPU_CEILING_S``: a case that would take longer is killed by the system at that point and
reported with its signal. A case still running after ``WALL_LIMIT_S`` (waiting on a pipe
that never gets a writer, say) is killed and reported as hung. Before and after each case
the database file is compared (``tests.cli.conftest.Snapshot``).
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

CPU_CEILING_S = 2
"""No case may use more CPU time than this."""
WALL_LIMIT_S = 60.0
"""A case still running after this long is waiting on something that never comes."""
MAX_CAUGHT = 20_000
"""Characters of stdout and stderr kept per case."""


def _child(argv: list[str], out: int, err: int) -> None:
    """In the forked child: limits, redirections, then ``decklab`` as its console script."""
    code = 1
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_CEILING_S, CPU_CEILING_S + 1))
        signal.signal(signal.SIGXCPU, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        from decklab.cli import main

        code = main(argv)
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    except BaseException:  # what the interpreter would print for an uncaught error
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def run_case(case: dict[str, Any]) -> dict[str, Any]:
    """Run one case in a forked child; its exit, output, CPU time and what it did to the db."""
    from tests.cli.conftest import snapshot

    db = Path(case["db"])
    before = snapshot(db) if os.path.isfile(db) else None
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(case["argv"], out.fileno(), err.fileno())
        deadline = time.monotonic() + WALL_LIMIT_S
        hung = False
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                hung = True
                os.kill(pid, signal.SIGKILL)
                done, status, usage = os.wait4(pid, 0)
                break
            time.sleep(0.005)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    after = snapshot(db) if os.path.isfile(db) else None
    return {
        "id": case["id"],
        "code": os.waitstatus_to_exitcode(status),
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "hung": hung,
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
        "out": stdout[:MAX_CAUGHT],
        "err": stderr[:MAX_CAUGHT],
        "db_changed": before != after,
    }


def main() -> None:
    """Run the cases of ``argv[1]`` and write their results to ``argv[2]``."""
    from decklab import commands

    for name in commands.module_names():  # every import paid once, before the first fork
        commands.load(name)
    importlib.import_module("analytics.gauntlet")  # imported inside the commands that use them
    importlib.import_module("analytics.replay")

    cases = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    results = [run_case(case) for case in cases]
    Path(sys.argv[2]).write_text(json.dumps(results, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
