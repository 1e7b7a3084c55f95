"""Matchups: a round robin of several decks; a heatmap of win rates and a ranking."""

import itertools
import uuid

import pandas as pd
import streamlit as st

from analytics import figures
from analytics.calibration import TRUST_NOTE
from analytics.calmap import real_play_matrix, real_play_note
from analytics.matchups import round_robin
from analytics.runs import list_runs
from cardpool.errors import InputError
from dashboard import agent_choice, data, deck_sources, deck_state
from dashboard.plain import plain
from dashboard.simulation import run_matchup

st.title("Matchups")
deck_state.sve_only(
    "Matchups are for Shadowverse EVOLVE only: Riftbound's publisher allows no automated "
    "play or win-rate data."
)
decks = deck_sources.available_decks()

chosen = st.multiselect("Decks (two or more)", list(decks), key="matchups_decks")
games_col, agent_col, seed_col = st.columns(3)
games = int(
    games_col.number_input("Games per pairing", 2, 100_000, 100, step=50, key="matchups_games")
)
agent = agent_choice.pick(agent_col, "Agent for every deck", "matchups_agent")
seed = int(seed_col.number_input("Seed", 0, 2**31 - 1, 0, key="matchups_seed"))
pairs = list(itertools.combinations(range(len(chosen)), 2))
st.caption(
    f"{len(pairs)} pairings × {games} games, both seats. "
    + agent_choice.cost_note((agent, agent), games * len(pairs))
)

if st.button("Run the round robin", key="matchups_run", disabled=len(chosen) < 2, type="primary"):
    cancel = st.empty()
    cancel.button("Cancel", key="matchups_cancel")  # a click reruns the page and stops the run
    batch = uuid.uuid4().hex[:12]
    try:
        for k, (i, j) in enumerate(pairs, start=1):
            a, b = decks[chosen[i]], decks[chosen[j]]
            a.name, b.name = a.name or chosen[i], b.name or chosen[j]
            run_matchup(
                a, b, games=games, agents=(agent, agent), seed=seed, batch_id=batch,
                label=f"pairing {k}/{len(pairs)}: ",
            )  # fmt: skip
        st.session_state["matchups_batch"] = batch
    except InputError as err:
        st.error(f"Cannot simulate: {plain(err)}")
    cancel.empty()


def round_robin_label(runs: pd.DataFrame, batch_id: str) -> str:
    """A round robin by its decks and when it started: ``A, B, C · 2026-12-01 14:05``."""
    members = runs[runs["batch_id"] == batch_id].sort_values("started")
    decks = dict.fromkeys([*members["deck_a"], *members["deck_b"]])
    return f"{', '.join(map(str, decks))} · {members['started'].min():%Y-%m-%d %H:%M}"


with data.store() as store:
    runs = list_runs(store)
    batches = [b for b in dict.fromkeys(runs["batch_id"].dropna()) if b]
    if not batches:
        st.info("No round robin yet: choose two or more decks and run it.")
        st.stop()
    default = st.session_state.get("matchups_batch", batches[0])
    batch = st.selectbox(
        "Round robin", batches, index=batches.index(default) if default in batches else 0,
        key="matchups_batch_pick", format_func=lambda b: round_robin_label(runs, b),
    )  # fmt: skip
    result = round_robin(store, batch)

names, wins, ranking, field = result.names, result.wins, result.ranking, result.field_rates()
rates = result.rates()
st.plotly_chart(figures.matchup_heatmap(names, wins), key="matchups_heatmap")
real, real_field = real_play_matrix(rates)
if any(e is not None for row in real for e in row):
    st.subheader("Estimated real-play win rate")
    st.dataframe(
        pd.DataFrame([[None if e is None else e.rate for e in row] for row in real],
                     index=names, columns=names),
        key="matchups_real", width="stretch",
        column_config={n: st.column_config.NumberColumn(format="percent") for n in names},
    )  # fmt: skip
    st.caption(plain("Row deck against column deck. " + real_play_note()))


st.subheader("Ranking")
st.dataframe(
    pd.DataFrame(
        [
            {"rank": place, "deck": names[i], "strength": ranking.strength[i],
             "± standard error": ranking.stderr[i],
             "win rate vs the field": field[i],
             "estimated in real play": None if real_field[i] is None else real_field[i].rate}
            for place, i in enumerate(ranking.order(), start=1)
        ]
    ),
    key="matchups_ranking", hide_index=True, width="stretch",
    column_config={
        "rank": "Rank", "deck": "Deck",
        "strength": st.column_config.NumberColumn("Strength", format="%.2f"),
        "± standard error": st.column_config.NumberColumn("± standard error", format="%.2f"),
        "win rate vs the field": st.column_config.NumberColumn(
            "Win rate vs the field (bots)", format="percent"),
        "estimated in real play": st.column_config.NumberColumn(
            "Estimated in real play", format="percent"),
    },
)  # fmt: skip
st.caption(
    "Strength is a Bradley-Terry fit to all games (log-odds scale, mean 0); "
    "matchups with fewer than 30 decided games are greyed in the heatmap."
)
st.caption(TRUST_NOTE)
