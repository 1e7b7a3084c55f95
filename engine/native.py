"""Marks for the engine's ahead-of-time compiler (mypyc), which change nothing in Python.

``scripts/build_engine.py`` compiles the engine's typed modules; the compiler reads these
marks from the source (``@mypyc_attr(serializable=True)``: instances may be made without
``__init__``, as copies and pickles are). The interpreter, with or without a build, sees a
decorator that returns the class unchanged, so the engine imports nothing beyond the
standard library. This module itself is never compiled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:
        """The class unchanged (the compiler reads the mark from the source)."""
        return lambda cls: cls
