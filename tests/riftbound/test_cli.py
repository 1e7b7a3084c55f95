"""``decklab validate``, ``decklab deckcode`` and ``decklab cards search`` for Riftbound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardpool.pool import PoolIndex
from cardpool.riftbound.decklist import to_json, to_text
from decklab.cli import main

from .conftest import jinx_deck


def _run(db: Path, *argv: str) -> int:
    return main(["--db", str(db), *argv])


def test_validate_recognises_a_riftbound_text_list(
    rift_db: Path, rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck_file = tmp_path / "jinx.txt"
    deck_file.write_text(to_text(jinx_deck(rift_pool), lambda c: rift_pool.rows[c].name))
    assert _run(rift_db, "validate", str(deck_file), "--json", "--date", "2026-01-01") == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) >= {
        "legal", "errors", "warnings", "main_count", "evolve_count", "class", "title",
        "rune_count", "battlefield_count", "sideboard_count",
    }  # fmt: skip
    assert (doc["legal"], doc["main_count"], doc["class"], doc["title"]) == (
        True, 40, "fury/chaos", "Jinx",
    )  # fmt: skip


def test_validate_names_the_broken_rule(
    rift_db: Path, rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = jinx_deck(rift_pool)
    deck.runes = {"OGN-007": 6, "OGN-089": 6}
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(to_json(deck))
    assert _run(rift_db, "validate", str(deck_file)) == 1
    out = capsys.readouterr().out
    assert out.startswith("ILLEGAL: jinx (Jinx; Fury / Chaos; main 40, runes 12")
    assert "runes.domain" in out
    assert "CR 103.3.a.1" in out


def test_validate_game_option_and_formats(
    rift_db: Path, rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = jinx_deck(rift_pool)
    deck.main["OGN-202"] = 1  # 41 cards with the champion
    sections = ("legend", "battlefields", "runes", "champion", "main")
    lines = [f"{n} {c}" for s in sections for c, n in deck.section(s).items()]
    deck_file = tmp_path / "plain.txt"  # one list of codes, no headers: split by card type
    deck_file.write_text("\n".join(lines) + "\n")
    assert _run(rift_db, "validate", str(deck_file), "--game", "riftbound", "--json") == 1
    doc = json.loads(capsys.readouterr().out)
    assert [e["code"] for e in doc["errors"]] == ["main.size"]
    assert (doc["main_count"], doc["rune_count"], doc["battlefield_count"]) == (41, 12, 3)
    argv = ["validate", str(deck_file), "--game", "riftbound", "--format", "casual"]
    assert _run(rift_db, *argv) == 0
    assert capsys.readouterr().out.startswith("LEGAL: plain (Jinx; Fury / Chaos; main 41")


def test_validate_a_collection(
    rift_db: Path, riftbound_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = riftbound_data / "decks" / "official_precons.json"
    assert _run(rift_db, "validate", str(path), "--json", "--date", "2026-01-01") == 1
    docs = json.loads(capsys.readouterr().out)
    assert len(docs) == 13
    assert sum(d["legal"] for d in docs) == 9


def test_unreadable_riftbound_list_exits_2(
    rift_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Legend\n1 Jinx, Loose Cannon\nRunes\nsix Fury Rune\n")
    assert _run(rift_db, "validate", str(bad)) == 2
    err = capsys.readouterr().err
    assert "bad.txt, line 4" in err
    assert "expected a count" in err


def test_deckcode_decode_json_matches_the_vectors(
    rift_db: Path, riftbound_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = json.loads((riftbound_data / "decks" / "piltover_deckcode_golden.json").read_text())
    for case in cases["cases"]:
        assert _run(rift_db, "deckcode", "decode", case["code"], "--json") == 0
        assert json.loads(capsys.readouterr().out) == case["decoded"]
        structure = tmp_path / "input.json"
        structure.write_text(json.dumps(case["input"]))
        assert _run(rift_db, "deckcode", "encode", str(structure)) == 0
        assert capsys.readouterr().out.strip() == case["code"]


def test_deckcode_of_a_deck_file_and_back(
    rift_db: Path, rift_pool: PoolIndex, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck_file = tmp_path / "jinx.json"
    deck_file.write_text(to_json(jinx_deck(rift_pool)))
    assert _run(rift_db, "deckcode", "encode", str(deck_file)) == 0
    code = capsys.readouterr().out.strip()
    assert _run(rift_db, "deckcode", "decode", code) == 0
    out = capsys.readouterr().out
    assert "legend         1 Jinx, Loose Cannon [OGN-251]" in out
    assert "champion       1 Jinx, Demolitionist [OGN-030]" in out


def test_bad_deck_code_exits_2(rift_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(rift_db, "deckcode", "decode", "CM!A") == 2
    assert "not a base32 letter" in capsys.readouterr().err


def test_cards_search_riftbound(rift_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["cards", "search", "--game", "riftbound", "--class", "Fury", "--type", "unit"]
    assert _run(rift_db, *argv, "--keyword", "Assault", "--cost", "2", "--json") == 0
    records = json.loads(capsys.readouterr().out)
    assert records
    for record in records:
        assert "fury" in record["facts"]["domains"]
        assert "assault" in record["keywords"]
        assert record["cost"] == 2
