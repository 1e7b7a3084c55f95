"""decklab dashboard entry point: navigation and the shared sidebar."""

from pathlib import Path

import streamlit as st

from cardpool.errors import InputError
from cardpool.games import GAME_NAMES, GAMES
from dashboard.plain import plain

# The tab's icon, served from the package: a ``:material/...:`` icon would be fetched from
# fonts.gstatic.com, and a local tool makes no outside requests.
ICON = Path(__file__).parent / "assets" / "icon.svg"

st.set_page_config(page_title="decklab", page_icon=str(ICON), layout="wide")

pages = [
    st.Page("app_pages/card_pool.py", title="Card pool", icon=":material/search:", default=True),
    st.Page("app_pages/deck_builder.py", title="Deck builder", icon=":material/style:"),
    st.Page("app_pages/curve_odds.py", title="Curve and odds", icon=":material/bar_chart:"),
    st.Page("app_pages/my_decks.py", title="My decks", icon=":material/folder_open:"),
    st.Page("app_pages/simulate.py", title="Simulate", icon=":material/play_circle:"),
    st.Page("app_pages/replay.py", title="Replay", icon=":material/replay:"),
    st.Page("app_pages/matchups.py", title="Matchups", icon=":material/grid_on:"),
    st.Page("app_pages/meta.py", title="Meta", icon=":material/leaderboard:"),
    st.Page("app_pages/answers.py", title="Answers", icon=":material/insights:"),
]
navigation = st.navigation(pages)
st.sidebar.radio(
    "Game", GAMES, format_func=GAME_NAMES.__getitem__, key="game",
    help="The card pool, deck builder and odds pages work on the chosen game.",
)  # fmt: skip
st.sidebar.markdown("**decklab**")
st.sidebar.caption("Build a deck, check it is legal, read its odds, simulate its matchups.")
try:
    navigation.run()
except InputError as err:  # e.g. the database stayed busy: one line, never a traceback
    st.error(plain(err), icon=":material/error:")
