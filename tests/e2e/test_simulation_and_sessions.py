"""A small simulation in the browser, and several people using one server at once."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import screenshot, wait_for_app

TIMEOUT = 60_000


def test_run_a_small_simulation_and_see_its_chart(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/simulate")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Simulate")).to_be_visible(timeout=TIMEOUT)
    games = page.get_by_label("Games", exact=True)
    games.fill("20")
    games.press("Enter")
    wait_for_app(page)
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
        for p in pages:  # and all of them open a page that writes to the database
            p.goto(f"{app_url}/my_decks")
        for p in pages:
            wait_for_app(p)
            expect(p.get_by_role("heading", name="My decks")).to_be_visible(timeout=TIMEOUT)
            expect(p.get_by_test_id("stException")).to_have_count(0)
            expect(p.get_by_text("ResourceInUse")).to_have_count(0)
    finally:
        for c in contexts:
            c.close()
