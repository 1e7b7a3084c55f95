"""``decklab impact``, ``mulligan-test``, ``gauntlet`` and ``report --cards`` on real games:
JSON shapes, the same answer on processes and on Dask, resume after an interruption, the
sequential stop, and bad input refused with exit code 2 and nothing stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from analytics.impact import all_variants, variant, weakest_filler
from analytics.mulligan import KeepAll, KeepIfAny, MulliganAll, make_policy
from analytics.study import Matchup, list_studies, play_study, start_study
from cardpool.decklist import read_deck_file
from cardpool.errors import InputError
from cardpool.snapshot import load_sve_pool
from cardpool.store import Store
from decklab.cli import main
from decklab.commands.answers import _config
from engine.sve import DeckSpec, play_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOREST = str(EXAMPLES / "forest_fairies.txt")
SWORD = str(EXAMPLES / "sword_knights.txt")
RUNE = str(EXAMPLES / "rune_golems.txt")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json", "--quiet")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


# --- impact ----------------------------------------------------------------------------------


def test_impact_json_shape_and_a_stored_study(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "x.duckdb")
    data = run_json(
        capsys, "--db", db, "impact", FOREST, "--field", SWORD, "--card", "SD01-001",
        "--card", "BP01-017", "--games", "6", "--workers", "1", "--agents", "greedy",
    )  # fmt: skip
    assert set(data) >= {"deck", "field", "rows"}
    assert data["field"] == ["Sword knights (starter-deck cards)"]
    assert [r["card"] for r in sorted(data["rows"], key=lambda r: r["card"])] == [
        "BP01-017", "SD01-001",
    ]  # fmt: skip
    for row in data["rows"]:
        assert set(row) >= {"card", "name", "swap", "delta", "ci95", "games", "decided", "p_holm"}
        assert row["games"] == 6
        assert row["ci95"][0] <= row["delta"] <= row["ci95"][1]
        assert row["ci95"][1] > row["ci95"][0]  # never "+0.0% to +0.0%"
        assert row["swap"]  # a 40-card deck: the card is swapped for the filler
        assert row["decided"] == (row["p_holm"] < 0.05)
    assert "Holm" in data["family"]
    assert "2 tests" in data["family"]
    assert data["games_played"] == data["games_budget"] == 18  # base and two variants
    code, out, _ = run(capsys, "--db", db, "studies")
    assert code == 0
    assert data["study_id"] in out


def test_impact_same_answer_on_processes_and_on_a_dask_local_cluster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dask is optional: without it this skips. Its cluster binds no fixed port."""
    pytest.importorskip(
        "distributed", reason="Dask is optional: pip install 'decklab[distributed]'"
    )
    args = (
        "impact",
        "--agents",
        "greedy",
        FOREST,
        "--field",
        SWORD,
        "--card",
        "SD01-011",
        "--games",
        "6",
        "--seed",
        "5",
    )
    local = run_json(capsys, "--db", str(tmp_path / "a.duckdb"), *args, "--workers", "2")
    dask = run_json(
        capsys, "--db", str(tmp_path / "b.duckdb"), *args, "--dask", "local", "--workers", "2"
    )
    assert local["rows"] == dask["rows"]
    assert local["games_played"] == dask["games_played"]


def test_impact_variants_swap_at_the_minimum_size_and_refuse_a_fourth_copy() -> None:
    pool = load_sve_pool()
    deck = read_deck_file(FOREST)
    v = variant(deck, pool, "SD01-003", None)
    assert sum(v.deck.main.values()) == sum(deck.main.values()) == 40
    assert v.swap == weakest_filler(deck, pool)
    assert v.deck.main["SD01-003"] == deck.main["SD01-003"] - 1

    def copies(main: dict[str, int]) -> list[str]:
        return [c for c, n in main.items() for _ in range(n)]

    # swapped in place: the shuffled list differs in the swapped copy only
    changed = [
        i for i, (a, b) in enumerate(zip(copies(deck.main), copies(v.deck.main), strict=True))
        if a != b
    ]  # fmt: skip
    assert len(changed) == 1
    bigger = read_deck_file(FOREST)
    bigger.main["BP01-021"] = 3  # 41 cards: a removal stays a removal
    removed = variant(bigger, pool, "SD01-003", None)
    assert removed.swap is None
    assert sum(removed.deck.main.values()) == 40
    with pytest.raises(InputError, match="already holds 3"):
        variant(deck, pool, "SD01-003", "SD01-005")  # SD01-005 is a 3-of
    assert variant(deck, pool, "SD01-003", "BP01-021").deck.main["BP01-021"] == 3
    assert len(all_variants(deck, pool, None)) == len(deck.main)


