"""Cards of BP19-BP22 (read from SVEN's text) and the mechanics they brought in: selectors
naming a class and a trait or two traits, and filtered triggers.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import random

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Attack, Evolve, Play
from engine.sve.actions import Choose
from engine.sve.board import Zone
from engine.sve.effects.conditions import RolledThisTurn, SepIs
from engine.sve.effects.selectors import CardFilter, Targets, leader_target
from engine.sve.position import position
from engine.sve.state import State
from tests.engine.library_cards import library_record, library_scripts, resolve_in_order


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
    resolve_in_order(game)
    assert len(p.hand) == hand + (1 if draws else 0)


# --- dice (CR 5.20): BP21 ------------------------------------------------------------------

SIX, FOUR = 19, 0
"""Seeds whose generator rolls a 6 / a 4 first (``random.Random(seed).randint(1, 6)``)."""


def _dice_game(card_id: str, seed: int, **kw: object) -> State:
    scripts = library_scripts(card_id)
    card = library_record(scripts, card_id, cost=1, atk=1, dfn=3)
    game = position(fields=([card], []), pp=(9, 0), log=True, scripts=scripts, **kw)  # type: ignore[arg-type]
    game.rng = random.Random(seed)
    return game


@pytest.mark.parametrize(("seed", "rolled"), [(SIX, 6), (FOUR, 4)])
def test_a_roll_is_logged_kept_for_the_turn_and_seen_by_when_you_roll(
    seed: int, rolled: int
) -> None:
    """CR 5.20.1: a roll gives 1-6 from the game's generator; the roller's "when you roll a
    die" abilities go off with that number, "rolled a 6 this turn" holds only after a 6."""
    game = _dice_game("BP21-083", seed)
    assert game.roll_die(0) == rolled
    p = game.players[0]
    assert p.rolled_on == game.turn
    assert (p.six_on == game.turn) is (rolled == 6)
    assert RolledThisTurn().holds(game, 0, -1)
    assert RolledThisTurn(six=True).holds(game, 0, -1) is (rolled == 6)
    assert not RolledThisTurn().holds(game, 1, -1)  # the other player rolled nothing
    assert [e["result"] for e in game.log or () if e["ev"] == "roll"] == [rolled]
    game.decision = None  # let the waiting abilities resolve, as after an effect
    game._run()
    assert game.players[1].hp == (18 if rolled == 6 else 20)  # BP21-083: 2 damage on a 6


@pytest.mark.parametrize(("seed", "hurt"), [(SIX, 2), (FOUR, 0)])
def test_bp21_083_its_act_rolls_and_a_6_hurts_the_enemy_leader(seed: int, hurt: int) -> None:
    """BP21-083: its activated ability rolls a die (once per turn); a 6 deals 2 damage to
    the enemy leader, any other number nothing."""
    game = _dice_game("BP21-083", seed)
    uid = game.players[0].field[0]
    game.apply(Activate(uid, 0))
    resolve_in_order(game)
    assert game.players[1].hp == 20 - hurt
    assert Activate(uid, 0) not in game.legal_actions()  # once per turn


def test_a_die_rolled_on_the_other_side_triggers_nothing() -> None:
    """Only the roller's own cards see the roll: the opponent's BP21-083 stays quiet."""
    scripts = library_scripts("BP21-083")
    card = library_record(scripts, "BP21-083", cost=1, atk=1, dfn=3)
    game = position(fields=([], [card]), scripts=scripts)
    game.rng = random.Random(SIX)
    game.roll_die(0)
    game.decision = None
    game._run()
    assert (game.players[0].hp, game.players[1].hp) == (20, 20)


