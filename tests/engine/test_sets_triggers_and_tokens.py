"""Triggers, tokens and evolving by effects as BP19-BP22 print them (read from SVEN's text):
"when a (trait, cost, other-named) follower enters your field", "it evolves", "it came
from the graveyard", damage equal to the entering follower's attack, tokens instead of
others, a token named as the chosen one, abilities given for the turn, discards in your
turn, and the different original costs of your graveyard.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Attack, Evolve, Play
from engine.sve.actions import Choose
from engine.sve.board import Kind, Zone
from engine.sve.effects.conditions import CostKinds
from engine.sve.position import OnField, add_card, position
from tests.engine.library_cards import (
    library_record,
    library_scripts,
    resolve_in_order,
)
from tests.engine.library_cards import (
    made_up_card as _card,
)


@pytest.mark.parametrize(("name", "traits", "evolves"), [
    ("Crystal", ("クリスタリア",), True),
    ("Plain", ("エルフ族",), False),
    ("永久なる輝き・エリン", ("クリスタリア",), False),
])  # fmt: skip
def test_bp22_003_evolves_another_crystalia_that_enters(
    name: str, traits: tuple[str, ...], evolves: bool
) -> None:
    """BP22-003: when a クリスタリア follower of another name enters your field it evolves
    (CR 5.16, no cost); another trait, or a card of its own name (永久なる輝き・エリン),
    does not."""
    scripts = library_scripts("BP22-003")
    watcher = library_record(scripts, "BP22-003", cost=4, atk=2, dfn=4, traits=traits)
    comer = _card(name, traits=traits)
    evolved = CardRecord(f"X-{name}E", name, card_type="evolved_follower", attack=3, defense=3)
    game = position(
        fields=([watcher], []), hands=([comer], []), evolve=([evolved], []), pp=(9, 0),
        turn=5, scripts=scripts,
    )  # fmt: skip
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    resolve_in_order(game)
    assert (game.cards[uid].evo >= 0) is evolves


@pytest.mark.parametrize(
    ("banished", "name"), [(10, "エッジアーティファクト"), (9, "エンシェントアーティファクト")]
)
def test_bp22_047_summons_another_token_instead(banished: int, name: str) -> None:
    """BP22-047 (On Evolve): an エンシェントアーティファクト, or with 10 cards in your banish
    zone an エッジアーティファクト instead (never both)."""
    scripts = library_scripts("BP22-047")
    base = CardRecord("X-Base", "Elina", cost=3, attack=2, defense=2)
    evolved = library_record(scripts, "BP22-047", card_type="evolved_follower", name="Elina")
    game = position(fields=([base], []), evolve=([evolved], []), pp=(9, 0), turn=7, scripts=scripts)
    for i in range(banished):
        add_card(game, 0, _card(f"B{i}"), Zone.BANISH)
    game.apply(Evolve(game.players[0].field[0]))
    resolve_in_order(game)
    tokens = [game.cards[u].base.name for u in game.players[0].field if game.cards[u].token]
    assert tokens == [name]


def test_bp22_055_summons_a_token_named_as_the_chosen_one() -> None:
    """BP22-055 (spell): choose a token follower of yours with original cost 5 or less; a
    token of the same name enters your field."""
    scripts = library_scripts("BP22-055")
    spell = library_record(scripts, "BP22-055", card_type="spell", cost=2)
    token = _card("Golem", card_type="token_follower", cost=2)
    game = position(hands=([spell], []), pp=(9, 0), scripts=scripts)
    golem = game.create_token(0, token)
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    game.apply(Choose(str(golem)))
    resolve_in_order(game)
    assert [game.cards[u].base.name for u in p.field] == ["Golem", "Golem"]


@pytest.mark.parametrize("atk", [4, 1])
def test_bp22_073_deals_the_entering_dragoncraft_followers_attack(atk: int) -> None:
    """BP22-073 (amulet): when a dragoncraft follower enters your field, an enemy follower
    takes damage equal to that follower's attack."""
    scripts = library_scripts("BP22-073")
    canyon = library_record(scripts, "BP22-073", card_type="amulet", cost=8)
    dragon = _card("Dragon", card_class="dragon", attack=atk)
    game = position(
        fields=([canyon], [_card("Foe")]), hands=([dragon], []), pp=(9, 0), scripts=scripts
    )
    game.apply(Play(game.players[0].hand[0]))
    resolve_in_order(game)
    foe = game.players[1].field[0]
    if game.decision is not None and game.decision.kind is Kind.TARGET:
        game.apply(Choose(str(foe)))
    assert game.cards[foe].dfn == 9 - atk


