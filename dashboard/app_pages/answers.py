"""Answers: a deck against the real field (gauntlet), stored card-impact and mulligan
studies, and the per-card statistics of a stored run."""

import json
from typing import Any

import pandas as pd
import streamlit as st

from analytics import gauntlet
from analytics.cardstats import NOTE, card_stats, rate_intervals
from analytics.runs import list_runs, run_info
from analytics.study import list_studies
from cardpool.errors import InputError
from dashboard import agent_choice, data, deck_sources
from dashboard.answers import (
    cards_table,
    gauntlet_table,
    impact_table,
    interval_text,
    mulligan_table,
    run_gauntlet,
    study_label,
)
from dashboard.plain import plain

st.title("Answers")
gauntlet_tab, impact_tab, mulligan_tab, cards_tab = st.tabs(
    ["Gauntlet", "Card impact", "Mulligan tests", "Cards in a run"]
)
pool = data.pool("sve")


def card_name(code: str) -> str:
    """The card's name, or its code when the pool does not know it."""
    row = pool.row(code)
    return row.name if row else code


def studies(kind: str) -> pd.DataFrame:
    """Finished studies of a kind, newest first."""
    with data.store() as store:
        frame = list_studies(store, kind)
    return frame[frame["result"].notna()].reset_index(drop=True)


def pick(frame: pd.DataFrame, key: str) -> dict[str, Any]:
    """A select box over studies, by study id; the chosen one's answer."""
    labels = {str(r.study_id): study_label(r) for r in frame.itertuples(index=False)}
    if st.session_state.get(key) not in labels:
        st.session_state[key] = next(iter(labels))
    chosen = st.selectbox("Study", list(labels), format_func=labels.__getitem__, key=key)
    row = frame[frame["study_id"] == chosen].iloc[0]
    result: dict[str, Any] = json.loads(str(row["result"]))
    return result


def notes(result: dict[str, Any]) -> None:
    """The test and family it used, unmodelled cards, and what the sequential test saved."""
    text = f"{result['games_played']:,} games played"
    if result.get("until_decided"):
        text += (
            f" of {result['games_budget']:,}; the sequential test saved {result['games_saved']:,}"
        )
    test = result.get("test")
    family = result.get("family")
    if test:
        text += f". {str(test).capitalize()}; {family}."
    st.caption(plain(text))
    cards = result.get("not_fully_modelled") or []
    if isinstance(cards, list) and cards:
        named = ", ".join(f"{c['name']} ({c['card']}, {c['status']})" for c in cards)
        st.caption(plain(f"Not fully modelled by the engine (the answer is about the game it "
                         f"plays): {named}"))  # fmt: skip


