"""More BP19-BP22 phrasings (read from SVEN's text): Last Words putting this back onto the
field, choices other than this card's name or of either of two names or kinds, this
turn's leader hurts counted, counters on this card, a play cost set to 0 for a cost, a
choice under a condition, defense set to a number or to the original, tokens in the EX
area named as "it", a field card put into the graveyard, "either" return costs,
Spellchain play costs, your followers going to the graveyard, and the opponent's sacrifice.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, End, Play
from engine.sve.actions import Choose
from engine.sve.board import Kind, Zone
from engine.sve.effects.selectors import leader_target
from engine.sve.position import add_card, position
from tests.engine.library_cards import (
    library_record,
    library_scripts,
    resolve_in_order,
)
from tests.engine.library_cards import (
    made_up_card as _card,
)


def test_bp19_003_comes_back_by_its_last_words() -> None:
    """BP19-003 (Last Words): destroyed, it is put from the graveyard onto the field again."""
    scripts = library_scripts("BP19-003")
    card = library_record(scripts, "BP19-003")
    game = position(fields=([card], []), scripts=scripts)
    uid = game.players[0].field[0]
    game.decision = None
    game.destroy([uid])
    game._run()
    resolve_in_order(game)
    assert game.cards[uid].zone is Zone.FIELD


def test_a_destroyed_card_without_that_last_words_stays_in_the_graveyard() -> None:
    """The other way: a plain follower destroyed stays in the graveyard."""
    game = position(fields=([_card("Plain")], []))
    uid = game.players[0].field[0]
    game.destroy([uid])
    assert game.cards[uid].zone is Zone.GRAVE


def test_bp19_017_returns_a_card_not_of_its_name() -> None:
    """BP19-017 (Fanfare): a card on your field other than one named as this returns to the
    hand; another copy of it is not offered."""
    scripts = library_scripts("BP19-017")
    card = library_record(scripts, "BP19-017", name="救援のエルフ")
    game = position(
        hands=([card], []), fields=([card, _card("Other")], []), pp=(9, 0), scripts=scripts
    )
    p = game.players[0]
    twin, other = p.field
    game.apply(Play(p.hand[0]))
    assert game.decision is not None
    assert str(twin) not in game.decision.options
    game.apply(Choose(str(other)))
    assert game.cards[other].zone is Zone.HAND


@pytest.mark.parametrize(("name", "offered"), [("没頭の実験体", True), ("Other", False)])
def test_bp19_043_chooses_either_name(name: str, offered: bool) -> None:
    """BP19-043 (act): 没頭の実験体 or 多頭の実験体 on your field gets Drain; with only
    another name there, there is nothing to choose and it cannot be used (CR 10.6.2.3.3)."""
    scripts = library_scripts("BP19-043")
    card = library_record(scripts, "BP19-043", card_type="amulet")
    game = position(fields=([card, _card(name)], []), scripts=scripts)
    amulet, mate = game.players[0].field
    assert (Activate(amulet, 0) in game.legal_actions()) is offered
    if offered:
        game.apply(Activate(amulet, 0))
        game.apply(Choose(str(mate)))
        assert "drain" in game.cards[mate].keywords


@pytest.mark.parametrize(("hurts", "evolves"), [(4, True), (3, False)])
def test_bp19_075_evolves_at_the_fourth_hurt_of_the_turn(hurts: int, evolves: bool) -> None:
    """BP19-075: in your turn, when your leader's defense goes down the 4th time this turn,
    it evolves (CR 5.16); the 3rd time does nothing."""
    scripts = library_scripts("BP19-075")
    card = library_record(scripts, "BP19-075", cost=3, atk=3, dfn=3, name="Garo")
    evolved = CardRecord("X-GaroE", "Garo", card_type="evolved_follower", attack=5, defense=5)
    game = position(fields=([card], []), evolve=([evolved], []), scripts=scripts)
    uid = game.players[0].field[0]
    for _ in range(hurts):
        game.decision = None
        game.deal_damage(leader_target(0), 1)
        game._run()
        resolve_in_order(game)
    assert (game.cards[uid].evo >= 0) is evolves


@pytest.mark.parametrize(("counters", "stays"), [(2, True), (1, False)])
def test_bp19_091_pays_with_its_own_counters_and_goes_when_none_are_left(
    counters: int, stays: bool
) -> None:
    """BP19-091 (act): remove a pain counter from this to deal 1 damage to your leader; with
    no counter left it goes to the graveyard. Without counters it cannot be used."""
    scripts = library_scripts("BP19-091")
    cell = library_record(scripts, "BP19-091", card_type="amulet", cost=2)
    game = position(fields=([cell], []), scripts=scripts)
    uid = game.players[0].field[0]
    game.add_counter(uid, "c:加虐", counters)
    game.apply(Activate(uid, 0))
    resolve_in_order(game)
    assert game.players[0].hp == 19
    assert (game.cards[uid].zone is Zone.FIELD) is stays
    bare = position(fields=([cell], []), scripts=scripts)
    assert Activate(bare.players[0].field[0], 0) not in bare.legal_actions()


@pytest.mark.parametrize(("engage", "pp_left"), [(True, 5), (False, 0)])
def test_bp19_100_costs_0_for_engaging_elrade(engage: bool, pp_left: int) -> None:
    """BP19-100: as it is played you may engage a 結盟の咎人・エルラーデ on your field to pay
    0 PP for it; declining pays its cost."""
    scripts = library_scripts("BP19-100")
    card = library_record(scripts, "BP19-100", cost=5, atk=3, dfn=3)
    elrade = _card("結盟の咎人・エルラーデ")
    game = position(hands=([card], []), fields=([elrade], []), pp=(5, 0), scripts=scripts)
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    assert game.decision is not None
    if engage:
        game.apply(Choose(next(o for o in game.decision.options if o != "done")))
        while game.decision is not None and game.decision.kind is Kind.PICK:
            game.apply(Choose(game.decision.options[0]))
    else:
        game.apply(Choose("done"))
    resolve_in_order(game)
    assert p.pp == pp_left
    assert game.cards[p.field[0]].engaged is engage


@pytest.mark.parametrize(("from_hand", "asked"), [(True, False), (False, True)])
def test_bp19_099_chooses_only_when_it_did_not_come_from_the_hand(
    from_hand: bool, asked: bool
) -> None:
    """BP19-099 (Fanfare): only if it came onto the field from elsewhere than the hand, choose
    2 damage to the enemy leader or +2 to yours; played from the hand, nothing."""
    scripts = library_scripts("BP19-099")
    card = library_record(scripts, "BP19-099")
    game = position(hands=([card], []), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    if from_hand:
        game.apply(Play(p.hand[0]))
    else:
        uid = add_card(game, 0, card, Zone.GRAVE)
        game.decision = None
        game.move_found(uid, "field", 0)
        game._run()
    picking = game.decision is not None and game.decision.kind is Kind.PICK
    assert picking is asked
    if picking:
        game.apply(Choose(game.decision.options[0]))  # type: ignore[union-attr]
        assert game.players[1].hp == 18


def test_bp19_107_sets_defense_back_to_the_original() -> None:
    """BP19-107 (your end phase): the chosen follower's defense becomes its original (printed)
    defense: damage is gone, the attack is kept."""
    scripts = library_scripts("BP19-107")
    card = library_record(scripts, "BP19-107", cost=5, atk=3, dfn=6)
    ally = _card("Ally", attack=2, defense=5)
    game = position(fields=([card, ally], []), scripts=scripts)
    ally_uid = game.players[0].field[1]
    game.writable(ally_uid).dfn = 1
    game.writable(ally_uid).atk = 4
    game.apply(End())
    game.apply(Choose(str(ally_uid)))
    assert (game.cards[ally_uid].atk, game.cards[ally_uid].dfn) == (4, 5)


def test_bp20_058_sets_its_defense_to_7() -> None:
    """BP20-058 (On Super-Evolve): after the damage, this one's defense becomes 7."""
    from engine.sve.effects.stats import SetStats

    game = position(fields=([_card("A", attack=3, defense=2)], []))
    uid = game.players[0].field[0]
    from engine.sve.effects.core import Frame

    SetStats(-1, 7, "self").run(game, Frame((), uid, 0))
    assert (game.cards[uid].atk, game.cards[uid].dfn) == (3, 7)


