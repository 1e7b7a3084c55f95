"""The ``>>>`` examples in the packages' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ("cardpool", "engine", "analytics", "decklab")


def _modules() -> list[str]:
    names = []
    for package in PACKAGES:
        root = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            if info.name.endswith(".__main__"):  # running it is the program itself
                continue
            if info.name.endswith("__mypyc"):  # the compiled engine's runtime: none of ours
                continue
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
