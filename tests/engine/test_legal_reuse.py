"""Legal actions kept for a decision: a world sampled by a searching agent keeps the main
phase's legal actions it found until the next action is applied, and its clones share them;
a real game finds them again at every call.

The lists kept must always equal the ones found from scratch: these tests play whole games
inside sampled worlds over real decks and compare at every decision.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.sve import DeckSpec, State, new_game
from engine.sve.actions import Action, Play
from engine.sve.agents import make_agent
from engine.sve.board import Kind
from engine.sve.position import follower, position
from engine.sve.runner import agent_rng

REPO = Path(__file__).resolve().parents[2]


def fresh_legal(state: State) -> list[Action]:
    """The legal actions found again from scratch, on a copy that keeps none."""
    other = state.clone()
    other.reuse_legal = False
    other.legal_for = None
    return other.legal_actions()


def play_in_world(a: DeckSpec, b: DeckSpec, seed: int, names: tuple[str, str]) -> int:
    """Play a whole game inside a world sampled at its first decision, checking the legal
    actions at every decision (twice, and on a clone now and then) against a fresh search.
    Returns the main-phase decisions checked."""
    game = new_game(a, b, seed)
    world = game.observation(0).sample(random.Random(seed))
    agents = [make_agent(n) for n in names]
    rngs = [agent_rng(seed, 0), agent_rng(seed, 1)]
    mains = 0
    while world.outcome_ is None:
        d = world.decision
        assert d is not None
        legal = world.legal_actions()
        assert legal == fresh_legal(world), f"seed {seed}, action {world.actions_applied}"
        assert world.legal_actions() == legal
        if d.kind is Kind.MAIN:
            mains += 1
            if mains % 3 == 0:
                assert world.clone().legal_actions() == legal
        who = d.player
        world.apply_unchecked(agents[who].choose(world.observation(who), legal, rngs[who]))
    return mains


@pytest.mark.shared
def test_kept_legal_actions_equal_a_fresh_search_in_real_deck_games(sve_data: Path) -> None:
    """Random and greedy games over real tournament decks, played inside sampled worlds: the
    kept legal actions equal a fresh search at every decision."""
    from cardpool.snapshot import load_sve_pool
    from decklab.commands.play import tournament_decks

    decks = tournament_decks(sve_data / "decks" / "individual_v2.jsonl", load_sve_pool())
    rng = random.Random(23)
    mains = 0
    for seed in range(60):
        names = (("random", "random"), ("greedy", "greedy"), ("greedy", "random"))[seed % 3]
        mains += play_in_world(rng.choice(decks), rng.choice(decks), 7000 + seed, names)
    assert mains >= 1500


def test_kept_legal_actions_equal_a_fresh_search_in_example_deck_games() -> None:
    """The same check over every pairing of the example decks (no reference data needed)."""
    from analytics.decks import deck_spec
    from cardpool.decklist import read_deck_file
    from cardpool.snapshot import load_sve_pool

    pool = load_sve_pool()
    paths = sorted((REPO / "examples").glob("*.txt"))
    decks = [deck_spec(read_deck_file(p), pool, where=p.name) for p in paths]
    mains = 0
    for i, a in enumerate(decks):
        for j, b in enumerate(decks):
            mains += play_in_world(a, b, 900 + 10 * i + j, ("greedy", "random"))
    assert mains >= 200


def test_a_world_keeps_its_main_phase_actions_for_the_decision() -> None:
    """A sampled world keeps the list it found for the decision it was found at; after an
    action it finds the new decision's list."""
    ogre = follower("Ogre", 2, 2, 2)
    game = position(hands=([ogre, ogre], []), pp=(4, 0))
    world = game.observation(0).sample(random.Random(1))
    first = world.legal_actions()
    assert world.legal_for is world.decision
    assert [str(a) for a in first] == ["play 0", "play 1", "end"]
    world.apply(Play(0))
    assert world.legal_for is not world.decision
    assert [str(a) for a in world.legal_actions()] == ["play 1", "end"]


def test_a_real_game_finds_its_actions_again_at_every_call() -> None:
    """A real game keeps nothing between calls: a change made directly (as test positions
    do) shows at the next call."""
    ogre = follower("Ogre", 4, 4, 4)
    game = position(hands=([ogre], []), pp=(2, 0))
    assert Play(0) not in game.legal_actions()
    assert game.legal_for is not game.decision
    game.players[0].pp = 4
    assert Play(0) in game.legal_actions()
