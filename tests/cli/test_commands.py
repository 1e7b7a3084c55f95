"""The ``validate``, ``cards search`` and ``db`` commands, driven through ``decklab.cli.main``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardpool.normalise import MAIN_DECK_TYPES
from cardpool.searchkey import card_key
from cardpool.snapshot import load_sve_pool, load_sve_restrictions

VERDICT_KEYS = ["legal", "errors", "warnings", "main_count", "evolve_count", "class", "title"]


def forest_deck(extra: dict[str, int] | None = None, cards: int = 40) -> dict[str, int]:
    """A real forest main deck from the embedded pool (3 of each unrestricted card)."""
    pool = load_sve_pool()
    listed = {r.card_id for r in load_sve_restrictions()}
    names: set[str] = set()
    deck: dict[str, int] = {}
    for row in sorted(pool.rows.values(), key=lambda r: r.card_id):
        if sum(deck.values()) >= cards:
            break
        if (
            row.card_class == "forest"
            and row.card_type in MAIN_DECK_TYPES
            and not row.title
            and row.card_id not in listed
            and row.name not in names
        ):
            deck[row.card_id] = min(3, cards - sum(deck.values()))
            names.add(row.name)
    return deck | (extra or {})


def write_text_deck(path: Path, main: dict[str, int], leader: str | None = "SD01-LD01") -> Path:
    lines = ["# name: CLI test"]
    if leader:
        lines += ["Leader", f"1 {leader}"]
    lines += ["Main deck", *(f"{n} {code}" for code, n in main.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_validate_legal_deck_exits_0(run: Any, tmp_path: Path) -> None:
    deck = write_text_deck(tmp_path / "deck.txt", forest_deck())
    result = run("validate", str(deck))
    assert result.code == 0
    assert result.out.startswith(
        "LEGAL: CLI test (Forestcraft; main 40, evolve 0; Asia standard list as of"
    )


def test_validate_illegal_deck_exits_1_and_says_why(run: Any, tmp_path: Path) -> None:
    deck = write_text_deck(tmp_path / "deck.txt", forest_deck({"BP01-036": 1}, cards=39))
    result = run("validate", str(deck))
    assert result.code == 1
    assert result.out.startswith("ILLEGAL")
    assert "class.mismatch" in result.out
    assert "CR 6.1.1.5.1" in result.out
    assert "BP01-036" in result.out


def test_validate_json_shape(run: Any, tmp_path: Path) -> None:
    deck = write_text_deck(tmp_path / "deck.txt", forest_deck({"BP01-036": 1}, cards=39), None)
    result = run("validate", str(deck), "--json")
    assert result.code == 1
    doc = json.loads(result.out)
    assert list(doc) == VERDICT_KEYS
    assert doc["legal"] is False
    assert doc["main_count"] == 40
    assert doc["evolve_count"] == 0
    assert (doc["class"], doc["title"]) == ("forest", None)
    assert [list(e) for e in doc["errors"]] == [["code", "rule", "message", "cards"]]
    (error,) = doc["errors"]
    assert (error["code"], error["rule"], error["cards"]) == (
        "class.mismatch",
        "6.1.1.5.1",
        ["BP01-036"],
    )
    assert [w["code"] for w in doc["warnings"]] == ["leader.missing"]
    assert all(list(w) == ["code", "rule", "message", "cards"] for w in doc["warnings"])


@pytest.mark.parametrize(
    ("args", "code", "banned"),
    [
        (["--date", "2026-03-01"], 0, False),
        (["--date", "2026-10-02"], 1, True),
        (["--date", "2026-10-02", "--region", "en"], 0, False),
        (["--date", "2026-11-02", "--region", "en"], 1, True),
    ],
)
def test_validate_date_and_region(
    args: list[str], code: int, banned: bool, run: Any, tmp_path: Path
) -> None:
    deck = tmp_path / "sword.json"
    doc = {"leader": "BP01-LD03", "main": {"BP05-018": 1} | sword_main(39)}  # + Octrice
    deck.write_text(json.dumps(doc), encoding="utf-8")
    result = run("validate", str(deck), "--json", *args)
    assert result.code == code
    errors = [e["code"] for e in json.loads(result.out)["errors"]]
    assert errors == (["restricted.banned"] if banned else [])


def sword_main(cards: int) -> dict[str, int]:
    pool = load_sve_pool()
    listed = {r.card_id for r in load_sve_restrictions()}
    names: set[str] = set()
    deck: dict[str, int] = {}
    for row in sorted(pool.rows.values(), key=lambda r: r.card_id):
        if sum(deck.values()) >= cards:
            break
        if (
            row.card_class == "sword"
            and row.card_type in MAIN_DECK_TYPES
            and not row.title
            and row.card_id not in listed
            and row.name not in names
            and row.name != "簒奪の絶傑・オクトリス"
        ):
            deck[row.card_id] = min(3, cards - sum(deck.values()))
            names.add(row.name)
    return deck


def test_validate_sven_sample_deck(run: Any, sve_data: Path) -> None:
    result = run("validate", str(sve_data / "samples" / "sven_deck_format_sd01.json"), "--json")
    assert result.code == 0
    doc = json.loads(result.out)
    assert doc == {
        "legal": True,
        "errors": [],
        "warnings": [],
        "main_count": 40,
        "evolve_count": 8,
        "class": "forest",
        "title": None,
    }


def search(run: Any, *args: str) -> list[dict[str, Any]]:
    result = run("cards", "search", "--json", "--limit", "10000", *args)
    assert result.code == 0, result.err
    rows: list[dict[str, Any]] = json.loads(result.out)
    return rows


def test_search_by_name_in_japanese_and_by_code(run: Any) -> None:
    rows = search(run, "--name", "アリア")
    assert "SD01-001" in {r["card_id"] for r in rows}
    # every hit holds the name as typed once folded (フェアリーアサルト: フェアリアサルト)
    assert all("アリア" in card_key(r["name"], r["name_en"]) for r in rows)
    # an alternate-art code finds its card
    assert [r["card_id"] for r in search(run, "--name", "SP01-SL03")] == ["SD01-001"]


@pytest.mark.parametrize("value", ["forest", "エルフ", "Forestcraft"])
def test_search_by_class_in_any_language(value: str, run: Any) -> None:
    rows = search(run, "--class", value, "--cost", "2", "--type", "spell")
    assert rows
    assert {r["class"] for r in rows} == {"forest"}
    assert {r["cost"] for r in rows} == {2}


@pytest.mark.parametrize(
    ("typed", "found"),
    [("follower", "follower"), ("evolved_follower", "evolved_follower"),
     ("Evolved follower", "evolved_follower"), ("token_follower", "token_follower"),
     ("spell", "spell")],
)  # fmt: skip
def test_search_by_type_finds_that_type_only(run: Any, typed: str, found: str) -> None:
    """A follower is not an evolved, advance or token follower; typed as the tables show it."""
    rows = search(run, "--type", typed, "--limit", "10000")
    assert rows
    assert {r["type"] for r in rows} == {found}


@pytest.mark.parametrize("value", ["ward", "守護"])
def test_search_by_keyword_id_or_japanese_name(value: str, run: Any) -> None:
    rows = search(run, "--keyword", value, "--class", "haven")
    assert rows
    assert all("ward" in r["keywords"] for r in rows)


def test_search_by_trait_and_title(run: Any) -> None:
    fairies = search(run, "--trait", "妖精")
    assert fairies
    assert all("妖精" in r["traits"] for r in fairies)
    priconne = search(run, "--title", "priconne")
    assert len(priconne) == 147
    assert {r["title"] for r in priconne} == {"priconne"}


def test_search_json_has_no_ability_text(run: Any) -> None:
    (row,) = search(run, "--name", "BP01-001")
    assert "text" not in row
    assert (row["name"], row["cost"], row["attack"], row["defense"]) == ("ローズクイーン", 8, 7, 7)


def test_search_table_output(run: Any) -> None:
    result = run("cards", "search", "--name", "ローズクイーン")
    assert result.code == 0
    assert "BP01-001" in result.out
    assert result.out.rstrip().endswith("card(s)")
    nothing = run("cards", "search", "--name", "no such card at all")
    assert nothing.out.strip() == "no cards match"


def test_db_import_of_the_shared_folders_and_info(
    run: Any, sve_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run("db", "import", str(sve_data / "cards_ja"))
    assert result.code == 0, result.err
    # the Japanese dump over the embedded snapshot: the snapshot keeps the sets it lacks
    assert result.out.startswith("imported 49 file(s) (sve-ja): 3830 cards, 7607 printings")
    assert "disagreement" not in result.out  # no SVEN files yet: nothing to compare
    result = run("db", "import", str(sve_data / "restrictions"))
    assert result.code == 0
    assert "25 restriction entries" in result.out
    assert "warning: " not in result.out  # BP19-104 is a card of the pool now
    result = run("db", "import", str(sve_data / "sven"))
    assert result.code == 0
    assert result.out.startswith("imported 57 file(s) (sven): 3830 cards, 7607 printings")
    assert "8 disagreement(s) between the Japanese dump and SVEN" in result.out
    assert "BP08-003" in result.out
    assert "人形・光輝" in result.out
    info = run("db", "info")
    assert info.code == 0
    assert "sve: 3830 cards, 7607 printings, 25 restriction entries" in info.out
    with_text = int(info.out.split("restriction entries, ")[1].split(" cards with")[0])
    assert with_text > 3600  # the dump's text, and SVEN's for the sets the dump lacks
    assert "121 preview cards, 8 disagreements" in info.out
    # after the import, search sees the text-bearing pool and English names
    assert [r["card_id"] for r in search(run, "--name", "aria, fairy")] == ["SD01-001"]
    conflicts = run("db", "conflicts", "--field", "traits", "--json")
    assert conflicts.code == 0
    rows = json.loads(conflicts.out)
    assert len(rows) == 6
    assert rows[0] == {
        "card_id": "BP08-003", "name": "決意の人形・オーキス", "field": "traits",
        "cards_ja": "人形・キラー", "sven": "人形・光輝",
    }  # fmt: skip


def test_db_info_on_a_fresh_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from decklab.cli import main

    path = tmp_path / "new" / "fresh.duckdb"
    assert main(["--db", str(path), "db", "info"]) == 0
    captured = capsys.readouterr()
    assert "built the card pool" in captured.err
    assert "sve: 3830 cards, 7607 printings, 25 restriction entries, 0 cards with" in captured.out
