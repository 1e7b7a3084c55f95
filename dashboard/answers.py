"""The Answers page's logic: running a gauntlet study with a progress bar (cancel stops it
between blocks), and stored answers as tables in plain words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from analytics import gauntlet
from analytics.decks import deck_spec, unmodelled_in
from analytics.meta import decklists
from analytics.simulate import MatchConfig, Progress
from analytics.study import (
    Matchup,
    Scores,
    answer_notes,
    deck_json,
    finish_study,
    play_study,
    seed_order,
    start_study,
)
from cardpool.deck import Deck
from cardpool.words import percent
from dashboard import data
from dashboard.simulation import START_METHOD, progress_text
from dashboard.tables import for_people


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
        result["not_fully_modelled"] = unmodelled_in([deck, *(a.deck for a in field)], pool)
        result.update(answer_notes(info, played))
        finish_study(store, info.study_id, result, played.games_played)
    bar.empty()
    return info.study_id


# --- the page's words: labels and tables of stored answers ---------------------------------


def study_label(row: Any) -> str:
    """A stored study as a person names it: ``Forest fairies · 400 games · 2026-12-01 14:05``."""
    when = pd.Timestamp(row.started).strftime("%Y-%m-%d %H:%M") if row.started else ""
    games = int(row.games_played) if row.games_played == row.games_played else 0
    return f"{row.deck} · {games:,} games · {when}"


def interval_text(ci: Any, sign: bool = False) -> str:
    """``40.0% to 55.0%`` (blank when unknown)."""
    if not isinstance(ci, (list, tuple)) or len(ci) != 2 or ci[0] is None or ci[1] is None:
        return ""
    fmt = "{:+.1%}" if sign else "{:.1%}"
    return f"{fmt.format(ci[0])} to {fmt.format(ci[1])}"


def _signed(value: Any) -> str:
    return "" if value is None else f"{float(value):+.1%}"


def gauntlet_table(result: dict[str, Any]) -> pd.DataFrame:
    """The field of a gauntlet answer, one archetype a row, in plain words."""
    frame = pd.DataFrame(result["field"])
    frame["interval"] = frame["ci95"].map(interval_text)
    return for_people(
        frame,
        {"archetype": "Archetype", "share": "Share of lists", "list": "Typical list",
         "win_rate": "Win rate", "interval": "95% interval", "games": "Games",
         "swing": "Moves the answer by"},
        {"share": percent, "win_rate": percent, "swing": _signed},
    )  # fmt: skip


def impact_table(result: dict[str, Any], name: Callable[[str], str]) -> pd.DataFrame:
    """An impact answer, one card a row, named, with its interval and decision in words."""
    frame = pd.DataFrame(result["rows"])
    frame["card_name"] = [
        f"{name(c)} ({c})" if name(c) != c else c for c in frame["card"]
    ]  # fmt: skip
    frame["swapped"] = [
        "taken out" if not s else (f"swapped for {name(s)} ({s})" if name(s) != s else s)
        for s in frame["swap"]
    ]
    frame["interval"] = frame["ci95"].map(lambda ci: interval_text(ci, sign=True))
    frame["verdict"] = [_verdict(r) for r in frame.to_dict(orient="records")]
    return for_people(
        frame,
        {"card_name": "Card", "swapped": "Variant", "delta": "Adds", "interval": "95% interval",
         "games": "Games", "verdict": "Decision"},
        {"delta": _signed},
    )  # fmt: skip


def _verdict(row: Any) -> str:
    if row.get("decided"):
        return "helps" if (row.get("delta") or 0) > 0 else "hurts"
    if row.get("negligible"):
        return "matters little"
    return "not decided"


def mulligan_table(result: dict[str, Any]) -> pd.DataFrame:
    """A mulligan answer, one policy and seat a row, against the reference policy."""
    frame = pd.DataFrame(result["rows"])
    frame["interval"] = frame["ci95"].map(lambda ci: interval_text(ci, sign=True))
    frame["against"] = [
        "reference" if ci is None else _signed(d)
        for ci, d in zip(frame["ci95"], frame["delta"], strict=True)
    ]
    frame["verdict"] = [
        ("decided" if r.get("decided") else "not decided") if r["going"] == "both" else ""
        for r in frame.to_dict(orient="records")
    ]
    return for_people(
        frame,
        {"policy": "Policy", "going": "Going", "win_rate": "Score", "against": "Against the first",
         "interval": "95% interval", "games": "Games", "verdict": "Decision"},
        {"win_rate": percent},
    )  # fmt: skip


RATE_HEADINGS = {
    "play_rate": "Played in",
    "win_rate_drawn": "Won when drawn",
    "win_rate_played": "Won when played",
    "win_rate_opening": "Won when in the opening hand",
    "unplayed_rate": "Drawn, not played",
}


def cards_table(
    stats: pd.DataFrame, intervals: pd.DataFrame, side: int, name: Callable[[str], str]
) -> pd.DataFrame:
    """One deck's per-card statistics: each rate with its interval and the games it is over."""
    part = stats[stats["side"] == side].merge(intervals, on=["side", "card"], how="left")
    out = pd.DataFrame({"Card": [f"{name(c)} ({c})" for c in part["card"]]})
    out["Drawn in"] = [int(x) for x in part["drawn_games"]]
    for rate, heading in RATE_HEADINGS.items():
        out[heading] = [
            "" if v is None or v != v else f"{v:.1%} ({lo:.0%} to {hi:.0%}, {int(n)} games)"
            for v, lo, hi, n in zip(
                part[rate], part[f"{rate}_lo"], part[f"{rate}_hi"], part[f"{rate}_n"],
                strict=True,
            )
        ]  # fmt: skip
    return out.reset_index(drop=True)
