"""Real-browser tests: the dashboard served by Streamlit, driven in Debian's Chromium.

Needs Playwright (the ``e2e`` extra) and ``apt-get install -y chromium``; without either
these tests skip with that instruction. Screenshots go to a temporary folder, or to the
folder ``$DECKLAB_SCREENSHOTS`` names; with ``DECKLAB_DOCS_IMAGES=1`` the ones the docs show
also replace their images in ``docs/images`` (the only way a test writes into the checkout).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
APP = REPO / "dashboard" / "app.py"
DOCS_IMAGES = REPO / "docs" / "images"
SHOWN_IN_DOCS = {
    "deck_builder_illegal": "deck_builder.png",
    "curve_odds": "curve_odds.png",
    "simulate": "simulate.png",
    "deck_history": "deck_history.png",
    "replay": "replay.png",
}
"""Screenshot name -> the docs image it refreshes under ``DECKLAB_DOCS_IMAGES=1``."""
_screenshots: list[Path] = []
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


NEEDS_PLAYWRIGHT = "needs Playwright: scripts/setup.sh e2e (the e2e extra)"


class _BrowserTestModule(pytest.Module):
    """A test module of this folder: imported only where Playwright is, else skipped whole."""

    def collect(self) -> Any:
        pytest.importorskip("playwright.sync_api", reason=NEEDS_PLAYWRIGHT)
        return super().collect()


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.Module:
    """Collect this folder's modules so that a missing Playwright is a skip, not an error.

    A skip at import time of this conftest would crash ``pytest tests/e2e`` (a conftest
    named on the command line cannot skip), so the check runs when each module is collected.
    """
    return _BrowserTestModule.from_parent(parent, path=module_path)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark this folder's tests ``e2e`` and skip them where Chromium is missing."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)
            if CHROMIUM is None:
                item.add_marker(
                    pytest.mark.skip(reason="needs Chromium: apt-get install -y chromium")
                )


@pytest.fixture(scope="session", autouse=True)
def _screenshot_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Where :func:`screenshot` saves: ``$DECKLAB_SCREENSHOTS`` or a temporary folder."""
    chosen = os.environ.get("DECKLAB_SCREENSHOTS")
    _screenshots[:] = [Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (Playwright's own browser download is not available)."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
        ],
    }  # fmt: skip


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A tall viewport, so a screenshot holds the whole page."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 1600}}


@contextmanager
def serve(db: Path, log: Path) -> Iterator[str]:
    """A Streamlit server on a free loopback port, on the database ``db``; its address."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "DECKLAB_DB": str(db)}
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(APP),
             "--server.address", "127.0.0.1", "--server.port", str(port),
             "--server.headless", "true", "--browser.gatherUsageStats", "false",
             "--server.maxUploadSize", "1", "--client.toolbarMode", "viewer"],
            stdout=out, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as resp:
                if resp.read() == b"ok":
                    break
        except OSError:
            time.sleep(0.2)
    else:
        proc.kill()
        raise RuntimeError(f"streamlit never became healthy:\n{log.read_text()}")
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Streamlit server on a free loopback port, on its own new database."""
    db = tmp_path_factory.mktemp("db") / "decklab.duckdb"
    with serve(db, tmp_path_factory.mktemp("log") / "streamlit.log") as url:
        yield url


def wait_for_app(page: Page) -> None:
    """Wait until the app is connected and its script has finished running."""
    app = page.get_by_test_id("stApp")
    app.and_(page.locator("[data-test-connection-state='CONNECTED']")).wait_for(state="attached")
    app.and_(page.locator("[data-test-script-state='notRunning']")).wait_for(state="attached")


def set_games(page: Page, count: str) -> None:
    """Type ``count`` into Games and wait until the page has taken it (its caption says so).

    On a busy machine a rerun can redraw the box while it is typed into, leaving another
    number than the one typed; typing again until the page states the count avoids that.
    """
    games = page.get_by_label("Games", exact=True)
    taken = page.get_by_text(re.compile(rf"^{count} games give a 95% interval"))
    for _ in range(5):
        games.fill(count)
        games.press("Enter")
        wait_for_app(page)
        if taken.is_visible():
            break
    from playwright.sync_api import expect  # only browser tests call this

    expect(taken).to_be_visible(timeout=60_000)


def pick_list_shows(page: Page, label: str, option: str, *, exact: bool = False) -> None:
    """Open the select box ``label`` until ``option`` is listed.

    A rerun that lands just after the click redraws the box and closes its list, so the
    click is tried again (up to five times) rather than waiting on a list that is gone.
    """
    from playwright.sync_api import expect  # only browser tests call this

    box = page.get_by_label(label, exact=exact)
    listed = page.get_by_role("option", name=option)
    for _ in range(4):
        wait_for_app(page)
        box.click()
        try:
            expect(listed).to_be_visible(timeout=6_000)
            return
        except AssertionError:
            page.keyboard.press("Escape")
    wait_for_app(page)
    box.click()
    expect(listed).to_be_visible(timeout=30_000)


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot for review (and refresh its docs image when asked to)."""
    folder = _screenshots[0]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if os.environ.get("DECKLAB_DOCS_IMAGES") == "1" and name in SHOWN_IN_DOCS:
        shutil.copyfile(path, DOCS_IMAGES / SHOWN_IN_DOCS[name])
    return path
