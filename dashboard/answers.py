"""Running a gauntlet study from a page, with a progress bar; cancel stops it between blocks."""

from __future__ import annotations

import streamlit as st

from analytics import gauntlet
from analytics.decks import deck_spec
from analytics.meta import decklists
from analytics.simulate import MatchConfig, Progress
from analytics.study import (
    Matchup,
    Scores,
    deck_json,
    finish_study,
    play_study,
    seed_order,
    start_study,
)
from cardpool.deck import Deck
from dashboard import data
from dashboard.simulation import START_METHOD, progress_text


def run_gauntlet(deck: Deck, *, top: int, games: int, agent: str, until_decided: bool) -> str:
    """Play ``deck`` against the imported field's ``top`` archetypes, store the answer; its id."""
    pool = data.pool("sve")
    with data.store() as store:
        lists = decklists(store)
        field = gauntlet.archetypes(lists, pool, top)
        ours = deck_spec(deck, pool, where=deck.name)
        configs = [
            MatchConfig(ours, deck_spec(a.deck, pool, where=a.name), (agent, agent)) for a in field
        ]
        params = {
            "deck": deck_json(deck), "meta": None, "since": None, "top": top,
            "lists": len(lists),
            "field": [{"name": a.name, "share": a.share, "code": a.code, "deck": deck_json(a.deck)}
                      for a in field],
        }  # fmt: skip
        info = start_study(
            store, "gauntlet", deck.name, params, games=games, seed=0, agents=(agent, agent),
            turn_limit=60, until_decided=until_decided, backend="dashboard",
        )  # fmt: skip
        matchups = [
            Matchup(gauntlet.matchup_key(i), deck, a.deck, c)
            for i, (a, c) in enumerate(zip(field, configs, strict=True))
        ]
        bar = st.progress(0.0, text="starting workers…")

        def show(p: Progress) -> None:
            bar.progress(min(1.0, p.done / p.total), text=progress_text(p))

        n_lists = len(lists)
        seeds = seed_order(info)

        def active(scores: Scores, point: int) -> set[str]:
            return gauntlet.still_open(scores, field, info.units, point, n_lists, seeds)

        played = play_study(
            store, info, matchups, active=active if until_decided else None,
            on_progress=show, backend="dashboard", start_method=START_METHOD,
        )  # fmt: skip
        result = gauntlet.gauntlet_result(
            deck.name, field, played.scores, sequential=until_decided, budget_units=info.units,
            lists=n_lists, look_units=played.units,
        )  # fmt: skip
        result.update({
            "study_id": info.study_id, "until_decided": until_decided,
            "games_budget": played.games_budget, "games_played": played.games_played,
            "games_saved": played.games_saved,
        })  # fmt: skip
        finish_study(store, info.study_id, result, played.games_played)
    return info.study_id
