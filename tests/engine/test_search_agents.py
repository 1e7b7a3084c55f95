"""The searching agents (planner, search): lethal found, hidden cards never read, same seed
same game on every backend."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from analytics.decks import deck_spec
from analytics.simulate import simulate
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from engine.cards import CardRecord
from engine.sve import DeckSpec, new_game, play_game
from engine.sve.agents import GreedyAgent, make_agent
from engine.sve.position import OnField, evolved, follower, position, spell
from engine.sve.state import Card, State, Zone
from tests.engine.agent_turns import play_turn

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BEAR = follower("Bear", 2, 2, 2)
OGRE = follower("Ogre", 4, 4, 4)
WALL = follower("Wall", 1, 1, 1, "ward")
RUNNER = follower("Runner", 2, 3, 1, "storm")
LUMP = follower("Lump", 2, 5, 5)
SEARCHERS = ("planner:30", "search:4")
"""Tiny budgets: enough to find a lethal, small enough for a quick test."""
ALL_AGENTS = ("random", "greedy", *SEARCHERS)


def _ward_then_face() -> State:
    """4 damage needed behind an engaged Ward: the small follower must clear the Ward."""
    return position(fields=([OGRE, BEAR], [OnField(WALL, engaged=True)]), hp=(20, 4))


def _storm_from_hand() -> State:
    """5 damage needed: play the Storm follower (not the bigger one), attack with both."""
    return position(fields=([BEAR], []), hands=([LUMP, RUNNER], []), pp=(2, 0), hp=(20, 5))


def _evolve_then_attack() -> State:
    """4 damage needed from a 2/2: evolve it first (+2/+2), then attack."""
    return position(
        fields=([BEAR], []), evolve=([evolved(BEAR)], []), pp=(2, 0), ep=(1, 0), hp=(20, 4),
        own_turns=(5, 5), turn=9,
    )  # fmt: skip


def _two_faces() -> State:
    """Exactly lethal with both followers to the face; nothing else to do."""
    return position(fields=([BEAR, OGRE], []), hands=([spell("Dud", 1)], []), pp=(1, 0), hp=(20, 6))


LETHAL = {
    "ward then face": _ward_then_face,
    "storm from hand": _storm_from_hand,
    "evolve then attack": _evolve_then_attack,
    "both to the face": _two_faces,
}


@pytest.mark.parametrize("agent", SEARCHERS)
@pytest.mark.parametrize("name", sorted(LETHAL))
def test_the_search_finds_a_lethal_that_exists(agent: str, name: str) -> None:
    """Every searching agent wins in its turn from a position with a lethal line."""
    game = play_turn(LETHAL[name](), agent)
    assert game.outcome_ is not None
    assert game.outcome_.winner == 0


@pytest.mark.parametrize("name", ["ward then face", "storm from hand"])
def test_these_lethals_need_a_plan_one_ply_greedy_misses_them(name: str) -> None:
    """The table is not trivial: the one-ply greedy agent ends these turns without winning."""
    game = play_turn(LETHAL[name](), "greedy")
    assert game.outcome_ is None
    assert game.players[1].hp > 0


def test_no_lethal_no_win_and_the_planner_still_trades() -> None:
    """One damage short: no agent wins, and the planner kills the Ward rather than waste it."""
    game = play_turn(
        position(fields=([OGRE, BEAR], [OnField(WALL, engaged=True)]), hp=(20, 5)), "planner:30"
    )
    assert game.outcome_ is None
    assert 2 not in game.players[1].field  # the Ward is gone


# --- hidden information ------------------------------------------------------------------


def _redeal_hidden(game: State, viewer: int, seed: int) -> State:
    """The same game as ``viewer`` sees it, with other hidden cards: the opponent's hand and
    deck dealt again from the same cards, both decks reordered, a new game RNG."""
    other = game.clone()
    rng = random.Random(seed)
    opp, own = other.players[1 - viewer], other.players[viewer]
    pool = [*opp.hand, *opp.deck]
    rng.shuffle(pool)
    opp.hand, opp.deck = pool[: len(opp.hand)], pool[len(opp.hand) :]
    rng.shuffle(own.deck)
    other.cards = [c.copy() for c in other.cards]
    for uid in opp.hand:
        other.cards[uid].zone = Zone.HAND
    for uid in opp.deck:
        other.cards[uid].zone = Zone.DECK
    other.rng = random.Random(seed + 1)
    return other


def _cards(*names: str) -> list[CardRecord]:
    return [follower(n, 1 + i % 5, 1 + i % 4, 2 + i % 3) for i, n in enumerate(names)]


def _example(name: str) -> DeckSpec:
    return deck_spec(read_deck_file(EXAMPLES / name), load_sve_pool())


def _mid_game(seed: int, actions: int) -> State:
    """A real game between two example decks, played greedily for ``actions`` actions and
    then on to the next main-phase decision with a choice."""
    game = new_game(_example("forest_fairies.txt"), _example("sword_knights.txt"), seed)
    agents, rng = (GreedyAgent(), GreedyAgent()), random.Random(seed)
    done = 0
    while done < actions or game.observation(0).decision != "main" or len(game.legal_actions()) < 3:
        assert game.outcome_ is None, "the game ended before the position"
        who = game.current_player()
        game.apply(agents[who].choose(game.observation(who), game.legal_actions(), rng))
        done += 1
    return game


def _positions() -> dict[str, State]:
    hidden = _cards(*"ABCDEFGHIJ")
    return {
        "own turn, cards in hand": position(
            fields=([BEAR], [OnField(OGRE, engaged=True)]),
            hands=([LUMP, RUNNER], hidden[:3]),
            decks=(hidden[3:6], hidden[6:]),
            pp=(3, 3),
            hp=(12, 9),
        ),
        "mid-game, early": _mid_game(3, 12),
        "mid-game, later": _mid_game(5, 22),
        "mid-game, late": _mid_game(6, 32),
    }


POSITIONS = _positions()


@pytest.mark.parametrize("agent", ALL_AGENTS)
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_no_agent_decision_depends_on_cards_it_cannot_see(agent: str, name: str) -> None:
    """Same observation and random stream, other hidden cards: the same decision."""
    game = POSITIONS[name]
    viewer = game.current_player()
    legal = game.legal_actions()
    decisions = set()
    for variant in (game, _redeal_hidden(game, viewer, 1), _redeal_hidden(game, viewer, 2)):
        assert variant.legal_actions() == legal
        action = make_agent(agent).choose(variant.observation(viewer), legal, random.Random(9))
        decisions.add(str(action))
    assert len(decisions) == 1


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_sampled_world_keeps_what_the_player_sees_and_redeals_the_rest(name: str) -> None:
    """``State.determinize``: visible zones kept, hidden ones drawn from the RNG alone."""
    game = POSITIONS[name]
    viewer = game.current_player()
    opp = 1 - viewer

    def hidden(world: State) -> tuple[object, ...]:
        o, p = world.players[opp], world.players[viewer]
        return (tuple(o.hand), tuple(o.deck), tuple(p.deck))

    a = game.determinize(viewer, random.Random(4))
    b = _redeal_hidden(game, viewer, 1).determinize(viewer, random.Random(4))
    c = game.determinize(viewer, random.Random(5))
    assert hidden(a) == hidden(b)  # other hidden cards, same stream: the same world
    assert hidden(a) != hidden(c)  # another stream: another world
    for world in (a, c):
        assert world.players[viewer].hand == game.players[viewer].hand
        assert [world.players[i].field for i in (0, 1)] == [game.players[i].field for i in (0, 1)]
        assert len(world.players[opp].hand) == len(game.players[opp].hand)
        assert sorted(world.players[opp].hand + world.players[opp].deck) == sorted(
            game.players[opp].hand + game.players[opp].deck
        )
        assert all(isinstance(c, Card) for c in world.cards)
        assert all(world.cards[u].zone is Zone.HAND for u in world.players[opp].hand)


# --- reproducible ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def decks() -> tuple[DeckSpec, DeckSpec]:
    return _example("forest_fairies.txt"), _example("rune_golems.txt")


def test_the_same_seed_plays_the_same_game(decks: tuple[DeckSpec, DeckSpec]) -> None:
    """Same seed, same moves; another seed, another game."""
    runs = [play_game(*decks, seed, SEARCHERS, record=True).moves for seed in (4, 4, 5)]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_searching_agents_give_the_same_rows_on_processes_and_dask(
    decks: tuple[DeckSpec, DeckSpec],
) -> None:
    """A budget is a count, so local processes and Dask play the very same games."""
    from analytics.executors import executor_for

    def key(rows: list) -> list[tuple[object, ...]]:
        return [(r.seed, r.seat, r.winner, r.turns, r.actions, r.error) for r in rows]

    procs = simulate(*decks, 4, SEARCHERS, seed=3, workers=2)
    with executor_for("local", 2) as (executor, _):
        dask = simulate(*decks, 4, SEARCHERS, seed=3, executor=executor)
    assert key(procs) == key(dask)
    assert all(r.error is None for r in procs)