def test_bp22_024_gives_no_combat_damage_for_the_turn() -> None:
    """BP22-024 (On Evolve): the chosen follower of yours takes no combat damage this turn;
    ability damage still hurts it."""
    scripts = library_scripts("BP22-024")
    base = CardRecord("X-Base", "Guard", cost=3, attack=1, defense=1)
    evolved = library_record(scripts, "BP22-024", card_type="evolved_follower", name="Guard")
    ally = _card("Ally", attack=1, defense=3)
    foe = _card("Foe", attack=5, defense=9)
    game = position(
        fields=([base, ally], [OnField(foe, engaged=True)]), evolve=([evolved], []),
        pp=(9, 0), turn=7, scripts=scripts,
    )  # fmt: skip
    base_uid, ally_uid = game.players[0].field
    game.apply(Evolve(base_uid))
    game.apply(Choose(str(ally_uid)))
    resolve_in_order(game)
    game.apply(Attack(ally_uid, game.players[1].field[0]))
    assert game.cards[ally_uid].dfn == 3
    game.deal_damage(ally_uid, 1)
    assert game.cards[ally_uid].dfn == 2


@pytest.mark.parametrize(("traits", "evolves"), [(("指揮官", "盗賊"), True), (("指揮官",), False)])
def test_bp22_027_evolves_with_a_commander_thief_on_the_field(
    traits: tuple[str, ...], evolves: bool
) -> None:
    """BP22-027 (Fanfare): it evolves if a follower with both 指揮官 and 盗賊 is on your
    field; 指揮官 alone is not enough."""
    scripts = library_scripts("BP22-027")
    card = library_record(scripts, "BP22-027", name="Captain")
    evolved = CardRecord("X-CaptE", "Captain", card_type="evolved_follower", attack=4, defense=4)
    game = position(
        hands=([card], []), fields=([_card("Mate", traits=traits)], []), evolve=([evolved], []),
        pp=(9, 0), turn=3, scripts=scripts,
    )  # fmt: skip
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    resolve_in_order(game)
    assert (game.cards[uid].evo >= 0) is evolves


@pytest.mark.parametrize(
    ("costs", "holds"), [((0, 1, 2, 3, 4, 5), True), ((1, 1, 2, 3, 4, 5), False)]
)
def test_different_original_costs_in_the_graveyard(costs: tuple[int, ...], holds: bool) -> None:
    """Six or more different original costs in your graveyard (BP22-048, BP13-041): six
    different original costs; six cards with five costs do not count."""
    game = position()
    for i, c in enumerate(costs):
        add_card(game, 0, _card(f"G{i}", cost=c), Zone.GRAVE)
    assert CostKinds(6).holds(game, 0, -1) is holds
    assert not CostKinds(6).holds(game, 1, -1)


