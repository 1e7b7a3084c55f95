"""The 595 real tournament decklists (Japan, Feb-Mar 2026) and the weekly deck lists.

Known data fact: five Cinderella Girls lists in ``individual_v2.jsonl`` hold BP01-135
プリズムプリースト (a Haven card without a title) where the independent weekly lists record the
same decks with 鷹富士茄子 (CSD02b-007, a Cinderella Girls Haven card): a conversion error in
that file, which the validator must catch as title.mismatch.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from cardpool.decklist import parse_json_deck
from cardpool.legality import Verdict, validate
from cardpool.model import RestrictionRow
from cardpool.normalise import CLASS_IDS, TITLE_IDS
from cardpool.pool import PoolIndex

CONVERSION_ERRORS = Counter({"U9AL": 3, "1XNE2": 1, "4SF4P": 1})
WEEKLY = {
    "deck_cards_20260302_20260308.json": date(2026, 3, 8),
    "deck_cards_0309_0315.json": date(2026, 3, 15),
}
BANNED_TODAY = 24
"""Lists holding 簒奪の絶傑・オクトリス (BP05-018), banned in asia from 2026-10-02."""


@pytest.fixture(scope="module")
def lines(sve_data: Path) -> list[dict[str, Any]]:
    path = sve_data / "decks" / "individual_v2.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@pytest.fixture(scope="module")
def weekly(sve_data: Path) -> dict[str, tuple[date, dict[str, dict[str, int]]]]:
    """Each weekly file's decks as ``{code: count}`` maps (the files use two shapes)."""
    out = {}
    for name, on in WEEKLY.items():
        doc = json.loads((sve_data / "decks" / name).read_text(encoding="utf-8"))
        decks = {}
        for deck_code, cards in doc.items():
            if isinstance(cards, list):
                cards = {c["code"]: c["count"] for c in cards}
            decks[deck_code] = cards
        out[name] = (on, decks)
    return out


@pytest.fixture(scope="module")
def as_of_their_date(
    lines: list[dict[str, Any]], pool: PoolIndex, restrictions: tuple[RestrictionRow, ...]
) -> list[Verdict]:
    return [
        validate(parse_json_deck(line), pool, restrictions, on=date.fromisoformat(line["date"]))
        for line in lines
    ]


@pytest.fixture(scope="module")
def as_of_today(
    lines: list[dict[str, Any]], pool: PoolIndex, restrictions: tuple[RestrictionRow, ...]
) -> list[Verdict]:
    return [validate(parse_json_deck(line), pool, restrictions) for line in lines]


def test_595_lists_of_40_to_50_cards(
    lines: list[dict[str, Any]], as_of_their_date: list[Verdict]
) -> None:
    assert len(lines) == 595
    assert all(40 <= v.main_count <= 50 for v in as_of_their_date)
    assert all(v.evolve_count == 0 for v in as_of_their_date)  # main decks only


def test_590_lists_are_legal_on_their_date(
    lines: list[dict[str, Any]], as_of_their_date: list[Verdict]
) -> None:
    legal = [v for v in as_of_their_date if v.legal]
    assert len(legal) == 590
    # the lists carry no leader: that is the only remark on each
    assert all([w.code for w in v.warnings] == ["leader.missing"] for v in as_of_their_date)


def test_the_five_illegal_lists_are_the_conversion_errors(
    lines: list[dict[str, Any]], as_of_their_date: list[Verdict]
) -> None:
    failing = [(line, v) for line, v in zip(lines, as_of_their_date, strict=True) if not v.legal]
    assert Counter(line["deck_code"] for line, _ in failing) == CONVERSION_ERRORS
    for line, verdict in failing:
        assert line["class_or_title_ja"] == "アイドルマスター シンデレラガールズ"
        (error,) = verdict.errors
        assert (error.code, error.rule, error.cards) == (
            "title.mismatch",
            "6.1.1.5.2",
            ("BP01-135",),
        )
        assert "プリズムプリースト" in error.message
        assert verdict.title == "cinderella_girls"


