"""The sets after the Japanese dump (BP19-BP22) on a database built from the embedded
snapshot alone (no reference data): a deck of their cards validates, computes odds and
simulates; preview cards are marked wherever a card is shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.new_sets import NEW_SETS_DECK, PREVIEW_CARDS


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    path = tmp_path / "new_sets.txt"
    path.write_text(NEW_SETS_DECK, encoding="utf-8")
    return path


def test_a_deck_of_the_new_sets_is_legal_and_names_its_preview_cards(run: Run, deck: Path) -> None:
    result = run("validate", str(deck))
    assert result.code == 0, result.out
    assert result.out.startswith("LEGAL: Forest of the new sets (Forestcraft; main 40, evolve 8;")
    (line,) = [x for x in result.out.splitlines() if "card.preview" in x]
    assert line.lstrip().startswith("warning card.preview")
    assert "CR preview" not in line  # not a clause of the comprehensive rules
    assert all(code in line for code in PREVIEW_CARDS)
    verdict = json.loads(run("validate", str(deck), "--json").out)
    assert verdict["legal"] is True
    (warning,) = [w for w in verdict["warnings"] if w["code"] == "card.preview"]
    assert warning["cards"] == list(PREVIEW_CARDS)


def test_an_illegal_deck_keeps_its_exit_code_with_preview_cards(run: Run, deck: Path) -> None:
    """The preview warning never changes the verdict: too many copies still fail."""
    broken = deck.read_text(encoding="utf-8").replace("2 BP22-001", "4 BP22-001")
    deck.write_text(broken.replace("3 BP19-001", "1 BP19-001"), encoding="utf-8")
    result = run("validate", str(deck), "--json")
    assert result.code == 1
    verdict = json.loads(result.out)
    assert [e["code"] for e in verdict["errors"]] == ["copies.limit"]
    assert [w["code"] for w in verdict["warnings"]] == ["card.preview"]


def test_a_deck_without_preview_cards_has_no_such_warning(run: Run) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt"
    verdict = json.loads(run("validate", str(example), "--json").out)
    assert verdict["warnings"] == []


def test_odds_of_the_new_sets_deck(run: Run, deck: Path) -> None:
    result = run("odds", str(deck), "--card", "BP19-009", "--turn", "1", "--json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["deck_size"] == 40
    # 3 copies in 40 cards; going first, turn 1 sees the 4 opening cards (CR 7.2.4.1)
    first = next(r for r in doc["rows"] if r["going"] == "first")
    assert first["p"] == pytest.approx(1 - 66045 / 91390)  # 1 - C(37,4) / C(40,4)


def test_the_new_sets_deck_simulates(run: Run, deck: Path) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt"
    result = run(
        "simulate", str(deck), str(example), "--games", "4", "--agents", "greedy,greedy",
        "--workers", "1", "--seed", "3", "--json", "--quiet",
    )  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["games"] == 4
    assert data["errors"] == 0
    assert sum(data["wins"]) + data["draws"] == 4


def test_search_and_show_mark_preview_cards(run: Run) -> None:
    table = run("cards", "search", "--name", "BP22-001")
    assert "(preview)" in table.out
    assert "set still being previewed" in table.out
    released = run("cards", "search", "--name", "BP21-001")
    assert "preview" not in released.out
    (record,) = json.loads(run("cards", "search", "--name", "BP22-001", "--json").out)
    assert record["preview"] is True
    (record,) = json.loads(run("cards", "search", "--name", "BP21-001", "--json").out)
    assert record["preview"] is False
    shown = run("cards", "show", "BP22-SL01")  # any printing
    assert shown.out.startswith("BP22-001 ")
    assert "preview card" in shown.out
    (doc,) = json.loads(run("cards", "show", "BP22-001", "--json").out)
    assert doc["preview"] is True
    assert "BP22-U01" in doc["printings"]


def test_show_names_the_english_and_refuses_an_unknown_code(run: Run) -> None:
    shown = run("cards", "show", "SD01-016")
    assert shown.out.startswith("SD01-016 森荒らしへの報い / Sylvan Justice")
    assert "keywords: quick" in shown.out
    missing = run("cards", "show", "BP99-001")
    assert missing.code == 2
    assert "BP99-001 is not a known card" in missing.err
