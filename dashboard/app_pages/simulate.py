"""Simulate: two decks, two agents, N games; win rate with its interval, splits, lengths, ends."""

import pandas as pd
import streamlit as st

from analytics import figures
from analytics.calibration import TRUST_NOTE
from analytics.calmap import real_play, real_play_note
from analytics.decks import as_played, unmodelled_cards
from analytics.levels import players_word
from analytics.runs import RunInfo, game_rows, list_runs, run_info
from analytics.winrate import summarise, wilson
from cardpool.errors import InputError
from dashboard import agent_choice, data, deck_sources, deck_state
from dashboard.plain import plain
from dashboard.simulation import run_matchup

st.title("Simulate")
deck_state.sve_only(
    "Simulation is for Shadowverse EVOLVE only: Riftbound's publisher allows no automated "
    "play or win-rate data."
)
decks = deck_sources.available_decks()
labels = list(decks)
if not labels:
    st.info("No decks to simulate yet: build one in the Deck builder or save one in My decks.")
    st.stop()

left, right = st.columns(2)
a_label = left.selectbox("Deck A", labels, key="sim_deck_a")
agent_a = agent_choice.pick(left, "Agent for A", "sim_agent_a")
b_label = right.selectbox(
    "Deck B", labels, index=deck_sources.other_deck(decks, a_label), key="sim_deck_b"
)
agent_b = agent_choice.pick(right, "Agent for B", "sim_agent_b")
games_col, seed_col = st.columns(2)
games = int(games_col.number_input("Games", 2, 200_000, 200, step=100, key="sim_games"))
seed = int(seed_col.number_input("Seed", 0, 2**31 - 1, 0, key="sim_seed"))
low, high = wilson(games // 2, games)
st.caption(
    f"{games} games give a 95% interval about ±{(high - low) / 2:.1%} around an even matchup. "
    "Each seed is played twice, once with each deck going first. "
    + agent_choice.cost_note((agent_a, agent_b), games)
)

start_col, cancel_col = st.columns([1, 4])
if start_col.button("Start", key="sim_start", type="primary"):
    cancel = cancel_col.empty()
    cancel.button("Cancel", key="sim_cancel")  # a click reruns the page: the run stops

    def on_run_start(run: RunInfo) -> None:
        """Show the run from its start, so a cancelled run is the one shown after the click,
        and have Past runs pick it (a cancel ends this run of the page, and the click brings
        the browser's own list of picked runs: it is added to that on the next run)."""
        st.session_state.update(sim_run_id=run.run_id, sim_started=run.run_id)

    try:
        run_matchup(
            decks[a_label], decks[b_label], games=games, agents=(agent_a, agent_b), seed=seed,
            on_start=on_run_start,
        )  # fmt: skip
    except InputError as err:
        st.error(f"Cannot simulate: {plain(err)}")
    cancel.empty()

with data.store() as store:
    runs = list_runs(store)
    shown = st.session_state.get("sim_run_id")
    if shown is None and not runs.empty:
        shown = str(runs["run_id"].iloc[0])
    info = run_info(store, shown) if shown else None
    rows = game_rows(store, shown) if shown else []

if info is None:
    st.info("No simulations yet: choose two decks and press Start.")
    st.stop()

summary = summarise(rows)
st.subheader(f"{plain(info.deck_a)} vs {plain(info.deck_b)}")
if len(rows) < info.games:
    st.warning(
        f"This run stopped after {len(rows)} of {info.games} games; its numbers cover those."
    )
rate = summary.a.rate
lo, hi = summary.a.ci95
estimate = real_play(rate)
m1, m2, m0, m3, m4 = st.columns(5)
m1.metric("Deck A win rate (bots)", "-" if rate is None else f"{rate:.1%}",
          help=plain(info.deck_a))  # fmt: skip
m2.metric("95% interval", f"{lo:.0%}–{hi:.0%}")
m0.metric("Estimated in real play", "-" if estimate is None else f"{estimate.rate:.0%}",
          help=None if estimate is None
          else f"{estimate.low:.0%}–{estimate.high:.0%} over the map's interval of k")  # fmt: skip
first = summary.first_player.rate
m3.metric("First player wins", "-" if first is None else f"{first:.1%}")
m4.metric("Games (draws, errors)", f"{summary.games} ({summary.draws}, {summary.errors})")
st.caption(plain(real_play_note() + " " + TRUST_NOTE))
chart_a, chart_b, chart_c = st.columns(3)
chart_a.plotly_chart(figures.win_rate_figure(summary, info.deck_a), key="sim_rates")
chart_b.plotly_chart(figures.game_length_figure(summary), key="sim_lengths")
chart_c.plotly_chart(figures.end_reasons_figure(summary), key="sim_reasons")

pool = data.pool("sve")
for side, deck in ((info.deck_a, info.deck_a_list), (info.deck_b, info.deck_b_list)):
    played, built = as_played(deck, pool)  # the evolve deck the engine built, if any
    if built:
        evolve = ", ".join(
            f"{n} × {row.name if (row := pool.row(cid)) else cid}"
            for cid, n in played.evolve.items()
        )
        st.caption(f"{plain(side)} has no evolve deck, so one was built for it from the evolved "
                   f"forms of its followers: {plain(evolve)}.")  # fmt: skip
    missing = unmodelled_cards(played, pool)
    if missing:
        listed = ", ".join(f"{name} ({cid}, {state})" for cid, name, state in missing)
        st.caption(f"Not fully modelled in {plain(side)}: {plain(listed)}. They play as their "
                   "stats and the abilities the engine knows.")  # fmt: skip
    else:
        built_too = " (its built evolve deck too)" if built else ""
        st.caption(f"Every card of {plain(side)}{built_too} is fully modelled.")

st.subheader("Past runs")
run_labels = {
    str(r.run_id): f"{r.deck_a} vs {r.deck_b} · {r.started:%Y-%m-%d %H:%M} ({r.played} games)"
    for r in runs.itertuples()
}
started = dict(zip(runs["run_id"], runs["started"], strict=True))
st.session_state.setdefault("sim_compare", [shown])
if (new_run := st.session_state.pop("sim_started", None)) is not None:
    before = [r for r in st.session_state["sim_compare"] if r != new_run]
    st.session_state["sim_compare"] = [new_run, *before]  # beside those already picked
picked = st.multiselect(
    "Compare runs side by side", list(run_labels), key="sim_compare",
    format_func=run_labels.__getitem__,
)  # fmt: skip
table = []
with data.store() as store:
    for run_id in picked:
        past = run_info(store, run_id)
        s = summarise(game_rows(store, run_id))
        table.append(
            {
                "started": f"{started[run_id]:%Y-%m-%d %H:%M}", "deck A": past.deck_a,
                "deck B": past.deck_b,
                "AI players": players_word(past.agents), "games": s.games,
                "A win rate": s.a.rate, "95% low": s.a.ci95[0], "95% high": s.a.ci95[1],
                "A first": s.a_first.rate, "A second": s.a_second.rate,
                "first player": s.first_player.rate, "mean turns": s.mean_turns,
            }
        )  # fmt: skip
percent = st.column_config.NumberColumn(format="percent")
st.dataframe(
    pd.DataFrame(table), key="sim_table", hide_index=True, width="stretch",
    column_config={c: percent for c in ("A win rate", "95% low", "95% high", "A first",
                                        "A second", "first player")},
)  # fmt: skip