def test_bp20_043_lowers_the_cost_of_the_tokens_it_put_into_the_ex_area() -> None:
    """BP20-043 (On Evolve): the 2 tokens put into the EX area cost 1 less this turn ("it"
    is them); another EX-area card does not."""
    scripts = library_scripts("BP20-043")
    from engine.sve.effects.core import Frame
    from engine.sve.library import library, script_of

    entry = library()["cards"]["BP20-043"]
    effects = script_of("BP20-043", entry).abilities[0].effects
    game = position(ex=([_card("Other")], []), scripts=scripts)
    other = game.players[0].ex[0]
    frame = Frame(effects, -1, 0)
    for e in effects:
        e.run(game, frame)
    tokens = [u for u in game.players[0].ex if u != other]
    assert len(tokens) == 2
    assert all(game.play_cost(game.cards[u]) == (game.cards[u].base.cost or 0) - 1 for u in tokens)
    assert game.play_cost(game.cards[other]) == 1


@pytest.mark.parametrize(("trait", "moved"), [("アイドル", True), ("Other", False)])
def test_bp20_055_puts_another_idolatry_card_into_the_graveyard(trait: str, moved: bool) -> None:
    """BP20-055 (act: put this into the graveyard): another アイドル card of yours goes to
    the graveyard too; without one the ability cannot be used (CR 10.6.2.3.3)."""
    scripts = library_scripts("BP20-055")
    amulet = library_record(scripts, "BP20-055", card_type="amulet")
    game = position(fields=([amulet, _card("Mate", traits=(trait,))], []), scripts=scripts)
    uid, mate = game.players[0].field
    act = Activate(uid, 0)
    assert (act in game.legal_actions()) is moved
    if moved:
        game.apply(act)
        if game.decision is not None and game.decision.kind is Kind.TARGET:
            game.apply(Choose(str(mate)))
        assert game.cards[mate].zone is Zone.GRAVE
        assert game.cards[uid].zone is Zone.GRAVE


