"""The dashboard beside another process: a database held elsewhere is a message, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from cardpool.store import Store

HOLD = (
    "import sys, time, duckdb; c = duckdb.connect(sys.argv[1]); "
    "print('holding', flush=True); time.sleep(120)"
)


@pytest.mark.parametrize("page", ["card_pool", "my_decks", "deck_builder"])
def test_a_database_held_by_another_process_is_one_message(
    app: AppTest, page: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = Path(os.environ["DECKLAB_DB"])
    with Store.open(path) as store:
        store.ensure_default()
    monkeypatch.setenv("DECKLAB_DB_WAIT", "0.5")
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "holding"
        app.run()
        app.switch_page(f"app_pages/{page}.py").run()
        assert not app.exception
        message = app.error[0].value
        assert "the database is in use by another process" in message
        assert f"PID {holder.pid}" in message
        assert "Traceback" not in message
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()


def test_the_dashboard_lets_go_of_the_database_between_requests(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/my_decks.py").run()
    assert not app.exception
    path = os.environ["DECKLAB_DB"]
    done = subprocess.run(
        [sys.executable, "-c", "import sys, duckdb; duckdb.connect(sys.argv[1]).close()", path],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr  # another process may open it for writing
