"""A command line that answers at once: quick commands import only what they use, and a
closed pipe ends the output quietly.

(Their times are measured by ``benchmarks/bench_cli.py``, not asserted here.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

DECK = str(Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt")
HEAVY = ("pandas", "numpy", "streamlit", "plotly", "engine.sve", "analytics.simulate")

PROBE = """
import sys
from decklab.cli import main
code = main(sys.argv[1:])
heavy = {heavy!r}
print("loaded:", sorted(m for m in heavy if m in sys.modules), file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize(
    "words",
    [["validate", DECK], ["odds", DECK], ["curve", DECK], ["cards", "search", "--name", "アリサ"]],
    ids=["validate", "odds", "curve", "cards search"],
)
def test_quick_commands_leave_the_heavy_libraries_alone(words: list[str], db: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), "--db", str(db), *words],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "loaded: []" in done.stderr


def test_help_imports_no_command_module() -> None:
    """``decklab --help`` lists the commands from their modules' sources, importing none."""
    probe = (
        "import sys\n"
        "from decklab.cli import main\n"
        "code = main(['--help'])\n"
        "loaded = [m for m in sys.modules if m.startswith('decklab.commands.')]\n"
        f"loaded += [m for m in {HEAVY!r} if m in sys.modules]\n"
        "print('loaded:', sorted(loaded), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "simulate" in done.stdout
    assert "validate" in done.stdout
    assert "loaded: []" in done.stderr


def test_help_lists_every_command_without_running_one(run: object) -> None:
    from decklab.commands import commands

    result = run("--help")  # type: ignore[operator]
    assert result.code == 0
    for command in commands():
        assert command.name in result.out
    assert {c.name for c in commands()} >= {"validate", "odds", "curve", "simulate", "db"}


@pytest.mark.parametrize(
    "words",
    [["cards", "search", "--limit", "10000"], ["cards", "search", "--limit", "10000", "--json"]],
    ids=["table", "json"],
)
def test_a_closed_pipe_ends_quietly(words: list[str], db: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "decklab", "--db", str(db), *words],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    first = [proc.stdout.readline(), proc.stdout.readline()]  # what `| head -2` reads
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 141
    assert all(first)
    assert err == ""
