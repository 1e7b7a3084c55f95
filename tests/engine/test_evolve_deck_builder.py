"""The evolve deck built for a main-deck-only list (CR 5.16.1.1.1, 6.1.1.3-6.1.1.4)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import CardRecord
from engine.sve.position import evolved, follower, spell
from engine.sve.runner import build_evolve_deck
from tests.engine.library_cards import library_scripts

NAMES = "ABCDE"
BASES = {n: follower(n, 2, 2, 2) for n in NAMES}
POOL = [*BASES.values(), *(evolved(b) for b in BASES.values()), spell("S")]


def _main(copies: dict[str, int]) -> list[CardRecord]:
    return [BASES[n] if n in BASES else spell(n) for n, k in copies.items() for _ in range(k)]


def _built(copies: dict[str, int], limit: int = 10) -> dict[str, int]:
    deck = build_evolve_deck(_main(copies), POOL, limit)
    assert all(r.card_type == "evolved_follower" for r in deck)
    return dict(Counter(r.name for r in deck))


@pytest.mark.parametrize(
    ("main", "expected"),
    [
        # four names of 3 copies: each gets a copy before any gets its third
        ({"A": 3, "B": 3, "C": 3, "D": 3}, {"A": 3, "B": 3, "C": 2, "D": 2}),
        # five names: two of each, not 3-3-3-1-0
        ({"A": 3, "B": 3, "C": 3, "D": 2, "E": 2}, {"A": 2, "B": 2, "C": 2, "D": 2, "E": 2}),
        # never more copies than the main deck plays; fewer than 10 when that is all
        ({"A": 2, "B": 1, "S": 3}, {"A": 2, "B": 1}),
        # a one-of still gets its evolved form
        ({"A": 3, "B": 3, "C": 3, "D": 3, "E": 1}, {"A": 3, "B": 2, "C": 2, "D": 2, "E": 1}),
    ],
)
def test_every_evolvable_follower_gets_a_copy_first(
    main: dict[str, int], expected: dict[str, int]
) -> None:
    """One copy of each name first (most-played first), then second and third copies."""
    assert _built(main) == expected


def test_most_played_names_win_when_the_names_outnumber_the_limit() -> None:
    """With room for 3 cards, the 3 most-played names (list order on ties) get one each."""
    assert _built({"E": 1, "A": 3, "B": 2, "C": 2, "D": 1}, limit=3) == {"A": 1, "B": 1, "C": 1}


def test_a_deck_without_evolvable_followers_gets_none() -> None:
    """A follower whose name has no evolved card, and spells, give nothing."""
    lone = follower("Lone", 1, 1, 1)
    assert build_evolve_deck([lone, spell("S")], POOL) == []


@pytest.mark.parametrize(("naming", "expected"), [(3, 3), (1, 1), (0, 0)])
def test_advance_cards_the_main_deck_fetches_join_the_evolve_deck(
    naming: int, expected: int
) -> None:
    """CR 9.2: BP14-070 (Advance Act: put 楽園の終焉・イツルギ from your evolve deck onto
    the field) brings one copy of that Advance card per copy played; a deck without it
    gets none (the Advance card is not an evolved form of any follower)."""
    scripts = library_scripts("BP14-070")
    itsurugi = CardRecord("BP14-070", "憧れの飛躍・イツルギ", cost=2, attack=3, defense=2)
    paradise = CardRecord("BP14-071", "楽園の終焉・イツルギ", card_type="advance_follower",
                          cost=4, attack=6, defense=5)  # fmt: skip
    main = [itsurugi] * naming + [BASES["A"]] * 3
    deck = build_evolve_deck(main, [*POOL, paradise], scripts=scripts)
    assert Counter(r.card_id for r in deck)["BP14-071"] == expected
    assert Counter(r.name for r in deck)["A"] == 3


@pytest.mark.parametrize(("copies", "hope", "despair"), [(3, 3, 3), (2, 2, 2), (0, 0, 0)])
def test_evolutions_of_another_name_join_the_evolve_deck(
    copies: int, hope: int, despair: int
) -> None:
    """CR 12.2: 空の指揮官・セリア (BP09-018) has no evolved card of its own name; its two
    evolve abilities evolve it into 希望の戦術家・セリア and 絶望の使者・セリア, so each joins
    the evolve deck with as many copies as the main deck plays of it (a deck without it
    gets none), sharing the ten cards with the same-named evolutions of the rest."""
    scripts = library_scripts("BP09-018")
    celia = CardRecord("BP09-018", "空の指揮官・セリア", cost=1, attack=1, defense=1)
    forms = [
        CardRecord(cid, name, card_type="evolved_follower", attack=3, defense=3)
        for cid, name in (("BP09-019", "希望の戦術家・セリア"), ("X-001", "絶望の使者・セリア"))
    ]
    main = [celia] * copies + [BASES["A"]] * 2
    built = Counter(r.name for r in build_evolve_deck(main, [*POOL, *forms], scripts=scripts))
    assert built["希望の戦術家・セリア"] == hope
    assert built["絶望の使者・セリア"] == despair
    assert built["A"] == 2
    assert built["空の指揮官・セリア"] == 0