# --- resume ----------------------------------------------------------------------------------


class Stop(Exception):
    """Stands for Ctrl-C in the middle of a study."""


def _study(store: Store, matchups_for: Any) -> Any:
    info = start_study(
        store, "impact", "forest", {}, games=8, seed=2, agents=("greedy", "greedy"),
        turn_limit=60, until_decided=False, backend="processes",
    )  # fmt: skip
    return info, matchups_for(info)


def test_an_interrupted_study_resumes_to_the_same_answer(tmp_path: Path) -> None:
    pool = load_sve_pool()
    forest, sword, rune = read_deck_file(FOREST), read_deck_file(SWORD), read_deck_file(RUNE)

    def matchups_for(info: Any) -> list[Matchup]:
        return [
            Matchup("a", forest, sword, _config(forest, sword, pool, info)),
            Matchup("b", forest, rune, _config(forest, rune, pool, info)),
        ]

    with Store.open(tmp_path / "whole.duckdb") as store:
        info, matchups = _study(store, matchups_for)
        whole = play_study(store, info, matchups, workers=1)

    seen = []

    def interrupt(progress: Any) -> None:
        seen.append(progress.done)
        if progress.done >= 5:
            raise Stop

    with Store.open(tmp_path / "cut.duckdb") as store:
        info, matchups = _study(store, matchups_for)
        with pytest.raises(Stop):
            play_study(store, info, matchups, workers=1, on_progress=interrupt)
        stored = store.con.execute("SELECT count(*) FROM sim_games").fetchone()
        assert stored is not None
        assert 0 < stored[0] < 16
        resumed = play_study(store, info, matchups, workers=1)
        runs = store.con.execute("SELECT count(*) FROM sim_runs").fetchone()
    assert resumed.scores == whole.scores
    assert resumed.games_played == whole.games_played == 16
    assert runs == (2,)  # the resume reused the study's runs


def test_cli_resume_of_a_finished_study_gives_its_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "x.duckdb")
    first = run_json(
        capsys, "--db", db, "impact", FOREST, "--field", SWORD, "--card", "SD01-001",
        "--agents", "greedy,greedy",
        "--games", "4", "--workers", "1",
    )  # fmt: skip
    again = run_json(capsys, "--db", db, "impact", "--resume", first["study_id"], "--workers", "1")
    assert again["rows"] == first["rows"]
    with Store.open(tmp_path / "x.duckdb") as store:
        games = store.con.execute("SELECT count(*) FROM sim_games").fetchone()
    assert games == (8,)  # nothing was played twice


# --- mulligan --------------------------------------------------------------------------------


def test_mulligan_policies_decide_the_opening_both_ways() -> None:
    pool = load_sve_pool()
    deck = read_deck_file(FOREST)
    ids = {pool.card_id(c) or c: n for c, n in deck.main.items()}
    keep_if = make_policy("keep-if:SD01-011", ids, pool)
    assert isinstance(keep_if, KeepIfAny)
    assert isinstance(make_policy("never", ids, pool), KeepAll)
    assert isinstance(make_policy("always", ids, pool), MulliganAll)
    assert make_policy("agent", ids, pool) is None  # the AI player decides
    assert not MulliganAll().keep(with_it := [pool.records["SD01-011"]] * 4, True)
    assert with_it
    with_it = [pool.records["SD01-011"]] + [pool.records["SD01-003"]] * 3
    without = [pool.records["SD01-003"]] * 4
    assert keep_if.keep(with_it, True)
    assert not keep_if.keep(without, True)
    optimal = make_policy("optimal:SD01-011", ids, pool, turn=2)
    assert optimal.keep(with_it, True)
    assert not optimal.keep(without, False)
    for bad in ("sometimes", "optimal", "keep-if:NOPE-999", "optimal:SD02-001"):
        with pytest.raises(InputError):
            make_policy(bad, ids, pool)


