"""Curve and odds: the deck's cost histogram, exact draw odds by turn, and playing on curve."""

import pandas as pd
import streamlit as st

from analytics.curve import CURVE_OUT_POLICY_MAX, riftbound_curve
from analytics.deck_odds import (
    MAX_TURN,
    POLICY_KINDS,
    count_main,
    curve_frame,
    curve_rows,
    goal_title,
    make_goal,
    make_policy,
    odds_by_turn,
)
from analytics.figures import cost_histogram_figure, curve_figure, odds_by_turn_figure
from analytics.odds import TooLarge
from cardpool.riftbound.legality import draw_pile
from dashboard import data, deck_state
from dashboard.plain import code_span, plain
from dashboard.tables import DASH, numbers_or_dash

SAVED = "odds_saved"
REMEMBERED = ("odds_cards", "odds_at_least", "odds_mode", "odds_mulligan", "odds_keep",
              "odds_types", "odds_through")  # fmt: skip
DEFAULTS = {"odds_cards": [], "odds_at_least": 1, "odds_mode": "any", "odds_mulligan": "never",
            "odds_keep": [], "odds_types": [], "odds_through": 4}  # fmt: skip
MODES = {"any": "any of these", "all": "all of these (combo)"}
MULLIGANS = {"never": "never", "keep-if": "keep if the hand holds one of…", "optimal": "optimal"}
PERCENT = st.column_config.NumberColumn(format="%.2f%%")
POINTS = st.column_config.NumberColumn(format="%+.2f")
ROWS_HEIGHT = 35 * (MAX_TURN + 2) + 3  # pixels: every turn shows without scrolling


def copies_key(code: str) -> str:
    """The session key of the copies input of one card."""
    return f"odds_copies_{code}"


def set_copies(code: str) -> None:
    """Write a copies input back to the session's main deck (0 removes the card)."""
    deck = deck_state.current()
    deck.add("main", code, int(st.session_state[copies_key(code)]) - deck.main.get(code, 0))


st.title("Curve and odds")
deck = deck_state.current()
if not deck.main:
    st.info(
        "The deck is empty: build or paste one in the Deck builder, then come back here for "
        "its cost curve and draw odds."
    )
    st.stop()

# Streamlit forgets a page's widget values while another page is shown: bring them back.
for key, value in {**DEFAULTS, **st.session_state.get(SAVED, {})}.items():
    if key not in st.session_state:
        st.session_state[key] = value
for key in ("odds_cards", "odds_keep"):  # a card whose count went to 0 has left the deck
    st.session_state[key] = [c for c in st.session_state[key] if c in deck.main]

game = "riftbound" if deck.game == "riftbound" else "sve"
pool = data.pool(game)
if game == "riftbound":  # draws come from the main deck without the chosen champion
    pile, _champion = draw_pile(deck, pool)
    counts = count_main(pile, pool)
    counts.ids.update({code: pool.card_id(code) or code for code in deck.main})
else:
    counts = count_main(deck.main, pool)
labels = {code: f"{code} · {counts.names.get(counts.ids[code], '?')}" for code in deck.main}
st.caption(
    f"{counts.size}-card main deck{f' · {plain(deck.name)}' if deck.name else ''} · "
    "exact probabilities; edit counts here or in the Deck builder and every number follows."
)

st.subheader("Cost histogram")
st.plotly_chart(cost_histogram_figure(counts.histogram()), key="odds_histogram_chart")
if counts.unknown:
    st.caption(f"Cost unknown, left off the curve: {plain(', '.join(counts.unknown))}")

st.subheader("Draw odds")
pick_col, least_col, mode_col = st.columns([4, 1, 2])
cards = pick_col.multiselect(
    "Cards to draw", list(deck.main), format_func=labels.__getitem__, key="odds_cards",
    placeholder="Pick one or more cards of the main deck",
)  # fmt: skip
at_least = least_col.number_input("At least", 1, 14, key="odds_at_least", help="copies")
mode = mode_col.radio("Count", list(MODES), format_func=MODES.__getitem__, key="odds_mode")
mull_col, keep_col = st.columns([4, 3])
mulligan = mull_col.radio(
    "Mulligan", POLICY_KINDS, format_func=MULLIGANS.__getitem__, key="odds_mulligan",
    horizontal=True,
)  # fmt: skip
keep: list[str] = []
if mulligan == "keep-if":
    keep = keep_col.multiselect(
        "Keep hands holding any of", list(deck.main), format_func=labels.__getitem__,
        key="odds_keep", placeholder="no card: never mulligan",
    )  # fmt: skip
policy = make_policy(mulligan, keep, counts)

if not cards:
    st.info("Pick one or more cards to see the chance of drawing them by each turn.")
