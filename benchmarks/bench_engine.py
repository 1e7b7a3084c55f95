"""Benchmark the SVE engine: clones/s, greedy playouts/s and games/s/core per agent.

On decks drawn from ``../shared/data/sve/decks/individual_v2.jsonl`` (evolve decks built
from their evolvable followers; synthetic decks when the reference data is absent):

- **clones/s**: ``State.clone`` on mid-game states (turn 6 to 8), and beside it a copy of
  every card (how clones were made before cards were shared copy-on-write), with the ratio;
- **playouts/s**: a clone of a mid-game state played to the end by two greedy agents;
- **games/s/core** for each registered agent in self-play (``random``, ``greedy`` and any
  agent registered later, ``planner`` or ``search:400`` for one): the median over blocks of
  games. A slow agent stops after ``--seconds`` of CPU time per block, with at least one game.

Rates are per CPU-second of this process (``time.process_time``), so they are per-core
figures even on a busy machine; on a loaded machine compare the ratios printed in one run.
It measures the engine as it runs here: compiled where ``scripts/build_engine.py`` built it
(the first line says which), the plain Python one with ``DECKLAB_PURE_ENGINE=1``.

Usage: ``python benchmarks/bench_engine.py [--games 300] [--blocks 5] [--agents a,b,...]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from engine.sve import DeckSpec, State, new_game, play_game
from engine.sve.agents import AGENTS, Agent, make_agent
from engine.sve.position import evolved, follower
from engine.sve.runner import agent_rng

REPO = Path(__file__).resolve().parents[1]
FAST = ("random", "greedy")
"""Agents benchmarked first, with the full game count."""


def _shared() -> Path:
    env = os.environ.get("DECKLAB_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def load_decks() -> tuple[list[DeckSpec], str]:
    """Real tournament decks if the reference data is there, else synthetic ones."""
    path = _shared() / "data" / "sve" / "decks" / "individual_v2.jsonl"
    if path.is_file():
        from cardpool.snapshot import load_sve_pool
        from decklab.commands.play import tournament_decks

        return tournament_decks(path, load_sve_pool()), f"{path.name} (real decks)"
    rng = random.Random(0)
    decks = []
    for _ in range(20):
        units = [
            follower(f"S{i}", rng.randint(1, 8), rng.randint(1, 7), rng.randint(1, 7))
            for i in range(14)
        ]
        decks.append(
            DeckSpec(
                main=[rng.choice(units) for _ in range(40)], evolve=[evolved(u) for u in units[:10]]
            )
        )
    return decks, "synthetic decks (reference data not found)"


def greedy_step(game: State, agents: list[Agent], rngs: list[random.Random]) -> None:
    """Apply one greedy action."""
    who = game.current_player()
    legal = game.legal_actions()
    game.apply_unchecked(agents[who].choose(game.observation(who), legal, rngs[who]))


def mid_game_states(decks: list[DeckSpec], count: int) -> list[State]:
    """Greedy games stopped at the start of a main phase between turns 6 and 8."""
    rng = random.Random(1)
    states: list[State] = []
    seed = 0
    while len(states) < count:
        seed += 1
        game = new_game(rng.choice(decks), rng.choice(decks), seed)
        agents = [make_agent("greedy"), make_agent("greedy")]
        rngs = [agent_rng(seed, 0), agent_rng(seed, 1)]
        stop = rng.randint(6, 8)
        while not game.is_terminal() and game.turn < stop:
            greedy_step(game, agents, rngs)
        if not game.is_terminal():
            states.append(game)
    return states


def copy_every_card(game: State) -> State:
    """A clone that copies every card and the generator up front (the design before cards
    were shared copy-on-write), kept here to measure the difference in the same run."""
    new = game.clone()
    new.cards = [c.copy() for c in game.cards]
    new.rng = random.Random()
    new.rng.setstate(game.rng.getstate())
    return new


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` per CPU-second, repeating it for about ``seconds``."""
    done, start = 0, time.process_time()
    while True:
        done += work()
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


