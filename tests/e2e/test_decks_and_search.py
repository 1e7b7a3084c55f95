"""A player's weekly use in a real browser: search in kana, keep decks of both games apart,
update a deck and read what changed."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import pick_list_shows, screenshot, wait_for_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FAIRIES = (EXAMPLES / "forest_fairies.txt").read_text(encoding="utf-8")
JINX = (EXAMPLES / "riftbound" / "jinx_loose_cannon.txt").read_text(encoding="utf-8")
TIMEOUT = 30_000


def _choose_game(page: Page, name: str) -> None:
    page.get_by_test_id("stSidebar").get_by_text(name, exact=True).click()
    wait_for_app(page)


def _load_in_builder(page: Page, text: str) -> None:
    page.get_by_role("link", name="Deck builder").click()
    wait_for_app(page)
    page.get_by_label("Deck list").fill(text)
    page.get_by_role("button", name="Load pasted list").click()
    wait_for_app(page)


def _save_in_my_decks(page: Page, name: str) -> None:
    page.get_by_role("link", name="My decks").click()
    wait_for_app(page)
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_role("button", name="Save deck").click()
    wait_for_app(page)


def test_a_kana_search_finds_the_katakana_name(page: Page, app_url: str) -> None:
    page.goto(app_url)
    wait_for_app(page)
    box = page.get_by_label("Name or code")
    box.fill("ふぇありーぷりんせす")
    box.press("Enter")
    wait_for_app(page)
    expect(page.get_by_text("1 card(s)")).to_be_visible(timeout=TIMEOUT)
    expect(
        page.get_by_role("heading", name="フェアリープリンセス・アリア (SD01-001)")
    ).to_be_visible()
    box.fill("ｱﾘｱ")
    box.press("Enter")
    wait_for_app(page)
    # the new results replace the single card (the rerun may start after the wait above)
    expect(page.get_by_text("1 card(s)")).not_to_be_visible(timeout=TIMEOUT)
    pick_list_shows(page, "Card details", "BP16-001 · 自然の妖精姫・アリア")


def test_a_riftbound_deck_is_saved_listed_and_reopened(page: Page, app_url: str) -> None:
    page.goto(app_url)
    wait_for_app(page)
    _choose_game(page, "Riftbound")
    _load_in_builder(page, JINX)
    expect(page.get_by_text("Legal as of")).to_be_visible(timeout=TIMEOUT)
    _save_in_my_decks(page, "Jinx burn")
    expect(page.get_by_text("Saved 'Jinx burn'.")).to_be_visible(timeout=TIMEOUT)
    # the list replaces the empty-state message once the page has rerun after the save
    expect(page.get_by_text("No saved Riftbound decks yet")).to_have_count(0, timeout=TIMEOUT)
    expect(page.get_by_text("Riftbound decks (the other game's")).to_be_visible()
    pick_list_shows(page, "Deck", "Jinx burn", exact=True)
    page.keyboard.press("Escape")
    screenshot(page, "my_decks_riftbound")

    _choose_game(page, "Shadowverse EVOLVE")  # the other game's list is its own
    expect(page.get_by_text("No saved Shadowverse EVOLVE decks yet")).to_be_visible(timeout=TIMEOUT)
    _choose_game(page, "Riftbound")
    page.get_by_role("button", name="Open in the Deck builder").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Deck builder")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("Legal as of")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("12 / 12")).to_be_visible()  # the runes: a Riftbound deck


def test_a_deck_is_updated_and_the_versions_diffed(page: Page, app_url: str) -> None:
    page.goto(app_url)
    wait_for_app(page)
    _load_in_builder(page, FAIRIES)
    _save_in_my_decks(page, "Fairies")
    expect(page.get_by_text("Saved 'Fairies'.")).to_be_visible(timeout=TIMEOUT)
    changed = FAIRIES.replace("3 BP01-179", "2 BP01-179").replace("2 BP01-021", "3 BP01-021")
    _load_in_builder(page, changed)
    _save_in_my_decks(page, "Fairies")
    expect(page.get_by_text("Saved 'Fairies' as version 2.")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("1 card in, 1 card out")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("heading", name="Versions")).to_be_visible()
    page.get_by_role("heading", name="Versions").scroll_into_view_if_needed()
    screenshot(page, "deck_history")
