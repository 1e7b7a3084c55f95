"""Bad input: every case exits 2, names the problem (and the line), and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardpool.snapshot import load_sve_pool
from cardpool.store import CardQuery, Store
from decklab.cli import main
from tests.cli.conftest import Snapshot

BAD_DECKS: dict[str, tuple[bytes, str]] = {
    "empty file": (b"", "file is empty"),
    "blank lines only": (b"\n  \n\n", "file is empty"),
    "malformed JSON": (b'{\n  "main": {"BP01-001": 3,}\n}\n', "line 2: malformed JSON"),
    "non-UTF-8 bytes": (b"Main deck\n3 BP01-001\n2 BP01-\xff002\n", "line 3: not UTF-8 text"),
    "a list of numbers": (b"[1, 2, 3]", "a JSON deck must be an object"),
    "an object without known keys": (b'{"deck": "Fairy", "cards": 40}', "is not a card code"),
    "an empty object": (b"{}", "a JSON deck must be an object"),
    "count 0": (b'{"main": {"BP01-001": 0}}', "count 0 is out of range"),
    "count -1": (b'{"main": {"BP01-001": -1}}', "count -1 is out of range"),
    "count 1000": (b'{"main": {"BP01-001": 1000}}', "count 1000 is out of range"),
    "count 'three'": (b'{"main": {"BP01-001": "three"}}', "count 'three' is not a whole number"),
    "count 2.5": (b'{"main": {"BP01-001": 2.5}}', "count 2.5 is not a whole number"),
    "text: a bad code line": (
        b"Main deck\n3 BP01-001\n3 BP01-002\nthree BP01-003\n",
        "line 4: cannot read 'three BP01-003'",
    ),
    "text: count 0": (b"Main deck\n3 BP01-001\n0 BP01-002\n", "line 3: card line: count 0"),
    "text: count 1000": (b"Main\n1000 BP01-001\n", "line 2: card line: count 1000"),
    "text: count -1": (b"Main\n-1 BP01-001\n", "line 2: cannot read '-1 BP01-001'"),
    "text: not a code": (b"Main\n3 BP01_001!\n", "line 2: card line: 'BP01_001!' is not a card"),
    "text: comments only": (b"# name: nothing\n# just notes\n", "no cards found"),
}


@pytest.mark.parametrize(("content", "problem"), list(BAD_DECKS.values()), ids=list(BAD_DECKS))
def test_validate_refuses_bad_deck_files(
    content: bytes,
    problem: str,
    run: Any,
    db: Path,
    tmp_path: Path,
    state: Callable[[Path], Snapshot],
) -> None:
    before = state(db)
    deck = tmp_path / "deck.txt"
    deck.write_bytes(content)
    result = run("validate", str(deck))
    assert result.code == 2
    assert result.out == ""
    err = result.err
    assert err.startswith("decklab: error: ")
    assert str(deck) in err
    assert problem in err
    assert "Traceback" not in err
    assert state(db) == before


def test_validate_refuses_an_enormous_file(
    run: Any, db: Path, tmp_path: Path, state: Callable[[Path], Snapshot]
) -> None:
    before = state(db)
    deck = tmp_path / "huge.txt"
    deck.write_bytes(b"3 BP01-001\n" * 100_000)  # 1.1 MB: bigger than any deck list
    result = run("validate", str(deck))
    assert result.code == 2
    assert "the limit is 1,048,576" in result.err
    assert state(db) == before


def test_validate_refuses_a_missing_file(run: Any, tmp_path: Path) -> None:
    result = run("validate", str(tmp_path / "nowhere.txt"))
    assert result.code == 2
    assert "nowhere.txt: file not found" in result.err


def test_validate_refuses_a_bad_date(run: Any, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("3 BP01-001\n", encoding="utf-8")
    result = run("validate", str(deck), "--date", "2026-13-01")
    assert result.code == 2
    assert "--date: '2026-13-01' is not a date" in result.err


def _write(path: Path, content: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda d: d / "missing.json", "missing.json: file not found"),
        (
            lambda d: _write(d / "folder" / "notes.txt", "x").parent,
            "folder holds no .json or .jsonl files",
        ),
        (lambda d: _write(d / "bad.json", '[\n {"card_code": 1,\n'), "bad.json, line 3: malformed"),
        (lambda d: _write(d / "numbers.json", "[1, 2, 3]"), "not a known layout"),
        (lambda d: _write(d / "object.json", '{"a": 1}'), "not a known layout"),
        (lambda d: _write(d / "empty.json", ""), "file is empty"),
        (lambda d: _write(d / "latin1.json", b'[\n"\xe9"]'), "latin1.json, line 2: not UTF-8"),
        (
            lambda d: _write(d / "short.json", '[{"card_code": "BP01-001", "effect": ""}]'),
            "record 1 lacks field(s) name",
        ),
        (
            lambda d: _write(
                d / "list.json", '{"region": "asia", "banned": [{"card": "BP01-001"}]}'
            ),
            "banned[0] needs 'card' and 'since'",
        ),
        (
            lambda d: _write(
                d / "list.json",
                '{"region": "asia", "banned": [{"card": "BP01-001", "since": "soon"}]}',
            ),
            "'since' is not a date",
        ),
    ],
    ids=[
        "non-existent path",
        "folder with no JSON",
        "malformed JSON",
        "list of numbers",
        "object without known keys",
        "empty file",
        "non-UTF-8",
        "record lacking fields",
        "restriction entry without a date",
        "restriction date not a date",
    ],
)
def test_db_import_refuses_bad_input(
    make: Callable[[Path], Path],
    problem: str,
    run: Any,
    db: Path,
    tmp_path: Path,
    state: Callable[[Path], Snapshot],
) -> None:
    before = state(db)
    result = run("db", "import", str(make(tmp_path / "in")))
    assert result.code == 2
    assert problem in result.err
    assert "Traceback" not in result.err
    assert state(db) == before


def test_db_import_of_an_enormous_file(
    run: Any,
    db: Path,
    tmp_path: Path,
    state: Callable[[Path], Snapshot],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over the import limit (64 MiB; lowered here so the test writes a small file)."""
    monkeypatch.setattr("cardpool.importers.MAX_IMPORT_BYTES", 1000)
    before = state(db)
    big = _write(tmp_path / "big.json", json.dumps([{"card_code": "X"}] * 200))
    result = run("db", "import", str(big))
    assert result.code == 2
    assert "the limit is 1,000" in result.err
    assert state(db) == before


