"""Round robins and matchups read back from stored runs: the matrix pages and commands show."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from analytics import runs
from analytics.decks import deck_spec
from analytics.matchups import matchup, round_robin
from analytics.simulate import MatchConfig
from analytics.winrate import bradley_terry
from cardpool.deck import Deck
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from cardpool.store import Store

from .conftest import EXAMPLES

AGENTS = ("random", "random")
GAMES = 6


def _play(store: Store, a: Deck, b: Deck, batch: str, seed: int) -> str:
    pool = load_sve_pool()
    config = MatchConfig(deck_spec(a, pool), deck_spec(b, pool), AGENTS)
    info = runs.start_run(store, a, b, games=GAMES, agents=AGENTS, seed=seed, batch_id=batch)
    runs.execute_run(
        store, info, config, runs.missing_games(store, info), executor=ThreadPoolExecutor(1)
    )
    return info.run_id


@pytest.fixture(scope="module")
def stored(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Store, list[str], dict[str, str]]]:
    """A real database file holding a three-deck round robin and one unrelated run."""
    path: Path = tmp_path_factory.mktemp("rr") / "runs.duckdb"
    store = Store.open(path)
    decks = [read_deck_file(EXAMPLES / f) for f in
             ("forest_fairies.txt", "sword_knights.txt", "rune_golems.txt")]  # fmt: skip
    names = [d.name or "?" for d in decks]
    pairings = {}
    for i, j in itertools.combinations(range(3), 2):
        pairings[f"{i}{j}"] = _play(store, decks[i], decks[j], "batch-1", seed=i * 10 + j)
    _play(store, decks[0], decks[1], "batch-2", seed=99)  # another round robin: not counted
    yield store, names, pairings
    store.close()


def _decided_wins(store: Store, run_id: str) -> tuple[int, int]:
    rows = runs.game_rows(store, run_id)
    return (
        sum(1 for r in rows if r.error is None and r.winner == 0),
        sum(1 for r in rows if r.error is None and r.winner == 1),
    )


def test_round_robin_counts_every_pairing_of_its_batch_only(
    stored: tuple[Store, list[str], dict[str, str]],
) -> None:
    store, names, pairings = stored
    result = round_robin(store, "batch-1", order=names)
    assert result.names == names
    expected = np.zeros((3, 3))
    for key, run_id in pairings.items():
        i, j = int(key[0]), int(key[1])
        expected[i, j], expected[j, i] = _decided_wins(store, run_id)
    np.testing.assert_array_equal(result.wins, expected)
    games = result.games
    np.testing.assert_array_equal(games, games.T)
    assert np.all(np.diag(games) == 0)
    assert games[0, 1] + games[0, 2] + games[1, 2] <= 3 * GAMES
    rates = result.rates()
    played = games > 0
    np.testing.assert_allclose((rates + rates.T)[played], 1.0)
    assert np.isnan(rates[~played]).all()
    np.testing.assert_allclose(result.field_rates(), expected.sum(axis=1) / games.sum(axis=1))
    fitted = bradley_terry(names, expected)
    assert result.ranking.order() == fitted.order()
    np.testing.assert_allclose(result.ranking.strength, fitted.strength)


def test_round_robin_without_an_order_names_the_decks_of_its_runs(
    stored: tuple[Store, list[str], dict[str, str]],
) -> None:
    store, names, _ = stored
    ordered = round_robin(store, "batch-1", order=names)
    found = round_robin(store, "batch-1")
    assert sorted(found.names) == sorted(names)
    perm = [names.index(n) for n in found.names]
    np.testing.assert_array_equal(found.wins, ordered.wins[np.ix_(perm, perm)])
    assert round_robin(store, "no-such-batch").names == []


def test_a_matchup_is_its_run_with_its_games(
    stored: tuple[Store, list[str], dict[str, str]],
) -> None:
    store, names, pairings = stored
    result = matchup(store, pairings["01"])
    assert (result.info.deck_a, result.info.deck_b) == (names[0], names[1])
    assert len(result.rows) == result.summary.games == GAMES
    assert result.summary.wins == _decided_wins(store, pairings["01"])
