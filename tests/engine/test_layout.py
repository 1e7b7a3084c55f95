"""The engine's layout: the effect language and the pieces never import the state."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "sve"


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at run time or for type checking."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


@pytest.mark.parametrize(
    "path",
    [*sorted((ENGINE / "effects").glob("*.py")), ENGINE / "board.py"],
    ids=lambda p: p.name,
)
def test_no_import_of_the_state(path: Path) -> None:
    """Effects see the game through the narrow ``Game`` protocol: no circle with state.py."""
    assert "engine.sve.state" not in _imports(path)


def test_the_state_does_import_the_effects() -> None:
    """The one direction that exists: the state runs the effect language."""
    assert any(m.startswith("engine.sve.effects") for m in _imports(ENGINE / "state.py"))