with gauntlet_tab:
    decks = deck_sources.available_decks()
    st.caption(
        "The field is the archetypes of the imported tournament lists (grouped by shared "
        "cards), each played through its most typical list; the answer is the expected win "
        "rate weighted by the archetypes' shares (`decklab gauntlet` does the same)."
    )
    deck_col, top_col, games_col, agent_col = st.columns([4, 1, 1, 2])
    chosen = deck_col.selectbox("Deck", list(decks), key="answers_gauntlet_deck")
    top = int(top_col.number_input("Archetypes", 1, 30, 5, key="answers_gauntlet_top"))
    games = int(
        games_col.number_input("Games each", 2, 100_000, 20, step=10, key="answers_gauntlet_games")
    )
    agent = agent_choice.pick(agent_col, "AI player", "answers_gauntlet_agent")
    st.caption(agent_choice.cost_note((agent, agent), games * top))
    until = st.checkbox("Stop when decided", key="answers_gauntlet_until")
    run_col, cancel_col = st.columns([1, 4])
    if run_col.button(
        "Run the gauntlet", key="answers_gauntlet_run", type="primary", disabled=not chosen
    ):
        cancel = cancel_col.empty()
        cancel.button("Cancel", key="answers_gauntlet_cancel")  # a click reruns: the run stops
        deck = decks[str(chosen)]
        deck.name = deck.name or str(chosen)
        try:
            study = run_gauntlet(deck, top=top, games=games, agent=agent, until_decided=until)
            st.session_state["answers_gauntlet_pick"] = study
        except InputError as err:
            st.error(f"Cannot run the gauntlet: {plain(err)}")
        cancel.empty()
    done = studies("gauntlet")
    if done.empty:
        st.info("No gauntlet yet: import tournament lists (Meta page) and run one.")
    else:
        result = pick(done, "answers_gauntlet_pick")
        rate = result["expected_win_rate"]
        st.metric(
            f"{plain(result['deck'])}: expected win rate against the field",
            "-" if rate is None else f"{float(str(rate)):.1%}",
            help=f"95% interval {interval_text(result['ci95'])}",
        )
        covered = result.get("coverage")
        coverage = (
            f" The field covers {float(str(covered)):.1%} of the lists; the interval carries "
            "the shares' own uncertainty."
            if covered is not None
            else ""
        )
        deciding = "; ".join(str(x) for x in list(result.get("deciding") or []))
        st.caption(
            plain(f"95% interval {interval_text(result['ci95'])}; decided most by: {deciding}.")
            + plain(coverage)
        )
        st.dataframe(
            gauntlet_table(result), key="answers_gauntlet_field", hide_index=True, width="stretch"
        )
        fig = gauntlet.field_figure(list(result["field"]))
        st.plotly_chart(fig, key="answers_gauntlet_chart")
        notes(result)

with impact_tab:
    st.caption(
        "What each card adds: the deck's score with the card minus without it (swapped for "
        "the weakest legal filler in a 40-card deck), on the same seeds and seats. Run with "
        "`decklab impact DECK --field F... --all`."
    )
    done = studies("impact")
    if done.empty:
        st.info("No card-impact study yet: decklab impact DECK --field F... --card CODE")
    else:
        result = pick(done, "answers_impact_pick")
        st.dataframe(
            impact_table(result, card_name), key="answers_impact_rows", hide_index=True,
            width="stretch",
        )  # fmt: skip
        notes(result)

with mulligan_tab:
    st.caption(
        "Win rate per mulligan policy and seat on the same seeds, against the first policy. "
        "Run with `decklab mulligan-test DECK --field F... --policy agent --policy always "
        "--policy keep-if:A,B`."
    )
    done = studies("mulligan-test")
    if done.empty:
        st.info("No mulligan test yet: decklab mulligan-test DECK --field F... --policy ...")
    else:
        result = pick(done, "answers_mulligan_pick")
        st.dataframe(
            mulligan_table(result), key="answers_mulligan_rows", hide_index=True, width="stretch"
        )
        notes(result)

with cards_tab, data.store() as store:
    runs = list_runs(store)
    if runs.empty:
        st.info("No stored run yet: simulate one on the Simulate page.")
    else:
        labels = {
            str(r["run_id"]): f"{r['deck_a']} vs {r['deck_b']} · {int(str(r['played'])):,} games · "
            f"{str(r['started'])[:16]}"
            for r in runs.to_dict(orient="records")
        }
        run_id = str(
            st.selectbox(
                "Run", list(labels), format_func=labels.__getitem__, key="answers_cards_run"
            )
        )
        info = run_info(store, run_id)
        stats = card_stats(store, run_id)
        intervals = rate_intervals(store, run_id)
        if stats.empty:
            st.info("This run has no per-card records.")
        for side, name in enumerate((info.deck_a, info.deck_b)):
            if not stats[stats["side"] == side].empty:
                st.markdown(f"**{plain(name)}**")
                st.dataframe(
                    cards_table(stats, intervals, side, card_name),
                    key=f"answers_cards_{side}", hide_index=True, width="stretch",
                )  # fmt: skip
        st.caption(
            f"Each rate: its value (95% interval over seeds, games it is over). Note: {NOTE}."
        )