def test_the_weekly_lists_record_those_decks_with_a_titled_card(
    lines: list[dict[str, Any]],
    weekly: dict[str, tuple[date, dict[str, dict[str, int]]]],
    pool: PoolIndex,
    restrictions: tuple[RestrictionRow, ...],
) -> None:
    found = set()
    for on, decks in weekly.values():
        for deck_code in CONVERSION_ERRORS:
            if deck_code not in decks:
                continue
            cards = decks[deck_code]
            found.add(deck_code)
            assert "BP01-135" not in cards
            kako = sum(n for code, n in cards.items() if pool.card_id(code) == "CSD02b-007")
            individual = next(
                line["main_deck_by_code"]
                for line in lines
                if line["deck_code"] == deck_code and date.fromisoformat(line["date"]) <= on
            )
            assert kako == individual["BP01-135"]  # same count, the titled card instead
            verdict = validate(parse_json_deck(cards), pool, restrictions, on=on)
            assert verdict.legal, verdict.errors
            assert verdict.title == "cinderella_girls"
    assert found == set(CONVERSION_ERRORS)


def test_every_weekly_deck_is_legal_in_its_week(
    weekly: dict[str, tuple[date, dict[str, dict[str, int]]]],
    pool: PoolIndex,
    restrictions: tuple[RestrictionRow, ...],
) -> None:
    counts = {name: len(decks) for name, (_, decks) in weekly.items()}
    assert counts == {"deck_cards_20260302_20260308.json": 99, "deck_cards_0309_0315.json": 177}
    illegal = {
        (name, deck_code): [e.code for e in verdict.errors]
        for name, (on, decks) in weekly.items()
        for deck_code, cards in decks.items()
        if not (verdict := validate(parse_json_deck(cards), pool, restrictions, on=on)).legal
    }
    assert illegal == {}


def test_as_of_today_24_lists_hold_a_banned_card(
    lines: list[dict[str, Any]],
    as_of_today: list[Verdict],
    restrictions: tuple[RestrictionRow, ...],
) -> None:
    asia_banned = {
        r.card_id
        for r in restrictions
        if (r.region, r.format, r.max_copies) == ("asia", "standard", 0)
    }
    flagged = [v for v in as_of_today if any(e.code == "restricted.banned" for e in v.errors)]
    assert len(flagged) == BANNED_TODAY
    banned_cards = {
        card for v in flagged for e in v.errors if e.code == "restricted.banned" for card in e.cards
    }
    assert banned_cards <= asia_banned
    assert banned_cards == {"BP05-018"}


def test_as_of_today_one_list_exceeds_a_limited_card(
    lines: list[dict[str, Any]], as_of_today: list[Verdict]
) -> None:
    over = [
        (line["deck_code"], e)
        for line, v in zip(lines, as_of_today, strict=True)
        for e in v.errors
        if e.code == "restricted.limited"
    ]
    assert len(over) == 1
    deck_code, error = over[0]
    assert deck_code == "1T33S"
    assert error.cards == ("BP15-066",)  # 烈絶の崇拝者, limited from 2026-10-02
    assert "the deck has 3" in error.message


def test_as_of_today_the_other_errors_are_unchanged(as_of_today: list[Verdict]) -> None:
    shapes = Counter(tuple(e.code for e in v.errors) for v in as_of_today)
    assert shapes == Counter(
        {(): 565, ("restricted.banned",): 24, ("title.mismatch",): 5, ("restricted.limited",): 1}
    )


def test_class_or_title_agrees_with_the_label(
    lines: list[dict[str, Any]], as_of_their_date: list[Verdict]
) -> None:
    labelled = 0
    for line, verdict in zip(lines, as_of_their_date, strict=True):
        label = line["class_or_title_ja"]
        if not label:
            continue
        labelled += 1
        if label in CLASS_IDS:
            assert verdict.deck_class == CLASS_IDS[label], line["deck_code"]
            assert verdict.title is None, line["deck_code"]
        else:
            assert verdict.title == TITLE_IDS[label], line["deck_code"]
    assert labelled == 594