def test_the_runner_takes_the_opening_decision_from_the_policy(
    forest: DeckSpec, sword: DeckSpec
) -> None:
    class Always:
        def keep(self, hand: Any, going_first: bool) -> bool:
            return False

    kept = play_game(
        forest,
        sword,
        9,
        ("greedy", "greedy"),
        first=0,
        mulligans=(KeepAll(), None),
        card_facts=True,
    )
    redrawn = play_game(
        forest, sword, 9, ("greedy", "greedy"), first=0, mulligans=(Always(), None), card_facts=True
    )

    def opening(result: Any) -> dict[str, int]:
        return {f.card: f.opening for f in result.cards if f.player == 0 and f.opening}

    assert sum(opening(kept).values()) == sum(opening(redrawn).values()) == 4
    assert opening(kept) != opening(redrawn)  # a redraw takes four other cards (CR 6.2.1.8)


def test_mulligan_test_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "--db", str(tmp_path / "x.duckdb"), "mulligan-test", FOREST, "--field", SWORD,
        "--agents", "greedy,greedy",
        "--policy", "never", "--policy", "keep-if:SD01-011", "--games", "4", "--workers", "1",
    )  # fmt: skip
    assert set(data) >= {"deck", "rows"}
    assert [(r["policy"], r["going"]) for r in data["rows"]] == [
        ("never", "first"), ("never", "second"),
        ("keep-if:SD01-011", "first"), ("keep-if:SD01-011", "second"),
        ("keep-if:SD01-011", "both"),
    ]  # fmt: skip
    for row in data["rows"]:
        assert set(row) >= {"policy", "going", "win_rate", "delta", "ci95", "games"}
        assert row["games"] == (4 if row["going"] == "both" else 2)
    assert data["rows"][0]["ci95"] is None  # the reference
    for row in data["rows"][2:]:
        assert row["ci95"][0] <= row["delta"] <= row["ci95"][1]
        assert row["ci95"][1] > row["ci95"][0]  # never of zero width
    assert "decided" in data["rows"][4]
    assert data["family"] == "one test: error rate 5%"


# --- gauntlet and the sequential stop on real games ------------------------------------------


def _meta_file(tmp_path: Path) -> Path:
    """Three tournament-style lines: two alike sword lists and a forest list."""
    sword, forest = read_deck_file(SWORD), read_deck_file(FOREST)
    other = dict(sword.main)
    first = next(iter(other))
    other[first] -= 1
    lines = [
        {"date": "2026-03-01", "class_or_title_ja": "ロイヤル", "rank": 1, "players": 8,
         "deck_code": "S1", "tournament_id": "t1", "main_deck_by_code": sword.main},
        {"date": "2026-03-02", "class_or_title_ja": "ロイヤル", "rank": 2, "players": 8,
         "deck_code": "S2", "tournament_id": "t2", "main_deck_by_code": other},
        {"date": "2026-03-02", "class_or_title_ja": "エルフ", "rank": 1, "players": 8,
         "deck_code": "F1", "tournament_id": "t2", "main_deck_by_code": forest.main},
    ]  # fmt: skip
    path = tmp_path / "meta.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    return path


def test_gauntlet_field_shares_and_json_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = run_json(
        capsys, "--db", str(tmp_path / "x.duckdb"), "gauntlet", RUNE, "--meta",
        str(_meta_file(tmp_path)), "--games", "4", "--workers", "1",
        "--agents", "greedy,greedy",
    )  # fmt: skip
    assert set(data) >= {"deck", "expected_win_rate", "ci95", "field"}
    assert [(f["share"], f["list"]) for f in data["field"]] == [
        (round(2 / 3, 4), "S1"),
        (round(1 / 3, 4), "F1"),
    ]
    for f in data["field"]:
        assert set(f) >= {"archetype", "share", "list", "win_rate", "ci95", "games"}
        assert f["games"] == 4
    rates = [f["win_rate"] for f in data["field"]]
    assert data["expected_win_rate"] == pytest.approx(2 / 3 * rates[0] + 1 / 3 * rates[1], abs=1e-3)


