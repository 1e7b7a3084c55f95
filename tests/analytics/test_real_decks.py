"""Every one of the real tournament main decks runs through the odds and the curve."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analytics.curve import curve_table
from analytics.montecarlo import simulate
from analytics.odds import GOINGS, NEVER, OPTIMAL, Goal, Going, draw_odds, odds_table
from engine.cards import CardRecord

pytestmark = pytest.mark.shared

TYPES = {"フォロワー": "follower", "スペル": "spell", "アミュレット": "amulet"}


@pytest.fixture(scope="module")
def decks(sve_data: Path) -> list[dict[str, int]]:
    """The 595 main decks, code -> copies."""
    lines = (sve_data / "decks" / "individual_v2.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["main_deck_by_code"] for line in lines if line.strip()]


@pytest.fixture(scope="module")
def costs(sve_data: Path) -> dict[str, CardRecord]:
    """Cost and type of every printing in the Japanese pool, keyed by printed code."""
    out = {}
    for path in sorted((sve_data / "cards_ja").glob("*.json")):
        for row in json.loads(path.read_text(encoding="utf-8")):
            cost = row["cost"]
            out[row["card_code"]] = CardRecord(
                row["card_code"],
                row["name"],
                card_type=TYPES.get(row["card_type"], "other"),
                cost=int(cost) if cost.isdigit() else None,
            )
    return out


def test_all_tournament_decks_run_the_full_odds_table(decks: list[dict[str, int]]) -> None:
    assert len(decks) == 595
    for deck in decks:
        rows = odds_table(deck, [Goal.of(c) for c in deck], range(11), GOINGS, (NEVER, OPTIMAL))
        assert len(rows) == len(deck) * 11 * 2 * 2
        for row in rows:
            assert 0.0 <= row.odds.p <= 1.0
            assert row.odds.p >= row.odds.p_never - 1e-12
            if row.policy == OPTIMAL:
                assert row.odds.rule


def test_all_tournament_decks_run_the_curve(
    decks: list[dict[str, int]], costs: dict[str, CardRecord]
) -> None:
    for i, deck in enumerate(decks):
        assert all(code in costs for code in deck), "every listed code is in the pool"
        rows = curve_table(deck, costs)
        assert len(rows) == 20
        for row in rows:
            assert row.curve_out is not None
            assert 0.0 <= row.curve_out <= row.on_curve + 1e-12
            assert row.on_curve <= 1.0
        if i % 40 == 0:  # the optimal policy on a sample (it enumerates every opening shape)
            best = curve_table(deck, costs, policy=OPTIMAL)
            for a, b in zip(rows, best, strict=True):
                if b.curve_out is not None and a.curve_out is not None:
                    assert b.curve_out >= a.curve_out - 1e-12
                assert b.expected_castable >= a.expected_castable - 1e-12


def test_a_real_deck_agrees_with_monte_carlo(decks: list[dict[str, int]]) -> None:
    deck = decks[0]
    cards = sorted(deck)
    goal = Goal(((cards[0],), (cards[1], cards[2])))
    seats: list[tuple[int, Going]] = [(0, "first"), (4, "second")]
    for turn, going in seats:
        odds = draw_odds(deck, goal, turn, going, OPTIMAL)
        est = simulate(odds.problem, odds.solution.decisions(), trials=60_000, seed=turn)
        assert est.agrees(odds.p), (odds.p, est.p, est.se)
        assert odds.gain > 0.05  # the mulligan is worth several points for a combo
