"""Deck-list formats: text, SVEN deck JSON and {code: count} maps, read and written."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from cardpool.deck import Deck
from cardpool.decklist import parse_deck, parse_text, read_deck_file, write_deck
from cardpool.legality import assign_sections, validate
from cardpool.pool import PoolIndex

Filler = Callable[..., dict[str, int]]


def identities(deck: Deck, pool: PoolIndex) -> dict[str, Counter[str]]:
    """Each section as identity -> count (printings of one card count together)."""
    out: dict[str, Counter[str]] = {}
    for section in ("leader", "main", "evolve"):
        counts: Counter[str] = Counter()
        for code, n in deck.section(section).items():
            counts[pool.card_id(code) or code] += n
        out[section] = counts
    return out


@pytest.fixture
def deck(filler: Filler) -> Deck:
    main = filler("forest", 38, exclude=("SD01-001",))
    main.update({"SD01-001": 1, "SP01-SL03": 1})
    return Deck(
        name="Fairy test",
        leaders={"SD01-LD01": 1},
        main=main,
        evolve={"BP01-003": 2},
    )


def test_round_trip_text_sven_codes_text(deck: Deck, pool: PoolIndex) -> None:
    text = write_deck(deck, "text", names=lambda c: r.name if (r := pool.row(c)) else None)
    from_text = parse_deck(text)
    assert from_text.name == "Fairy test"
    sven = write_deck(from_text, "sven")
    from_sven = parse_deck(sven)
    assert from_sven.leader == "SD01-LD01"
    codes = write_deck(from_sven, "codes")
    from_codes = assign_sections(parse_deck(codes), pool)  # sections re-assigned by type
    back = parse_deck(write_deck(from_codes, "text"))
    assert identities(back, pool) == identities(deck, pool)
    # codes come back as written, alternate arts included
    assert set(back.main) == set(deck.main)
    assert back.leaders == {"SD01-LD01": 1}
    assert validate(back, pool).legal


def test_codes_keep_their_printed_case(pool: PoolIndex) -> None:
    text = "Main deck\n3 CSD02b-007\n"
    deck = parse_text(text)
    assert list(deck.main) == ["CSD02b-007"]
    assert "3 CSD02b-007" in write_deck(deck, "text")
    assert json.loads(write_deck(deck, "sven"))["main"] == {"CSD02b-007": 3}


@pytest.mark.parametrize(
    ("leader", "main", "evolve"),
    [
        ("Leader", "Main deck", "Evolve deck"),
        ("Leader:", "Main:", "Evolve:"),
        ("[leader]", "[main]", "[evolve]"),
        ("## Leader", "## Main", "## Evolve"),
        ("LEADER (1)", "MAIN DECK (40)", "EVOLVE DECK (2)"),
        ("リーダー", "メインデッキ", "エボルヴデッキ"),
    ],
)
def test_section_header_variants(
    leader: str, main: str, evolve: str, filler: Filler, pool: PoolIndex
) -> None:
    cards = filler("forest", 40)
    lines = [leader, "1 BP01-LD01", main, *(f"{n} {c}" for c, n in cards.items()), evolve]
    lines.append("2 BP01-003")
    deck = parse_text("\n".join(lines))
    assert deck.leaders == {"BP01-LD01": 1}
    assert deck.main == cards
    assert deck.evolve == {"BP01-003": 2}
    assert validate(deck, pool).legal


def test_comments_names_and_count_styles() -> None:
    text = "\n".join(
        [
            "# name: Royal midrange",
            "# region: en",
            "# a comment line",
            "Main deck",
            "3 BP01-001 ローズクイーン",
            "2x BP01-002",
            "1 × BP01-004 リノセウス (alt art)",
            "",
            "  3   BP01-005   ",
        ]
    )
    deck = parse_text(text)
    assert deck.name == "Royal midrange"
    assert deck.region == "en"
    assert deck.main == {"BP01-001": 3, "BP01-002": 2, "BP01-004": 1, "BP01-005": 3}


def test_lines_before_a_header_are_main_deck() -> None:
    deck = parse_text("3 BP01-001\nEvolve\n1 BP01-003\n")
    assert deck.main == {"BP01-001": 3}
    assert deck.evolve == {"BP01-003": 1}


def test_repeated_lines_add_up() -> None:
    deck = parse_text("2 SD01-001\n1 SD01-001\n")
    assert deck.main == {"SD01-001": 3}


def test_sven_sample_deck(sve_data: Path, pool: PoolIndex) -> None:
    deck = read_deck_file(sve_data / "samples" / "sven_deck_format_sd01.json")
    assert deck.leader == "SD01-LD01"
    assert deck.name == "SD01 — Arisa (sample)"
    assert (deck.main_count, deck.evolve_count) == (40, 8)
    verdict = validate(deck, pool)
    assert verdict.legal, verdict.errors
    assert (verdict.deck_class, verdict.title) == ("forest", None)
    assert verdict.warnings == ()


def test_codes_map_reads_as_a_flat_deck(pool: PoolIndex, filler: Filler) -> None:
    cards = filler("forest", 40) | {"BP01-LD01": 1, "BP01-003": 2}
    deck = parse_deck(json.dumps(cards))
    assert deck.flat
    sorted_deck = assign_sections(deck, pool)
    assert sorted_deck.leaders == {"BP01-LD01": 1}
    assert sorted_deck.evolve == {"BP01-003": 2}
    assert sorted_deck.main_count == 40