def test_until_decided_stops_a_lopsided_gauntlet_and_says_what_it_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Our greedy player against a random one wins nearly always: decided before the budget."""
    meta = str(_meta_file(tmp_path))
    data = run_json(
        capsys, "--db", str(tmp_path / "x.duckdb"), "gauntlet", SWORD, "--meta", meta,
        "--top", "1", "--games", "60", "--agents", "greedy,random", "--until-decided",
        "--workers", "2",
    )  # fmt: skip
    assert data["until_decided"]
    assert data["games_played"] < data["games_budget"] == 60
    assert data["games_saved"] == 60 - data["games_played"]
    assert data["ci95"][0] > 0.5


# --- per-card statistics ---------------------------------------------------------------------


def test_simulations_record_per_card_facts_and_report_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "x.duckdb")
    sim = run_json(
        capsys,
        "--db",
        db,
        "simulate",
        "--agents",
        "greedy,greedy",
        FOREST,
        SWORD,
        "--games",
        "6",
        "--workers",
        "1",
    )
    code, out, _ = run(capsys, "--db", db, "report", sim["run_id"], "--cards", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["run_id"] == sim["run_id"]
    assert "impact" in data["note"]
    assert data["cards"]
    keys = {
        "card",
        "play_rate",
        "win_rate_drawn",
        "win_rate_played",
        "win_rate_opening",
        "unplayed_rate",
    }
    for card in data["cards"]:
        assert set(card) >= keys
        assert 0 <= card["play_rate"] <= 1
        assert 0 <= card["unplayed_rate"] <= 1
    with Store.open(tmp_path / "x.duckdb") as store:
        per_game = store.con.execute(
            "SELECT seed, seat, side, sum(opening), bool_and(drawn >= opening), "
            "bool_and(played <= drawn), bool_and((played > 0) = (first_played > 0)) "
            "FROM sim_cards GROUP BY ALL"
        ).fetchall()
    assert len(per_game) == 12  # every game, both decks
    for _, _, _, opening, drawn_ok, played_ok, turn_ok in per_game:
        assert opening == 4
        assert drawn_ok
        assert played_ok
        assert turn_ok


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["impact", FOREST, "--field", SWORD], "--card CODE"),
        (["impact", FOREST, "--field", SWORD, "--card", "NOPE-001"], "NOPE-001"),
        (["impact", FOREST, "--field", SWORD, "--card", "SD02-001"], "not in the main deck"),
        (["impact", FOREST, "--field", SWORD, "--all", "--games", "0"], "--games: 0 is out"),
        (["impact", FOREST, "--field", SWORD, "--card", "SD01-001", "--swap", "SD01-001"], "same"),
        (
            ["impact", FOREST, "--field", SWORD, "--card", "SD01-001", "--swap", "SD02-001"],
            "may hold only Forestcraft and Neutral cards",
        ),
        (["impact", FOREST, "--field", SWORD, "--all", "--swing", "-1"], "--swing"),
        (
            ["mulligan-test", FOREST, "--field", SWORD, "--policy", "agent", "--policy", "sure"],
            "agent, always",
        ),
        (["impact", FOREST, "--field", SWORD, "--all", "--agents", "wizard"], "wizard"),
        (["impact", "--resume", "feedbeef"], "feedbeef"),
        (["mulligan-test", FOREST, "--field", SWORD, "--policy", "never"], "two --policy"),
        (
            ["mulligan-test", FOREST, "--field", SWORD, "--policy", "never", "--policy", "maybe"],
            "maybe",
        ),
        (["gauntlet", FOREST, "--meta", "/nonexistent.jsonl"], "file not found"),
        (["gauntlet", FOREST, "--top", "0"], "--top: 0 is out of range"),
        (["gauntlet", FOREST, "--since", "last week"], "--since"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    db = tmp_path / "x.duckdb"
    code, _out, err = run(capsys, "--db", str(db), *argv, "--quiet")
    assert code == 2
    errors = [line for line in err.splitlines() if "error" in line]
    assert len(errors) == 1
    assert message in errors[0]
    with Store.open(db) as store:
        assert list_studies(store).empty


def test_compare_until_decided_reports_its_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = run_json(
        capsys, "--db", str(tmp_path / "x.duckdb"), "compare", FOREST, SWORD, "--field", RUNE,
        "--agents", "greedy,greedy",
        "--games", "8", "--until-decided", "--workers", "1",
    )  # fmt: skip
    assert data["games_budget"] == 16
    assert data["games_played"] + data["games_saved"] == 16
    assert data["ci95"][0] <= data["difference"] <= data["ci95"][1]
    assert "group-sequential" in data["test"]
    again = run_json(
        capsys, "--db", str(tmp_path / "x.duckdb"), "compare", FOREST, SWORD, "--field", RUNE,
        "--games", "8", "--until-decided", "--workers", "1", "--resume", data["study_id"],
    )  # fmt: skip
    assert again["difference"] == data["difference"]
    assert again["games_played"] == data["games_played"]


@pytest.mark.parametrize(
    ("seed", "agent"), [(3, "greedy"), (4, "greedy"), (5, "random"), (6, "random")]
)
def test_card_facts_agree_with_the_event_log(
    forest: DeckSpec, sword: DeckSpec, seed: int, agent: str
) -> None:
    """Copies played per card are the copies (uids) in the play events of the game's log."""
    result = play_game(
        forest, sword, seed, (agent, agent), first=seed % 2, log=True, card_facts=True
    )
    events = [json.loads(line) for line in result.log]
    for player, deck in enumerate((forest, sword)):
        main = {r.card_id for r in deck.main}
        copies: dict[str, set[int]] = {}
        first: dict[str, int] = {}
        own = 0  # the player's own turns started so far
        for e in events:
            if e["ev"] == "turn_start" and e["player"] == player:
                own = e["own_turn"]
            if e["ev"] == "play" and e["player"] == player and e["card"] in main:
                copies.setdefault(e["card"], set()).add(e["uid"])
                first.setdefault(e["card"], max(own, 1))
        logged = {card: len(uids) for card, uids in copies.items()}
        facts = {f.card: f.played for f in result.cards if f.player == player and f.played}
        assert facts == logged
        turns = {f.card: f.first_played for f in result.cards if f.player == player and f.played}
        assert turns == first
        assert logged  # the games do play cards