@pytest.mark.parametrize(
    ("traits", "payable"), [(("獣",), True), (("学院",), True), (("兵士",), False)]
)
def test_bp21_006_returns_an_academic_or_a_beast(traits: tuple[str, ...], payable: bool) -> None:
    """BP21-006 (On Evolve, cost: another 学院 or 獣 follower of yours to the hand): 3 damage;
    a follower of another trait cannot pay it."""
    from engine.sve.library import library, script_of

    cost = script_of("BP21-006", library()["cards"]["BP21-006"]).abilities[0].effects[0]
    game = position(fields=([_card("Self"), _card("Mate", traits=traits)], []))
    assert cost.available(game, 0, game.players[0].field[0]) is payable  # type: ignore[attr-defined]


@pytest.mark.parametrize(("spells", "cost"), [(10, 1), (9, 3)])
def test_bp21_053_costs_2_less_with_spellchain_10(spells: int, cost: int) -> None:
    """BP21-053: Spellchain 10 (CR 13.3.1): with 10 spells in your graveyard it costs 2 less."""
    scripts = library_scripts("BP21-053")
    spell = library_record(scripts, "BP21-053", card_type="spell", cost=3)
    game = position(hands=([spell], []), scripts=scripts)
    for i in range(spells):
        add_card(game, 0, _card(f"S{i}", card_type="spell"), Zone.GRAVE)
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == cost


