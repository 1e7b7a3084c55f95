"""Curve and odds in a real browser: paste a list, pick a card, read its odds by turn."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import screenshot, wait_for_app

EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt").read_text(
    encoding="utf-8"
)
TIMEOUT = 30_000


def test_pick_a_card_and_read_its_odds(page: Page, app_url: str) -> None:
    page.goto(app_url)
    wait_for_app(page)
    page.get_by_role("link", name="Deck builder").click()
    wait_for_app(page)
    page.get_by_label("Deck list").fill(EXAMPLE)
    page.get_by_role("button", name="Load pasted list").click()
    wait_for_app(page)
    expect(page.get_by_text("Legal in Asia")).to_be_visible(timeout=TIMEOUT)

    page.get_by_role("link", name="Curve and odds").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Curve and odds")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("40-card main deck", exact=False)).to_be_visible()

    page.get_by_test_id("stMultiSelect").first.click()
    page.get_by_role("option", name="SD01-005 · ワルツフェアリー").click()
    page.keyboard.press("Escape")
    wait_for_app(page)
    expect(page.get_by_text("P(at least 1 of ワルツフェアリー (SD01-005))").first).to_be_visible(
        timeout=TIMEOUT
    )
    table = page.get_by_test_id("stDataFrame").first
    expect(table).to_be_visible()
    # the grid is drawn on a canvas; its accessible cells hold the numbers (percent)
    expect(
        table.get_by_role("columnheader", name="Going first", include_hidden=True)
    ).to_be_attached()
    expect(table.get_by_test_id("glide-cell-1-0")).to_have_text(re.compile(r"^27\.73"))
    expect(page.get_by_test_id("stPlotlyChart")).to_have_count(3)
    screenshot(page, "curve_odds")
