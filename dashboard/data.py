"""Database access for the dashboard: a short-lived connection per request.

DuckDB lets one process write or many read. The dashboard opens the file for each request
and closes it at once (waiting its turn while a CLI command holds it), so ``decklab``
commands in a terminal keep working beside it; sessions never share a connection.
"""

from __future__ import annotations

from datetime import date

import pandas as pd
import streamlit as st

from cardpool.model import RestrictionRow
from cardpool.pool import PoolIndex
from cardpool.settings import default_db_path
from cardpool.store import CardQuery, Store


@st.cache_resource
def _prepared(path: str) -> str:
    """Build the database from the snapshot once per server if it is new; the path."""
    with Store.open(path) as built:
        built.ensure_default()
    return path


def store() -> Store:
    """A store for one request: use it and close it at once (``with store() as s``)."""
    return Store.open(_prepared(str(default_db_path())))


@st.cache_data(ttl=300, show_spinner=False)
def search_cards(
    game: str = "sve",
    name: str | None = None,
    card_class: str | None = None,
    card_type: str | None = None,
    cost: int | None = None,
    trait: str | None = None,
    keyword: str | None = None,
    title: str | None = None,
    tokens: bool = True,
) -> pd.DataFrame:
    """Cards matching the filters (results cached by filter values)."""
    query = CardQuery(
        tokens=tokens,
        game=game,
        name=name or None,
        card_class=card_class,
        card_type=card_type,
        cost=cost,
        trait=trait,
        keyword=keyword,
        title=title,
    )
    with store() as s:
        return s.search(query)


@st.cache_resource(ttl=300, show_spinner=False)
def pool(game: str = "sve") -> PoolIndex:
    """The pool of ``game`` as an index, shared by sessions (read-only use)."""
    with store() as s:
        return s.pool_index(game)


@st.cache_data(ttl=300, show_spinner=False)
def restrictions(game: str = "sve") -> list[RestrictionRow]:
    """Every stored restriction entry of ``game``."""
    with store() as s:
        return s.restrictions(game)


@st.cache_data(ttl=300, show_spinner=False)
def filter_options(game: str = "sve") -> dict[str, list[str]]:
    """Values for the search filters: classes, types, traits, keywords, titles, costs."""
    with store() as s:
        con = s.con

        def values(sql: str) -> list[str]:
            return [str(r[0]) for r in con.execute(sql, [game]).fetchall() if r[0] is not None]

        return {
            # a Riftbound card's class is its domains joined by '/': offer each domain
            "class": values(
                "SELECT DISTINCT unnest(string_split(class, '/')) FROM cardpool.cards "
                "WHERE game = ? ORDER BY 1"
            ),
            "type": values("SELECT DISTINCT type FROM cardpool.cards WHERE game = ? ORDER BY 1"),
            "trait": values(
                "SELECT DISTINCT unnest(traits) FROM cardpool.cards WHERE game = ? ORDER BY 1"
            ),
            "keyword": values(
                "SELECT DISTINCT unnest(keywords) FROM cardpool.cards WHERE game = ? ORDER BY 1"
            ),
            "title": values("SELECT DISTINCT title FROM cardpool.cards WHERE game = ? ORDER BY 1"),
            "cost": values(
                "SELECT DISTINCT cost FROM cardpool.cards WHERE game = ? AND cost IS NOT NULL "
                "ORDER BY 1"
            ),
        }


def today() -> date:
    """Today's date for the legality date picker."""
    return date.today()
