"""Every official precon and tournament list judged, the non-legal ones with their reasons.

These are raw lists, not statistics: nothing here derives play or win rates.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from cardpool.deck import Deck
from cardpool.model import RestrictionRow
from cardpool.pool import PoolIndex
from cardpool.riftbound.deckcode import decode, encode_deck, to_deck
from cardpool.riftbound.decklist import read_deck_files
from cardpool.riftbound.legality import validate

ORIGINS_RELEASE = date(2025, 10, 31)
BANS = date(2026, 9, 18)
PROVING_GROUNDS = {
    "Annie · Proving Grounds", "Lux · Proving Grounds", "Garen · Proving Grounds",
    "Master Yi · Proving Grounds",
}  # fmt: skip
TOURNAMENT_ILLEGAL = {
    # 3 Brynhir Thundersong in the main deck and 2 in the sideboard: the current TR 601.1.c.3
    # caps main deck and sideboard together (the list predates the published TR)
    "gan-ztrax-2nd-riftbound-meta-weekly-aug-2nd": [("copies.limit", ("OGN-026",))],
    # published with 41 main cards
    "5-8th-guangzhou-regionals-tournament-aug-2025-yffg0": [("main.size", ())],
}


def _errors(deck: Deck, pool: PoolIndex, bans: list[RestrictionRow], on: date) -> list[Any]:
    return [(e.code, e.cards) for e in validate(deck, pool, bans, on=on).errors]


@pytest.fixture(scope="module")
def decks_dir(riftbound_data: Path) -> Path:
    return riftbound_data / "decks"


def test_precons(decks_dir: Path, rift_pool: PoolIndex, rift_bans: list[RestrictionRow]) -> None:
    decks = read_deck_files(decks_dir / "official_precons.json")
    assert len(decks) == 13
    for deck in decks:
        verdict = validate(deck, rift_pool, rift_bans, on=ORIGINS_RELEASE)
        assert verdict.main_count == 40, deck.name  # 39 listed + the chosen champion
        assert verdict.rune_count == 12, deck.name
        if deck.name in PROVING_GROUNDS:  # the retail box holds one battlefield per deck
            assert _errors(deck, rift_pool, rift_bans, ORIGINS_RELEASE) == [
                ("battlefields.count", ())
            ], deck.name
        else:
            assert verdict.legal, (deck.name, verdict.errors)
    jinx = next(d for d in decks if d.name == "Jinx · Origins")
    assert _errors(jinx, rift_pool, rift_bans, BANS) == [
        ("restricted.banned", ("OGN-168",)),  # Fight or Flight
        ("restricted.banned", ("OGN-182",)),  # Scrapheap
        ("restricted.banned", ("OGN-285",)),  # Reaver's Row
    ]


def test_tournament_lists_as_of_their_dates(
    decks_dir: Path, rift_pool: PoolIndex, rift_bans: list[RestrictionRow]
) -> None:
    raw = json.loads((decks_dir / "riftboundgg_tournament_decks_2025.json").read_text())["decks"]
    decks = read_deck_files(decks_dir / "riftboundgg_tournament_decks_2025.json")
    assert len(decks) == len(raw) == 30
    banned_later = 0
    for item, deck in zip(raw, decks, strict=True):
        on = date.fromisoformat(item["date"])
        verdict = validate(deck, rift_pool, rift_bans, on=on)
        expected = TOURNAMENT_ILLEGAL.get(item["slug"], [])
        assert [(e.code, e.cards) for e in verdict.errors] == expected, item["slug"]
        assert verdict.main_count == item["counts"]["main"]
        assert verdict.sideboard_count == item["counts"]["sideboard"]
        assert [w.code for w in verdict.warnings] == ["champion.inferred"]
        later = validate(deck, rift_pool, rift_bans, on=BANS).errors
        new = {e.code for e in later} - {code for code, _ in expected}
        assert new <= {"restricted.banned"}
        banned_later += bool(new)
    assert banned_later == 24  # Reaver's Row, The Arena's Greatest, ... were banned afterwards


def test_rengar_list_by_names(
    decks_dir: Path, rift_pool: PoolIndex, rift_bans: list[RestrictionRow]
) -> None:
    (deck,) = read_deck_files(decks_dir / "zaious_rengar_tournament_lists.json")
    verdict = validate(deck, rift_pool, rift_bans, on=date(2026, 8, 8))
    assert verdict.legal, verdict.errors
    assert (verdict.legend, verdict.champion, verdict.champion_tag) == (
        "UNL-183", "UNL-120", "Rengar",
    )  # fmt: skip
    assert (verdict.main_count, verdict.rune_count, verdict.sideboard_count) == (40, 12, 10)


def test_every_list_survives_its_deck_code(decks_dir: Path, rift_pool: PoolIndex) -> None:
    for name in ("official_precons.json", "riftboundgg_tournament_decks_2025.json"):
        for deck in read_deck_files(decks_dir / name):
            code = encode_deck(deck, rift_pool)
            back = to_deck(decode(code))
            before = validate(deck, rift_pool).as_dict()
            after = validate(back, rift_pool).as_dict()
            for key in ("legal", "main_count", "rune_count", "battlefield_count", "champion"):
                assert before[key] == after[key], (deck.name, key)
