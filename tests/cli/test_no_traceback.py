"""Bad input never ends in a traceback: each case exits 2 with one line and changes nothing.

Every case here once ended in a Python traceback (exit 1, which means "illegal deck").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Snapshot

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
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
    content: str,
    problem: str,
    run: Any,
    db: Path,
    tmp_path: Path,
    state: Callable[[Path], Snapshot],
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
    args: list[str], problem: str, run: Any, db: Path, state: Callable[[Path], Snapshot]
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


# --- every option of every command, generated from the parser -----------------------------


def _commands() -> list[tuple[list[str], argparse.ArgumentParser]]:
    """Every command (``["decks", "save"]``) with its parser, from the full ``decklab`` parser."""
    from decklab.cli import build_parser

    def walk(parser: argparse.ArgumentParser, words: list[str]) -> Iterator[Any]:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            yield words, parser
            return
        for name, sub in subs[0].choices.items():
            yield from walk(sub, [*words, name])

    return list(walk(build_parser([]), []))


def _takes_value(action: argparse.Action) -> bool:
    return action.nargs != 0 and not isinstance(action, argparse._HelpAction)


def test_every_option_is_checked_by_an_option_type() -> None:
    """A value a command takes is checked by one of ``decklab.args``'s types or by choices."""
    from decklab.args import CHECKED

    unchecked = [
        (" ".join(words), action.option_strings or action.dest)
        for words, parser in _commands()
        for action in parser._actions
        if _takes_value(action)
        and action.nargs != argparse.REMAINDER  # dashboard: handed on to streamlit as given
        and not isinstance(action.type, CHECKED)
        and action.choices is None
    ]
    assert unchecked == []


def _sample(action: argparse.Action) -> str:
    """A value ``action`` accepts, to fill in required arguments around the one under test."""
    from decklab.args import Day, FilePath, Whole

    if action.choices is not None:
        return str(next(iter(action.choices)))
    if isinstance(action.type, Whole):
        return str(action.type.low)
    if isinstance(action.type, FilePath):
        return DECK
    if isinstance(action.type, Day):
        return "2026-01-01"
    return "x"


def _bad_values(action: argparse.Action) -> list[tuple[str, str]]:
    """(name, value) pairs the option's type must refuse."""
    from decklab.args import DaskAddress, Day, FilePath, HostPort, Text, Whole

    kind = action.type
    if isinstance(kind, Whole):
        return [
            ("below the range", str(kind.low - 1)), ("above the range", str(kind.high + 1)),
            ("2**63", str(2**63)), ("a 5,000-digit number", "9" * 5000), ("1e3", "1e3"),
            ("a word", "many"), ("an Arabic-Indic digit", "٣"), ("nothing", ""),
        ]  # fmt: skip
    if isinstance(kind, Text):
        bad = [
            ("an escape code", "red\x1b[31m"), ("a NUL-like control", "a\x07b"),
            ("a byte that is not UTF-8", "caf\udce9"), ("too long", "x" * (kind.max_chars + 1)),
        ]  # fmt: skip
        return bad if kind.empty else [*bad, ("nothing", "")]
    if isinstance(kind, FilePath):
        return [("an empty file name", ""), ("a name over the system limit", "x/" * 2100)]
    if isinstance(kind, Day):
        return [("30 February", "2026-02-30"), ("a word", "yesterday")]
    if isinstance(kind, DaskAddress):
        return [("a word", "bogus"), ("no port", "tcp://10.0.0.1"), ("port 0", "tcp://h:0")]
    if isinstance(kind, HostPort):
        return [("garbage", "garbage"), ("a host name", "example.com:8787"), ("port 0", ":0")]
    return []


def _option_cases() -> list[Any]:
    cases = []
    for words, parser in _commands():
        positionals = [
            a for a in parser._actions
            if _takes_value(a) and not a.option_strings and a.nargs != argparse.REMAINDER
        ]  # fmt: skip
        required = [a for a in positionals if a.nargs not in ("?", "*")]
        base = [*words, *(_sample(a) for a in required)]
        for action in parser._actions:
            if not _takes_value(action):
                continue
            for name, value in _bad_values(action):
                if action.option_strings:
                    argv = [*base, f"{action.option_strings[0]}={value}"]
                    shown = action.option_strings[0]
                else:
                    upto = positionals[: positionals.index(action) + 1]
                    argv = [*words, *(value if a is action else _sample(a) for a in upto)]
                    shown = action.metavar or action.dest
                label = f"{' '.join(words)} {shown} {name}"
                cases.append(pytest.param(argv, shown, id=label))
    return cases


