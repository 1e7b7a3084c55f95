"""Subcommand modules. Each defines ``register(subparsers)``, which adds its parsers and
sets ``run`` (``args -> exit code``) as their default. Modules are discovered by name, so a
new command is one new file here.

A command line imports only the module of its own command: the commands each module
registers are read from its source (the ``subparsers.add_parser("NAME", help=...)`` calls
in ``register``) without importing it, so ``decklab validate`` never pays for the imports
of ``simulate`` or the dashboard.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, cast


class CommandModule(Protocol):
    """What every module in this package provides."""

    def register(self, subparsers: Any) -> None:
        """Add this module's subcommands to ``subparsers``."""


@dataclass(frozen=True, slots=True)
class Command:
    """A top-level command as its module's source declares it."""

    name: str
    module: str
    help: str | None


_TOP_LEVEL = ("def ", "class ", "async def ", "@")
"""What may follow ``register`` at the top level of a module."""


def module_names() -> list[str]:
    """Every command module of this package, by name."""
    return sorted(
        info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")
    )


def declared(module: str) -> list[Command]:
    """The top-level commands ``module`` registers, read from its source (not imported)."""
    source = (Path(__path__[0]) / f"{module}.py").read_text(encoding="utf-8")
    start = source.find("\ndef register(")
    if start < 0:
        return []
    end = min((i for i in (source.find(f"\n{w}", start + 1) for w in _TOP_LEVEL) if i > 0),
              default=len(source))  # fmt: skip
    for node in ast.parse(source[start:end]).body:  # the function alone: quick to parse
        if isinstance(node, ast.FunctionDef) and node.name == "register" and node.args.args:
            subparsers = node.args.args[0].arg
            return [c for c in map(_command(subparsers, module), ast.walk(node)) if c]
    return []


def _command(subparsers: str, module: str) -> Any:
    def read(node: ast.AST) -> Command | None:
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "add_parser"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == subparsers
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            return None
        text = next(
            (k.value.value for k in node.keywords
             if k.arg == "help" and isinstance(k.value, ast.Constant)),
            None,
        )  # fmt: skip
        return Command(node.args[0].value, module, text if isinstance(text, str) else None)

    return read


def commands() -> list[Command]:
    """Every top-level command of every module, in module order."""
    return [c for name in module_names() for c in declared(name)]


def load(module: str) -> CommandModule:
    """Import one command module."""
    imported: ModuleType = importlib.import_module(f"{__name__}.{module}")
    return cast(CommandModule, imported)
