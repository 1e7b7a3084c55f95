"""``scripts/pool_sources.py``: the figures docs/cards.md quotes are the ones it prints now."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from tests.scripts import load_script

DOC = Path(__file__).resolve().parents[2] / "docs" / "cards.md"


def test_the_docs_quote_the_measured_figures(sve_data: Path) -> None:
    script = load_script("pool_sources")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert script.main([str(sve_data)]) == 0
    printed = out.getvalue().strip()
    assert printed in DOC.read_text(encoding="utf-8")
    found = script.figures(sve_data)
    assert found["combined"]["identities"] > found["cards_ja"]["identities"]
    assert found["quick"]["combined"] > found["quick"]["cards_ja"]


def test_without_the_card_data_it_exits_2(tmp_path: Path) -> None:
    assert load_script("pool_sources").main([str(tmp_path)]) == 2
