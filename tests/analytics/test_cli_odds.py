"""``decklab odds`` and ``decklab curve`` on deck files: the JSON shapes and bad input."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from decklab.cli import main

# The odds need only card identities, so these tests do not depend on what the cards do.
DECK = {"BP01-001": 3, "BP01-002": 3, "BP01-003": 2, "BP01-004": 3, "BP01-005": 3}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database built once from the embedded snapshot."""
    return tmp_path_factory.mktemp("db") / "decklab.duckdb"


@pytest.fixture
def deck_file(tmp_path: Path) -> Path:
    """A 40-card deck: 14 named cards and 26 copies of other cards."""
    cards = dict(DECK)
    for i in range(13):
        cards[f"BP02-{i + 1:03d}"] = 2
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"main": cards}), encoding="utf-8")
    return path


def run(db: Path, *argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the command line; return (exit code, stdout, stderr)."""
    code = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json_has_the_documented_shape_and_exact_numbers(
    db: Path, deck_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        db, "odds", str(deck_file), "--card", "BP01-001", "--turn", "0", "--json",
        "--mulligan", "optimal", capsys=capsys,
    )  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    assert doc["deck_size"] == 40
    assert doc["policy"] == "mulligan hands without BP01-001"
    assert [(r["going"], r["turn"]) for r in doc["rows"]] == [("first", 0), ("second", 0)]
    for row in doc["rows"]:
        assert set(row) == {"cards", "at_least", "turn", "going", "mulligan", "p", "mc"}
        assert row["cards"] == ["BP01-001"]
        assert row["at_least"] == 1
        assert row["mulligan"] == "optimal"
        assert row["mc"] is None
        p = 1 - comb(37, 4) / comb(40, 4)
        assert row["p"] == pytest.approx(p + (1 - p) * (1 - comb(33, 4) / comb(36, 4)))


def test_odds_check_adds_a_monte_carlo_column(
    db: Path, deck_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        db, "odds", str(deck_file), "--card", "BP01-001,BP01-002", "--at-least", "2",
        "--going", "second", "--check", "--trials", "40000", "--json", capsys=capsys,
    )  # fmt: skip
    assert code == 0
    rows = json.loads(out)["rows"]
    assert [r["turn"] for r in rows] == list(range(11))
    for r in rows:
        se = max((r["p"] * (1 - r["p"]) / 40_000) ** 0.5, 1e-9)
        assert abs(r["mc"] - r["p"]) <= 4 * se + 1e-12


def test_odds_combo_rows_name_their_groups(
    db: Path, deck_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        db, "odds", str(deck_file), "--card", "BP01-001", "--card", "BP01-004", "--turn", "3",
        "--going", "first", "--mulligan", "keep-if:BP01-001", "--json", capsys=capsys,
    )  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    (row,) = doc["rows"]
    assert row["groups"] == [["BP01-001"], ["BP01-004"]]
    assert row["mulligan"] == "keep-if:BP01-001"
    assert doc["policy"] == "mulligan hands without BP01-001"


def test_odds_without_card_covers_every_card_and_prints_a_table(
    db: Path, deck_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(db, "odds", str(deck_file), "--turn", "1", capsys=capsys)
    assert code == 0
    assert "BP01-003" in out
    assert "BP02-013" in out
    assert out.count("first") == 18
    assert out.count("second") == 18


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--card", "BP09-999"], "not in the main deck"),
        (["--card", "BP01-001", "--mulligan", "sometimes"], "mulligan policy"),
        (["--card", "BP01-001", "--turn", "11"], "--turn"),
        (["--card", "BP01-001", "--at-least", "-1"], "--at-least"),
        (["--card", "BP01-001", "--mulligan", "keep-if:BP09-999"], "not in the main deck"),
    ],
)
def test_odds_bad_input_exits_2_with_a_message(
    db: Path, deck_file: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(db, "odds", str(deck_file), *argv, capsys=capsys)
    assert code == 2
    assert message in err
    assert out == ""


def test_odds_missing_file_exits_2(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(db, "odds", str(tmp_path / "nope.txt"), capsys=capsys)
    assert code == 2
    assert "nope.txt" in err


def test_curve_json_on_a_real_decklist(
    db: Path, sve_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = (sve_data / "decks" / "individual_v2.jsonl").read_text(encoding="utf-8").splitlines()[0]
    path = tmp_path / "real.json"
    path.write_text(line, encoding="utf-8")
    code, out, _ = run(db, "curve", str(path), "--json", "--mulligan", "optimal", capsys=capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["deck_size"] == 40
    assert doc["unknown"] == []
    assert sum(h["total"] for h in doc["histogram"]) == 40
    assert all(sum(h["by_type"].values()) == h["total"] for h in doc["histogram"])
    assert len(doc["rows"]) == 20
    row = doc["rows"][0]
    assert set(row) == {
        "turn", "going", "mulligan", "on_curve", "curve_out", "expected_castable",
        "on_curve_rule", "curve_out_rule",
    }  # fmt: skip
    assert row["on_curve"] == pytest.approx(row["curve_out"])  # turn 1: the same event
    code, out, _ = run(db, "odds", str(path), "--mulligan", "optimal", "--json", capsys=capsys)
    assert code == 0
    assert len(json.loads(out)["rows"]) == len(json.loads(line)["main_deck_by_code"]) * 22


def test_curve_prints_the_histogram(
    db: Path, deck_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(db, "curve", str(deck_file), "--going", "first", capsys=capsys)
    assert code == 0
    assert "on curve" in out
    assert "curve out" in out
    code, _, err = run(db, "curve", str(deck_file), "--type", "land", capsys=capsys)
    assert code == 2
    assert "--type" in err


@pytest.mark.parametrize("mulligan", ["optimal", "keep-if:BP01-001"])
def test_the_printed_mulligan_rule_names_its_card_as_a_player_reads_it(
    db: Path, deck_file: Path, capsys: pytest.CaptureFixture[str], mulligan: str
) -> None:
    code, out, _ = run(
        db, "odds", str(deck_file), "--card", "BP01-001", "--turn", "2", "--mulligan", mulligan,
        capsys=capsys,
    )  # fmt: skip
    assert code == 0
    (rule,) = [line for line in out.splitlines() if line.startswith("policy: ")]
    assert rule.endswith(" (BP01-001)")  # the card's name, then its code
    assert "without BP01-001" not in rule
