"""Names that are markdown and HTML, planted in every field a page shows, in a real browser:
each shows as the text it is, and no request leaves for the address it names.

A card, two decks, a tournament label, an uploaded file's name and the cards of an
uploaded event log are each called ``![x](http://hostile.invalid/...) <img src=...>
[link](...)``; the decks are saved, simulated, put in a round robin, a gauntlet and an
impact study, and every page that shows them is opened. Requests to ``hostile.invalid``
are stopped and counted: there must be none.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, Request, Route, expect

from decklab.cli import main
from tests.e2e.conftest import REPO, screenshot, serve, wait_for_app

HOST = "hostile.invalid"
TIMEOUT = 60_000
EXAMPLES = REPO / "examples"


def hostile(tag: str) -> str:
    """A name that, read as markdown or HTML, would load two images and make a link."""
    return f"![{tag}](http://{HOST}/{tag}) <img src=http://{HOST}/i{tag}> [{tag}](http://{HOST}/a)"


CARD, DECK_A, DECK_B = hostile("card"), hostile("deckA"), hostile("deckB")
LABEL, FILE, LOG_CARD = hostile("label"), hostile("file"), hostile("logcard")


def _deck(example: str, name: str) -> str:
    """An example deck under ``name`` (the forest one with a copy of the hostile card)."""
    lines = []
    for line in (EXAMPLES / example).read_text(encoding="utf-8").splitlines():
        if line.startswith("# name:"):
            line = f"# name: {name}"
        elif line.startswith("3 SD01-013"):  # a forest deck: the card is a forest follower
            lines += ["2 SD01-013", "1 ZZ01-001"]
            continue
        lines.append(line)
    return "\n".join(lines) + "\n"


def _prepare(folder: Path) -> Path:
    """A database holding the hostile card, decks, runs, studies and tournament lists."""
    db = folder / "decklab.duckdb"
    cards = {"format": 1, "set": "ZZ01", "cards": [{
        "id": "ZZ01-001", "names": {"ja": CARD, "en": CARD}, "type": "follower",
        "class": "forest", "cost": 1, "attack": 1, "defense": 1,
    }]}  # fmt: skip
    (folder / "zz01.json").write_text(json.dumps(cards), encoding="utf-8")
    deck_a, deck_b = folder / "a.txt", folder / "b.txt"
    deck_a.write_text(_deck("forest_fairies.txt", DECK_A), encoding="utf-8")
    deck_b.write_text(_deck("sword_knights.txt", DECK_B), encoding="utf-8")
    main_cards = {"ZZ01-001": 3, "SD01-001": 3, "SD01-003": 3, "SD01-005": 3, "BP01-017": 3}
    lists = "".join(
        json.dumps({"date": f"2026-10-{1 + i:02d}", "rank": 1 + i, "players": 16,
                    "class_or_title_ja": LABEL, "deck_code": f"H{i}", "tournament_id": "t1",
                    "main_deck_by_code": main_cards}, ensure_ascii=False) + "\n"
        for i in range(4)
    )  # fmt: skip
    (folder / "lists.jsonl").write_text(lists, encoding="utf-8")
    quick = ["--games", "2", "--workers", "1", "--agents", "greedy,greedy", "--quiet"]
    for argv in (
        ["db", "import", str(folder / "zz01.json")],
        ["db", "import", str(folder / "lists.jsonl")],
        ["decks", "save", str(deck_a)],
        ["decks", "save", str(deck_b)],
        ["matrix", str(deck_a), str(deck_b), *quick],
        ["simulate", str(deck_a), str(deck_b), *quick],
        ["gauntlet", str(deck_a), "--meta", str(folder / "lists.jsonl"), "--top", "1", *quick],
        ["impact", str(deck_a), "--field", str(deck_b), "--card", "ZZ01-001", *quick],
    ):
        assert main(["--db", str(db), *argv]) == 0, argv
    return db


@pytest.fixture(scope="module")
def hostile_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The dashboard on the prepared database, and the folder of the files it was made from."""
    folder = tmp_path_factory.mktemp("hostile")
    db = _prepare(folder)
    with serve(db, folder / "streamlit.log") as url:
        yield url, folder


@pytest.fixture
def watched(page: Page) -> list[str]:
    """Every request the page makes for the hostile host, stopped before it leaves."""
    asked: list[str] = []

    def stop(route: Route, request: Request) -> None:
        asked.append(request.url)
        route.abort()

    page.route(re.compile(rf"^https?://{re.escape(HOST)}/"), stop)
    page.on("request", lambda r: asked.append(r.url) if HOST in r.url else None)
    return asked


def _open(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)


def _seen(text: str) -> re.Pattern[str]:
    """``text`` as the page shows it (the word joiners that keep an address from becoming a
    link are invisible)."""
    return re.compile(re.escape(text).replace(":", "\u2060?:").replace("@", "@\u2060?"))