def test_a_rerun_game_does_not_count_twice_in_the_card_statistics(
    tmp_path: Path, forest: DeckSpec, sword: DeckSpec
) -> None:
    from analytics.cardstats import card_stats
    from analytics.runs import execute_run, start_run
    from analytics.simulate import MatchConfig, schedule

    deck_f, deck_s = read_deck_file(FOREST), read_deck_file(SWORD)
    with Store.open(tmp_path / "x.duckdb") as store:
        info = start_run(store, deck_f, deck_s, games=4, agents=("greedy", "greedy"), seed=1)
        config = MatchConfig(forest, sword)
        execute_run(store, info, config, schedule(1, 4), workers=1)
        once = card_stats(store, info.run_id)
        execute_run(store, info, config, schedule(1, 2), workers=1)  # two games again
        twice = card_stats(store, info.run_id)
    assert twice.equals(once)
    assert int(once["drawn_games"].max()) <= 4


def test_an_off_class_swap_runs_only_when_asked_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "x.duckdb")
    argv = ("--db", db, "impact", FOREST, "--field", SWORD, "--card", "SD01-001",
            "--swap", "SD02-001", "--games", "2", "--workers", "1", "--agents", "greedy",
            "--quiet")  # fmt: skip
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "--allow-illegal-swap" in err
    code, out, err = run(capsys, *argv, "--allow-illegal-swap")
    assert code == 0
    assert "warning: the swapped deck may not hold SD02-001" in err
    assert "Holm" not in out
    assert "one test" in out


