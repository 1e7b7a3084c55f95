"""A local tool makes no outside requests: every page, charts included, is served from
127.0.0.1 (the tab icon too; Streamlit would fetch a ``:material/...:`` one from Google)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, Request, Route, expect

from tests.e2e.conftest import wait_for_app

EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt").read_text(
    encoding="utf-8"
)
PAGES = ("Card pool", "Deck builder", "Curve and odds", "My decks", "Simulate", "Replay",
         "Matchups", "Meta", "Answers")  # fmt: skip
TIMEOUT = 30_000


def _outside(url: str) -> bool:
    """A request that leaves this machine (``data:`` and ``blob:`` URLs stay in the page)."""
    parts = urlsplit(url)
    return parts.scheme not in ("data", "blob") and parts.hostname != "127.0.0.1"


def test_no_page_asks_anything_of_another_host(page: Page, app_url: str) -> None:
    asked: list[str] = []

    def refuse(route: Route, request: Request) -> None:
        asked.append(request.url)  # noted, and never sent
        route.abort()

    page.context.route(lambda url: _outside(url), refuse)
    page.on("request", lambda request: _outside(request.url) and asked.append(request.url))
    page.goto(app_url)
    wait_for_app(page)
    page.get_by_role("link", name="Deck builder").click()
    wait_for_app(page)
    page.get_by_label("Deck list").fill(EXAMPLE)
    page.get_by_role("button", name="Load pasted list").click()
    wait_for_app(page)
    expect(page.get_by_text("Legal in ", exact=False).first).to_be_visible(timeout=TIMEOUT)
    for name in PAGES:  # with a deck loaded the odds page draws its charts
        page.get_by_role("link", name=name).click()
        wait_for_app(page)
        expect(page.get_by_role("heading", name=name, exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert sorted(set(asked)) == []
