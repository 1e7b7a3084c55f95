"""The Card pool adds the card it shows, whatever was searched before."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_for_app

TIMEOUT = 30_000


def _search(page: Page, text: str) -> None:
    box = page.get_by_label("Name or code")
    box.fill(text)
    box.press("Enter")
    wait_for_app(page)


def test_add_adds_the_card_shown_after_a_search_with_no_match(page: Page, app_url: str) -> None:
    page.goto(app_url)
    wait_for_app(page)
    _search(page, "ふぇありーぷりんせす")
    expect(page.get_by_text("1 card(s)")).to_be_visible(timeout=TIMEOUT)
    _search(page, "ゼウス")
    expect(page.get_by_text("No cards match these filters")).to_be_visible(timeout=TIMEOUT)
    _search(page, "ありあ")
    expect(page.get_by_text("No cards match these filters")).to_have_count(0, timeout=TIMEOUT)
    shown = page.get_by_role("heading", name=re.compile(r"\((BP|SD|CP)\d\d-\d{3}\)$"))
    box = page.get_by_label("Card details")
    said = ""
    for _ in range(20):  # the page settles; with the fault the two never agreed
        wait_for_app(page)
        heading = shown.inner_text()  # e.g. "自然の妖精姫・アリア (BP16-001)"
        name, code = re.fullmatch(r"(.+) \((.+)\)", heading).groups()  # type: ignore[union-attr]
        said = box.input_value()
        if said == f"{code} · {name}":
            break
        page.wait_for_timeout(500)
    assert said == f"{code} · {name}", f"the box shows {said!r}, the details {heading!r}"
    page.get_by_role("button", name=re.compile("^Add to the ")).click()
    wait_for_app(page)
    expect(page.get_by_text(re.compile(r"^Added 1 × "))).to_have_text(
        re.compile(rf"^Added 1 × {re.escape(name)} to the ")
    )
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
