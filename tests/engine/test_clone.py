"""Clones are independent games: a clone played on from any decision plays exactly the game
the original would have, and playing it never changes the original.

Clones share card objects and the random generator until one side changes them
(copy-on-write). On the plain Python engine these tests run with ``CHECK_SHARING`` on, so a
change made in place to a card a clone still shares raises instead of leaking into the other
game (the check swaps a card's class, which compiled classes do not allow; the code is the
same both ways, and the test command runs these tests on the plain engine too).
"""

from __future__ import annotations

import ast
import copy
import inspect
import random
from pathlib import Path

import pytest

import engine
import engine.sve.state as state_module
from engine.sve import DeckSpec, State, board, new_game
from engine.sve.agents import Agent, make_agent
from engine.sve.runner import agent_rng

REPO = Path(__file__).resolve().parents[2]


COMPILED = engine.compiled()
PLAIN_ONLY = "the sharing check swaps a card's class: the plain Python engine runs it"


@pytest.fixture(autouse=True)
def check_sharing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shared cards refuse changes made in place while these tests run (plain engine)."""
    if not COMPILED:
        monkeypatch.setattr(state_module, "CHECK_SHARING", True)


def fields(cls: type) -> list[str]:
    """The instance fields of a board class, as its source declares them (``__slots__``; a
    compiled class keeps no ``__slots__`` attribute)."""
    source = Path(inspect.getfile(board)).with_name("board.py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and ast.unparse(stmt.targets[0]) == "__slots__":
                    return list(ast.literal_eval(stmt.value))
    raise LookupError(f"{cls.__name__} declares no __slots__")


def example_decks() -> list[DeckSpec]:
    """The example decks of the repository, resolved against the embedded card pool."""
    from analytics.decks import deck_spec
    from cardpool.decklist import read_deck_file
    from cardpool.snapshot import load_sve_pool

    pool = load_sve_pool()
    paths = sorted((REPO / "examples").glob("*.txt"))
    return [deck_spec(read_deck_file(p), pool, where=p.name) for p in paths]


Players = tuple[list[Agent], list[random.Random]]


def play_on(game: State, players: Players, stop: int = -1) -> None:
    """Let the agents play ``game`` until it ends (or ``stop`` actions have been applied)."""
    agents, rngs = players
    while game.outcome_ is None and game.actions_applied != stop:
        who = game.current_player()
        legal = game.legal_actions()
        game.apply_unchecked(agents[who].choose(game.observation(who), legal, rngs[who]))


def fresh_players(names: tuple[str, str], seed: int) -> Players:
    """The agents and random streams ``play_game`` gives both players for ``seed``."""
    return [make_agent(n) for n in names], [agent_rng(seed, 0), agent_rng(seed, 1)]


def check_clones_replay(a: DeckSpec, b: DeckSpec, seed: int, names: tuple[str, str]) -> int:
    """Clone at several decisions; every clone must finish the game exactly as the original
    does, and the original must finish as if no clone had been made. Returns the clones made."""
    reference = new_game(a, b, seed, log=True)
    play_on(reference, fresh_players(names, seed))
    expected = reference.log_lines()
    total = reference.actions_applied
    game = new_game(a, b, seed, log=True)
    players = fresh_players(names, seed)
    made = 0
    for stop in sorted({1, total // 5, total // 3, total // 2, (2 * total) // 3, total - 2}):
        if stop <= game.actions_applied:
            continue
        play_on(game, players, stop)
        clone = game.clone()
        made += 1
        play_on(clone, copy.deepcopy(players))
        assert clone.log_lines() == expected, f"seed {seed}: a clone made at action {stop}"
        assert game.actions_applied == stop
    play_on(game, players)
    assert game.log_lines() == expected, f"seed {seed}: the original after its clones"
    return made


@pytest.mark.parametrize(
    "names", [("random", "random"), ("greedy", "greedy"), ("greedy", "random")]
)
def test_clones_of_example_deck_games_replay_exactly(names: tuple[str, str]) -> None:
    """Every pairing of the example decks, cloned along the way, with each agent pair."""
    decks = example_decks()
    made = 0
    for i, a in enumerate(decks):
        for j, b in enumerate(decks):
            made += check_clones_replay(a, b, 300 + 10 * i + j, names)
    assert made >= 9 * 4


def test_a_clone_and_its_original_change_apart() -> None:
    """Actions applied to a clone leave the original's cards, zones and numbers as they were,
    and the other way round."""
    a, b, *_ = example_decks()
    whole = new_game(a, b, 7)
    play_on(whole, fresh_players(("greedy", "greedy"), 7))
    game = new_game(a, b, 7)
    players = fresh_players(("greedy", "greedy"), 7)
    play_on(game, players, whole.actions_applied // 2)
    before = snapshot(game)
    clone = game.clone()
    play_on(clone, copy.deepcopy(players))
    assert clone.is_terminal()
    assert snapshot(game) == before
    again = game.clone()
    play_on(game, players)
    assert snapshot(again) == before
    assert snapshot(game) != before


def snapshot(game: State) -> tuple[object, ...]:
    """Every card's fields and every player's numbers and zones, as plain values."""
    cards = tuple(
        tuple(
            dict(c.counters or {}) if n == "counters" else getattr(c, n)
            for n in fields(state_module.Card)
            if n != "tok"
        )
        for c in game.cards
    )
    players = tuple(
        tuple(
            list(v) if isinstance(v := getattr(p, n), list) else v
            for n in fields(state_module.Player)
        )
        for p in game.players
    )
    return cards, players, game.turn, game.step, game.rng.getstate()


@pytest.mark.skipif(COMPILED, reason=PLAIN_ONLY)
def test_changing_a_shared_card_in_place_is_refused() -> None:
    """The sharing check itself: a shared card refuses a change unless it is made through
    ``writable``, which gives this game its own copy and leaves the other's as it was."""
    a, b, *_ = example_decks()
    game = new_game(a, b, 3)
    clone = game.clone()
    uid = clone.players[0].hand[0]
    with pytest.raises(AttributeError, match="shared with a clone"):
        clone.cards[uid].atk = 99
    clone.writable(uid).atk = 99
    assert clone.cards[uid].atk == 99
    assert game.cards[uid].atk != 99


@pytest.mark.shared
def test_clones_of_tournament_deck_games_replay_exactly(sve_data: Path) -> None:
    """Random and greedy games over real tournament decks (many abilities), cloned along
    the way, replay exactly."""
    from cardpool.snapshot import load_sve_pool
    from decklab.commands.play import tournament_decks

    decks = tournament_decks(sve_data / "decks" / "individual_v2.jsonl", load_sve_pool())
    rng = random.Random(15)
    for seed in range(40):
        names = (("random", "random"), ("greedy", "greedy"))[seed % 2]
        check_clones_replay(rng.choice(decks), rng.choice(decks), 5000 + seed, names)


@pytest.mark.skipif(COMPILED, reason="a compiled state has no attribute dictionary to compare")
def test_a_clone_carries_every_field_of_the_state() -> None:
    """``clone`` names the fields it copies: one added to the state must be added there."""
    a, b, *_ = example_decks()
    game = new_game(a, b, 5)
    play_on(game, fresh_players(("greedy", "greedy"), 5), 40)
    assert set(vars(game.clone())) == set(vars(game)) == set(vars(State()))
