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


def test_rule_modifying_elements_answer_through_their_rule() -> None:
    """Continuous elements (CR 10.1.1.3) name the rule the state asks them about and keep
    no resolution step of their own; the state finds them by that rule."""
    from engine.sve.effects.core import Rule, Static
    from engine.sve.effects.registry import ELEMENTS

    statics = [cls for cls in ELEMENTS.values() if issubclass(cls, Static)]
    assert len(statics) >= 17
    assert all(isinstance(cls.rule, Rule) and "run" not in vars(cls) for cls in statics)
    assert {cls.rule for cls in statics} == set(Rule)


def _imported_names(path: Path) -> list[tuple[str, str]]:
    """``(module, name)`` of every ``from module import name`` in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    ]


@pytest.mark.parametrize(
    "path",
    [*sorted((ENGINE / "rules").glob("*.py")), ENGINE / "state.py"],
    ids=lambda p: p.name,
)
def test_the_state_asks_statics_by_rule_never_by_class(path: Path) -> None:
    """The state finds a rule-modifying element by its ``Rule`` and asks it through the
    ``Static`` protocol, so no part of the state imports a class of one."""
    import importlib

    from engine.sve.effects.core import Static

    named = []
    for module, name in _imported_names(path):
        if module.startswith("engine.sve.effects"):
            obj = getattr(importlib.import_module(module), name, None)
            if isinstance(obj, type) and issubclass(obj, Static) and obj is not Static:
                named.append(name)
    assert named == []


def test_zones_are_data() -> None:
    """``player.zones[Zone.X]`` is that zone's own list (a move through it is a move of the
    card); zones with no list of their own are not in it."""
    from engine.cards import CardRecord
    from engine.sve.board import ZONE_LISTS, Zone
    from engine.sve.state import DeckSpec, new_game

    unit = CardRecord("T-1", "Unit", cost=1, attack=1, defense=1)
    game = new_game(DeckSpec(main=[unit] * 40), DeckSpec(main=[unit] * 40), seed=2)
    p = game.players[0]
    for zone, name in ZONE_LISTS.items():
        assert p.zones[zone] is getattr(p, name)
    assert len(p.zones[Zone.HAND]) == 4
    assert Zone.RESOLVING not in p.zones
    with pytest.raises(KeyError):
        p.zones[Zone.RESOLVING]


def _elements(obj: object) -> list[object]:
    """``obj`` and every element inside it (fields, tuples), depth first."""
    import dataclasses

    out = [obj]
    if isinstance(obj, tuple):
        out = []
        for item in obj:
            out += _elements(item)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out += _elements(getattr(obj, f.name))
    return out


def test_every_destination_of_a_found_card_is_in_the_zone_table() -> None:
    """Cards found by the library's searches go where the zone table knows, and the table
    knows no place the ``Game`` cannot name; a search to an unknown zone fails loudly."""
    from engine.sve.effects.search import FromGrave, FromHand, LookTop, LookTopPicks, Search
    from engine.sve.library import scripts
    from engine.sve.rules.zones import FOUND_TO
    from engine.sve.state import DeckSpec, new_game

    used = set()
    for script in scripts():
        for e in _elements(script.abilities):
            if isinstance(e, (FromGrave, FromHand, Search, LookTop)):
                used.add(e.to)
            elif isinstance(e, LookTopPicks):
                used.update(to for _, to in e.picks)
    assert used <= set(FOUND_TO)
    assert {"hand", "ex", "field", "grave"} <= used

    from engine.cards import CardRecord

    unit = CardRecord("T-1", "Unit", cost=1, attack=1, defense=1)
    game = new_game(DeckSpec(main=[unit] * 40), DeckSpec(main=[unit] * 40), seed=2)
    top = game.players[0].deck[-1]
    game.move_found(top, "grave", 0)
    assert top in game.players[0].grave
    with pytest.raises(KeyError):
        game.move_found(game.players[0].deck[-1], "banish", 0)
