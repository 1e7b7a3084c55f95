"""Bad input never ends in a traceback: each case exits 2 with one line and changes nothing.

Every case here once ended in a Python traceback (exit 1, which means "illegal deck").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DECK = str(EXAMPLES / "forest_fairies.txt")
OTHER = str(EXAMPLES / "sword_knights.txt")

RECORD = {
    "card_code": "ZZ01-001",
    "name": "試験",
    "class": "エルフ",
    "card_type": "フォロワー",
    "sub_type": "妖精",
    "cost": "1",
    "attack": "1",
    "hp": "1",
    "effect": "",
}
SVEN_CARD = {
    "id": "ZZ01-001",
    "names": {"ja": "試験", "en": "Trial"},
    "type": "follower",
    "class": "forest",
    "cost": 1,
    "attack": 1,
    "defense": 1,
}
TOURNAMENT = {"date": "2026-10-01", "rank": 1, "players": 32, "main_deck_by_code": {"BP01-001": 3}}
RIFTCODEX = json.dumps([{"riftbound_id": "ogn-001-298", "classification": {}}])


def dump(**fields: Any) -> str:
    """A one-record Japanese card dump with ``fields`` changed."""
    return json.dumps([{**RECORD, **fields}], ensure_ascii=False)


def sven(**fields: Any) -> str:
    """A one-card SVEN set file with ``fields`` changed."""
    return json.dumps({"format": 1, "set": "ZZ01", "cards": [{**SVEN_CARD, **fields}]})


def tournament(**fields: Any) -> str:
    """One tournament decklist line with ``fields`` changed."""
    return json.dumps({**TOURNAMENT, **fields}) + "\n"


def errata(card_ids: Any) -> str:
    """A Riftbound errata overlay with one entry."""
    entry = {"card_ids": card_ids, "official_name": "Jinx", "new_text": "x", "document": "d"}
    return json.dumps({"errata_documents": [], "entries": [entry]})


# (case, file to write or None, the command (FILE is the written file), what the line says)
IMPORT_CASES: list[tuple[str, str, str]] = [
    ("cost 2.5", dump(cost=2.5), "cost 2.5"),
    ("cost true", dump(cost=True), "cost True"),
    ("cost 99999999999", dump(cost="99999999999"), "cost '99999999999'"),
    ("cost -1", dump(cost="-1"), "cost '-1'"),
    ("attack -3 as a number", dump(attack=-3), "attack -3"),
    ("hp ²", dump(hp="²"), "hp '²'"),
    ("name null", dump(name=None), "ZZ01-001 (record 1): no name"),
    ("name empty", dump(name="  "), "ZZ01-001 (record 1): no name"),
    ("card code of HTML", dump(card_code="<img src=x onerror=alert(1)>"), "not a card code"),
    ("card code a number", dump(card_code=5), "record 1: '5' is not a card code"),
    (
        "a card code twice with another name",
        json.dumps([RECORD, {**RECORD, "name": "別"}], ensure_ascii=False),
        "ZZ01-001",
    ),
    (
        "duplicate key in a record",
        dump().replace('"name"', '"card_code": "ZZ01-002", "name"', 1),
        "duplicate key 'card_code'",
    ),
    ("a 5,000-digit number", dump().replace('"1"', "1" * 5000, 1), "5000 digits"),
    ("SVEN printings a string", sven(printings="SD01-001"), "'printings' must be a list"),
    ("SVEN text a string", sven(text="a text"), "'text' must be an object"),
    ("SVEN names null", sven(names=None), "'names' must be an object"),
    ("SVEN cost 2.5", sven(cost=2.5), "cost 2.5"),
    ("SVEN negative cost", sven(cost=-2), "cost -2"),
    ("SVEN id of HTML", sven(id="<b>x</b>"), "not a card code"),
    ("SVEN type unknown", sven(type="planet"), "unknown type 'planet'"),
    ("SVEN alternateNames a list", sven(alternateNames=["x"]), "'alternateNames' must be"),
    ("SVEN traits a string", sven(traits="妖精"), "'traits' must be a list"),
    ("errata card_ids [5]", errata([5]), "card_ids"),
    ("errata card_ids a string", errata("OGN-001"), "card_ids"),
    ("tournament rank ²", tournament(rank="²"), "'rank'"),
    ("tournament rank 10**20", tournament(rank=10**20), "'rank'"),
    ("tournament players -4", tournament(players=-4), "'players'"),
    (
        "tournament duplicate key",
        tournament().replace('"rank": 1', '"rank": 1, "rank": 2'),
        "duplicate key 'rank'",
    ),
]

ARG_CASES: list[tuple[str, list[str], str]] = [
    ("cards search --cost 1e41", ["cards", "search", "--cost", "1e41"], "--cost"),
    ("cards search --cost 10**41", ["cards", "search", "--cost", str(10**41)], "--cost"),
    ("cards search --limit -5", ["cards", "search", "--limit", "-5"], "--limit"),
    ("simulate --seed 2**70", ["simulate", DECK, OTHER, "--seed", str(2**70)], "--seed"),
    (
        "simulate --turn-limit 2**40",
        ["simulate", DECK, OTHER, "--turn-limit", str(2**40)],
        "--turn-limit",
    ),
    ("simulate --games 10**30", ["simulate", DECK, OTHER, "--games", str(10**30)], "--games"),
    ("simulate --workers 2**70", ["simulate", DECK, OTHER, "--workers", str(2**70)], "--workers"),
    ("simulate --dask 'not a url'", ["simulate", DECK, OTHER, "--dask", "not a url"], "--dask"),
    ("play --seed 2**70", ["play", DECK, OTHER, "--seed", str(2**70)], "--seed"),
    (
        "play --turn-limit 2**40",
        ["play", DECK, OTHER, "--turn-limit", str(2**40)],
        "--turn-limit",
    ),
    ("dashboard --port 70000", ["dashboard", "--port", "70000"], "--port"),
    ("dashboard --port 0", ["dashboard", "--port", "0"], "--port"),
    ("odds --turn 10**9", ["odds", DECK, "--turn", str(10**9)], "--turn"),
    ("an unknown command", ["shuffle"], "invalid choice"),
    ("cards show of no card", ["cards", "show", "ZZ99-999"], "ZZ99-999 is not a known card"),
    ("db import of a missing second path", ["db", "import", DECK, "/no/such.json"], "not found"),
]


@pytest.mark.parametrize(
    ("content", "problem"), [c[1:] for c in IMPORT_CASES], ids=[c[0] for c in IMPORT_CASES]
)
def test_bad_imports_are_one_line(
    content: str, problem: str, run: Any, db: Path, tmp_path: Path, state: Callable[[Path], str]
) -> None:
    name = "lists.jsonl" if "main_deck_by_code" in content else "cards.json"
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    before = state(db)
    result = run("db", "import", str(path))
    _assert_one_line(result, problem)
    assert str(path) in result.err  # the file is named
    assert state(db) == before


@pytest.mark.parametrize(
    ("args", "problem"), [c[1:] for c in ARG_CASES], ids=[c[0] for c in ARG_CASES]
)
def test_bad_options_are_one_line(
    args: list[str], problem: str, run: Any, db: Path, state: Callable[[Path], str]
) -> None:
    before = state(db)
    result = run(*args)
    _assert_one_line(result, problem)
    assert state(db) == before


def _assert_one_line(result: Any, problem: str) -> None:
    assert result.code == 2, result
    assert "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("decklab"), lines
    assert problem in lines[0]


def test_a_json_deck_with_a_key_twice_is_refused(run: Any, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text('{"main": {"BP01-001": 3, "BP01-001": 2}}', encoding="utf-8")
    result = run("validate", str(deck))
    _assert_one_line(result, "duplicate key 'BP01-001'")
    assert str(deck) in result.err


def test_a_json_deck_with_a_5000_digit_count_is_refused(run: Any, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text('{"main": {"BP01-001": ' + "3" * 5000 + "}}", encoding="utf-8")
    result = run("validate", str(deck))
    _assert_one_line(result, "5000 digits")


def test_a_text_deck_with_a_5000_digit_count_is_refused(run: Any, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Main deck\n" + "3" * 5000 + " BP01-001\n", encoding="utf-8")
    result = run("validate", str(deck))
    _assert_one_line(result, "line 2: card line: count 333")


def test_play_checks_the_log_file_before_playing(run: Any, tmp_path: Path) -> None:
    result = run("play", DECK, OTHER, "--log", str(tmp_path))
    _assert_one_line(result, "--log")
    assert "is a folder" in result.err
    missing = tmp_path / "no" / "such" / "game.jsonl"
    result = run("play", DECK, OTHER, "--log", str(missing))
    _assert_one_line(result, "folder does not exist")


def test_engine_compile_of_bad_json(run: Any, tmp_path: Path) -> None:
    (tmp_path / "BP01.json").write_text('[{"card_code": "BP01-001",', encoding="utf-8")
    out = tmp_path / "abilities.json"
    result = run("engine", "compile", str(tmp_path), "--out", str(out))
    _assert_one_line(result, "malformed JSON")
    assert not out.exists()


@pytest.mark.parametrize(
    ("content", "problem"),
    [('{"main_deck_by_code": {"BP01-001": 3}\n', "malformed JSON"),
     ('{"main_deck_by_code": {"BP01-001": "3"}}\n', "needs 'main_deck_by_code'"),
     (None, "file not found")],
    ids=["malformed JSON", "a count as text", "a missing file"],
)  # fmt: skip
def test_engine_coverage_of_bad_decklists(
    content: str | None, problem: str, run: Any, tmp_path: Path
) -> None:
    lists = tmp_path / "lists.jsonl"
    if content is not None:
        lists.write_text(content, encoding="utf-8")
    result = run("engine", "coverage", "--decks", str(lists))
    _assert_one_line(result, problem)


def test_db_snapshot_out_a_file(run: Any, db: Path, tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("keep me\n", encoding="utf-8")
    result = run("db", "snapshot", "--out", str(target))
    _assert_one_line(result, "is a file, not a folder")
    assert target.read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.parametrize(
    ("db_path", "problem"),
    [
        ("/proc/no-such-process/x.duckdb", "cannot create the database folder"),
        ("/dev/null", "cannot open the database"),
        ("{tmp}", "cannot open the database"),
    ],
    ids=["under a folder that cannot be made", "a device", "a folder"],
)
def test_a_database_path_that_cannot_be_one(
    db_path: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from decklab.cli import main

    for words in (["validate", DECK], ["decks", "save", DECK, "--name", "x"]):
        code = main(["--db", db_path.format(tmp=tmp_path), *words])
        err = capsys.readouterr().err
        assert code == 2
        assert len(err.strip().splitlines()) == 1, err
        assert problem in err


@pytest.mark.parametrize("keep", [0, 100, 4096, 12_288], ids=lambda n: f"first {n} bytes")
def test_a_truncated_database(
    keep: int, built_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from decklab.cli import main

    truncated = tmp_path / "cut.duckdb"
    truncated.write_bytes(built_db.read_bytes()[:keep] or b"\0")
    before = truncated.read_bytes()
    code = main(["--db", str(truncated), "cards", "search", "--name", "アリサ"])
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert "cut.duckdb" in err
    assert truncated.read_bytes() == before


def test_the_dashboard_shows_no_error_details() -> None:
    """An unexpected error on a page names its type only: no traceback, no paths."""
    from decklab.cli import build_parser
    from decklab.commands.dashboard import command

    args = build_parser(["dashboard"]).parse_args(["dashboard"])
    line = command(args)
    assert line[line.index("--client.showErrorDetails") + 1] == "type"
    assert line[line.index("--server.address") + 1] == "127.0.0.1"