@pytest.mark.parametrize(("costs", "cost"), [((0, 1, 2, 3, 4, 5), 1), ((1, 1, 2, 3, 4, 5), 7)])
def test_bp22_050_costs_6_less_with_six_different_costs(costs: tuple[int, ...], cost: int) -> None:
    """BP22-050 costs 6 less while your graveyard has 6 different original costs."""
    scripts = library_scripts("BP22-050")
    rec = library_record(scripts, "BP22-050")
    rec = CardRecord(rec.card_id, rec.name, cost=7, attack=1, defense=1, keywords=rec.keywords)
    game = position(hands=([rec], []), scripts=scripts)
    for i, c in enumerate(costs):
        add_card(game, 0, _card(f"G{i}", cost=c), Zone.GRAVE)
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == cost


def test_bp22_066_answers_a_discard_once_in_your_turn() -> None:
    """BP22-066: once per your turn, when you discard, 2 damage to an enemy follower; the
    second discard of the turn does nothing."""
    scripts = library_scripts("BP22-066")
    card = library_record(scripts, "BP22-066", cost=2, atk=2, dfn=2)
    game = position(
        fields=([card], [_card("Foe")]),
        hands=([_card("A"), _card("B")], []),
        scripts=scripts,
    )
    foe = game.players[1].field[0]
    for _ in range(2):
        game.decision = None
        game.discard_card(0, game.players[0].hand[0])
        game._run()
        if game.decision is not None and game.decision.kind is Kind.TARGET:
            game.apply(Choose(str(foe)))
    assert game.cards[foe].dfn == 7


@pytest.mark.parametrize(("from_grave", "hurt"), [(True, 1), (False, 0)])
def test_bp19_080_answers_a_follower_that_came_from_the_graveyard(
    from_grave: bool, hurt: int
) -> None:
    """BP19-080: when a follower enters your field from your graveyard, 1 damage to each
    enemy follower; one played from the hand does nothing."""
    scripts = library_scripts("BP19-080")
    card = library_record(scripts, "BP19-080", card_type="amulet", cost=3)
    game = position(
        fields=([card], [_card("Foe")]),
        hands=([_card("Hand")], []),
        pp=(9, 0),
        scripts=scripts,
    )
    if from_grave:
        uid = add_card(game, 0, _card("Back"), Zone.GRAVE)
        game.decision = None
        game.move_found(uid, "field", 0)
        game._run()
    else:
        game.apply(Play(game.players[0].hand[0]))
    resolve_in_order(game)
    assert game.cards[game.players[1].field[0]].dfn == 9 - hurt


def test_bp20_013_grows_a_pixie_token_that_enters() -> None:
    """BP20-013: a 妖精 token follower entering your field gets +1 attack; a 妖精 follower
    that is not a token does not."""
    scripts = library_scripts("BP20-013")
    card = library_record(scripts, "BP20-013", cost=2, atk=2, dfn=2)
    game = position(fields=([card], []), pp=(9, 0), scripts=scripts)
    game.decision = None
    token = game.create_token(0, _card("Fairy", card_type="token_follower", traits=("妖精",)))
    game._run()
    resolve_in_order(game)
    assert game.cards[token].atk == 2
    plain = add_card(game, 0, _card("Pixie", traits=("妖精",)), Zone.HAND)
    game.apply(Play(plain))
    resolve_in_order(game)
    assert game.cards[plain].atk == 1


def test_bp22_030_puts_three_tokens_and_lowers_the_next_swordcraft_token() -> None:
    """BP22-030 (spell): three Swordcraft tokens into the EX area; with 5 cards there, the
    next Swordcraft token follower you play this turn costs 2 less."""
    scripts = library_scripts("BP22-030")
    spell = library_record(scripts, "BP22-030", card_type="spell", cost=1)
    game = position(
        hands=([spell], []),
        ex=([_card("A"), _card("B")], []),
        pp=(9, 0),
        scripts=scripts,
    )
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    resolve_in_order(game)
    assert len(p.ex) == 5
    (_turn, what, n, _ex_turn), *_ = p.discounts
    assert n == 2
    assert what.matches(CardRecord("T", "T", card_class="sword", card_type="token_follower"))
    assert not what.matches(CardRecord("F", "F", card_class="sword", card_type="follower"))
