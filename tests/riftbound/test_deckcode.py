"""The Piltover Archive deck code: the six golden vectors both ways, other versions, bad codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from cardpool.riftbound import deckcode
from cardpool.riftbound.deckcode import CodeCard, decode, encode, encode_dict
from cardpool.riftbound.legality import validate

from .conftest import jinx_deck


@pytest.fixture(scope="module")
def golden(riftbound_data: Path) -> list[dict[str, Any]]:
    doc = json.loads((riftbound_data / "decks" / "piltover_deckcode_golden.json").read_text())
    cases: list[dict[str, Any]] = doc["cases"]
    assert len(cases) == 6
    return cases


def test_golden_vectors_encode_exactly(golden: list[dict[str, Any]]) -> None:
    for case in golden:
        assert encode_dict(case["input"]) == case["code"], case["name"]


def test_golden_vectors_decode_exactly(golden: list[dict[str, Any]]) -> None:
    for case in golden:
        assert decode(case["code"]).as_dict() == case["decoded"], case["name"]
        assert encode_dict(case["decoded"]) == case["code"], case["name"]


def test_versions_chosen_as_the_reference_does(golden: list[dict[str, Any]]) -> None:
    assert [decode(c["code"]).version for c in golden] == [3, 3, 3, 4, 4, 3]


def test_version_2_code_without_champion() -> None:
    """The format description's Kai'Sa example (version 2: a sideboard, no champion field)."""
    code = (
        "CIAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAAICIMDMOVOX3AM5UHIAIDAAACO6XYAEAQKAAABX3QDGACUA"
        "BKIAQAAEBQAAAWDBOQCAQAABMHE"
    )
    decoded = decode(code)
    assert decoded.version == 2
    assert decoded.champion is None
    assert sum(c.count for c in decoded.main) == 56
    assert [(c.code, c.count) for c in decoded.sideboard] == [
        ("OGN-022", 2), ("OGN-024", 2), ("OGN-093", 2), ("OGN-088", 1), ("OGN-114", 1),
    ]  # fmt: skip


def test_version_5_high_counts_special_numbers_and_signed_prints() -> None:
    main = [CodeCard("VEN-097", 20), CodeCard("OGN-007*", 2), CodeCard("VEN-SP2a", 1)]
    code = encode(main, [CodeCard("OGN-001", 4)], "VEN-SP2a")
    decoded = decode(code, signed="*")
    assert decoded.version == 5
    assert set(decoded.main) == set(main)
    assert decoded.sideboard == (CodeCard("OGN-001", 4),)
    assert decoded.champion == "VEN-SP2a"
    assert decode(code).main[1].code == "OGN-007s"  # the reference library's default suffix
    plain = encode([CodeCard("VEN-097", 20)])  # no R or SP number: no flag bytes
    assert decode(plain).main == (CodeCard("VEN-097", 20),)
    assert len(plain) < len(encode([CodeCard("VEN-097", 20), CodeCard("OGN-R01", 1)]))


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("", "empty"),
        ("CM!A", "not a base32 letter"),
        ("AAAA", "not a Riftbound deck code"),
        ("CM", "ends early"),
        ("CMAAAAAAAAAAAAAAAEAQAAAH", "ends early"),
    ],
)
def test_bad_codes_are_refused(code: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        decode(code)


@pytest.mark.parametrize(
    ("cards", "problem"),
    [
        ([CodeCard("OPP-001-219", 1)], "not a card code"),
        ([CodeCard("XYZ-001", 1)], "no deck-code number"),
        ([CodeCard("OGN-001", 0)], "counts are 1 or more"),
    ],
)
def test_bad_cards_are_refused(cards: list[CodeCard], problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        encode(cards)


def test_a_deck_round_trips_through_its_code(rift_pool: PoolIndex) -> None:
    deck = jinx_deck(rift_pool)
    deck.sideboard = {"OGN-015": 2}
    code = deckcode.encode_deck(deck, rift_pool)
    decoded = decode(code)
    assert decoded.champion == "OGN-030"
    assert sum(c.count for c in decoded.main) == 1 + 3 + 12 + 40  # legend, fields, runes, main
    back = deckcode.to_deck(decoded)
    assert validate(back, rift_pool).as_dict() == validate(deck, rift_pool).as_dict()
    assert deckcode.encode_deck(back, rift_pool) == code
