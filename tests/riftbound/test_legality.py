"""Every Riftbound construction rule both ways (CR 103, TR 402.1 / 601), on real cards."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from cardpool.deck import Deck
from cardpool.model import RestrictionRow
from cardpool.pool import PoolIndex
from cardpool.riftbound.decklist import parse_text
from cardpool.riftbound.legality import ERROR_CODES, draw_pile, validate

from .conftest import fillers, jinx_deck, ornn_deck

BEFORE_BANS = date(2026, 9, 17)
AFTER_BANS = date(2026, 10, 1)
Mutation = Callable[[Deck, PoolIndex], None]


def _first(pool: PoolIndex, domain: str) -> str:
    return fillers(pool, {domain}, 1)[0]


def _drop_one(deck: Deck) -> None:
    code = next(iter(deck.main))
    deck.add("main", code, -1)


ILLEGAL: list[tuple[str, str, Mutation]] = [
    ("no legend", "legend.count", lambda d, p: d.legend.clear()),
    ("two legends", "legend.count", lambda d, p: d.legend.update({"OGS-017": 1})),
    ("a unit as legend", "legend.count", lambda d, p: d.legend.update({"OGN-001": 1})),
    ("no champion at all", "champion.missing", lambda d, p: d.champion.clear()),
    ("champion of another tag", "champion.tag", lambda d, p: _swap_champion(d, "OGN-039")),
    ("signature unit as champion", "champion.tag", lambda d, p: _swap_champion(d, "OGS-018")),
    ("two champions", "champion.count", lambda d, p: d.champion.update({"OGN-030": 2})),
    ("39 main cards", "main.size", lambda d, p: _drop_one(d)),
    ("41 main cards", "main.size", lambda d, p: d.main.update({"OGN-030": 1})),
    ("4 of a name with the champion", "copies.limit", lambda d, p: _four_champions(d)),
    ("4 of a name with the sideboard", "copies.limit", lambda d, p: _sideboard_fourth(d)),
    ("a card of another domain", "domain.mismatch", lambda d, p: _replace(d, _first(p, "mind"))),
    ("a rune in the main deck", "section.card_type", lambda d, p: _replace(d, "OGN-007")),
    ("a battlefield in the main deck", "section.card_type", lambda d, p: _replace(d, "OGN-280")),
    ("a token in the main deck", "section.card_type", lambda d, p: _replace(d, "OGN-271")),
    ("a unit among the runes", "section.card_type", lambda d, p: _rune_swap(d, "OGN-001")),
    ("a signature of another champion", "signature.tag", lambda d, p: _replace(d, "OGS-018")),
    ("11 runes", "runes.count", lambda d, p: d.runes.update({"OGN-007": 5})),
    ("13 runes", "runes.count", lambda d, p: d.runes.update({"OGN-007": 7})),
    ("a rune of another domain", "runes.domain", lambda d, p: _rune_swap(d, "OGN-089")),
    ("2 battlefields", "battlefields.count", lambda d, p: d.battlefields.pop("OGN-278")),
    ("4 battlefields", "battlefields.count", lambda d, p: d.battlefields.update({"OGN-280": 1})),
    ("a battlefield twice", "battlefields.duplicate", lambda d, p: _double_battlefield(d)),
    ("11 sideboard cards", "sideboard.size", lambda d, p: _sideboard(d, p, 11)),
    ("an unknown code", "card.unknown", lambda d, p: _replace(d, "OGN-999")),
    ("an unknown name", "card.unknown", lambda d, p: _replace(d, "Not A Riftbound Card")),
]


def _swap_champion(deck: Deck, code: str) -> None:
    deck.champion = {code: 1}


def _four_champions(deck: Deck) -> None:
    _replace(deck, "OGN-030")  # three more Jinx, Demolitionist beside the champion


def _sideboard_fourth(deck: Deck) -> None:
    deck.sideboard = {next(iter(deck.main)): 1}


def _replace(deck: Deck, code: str) -> None:
    """Replace the last 3-of of the main deck with 3 copies of ``code``."""
    last = list(deck.main)[-1]
    del deck.main[last]
    deck.main[code] = 3


def _rune_swap(deck: Deck, code: str) -> None:
    deck.runes = {"OGN-007": 6, code: 6}


def _double_battlefield(deck: Deck) -> None:
    deck.battlefields = {"OGN-275": 2, "OGN-277": 1}


def _sideboard(deck: Deck, pool: PoolIndex, n: int) -> None:
    cards = [c for c in fillers(pool, {"fury", "chaos"}, 30) if c not in deck.main]
    deck.sideboard = {c: 1 for c in cards[:n]}


def _codes(deck: Deck, pool: PoolIndex) -> list[str]:
    return [e.code for e in validate(deck, pool, on=BEFORE_BANS).errors]


def test_the_base_decks_are_legal(rift_pool: PoolIndex, rift_bans: list[RestrictionRow]) -> None:
    for deck in (jinx_deck(rift_pool), ornn_deck(rift_pool)):
        verdict = validate(deck, rift_pool, rift_bans, on=AFTER_BANS)
        assert verdict.legal, verdict.errors
        doc = verdict.as_dict()
        assert (doc["main_count"], doc["rune_count"], doc["battlefield_count"]) == (40, 12, 3)
        assert doc["evolve_count"] == 0
        assert doc["sideboard_count"] == 0
    jinx = validate(jinx_deck(rift_pool), rift_pool).as_dict()
    assert (jinx["class"], jinx["title"], jinx["legend"], jinx["champion"]) == (
        "fury/chaos", "Jinx", "OGN-251", "OGN-030",
    )  # fmt: skip


@pytest.mark.parametrize(("case", "code", "mutate"), ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_each_rule_refuses(case: str, code: str, mutate: Mutation, rift_pool: PoolIndex) -> None:
    deck = jinx_deck(rift_pool)
    mutate(deck, rift_pool)
    verdict = validate(deck, rift_pool, on=BEFORE_BANS)
    codes = {e.code for e in verdict.errors}
    assert code in codes, (case, verdict.errors)
    assert not verdict.legal
    error = next(e for e in verdict.errors if e.code == code)
    assert error.rule.startswith(("CR ", "TR "))
    assert error.message


def test_every_error_code_is_exercised() -> None:
    tested = {code for _, code, _ in ILLEGAL} | {"signature.limit", "restricted.banned"}
    assert tested == set(ERROR_CODES)


def test_multi_domain_card_needs_both_domains(rift_pool: PoolIndex) -> None:
    """CR 103.1.b.4: Icathian Rain (fury/mind) is not allowed in a fury/chaos deck..."""
    deck = jinx_deck(rift_pool)
    _replace(deck, "OGN-248")
    verdict = validate(deck, rift_pool)
    mismatch = next(e for e in verdict.errors if e.code == "domain.mismatch")
    assert mismatch.rule == "CR 103.1.b.4"
    assert mismatch.cards == ("OGN-248",)
    # ... while Super Mega Death Rocket! (fury/chaos, Jinx's signature) is
    deck = jinx_deck(rift_pool)
    _replace(deck, "OGN-252")
    assert validate(deck, rift_pool).legal


def test_signature_limit_counts_every_name(rift_pool: PoolIndex) -> None:
    """CR 103.2.d.1: 3 signature cards of two names are fine, 4 are not."""
    deck = ornn_deck(rift_pool)
    assert validate(deck, rift_pool).legal  # 2 Forgefire Cape + 1 Rabadon's Deathcrown
    deck.main["SFD-192"] = 1
    _drop_one(deck)
    verdict = validate(deck, rift_pool)
    assert [e.code for e in verdict.errors] == ["signature.limit"]


def test_ban_list_applies_from_its_date(
    rift_pool: PoolIndex, rift_bans: list[RestrictionRow]
) -> None:
    deck = jinx_deck(rift_pool)
    deck.battlefields = {"OGN-275": 1, "OGN-277": 1, "OGN-285": 1}  # Reaver's Row
    assert validate(deck, rift_pool, rift_bans, on=BEFORE_BANS).legal
    verdict = validate(deck, rift_pool, rift_bans, on=AFTER_BANS)
    assert [(e.code, e.cards) for e in verdict.errors] == [("restricted.banned", ("OGN-285",))]
    deck.format = "casual"  # the ban list is the Duel format's
    assert validate(deck, rift_pool, rift_bans, on=AFTER_BANS).legal


LEGAL: list[tuple[str, Mutation]] = [
    ("runes split 7/5", lambda d, p: d.runes.update({"OGN-007": 7, "OGN-166": 5})),
    ("runes all of one domain", lambda d, p: d.runes.update({"OGN-007": 12, "OGN-166": 0})),
    ("champion and two more copies", lambda d, p: _two_more_champions(d)),
    ("another champion of the tag", lambda d, p: _swap_champion(d, "OGN-202")),
    ("a sideboard of 8", lambda d, p: _sideboard(d, p, 8)),
    ("the signed legend print", lambda d, p: d.legend.update({"OGN-251": 0, "OGN-301s": 1})),
    ("an alternate-art rune", lambda d, p: d.runes.update({"OGN-007": 0, "OGN-007a": 6})),
    ("any number of Spiderling", lambda d, p: _spiderlings(d)),
]


def _two_more_champions(deck: Deck) -> None:
    _drop_one(deck)
    _drop_one(deck)
    deck.main["OGN-030"] = 2


def _spiderlings(deck: Deck) -> None:
    for code in list(deck.main)[-3:]:
        del deck.main[code]
    deck.main["VEN-097"] = 9


@pytest.mark.parametrize(("case", "mutate"), LEGAL, ids=[c[0] for c in LEGAL])
def test_each_rule_allows(case: str, mutate: Mutation, rift_pool: PoolIndex) -> None:
    deck = jinx_deck(rift_pool)
    mutate(deck, rift_pool)
    for section in ("legend", "runes"):
        for code in [c for c, n in deck.section(section).items() if n == 0]:
            del deck.section(section)[code]
    verdict = validate(deck, rift_pool)
    assert verdict.legal, (case, verdict.errors)


def test_casual_needs_at_least_40(rift_pool: PoolIndex) -> None:
    deck = jinx_deck(rift_pool)
    deck.format = "casual"
    deck.main["OGN-030"] = 1
    assert validate(deck, rift_pool).legal  # 41 cards: fine outside tournaments (CR 103.2)
    deck.main.pop("OGN-030")
    _drop_one(deck)
    assert _codes(deck, rift_pool) == ["main.size"]


def test_champion_inferred_from_the_main_deck(rift_pool: PoolIndex) -> None:
    """Lists without a champion marker: a champion unit of the legend's tag is taken."""
    deck = jinx_deck(rift_pool)
    deck.champion.clear()
    _drop_one(deck)
    deck.main["OGN-202"] = 2  # Jinx, Rebel x2: 40 main cards, the champion among them
    verdict = validate(deck, rift_pool)
    assert verdict.legal
    assert verdict.main_count == 40
    assert verdict.champion == "OGN-202"
    assert [w.code for w in verdict.warnings] == ["champion.inferred"]