def bench_clones(states: list[State], seconds: float) -> None:
    """Print clones/s of ``State.clone`` and of copying every card, and the ratio."""

    def clones() -> int:
        for s in states:
            s.clone()
        return len(states)

    def copies() -> int:
        for s in states:
            copy_every_card(s)
        return len(states)

    new = statistics.median(rate(clones, seconds) for _ in range(3))
    old = statistics.median(rate(copies, seconds) for _ in range(3))
    cards = sum(len(s.cards) for s in states) / len(states)
    print(
        f"clone            {new:9.0f} clones/s/core  (copying every card: {old:7.0f}/s;"
        f" {new / old:4.1f}x; {len(states)} mid-game states, {cards:.0f} cards each)"
    )


def bench_playouts(states: list[State], seconds: float) -> None:
    """Print greedy playouts/s from the mid-game states to the end."""

    def playouts() -> int:
        for i, s in enumerate(states):
            game = s.clone()
            agents = [make_agent("greedy"), make_agent("greedy")]
            rngs = [agent_rng(i, 0), agent_rng(i, 1)]
            while not game.is_terminal():
                greedy_step(game, agents, rngs)
        return len(states)

    median = statistics.median(rate(playouts, seconds) for _ in range(3))
    print(f"greedy playout   {median:9.1f} playouts/s/core  (from turns 6-8 to the end)")


def bench_games(decks: list[DeckSpec], agent: str, games: int, blocks: int, seconds: float) -> None:
    """Print the median games/s/core of ``agent`` in self-play over ``blocks`` blocks."""
    rates: list[float] = []
    walls: list[float] = []
    turns = actions = played = 0
    seed = 0
    for _ in range(blocks):
        rng = random.Random(seed)
        start, wall = time.process_time(), time.perf_counter()
        n = 0
        while n < games and (n == 0 or time.process_time() - start < seconds):
            result = play_game(rng.choice(decks), rng.choice(decks), seed, (agent, agent))
            seed += 1
            n += 1
            turns += result.turns
            actions += result.actions
            played += 1
        rates.append(n / (time.process_time() - start))
        walls.append(n / (time.perf_counter() - wall))
    print(
        f"{agent:>8} vs {agent:<8} {statistics.median(rates):9.1f} games/s/core"
        f"  (min {min(rates):.1f}, max {max(rates):.1f}; wall {statistics.median(walls):.1f};"
        f" {played} games in {blocks} blocks)"
        f"  mean turns {turns / played:5.1f}  mean actions {actions / played:6.1f}"
    )


def agent_names(text: str | None) -> list[str]:
    """The agents to benchmark: the ones asked for, else every registered one (fast first)."""
    if text:
        return [n.strip() for n in text.split(",") if n.strip()]
    return [n for n in FAST if n in AGENTS] + sorted(n for n in AGENTS if n not in FAST)


def main() -> int:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per block (fast agents)")
    parser.add_argument("--blocks", type=int, default=5, help="blocks (the median is over them)")
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="CPU seconds at most per block (slow agents)"
    )
    parser.add_argument("--states", type=int, default=40, help="mid-game states to clone")
    parser.add_argument(
        "--agents", help="agents to benchmark, comma-separated (default: every registered one)"
    )
    args = parser.parse_args()
    names = agent_names(args.agents)
    for name in names:
        try:
            make_agent(name)
        except ValueError as err:
            print(f"bench_engine: --agents: {err}", file=sys.stderr)
            return 2
    decks, source = load_decks()
    import engine

    build = "compiled" if engine.compiled() else "plain (not built, or DECKLAB_PURE_ENGINE=1)"
    print(
        f"SVE engine benchmark: {len(decks)} decks from {source}; Python {sys.version.split()[0]};"
        f" engine {build}"
    )
    states = mid_game_states(decks, args.states)
    bench_clones(states, 1.0)
    bench_playouts(states, 2.0)
    for name in names:
        bench_games(decks, name, args.games, args.blocks, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
