"""Per-card statistics of stored runs: the ``sim_cards`` table, written by the parent only.

Each game stores one row per deck and card code that reached that deck's hand: copies in the
kept opening hand, copies drawn (the opening hand included), copies played and the own turn
of the first play. Cards never drawn are not stored; a deck list says they were there. The
rates are correlations (a card drawn in long games looks good because long games are won
by the deck that draws more); ``decklab impact`` is the causal answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analytics.bulk import insert_rows
from cardpool.store import Store

if TYPE_CHECKING:
    import pandas as pd

SCHEMA = """
CREATE TABLE IF NOT EXISTS sim_cards (
    run_id VARCHAR NOT NULL,
    seed BIGINT NOT NULL,
    seat TINYINT NOT NULL,
    side TINYINT NOT NULL,
    card VARCHAR NOT NULL,
    opening TINYINT NOT NULL,
    drawn TINYINT NOT NULL,
    played TINYINT NOT NULL,
    first_played TINYINT NOT NULL
);
"""

CARD_COLUMNS = [
    "run_id", "seed", "seat", "side", "card", "opening", "drawn", "played", "first_played",
]  # fmt: skip
STAT_KEYS = (
    "card", "play_rate", "win_rate_drawn", "win_rate_played", "win_rate_opening",
    "unplayed_rate",
)  # fmt: skip
NOTE = (
    "correlations, not causes: a card seen in long games looks strong because long games "
    "favour the deck that draws more; `decklab impact` measures what the card adds"
)


def ensure_schema(store: Store) -> None:
    """Create the per-card table if missing."""
    store.con.execute(SCHEMA)


def record_cards(store: Store, run_id: str, rows: Sequence[Any]) -> None:
    """Store the card facts of finished games (a rerun of a game adds exact duplicates)."""
    facts = [
        (run_id, r.seed, r.seat, f.player, f.card, f.opening, f.drawn, f.played,
         min(f.first_played, 127))
        for r in rows
        for f in getattr(r, "cards", ())
    ]  # fmt: skip
    if not facts:
        return
    ensure_schema(store)
    # No primary key (its index would be most of the table) and no delete of a rerun game's
    # rows (a scan of the run per block): a game replays to the same facts on the same
    # engine, so a rerun adds exact duplicates, which the reads drop.
    insert_rows(
        store.con, "sim_cards", CARD_COLUMNS, facts,
        "run_id, seed, seat::TINYINT, side::TINYINT, card, opening::TINYINT, drawn::TINYINT, "
        "played::TINYINT, first_played::TINYINT",
    )  # fmt: skip


def card_stats(store: Store, run_id: str) -> pd.DataFrame:
    """Each deck's cards in a run: play rate, win rates when drawn / played / opening, unplayed.

    ``play_rate`` is the share of the deck's games in which the card was played,
    ``unplayed_rate`` the share of the games it was drawn in where it stayed unplayed; win
    rates count decided games only (a draw is neither). ``side`` 0 is deck A, 1 deck B.
    """
    ensure_schema(store)
    return store.con.execute(
        """
        WITH games AS (
            SELECT seed, seat, winner FROM sim_games WHERE run_id = ? AND error IS NULL
        ), n AS (SELECT count(*) AS games FROM games)
        SELECT c.side, c.card,
               count(*) AS drawn_games,
               count(*) FILTER (WHERE c.played > 0) AS played_games,
               count(*) FILTER (WHERE c.opening > 0) AS opening_games,
               round(count(*) FILTER (WHERE c.played > 0) / any_value(n.games), 4) AS play_rate,
               round(avg(CASE WHEN g.winner IS NULL THEN NULL
                              WHEN g.winner = c.side THEN 1.0 ELSE 0.0 END), 4) AS win_rate_drawn,
               round(avg(CASE WHEN c.played = 0 OR g.winner IS NULL THEN NULL
                              WHEN g.winner = c.side THEN 1.0 ELSE 0.0 END), 4) AS win_rate_played,
               round(avg(CASE WHEN c.opening = 0 OR g.winner IS NULL THEN NULL
                              WHEN g.winner = c.side THEN 1.0 ELSE 0.0 END), 4) AS win_rate_opening,
               round(count(*) FILTER (WHERE c.played = 0) / count(*), 4) AS unplayed_rate,
               round(avg(nullif(c.first_played, 0)), 2) AS mean_turn_played
        FROM (SELECT DISTINCT * FROM sim_cards WHERE run_id = ?) c
             JOIN games g USING (seed, seat), n
        GROUP BY c.side, c.card
        ORDER BY c.side, play_rate DESC, c.card
        """,
        [run_id, run_id],
    ).df()


def stats_json(run_id: str, frame: pd.DataFrame, deck_names: Sequence[str]) -> dict[str, Any]:
    """``{"run_id", "note", "cards": [{"card", "deck", "play_rate", ...}]}`` for ``--json``."""
    cards = []
    for rec in frame.to_dict(orient="records"):
        row: dict[str, Any] = {k: _plain(rec[k]) for k in STAT_KEYS}
        row["deck"] = deck_names[int(rec["side"])]
        row["drawn_games"] = int(rec["drawn_games"])
        cards.append(row)
    return {"run_id": run_id, "note": NOTE, "cards": cards}


def _plain(value: Any) -> Any:
    if isinstance(value, str):
        return value
    import pandas as pd  # loaded already: the value comes from a frame

    if value is None or pd.isna(value):
        return None
    return float(value)