else:
    copy_cols = st.columns(4)
    for i, code in enumerate(cards):
        st.session_state[copies_key(code)] = deck.main.get(code, 0)
        copy_cols[i % len(copy_cols)].number_input(
            f"Copies of {plain(labels[code])}", 0, 50, key=copies_key(code), on_change=set_copies,
            args=(code,),
        )  # fmt: skip
    goal = make_goal(counts, cards, int(at_least), combo=mode == "all" and len(cards) > 1)
    try:
        result = odds_by_turn(counts, goal, policy, game)
    except TooLarge as err:
        st.error(plain(err))
        st.stop()
    st.markdown(f"**P({plain(goal_title(goal))})** by the main phase of own turn 0-{MAX_TURN}")
    table = result.table()
    shown = numbers_or_dash(
        table, {c: "{:+.2f}" if c.startswith("Gain") else "{:.2f}%" for c in table.columns[1:]}
    )
    st.dataframe(
        shown, key="odds_table", hide_index=True, width="stretch", height=ROWS_HEIGHT,
        column_config={c: POINTS if c.startswith("Gain") else PERCENT
                       for c in table.columns[1:] if shown[c].dtype != object},
    )  # fmt: skip
    if table.drop(columns="Turn").isna().to_numpy().any():
        st.caption(
            f"{DASH}: the deck is too small for that turn (the hand plus the 4 cards a "
            "mulligan puts on the bottom exceed it)."
        )
    if mulligan != "never" and policy == make_policy("never"):
        st.caption("Pick the cards a kept hand must hold; until then no hand is mulliganed.")
    elif mulligan != "never":
        name = "Optimal mulligan" if mulligan == "optimal" else "Mulligan"
        st.markdown(f"**{name}:** " + " · ".join(plain(line) for line in result.rule_lines()))
        test = f"{mulligan}:{','.join(cards if mulligan == 'optimal' else keep)}"
        st.caption(
            "Does it win more games, not just draw the cards? Its win-rate test: "
            + code_span(f"decklab mulligan-test DECK --field F... --policy never --policy {test}")
            + " "
            "(results on the Answers page)."
        )
        first, second = result.gain(0, "first"), result.gain(0, "second")
        best = result.best_gain()
        if first is not None and second is not None and best is not None:
            most = (
                ""
                if best[2] == 0
                else (f"; the most is {best[0]:+.2f} points at turn {best[2]} going {best[1]}")
            )
            st.markdown(
                f"Gain over never mulliganing: **{first:+.2f} points** in the opening hand "
                f"going first, {second:+.2f} going second{most}."
            )
    st.plotly_chart(
        odds_by_turn_figure(result.long, f"P({goal_title(goal)}) by turn"), key="odds_chart"
    )

st.subheader("Playing on curve")
if game == "riftbound":
    energy = pd.DataFrame(
        [
            {"Turn": r.turn, "Going": r.going, "Energy (runes)": r.energy,
             "Castable cards": round(r.expected_castable, 2)}
            for r in riftbound_curve(counts.counts, counts.records, ("first", "second"), 8)
        ]
    )  # fmt: skip
    st.caption(
        "Runes channelled: 2 a turn, 3 on the second player's first turn, up to 12. Castable: "
        "expected cards drawn by then whose energy cost the runes cover (one draw a turn for "
        "both players; power costs, which need runes of a domain, are not counted; no mulligan)."
    )
    st.dataframe(
        energy.pivot(index="Turn", columns="Going", values=["Energy (runes)", "Castable cards"]),
        key="odds_energy_table", width="stretch",
    )  # fmt: skip
else:
    types_col, through_col = st.columns([2, 3])
    types = types_col.multiselect(
        "Count on curve", ["follower", "spell", "amulet"], key="odds_types",
        placeholder="every card",
    )  # fmt: skip
    through = int(through_col.slider("Curve out through turn", 1, 10, key="odds_through"))
    rows = curve_rows(counts, policy, types or None)
    frame = curve_frame(rows)
    at = frame.set_index("Turn").loc[through]
    metrics = st.columns(4)
    for i, going in enumerate(("first", "second")):
        out = at[f"Curve out, {going}"]
        metrics[2 * i].metric(
            f"Curve out through turn {through}, going {going}",
            "n/a" if pd.isna(out) else f"{out:.2f}%",
        )
        castable = at[f"Castable, {going}"]
        metrics[2 * i + 1].metric(
            f"Castable cards by turn {through}, going {going}",
            "n/a" if pd.isna(castable) else f"{castable:.2f}",
        )
    st.caption(
        "On curve: a card of cost exactly t in hand on own turn t. Curve out: on curve on every "
        "turn 1..t (under a mulligan policy computed through turn 6). Castable: expected cards "
        "drawn by turn t that cost at most t PP. Same mulligan policy as above."
    )
    shown = numbers_or_dash(
        frame, {c: "{:.2f}" if c.startswith("Castable") else "{:.2f}%" for c in frame.columns[1:]}
    )
    st.dataframe(
        shown, key="odds_curve_table", hide_index=True, width="stretch", height=ROWS_HEIGHT,
        column_config={c: PERCENT for c in frame.columns if c.startswith(("On", "Curve"))
                       and shown[c].dtype != object}
        | {c: st.column_config.NumberColumn(format="%.2f")
           for c in frame.columns if c.startswith("Castable") and shown[c].dtype != object},
    )  # fmt: skip
    if frame.drop(columns="Turn").isna().to_numpy().any():
        st.caption(
            f"{DASH}: under a mulligan policy curve out is worked out through turn "
            f"{CURVE_OUT_POLICY_MAX}: it weighs every opening hand, which takes seconds for "
            "later turns."
        )
    st.plotly_chart(curve_figure(rows), key="odds_curve_chart")

st.session_state[SAVED] = {k: st.session_state[k] for k in REMEMBERED if k in st.session_state}
