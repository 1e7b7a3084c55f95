"""decklab dashboard entry point: navigation and the shared sidebar."""

import streamlit as st

st.set_page_config(page_title="decklab", page_icon=":material/style:", layout="wide")

pages = [
    st.Page("app_pages/card_pool.py", title="Card pool", icon=":material/search:", default=True),
    st.Page("app_pages/deck_builder.py", title="Deck builder", icon=":material/style:"),
]
navigation = st.navigation(pages)
st.sidebar.markdown("**decklab** · Shadowverse EVOLVE")
st.sidebar.caption("Build a deck, check it is legal, read its odds, simulate its matchups.")
navigation.run()