@pytest.mark.parametrize(("argv", "option"), _option_cases())
def test_every_option_refuses_what_its_type_refuses(
    argv: list[str], option: str, run: Any, db: Path, state: Callable[[Path], Snapshot]
) -> None:
    before = state(db)
    result = run(*argv)
    _assert_one_line(result, str(option))
    assert state(db) == before


# --- the battery: hostile inputs as separate processes, each under 2 CPU-s ------------------
#
# Every case runs as its own process (``tests/cli/battery.py``) under a CPU ceiling of
# ``CPU_CEILING_S``; it must exit with a documented code (0 done, 1 an illegal deck, 2 bad
# input), and on failure say so in one line on stderr, with no traceback, and leave the
# database as it was. ``{NAME}`` in a command line is a file made for the battery.

FAIRIES = (EXAMPLES / "forest_fairies.txt").read_text(encoding="utf-8")
BANNED = FAIRIES.replace("3 SD01-013 放浪するエルフ", "3 BP13-107")  # asia bans BP13-107
"""The example deck with a card banned in asia since 2026-01-30."""


def _lines(n: int) -> str:
    """``n`` tournament lists, one JSON line each (a real list's cards, two days apart)."""
    main = {"SD01-001": 3, "SD01-003": 3, "SD01-005": 3, "BP01-017": 3, "BP01-021": 3}
    return "".join(
        json.dumps({"date": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}", "rank": 1 + i % 8,
                    "players": 32, "deck_code": f"D{i}", "main_deck_by_code": main}) + "\n"
        for i in range(n)
    )  # fmt: skip


