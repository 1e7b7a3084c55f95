"""Answers: a deck against the real field (gauntlet), stored card-impact and mulligan
studies, and the per-card statistics of a stored run."""

import json

import pandas as pd
import streamlit as st

from analytics import gauntlet
from analytics.cardstats import NOTE, card_stats
from analytics.levels import DEFAULT_AGENT
from analytics.runs import list_runs, run_info
from analytics.study import list_studies
from cardpool.errors import InputError
from dashboard import data, deck_sources
from dashboard.answers import run_gauntlet
from dashboard.plain import plain
from engine.sve.agents import AGENTS

st.title("Answers")
gauntlet_tab, impact_tab, mulligan_tab, cards_tab = st.tabs(
    ["Gauntlet", "Card impact", "Mulligan tests", "Cards in a run"]
)


def studies(kind: str) -> pd.DataFrame:
    """Finished studies of a kind, newest first."""
    with data.store() as store:
        frame = list_studies(store, kind)
    return frame[frame["result"].notna()].reset_index(drop=True)


def pick(frame: pd.DataFrame, key: str) -> dict[str, object]:
    """A select box over studies; the chosen one's answer."""
    labels = [
        f"{r.study_id} · {r.deck} · {r.games_played} games" for r in frame.itertuples(index=False)
    ]
    index = st.selectbox("Study", range(len(labels)), format_func=labels.__getitem__, key=key)
    result: dict[str, object] = json.loads(str(frame["result"][int(index or 0)]))
    return result


def ci_text(ci: object) -> str:
    """``40.0% to 55.0%`` (or a dash)."""
    if not isinstance(ci, list) or ci[0] is None:
        return "-"
    return f"{ci[0]:.1%} to {ci[1]:.1%}"


def saved_caption(result: dict[str, object]) -> None:
    """How many games were played, and what the sequential test saved."""
    text = f"{result['games_played']} games played"
    if result.get("until_decided"):
        text += f" of {result['games_budget']}; the sequential test saved {result['games_saved']}."
    st.caption(text)


with gauntlet_tab:
    decks = deck_sources.available_decks()
    agents = sorted(AGENTS)
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
    agent = agent_col.selectbox(
        "AI player", agents, index=agents.index(DEFAULT_AGENT), key="answers_gauntlet_agent"
    )
    until = st.checkbox("Stop when decided", key="answers_gauntlet_until")
    if st.button(
        "Run the gauntlet", key="answers_gauntlet_run", type="primary", disabled=not chosen
    ):
        st.button(
            "Cancel", key="answers_gauntlet_cancel"
        )  # a click reruns the page and stops the run
        deck = decks[str(chosen)]
        deck.name = deck.name or str(chosen)
        try:
            run_gauntlet(deck, top=top, games=games, agent=str(agent), until_decided=until)
        except InputError as err:
            st.error(f"Cannot run the gauntlet: {plain(err)}")
    done = studies("gauntlet")
    if done.empty:
        st.info("No gauntlet yet: import tournament lists (Meta page) and run one.")
    else:
        result = pick(done, "answers_gauntlet_pick")
        rate = result["expected_win_rate"]
        st.metric(
            f"{plain(result['deck'])}: expected win rate against the field",
            "-" if rate is None else f"{float(str(rate)):.1%}",
            help=f"95% CI {ci_text(result['ci95'])}",
        )
        st.caption(f"95% CI {ci_text(result['ci95'])}; decided most by: "
                   + "; ".join(plain(x) for x in list(result.get("deciding") or [])))  # fmt: skip
        field = pd.DataFrame(result["field"])
        st.dataframe(field, key="answers_gauntlet_field", hide_index=True, width="stretch")
        fig = gauntlet.field_figure(list(field.to_dict(orient="records")))
        st.plotly_chart(fig, key="answers_gauntlet_chart")
        saved_caption(result)

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
        st.dataframe(pd.DataFrame(result["rows"]), key="answers_impact_rows", hide_index=True)
        saved_caption(result)

with mulligan_tab:
    st.caption(
        "Win rate per mulligan policy and seat on the same seeds, against the first policy. "
        "Run with `decklab mulligan-test DECK --field F... --policy never --policy keep-if:A,B`."
    )
    done = studies("mulligan-test")
    if done.empty:
        st.info("No mulligan test yet: decklab mulligan-test DECK --field F... --policy ...")
    else:
        result = pick(done, "answers_mulligan_pick")
        st.dataframe(pd.DataFrame(result["rows"]), key="answers_mulligan_rows", hide_index=True)
        saved_caption(result)

with cards_tab, data.store() as store:
    runs = list_runs(store)
    if runs.empty:
        st.info("No stored run yet: simulate one on the Simulate page.")
    else:
        labels = [
            f"{r.run_id} · {r.deck_a} vs {r.deck_b} · {r.played} games"
            for r in runs.itertuples(index=False)
        ]
        i = int(
            st.selectbox(
                "Run", range(len(labels)), format_func=labels.__getitem__, key="answers_cards_run"
            )
            or 0
        )
        run_id = str(runs["run_id"][i])
        info = run_info(store, run_id)
        stats = card_stats(store, run_id)
        if stats.empty:
            st.info("This run has no per-card records.")
        for side, name in enumerate((info.deck_a, info.deck_b)):
            part = stats[stats["side"] == side].drop(columns=["side"])
            if not part.empty:
                st.markdown(f"**{plain(name)}**")
                st.dataframe(part, key=f"answers_cards_{side}", hide_index=True, width="stretch")
        st.caption(f"Note: {NOTE}.")
