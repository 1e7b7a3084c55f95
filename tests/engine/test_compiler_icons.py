"""Icons the Japanese dump lost, read from SVEN's normalised text: the card-level Quick icon
(CR 12.3.2.1) and the Union Burst label (CR 14.5.1.1), also on an ability an equipment gives.

Card texts are read from ``../shared/data/sve`` at test time.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from cardpool.importers.sven_text import compiler_text
from engine.cards import CardRecord
from engine.sve.compiler import Compiled, compile_card

Texts = dict[str, tuple[str, str]]


@pytest.fixture(scope="module")
def texts(sve_data: Path) -> Texts:
    """Card id -> (SVEN's normalised text, cards_ja's text), for the cards these tests use."""
    wanted = {"SD03-005", "BP01-049", "CP04-006", "CP04-PR18"}
    ja: dict[str, str] = {}
    for path in sorted((sve_data / "cards_ja").glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            if record["card_code"] in wanted:
                ja[record["card_code"]] = record["effect"]
    out: Texts = {}
    for path in sorted((sve_data / "sven").glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            for code in set(card.get("printings") or [card["id"]]) & wanted:
                text = card["text"]
                out[code] = (compiler_text(text["ja"], text["en"]), ja[code])
    assert set(out) == wanted
    return out


RECORDS = {
    "SD03-005": CardRecord("SD03-005", "SD03-005", card_type="spell", cost=1),
    "BP01-049": CardRecord("BP01-049", "BP01-049", card_type="spell", cost=1),
    "CP04-006": CardRecord(
        "CP04-006", "CP04-006", cost=2, attack=2, defense=2, traits=("プリコネ",)
    ),
    "CP04-PR18": CardRecord("CP04-PR18", "CP04-PR18", card_type="token_equipment"),
}
"""Facts enough for the compiler (the ids are real; the texts come from the data)."""


def _compiled(card_id: str, text: str, as_id: str | None = None) -> Compiled:
    return compile_card(
        dataclasses.replace(RECORDS[card_id], card_id=as_id or card_id, text=text), {}
    )


@pytest.mark.parametrize("card_id", ["SD03-005", "BP01-049"])
def test_the_quick_line_is_a_keyword_not_an_ability_line(texts: Texts, card_id: str) -> None:
    sven, dump = texts[card_id]
    with_icon, without = _compiled(card_id, sven), _compiled(card_id, dump)
    assert with_icon.keywords == ("quick",)
    assert without.keywords == ()
    assert with_icon.lines == without.lines
    assert with_icon.status == without.status == "full"


def test_the_union_burst_label_marks_its_ability(texts: Texts) -> None:
    """Under an id outside the list of Union-Burst-only followers, only the label tells."""
    sven, dump = texts["CP04-006"]
    labelled = _compiled("CP04-006", sven, "XX01-001")
    plain = _compiled("CP04-006", dump, "XX01-001")
    assert [a.union_burst for a in labelled.abilities] == [True]
    assert [a.union_burst for a in plain.abilities] == [False]


def test_an_equipment_gives_a_union_burst_ability(texts: Texts) -> None:
    sven, dump = texts["CP04-PR18"]
    labelled, plain = _compiled("CP04-PR18", sven), _compiled("CP04-PR18", dump)
    assert labelled.status == plain.status == "full"
    assert [a.union_burst for a in labelled.abilities] == [True]
    assert [a.union_burst for a in plain.abilities] == [False]