FILES: dict[str, Any] = {
    "asai.txt": FAIRIES.replace("# region: asia", "# region: asai"),
    "asai_banned.txt": BANNED.replace("# region: asia", "# region: asai"),
    "standrad.txt": BANNED.replace("# format: standard", "# format: standrad"),
    "svx.txt": FAIRIES.replace("# game: sve", "# game: svx"),
    "banned.txt": BANNED,
    "escape.txt": FAIRIES.replace("# name: Forest", "# name: \x1b[2J\x1b[31mForest"),
    "nameless.txt": "\n".join(x for x in FAIRIES.splitlines() if not x.startswith("# name")),
    "unknown_2000.json": json.dumps({f"ZZ{i // 100:02d}-{i % 1000:03d}": 1 for i in range(2000)}),
    "unknown_1mib.json": json.dumps({f"Z{i // 1000:03d}-{i % 1000:03d}": 1 for i in range(61_000)}),
    "near_2000.json": json.dumps({f"BP{1 + i // 200:02d}-{i % 200:03d}x": 1 for i in range(2000)}),
    "deep.jsonl": "[" * 100_000 + "]" * 100_000,
    "digits.jsonl": '{"ev": "play", "turn": ' + "9" * 5000 + "}\n",
    "key_twice.jsonl": '{"ev": "play", "turn": 1, "turn": 2}\n',
    "binary.jsonl": bytes(range(256)) * 16,
    "utf16.jsonl": FAIRIES.encode("utf-16"),
    "empty.jsonl": b"",
    "lists_12mb.jsonl": _lines(48_000),
    "big.jsonl": "{" + "x" * 12_000_000,
    "log_17mib.jsonl": '{"ev": "draw", "turn": 1}\n' * (17 * 2**20 // 25),
    "lists_1001.jsonl": _lines(1001),
    "nul_name.json": json.dumps([{**RECORD, "name": "試\x00験"}], ensure_ascii=False),
    "esc_name.json": json.dumps([{**RECORD, "name": "\x1b]0;pwned\x07"}], ensure_ascii=False),
    "count_1e9.json": json.dumps({"mainDeck": [{"cardCode": "OGN-001", "count": 10**9}]}),
}
"""Files the battery writes (text, or bytes as they are)."""

SPECIAL = {
    "folder": "a folder",
    "fifo.jsonl": "a FIFO (it never gets a writer)",
    "zero.jsonl": "a symlink to /dev/zero",
    "missing.jsonl": "a file that does not exist",
    "x" * 300 + ".jsonl": "a name of 300 characters",
    "loop.jsonl": "a symlink to itself",
    "binary.jsonl": "binary bytes",
    "utf16.jsonl": "UTF-16 text",
    "deep.jsonl": "JSON nested 100,000 deep",
    "digits.jsonl": "a number of 5,000 digits",
    "key_twice.jsonl": "JSON with a key twice",
    "empty.jsonl": "an empty file",
    "big.jsonl": "12 MB that is not JSON",
    "/proc/self/mountinfo": "a /proc file",
}
"""Things that are not what a command reads, by the name the battery gives them."""

SLOTS = {
    "validate": ["validate", "{F}"],
    "decks save": ["decks", "save", "{F}", "--name", "battery"],
    "odds": ["odds", "{F}", "--turn", "2"],
    "curve": ["curve", "{F}"],
    "play": ["play", "{F}", DECK],
    "simulate": ["simulate", DECK, "{F}", "--games", "2", "--workers", "1", "--quiet"],
    "matrix": ["matrix", DECK, "{F}", "--games", "2", "--workers", "1", "--quiet"],
    "compare --field": ["compare", DECK, OTHER, "--field", "{F}", "--games", "2", "--quiet"],
    "impact": ["impact", "{F}", "--field", DECK, "--card", "SD01-001", "--games", "2"],
    "mulligan-test --field": [
        *("mulligan-test", DECK, "--field", "{F}", "--policy", "never"),
        *("--policy", "keep-if:SD01-001", "--games", "2"),
    ],
    "gauntlet --meta": ["gauntlet", DECK, "--meta", "{F}", "--games", "2", "--quiet"],
    "ladder": ["ladder", "{F}", DECK, "--games", "2", "--workers", "1"],
    "replay": ["replay", "{F}"],
    "db import": ["db", "import", "{F}"],
    "deckcode encode": ["deckcode", "encode", "{F}"],
    "engine coverage --decks": ["engine", "coverage", "--decks", "{F}"],
    "--db": ["--db", "{F}", "validate", DECK],
}
"""Every place a command reads a file, ``{F}`` standing for the file."""

NOT_BAD_FOR = {
    "--db": {"missing.jsonl", "empty.jsonl"},  # a new database is made there
    "ladder": {"/proc/self/mountinfo"},  # not a file name it knows: a saved deck's name
}
"""Special files a slot rightly takes (exit 0), or reads as something else."""

# (id, command line, exit codes allowed, what the line on stderr says)
BATTERY: list[tuple[str, list[str], tuple[int, ...], str]] = [
    ("region asai", ["validate", "{asai.txt}"], (2,), "line 4: unknown region 'asai'; the known"),
    ("region asai with a banned card", ["validate", "{asai_banned.txt}"], (2,), "region 'asai'"),
    ("region asai saved", ["decks", "save", "{asai_banned.txt}"], (2,), "unknown region 'asai'"),
    ("format standrad", ["validate", "{standrad.txt}"], (2,), "line 3: unknown format"),
    ("format standrad saved", ["decks", "save", "{standrad.txt}"], (2,), "unknown format"),
    ("game svx", ["validate", "{svx.txt}"], (2,), "line 2: unknown game 'svx'"),
    ("the banned card in asia", ["validate", "{banned.txt}"], (1,), "restricted.banned"),
    ("an SVE deck with a Riftbound format", ["validate", DECK, "--format", "duel"], (2,),
     "--format duel is a Riftbound format"),
    ("--date 30 February", ["validate", DECK, "--date", "2026-02-30"], (2,), "--date"),
    ("an escape code in # name", ["validate", "{escape.txt}"], (2,), "control character (U+001B)"),
    ("an escape code in a file name", ["validate", "{\x1b[31mred.txt}"], (2,),
     "the file name (the deck's name) holds a control character"),
    ("a byte not UTF-8 in a file name", ["decks", "save", "{caf\udce9.txt}"], (2,),
     "a byte that is not UTF-8 (0xe9)"),
    ("2,000 unknown codes", ["validate", "{unknown_2000.json}"], (1,), ""),
    ("2,000 codes one slip from real ones", ["validate", "{near_2000.json}"], (1,), ""),
    ("61,000 unknown codes in 1 MiB", ["validate", "{unknown_1mib.json}"], (1,), ""),
    ("2,000 unknown codes saved", ["decks", "save", "{near_2000.json}", "--name", "x"], (0,), ""),
    ("odds of 10 groups, at least 3 each", ["odds", DECK, *(
        a for c in ("SD01-001", "SD01-003", "SD01-005", "SD01-006", "SD01-009", "SD01-011",
                    "SD01-013", "SD01-016", "BP01-017", "BP01-023") for a in ("--card", c)
    ), "--at-least", "3", "--turn", "10"], (0,), ""),
    ("odds of 10 groups, optimal mulligan", ["odds", DECK, *(
        a for c in ("SD01-001", "SD01-003", "SD01-005", "SD01-006", "SD01-009", "SD01-011",
                    "SD01-013", "SD01-016", "BP01-017", "BP01-023") for a in ("--card", c)
    ), "--at-least", "2", "--turn", "6", "--mulligan", "optimal"], (0,), ""),
    ("odds of 10 groups, keep-if", ["odds", DECK, *(
        a for c in ("SD01-001", "SD01-003", "SD01-005", "SD01-006", "SD01-009", "SD01-011",
                    "SD01-013", "SD01-016", "BP01-017", "BP01-023") for a in ("--card", c)
    ), "--turn", "4", "--mulligan", "keep-if:SD01-001,SD01-003"], (0,), ""),
    ("gauntlet of 12 MB of lists", ["gauntlet", DECK, "--meta", "{lists_12mb.jsonl}"], (2,),
     "the limit is 4,194,304"),
    ("gauntlet of 1,001 lists", ["gauntlet", DECK, "--meta", "{lists_1001.jsonl}"], (2,),
     "1,001 tournament lists; a field is built from at most 1,000"),
    ("a card name with NUL", ["db", "import", "{nul_name.json}"], (2,), "control character"),
    ("a card name with escape codes", ["db", "import", "{esc_name.json}"], (2,),
     "control character (U+001B)"),
    ("deckcode encode 10^9 copies", ["deckcode", "encode", "{count_1e9.json}"], (2,),
     "1,000,000,000 copies; a deck holds at most 99"),
    ("--db ''", ["--db", "", "validate", DECK], (2,), "--db: an empty file name"),
    ("--dask-dashboard garbage", ["simulate", DECK, OTHER, "--dask", "local",
                                  "--dask-dashboard", "garbage"], (2,), "--dask-dashboard"),
    ("impact --dask bogus", ["impact", DECK, "--field", OTHER, "--card", "SD01-001",
                             "--dask", "bogus"], (2,), "--dask"),
    ("impact with a scheduler nobody runs", ["impact", DECK, "--field", OTHER, "--card",
     "SD01-001", "--dask", "tcp://127.0.0.1:1"], (2,), "cannot reach the scheduler"),
    ("simulate with a scheduler nobody runs", ["simulate", DECK, OTHER, "--dask",
     "tcp://127.0.0.1:1"], (2,), "cannot reach the scheduler"),
    ("cards search --name with a byte not UTF-8", ["cards", "search", "--name", "\udcff"], (2,),
     "--name"),
    ("a database cut at 300 KB", ["--db", "{cut_300k.duckdb}", "cards", "search", "--name", "a"],
     (2,), "the database file is damaged or cut short"),
    ("a database cut at 1 MB", ["--db", "{cut_1m.duckdb}", "validate", DECK], (2,),
     "the database file is damaged or cut short"),
    ("a database cut at 2 MB, written to", ["--db", "{cut_2m.duckdb}", "decks", "save", DECK],
     (2,), "the database file is damaged or cut short"),
    ("a valid replay log", ["replay", "{game.jsonl}"], (0,), ""),
    ("a replay log of 17 MiB", ["replay", "{log_17mib.jsonl}"], (2,), "the limit is 16,777,216"),
]  # fmt: skip


def _generated() -> list[tuple[str, list[str], tuple[int, ...], str]]:
    """Every special file in every place a command reads one."""
    cases = []
    for slot, argv in SLOTS.items():
        for name, what in SPECIAL.items():
            if name in NOT_BAD_FOR.get(slot, ()):
                continue
            placeholder = name if name.startswith("/") else "{" + name + "}"
            cases.append((f"{slot}: {what}", [placeholder if a == "{F}" else a for a in argv],
                          (2,), ""))  # fmt: skip
    return cases


ALL_CASES = BATTERY + _generated()


def _make_files(folder: Path, built: Path) -> None:
    """Write the battery's files into ``folder``."""
    for name, content in FILES.items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    (folder / "\x1b[31mred.txt").write_text(FILES["nameless.txt"], encoding="utf-8")
    (folder / "caf\udce9.txt").write_text(FILES["nameless.txt"], encoding="utf-8")
    (folder / "folder").mkdir()
    os.mkfifo(folder / "fifo.jsonl")
    (folder / "zero.jsonl").symlink_to("/dev/zero")
    (folder / "loop.jsonl").symlink_to(folder / "loop.jsonl")
    (folder / ("x" * 300 + ".jsonl")).parent.mkdir(exist_ok=True)
    data = built.read_bytes()
    for name, keep in (("cut_300k", 300_000), ("cut_1m", 1_000_000), ("cut_2m", 2_000_000)):
        assert len(data) > keep
        (folder / f"{name}.duckdb").write_bytes(data[:keep])
    from decklab.cli import main

    assert main(["--db", str(built), "play", DECK, OTHER, "--log", str(folder / "game.jsonl")]) == 0


def _resolve(argv: list[str], folder: Path) -> list[str]:
    """The command line with each ``{NAME}`` made a path in ``folder``."""
    return [
        str(folder / a[1:-1]) if a.startswith("{") and a.endswith("}") and len(a) > 2 else a
        for a in argv
    ]


@pytest.fixture(scope="module")
def battery(built_db: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every case's result: run once, each case in its own process (``tests/cli/battery.py``)."""
    folder = tmp_path_factory.mktemp("hostile")
    db = folder / "battery.duckdb"
    shutil.copy(built_db, db)
    _make_files(folder, built_db)
    cases = [
        {"id": ident, "argv": ["--db", str(db), *_resolve(argv, folder)], "db": str(db)}
        for ident, argv, _, _ in ALL_CASES
    ]
    for case in cases:  # a case naming its own database checks that one
        argv = case["argv"]
        if argv.count("--db") == 2:
            del argv[:2]
            case["db"] = argv[1]
    (folder / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "tests.cli.battery", str(folder / "cases.json"),
         str(folder / "results.json")],
        cwd=REPO, check=True, timeout=3600,
    )  # fmt: skip
    results = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in results}