def test_one_bad_file_in_a_folder_refuses_the_whole_import(
    sve_data: Path,
    run: Any,
    db: Path,
    tmp_path: Path,
    state: Callable[[Path], Snapshot],
) -> None:
    folder = tmp_path / "dump"
    for name in ("BP01.json", "BP02.json"):
        _write(folder / name, (sve_data / "cards_ja" / name).read_bytes())
    _write(folder / "BP03.json", '[{"card_code": "BP03-001"}]')
    before = state(db)
    result = run("db", "import", str(folder))
    assert result.code == 2
    assert "BP03.json" in result.err
    assert state(db) == before


def test_samples_folder_holds_a_deck_file_not_an_import(
    sve_data: Path, run: Any, db: Path, state: Callable[[Path], Snapshot]
) -> None:
    before = state(db)
    result = run("db", "import", str(sve_data / "samples"))
    assert result.code == 2
    assert "sven_deck_format_sd01.json: not a known layout" in result.err
    assert state(db) == before


@pytest.mark.parametrize(
    "text",
    ["'; DROP TABLE cardpool.cards; --", "%", "_", '"', "' OR '1'='1", "\\", "*"],
)
def test_search_text_is_never_sql(
    text: str, run: Any, db: Path, state: Callable[[Path], Snapshot]
) -> None:
    before = state(db)
    result = run("cards", "search", "--name", text, "--json")
    assert result.code == 0
    rows = json.loads(result.out)
    if text != "*":  # no card name holds these characters
        assert rows == []
    for row in rows:  # only literal matches (a card is named "*（Asterisk）")
        assert text.lower() in f"{row['name']} {row['name_en'] or ''} {row['card_id']}".lower()
    assert state(db) == before
    with Store.open(db, read_only=True) as store:
        assert store.count_cards() == len(load_sve_pool())


def test_search_text_matches_literally(db: Path) -> None:
    """Characters special to SQL LIKE are plain text: '!' and '・' match only themselves."""
    with Store.open(db, read_only=True) as store:
        hits = store.search(CardQuery(name="!!", limit=10_000))
        assert len(hits) > 0
        assert all("!!" in f"{n} {e}" for n, e in zip(hits["name"], hits["name_en"], strict=True))
        dots = store.search(CardQuery(name="・", limit=10_000))
        assert all("・" in f"{n} {e}" for n, e in zip(dots["name"], dots["name_en"], strict=True))


def test_a_file_that_is_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake = tmp_path / "notes.duckdb"
    fake.write_text("shopping list\n", encoding="utf-8")
    code = main(["--db", str(fake), "cards", "search", "--name", "アリサ"])
    err = capsys.readouterr().err
    assert code == 2
    assert "notes.duckdb" in err
    assert "not a valid DuckDB database" in err
    assert fake.read_text(encoding="utf-8") == "shopping list\n"  # untouched


GOOD_LIST = {"region": "asia", "format": "standard",
             "banned": [{"card": "BP01-001", "since": "2026-01-01"}]}  # fmt: skip
GOOD_SVEN = {"format": 1, "set": "ZZ01", "cards": [
    {"id": "ZZ01-001", "names": {"ja": "試験", "en": "Trial"}, "type": "follower",
     "class": "forest", "cost": 1, "attack": 1, "defense": 1}]}  # fmt: skip


@pytest.mark.parametrize(
    ("first", "second", "problem"),
    [
        (GOOD_LIST, {"errata_documents": [], "entries": "none"}, "b.json: an errata overlay"),
        (GOOD_LIST, {"names": ["Jinx"], "effectiveAt": "soon"}, "b.json: effectiveAt 'soon'"),
        (GOOD_SVEN, {"region": "asia", "banned": "BP01-001"}, "b.json: 'banned' must be a list"),
        (GOOD_SVEN, {"region": "asia", "format": "sealed", "banned": []}, "known 'format'"),
    ],
    ids=[
        "restriction list, then a bad errata overlay",
        "restriction list, then a ban list without a date",
        "SVEN set file, then a restriction list that is not a list",
        "SVEN set file, then a restriction list of an unknown format",
    ],
)
def test_an_import_is_one_transaction(
    first: dict[str, Any],
    second: dict[str, Any],
    problem: str,
    run: Any,
    db: Path,
    tmp_path: Path,
    state: Callable[[Path], Snapshot],
) -> None:
    """A folder whose second file fails the checks changes nothing, not even the first's part."""
    folder = tmp_path / "in"
    _write(folder / "a.json", json.dumps(first))
    before = state(db)
    assert run("db", "import", str(folder)).code == 0  # the first file alone is good
    assert state(db) != before
    _write(folder / "b.json", json.dumps(second))
    before = state(db)
    result = run("db", "import", str(folder))
    assert result.code == 2
    assert problem in result.err
    assert state(db) == before
