"""The Streamlit dashboard: thin pages over cardpool, analytics and engine."""
