"""Watching a game in the browser: simulate two games, open one in Replay and step through it;
open a ``decklab play --log`` file the same way."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from decklab.cli import main
from tests.e2e.conftest import REPO, screenshot, set_games, wait_for_app

TIMEOUT = 60_000
EXAMPLES = REPO / "examples"


def _at_step(page: Page, title: str) -> None:
    """The step shown is the one whose title starts with ``title`` (a regular expression)."""
    heading = page.get_by_role("heading", name=re.compile(f"^{title}"))
    expect(heading).to_be_visible(timeout=TIMEOUT)


def _step_number(page: Page) -> int:
    """The number of the step shown (from its caption, ``Step 14 of 46 · ...``)."""
    caption = page.get_by_text(re.compile(r"^Step \d+ of \d+")).inner_text()
    return int(caption.split()[1])


def _click(page: Page, name: str) -> None:
    page.get_by_role("button", name=name).click()
    wait_for_app(page)


def test_step_through_a_simulated_game(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/simulate")
    wait_for_app(page)
    set_games(page, "2")
    page.get_by_role("button", name="Start").click()
    wait_for_app(page)
    expect(page.get_by_text("95% interval", exact=True)).to_be_visible(timeout=TIMEOUT)

    page.get_by_role("link", name="Replay").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Replay")).to_be_visible(timeout=TIMEOUT)
    _at_step(page, r"Setup: ")
    _click(page, "Next step")
    _at_step(page, r"Turn 1: ")
    _click(page, "Previous step")
    _at_step(page, r"Setup: ")
    for turn in range(1, 13):  # turn by turn to turn 12 (or the end)
        _click(page, "Next turn")
        _at_step(page, rf"(Turn {turn}: |Game over: )")
        if page.get_by_role("heading", name=re.compile("^Game over: ")).count():
            break
    shown = _step_number(page)
    _click(page, "Previous step")  # the last thing done in turn 11: both fields full
    expect(page.get_by_text(f"Step {shown - 1} of ", exact=False)).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("Leader defense").first).to_be_visible()
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    screenshot(page, "replay")


def test_open_a_play_log_file(page: Page, app_url: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    decks = [str(EXAMPLES / "forest_fairies.txt"), str(EXAMPLES / "sword_knights.txt")]
    db = str(tmp_path / "cli.duckdb")
    assert main(["--db", db, "play", *decks, "--seed", "3", "--log", str(log)]) == 0
    page.goto(f"{app_url}/replay")
    wait_for_app(page)
    page.get_by_text("A decklab play --log file").click()
    wait_for_app(page)
    page.locator("input[type=file]").set_input_files(str(log))
    wait_for_app(page)
    _at_step(page, r"Setup: player 1 goes first")
    _click(page, "Next turn")
    _at_step(page, r"Turn 1: player 1's turn")  # each click lands before the next one
    _click(page, "Next turn")
    _at_step(page, r"Turn 2: player 0's turn")
    _click(page, "Next step")
    _at_step(page, r"player 0 plays .+ \(\d+\) for \d+ PP")
    expect(page.get_by_test_id("stException")).to_have_count(0)
