"""The compiled engine and the plain one: one switch between them, and sources that the
ahead-of-time compiler (mypyc) builds into an engine that plays the same games.

The test command runs the engine's tests on both builds; these check the switch and the few
rules of the compiled modules' sources that mypy's checks do not cover.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from tests.scripts import load_script

REPO = Path(__file__).resolve().parents[2]
build_engine = load_script("build_engine")

PROBE = "import engine, engine.sve.state as s; print(engine.compiled(), s.__file__.endswith('.py'))"


def _probe(pure: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "DECKLAB_PURE_ENGINE"}
    if pure is not None:
        env["DECKLAB_PURE_ENGINE"] = pure
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    return done.stdout.strip()


def test_the_switch_runs_the_sources_whether_or_not_a_build_lies_beside_them() -> None:
    built = bool(build_engine.built_files()) and not engine.stale_build(engine.__path__[0])
    assert _probe("1") == "False True"  # the plain engine, asked for
    assert _probe("0") == ("True False" if built else "False True")  # as built
    assert _probe(None) == _probe("0")


@pytest.mark.parametrize(
    ("files", "stale"),
    [
        ({"state.py": 10}, False),  # no build: nothing to be stale
        ({"state.py": 10, "rules/play.py": 20, "state.cpython-311.so": 30}, False),
        ({"state.py": 10, "rules/play.py": 40, "state.cpython-311.so": 30}, True),  # edited
        ({"state.py": 50, "state.cpython-311.so": 30, "rules/play.cpython-311.so": 60}, True),
    ],
    ids=["plain", "built after the sources", "a source edited since", "oldest build counts"],
)
def test_a_build_older_than_a_source_is_stale(
    tmp_path: Path, files: dict[str, int], stale: bool
) -> None:
    for name, when in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
        os.utime(path, (when, when))
    cache = tmp_path / "__pycache__" / "state.cpython-311.so"  # caches are never looked at
    cache.parent.mkdir()
    cache.write_bytes(b"")
    os.utime(cache, (1, 1))
    assert engine.stale_build(str(tmp_path)) is stale


def test_every_compiled_module_is_a_source_of_the_engine() -> None:
    for module in build_engine.COMPILED:
        assert (REPO / module).is_file(), module
    assert len(set(build_engine.COMPILED)) == len(build_engine.COMPILED)


def _classes(module: str) -> list[ast.ClassDef]:
    tree = ast.parse((REPO / module).read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]


@pytest.mark.parametrize("module", build_engine.COMPILED)
def test_compiled_modules_keep_to_what_the_compiler_builds(module: str) -> None:
    """Single inheritance, no statements but declarations in a class body, no instance
    dictionaries, no objects made past their ``__init__`` except through a marked class."""
    source = (REPO / module).read_text(encoding="utf-8")
    for cls in _classes(module):
        bases = [b for b in cls.bases if ast.unparse(b) not in ("Protocol", "Exception")]
        assert len(bases) <= 1, f"{module}: class {cls.name} has several bases"
        for stmt in cls.body:
            assert not isinstance(stmt, (ast.If, ast.For, ast.With, ast.Try)), (
                f"{module}: class {cls.name} runs a statement in its body (line {stmt.lineno})"
            )
            if isinstance(stmt, ast.Assign):
                assert len(stmt.targets) == 1, f"{module}: {cls.name} line {stmt.lineno}"
    assert "__dict__" not in source, f"{module}: a compiled object has no __dict__"
    assert "object.__new__" not in source, (
        f"{module}: make blank objects with Cls.__new__(Cls) on a class marked "
        "@mypyc_attr(serializable=True)"
    )


def test_deck_records_cross_processes_with_every_field() -> None:
    """Runs send decks to their workers by pickling: every field of a card record (those
    left out of comparisons too) arrives, compiled or not."""
    import dataclasses
    import pickle

    from engine.cards import CardRecord
    from engine.sve.board import DeckSpec

    record = CardRecord(
        "BP01-001", "A", card_class="forest", cost=2, attack=2, defense=2, traits=("t",),
        keywords=("ward",), title="x", text="jp", text_en="en", union_burst=(1,),
    )  # fmt: skip
    deck = pickle.loads(pickle.dumps(DeckSpec([record], [record], record)))
    for got in (deck.main[0], deck.evolve[0], deck.leader):
        assert got is not None
        for f in dataclasses.fields(CardRecord):
            assert getattr(got, f.name) == getattr(record, f.name), f.name
