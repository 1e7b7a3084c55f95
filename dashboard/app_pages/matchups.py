"""Matchups: a round robin of several decks; a heatmap of win rates and a ranking."""

import itertools
import uuid

import numpy as np
import pandas as pd
import streamlit as st

from analytics import figures
from analytics.calibration import TRUST_NOTE
from analytics.runs import game_rows, list_runs
from analytics.winrate import bradley_terry, summarise
from cardpool.errors import InputError
from dashboard import agent_choice, data, deck_sources
from dashboard.simulation import run_matchup

st.title("Matchups")
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
    st.button("Cancel", key="matchups_cancel")  # a click reruns the page and stops the run
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
        st.error(f"Cannot simulate: {err}")

with data.store() as store:
    runs = list_runs(store)
    batches = [b for b in dict.fromkeys(runs["batch_id"].dropna()) if b]
    if not batches:
        st.info("No round robin yet: choose two or more decks and run it.")
        st.stop()
    default = st.session_state.get("matchups_batch", batches[0])
    batch = st.selectbox(
        "Round robin", batches, index=batches.index(default) if default in batches else 0,
        key="matchups_batch_pick",
    )  # fmt: skip
    members = runs[runs["batch_id"] == batch]
    names = list(dict.fromkeys([*members["deck_a"], *members["deck_b"]]))
    index = {name: k for k, name in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for run in members.itertuples():
        s = summarise(game_rows(store, str(run.run_id)))
        i, j = index[str(run.deck_a)], index[str(run.deck_b)]
        wins[i, j] += s.wins[0]
        wins[j, i] += s.wins[1]

st.plotly_chart(figures.matchup_heatmap(names, wins), key="matchups_heatmap")
ranking = bradley_terry(names, wins)
st.subheader("Ranking")
st.dataframe(
    pd.DataFrame(
        [
            {"rank": place, "deck": names[i], "strength": ranking.strength[i],
             "± standard error": ranking.stderr[i],
             "win rate vs the field": wins[i].sum() / max(1.0, (wins[i] + wins[:, i]).sum())}
            for place, i in enumerate(ranking.order(), start=1)
        ]
    ),
    key="matchups_ranking", hide_index=True, width="stretch",
)  # fmt: skip
st.caption(
    "Strength is a Bradley-Terry fit to all games (log-odds scale, mean 0); "
    "matchups with fewer than 30 decided games are greyed in the heatmap."
)
st.caption(TRUST_NOTE)