def test_text_list_by_names(rift_pool: PoolIndex) -> None:
    deck = jinx_deck(rift_pool)
    lines = ["Legend", "Jinx - Loose Cannon", "Champion", "1 jinx, demolitionist", "Main Deck"]
    lines += [f"{n}x {rift_pool.rows[c].name}" for c, n in deck.main.items()]
    lines += ["Runes", "6 Fury", "6 Chaos Rune", "Battlefields"]
    lines += [f"1 {rift_pool.rows[c].name}" for c in deck.battlefields]
    verdict = validate(parse_text("\n".join(lines)), rift_pool)
    assert verdict.legal, verdict.errors
    assert (verdict.main_count, verdict.rune_count, verdict.champion) == (40, 12, "OGN-030")


def test_unknown_card_suggests(rift_pool: PoolIndex) -> None:
    deck = jinx_deck(rift_pool)
    _replace(deck, "Blazing Scorchr")
    error = next(e for e in validate(deck, rift_pool).errors if e.code == "card.unknown")
    assert "Blazing Scorcher" in error.message


def test_draw_pile_leaves_the_champion_out(rift_pool: PoolIndex) -> None:
    """CR 110-118: the chosen champion starts in its zone, so draws come from 39 cards."""
    deck = jinx_deck(rift_pool)
    pile, champion = draw_pile(deck, rift_pool)
    assert (sum(pile.values()), champion) == (39, "OGN-030")
    deck.champion.clear()
    deck.main["OGN-030"] = 1  # a list whose main deck holds the champion, unmarked
    pile, champion = draw_pile(deck, rift_pool)
    assert (sum(pile.values()), champion, pile.get("OGN-030")) == (39, "OGN-030", None)


