"""Replay: step through one game, a stored simulated game or a ``decklab play --log`` file."""

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from analytics.replay import REASONS, Side, build_replay, parse_log
from analytics.runs import game_rows, list_runs, run_info
from analytics.simulate import GameRow
from cardpool.errors import InputError
from dashboard import data, deck_state
from dashboard.plain import plain

SIMULATED, LOG_FILE = "A simulated game", "A decklab play --log file"
LISTED = 1000  # runs with more games pick one by its number rather than from a list

st.title("Replay")
if deck_state.game() == "riftbound":
    st.info(
        "Replays are of simulated Shadowverse EVOLVE games: the Riftbound publisher's policy "
        "allows no automated Riftbound play."
    )
    st.stop()
pool = data.pool("sve")


@st.cache_data(max_entries=32, show_spinner="Playing the game again from its seed...")
def stored(run_id: str, seed: int, seat: int) -> tuple[list[str], tuple[str, str], bool]:
    """A stored game's event log, its players and whether it ended as stored."""
    from analytics.replay import stored_game

    with data.store() as store:
        game = stored_game(store, data.pool("sve"), run_id, seed, seat)
    return game.result.log, game.players, game.same


def game_label(number: int, row: GameRow, players: tuple[str, str]) -> str:
    """``Game 3: Fairies first, Knights won in 13 turns`` (``number`` counts from 1)."""
    end = "a draw" if row.winner is None else f"{players[row.winner]} won"
    return f"Game {number:,}: {players[row.first]} first, {end} in {row.turns} turns"


source = st.radio("Game", [SIMULATED, LOG_FILE], horizontal=True, key="replay_source")
if source == SIMULATED:
    with data.store() as store:
        runs = list_runs(store)
        if runs.empty:
            st.info("No simulated games yet: run some on the Simulate page, or open a log file.")
            st.stop()
        labels = {
            str(r.run_id): f"{r.deck_a} vs {r.deck_b}: {r.played} games, {r.started:%Y-%m-%d %H:%M}"
            for r in runs.itertuples()
        }
        run_id = st.selectbox("Run", list(labels), format_func=labels.__getitem__, key="replay_run")
        rows = [r for r in game_rows(store, run_id) if r.error is None]
        info = run_info(store, run_id)
    players = (info.deck_a, info.deck_b)
    if not rows:
        st.info("This run has no finished games to replay.")
        st.stop()
    if len(rows) <= LISTED:
        pick = st.selectbox(
            "Game", range(len(rows)), key=f"replay_game_{run_id}",
            format_func=lambda i: game_label(i + 1, rows[i], players),
        )  # fmt: skip
    else:
        number = st.number_input(f"Game (1 to {len(rows):,})", 1, len(rows), 1, key="replay_n")
        pick = int(number) - 1
        st.caption(plain(game_label(pick + 1, rows[pick], players)))
    row = rows[pick]
    try:
        log, names, same = stored(run_id, row.seed, row.seat)
    except InputError as err:
        st.error(f"Cannot replay this game: {plain(err)}")
        st.stop()
    replay = build_replay(parse_log(log), pool.record, names)
    key = f"{run_id}/{row.seed}/{row.seat}"
    if not same:
        st.warning(
            "This game plays out differently from the stored one (stored: "
            f"{plain(REASONS.get(row.reason, row.reason))} after {row.turns} turns): the engine "
            "has changed since the run."
        )
else:
    upload = st.file_uploader("Event log", type=["jsonl"], key="replay_upload")
    if upload is None:
        st.info("Write a log with `decklab play DECK_A DECK_B --log game.jsonl` and open it here.")
        st.stop()
    try:
        text = upload.getvalue().decode("utf-8")
        replay = build_replay(parse_log(text.splitlines(), upload.name), pool.record)
    except (InputError, UnicodeDecodeError) as err:
        st.error(f"Cannot replay {plain(upload.name)}: {plain(err)}")
        st.stop()
    key = f"log/{upload.file_id}"

