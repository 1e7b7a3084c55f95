"""A small simulation in the browser, and several people using one server at once."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import pick_list_shows, screenshot, set_games, wait_for_app

TIMEOUT = 60_000
EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt").read_text(
    encoding="utf-8"
)


def test_run_a_small_simulation_and_see_its_chart(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/simulate")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Simulate")).to_be_visible(timeout=TIMEOUT)
    set_games(page, "20")
    page.get_by_role("button", name="Start").click()
    wait_for_app(page)
    expect(page.get_by_text("95% interval", exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("stPlotlyChart").first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("Win rate with 95% intervals")).to_be_visible(timeout=TIMEOUT)
    screenshot(page, "simulate")


def test_four_sessions_at_once_without_database_errors(browser: Browser, app_url: str) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 1400}) for _ in range(4)]
    pages = [c.new_page() for c in contexts]
    try:
        for p in pages:
            p.goto(app_url)
        for i, p in enumerate(pages):  # each session searches for something else
            wait_for_app(p)
            box = p.get_by_label("Name or code")
            box.fill(["アリア", "ゴブリン", "BP01", "ドラゴン"][i])
            box.press("Enter")
        for p in pages:
            wait_for_app(p)
            expect(p.get_by_text("card(s)")).to_be_visible(timeout=TIMEOUT)
        for p in pages:  # every session builds a deck ...
            p.goto(f"{app_url}/deck_builder")
        for p in pages:
            wait_for_app(p)
            p.get_by_label("Deck list").fill(EXAMPLE)
            p.get_by_role("button", name="Load pasted list").click()
        for p in pages:  # ... and saves it at about the same time: four writers
            wait_for_app(p)
            p.get_by_role("link", name="My decks").click()
        for i, p in enumerate(pages):
            wait_for_app(p)
            p.get_by_label("Name", exact=True).fill(f"session {i}")
        for p in pages:
            p.get_by_role("button", name="Save deck").click()
        for i, p in enumerate(pages):
            wait_for_app(p)
            expect(p.get_by_text(f"Saved 'session {i}'")).to_be_visible(timeout=TIMEOUT)
            expect(p.get_by_test_id("stException")).to_have_count(0)
        pages[0].reload()
        wait_for_app(pages[0])
        screenshot(pages[0], "my_decks")
        pick_list_shows(pages[0], "Deck", "session 0", exact=True)  # every session's deck...
        options = pages[0].get_by_role("option")  # ...seen from one
        expect(options).to_have_count(4, timeout=TIMEOUT)
        assert sorted(options.all_inner_texts()) == [f"session {i}" for i in range(4)]
    finally:
        for c in contexts:
            c.close()


def test_a_cancelled_run_is_shown_and_listed_in_past_runs(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/simulate")
    wait_for_app(page)
    for count in ("2", "400"):  # a finished run first, then the one cancelled
        set_games(page, count)
        page.get_by_role("button", name="Start", exact=True).click()
        if count == "2":  # wait for this run's own numbers, not an earlier run's
            wait_for_app(page)
            games_played = page.get_by_test_id("stMetricValue").filter(
                has_text=re.compile(r"^2 \(\d+, \d+\)$")
            )
            expect(games_played).to_be_visible(timeout=TIMEOUT)
    # the first stored block moves the bar past 0: then cancel
    expect(page.get_by_text(re.compile(r"^[1-9]\d*/400 games"))).to_be_visible(timeout=120_000)
    page.get_by_role("button", name="Cancel").click()
    wait_for_app(page)
    stopped = page.get_by_text(re.compile(r"^This run stopped after \d+ of 400 games"))
    expect(stopped).to_be_visible(timeout=TIMEOUT)
    played = int(stopped.inner_text().split()[4])
    past = page.get_by_test_id("stMultiSelect").filter(has_text="Compare runs side by side")
    chosen = past.get_by_role("button", name=re.compile("^Remove "))
    # the cancelled run first, beside the run picked before it
    expect(chosen.first).to_have_attribute("aria-label", re.compile(rf"\({played} games\)$"))
    expect(chosen.nth(1)).to_have_attribute("aria-label", re.compile(r"\(2 games\)$"))
