"""Deck construction rules (CR 6.1.1, chapter 14) and restriction lists, each tested both ways.

Every deck is built from real card ids of the embedded snapshot, so no reference data is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import pytest

from cardpool.deck import Deck
from cardpool.legality import validate
from cardpool.model import RestrictionRow
from cardpool.pool import PoolIndex

Filler = Callable[..., dict[str, int]]
BEFORE_OCTOBER = date(2026, 3, 1)
OCTOBER_BAN = date(2026, 10, 2)  # asia: BP05-018 banned, BP15-066 limited

FOREST_LEADER = "BP01-LD01"  # アリサ (also printed as SD01-LD01)
FOREST_LEADER_2 = "BP01-LD02"
SWORD_LEADER = "BP01-LD03"
RUNE_LEADER = "BP01-LD05"
UMA_FOREST_LEADER = "CP01-LD01"  # a forest leader that also carries the Uma Musume title


def mains(*parts: dict[str, int]) -> dict[str, int]:
    merged: dict[str, int] = {}
    for part in parts:
        for code, count in part.items():
            merged[code] = merged.get(code, 0) + count
    return merged


def evolved(pool: PoolIndex, card_class: str, n: int, skip: int = 0) -> dict[str, int]:
    """``n`` distinct evolved followers of a class, without a title, one copy each."""
    rows = sorted(
        (
            r
            for r in pool.rows.values()
            if r.card_type == "evolved_follower" and r.card_class == card_class and not r.title
        ),
        key=lambda r: r.card_id,
    )
    names: dict[str, str] = {}
    for r in rows:
        names.setdefault(r.name, r.card_id)
    return {cid: 1 for cid in list(names.values())[skip : skip + n]}


@dataclass(frozen=True)
class Case:
    """A deck (built from the pool) and the verdict it must get."""

    build: Callable[[PoolIndex, Filler], Deck]
    errors: tuple[str, ...] = ()
    rule: str | None = None
    cards: tuple[str, ...] = ()
    """Card ids the (first) error must name, by id and by printed name."""
    on: date = BEFORE_OCTOBER
    deck_class: str | None = None
    title: str | None = None


def forest(pool: PoolIndex, fill: Filler, **extra: dict[str, int]) -> Deck:
    return Deck(leaders={FOREST_LEADER: 1}, main=fill("forest", 40), **extra)


def _token(pool: PoolIndex) -> str:
    return next(
        r.card_id
        for r in sorted(pool.rows.values(), key=lambda r: r.card_id)
        if r.card_type == "token_follower" and r.card_class == "forest"
    )


CASES: dict[str, Case] = {
    # CR 6.1.1.1 leader
    "one leader": Case(lambda p, f: forest(p, f), deck_class="forest"),
    "leader as an alternate printing": Case(
        lambda p, f: Deck(leaders={"SD01-LD01": 1}, main=f("forest", 40)), deck_class="forest"
    ),
    "two different leaders": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1, FOREST_LEADER_2: 1}, main=f("forest", 40)),
        ("leader.count",),
        "6.1.1.1",
        (FOREST_LEADER, FOREST_LEADER_2),
        deck_class="forest",
    ),
    "one leader twice": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 2}, main=f("forest", 40)),
        ("leader.count",),
        "6.1.1.1",
        (FOREST_LEADER,),
        deck_class="forest",
    ),
    "a follower in the leader section": Case(
        lambda p, f: Deck(leaders={"BP01-002": 1}, main=f("forest", 40)),
        ("leader.count",),
        "6.1.1.1",
        ("BP01-002",),
        deck_class="forest",
    ),
    # CR 6.1.1.2 main deck size and types
    "main deck of 40": Case(lambda p, f: forest(p, f), deck_class="forest"),
    "main deck of 50": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1}, main=f("forest", 50)), deck_class="forest"
    ),
    "main deck of 39": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1}, main=f("forest", 39)),
        ("main.size",),
        "6.1.1.2",
        deck_class="forest",
    ),
    "main deck of 51": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1}, main=f("forest", 51)),
        ("main.size",),
        "6.1.1.2",
        deck_class="forest",
    ),
    "evolved follower in the main deck": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(f("forest", 39, exclude=("BP01-002",)), {"BP01-003": 1}),
        ),
        ("main.card_type",),
        "6.1.1.2",
        ("BP01-003",),
        deck_class="forest",
    ),
    "leader card in the main deck": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1}, main=mains(f("forest", 39), {FOREST_LEADER_2: 1})
        ),
        ("main.card_type",),
        "6.1.1.2",
        deck_class="forest",
    ),
    "token in the main deck": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1}, main=mains(f("forest", 39), {_token(p): 1})),
        ("main.card_type",),
        "6.1.1.2",
        deck_class="forest",
    ),
    # CR 6.1.1.3 evolve deck size and types
    "evolve deck of 10": Case(
        lambda p, f: forest(p, f, evolve=evolved(p, "forest", 10)), deck_class="forest"
    ),
    "evolve deck of 11": Case(
        lambda p, f: forest(p, f, evolve=evolved(p, "forest", 11)),
        ("evolve.size",),
        "6.1.1.3",
        deck_class="forest",
    ),
    "follower in the evolve deck": Case(
        lambda p, f: forest(p, f, evolve={"BP01-002": 1}),
        ("evolve.card_type",),
        "6.1.1.3",
        ("BP01-002",),
        deck_class="forest",
    ),
    # CR 6.1.1.4 copies of one name
    "3 in the main deck and 3 evolved of the same name": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(f("forest", 37, exclude=("BP01-002",)), {"BP01-002": 3}),
            evolve={"BP01-003": 3},
        ),
        deck_class="forest",
    ),
    "4 copies of one card": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(f("forest", 36, exclude=("BP01-002",)), {"BP01-002": 4}),
        ),
        ("copies.limit",),
        "6.1.1.4",
        ("BP01-002",),
        deck_class="forest",
    ),
    "base card and its reprint count together": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(f("forest", 36, exclude=("SD01-001",)), {"SD01-001": 2, "SP01-003": 2}),
        ),
        ("copies.limit",),
        "6.1.1.4",
        ("SD01-001",),
        deck_class="forest",
    ),
    "alternate arts and promo count with the base card": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(
                f("forest", 36, exclude=("SD01-001",)),
                {"SD01-001": 1, "SP01-SL03": 1, "SP01-U03": 1, "PR-051": 1},
            ),
        ),
        ("copies.limit",),
        "6.1.1.4",
        ("SD01-001",),
        deck_class="forest",
    ),
    "3 copies spread over printings": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(
                f("forest", 37, exclude=("SD01-001",)),
                {"SD01-001": 1, "SP01-SP04": 1, "PR-051": 1},
            ),
        ),
        deck_class="forest",
    ),
    "evolved card over 3": Case(
        lambda p, f: forest(p, f, evolve={"BP01-003": 4}),
        ("copies.limit",),
        "6.1.1.4",
        ("BP01-003",),
        deck_class="forest",
    ),
    # copy limits raised by the card's own text
    "50 オニオン軍団 (its text allows any number)": Case(
        lambda p, f: Deck(leaders={RUNE_LEADER: 1}, main={"BP09-049": 50}), deck_class="rune"
    ),
    "6 ラピッドファイア (its text allows 6)": Case(
        lambda p, f: Deck(
            leaders={RUNE_LEADER: 1},
            main=mains(f("rune", 34, exclude=("BP11-045",)), {"BP11-045": 6}),
        ),
        deck_class="rune",
    ),
    "7 ラピッドファイア": Case(
        lambda p, f: Deck(
            leaders={RUNE_LEADER: 1},
            main=mains(f("rune", 33, exclude=("BP11-045",)), {"BP11-045": 7}),
        ),
        ("copies.limit",),
        "6.1.1.4",
        ("BP11-045",),
        deck_class="rune",
    ),
    "10 にんじん in the evolve deck": Case(
        lambda p, f: forest(p, f, evolve={"CP01-085": 10}), deck_class="forest"
    ),
    "11 にんじん in the evolve deck": Case(
        lambda p, f: forest(p, f, evolve={"CP01-085": 11}),
        ("evolve.size", "copies.limit"),
        "6.1.1.3",
        deck_class="forest",
    ),
    "10 ドライブポイント (its limit line comes before the rule line)": Case(
        lambda p, f: forest(p, f, evolve={"CP03-127": 10}), deck_class="forest"
    ),
    "10 ドライブポイント over its reprints and promos": Case(
        lambda p, f: forest(
            p, f, evolve={"CP03-127": 3, "CSD03a-017": 2, "CSD03b-017": 2, "PR-259": 2, "PR-285": 1}
        ),
        deck_class="forest",
    ),
    "11 ドライブポイント in the evolve deck": Case(
        lambda p, f: forest(p, f, evolve={"CP03-127": 6, "PR-285": 5}),
        ("copies.limit", "evolve.size"),
        "6.1.1.4",
        ("CP03-127",),
        deck_class="forest",
    ),
    # CR 6.1.1.5.1 class basis
    "neutral cards in a class deck": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1}, main=mains(f("forest", 31), f("neutral", 9))),
        deck_class="forest",
    ),
    "a sword card in a forest deck": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1}, main=mains(f("forest", 39), {"BP01-036": 1})),
        ("class.mismatch",),
        "6.1.1.5.1",
        ("BP01-036",),
        deck_class="forest",
    ),
    "the leader decides the class": Case(
        lambda p, f: Deck(leaders={SWORD_LEADER: 1}, main=f("forest", 40)),
        ("class.mismatch",),
        "6.1.1.5.1",
        deck_class="sword",
    ),
    "no leader: the class is inferred": Case(
        lambda p, f: Deck(main=f("sword", 40)), deck_class="sword"
    ),
    "a titled leader in a class deck": Case(
        lambda p, f: Deck(leaders={UMA_FOREST_LEADER: 1}, main=f("forest", 40)),
        deck_class="forest",
    ),
    # CR 6.1.1.5.2 title basis
    "Priconne title deck of three classes, no leader": Case(
        lambda p, f: Deck(
            main=mains(
                f("forest", 15, title="priconne"),
                f("sword", 15, title="priconne"),
                f("haven", 12, title="priconne"),
            )
        ),
        title="priconne",
    ),
    "Priconne title deck with a card without the title": Case(
        lambda p, f: Deck(
            main=mains(
                f("forest", 15, title="priconne"),
                f("sword", 15, title="priconne"),
                f("haven", 12, title="priconne"),
                {"BP01-135": 1},
            )
        ),
        ("title.mismatch",),
        "6.1.1.5.2",
        ("BP01-135",),
        title="priconne",
    ),
    "Uma Musume title deck of two classes with a titled leader": Case(
        lambda p, f: Deck(
            leaders={UMA_FOREST_LEADER: 1},
            main=mains(f("forest", 21, title="uma_musume"), f("rune", 21, title="uma_musume")),
            evolve={"CP01-085": 3},
        ),
        deck_class="forest",
        title="uma_musume",
    ),
    "Uma Musume cards of two classes under a leader without the title": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(f("forest", 21, title="uma_musume"), f("rune", 21, title="uma_musume")),
        ),
        ("class.mismatch",),
        "6.1.1.5.1",
        deck_class="forest",
    ),
    # chapter 14: title conditions (Vanguard start amulet)
    "Vanguard deck with one start amulet": Case(
        lambda p, f: Deck(
            leaders={"CP03-LD01": 1},
            main=mains(f("forest", 39, title="vanguard", exclude=("CP03-021",)), {"CP03-021": 1}),
        ),
        deck_class="forest",
        title="vanguard",
    ),
    "Vanguard deck of two classes without a start amulet": Case(
        lambda p, f: Deck(
            leaders={"CP03-LD01": 1},
            main=mains(
                f("forest", 21, title="vanguard", exclude=("CP03-021",)),
                f("sword", 21, title="vanguard", exclude=("CP03-041",)),
            ),
        ),
        ("title.mismatch",),
        "14.4.2.1.1",
        deck_class="forest",
        title="vanguard",
    ),
    "Vanguard deck with start amulets of two names": Case(
        lambda p, f: Deck(
            leaders={"CP03-LD01": 1},
            main=mains(
                f("forest", 20, title="vanguard", exclude=("CP03-021",)),
                f("sword", 20, title="vanguard", exclude=("CP03-041",)),
                {"CP03-021": 1, "CP03-041": 1},
            ),
        ),
        ("start_amulet.names",),
        "14.4.4.1.1",
        ("CP03-021", "CP03-041"),
        deck_class="forest",
        title="vanguard",
    ),
    # CR 14.4.4.1.1 binds every deck holding Start Amulets, not only Vanguard title decks
    "class deck with one Start Amulet name over two printings": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(f("forest", 37), {"CP03-021": 2, "PR-290": 1}),
        ),
        deck_class="forest",
    ),
    "class deck with Start Amulets of two names": Case(
        lambda p, f: Deck(
            leaders={FOREST_LEADER: 1},
            main=mains(f("forest", 38), {"CP03-021": 1, "CP03-041": 1}),
        ),
        ("start_amulet.names", "class.mismatch"),
        "14.4.4.1.1",
        ("CP03-021", "CP03-041"),
        deck_class="forest",
    ),
    "deck without a leader with Start Amulets of two names": Case(
        lambda p, f: Deck(main=mains(f("forest", 38), {"CP03-021": 1, "CP03-041": 1})),
        ("start_amulet.names", "class.mismatch"),
        "14.4.4.1.1",
        ("CP03-021", "CP03-041"),
        deck_class="forest",
    ),
    # unknown codes
    "a code that is not a card": Case(
        lambda p, f: Deck(leaders={FOREST_LEADER: 1}, main=mains(f("forest", 39), {"BP01-999": 1})),
        ("card.unknown",),
        "6.1.1",
        ("BP01-999",),
        deck_class="forest",
    ),
    # restriction lists (asia, standard unless said)
    "Octrice before its ban": Case(
        lambda p, f: Deck(leaders={SWORD_LEADER: 1}, main=mains(f("sword", 37), {"BP05-018": 3})),
        deck_class="sword",
    ),
    "Octrice on the day of its ban": Case(
        lambda p, f: Deck(leaders={SWORD_LEADER: 1}, main=mains(f("sword", 37), {"BP05-018": 3})),
        ("restricted.banned",),
        "asia/standard list, since 2026-10-02",
        ("BP05-018",),
        on=OCTOBER_BAN,
        deck_class="sword",
    ),
    "Octrice's alternate art is banned too": Case(
        lambda p, f: Deck(leaders={SWORD_LEADER: 1}, main=mains(f("sword", 39), {"BP05-SL04": 1})),
        ("restricted.banned",),
        "asia/standard list, since 2026-10-02",
        ("BP05-018",),
        on=OCTOBER_BAN,
        deck_class="sword",
    ),
    "the evolved Octrice stays legal": Case(
        lambda p, f: Deck(leaders={SWORD_LEADER: 1}, main=f("sword", 40), evolve={"BP05-019": 3}),
        on=OCTOBER_BAN,
        deck_class="sword",
    ),
    "a limited card at 1 copy": Case(
        lambda p, f: Deck(leaders={"BP01-LD07": 1}, main=mains(f("dragon", 39), {"BP02-062": 1})),
        deck_class="dragon",
    ),
    "a limited card at 2 copies": Case(
        lambda p, f: Deck(leaders={"BP01-LD07": 1}, main=mains(f("dragon", 38), {"BP02-062": 2})),
        ("restricted.limited",),
        "asia/standard list, since 2026-01-30",
        ("BP02-062",),
        deck_class="dragon",
    ),
    "a limited card at 1 copy plus its alternate art": Case(
        lambda p, f: Deck(
            leaders={"BP01-LD07": 1},
            main=mains(f("dragon", 38), {"BP02-062": 1, "BP02-P19": 1}),
        ),
        ("restricted.limited",),
        "asia/standard list, since 2026-01-30",
        ("BP02-062",),
        deck_class="dragon",
    ),
}


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_construction_rules(
    case: Case,
    pool: PoolIndex,
    filler: Filler,
    restrictions: tuple[RestrictionRow, ...],
) -> None:
    deck = case.build(pool, filler)
    verdict = validate(deck, pool, restrictions, on=case.on)
    codes = tuple(e.code for e in verdict.errors)
    assert sorted(codes) == sorted(case.errors), [e.message for e in verdict.errors]
    assert verdict.legal is (not case.errors)
    assert verdict.deck_class == case.deck_class
    assert verdict.title == case.title
    if case.errors:
        first = verdict.errors[codes.index(case.errors[0])] if case.errors else None
        assert first is not None
        assert first.rule == case.rule
        assert first.message
        for card_id in case.cards:
            assert card_id in first.cards
            row = pool.rows.get(card_id)
            # the card in plain words: its printed name (or, if unknown, the code as written)
            assert (row.name if row else card_id) in first.message
    expected_warnings = [] if deck.leaders else ["leader.missing"]
    assert [w.code for w in verdict.warnings] == expected_warnings


@pytest.mark.parametrize("start_amulet", [True, False], ids=["with", "without"])
def test_a_single_class_vanguard_deck_is_a_title_deck_only_with_a_start_amulet(
    start_amulet: bool, pool: PoolIndex, filler: Filler
) -> None:
    """Every card forest and Vanguard: both bases hold (CR 6.1.1.5, the player declares one,
    6.2.1.3). With a Start Amulet it is a Vanguard title deck; without one it cannot be
    (CR 14.4.2.1.1), so it is judged, and legal, as a forest class deck, and says why."""
    starts = tuple(r.card_id for r in pool.rows.values() if "start_amulet" in r.keywords)
    main = filler("forest", 39 if start_amulet else 40, title="vanguard", exclude=starts)
    if start_amulet:
        main = mains(main, {"CP03-021": 1})
    verdict = validate(Deck(leaders={"CP03-LD01": 1}, main=main), pool)
    assert verdict.legal, verdict.errors
    assert verdict.deck_class == "forest"
    if start_amulet:
        assert (verdict.title, verdict.warnings) == ("vanguard", ())
    else:
        assert verdict.title is None
        (warning,) = verdict.warnings
        assert (warning.code, warning.rule) == ("title.conditions", "14.4.2.1.1")
        assert "Start Amulet" in warning.message


def test_main_size_message_gives_the_count(pool: PoolIndex, filler: Filler) -> None:
    verdict = validate(Deck(leaders={FOREST_LEADER: 1}, main=filler("forest", 39)), pool)
    (error,) = verdict.errors
    assert "39 cards" in error.message
    assert "40 to 50" in error.message


def test_missing_leader_is_a_warning_naming_the_rule(pool: PoolIndex, filler: Filler) -> None:
    verdict = validate(Deck(main=filler("haven", 40)), pool)
    assert verdict.legal
    (warning,) = verdict.warnings
    assert (warning.code, warning.rule) == ("leader.missing", "6.1.1.1")
    assert verdict.deck_class == "haven"


def test_unknown_code_suggests_near_matches(pool: PoolIndex, filler: Filler) -> None:
    deck = Deck(leaders={FOREST_LEADER: 1}, main=mains(filler("forest", 39), {"CSD02b-07": 1}))
    verdict = validate(deck, pool)
    unknown = next(e for e in verdict.errors if e.code == "card.unknown")
    assert unknown.cards == ("CSD02b-07",)
    assert "CSD02b-07 is not a known card" in unknown.message
    # the suggestions are real printings, spelled as printed
    assert "did you mean" in unknown.message
    assert "CSD02b-007" in unknown.message


def test_unknown_code_without_look_alikes_has_no_suggestion(pool: PoolIndex) -> None:
    verdict = validate(Deck(main={"ZZZZ-9999": 40}), pool)
    unknown = next(e for e in verdict.errors if e.code == "card.unknown")
    assert "did you mean" not in unknown.message


def test_codes_are_case_insensitive(pool: PoolIndex, filler: Filler) -> None:
    main = {code.lower(): n for code, n in filler("forest", 40).items()}
    verdict = validate(Deck(leaders={"sd01-ld01": 1}, main=main), pool)
    assert verdict.legal, verdict.errors


@pytest.mark.parametrize(
    ("region", "on", "banned"),
    [
        ("asia", date(2026, 10, 1), False),
        ("asia", date(2026, 10, 2), True),
        ("en", date(2026, 10, 2), False),  # the EN list bans Octrice a month later
        ("en", date(2026, 11, 2), True),
    ],
)
def test_octrice_ban_by_region_and_date(
    region: str,
    on: date,
    banned: bool,
    pool: PoolIndex,
    filler: Filler,
    restrictions: tuple[RestrictionRow, ...],
) -> None:
    deck = Deck(
        region=region, leaders={SWORD_LEADER: 1}, main=mains(filler("sword", 39), {"BP05-018": 1})
    )
    verdict = validate(deck, pool, restrictions, on=on)
    assert [e.code for e in verdict.errors] == (["restricted.banned"] if banned else [])
    if banned:
        said = {"asia": "Asia", "en": "English-language regions"}[region]  # in words
        assert f"banned in {said} since" in verdict.errors[0].message


@pytest.mark.parametrize(
    ("region", "on", "limited"),
    [
        ("asia", date(2026, 1, 29), False),
        ("asia", date(2026, 1, 30), True),
        ("en", date(2026, 3, 1), False),  # EN limits the Rites only from 2026-08-21
        ("en", date(2026, 8, 21), True),
    ],
)
def test_limited_card_by_region_and_date(
    region: str,
    on: date,
    limited: bool,
    pool: PoolIndex,
    filler: Filler,
    restrictions: tuple[RestrictionRow, ...],
) -> None:
    deck = Deck(
        region=region, leaders={"BP01-LD07": 1}, main=mains(filler("dragon", 38), {"BP02-062": 2})
    )
    verdict = validate(deck, pool, restrictions, on=on)
    assert [e.code for e in verdict.errors] == (["restricted.limited"] if limited else [])
    if limited:
        message = verdict.errors[0].message
        assert "竜巫女の儀式" in message
        assert "limited to 1" in message
        assert "the deck has 2" in message


def test_the_lists_of_the_two_regions_differ(restrictions: tuple[RestrictionRow, ...]) -> None:
    standard = {
        region: {(r.card_id, r.max_copies, r.since) for r in restrictions if r.region == region}
        for region in ("asia", "en")
    }
    assert standard["asia"] != standard["en"]
    asia_octrice = {r.since for r in restrictions if r.region == "asia" and r.card_id == "BP05-018"}
    en_octrice = {r.since for r in restrictions if r.region == "en" and r.card_id == "BP05-018"}
    assert asia_octrice == {OCTOBER_BAN}
    assert en_octrice == {date(2026, 11, 2)}


def test_crosscraft_list_does_not_apply_to_standard(
    pool: PoolIndex, filler: Filler, restrictions: tuple[RestrictionRow, ...]
) -> None:
    """BP14-022 is limited in crosscraft only: 3 copies are fine in a standard deck."""
    deck = Deck(leaders={SWORD_LEADER: 1}, main=mains(filler("sword", 37), {"BP14-022": 3}))
    assert validate(deck, pool, restrictions, on=date(2026, 12, 1)).legal
    deck.format = "crosscraft"
    verdict = validate(deck, pool, restrictions, on=date(2026, 12, 1))
    assert [e.code for e in verdict.errors] == ["restricted.limited"]


def test_sectionless_map_is_sorted_by_card_type(pool: PoolIndex, filler: Filler) -> None:
    """A flat {code: count} map puts the leader and evolved cards in their own sections."""
    cards = mains(filler("forest", 40), {"SD01-LD01": 1, "BP01-003": 2})
    verdict = validate(Deck(main=cards, flat=True), pool)
    assert verdict.legal, verdict.errors
    assert (verdict.main_count, verdict.evolve_count) == (40, 2)
    assert verdict.warnings == ()


def test_verdict_json_shape(pool: PoolIndex, filler: Filler) -> None:
    deck = Deck(leaders={FOREST_LEADER: 1}, main=mains(filler("forest", 39), {"BP01-036": 1}))
    doc = validate(deck, pool).as_dict()
    assert list(doc) == [
        "legal", "errors", "warnings", "main_count", "evolve_count", "class", "title",
    ]  # fmt: skip
    assert doc["legal"] is False
    assert [list(e) for e in doc["errors"]] == [["code", "rule", "message", "cards"]]
    assert doc["errors"][0]["cards"] == ["BP01-036"]


def test_suggestions_are_made_for_the_first_unknown_codes_only(pool: PoolIndex) -> None:
    """A list of thousands of unknown codes costs little: only the first few are looked up."""
    from cardpool.nearmatch import MAX_SUGGESTED

    unknown = {f"BP01-{n:03d}x": 1 for n in range(1, MAX_SUGGESTED + 6)}  # one edit from real
    verdict = validate(Deck(leaders={FOREST_LEADER: 1}, main=unknown), pool)
    messages = [e.message for e in verdict.errors if e.code == "card.unknown"]
    assert len(messages) == MAX_SUGGESTED + 5
    hinted = ["did you mean" in m for m in messages]
    assert hinted == [True] * MAX_SUGGESTED + [False] * 5


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [("region", "asai", True), ("region", "jp", True), ("format", "standrad", True),
     ("format", "duel", True), ("region", "en", False), ("format", "crosscraft", False)],
)  # fmt: skip
def test_an_unknown_region_or_format_is_refused_not_judged_without_a_list(
    pool: PoolIndex, filler: Filler, field: str, value: str, allowed: bool
) -> None:
    """A misspelt region or format has no restriction list: judged anyway, a banned card would
    pass, so it is an input error naming the value and the known ones."""
    from cardpool.errors import InputError

    deck = Deck(leaders={FOREST_LEADER: 1}, main=filler("forest", 40))
    setattr(deck, field, value)
    if not allowed:
        assert validate(deck, pool).legal
        return
    with pytest.raises(InputError, match=f"unknown {field} '{value}'; the known ones are"):
        validate(deck, pool)
