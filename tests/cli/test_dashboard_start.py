"""Starting the dashboard: a second start installs nothing (so it works offline), and a port
in use is one line naming the option to change."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from decklab.commands.dashboard import port_taken

REPO = Path(__file__).resolve().parents[2]
FAKE_PYTHON = """#!/usr/bin/env bash
echo "$*" >> "$(dirname "$0")/calls.log"
"""
OFFLINE = {"PIP_NO_INDEX": "1", "PIP_INDEX_URL": "http://127.0.0.1:9/", "PIP_FIND_LINKS": ""}
"""pip settings under which any install fails, as it does without the package index."""


@pytest.fixture
def listening() -> Iterator[int]:
    """A loopback port another process (this one) listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_port_is_taken_only_while_someone_listens(listening: int) -> None:
    assert port_taken("127.0.0.1", listening)
    assert not port_taken("127.0.0.1", _free_port())


def test_a_port_in_use_is_one_line_naming_the_option(run: Any, listening: int) -> None:
    result = run("dashboard", "--port", str(listening))
    assert result.code == 2
    assert result.out == ""  # no "dashboard on ..." line for a dashboard that never starts
    assert result.err.startswith(f"decklab: error: port {listening} on 127.0.0.1 is in use")
    assert "choose another with --port" in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_an_address_not_of_this_machine_is_refused_in_one_line(run: Any) -> None:
    result = run("dashboard", "--address", "192.0.2.1")  # TEST-NET-1: never ours
    assert result.code == 2
    assert result.err.startswith("decklab: error: --address 192.0.2.1: cannot listen there")


def _fake_checkout(tmp_path: Path, pyproject: str) -> Path:
    """A checkout with scripts/setup.sh and a .venv whose python only notes its calls."""
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "setup.sh", root / "scripts" / "setup.sh")
    (root / "pyproject.toml").write_text(pyproject)
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("python", "decklab"):
        (bin_dir / name).write_text(FAKE_PYTHON)
        (bin_dir / name).chmod(0o755)
    return root


def _setup(root: Path, *extras: str) -> list[str]:
    """Run setup.sh; the pip commands it ran."""
    log = root / ".venv" / "bin" / "calls.log"
    log.unlink(missing_ok=True)
    env = {**os.environ, "PYTHON": str(root / ".venv" / "bin" / "python")}
    subprocess.run(
        ["bash", str(root / "scripts" / "setup.sh"), *extras], check=True, env=env, timeout=60
    )
    return log.read_text().splitlines() if log.exists() else []


SETUPS = {
    # (first extras, then extras, pyproject changed between) -> installs the second time
    "the same again": ("dev,e2e", "dev,e2e", False, False),
    "no extras after some": ("dev,e2e", "", False, False),
    "fewer extras": ("dev,e2e", "e2e", False, False),
    "a new extra": ("dev", "dev,e2e", False, True),
    "a changed pyproject.toml": ("dev", "dev", True, True),
}


@pytest.mark.parametrize(("first", "then", "changed", "installs"), list(SETUPS.values()),
                         ids=list(SETUPS))  # fmt: skip
def test_setup_installs_only_what_is_missing(
    tmp_path: Path, first: str, then: str, changed: bool, installs: bool
) -> None:
    root = _fake_checkout(tmp_path, "[project]\nname = 'x'\n")
    assert any("pip install --quiet -e" in call for call in _setup(root, first))
    if changed:
        (root / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '2'\n")
    calls = _setup(root, then)
    assert any("pip install" in call for call in calls) is installs


def _installed_here() -> bool:
    """Whether .venv holds this checkout as scripts/setup.sh installed it."""
    stamp = REPO / ".venv" / "decklab-install"
    if not stamp.is_file():
        return False
    digest = hashlib.sha256((REPO / "pyproject.toml").read_bytes()).hexdigest()
    return stamp.read_text().splitlines()[0] == f"{digest} {REPO}"


@pytest.mark.skipif(not _installed_here(), reason="needs .venv installed by scripts/setup.sh")
def test_a_second_start_works_without_the_package_index(tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, **OFFLINE, "DECKLAB_DB": str(tmp_path / "decklab.duckdb")}
    log = tmp_path / "dashboard.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [str(REPO / "scripts" / "dashboard.sh"), "--port", str(port)],
            stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 180
        healthy = False
        while time.monotonic() < deadline and proc.poll() is None and not healthy:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health") as r:
                    healthy = r.read() == b"ok"
            except OSError:
                time.sleep(0.3)
        assert healthy, log.read_text()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    said = log.read_text()
    assert f"dashboard on http://127.0.0.1:{port}" in said
    assert "pip" not in said.lower()


@pytest.mark.skipif(not _installed_here(), reason="needs .venv installed by scripts/setup.sh")
def test_the_script_passes_its_options_on(tmp_path: Path, listening: int) -> None:
    env = {**os.environ, **OFFLINE, "DECKLAB_DB": str(tmp_path / "decklab.duckdb")}
    done = subprocess.run(
        [str(REPO / "scripts" / "dashboard.sh"), "--port", str(listening)],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    said = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(said) == 1  # (the database built on first run is the line before)
    assert said[0].startswith(f"decklab: error: port {listening} on 127.0.0.1 is in use")
    assert "--port" in said[0]
