"""A player's first journey in a real browser: search a card, build a deck, fix it."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import screenshot, wait_for_app

EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt").read_text(
    encoding="utf-8"
)
TIMEOUT = 30_000


def test_search_build_and_fix_a_deck(page: Page, app_url: str) -> None:
    page.goto(app_url)
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Card pool")).to_be_visible(timeout=TIMEOUT)

    page.get_by_label("Name or code").fill("フェアリープリンセス")
    page.get_by_label("Name or code").press("Enter")
    wait_for_app(page)
    expect(page.get_by_text("1 card(s)")).to_be_visible(timeout=TIMEOUT)
    expect(
        page.get_by_role("heading", name="フェアリープリンセス・アリア (SD01-001)")
    ).to_be_visible()
    screenshot(page, "card_pool")

    page.get_by_role("link", name="Deck builder").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Deck builder")).to_be_visible(timeout=TIMEOUT)

    broken = EXAMPLE.replace("3 BP01-179", "4 BP01-179")
    page.get_by_label("Deck list").fill(broken)
    page.get_by_role("button", name="Load pasted list").click()
    wait_for_app(page)
    expect(page.get_by_text("Not legal in Asia")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("4 copies of エンジェルスナイプ (BP01-179)")).to_be_visible()
    screenshot(page, "deck_builder_illegal")

    page.get_by_label("Deck list").fill(EXAMPLE)
    page.get_by_role("button", name="Load pasted list").click()
    wait_for_app(page)
    expect(page.get_by_text("Legal in Asia")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("40 / 40-50")).to_be_visible()
    screenshot(page, "deck_builder_legal")
