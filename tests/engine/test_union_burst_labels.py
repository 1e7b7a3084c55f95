"""Union Burst labels (CR 14.5.1.1) come from the card data, not from a list kept by hand.

The Japanese text lost the printed label; the SVEN data kept it (``{[ub]}`` opening an
English line, ``UB`` a Japanese one). The importer carries the labelled positions on the
card record, and the compiler marks the abilities of those lines.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.cards import CardRecord, text_lines
from engine.sve.compiler import compile_card
from engine.sve.library import library


@pytest.fixture(scope="module")
def merged(sve_data: Path) -> dict[str, CardRecord]:
    """The merged pool's compiler inputs (the Japanese dump and SVEN), by card id."""
    from decklab.commands.engine import read_card_texts

    return {c.card_id: c for c in read_card_texts(sve_data / "cards_ja", sve_data / "sven")}


@pytest.fixture(scope="module")
def dump_only(sve_data: Path) -> dict[str, CardRecord]:
    """The Japanese dump alone: no labels."""
    from decklab.commands.engine import read_card_pool

    return {c.card_id: c.to_record() for c in read_card_pool(sve_data / "cards_ja").cards}


def _bursts(card: CardRecord) -> list[bool]:
    return [a.union_burst for a in compile_card(card, {}).abilities]


@pytest.mark.shared
@pytest.mark.parametrize(
    ("card_id", "with_labels", "without"),
    [
        # every ability is a Union Burst one: no hyphen line to tell, only the label
        ("CP04-006", [True], [False]),
        ("CP04-089", [True], [False]),
        # the Fanfare above the hyphen line: the rule line and the label agree
        ("CP04-004", [True, False, False], [True, False, False]),
    ],
)
def test_labels_mark_the_union_burst_lines(
    card_id: str,
    with_labels: list[bool],
    without: list[bool],
    merged: dict[str, CardRecord],
    dump_only: dict[str, CardRecord],
) -> None:
    """With SVEN's labels the label's lines are Union Burst; from the dump alone only a
    hyphen rule line can tell, and a follower whose abilities are all Union Burst has none."""
    assert merged[card_id].union_burst
    assert not dump_only[card_id].union_burst
    assert _bursts(merged[card_id]) == with_labels
    assert _bursts(dump_only[card_id]) == without


@pytest.mark.shared
def test_the_label_is_the_only_mark(merged: dict[str, CardRecord]) -> None:
    """Moving the label to another line moves the Union Burst mark with it."""
    card = merged["CP04-004"]
    assert len(text_lines(card.text)) == 3
    moved = dataclasses.replace(card, union_burst=(2,))
    assert _bursts(moved) == [False, False, True]


@pytest.mark.shared
def test_the_library_marks_every_labelled_follower(merged: dict[str, CardRecord]) -> None:
    """Every Princess Connect follower SVEN labels has its modelled Union Burst abilities
    marked in the committed library, and no follower without a label has one."""
    entries = library()["cards"]
    for card_id, card in merged.items():
        entry = entries.get(card_id)
        if entry is None or card.card_type not in ("follower", "evolved_follower"):
            continue
        marked = any(a.get("union_burst") for a in entry.get("abilities", ()))
        if not card.union_burst:
            assert not marked, card_id
        elif entry["status"] == "full":
            assert marked, card_id
