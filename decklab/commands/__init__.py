"""Subcommand modules. Each defines ``register(subparsers)``, which adds its parsers and
sets ``run`` (``args -> exit code``) as their default. Modules are discovered by name, so a
new command is one new file here."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any, Protocol, cast


class CommandModule(Protocol):
    """What every module in this package provides."""

    def register(self, subparsers: Any) -> None:
        """Add this module's subcommands to ``subparsers``."""


def _discover() -> list[CommandModule]:
    modules: list[ModuleType] = [
        importlib.import_module(f"{__name__}.{info.name}")
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name)
        if not info.name.startswith("_")
    ]
    return [cast(CommandModule, m) for m in modules if hasattr(m, "register")]


COMMAND_MODULES: list[CommandModule] = _discover()
