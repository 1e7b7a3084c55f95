"""Per-card statistics of stored runs: the ``sim_cards`` table, written by the parent only.

Each game stores one row per deck and card code that reached that deck's hand: copies in the
kept opening hand, copies drawn (the opening hand included), copies played and the own turn
of the first play. Cards never drawn are not stored; a deck list says they were there. The
rates are correlations (a card drawn in long games looks good because long games are won
by the deck that draws more); ``decklab impact`` is the causal answer. Each rate comes with
its count (the games it is over) and a 95% interval with the seed as the unit
(:func:`analytics.intervals.clustered_rate`): a rate over 20 drawn games is mostly noise,
and the interval says how much.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analytics.bulk import insert_rows
from analytics.intervals import clustered_rate
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
RATES = {
    "play_rate": ("played", "games"),
    "win_rate_drawn": ("drawn_won", "drawn_dec"),
    "win_rate_played": ("played_won", "played_dec"),
    "win_rate_opening": ("opening_won", "opening_dec"),
    "unplayed_rate": ("unplayed", "drawn"),
}
"""Each rate: its successes and the games it is over, per seed."""
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


def rate_intervals(store: Store, run_id: str) -> pd.DataFrame:
    """Per deck side and card: each rate's count of games and its 95% interval over seeds
    (columns ``<rate>_n``, ``<rate>_lo``, ``<rate>_hi``)."""
    ensure_schema(store)
    per_seed = store.con.execute(
        """
        WITH games AS (
            SELECT seed, seat, winner FROM sim_games WHERE run_id = ? AND error IS NULL
        ), c AS (SELECT DISTINCT * FROM sim_cards WHERE run_id = ?)
        SELECT c.side, c.card, g.seed,
               count(*) AS drawn,
               count(*) FILTER (WHERE g.winner IS NOT NULL) AS drawn_dec,
               count(*) FILTER (WHERE g.winner = c.side) AS drawn_won,
               count(*) FILTER (WHERE c.played > 0) AS played,
               count(*) FILTER (WHERE c.played > 0 AND g.winner IS NOT NULL) AS played_dec,
               count(*) FILTER (WHERE c.played > 0 AND g.winner = c.side) AS played_won,
               count(*) FILTER (WHERE c.opening > 0 AND g.winner IS NOT NULL) AS opening_dec,
               count(*) FILTER (WHERE c.opening > 0 AND g.winner = c.side) AS opening_won,
               count(*) FILTER (WHERE c.played = 0) AS unplayed
        FROM c JOIN games g USING (seed, seat)
        GROUP BY ALL
        """,
        [run_id, run_id],
    ).df()
    seeds = dict(
        store.con.execute(
            "SELECT seed, count(*) FROM sim_games WHERE run_id = ? AND error IS NULL GROUP BY seed",
            [run_id],
        ).fetchall()
    )
    out = []
    for key, part in per_seed.groupby(["side", "card"], sort=False):
        side, card = (str(x) for x in key)
        row: dict[str, Any] = {"side": int(side), "card": card}
        seed_ids = [int(x) for x in part["seed"]]
        for rate, (won, over) in RATES.items():
            wins = dict(zip(seed_ids, (float(x) for x in part[won]), strict=True))
            if over == "games":
                games = {int(k): int(v) for k, v in seeds.items()}
            else:
                games = dict(zip(seed_ids, (int(x) for x in part[over]), strict=True))
            n = sum(games.values())
            lo, hi = clustered_rate(wins, games) if n else (None, None)
            row[f"{rate}_n"] = n
            row[f"{rate}_lo"] = None if lo is None else round(lo, 4)
            row[f"{rate}_hi"] = None if hi is None else round(hi, 4)
        out.append(row)
    import pandas as pd  # loaded already: the query's result above is a frame

    columns = ["side", "card"] + [f"{r}_{x}" for r in RATES for x in ("n", "lo", "hi")]
    return pd.DataFrame(out, columns=columns)


def stats_json(
    run_id: str,
    frame: pd.DataFrame,
    deck_names: Sequence[str],
    intervals: pd.DataFrame | None = None,
) -> dict[str, Any]:
    """``{"run_id", "note", "cards": [{"card", "deck", "play_rate", ...}]}`` for ``--json``;
    with ``intervals``, each rate's ``<rate>_ci95`` and ``<rate>_games``."""
    found = {}
    if intervals is not None:
        found = {(int(r["side"]), str(r["card"])): r for r in intervals.to_dict(orient="records")}
    cards = []
    for rec in frame.to_dict(orient="records"):
        row: dict[str, Any] = {k: _plain(rec[k]) for k in STAT_KEYS}
        row["deck"] = deck_names[int(rec["side"])]
        row["drawn_games"] = int(rec["drawn_games"])
        extra = found.get((int(rec["side"]), str(rec["card"])))
        if extra is not None:
            for rate in RATES:
                row[f"{rate}_games"] = int(extra[f"{rate}_n"])
                row[f"{rate}_ci95"] = [_plain(extra[f"{rate}_lo"]), _plain(extra[f"{rate}_hi"])]
        cards.append(row)
    return {"run_id": run_id, "note": NOTE, "cards": cards}


def _plain(value: Any) -> Any:
    if isinstance(value, str):
        return value
    import pandas as pd  # loaded already: the value comes from a frame

    if value is None or pd.isna(value):
        return None
    return float(value)