@pytest.mark.parametrize(
    ("ident", "codes", "problem"),
    [(c[0], c[2], c[3]) for c in ALL_CASES],
    ids=[c[0] for c in ALL_CASES],
)
def test_hostile_input(
    battery: dict[str, Any], ident: str, codes: tuple[int, ...], problem: str
) -> None:
    from tests.cli.battery import CPU_CEILING_S

    result = battery[ident]
    shown = f"{result['err'][-2000:]!r} ({result['cpu_s']} CPU-s)"
    assert not result["hung"], f"still running after a minute: {shown}"
    assert result["signal"] is None, (
        f"killed (signal {result['signal']}) at the ceiling of {CPU_CEILING_S} CPU-s: {shown}"
    )
    assert result["code"] in codes, shown
    assert "Traceback" not in result["err"], shown
    if result["code"] == 2:  # bad input: one line saying what
        lines = result["err"].strip().splitlines()
        assert len(lines) == 1, shown
        assert lines[0].startswith("decklab: error: "), shown
        assert problem in lines[0], shown
    elif result["code"] == 1:  # an illegal deck: the verdict, and nothing on stderr
        assert result["err"] == "", shown
        assert result["out"].startswith("ILLEGAL"), result["out"][:200]
        assert problem in result["out"]
    if result["code"] != 0:
        assert not result["db_changed"], "the database changed"


def test_a_folder_that_cannot_be_listed(
    run: Any, db: Path, tmp_path: Path, state: Callable[[Path], Snapshot],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """A folder without read permission (as this test may run as root, the system's refusal
    is given by replacing ``os.listdir`` for the importer)."""
    import cardpool.importers

    locked = tmp_path / "locked"
    listdir = os.listdir

    def refuse(path: Any) -> list[str]:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return listdir(path)

    locked.mkdir()
    monkeypatch.setattr(cardpool.importers.os, "listdir", refuse)
    before = state(db)
    result = run("db", "import", str(tmp_path / "locked"))
    _assert_one_line(result, "cannot list the folder: Permission denied")
    assert state(db) == before