UNKNOWN_LINES: list[tuple[str, Callable[[Deck], object], list[str], int]] = [
    ("40 cards, one line misspelt", lambda d: _replace(d, "OGN-999"), ["card.unknown"], 40),
    (
        "39 cards, one line misspelt",
        lambda d: (_replace(d, "OGN-999"), _drop_one(d)),
        ["card.unknown", "main.size"],
        39,
    ),
    (
        "12 runes, one misspelt",
        lambda d: d.runes.update({"OGN-007": 5, "Fury Rnue": 1}),
        ["card.unknown"],
        40,
    ),
]


@pytest.mark.parametrize(
    ("case", "mutate", "codes", "main_count"), UNKNOWN_LINES, ids=[c[0] for c in UNKNOWN_LINES]
)
def test_unknown_lines_count_toward_the_sizes(
    case: str,
    mutate: Callable[[Deck], object],
    codes: list[str],
    main_count: int,
    rift_pool: PoolIndex,
) -> None:
    """A typo is one ``card.unknown``, not also a size error: its copies still count."""
    deck = jinx_deck(rift_pool)
    mutate(deck)
    verdict = validate(deck, rift_pool, on=BEFORE_BANS)
    assert sorted(e.code for e in verdict.errors) == codes, (case, verdict.errors)
    assert verdict.main_count == main_count