def test_every_answer_names_the_cards_the_engine_does_not_fully_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deck holding a card modelled only in part (BP01-028): impact, mulligan-test and
    gauntlet name it, as simulate does."""
    from analytics.decks import unmodelled_cards

    pool = load_sve_pool()
    text = (
        Path(SWORD)
        .read_text(encoding="utf-8")
        .replace("2 SD02-001 ツバキ", "1 SD02-001 ツバキ\n1 BP01-028")
    )
    deck = tmp_path / "deck.txt"
    deck.write_text(text, encoding="utf-8")
    known = {cid for cid, _, _ in unmodelled_cards(read_deck_file(str(deck)), pool)}
    assert known == {"BP01-028"}
    db = str(tmp_path / "x.duckdb")
    common = ("--games", "2", "--workers", "1", "--agents", "greedy")
    answers = [
        run_json(capsys, "--db", db, "impact", str(deck), "--field", FOREST, "--card",
                 "SD02-001", *common),
        run_json(capsys, "--db", db, "mulligan-test", str(deck), "--field", FOREST,
                 "--policy", "agent", "--policy", "always", *common),
        run_json(capsys, "--db", db, "gauntlet", str(deck), "--meta",
                 str(_meta_file(tmp_path)), "--top", "1", *common),
    ]  # fmt: skip
    for data in answers:
        named = {c["card"] for c in data["not_fully_modelled"]}
        assert known <= named
        assert all(
            c["status"] in {"partial", "none", "unknown"} for c in data["not_fully_modelled"]
        )
    code, out, _ = run(capsys, "--db", db, "impact", str(deck), "--field", FOREST, "--card",
                       "SD02-001", *common, "--quiet")  # fmt: skip
    assert code == 0
    assert "not fully modelled by the engine" in out
    assert "BP01-028" in out


def test_a_sequential_study_stops_at_the_same_look_however_it_is_played(tmp_path: Path) -> None:
    """Where an --until-decided study stops depends on the seeds alone: played whole, cut
    by an interruption and resumed, or on two workers, it stops at the same look with the
    same answer (with a swing of 20 points the card stops well before the budget)."""
    from analytics import impact

    pool = load_sve_pool()
    forest, sword = read_deck_file(FOREST), read_deck_file(SWORD)
    variants = [variant(forest, pool, "SD01-001", None)]

    def study(store: Store) -> Any:
        info = start_study(
            store, "impact", "forest", {}, games=80, seed=3, agents=("greedy", "random"),
            turn_limit=60, until_decided=True, backend="processes",
        )  # fmt: skip
        matchups = [
            Matchup(impact.field_key(key, 0), deck, sword, _config(deck, sword, pool, info))
            for key, deck in ((impact.BASE, forest), (variants[0].key, variants[0].deck))
        ]
        return info, matchups

    def active(info: Any) -> Any:
        from analytics.study import seed_order

        seeds = seed_order(info)
        return lambda s, point: impact.still_open(s, variants, 1, info.units, point, seeds, 0.2)

    answers = []
    for workers, cut in ((1, False), (2, False), (1, True)):
        with Store.open(tmp_path / f"{workers}{cut}.duckdb") as store:
            info, matchups = study(store)
            if cut:

                def interrupt(progress: Any) -> None:
                    if progress.done >= 30:
                        raise Stop

                with pytest.raises(Stop):
                    play_study(store, info, matchups, active=active(info), workers=1,
                               on_progress=interrupt)  # fmt: skip
            played = play_study(store, info, matchups, active=active(info), workers=workers)
            rows = impact.impact_rows(
                played.scores, variants, 1, sequential=True, budget_units=info.units,
                looks=played.looks, seeds=played.seeds, swing=0.2,
            )  # fmt: skip
            answers.append((played.units, played.games_played, rows))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0][0] < 40  # stopped before the budget's last look