def _visible(page: Page, text: str) -> Locator:
    """The visible elements showing ``text`` (a table's cells are drawn, not text)."""
    return page.get_by_text(_seen(text)).and_(page.locator(":visible"))


def _shown(page: Page, text: str) -> None:
    """``text`` is on the page as text (its markdown not rendered)."""
    expect(_visible(page, text).first).to_be_visible(timeout=TIMEOUT)


def _nothing_planted(page: Page, asked: list[str]) -> None:
    """No image or link of the page names the hostile host, and nothing was fetched."""
    assert page.locator(f"img[src*='{HOST}'], a[href*='{HOST}']").count() == 0
    assert asked == []


def test_every_page_shows_planted_names_as_text(
    page: Page, hostile_app: tuple[str, Path], watched: list[str]
) -> None:
    url, _ = hostile_app
    _open(page, url)  # Card pool: the card's heading
    box = page.get_by_label("Name or code")
    box.fill("ZZ01-001")
    box.press("Enter")
    wait_for_app(page)
    _shown(page, f"{CARD} (ZZ01-001)")
    _nothing_planted(page, watched)

    _open(page, f"{url}/my_decks")  # the download label names the deck
    _shown(page, "Download ![deck")
    _nothing_planted(page, watched)

    _open(page, f"{url}/simulate")  # the last run's heading names both decks
    _shown(page, DECK_A)
    _shown(page, DECK_B)
    _nothing_planted(page, watched)

    _open(page, f"{url}/replay")  # both players' panels, the result in the caption
    _shown(page, DECK_A)
    _nothing_planted(page, watched)

    _open(page, f"{url}/matchups")
    wait_for_app(page)
    _nothing_planted(page, watched)

    _open(page, f"{url}/meta")
    wait_for_app(page)
    _nothing_planted(page, watched)

    _open(page, f"{url}/answers")  # the gauntlet's deck in its heading
    _shown(page, f"{DECK_A}: expected win rate")
    page.get_by_role("tab", name="Cards in a run").click()
    wait_for_app(page)
    _shown(page, DECK_A)
    page.get_by_role("tab", name="Card impact").click()
    wait_for_app(page)
    _nothing_planted(page, watched)

    _open(page, f"{url}/deck_builder")  # the deck with the card, then its odds
    page.get_by_label("Deck list").fill(_deck("forest_fairies.txt", DECK_A))
    page.get_by_role("button", name="Load pasted list").click()
    wait_for_app(page)
    page.get_by_role("link", name="Curve and odds").click()
    wait_for_app(page)
    _shown(page, DECK_A)
    _nothing_planted(page, watched)
    screenshot(page, "hostile-names")


def test_uploaded_file_names_and_log_cards_show_as_text(
    page: Page, hostile_app: tuple[str, Path], watched: list[str], tmp_path: Path
) -> None:
    url, folder = hostile_app
    _open(page, f"{url}/meta")  # an import's message names the file
    lists = (folder / "lists.jsonl").read_bytes()
    page.locator("input[type=file]").set_input_files(
        files=[{"name": f"{FILE}.jsonl", "mimeType": "application/json", "buffer": lists}]
    )
    wait_for_app(page)
    _shown(page, f"from {FILE}.jsonl")
    page.locator("input[type=file]").set_input_files(
        files=[{"name": f"{FILE}.jsonl", "mimeType": "application/json", "buffer": b"{"}]
    )
    wait_for_app(page)
    _nothing_planted(page, watched)

    log = tmp_path / "game.jsonl"
    decks = [str(EXAMPLES / "forest_fairies.txt"), str(EXAMPLES / "sword_knights.txt")]
    assert main(["--db", str(tmp_path / "x.duckdb"), "play", *decks, "--log", str(log)]) == 0
    planted = log.read_text(encoding="utf-8").replace('"BP01-017"', json.dumps(LOG_CARD))
    assert planted.count(LOG_CARD) > 0
    _open(page, f"{url}/replay")
    page.get_by_text("A decklab play --log file").click()
    wait_for_app(page)
    page.locator("input[type=file]").set_input_files(
        files=[{"name": f"{FILE}.jsonl", "mimeType": "application/json",
                "buffer": planted.encode("utf-8")}]
    )  # fmt: skip
    wait_for_app(page)
    for _ in range(40):  # step until the planted card is named
        if _visible(page, LOG_CARD).count():
            break
        page.get_by_role("button", name="Next step").click()
        wait_for_app(page)
    _shown(page, LOG_CARD)
    page.locator("input[type=file]").set_input_files(
        files=[{"name": f"{FILE}.jsonl", "mimeType": "application/json", "buffer": b"not json"}]
    )
    wait_for_app(page)
    _shown(page, f"Cannot replay {FILE}.jsonl")
    _nothing_planted(page, watched)
