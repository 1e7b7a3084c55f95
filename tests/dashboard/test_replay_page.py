"""Replay: pick a stored game and step through it, forward and back, by step and by turn."""

from __future__ import annotations

import os
import re

from streamlit.testing.v1 import AppTest

from analytics.runs import game_rows, record_games
from analytics.simulate import GameRow, schedule
from cardpool.store import Store
from decklab.cli import main
from tests.dashboard.conftest import EXAMPLES, open_page, shown


def _simulate(games: int = 2) -> str:
    """A stored run of the example decks in the page's database; its id."""
    db = os.environ["DECKLAB_DB"]
    args = ["--db", db, "simulate", str(EXAMPLES / "forest_fairies.txt"),
            str(EXAMPLES / "sword_knights.txt"), "--games", str(games), "--workers", "1",
            "--quiet"]  # fmt: skip
    assert main(args) == 0
    with Store.open(db) as store:
        (run_id,) = store.con.execute("SELECT run_id FROM sim_runs").fetchone()  # type: ignore[misc]
    return str(run_id)


def _metric(at: AppTest, label: str, side: int) -> str:
    return str([m.value for m in at.metric if m.label == label][side])


def test_no_runs_yet_says_where_to_get_one(app: AppTest) -> None:
    at = open_page(app, "replay")
    assert "No simulated games yet" in at.info[0].value


def test_step_through_a_stored_game_forward_and_back(app: AppTest) -> None:
    run_id = _simulate()
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        rows = game_rows(store, run_id)
    at = open_page(app, "replay")
    assert at.selectbox(key="replay_run").value == run_id
    game = at.selectbox(key=f"replay_game_{run_id}")
    assert len(game.options) == 2
    first = ("Forest fairies", "Sword knights")[rows[0].first]
    assert game.options[0].startswith(f"Game 1: {first}")
    assert str(rows[0].seed) not in game.options[0]  # a 19-digit seed names nothing for people
    assert shown(at.subheader[0].value).startswith("Setup: ")
    assert at.slider(key="replay_slider").value == 1
    assert shown(at.caption[0].value).startswith("Step 1 of ")
    assert _metric(at, "Leader defense", 0) == "20"

    assert not [m for m in at.markdown if "their turn" in m.value]  # nobody's turn yet
    at.button(key="replay_next").click().run()
    assert shown(at.subheader[0].value).startswith("Turn 1: ")
    assert at.slider(key="replay_slider").value == 2  # the slider and the caption agree
    assert shown(at.caption[0].value).startswith("Step 2 of ")
    (whose,) = [shown(m.value) for m in at.markdown if "their turn" in m.value]
    assert whose.startswith(f"**{first}")
    at.button(key="replay_back").click().run()
    assert shown(at.subheader[0].value).startswith("Setup: ")
    at.button(key="replay_back").click().run()  # no step before the first
    assert at.slider(key="replay_slider").value == 1

    for turn in (1, 2, 3):
        at.button(key="replay_turn_next").click().run()
        assert shown(at.subheader[0].value).startswith(f"Turn {turn}: ")
    at.button(key="replay_turn_back").click().run()
    assert shown(at.subheader[0].value).startswith("Turn 2: ")
    at.button(key="replay_next").click().run()  # a step of turn 2 ...
    at.button(key="replay_turn_back").click().run()  # ... back to its start
    assert shown(at.subheader[0].value).startswith("Turn 2: ")

    played = None
    while played is None:  # forward to the first card played: it is named, with its number
        at.button(key="replay_next").click().run()
        played = re.search(r"plays (.+) \((\d+)\) for \d+ PP", shown(at.subheader[0].value))
    name, uid = played.groups()
    on_field = [r["Card"] for t in at.dataframe for r in t.value.to_dict("records")]
    spell_done = any(f"{name} ({uid}) goes to the graveyard" in shown(m.value) for m in at.markdown)
    assert f"{name} ({uid})" in on_field or spell_done

    slider = at.slider(key="replay_slider")
    steps = int(slider.max)
    slider.set_value(steps).run()
    assert shown(at.subheader[0].value).startswith("Game over: ")
    assert shown(at.caption[0].value).startswith(f"Step {steps} of {steps} ")
    at.slider(key="replay_slider").set_value(3).run()  # dragged back: the caption follows
    assert shown(at.caption[0].value).startswith("Step 3 of ")
    at.button(key="replay_next").click().run()  # and the buttons go on from there
    assert at.slider(key="replay_slider").value == 4
    at.slider(key="replay_slider").set_value(steps).run()
    row = rows[0]
    assert f"after {row.turns} turns" in shown(at.caption[0].value)
    if row.winner is not None and row.reason == "leader_defense":
        assert int(_metric(at, "Leader defense", 1 - row.winner)) <= 0
    assert not at.warning  # the replay ended as the stored game did
    assert not at.exception


def test_another_game_starts_at_its_beginning(app: AppTest) -> None:
    run_id = _simulate()
    at = open_page(app, "replay")
    at.button(key="replay_turn_next").click().run()
    at.button(key="replay_turn_next").click().run()
    assert at.slider(key="replay_slider").value > 1
    game = at.selectbox(key=f"replay_game_{run_id}")
    game.set_value(1).run()
    assert at.slider(key="replay_slider").value == 1
    assert shown(at.subheader[0].value).startswith("Setup: ")
    assert not at.exception


def test_a_game_that_plays_out_differently_is_flagged(app: AppTest) -> None:
    """A stored row the seed no longer reproduces (another engine) gets a warning."""
    run_id = _simulate()
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        row = game_rows(store, run_id)[0]
        changed = GameRow(row.seed, row.seat, row.first, row.winner, row.reason, row.turns + 1,
                          row.actions, row.duration_ms)  # fmt: skip
        record_games(store, run_id, [changed])
    at = open_page(app, "replay")
    assert "plays out differently" in at.warning[0].value
    assert f"after {row.turns + 1} turns" in at.warning[0].value


def test_riftbound_has_no_replays(app: AppTest) -> None:
    at = open_page(app, "replay")
    at.sidebar.radio(key="game").set_value("riftbound").run()
    assert not at.exception
    assert "no automated Riftbound play" in at.info[0].value
    assert not at.button


def test_a_long_run_picks_its_game_by_number(app: AppTest) -> None:
    """Over a thousand games are not listed: the game is picked by its number."""
    run_id = _simulate()
    with Store.open(os.environ["DECKLAB_DB"]) as store:
        ((seed,),) = store.con.execute("SELECT seed FROM sim_runs").fetchall()
        more = [GameRow(s, seat, seat, 0, "leader_defense", 10, 50, 1.0)
                for s, seat in schedule(int(seed), 1002)[2:]]  # fmt: skip
        record_games(store, run_id, more)
        rows = game_rows(store, run_id)
    at = open_page(app, "replay")
    assert [s.label for s in at.selectbox] == ["Run"]
    number = at.number_input(key="replay_n")
    assert number.label == "Game (1 to 1,002)"
    number.set_value(1002).run()
    assert not at.exception
    first = ("Forest fairies", "Sword knights")[rows[-1].first]
    assert shown(at.caption[0].value).startswith(f"Game 1,002: {first}")
    assert shown(at.subheader[0].value).startswith("Setup: ")
