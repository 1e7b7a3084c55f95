"""``decklab engine coverage``: the measured share of real cards the engine plays fully."""

from __future__ import annotations

import json
import re
from pathlib import Path

from decklab.commands.engine import starter_card_ids
from engine.sve.coverage import report, unmodelled
from tests.cli.conftest import Run

README = Path(__file__).resolve().parents[2] / "docs" / "cards.md"


def test_every_starter_deck_card_is_fully_modelled() -> None:
    """Every card printed in the starter decks SD01-SD08 (reprints under their canonical
    id, leaders and tokens aside) has all of its abilities modelled."""
    starter = starter_card_ids()
    assert len(starter) >= 140
    assert "BP01-072" in starter  # a reprint counts under its first printing
    assert not any(cid.endswith(("-LD01", "-T01")) for cid in starter)
    assert unmodelled(starter) == []


def test_starter_section_counts_and_names_what_is_missing() -> None:
    """The report counts starter cards by status and names the ones not fully modelled."""
    rep = report(starter=["SD04-001", "NOPE-1"])
    assert rep["starter"]["cards"] == 2
    assert rep["starter"]["full"] == 1
    assert rep["starter"]["not_full"] == ["NOPE-1"]


def test_coverage_command_meets_the_tournament_goal(run: Run, shared_data: Path) -> None:
    """Over the 595 real tournament lists at least 80% of card copies are fully modelled,
    and the printed table says the same as the JSON."""
    decks = shared_data / "sve" / "decks" / "individual_v2.jsonl"
    res = run("engine", "coverage", "--json", "--decks", str(decks))
    assert res.code == 0, res.err
    rep = json.loads(res.out)
    assert rep["decks"]["full_share"] >= 0.80
    assert rep["starter"]["not_full"] == []
    table = run("engine", "coverage", "--decks", str(decks))
    share = f"({100 * rep['decks']['full_share']:.1f}%)"
    assert share in table.out


def test_readme_states_the_measured_coverage(run: Run, shared_data: Path) -> None:
    """The coverage figure in the README is the one the command measures now."""
    decks = shared_data / "sve" / "decks" / "individual_v2.jsonl"
    rep = json.loads(run("engine", "coverage", "--json", "--decks", str(decks)).out)
    stated = re.search(r"Tournament card copies fully modelled: ([\d.]+)%", README.read_text())
    assert stated is not None
    assert float(stated[1]) == round(100 * rep["decks"]["full_share"], 1)


def test_compile_reads_the_merged_pool(run: Run, sve_data: Path, tmp_path: Path) -> None:
    """``engine compile`` reads the SVEN set files beside cards_ja: the sets the dump lacks
    get library entries; given no SVEN files (another folder), only the dump's cards do."""
    out = tmp_path / "abilities.json"
    res = run("engine", "compile", str(sve_data / "cards_ja"), "--out", str(out))
    assert res.code == 0, res.err
    assert f"and {sve_data / 'sven'}" in res.out
    cards = json.loads(out.read_text(encoding="utf-8"))["cards"]
    assert {"BP19-001", "BP20-LD01", "BP22-001"} <= set(cards)
    alone = tmp_path / "cards_ja"
    alone.mkdir()
    (alone / "SD01.json").write_bytes((sve_data / "cards_ja" / "SD01.json").read_bytes())
    res = run("engine", "compile", str(alone), "--out", str(out))
    assert res.code == 0, res.err
    assert "BP19-001" not in json.loads(out.read_text(encoding="utf-8"))["cards"]
    res = run("engine", "compile", str(alone), "--sven", str(tmp_path / "none"), "--out", str(out))
    assert res.code == 2
    assert "--sven" in res.err
