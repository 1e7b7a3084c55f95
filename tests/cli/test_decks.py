"""``decklab decks``: saving with versions, each game's decks apart, ``NAME@K``, diffs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FAIRIES = EXAMPLES / "forest_fairies.txt"
JINX = EXAMPLES / "riftbound" / "jinx_loose_cannon.txt"


def _changed(tmp_path: Path) -> Path:
    """The fairies list with one fewer エンジェルスナイプ and one more 大狼."""
    text = FAIRIES.read_text(encoding="utf-8")
    assert "3 BP01-179" in text
    assert "2 BP01-021" in text
    path = tmp_path / "fairies_v2.txt"
    path.write_text(text.replace("3 BP01-179", "2 BP01-179").replace("2 BP01-021", "3 BP01-021"))
    return path


def test_saving_under_a_taken_name_adds_a_version(run: Run, tmp_path: Path) -> None:
    first = run("decks", "save", str(FAIRIES), "--name", "Fae")
    assert first.code == 0
    assert first.out.startswith("saved Fae@1 (sve, new deck")
    same = run("decks", "save", str(FAIRIES), "--name", "Fae")
    assert same.code == 0
    assert "already holds this list: nothing saved" in same.out
    second = run("decks", "save", str(_changed(tmp_path)), "--name", "Fae")
    assert second.code == 0
    assert second.out.startswith("saved Fae@2 (sve, updated")
    listing = json.loads(run("decks", "list", "--json").out)
    assert [(d["name"], d["versions"]) for d in listing] == [("Fae", 2)]
    history = run("decks", "versions", "Fae").out
    assert "Fae (sve): 2 version(s)" in history


def test_versions_are_shown_and_diffed_by_name_at_k(run: Run, tmp_path: Path) -> None:
    run("decks", "save", str(FAIRIES), "--name", "Fae")
    run("decks", "save", str(_changed(tmp_path)), "--name", "Fae")
    assert "3 BP01-179" in run("decks", "show", "Fae@1").out
    assert "2 BP01-179" in run("decks", "show", "Fae@2").out
    assert "2 BP01-179" in run("decks", "show", "Fae").out  # the latest
    diff = run("decks", "diff", "Fae@1", "Fae@2")
    assert diff.code == 0
    lines = diff.out.splitlines()
    assert lines[0] == "Fae@1 -> Fae@2 (sve): 1 card in, 1 card out"
    assert "  -1 BP01-179 エンジェルスナイプ (3 -> 2)" in lines
    assert "  +1 BP01-021 大狼 (2 -> 3)" in lines
    doc = json.loads(run("decks", "diff", "Fae@2", "Fae@1", "--json").out)
    assert doc["cards_in"] == 1
    assert doc["cards_out"] == 1
    assert {
        "section": "main", "code": "BP01-179", "card": "BP01-179", "before": 2, "after": 3,
    } in doc["changes"]  # fmt: skip
    same = run("decks", "diff", "Fae@1", "Fae@1")
    assert "The two lists hold the same cards." in same.out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("decks", "show", "Fae@3"), "'Fae' has versions 1 to 1; there is no version 3"),
        (("decks", "show", "Nobody"), "no saved deck 'Nobody'"),
        (("decks", "diff", "Fae@1", "Nobody@1"), "no saved deck 'Nobody@1'"),
        (("decks", "export", "Fae", "--format", "deckcode"), "exports as text, sven, codes"),
    ],
)
def test_a_bad_address_is_one_clear_line(run: Run, args: tuple[str, ...], says: str) -> None:
    run("decks", "save", str(FAIRIES), "--name", "Fae")
    res = run(*args)
    assert res.code == 2
    assert says in res.err
    assert len(res.err.strip().splitlines()) == 1


def test_a_riftbound_file_is_saved_as_a_riftbound_deck(run: Run) -> None:
    res = run("decks", "save", str(JINX), "--name", "Jinx")
    assert res.code == 0
    assert res.out.startswith("saved Jinx@1 (riftbound, new deck")
    assert res.out.endswith(": legal\n")
    run("decks", "save", str(FAIRIES), "--name", "Jinx")  # the same name, the other game
    rift = json.loads(run("decks", "list", "--game", "riftbound", "--json").out)
    assert [(d["name"], d["game"], d["legal"]) for d in rift] == [("Jinx", "riftbound", True)]
    sve = json.loads(run("decks", "list", "--game", "sve", "--json").out)
    assert [d["game"] for d in sve] == ["sve"]
    ambiguous = run("decks", "show", "Jinx")
    assert ambiguous.code == 2
    assert "riftbound, sve" in ambiguous.err
    shown = run("decks", "show", "Jinx", "--game", "riftbound").out
    assert "Champion\n1 Jinx, Demolitionist [OGN-030]" in shown
    code = run("decks", "export", "Jinx", "--game", "riftbound", "--format", "deckcode")
    assert code.code == 0
    assert code.out.strip()


@pytest.mark.parametrize(
    ("file", "option", "game", "legal"),
    [
        (FAIRIES, None, "sve", True),
        (JINX, None, "riftbound", True),
        (JINX, "riftbound", "riftbound", True),
        (FAIRIES, "sve", "sve", True),
    ],
)
def test_the_game_is_read_from_the_file_unless_given(
    run: Run, file: Path, option: str | None, game: str, legal: bool
) -> None:
    res = run("decks", "save", str(file), "--name", "X", *(["--game", option] if option else []))
    assert res.code == 0
    (saved,) = json.loads(run("decks", "list", "--json").out)
    assert (saved["game"], saved["legal"]) == (game, legal)


def test_a_file_that_names_its_game_refuses_another(run: Run) -> None:
    res = run("decks", "save", str(FAIRIES), "--game", "riftbound")
    assert res.code == 2
    assert "'# game: sve' in a Riftbound list" in res.err
    assert json.loads(run("decks", "list", "--json").out) == []


def test_rename_copy_and_delete_say_what_they_did(run: Run) -> None:
    run("decks", "save", str(FAIRIES), "--name", "Fae")
    assert run("decks", "rename", "Fae", "Fairies").out == "renamed 'Fae' to 'Fairies'\n"
    assert run("decks", "copy", "Fairies").out.startswith("copied as 'Fairies (copy)'")
    assert run("decks", "delete", "Fairies").out == "deleted 'Fairies' with every version\n"
    names = [d["name"] for d in json.loads(run("decks", "list", "--json").out)]
    assert names == ["Fairies (copy)"]


def _reprinted(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = FAIRIES.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_a_diff_compares_cards_not_printings(run: Run, tmp_path: Path) -> None:
    """SP01-003 is a printing of SD01-001 (アリア), SD01-008 of BP01-021 (大狼)."""
    run("decks", "save", str(FAIRIES), "--name", "Fae")
    other_art = _reprinted(tmp_path, "v2.txt", "2 SD01-001", "1 SD01-001\n1 SP01-003")
    assert run("decks", "save", str(other_art), "--name", "Fae").code == 0
    diff = run("decks", "diff", "Fae@1", "Fae@2")
    assert diff.code == 0
    assert "The two lists hold the same cards." in diff.out
    assert "same card, other printing (Main deck)" in diff.out
    assert "SD01-001 -> SD01-001, SP01-003" in diff.out
    # one more 大狼, in another printing: one card in, counted with the copies held
    more = _reprinted(tmp_path, "v3.txt", "2 BP01-021", "2 BP01-021\n1 SD01-008")
    more.write_text(more.read_text(encoding="utf-8").replace("3 BP01-179", "2 BP01-179"))
    run("decks", "save", str(more), "--name", "Fae")
    lines = run("decks", "diff", "Fae@1", "Fae@3").out.splitlines()
    assert lines[0] == "Fae@1 -> Fae@3 (sve): 1 card in, 1 card out"
    assert "  +1 BP01-021 大狼 (2 -> 3)" in lines
    assert not any("(0 -> 1)" in line for line in lines)
    doc = json.loads(run("decks", "diff", "Fae@2", "Fae@1", "--json").out)
    assert doc["changes"] == []
    assert doc["printings"] == [
        {"section": "main", "before": ["SD01-001", "SP01-003"], "after": ["SD01-001"]}
    ]
