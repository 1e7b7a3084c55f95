"""Running a stored simulation from a page, with a progress bar; cancel stops it between blocks.

A click on Cancel (any click) makes Streamlit ask the running page to rerun; the page learns
of it at its next update, where Streamlit raises its rerun signal. The run touches the page
before each block is stored, so a cancelled run stores nothing after the click.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from analytics.decks import deck_spec
from analytics.runs import RunInfo, execute_run, missing_games, start_run
from analytics.simulate import MatchConfig, Progress
from cardpool.deck import Deck
from dashboard import data

START_METHOD = "forkserver"
"""The server is threaded: worker processes start from a clean server, not a fork of it."""


def progress_text(p: Progress) -> str:
    """``120/1000 games · 85 games/s · 10 s left``."""
    eta = p.eta_s
    left = f"{eta:.0f} s left" if eta is not None else "estimating"
    return f"{p.done}/{p.total} games · {p.games_per_s:.0f} games/s · {left}"


def run_matchup(
    a: Deck,
    b: Deck,
    *,
    games: int,
    agents: tuple[str, str],
    seed: int,
    batch_id: str | None = None,
    label: str = "",
    on_start: Callable[[RunInfo], None] | None = None,
) -> RunInfo:
    """Start a stored run of deck A against deck B and play it, showing a progress bar.

    Every finished block is stored at once, so a cancelled run keeps what it played.
    ``on_start`` learns the run as soon as it is stored (a cancel ends this call early).
    """
    pool = data.pool("sve")
    config = MatchConfig(
        deck_spec(a, pool, where=a.name or "deck A"), deck_spec(b, pool, where=b.name or "deck B"),
        agents,
    )  # fmt: skip
    bar = st.progress(0.0, text=f"{label}starting workers…")
    beat = st.empty()

    def show(p: Progress) -> None:
        bar.progress(min(1.0, p.done / p.total), text=label + progress_text(p))

    def cancelled() -> bool:
        beat.empty()  # raises Streamlit's rerun signal once Cancel was clicked
        return False

    with data.store() as store:
        info = start_run(
            store, a, b, games=games, agents=agents, seed=seed, backend="dashboard",
            batch_id=batch_id,
        )  # fmt: skip
        if on_start:
            on_start(info)
        execute_run(
            store, info, config, missing_games(store, info), on_progress=show,
            should_stop=cancelled, start_method=START_METHOD,
        )  # fmt: skip
    bar.empty()
    return info
