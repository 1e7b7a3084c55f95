"""AppTest fixtures: every test gets its own database file and fresh Streamlit caches."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppTest]:
    """The dashboard on a fresh database built from the embedded snapshot."""
    monkeypatch.setenv("DECKLAB_DB", str(tmp_path / "decklab.duckdb"))
    st.cache_resource.clear()
    st.cache_data.clear()
    at = AppTest.from_file(APP, default_timeout=60)
    yield at
    st.cache_resource.clear()
    st.cache_data.clear()


_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def shown(markdown: str) -> str:
    """What a reader sees of ``markdown`` that ``dashboard.plain`` escaped: the characters
    without their backslashes, and without the invisible word joiners (U+2060).

    >>> shown("Setup\\: A \\(x\\) http\u2060\\:\\/\\/e")
    'Setup: A (x) http://e'
    """
    return _ESCAPE.sub(r"\1", markdown).replace("\u2060", "")


def open_page(at: AppTest, page: str) -> AppTest:
    """Run the app, switch to ``app_pages/<page>.py`` and assert it rendered without error."""
    at.run()
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, at.exception
    return at
