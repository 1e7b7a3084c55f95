"""Agent levels: the dashboard's descriptions and expected times."""

from __future__ import annotations

import pytest

from analytics.levels import DEFAULT_AGENT, LEVELS, ROUND_ROBIN_BUDGET, expected_seconds, level
from engine.sve.agents import AGENTS, parse_agent


def test_every_registered_agent_is_a_level_and_the_default_is_one() -> None:
    assert sorted(lv.agent for lv in LEVELS) == sorted(AGENTS)
    parse_agent(DEFAULT_AGENT)


def test_expected_time_grows_with_the_level_the_budget_and_the_games() -> None:
    costs = [expected_seconds((lv.agent, lv.agent), 1000) for lv in LEVELS[1:]]
    assert costs == sorted(costs)
    assert level("planner:240").core_seconds == pytest.approx(2 * level("planner").core_seconds)
    assert expected_seconds(("greedy", "greedy"), 2000) == pytest.approx(
        2 * expected_seconds(("greedy", "greedy"), 1000)
    )
    assert expected_seconds(("greedy", "greedy"), 1000, cores=1) == pytest.approx(
        2 * expected_seconds(("greedy", "greedy"), 1000, cores=2)
    )


def test_an_unknown_agent_has_no_level() -> None:
    with pytest.raises(ValueError, match="oracle"):
        level("oracle")


def test_the_default_is_the_strongest_level_that_fits_the_round_robin_budget() -> None:
    fits = [lv.agent for lv in LEVELS if lv.core_seconds <= ROUND_ROBIN_BUDGET]
    over = [lv.agent for lv in LEVELS if lv.core_seconds > ROUND_ROBIN_BUDGET]
    assert fits[-1] == DEFAULT_AGENT  # levels are listed weakest first
    assert over
    assert all(LEVELS.index(level(a)) > LEVELS.index(level(DEFAULT_AGENT)) for a in over)


def test_the_studies_default_to_the_same_agent_as_simulate() -> None:
    from decklab.commands import answers

    assert answers.DEFAULT_AGENT == DEFAULT_AGENT


def test_one_cost_table_for_the_estimates_and_the_docs() -> None:
    """The dashboard's estimates and the tables of docs/speed.md and docs/agents.md all come
    from ``analytics/data/agent_costs.json`` (``bench_agents.py --write`` rewrites all three)."""
    from pathlib import Path

    from analytics.levels import core_seconds, cost_table, costs_markdown

    table = cost_table()
    assert set(table["engines"]["plain"]) == {lv.agent for lv in LEVELS}
    for build, costs in table["engines"].items():
        for agent, cost in costs.items():
            assert core_seconds(agent, build) == cost["core_seconds_per_game"]
            assert cost["games_per_core_second"] == pytest.approx(
                1 / cost["core_seconds_per_game"], rel=0.01
            )
    docs = Path(__file__).resolve().parents[2] / "docs"
    block = "<!-- agent costs: benchmarks/bench_agents.py --write -->\n" + costs_markdown(table)
    for page in ("speed.md", "agents.md"):
        assert block + "<!-- end agent costs -->" in (docs / page).read_text(encoding="utf-8")


def test_the_default_fits_the_round_robin_budget_on_the_plain_engine_too() -> None:
    from analytics.levels import core_seconds

    assert core_seconds(DEFAULT_AGENT, "plain") <= ROUND_ROBIN_BUDGET
    assert core_seconds("search", "plain") > ROUND_ROBIN_BUDGET


def test_the_estimates_follow_the_engine_that_runs() -> None:
    import engine
    from analytics.levels import core_seconds, cost_table

    build = "compiled" if engine.compiled() else "plain"
    if build not in cost_table()["engines"]:
        build = "plain"
    assert level("greedy").core_seconds == core_seconds("greedy", build)
