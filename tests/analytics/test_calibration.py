"""Checking simulated strength against the tournament record: joins, representative
lists, rank correlation, lopsided pairings, and the benchmark script end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from analytics.calibration import (
    OTHER,
    archetypes,
    chance_spearman,
    events,
    field_rates,
    lopsided_share,
    representative,
    spearman,
    weighted_field,
)

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "benchmarks" / "calibration.py"


def _doc(code: str, rank: int, cards: dict[str, int], event: str = "1") -> dict[str, object]:
    return {"deck_code": code, "tournament_id": event, "rank": rank, "main_deck_by_code": cards}


def _row(code: str, arch: str, cls: str = "elf", event: str = "1") -> dict[str, str]:
    return {"class": cls, "deck_code": code, "tournament_id": event, "archetype_id": arch,
            "label": f"{cls} card {arch} / other"}  # fmt: skip


def test_finishes_are_counted_per_archetype_and_unlabelled_lists_left_out() -> None:
    lists = [
        _doc("A1", 1, {"X": 3}), _doc("A2", 5, {"X": 2}), _doc("A3", 3, {"X": 1}),
        _doc("B1", 2, {"Y": 3}), _doc("C1", 1, {"Z": 3}),
        _doc("A1", 8, {"X": 3}, event="2"),  # same code, another event: no label there
    ]  # fmt: skip
    clusters = [_row("A1", "1"), _row("A2", "1"), _row("A3", "1"), _row("B1", "1", cls="royal")]
    found = archetypes(lists, clusters)
    assert [(a.key, a.finishes) for a in found] == [("elf#1", 3), ("royal#1", 1)]
    assert found[0].top4_conversion == pytest.approx(2 / 3)  # ranks 1 and 3 of 1, 5, 3
    assert found[1].top4_conversion == 1.0


@pytest.mark.parametrize(
    ("lists", "central"),
    [
        # average A3 B1.67 C0.33 D1: the middle list is nearest
        ([{"A": 3, "B": 3}, {"A": 3, "B": 2, "C": 1}, {"A": 3, "D": 3}], 1),
        # average A2.25 B2.25 C0.25 D0.75: the list without C is nearer than its twin with C
        ([{"D": 3}, {"A": 3, "B": 3}, {"A": 3, "B": 3, "C": 1}, {"A": 3, "B": 3}], 1),
        ([{"A": 1}], 0),
        ([{"A": 2}, {"A": 4}], 0),  # equally far: the first
    ],
)
def test_the_representative_list_is_the_one_closest_to_the_average(
    lists: list[dict[str, int]], central: int
) -> None:
    assert representative(lists) == central


def test_top_8s_keep_ranks_and_map_archetypes_outside_the_matrix_to_other() -> None:
    lists = [_doc(f"D{k}", k, {"X": 1}, event="1") for k in range(1, 9)]
    lists += [_doc(f"E{k}", k, {"X": 1}, event="2") for k in range(1, 5)]  # half a top 8
    clusters = [_row(f"D{k}", "1" if k % 2 else "2", event="1") for k in range(1, 9)]
    clusters += [_row(f"E{k}", "1", event="2") for k in range(1, 5)]
    found = events(lists, clusters, ["elf#2", "elf#3"], min_entries=7)
    assert len(found) == 1
    assert found[0].ranks == (1, 2, 3, 4, 5, 6, 7, 8)
    assert found[0].archetypes == (OTHER, 0, OTHER, 0, OTHER, 0, OTHER, 0)
    assert len(events(lists, clusters, ["elf#1"], min_entries=4)) == 2


def test_win_rate_against_a_share_weighted_field() -> None:
    rates = np.array([[np.nan, 0.9, 0.2], [0.1, np.nan, 0.5], [0.8, 0.5, np.nan]])
    # deck 0 meets deck 1 (share 3) and deck 2 (share 1): (0.9 * 3 + 0.2) / 4
    assert weighted_field(rates, [1, 3, 1]).tolist() == pytest.approx([0.725, 0.3, 0.575])
    assert weighted_field(rates, [1, 1, 1]).tolist() == pytest.approx(field_rates(rates).tolist())


@pytest.mark.parametrize(
    ("x", "y", "rho"),
    [
        ([1, 2, 3, 4], [1, 4, 9, 16], 1.0),  # monotone, not linear: still 1
        ([1, 2, 3, 4], [4, 3, 2, 1], -1.0),
        ([1, 2, 3, 4, 5], [2, 1, 4, 3, 5], 0.8),
        ([1, 1, 2, 2], [1, 2, 3, 4], 0.894),  # ties share their mean rank
    ],
)
def test_spearman_rank_correlation(x: list[float], y: list[float], rho: float) -> None:
    assert spearman(x, y) == pytest.approx(rho, abs=1e-3)


@pytest.mark.parametrize(
    ("n", "critical"),
    # One-sided 5% critical values of Spearman's rho from the published tables (Zar 1972).
    [(5, 0.900), (6, 0.829), (7, 0.714), (8, 0.643), (9, 0.600), (10, 0.564)],
)
def test_the_correlation_a_random_ranking_reaches_matches_the_published_table(
    n: int, critical: float
) -> None:
    assert chance_spearman(n) == pytest.approx(critical, abs=0.002)


def test_a_rank_correlation_of_two_items_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        chance_spearman(2)


def test_spearman_of_a_constant_is_undefined() -> None:
    assert np.isnan(spearman([1, 1, 1], [1, 2, 3]))


def test_field_rates_and_lopsided_share() -> None:
    """Three decks: one pairing of three is beyond 80/20."""
    rates = np.array([[np.nan, 0.9, 0.6], [0.1, np.nan, 0.5], [0.4, 0.5, np.nan]])
    assert field_rates(rates).tolist() == pytest.approx([0.75, 0.3, 0.45])
    assert lopsided_share(rates) == pytest.approx(1 / 3)
    assert lopsided_share(rates, 0.05, 0.95) == 0.0


def test_the_script_says_so_and_stops_without_the_record(tmp_path: Path) -> None:
    env = {**os.environ, "DECKLAB_SHARED": str(tmp_path / "nowhere")}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "2"], env=env, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0
    assert "tournament record is not here" in done.stdout


def test_the_script_refuses_a_bad_agent() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--agent", "oracle"], capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "oracle" in done.stderr


def test_a_short_run_on_the_real_record(shared_data: Path, tmp_path: Path) -> None:
    """Real archetypes (30+ finishes), every pairing played, the record's figures beside
    the simulator's; ``--from`` analyses the saved matrix again without playing."""
    out = tmp_path / "cal.json"
    env = {**os.environ, "DECKLAB_SHARED": str(shared_data.parent)}
    command = [sys.executable, str(SCRIPT), "--min-finishes", "30", "--replicates", "40"]
    done = subprocess.run(
        [*command, "--games", "2", "--agent", "random", "--workers", "1", "--json", str(out)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "spread of archetype mean ranks" in done.stdout
    data = json.loads(out.read_text())
    assert len(data["archetypes"]) == 4  # 70, 54, 51 and 34 finishes
    assert all(n >= 30 for n in data["finishes"])
    assert 0 <= data["beyond_20_80"] <= 1
    assert all(0 <= r <= 1 for r in data["vs_weighted_field"])
    low, high = data["sim_spread_band"]
    assert 0 < low <= data["sim_spread_median"] <= high
    lists = tmp_path / "lists"
    again = subprocess.run(
        [*command, "--from", str(out), "--lists", str(lists)], env=env, capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    assert "pairings done" not in again.stderr
    assert f"{data['record_spread']:6.2f}" in again.stdout
    from cardpool.decklist import read_deck_file

    written = sorted(lists.glob("*.txt"))
    assert [p.name for p in written] == ["01.txt", "02.txt", "03.txt", "04.txt"]
    assert all(40 <= sum(read_deck_file(p).main.values()) <= 50 for p in written)
    other = subprocess.run(
        [sys.executable, str(SCRIPT), "--min-finishes", "50", "--from", str(out)],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert other.returncode == 2
    assert "other archetypes" in other.stderr


def _tournament_list(sve_data: Path, code: str) -> dict[str, int]:
    path = sve_data / "decks" / "individual_v2.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        if doc["deck_code"] == code:
            return dict(doc["main_deck_by_code"])
    raise AssertionError(f"{code} not in the record")


def test_cards_of_a_built_evolve_deck_count_as_unmodelled(sve_data: Path) -> None:
    """A main-deck-only list whose main deck is fully modelled still names the unmodelled
    evolved card its built evolve deck plays; a given evolve deck replaces it."""
    from analytics.decks import unmodelled_cards
    from cardpool.deck import Deck
    from cardpool.snapshot import load_sve_pool

    pool = load_sve_pool()
    main = _tournament_list(sve_data, "1LSQC")  # a Princess Connect list
    missing = {cid: status for cid, _, status in unmodelled_cards(Deck(main=main), pool)}
    assert missing == {"CP04-114": "none"}
    given = Deck(main=main, evolve={"CP04-020": 3})
    assert unmodelled_cards(given, pool) == []


def test_built_evolve_deck_holds_every_evolvable_follower_of_a_real_list(sve_data: Path) -> None:
    """A tournament Forest list (5 evolvable followers, 13 copies) gets all 5 evolved forms,
    コッコロ's among them, not three copies of the most-played ones first."""
    from analytics.decks import as_played
    from cardpool.deck import Deck
    from cardpool.snapshot import load_sve_pool

    pool = load_sve_pool()
    main = _tournament_list(sve_data, "4NDDJ")
    played, built = as_played(Deck(main=main), pool)
    assert built is True
    evolvable = {
        pool.rows[c].name for c in main
        if any(r.card_type == "evolved_follower" and r.name == pool.rows[c].name
               for r in pool.rows.values())
    }  # fmt: skip
    assert {pool.rows[c].name for c in played.evolve} == evolvable
    assert "コッコロ" in evolvable
    assert sum(played.evolve.values()) == 10
    for cid, n in played.evolve.items():  # never more copies than the main deck plays
        name = pool.rows[cid].name
        assert n <= sum(k for c, k in main.items() if pool.rows[c].name == name)
