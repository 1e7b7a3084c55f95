"""Every element of the language by its JSON ``op`` name; JSON in and out.

An element class registers itself with the :func:`element` decorator; :func:`to_data` turns
an ability into JSON-ready data and :func:`from_data` reads it back. The family modules of
:mod:`engine.sve.effects` are imported by the package, so the registry is full whenever any
of them is.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine.cards import CardRecord
from engine.sve.effects.core import Ability, Trigger

ELEMENTS: dict[str, type] = {"Ability": Ability}
"""Every element of the language by its JSON ``op`` name."""

T = TypeVar("T", bound=type)

LEGACY: dict[str, Callable[[dict[str, Any]], Any]] = {}
"""Readers of the names the card library keeps for elements that today say it another way
(the ten count conditions are one :class:`~engine.sve.effects.conditions.Count`)."""


def legacy(op: str) -> Callable[[Callable[[dict[str, Any]], Any]], Callable[[dict[str, Any]], Any]]:
    """Register a reader of the older JSON name ``op`` (it gets the decoded fields)."""

    def register(read: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Any]:
        if op in ELEMENTS or op in LEGACY:
            raise ValueError(f"two readers of {op}")
        LEGACY[op] = read
        return read

    return register


def element(cls: T) -> T:
    """Register an element class under its name (its JSON ``op``)."""
    name = cls.__name__
    if ELEMENTS.get(name, cls) is not cls:
        raise ValueError(f"two elements named {name}")
    ELEMENTS[name] = cls
    return cls


def to_data(obj: Any) -> Any:
    """JSON-ready data for an ability, effect, condition or selector (defaults omitted)."""
    if isinstance(obj, CardRecord):
        return {"op": "Token", "id": obj.card_id}
    if isinstance(obj, enum.Enum):
        return obj.value
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        encode = getattr(obj, "encode", None)
        if encode is not None:  # an element that keeps an older name in the library
            return {k: to_data(v) for k, v in encode().items()}
        out: dict[str, Any] = {"op": type(obj).__name__}
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            out[f.name] = to_data(value)
        return out
    if isinstance(obj, (tuple, list)):
        return [to_data(x) for x in obj]
    return obj


def from_data(data: Any, tokens: Mapping[str, CardRecord]) -> Any:
    """Read back what :func:`to_data` wrote; ``tokens`` resolves token ids to records."""
    if isinstance(data, list):
        return tuple(from_data(x, tokens) for x in data)
    if not isinstance(data, dict):
        return data
    op = data["op"]
    if op == "Token":
        return tokens[data["id"]]
    kwargs = {k: from_data(v, tokens) for k, v in data.items() if k != "op"}
    if op in LEGACY:
        return LEGACY[op](kwargs)
    cls = ELEMENTS[op]
    if cls is Ability:
        kwargs["trigger"] = Trigger(kwargs["trigger"])
    return cls(**kwargs)
