"""``decklab engine show``: a card's modelled abilities in English, with their limits."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Run


@pytest.mark.parametrize(
    ("code", "evolve"),
    [
        ("BP07-069", "Evolve: cost 1; usable only if you have 5 機械 followers on your field"),
        ("BP01-009", "Evolve: cost 1\n"),  # no condition: none printed
    ],
)
def test_show_prints_the_evolve_condition(run: Run, code: str, evolve: str) -> None:
    """An evolve ability usable only under a condition says so (BP07-069: five Machina
    followers on your field); one without a condition prints its cost alone."""
    res = run("engine", "show", code)
    assert res.code == 0, res.err
    assert f"  {evolve}" in res.out