def test_bp21_080_repeats_its_roll_twice() -> None:
    """BP21-080 (spell): draw a card, then roll a die 2 times (``下記を2回くり返す``)."""
    scripts = library_scripts("BP21-080")
    spell = library_record(scripts, "BP21-080", card_type="spell", cost=1)
    game = position(hands=([spell], []), pp=(9, 0), log=True, scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    events = [e["ev"] for e in game.log or () if e["ev"] in ("draw", "roll")]
    assert events == ["draw", "roll", "roll"]


@pytest.mark.parametrize(("sep", "holds"), [(0, True), (1, False)])
def test_sep_is_exactly_n(sep: int, holds: bool) -> None:
    """``自分のSEPが0なら`` (CR 3.2.6): only at exactly that SEP."""
    game = position(sep=(sep, 0))
    assert SepIs(0).holds(game, 0, -1) is holds
    assert SepIs(0).holds(game, 1, -1)  # the other player's SEP is 0


@pytest.mark.parametrize(
    ("keywords", "passes"), [(("ward",), True), (("rush",), False), ((), False)]
)
def test_a_filter_on_a_printed_keyword(keywords: tuple[str, ...], passes: bool) -> None:
    """``【守護】を持つフォロワー``: a card printed with Ward passes, others do not."""
    rec = CardRecord("X-1", "X", keywords=keywords)
    assert CardFilter("follower", keyword="ward").matches(rec) is passes


@pytest.mark.parametrize(("sep", "storm"), [(0, True), (1, False)])
def test_bp21_112_has_storm_only_without_sep(sep: int, storm: bool) -> None:
    """BP21-112: while your SEP is 0 it has Storm; with SEP left it does not."""
    scripts = library_scripts("BP21-112")
    card = library_record(scripts, "BP21-112", cost=3, atk=3, dfn=3)
    game = position(hands=([card], []), pp=(9, 0), sep=(sep, 0), scripts=scripts)
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    resolve_in_order(game)
    assert ("storm" in game.cards[uid].keywords) is storm


# --- "when this takes ability damage": BP20-BP21 --------------------------------------------


@pytest.mark.parametrize(("by_ability", "grows"), [(True, True), (False, False)])
def test_bp21_037_grows_when_it_takes_ability_damage_not_combat_damage(
    by_ability: bool, grows: bool
) -> None:
    """BP21-037: once per turn, ability damage to it gives it +2 attack; damage from a fight
    is not ability damage (CR 5.14.3.3) and gives nothing."""
    scripts = library_scripts("BP21-037", "BP01-006")
    card = library_record(scripts, "BP21-037", cost=2, atk=2, dfn=9)
    shooter = library_record(scripts, "BP01-006", cost=1, atk=1, dfn=9)  # Fanfare: 4 damage
    fighter = CardRecord("X-Fighter", "Fighter", cost=1, attack=4, defense=9)
    game = position(fields=([fighter], [card]), hands=([shooter], []), pp=(9, 0), scripts=scripts)
    target = game.players[1].field[0]
    if by_ability:
        game.apply(Play(game.players[0].hand[0]))
        game.apply(Choose(str(target)))
    else:  # a follower can be attacked only engaged (CR 8.4.3.1)
        game.writable(target).engaged = True
        game.apply(Attack(game.players[0].field[0], target))
    resolve_in_order(game)
    assert game.cards[target].dfn == 5
    assert game.cards[target].atk == (4 if grows else 2)


# --- continuous abilities of a card's own: not destroyed by abilities, no combat damage -----


@pytest.mark.parametrize(("keyword", "destroyed", "banished"), [
    ("destroy_proof", False, True), ("ability_proof", False, False), ("", True, True),
])  # fmt: skip
def test_not_destroyed_by_abilities_may_still_be_banished(
    keyword: str, destroyed: bool, banished: bool
) -> None:
    """``これは能力によって破壊されない`` (BP19-057): abilities cannot destroy it, but they can
    banish it; ``…破壊されず、消滅しない`` protects from both; a plain follower from neither."""
    kws = (keyword,) if keyword else ()
    rec = CardRecord("X-1", "X", cost=1, attack=1, defense=1, keywords=kws)
    for move, gone in (("destroy", destroyed), ("banish", banished)):
        game = position(fields=([], [rec]))
        uid = game.players[1].field[0]
        game.destroy([uid]) if move == "destroy" else game.banish(uid)
        assert (game.cards[uid].zone is not Zone.FIELD) is gone, move


@pytest.mark.parametrize(("keyword", "hurt"), [("combat_proof", False), ("", True)])
def test_no_combat_damage_of_its_own(keyword: str, hurt: bool) -> None:
    """``これは交戦ダメージを受けない`` (BP22-096): a fight does not hurt it, ability damage
    still does; without it the fight hurts."""
    kws = (keyword,) if keyword else ()
    rec = CardRecord("X-1", "X", cost=1, attack=1, defense=5, keywords=kws)
    fighter = CardRecord("X-F", "F", cost=1, attack=3, defense=9)
    game = position(fields=([fighter], [rec]))
    uid = game.players[1].field[0]
    game.writable(uid).engaged = True
    game.apply(Attack(game.players[0].field[0], uid))
    assert game.cards[uid].dfn == (2 if hurt else 5)
    game.deal_damage(uid, 1)  # ability damage is not combat damage
    assert game.cards[uid].dfn == (1 if hurt else 4)


# --- "when this gets + defense", "when your leader gets + defense": BP21 ---------------------


@pytest.mark.parametrize(("atk", "dfn", "fires"), [(0, 1, True), (1, 1, True), (1, 0, False)])
def test_bp21_100_answers_a_defense_raise_only(atk: int, dfn: int, fires: bool) -> None:
    """BP21-100: when its defense is raised it deals 1 damage to each enemy follower; a
    raise of attack alone does nothing."""
    scripts = library_scripts("BP21-100")
    card = library_record(scripts, "BP21-100", cost=2, atk=2, dfn=2)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=1, defense=5)
    game = position(fields=([card], [foe]), scripts=scripts)
    uid = game.players[0].field[0]
    game.decision = None
    game.modify(uid, atk, dfn, (), False)
    game.raised(uid, defense=dfn > 0)
    game._run()
    assert game.cards[game.players[1].field[0]].dfn == (4 if fires else 5)


@pytest.mark.parametrize(("heal", "storm"), [(True, True), (False, False)])
def test_bp21_107_gets_storm_when_your_leader_gets_defense(heal: bool, storm: bool) -> None:
    """BP21-107: your leader getting + defense gives it Storm; damage to the leader (its
    defense going down) does not."""
    scripts = library_scripts("BP21-107")
    card = library_record(scripts, "BP21-107", cost=2, atk=2, dfn=2)
    game = position(fields=([card], []), hp=(15, 20), scripts=scripts)
    game.decision = None
    game.heal_leader(0, 2) if heal else game.deal_damage(leader_target(0), 2)
    game._run()
    assert ("storm" in game.cards[game.players[0].field[0]].keywords) is storm