@pytest.mark.parametrize(("how", "hurt"), [("destroy", 1), ("return", 0), ("other", 0)])
def test_bp22_081_answers_a_goblin_of_yours_put_into_the_graveyard(how: str, hurt: int) -> None:
    """BP22-081 (your turn): a ゴブリン follower of yours going from the field to the graveyard
    deals 1 to the enemy leader; one returned to the hand, or another trait, does nothing."""
    scripts = library_scripts("BP22-081")
    card = library_record(scripts, "BP22-081", cost=4, atk=4, dfn=3)
    goblin = _card("Gob", traits=("ゴブリン",) if how != "other" else ("死者",))
    game = position(fields=([card, goblin], []), hp=(15, 20), scripts=scripts)
    mate = game.players[0].field[1]
    game.decision = None
    game.return_to_hand(mate) if how == "return" else game.destroy([mate])
    game._run()
    resolve_in_order(game)
    assert game.players[1].hp == 20 - hurt
    assert game.players[0].hp == 15 + hurt


def test_bp22_088_makes_the_opponent_put_a_follower_into_the_graveyard() -> None:
    """BP22-088 (Last Words): the opponent chooses one of their followers and puts it into
    their graveyard."""
    scripts = library_scripts("BP22-088")
    card = library_record(scripts, "BP22-088")
    game = position(fields=([card], [_card("A"), _card("B")]), scripts=scripts)
    game.decision = None
    game.destroy([game.players[0].field[0]])
    game._run()
    resolve_in_order(game)
    assert game.decision is not None
    assert game.decision.player == 1
    chosen = game.players[1].field[1]
    game.apply(Choose(str(chosen)))
    assert game.cards[chosen].zone is Zone.GRAVE
    assert len(game.players[1].field) == 1


# --- effects on cards in the EX area go with them onto the field (CR 4.8.3.3) --------------


@pytest.mark.parametrize("buffed", [True, False])
def test_cr_4_8_3_3_a_change_in_the_ex_area_goes_with_the_card_onto_the_field(
    buffed: bool,
) -> None:
    """A follower given +2/+1 and Rush in the EX area has them once played from there; one
    that was not given them has its printed stats; one that goes to the graveyard instead
    keeps nothing."""
    game = position(ex=([_card("Ex", attack=1, defense=1)], []), pp=(9, 0))
    uid = game.players[0].ex[0]
    if buffed:
        game.modify(uid, 2, 1, ("rush",), False)
    game.apply(Play(uid))
    card = game.cards[uid]
    assert card.zone is Zone.FIELD
    assert (card.atk, card.dfn) == ((3, 2) if buffed else (1, 1))
    assert ("rush" in card.keywords) is buffed


def test_a_change_in_the_ex_area_is_lost_when_the_card_goes_elsewhere() -> None:
    """Put into the graveyard and back into the EX area, it is a new card (CR 4.1.4)."""
    game = position(ex=([_card("Ex", attack=1, defense=1)], []), pp=(9, 0))
    uid = game.players[0].ex[0]
    game.modify(uid, 2, 2, (), False)
    game.ex_to_grave(uid)
    game.move_found(uid, "ex", 0)
    game.apply(Play(uid))
    assert (game.cards[uid].atk, game.cards[uid].dfn) == (1, 1)


@pytest.mark.parametrize(("paid", "atk"), [(True, 4), (False, 3)])
def test_bp22_054_gives_the_golems_of_the_ex_area_1_1_with_earth_rite(paid: bool, atk: int) -> None:
    """BP22-054 (spell): two golem tokens into the EX area; with Earth Rite paid, each golem
    follower in your EX area gets +1/+1, which it keeps when played from there."""
    from engine.sve.board import STACK_COUNTERS

    scripts = library_scripts("BP22-054")
    spell = library_record(scripts, "BP22-054", card_type="spell", cost=2)
    sediment = CardRecord("X-Sed", "Sed", card_type="amulet", cost=1, keywords=("stack",))
    game = position(hands=([spell], []), fields=([sediment], []), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    game.add_counter(p.field[0], STACK_COUNTERS, 2)
    game.apply(Play(p.hand[0]))
    game.apply(Choose("pay" if paid else "done"))
    if paid:
        game.apply(Choose(str(p.field[0])))
    resolve_in_order(game)
    golem = next(u for u in p.ex if game.cards[u].base.name == "攻撃型ゴーレム")
    game.apply(Play(golem))
    assert game.cards[golem].atk == atk  # 攻撃型ゴーレム is printed 3/2
