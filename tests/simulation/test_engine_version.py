"""The engine fingerprint a run records: every file of the engine package, however it is split."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from analytics import runs


@pytest.fixture
def engine_copy(tmp_path: Path) -> Path:
    """A copy of the real engine package (bytecode caches left behind)."""
    root = tmp_path / "engine"
    shutil.copytree(runs.ENGINE_ROOT, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_the_recorded_version_is_the_fingerprint_of_the_whole_package(engine_copy: Path) -> None:
    assert runs.engine_version() == f"sve-{runs.engine_fingerprint(runs.ENGINE_ROOT)}"
    assert runs.engine_fingerprint(engine_copy) == runs.engine_fingerprint(runs.ENGINE_ROOT)
    listed = {
        p.relative_to(runs.ENGINE_ROOT).as_posix() for p in runs.engine_files(runs.ENGINE_ROOT)
    }
    # code and data at every depth: the package root, rules, agents, compiler, card library
    assert {"cards.py", "sve/state.py", "sve/agents/greedy.py", "sve/data/abilities.json"} <= listed
    assert any(name.startswith("sve/compiler/") for name in listed)
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in listed)


def _add_module(root: Path) -> None:
    package = root / "sve" / "newfamily"
    package.mkdir()
    (package / "__init__.py").write_text('"""Effects by concept."""\n', encoding="utf-8")
    (package / "damage.py").write_text("AMOUNT = 1\n", encoding="utf-8")


def _edit_deep_module(root: Path) -> None:
    path = root / "sve" / "agents" / "greedy.py"
    path.write_text(path.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")


def _edit_data(root: Path) -> None:
    path = sorted((root / "sve" / "data" / "hand").glob("*.json"))[0]
    path.write_bytes(path.read_bytes().replace(b"}", b" }", 1))


def _add_data(root: Path) -> None:
    (root / "sve" / "data" / "extra.json").write_text("{}", encoding="utf-8")


def _rename_module(root: Path) -> None:
    (root / "sve" / "errors.py").rename(root / "sve" / "failures.py")


def _edit_package_root(root: Path) -> None:
    path = root / "cards.py"
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")


CHANGES: dict[str, Callable[[Path], None]] = {
    "a new subpackage": _add_module,
    "a changed agent module": _edit_deep_module,
    "a changed hand-written encoding": _edit_data,
    "a new data file": _add_data,
    "a renamed module": _rename_module,
    "a changed engine.cards": _edit_package_root,
}


@pytest.mark.parametrize("change", list(CHANGES.values()), ids=list(CHANGES))
def test_any_change_to_an_engine_file_changes_the_fingerprint(
    change: Callable[[Path], None], engine_copy: Path
) -> None:
    before = runs.engine_fingerprint(engine_copy)
    change(engine_copy)
    assert runs.engine_fingerprint(engine_copy) != before


def test_bytecode_caches_do_not_change_the_fingerprint(engine_copy: Path) -> None:
    before = runs.engine_fingerprint(engine_copy)
    cache = engine_copy / "sve" / "__pycache__"
    cache.mkdir()
    (cache / "state.cpython-311.pyc").write_bytes(b"\x00compiled")
    assert runs.engine_fingerprint(engine_copy) == before


def test_a_compiled_build_shares_the_fingerprint_of_its_sources(engine_copy: Path) -> None:
    """Compiled modules are made from the sources: a run resumes on either build."""
    before = runs.engine_fingerprint(engine_copy)
    for name in ("state.cpython-311-x86_64-linux-gnu.so", "state__mypyc.cpython-311.so"):
        (engine_copy / "sve" / name).write_bytes(b"\x7fELF compiled")
    assert runs.engine_fingerprint(engine_copy) == before
    (engine_copy / "sve" / "state.py").write_text("# changed\n", encoding="utf-8")
    assert runs.engine_fingerprint(engine_copy) != before