steps = replay.steps
if st.session_state.get("replay_of") != key:  # another game: start at its beginning
    st.session_state["replay_of"] = key
    st.session_state["replay_step"] = 0
last = len(steps) - 1


def go(step: int) -> None:
    """Move to ``step`` (kept inside the game)."""
    st.session_state["replay_step"] = max(0, min(last, step))


def turn_back() -> None:
    """To the start of this turn, or of the one before when already there."""
    now = steps[st.session_state["replay_step"]]
    start = replay.turn_start(now.turn) if now.kind != "game_start" else 0
    go(start if start < now.number else replay.turn_start(now.turn - 1) if now.turn > 1 else 0)


def turn_forward() -> None:
    """To the start of the next turn (the end, after the last)."""
    now = steps[st.session_state["replay_step"]]
    go(replay.turn_start(1 if now.kind == "game_start" else now.turn + 1))


buttons = st.columns(4)
buttons[0].button(
    "Previous turn", key="replay_turn_back", icon=":material/skip_previous:",
    on_click=turn_back, width="stretch",
)  # fmt: skip
buttons[1].button(
    "Previous step", key="replay_back", icon=":material/chevron_left:", width="stretch",
    on_click=lambda: go(st.session_state["replay_step"] - 1),
)  # fmt: skip
buttons[2].button(
    "Next step", key="replay_next", icon=":material/chevron_right:", width="stretch",
    on_click=lambda: go(st.session_state["replay_step"] + 1),
)  # fmt: skip
buttons[3].button(
    "Next turn", key="replay_turn_next", icon=":material/skip_next:",
    on_click=turn_forward, width="stretch",
)  # fmt: skip
if last > 0:  # counted from 1, as the caption counts them
    st.session_state["replay_slider"] = st.session_state["replay_step"] + 1
    st.slider(
        "Step", 1, last + 1, key="replay_slider", format="%d",
        on_change=lambda: go(st.session_state["replay_slider"] - 1),
    )  # fmt: skip
step = steps[st.session_state["replay_step"]]

st.subheader(plain(step.summary))
st.caption(
    f"Step {step.number + 1} of {len(steps)} · turn {step.turn} of {replay.turns} · "
    f"{plain(replay.result())}"
)
if step.details[1:]:
    st.markdown("\n".join(f"- {plain(line)}" for line in step.details[1:]))


def side_panel(column: DeltaGenerator, side: Side, name: str, turn: bool) -> None:
    """One player's numbers and field."""
    column.markdown(f"**{plain(name)}**" + (" · their turn" if turn else ""))
    a, b, c = column.columns(3)
    a.metric("Leader defense", side.leader)
    b.metric("PP", f"{side.pp}/{side.max_pp}")
    c.metric("EP", side.ep)
    column.caption(
        f"Hand {side.hand} · deck {side.deck} · EX area {side.ex} · graveyard {side.grave} · "
        f"banished {side.banish} · evolve deck {side.evolve_deck} · SEP {side.sep}"
    )
    if not side.field:
        column.caption("Field: empty")
        return
    column.dataframe(
        pd.DataFrame(
            [{"Card": c.label, "ATK/DEF": c.stats, "State": c.state} for c in side.field]
        ),
        hide_index=True, width="stretch",
        column_config={"ATK/DEF": st.column_config.TextColumn(width=60)},
    )  # fmt: skip


turn = 0 if step.kind == "game_start" else step.turn
left, right = st.columns(2)
for column, p in ((left, 0), (right, 1)):
    side_panel(column, step.sides[p], replay.players[p], turn > 0 and p == step.active)

with st.expander("The setup" if turn == 0 else f"Turn {turn} so far"):
    st.markdown(
        "\n".join(
            f"- {plain(s.summary)}" for s in replay.turn_steps(turn) if s.number <= step.number
        )
    )
