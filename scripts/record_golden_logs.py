"""Record the engine's golden event logs: a fixed set of games whose logs must not change.

Each game is one pairing of the example decks (``examples/*.txt``, resolved against the
embedded card pool), one seed and one pair of agents; its event log (JSON lines, as
``decklab play --log`` writes them) goes to ``tests/engine/golden/``, and
``tests/engine/test_golden_logs.py`` replays the same games and compares byte for byte.
Re-record only when a rule change is meant to change how games go.

Usage: ``python scripts/record_golden_logs.py [--check]`` (``--check``: compare, write nothing)
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GOLDEN = REPO / "tests" / "engine" / "golden"
EXAMPLES = REPO / "examples"
AGENT_PAIRS = (("random", "random"), ("greedy", "greedy"), ("greedy", "random"))


@dataclass(frozen=True)
class GoldenGame:
    """One recorded game: the two example decks (file stems), the agents and the seed."""

    deck_a: str
    deck_b: str
    agents: tuple[str, str]
    seed: int

    @property
    def name(self) -> str:
        """The log's file name."""
        a, b = self.agents
        return f"{self.deck_a}__{self.deck_b}__{a}-{b}__{self.seed}.jsonl"


def golden_games() -> list[GoldenGame]:
    """The fixed set: every ordered pair of example decks with one agent pair and seed each,
    plus each deck against itself greedy vs greedy (12 games for three example decks)."""
    stems = sorted(p.stem for p in EXAMPLES.glob("*.txt"))
    games: list[GoldenGame] = []
    seed = 101
    for i, a in enumerate(stems):
        for j, b in enumerate(stems):
            agents = AGENT_PAIRS[(i + j) % len(AGENT_PAIRS)] if a != b else ("greedy", "greedy")
            games.append(GoldenGame(a, b, agents, seed))
            seed += 7
    for i, a in enumerate(stems):
        b = stems[(i + 1) % len(stems)]
        games.append(GoldenGame(a, b, ("random", "greedy"), seed))
        seed += 7
    return games


def play_logged(game: GoldenGame) -> str:
    """The game's event log as JSON-lines text."""
    from analytics.decks import deck_spec
    from cardpool.decklist import read_deck_file
    from cardpool.snapshot import load_sve_pool
    from engine.sve import play_game

    pool = load_sve_pool()
    specs = [
        deck_spec(read_deck_file(EXAMPLES / f"{stem}.txt"), pool, where=stem)
        for stem in (game.deck_a, game.deck_b)
    ]
    result = play_game(specs[0], specs[1], game.seed, game.agents, log=True)
    return "".join(line + "\n" for line in result.log)


def write_log(path: Path, text: str) -> None:
    """Write a log as UTF-8 with ``\\n`` line ends (byte for byte what ``play --log`` writes)."""
    path.write_bytes(text.encode("utf-8"))


def read_log(path: Path) -> str:
    """A recorded log's text."""
    return path.read_bytes().decode("utf-8")


def main() -> int:
    """Record (or, with ``--check``, compare) every golden game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = parser.parse_args()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = 0
    for game in golden_games():
        text = play_logged(game)
        path = GOLDEN / game.name
        same = path.is_file() and read_log(path) == text
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
        lines = text.count("\n")
        print(f"{'same' if same else 'DIFF'}  {game.name}  {lines} events  sha256 {digest}")
        if not same:
            changed += 1
            if not args.check:
                write_log(path, text)
    known = {g.name for g in golden_games()}
    for stale in sorted(GOLDEN.glob("*.jsonl")):
        if stale.name not in known:
            print(f"stale {stale.name}")
            if not args.check:
                stale.unlink()
    print(f"{changed} of {len(golden_games())} logs {'differ' if args.check else 'written'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
