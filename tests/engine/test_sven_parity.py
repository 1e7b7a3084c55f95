"""One text for the compiler: SVEN's normalised Japanese compiles as cards_ja's text does.

Reads ``../shared/data/sve`` (both sources) at test time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.scripts import load_script

PARITY = load_script("sven_parity")


@pytest.fixture(scope="module")
def parity(sve_data: Path) -> Any:
    """The comparison over every card both sources hold."""
    return PARITY.compare(sve_data)


def test_both_texts_compile_alike_on_nearly_every_card(parity: Any) -> None:
    assert parity.cards > 3000
    assert parity.share >= 0.97, f"{parity.same} of {parity.cards}"


def test_every_other_card_has_a_reason(parity: Any) -> None:
    assert parity.same + len(parity.different) == parity.cards
    assert set(parity.different.values()) <= set(PARITY.REASONS)


@pytest.mark.parametrize(
    "card_id",  # BP01-049 is also printed as SD02-014
    ["SD01-016", "SD02-016", "BP01-049", "SD03-005", "BP01-116", "BP01-098", "CP01-031"],
)
def test_the_quick_icon_comes_back_from_sven(parity: Any, card_id: str) -> None:
    assert card_id in parity.quick_added


def test_union_burst_labels_come_back_from_sven(parity: Any) -> None:
    assert "CP04-001" in parity.union_burst_added
    assert all(cid.startswith(("CP04", "PCS")) for cid in parity.union_burst_added)


def test_main_prints_the_share_and_the_list(
    sve_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert PARITY.main([str(sve_data)]) == 0
    out = capsys.readouterr().out
    assert "cards compile to the same abilities from either text" in out


def test_main_without_data_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert PARITY.main([str(tmp_path)]) == 2
    assert "lacks cards_ja/ or sven/" in capsys.readouterr().err
