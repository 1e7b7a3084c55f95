"""``decklab odds`` on a Riftbound list: 39 cards to draw from, the partial mulligan."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from cardpool.pool import PoolIndex
from cardpool.riftbound.decklist import to_text
from decklab.cli import main
from tests.riftbound.conftest import jinx_deck


def test_odds_draw_from_the_39_cards_without_the_champion(
    rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = jinx_deck(rift_pool)
    path = tmp_path / "jinx.txt"
    path.write_text(to_text(deck), encoding="utf-8")
    card = next(iter(deck.main))  # a 3-of of the main deck
    code = main(
        ["--db", str(tmp_path / "x.duckdb"), "odds", str(path), "--card", card, "--turn", "0",
         "--going", "first", "--json"]
    )  # fmt: skip
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deck_size"] == 39
    (row,) = data["rows"]
    # CR: a 4-card opening hand from the 39 cards left once the champion is set out
    assert row["p"] == pytest.approx(1 - comb(36, 4) / comb(39, 4), abs=1e-9)


def test_riftbound_mulligan_of_up_to_two_helps(
    rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = jinx_deck(rift_pool)
    path = tmp_path / "jinx.txt"
    path.write_text(to_text(deck), encoding="utf-8")
    card = next(iter(deck.main))
    db = str(tmp_path / "x.duckdb")
    base = [
        "--db",
        db,
        "odds",
        str(path),
        "--card",
        card,
        "--turn",
        "0",
        "--going",
        "first",
        "--json",
    ]
    main(base)
    never = json.loads(capsys.readouterr().out)["rows"][0]["p"]
    main([*base, "--mulligan", "optimal"])
    optimal = json.loads(capsys.readouterr().out)
    assert optimal["rows"][0]["p"] > never
    assert optimal["policy"]


def test_energy_curve_of_a_riftbound_list(
    rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = jinx_deck(rift_pool)
    path = tmp_path / "jinx.txt"
    path.write_text(to_text(deck), encoding="utf-8")
    code = main(["--db", str(tmp_path / "x.duckdb"), "curve", str(path), "--turns", "6", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deck_size"] == 39
    assert sum(h["total"] for h in data["histogram"]) + len(data["unknown"]) <= 39
    first = [r for r in data["rows"] if r["going"] == "first"]
    second = [r for r in data["rows"] if r["going"] == "second"]
    assert [r["energy"] for r in first] == [2, 4, 6, 8, 10, 12]
    assert [r["energy"] for r in second] == [3, 5, 7, 9, 11, 12]
    castable = [r["expected_castable"] for r in first]
    assert castable == sorted(castable)  # more energy and more cards: never fewer castable
    assert castable[-1] <= 4 + 6  # at most every card drawn by own turn 6
    code = main(["--db", str(tmp_path / "x.duckdb"), "curve", str(path), "--mulligan", "optimal"])
    assert code == 2


def test_riftbound_combo_policy_is_stated_in_words(
    rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two pieces of a combo, optimal partial mulligan: the rule is printed, not a table."""
    deck = jinx_deck(rift_pool)
    path = tmp_path / "jinx.txt"
    path.write_text(to_text(deck), encoding="utf-8")
    first, second = list(deck.main)[:2]
    args = ["--db", str(tmp_path / "x.duckdb"), "odds", str(path), "--game", "riftbound",
            "--card", first, "--card", second, "--turn", "2", "--mulligan", "optimal"]  # fmt: skip
    assert main([*args, "--json"]) == 0
    policy = json.loads(capsys.readouterr().out)["policy"]
    assert policy.startswith(f"keep hands with at least 1 of {first} and at least 1 of {second}")
    assert "cards other than" in policy
    assert "table" not in policy
    assert main(args) == 0
    named = policy  # the printed rule names each card as a player reads it, code beside
    for code in (first, second):
        record = rift_pool.record(code)
        assert record is not None
        named = named.replace(code, f"{record.name} ({code})")
    assert f"policy: {named}\n" in capsys.readouterr().out
