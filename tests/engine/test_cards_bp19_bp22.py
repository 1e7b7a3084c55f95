"""Cards of BP19-BP22 (read from SVEN's text) and the mechanics they brought in: selectors
naming a class and a trait or two traits, and filtered triggers.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Evolve
from engine.sve.actions import Choose
from engine.sve.board import Kind
from engine.sve.effects.selectors import CardFilter, Targets
from engine.sve.position import position
from engine.sve.state import State
from tests.engine.library_cards import library_record, library_scripts


def _order(game: State) -> None:
    """Resolve simultaneous triggers in the order offered (CR 10.7.3.1)."""
    while game.decision is not None and game.decision.kind is Kind.ORDER:
        game.apply(Choose(game.decision.options[0]))


@pytest.mark.parametrize(
    ("traits", "card_class", "passes"),
    [
        (("絶傑", "狩人"), "forest", True),
        (("絶傑",), "forest", False),
        (("狩人",), "forest", False),
        (("絶傑", "狩人", "獣"), None, True),
    ],
)
def test_a_filter_with_two_traits_needs_both(
    traits: tuple[str, ...], card_class: str | None, passes: bool
) -> None:
    """``絶傑・狩人・カード``: a card with both traits passes, one with either alone does not."""
    rec = CardRecord("X-1", "X", card_class=card_class, traits=traits)
    assert CardFilter(traits=("絶傑",), with_traits=("狩人",)).matches(rec) is passes


@pytest.mark.parametrize(
    ("traits", "card_class", "passes"),
    [(("絶傑",), "abyss", True), (("絶傑",), "forest", False), (("狂信",), "abyss", False)],
)
def test_a_field_selector_with_a_class_and_a_trait_needs_both(
    traits: tuple[str, ...], card_class: str, passes: bool
) -> None:
    """``【ナイトメア】絶傑・フォロワー``: of that class and with that trait, both."""
    rec = CardRecord("X-1", "X", card_class=card_class, cost=1, attack=1, defense=1, traits=traits)
    game = position(fields=([], [rec]))
    card = game.cards[game.players[1].field[0]]
    assert Targets(trait="abyss", trait2="絶傑").allows(card) is passes


@pytest.mark.parametrize(("trait", "draws"), [("八獄", True), ("兵士", False)])
def test_bp19_005_draws_when_an_inferno_follower_evolves_with_combo(
    trait: str, draws: bool
) -> None:
    """BP19-005: when a 八獄 follower of yours evolves, Combo 3 draws a card; another
    follower's evolution draws nothing."""
    scripts = library_scripts("BP19-005")
    watcher = library_record(scripts, "BP19-005", cost=2, atk=2, dfn=2, traits=("八獄",))
    ally = CardRecord("X-Ally", "Ally", cost=2, attack=2, defense=2, traits=(trait,))
    ally_evolved = CardRecord(
        "X-AllyE", "Ally", card_type="evolved_follower", cost=2, attack=4, defense=4,
        traits=(trait,),
    )  # fmt: skip
    game = position(
        fields=([watcher, ally], []), evolve=([ally_evolved], []), pp=(9, 0), turn=7,
        scripts=scripts,
    )  # fmt: skip
    p = game.players[0]
    p.played = 3  # Combo 3: three cards played this turn
    hand = len(p.hand)
    game.apply(Evolve(p.field[1]))
    _order(game)
    assert len(p.hand) == hand + (1 if draws else 0)
