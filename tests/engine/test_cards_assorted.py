"""Behaviour of assorted real cards whose phrasings the compiler learnt together: counts and
conditions on the field, the hand and the leader, reveals after a look at the deck, shuffles,
damage equal to a card's attack, both leaders as a recipient and buffs of filtered groups.

Each test plays the committed encoding of a real card (by code) in a set-up position and
checks the outcome both ways where the card has a condition. No card text is used here.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import LEADER, Activate, Attack, Choose, End, Evolve, Play
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Damage, Destroy
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Select, Targets
from engine.sve.effects.stats import Buff, Engage
from engine.sve.library import library
from engine.sve.position import OnField, add_card, amulet, evolved, follower, position
from engine.sve.state import Kind, State
from tests.engine.library_cards import library_record as _rec
from tests.engine.library_cards import library_scripts as _lib


def _play_first(game: State) -> None:
    game.apply(Play(game.players[0].hand[0]))


def _pick_enemy(game: State) -> None:
    assert game.decision is not None
    game.apply(Choose(game.decision.options[0]))


def test_full_status() -> None:
    """The cards tested here are fully modelled in the library."""
    for card_id in (
        "ECP02-050",
        "CP04-084",
        "BP17-066",
        "BP15-097",
        "BP05-075",
        "BP10-080",
        "BP15-076",
        "CP04-090",
        "BP13-080",
        "BP15-078",
        "BP13-029",
        "CP02-085",
        "BP07-003",
        "CP02-011",
        "BP05-103",
        "BP08-112",
        "BP18-084",
        "BP05-017",
        "CP03-040",
        "BP08-075",
        "BP05-085",
        "CP04-102",
        "CP04-108",
        "BP09-109",
        "BP02-069",
        "BP09-078",
        "BP16-040",
        "BP08-087",
        "BP18-089",
        "BP10-121",
        "BP07-007",
        "BP14-042",
        "BP11-113",
        "BP05-070",
        "BP09-075",
        "CP04-076",
        "BP12-007",
        "BP11-071",
        "BP05-098",
        "CP04-093",
        "CP04-008",
        "BP11-054",
        "CP02-021",
        "BP07-107",
        "CP01-080",
        "BP06-066",
        "CP04-026",
        "BP01-002",
        "BP08-021",
        "BP10-043",
        "BP10-047",
        "BP05-069",
        "BP14-043",
        "BP11-048",
        "CP03-048",
        "BP18-082",
        "BP13-073",
        "BP08-028",
        "BP13-003",
        "BP02-072",
        "BP02-014",
        "BP06-007",
        "BP11-069",
        "BP17-062",
        "CP04-016",
        "BP14-118",
        "BP17-098",
        "BP03-059",
        "BP11-096",
        "BP08-116",
        "BP02-087",
        "BP18-043",
    ):
        assert library()["cards"][card_id]["status"] == "full", card_id


def test_named_ally_enters_gets_buffed() -> None:
    """ECP02-050: a follower whose name contains one of two names entering your field gets
    +1/+1; another follower does not."""
    scripts = _lib("ECP02-050")
    me = _rec(scripts, "ECP02-050", atk=1, dfn=1)
    for name, gain in (("X星輝子Y", 1), ("Other", 0)):
        friend = CardRecord("F-1", name, cost=1, attack=1, defense=1)
        game = position(fields=([me], []), hands=([friend], []), pp=(1, 0), scripts=scripts)
        _play_first(game)
        uid = game.players[0].field[-1]
        assert game.cards[uid].atk == 1 + gain


def test_class_token_enters_in_own_turn() -> None:
    """BP13-029: a Swordcraft token follower entering your field in your turn deals 1 damage
    to an enemy follower; a non-token follower does not trigger it."""
    scripts = _lib("BP13-029")
    admiral = _rec(scripts, "BP13-029")
    enemy = follower("E", 1, 1, 5)
    token = CardRecord("T-1", "Tok", card_class="sword", card_type="token_follower", cost=1)
    plain = CardRecord("P-1", "Plain", card_class="sword", cost=1, attack=1, defense=1)
    for rec, hurt in ((token, True), (plain, False)):
        game = position(fields=([admiral], [enemy]), hands=([rec], []), pp=(1, 0), scripts=scripts)
        _play_first(game)
        if hurt:
            _pick_enemy(game)
        assert game.cards[game.players[1].field[0]].dfn == (4 if hurt else 5)


def test_reveal_condition_after_a_look() -> None:
    """CP04-084 (Fanfare): look at the top 5, a Diabolos follower may go to the hand; only
    when one was revealed is a card discarded."""
    scripts = _lib("CP04-084")
    miyako = _rec(scripts, "CP04-084")
    dia = CardRecord("D-1", "Dia", cost=2, attack=2, defense=2, traits=("ディアボロス",))
    other = CardRecord("O-1", "Other", cost=2, attack=2, defense=2)
    extra = CardRecord("H-1", "Hand", cost=9, attack=1, defense=1)
    for take in (True, False):
        game = position(
            hands=([miyako, extra], []), decks=([other] * 5 + [dia], []), pp=(1, 0), scripts=scripts
        )
        _play_first(game)
        d = game.decision
        assert d is not None
        found = d.options[0]
        assert game.cards[int(found)].base.card_id == "D-1"
        game.apply(Choose(found if take else "done"))
        if take:  # the discard asks which card
            assert game.decision is not None
            assert game.decision.kind.name == "PICK"
            game.apply(Choose(game.decision.options[0]))
            assert len(game.players[0].grave) == 1
        else:
            assert game.players[0].grave == []
            assert len(game.players[0].hand) == 1


def test_revealed_name_summons_a_bat() -> None:
    """BP18-084 (Fanfare): taking a follower whose name contains Vampy summons a Forest Bat;
    taking another vampire card does not."""
    scripts = _lib("BP18-084")
    vite = _rec(scripts, "BP18-084")
    vampy = CardRecord("V-1", "XヴァンピィY", cost=2, attack=2, defense=2, traits=("吸血鬼",))
    vamp = CardRecord("V-2", "Vamp", cost=2, attack=2, defense=2, traits=("吸血鬼",))
    for card, bats in ((vampy, 1), (vamp, 0)):
        game = position(hands=([vite], []), decks=([card], []), pp=(2, 0), scripts=scripts)
        _play_first(game)
        assert game.decision is not None
        game.apply(Choose(game.decision.options[0]))
        names = [game.cards[u].base.name for u in game.players[0].field]
        assert names.count("フォレストバット") == bats


def test_shuffle_then_look_puts_followers_onto_the_field() -> None:
    """BP17-066: shuffle, look at the top 2; followers among them may enter the field; the
    rest go to the graveyard."""
    scripts = _lib("BP17-066")
    spell = _rec(scripts, "BP17-066", card_type="spell", cost=8)
    a = CardRecord("A-1", "A", cost=2, attack=2, defense=2)
    s = CardRecord("S-1", "S", card_type="spell", cost=1)
    game = position(hands=([spell], []), decks=([a, s], []), pp=(8, 0), scripts=scripts)
    _play_first(game)
    d = game.decision
    assert d is not None
    assert d.options[-1] == "done"
    game.apply(Choose(d.options[0]))
    assert [game.cards[u].base.card_id for u in game.players[0].field] == ["A-1"]
    assert any(game.cards[u].base.card_id == "S-1" for u in game.players[0].grave)
    assert game.players[0].deck == []


def test_storm_while_three_cards_on_field() -> None:
    """BP15-097: with 3 cards on your field (itself included) it has Storm and attacks the
    turn it is played; with 2 it does not."""
    scripts = _lib("BP15-097")
    sarissa = _rec(scripts, "BP15-097")
    for others, storm in (([amulet("M1"), amulet("M2")], True), ([amulet("M1")], False)):
        game = position(hands=([sarissa], []), fields=(others, []), pp=(2, 0), scripts=scripts)
        _play_first(game)
        assert game.decision is not None
        game.apply(Choose("stand"))  # Ward: it may enter engaged (CR 12.8)
        uid = game.players[0].field[-1]
        assert (Attack(uid, LEADER) in game.legal_actions()) is storm


def test_both_leaders_take_damage() -> None:
    """BP05-075 (Fanfare and Strike): 1 damage to both leaders."""
    scripts = _lib("BP05-075")
    fan = _rec(scripts, "BP05-075")
    game = position(hands=([fan], []), pp=(1, 0), scripts=scripts)
    _play_first(game)
    assert (game.players[0].hp, game.players[1].hp) == (19, 19)


def test_strike_deals_its_attack_to_the_enemy_leader() -> None:
    """BP10-080 (Strike): damage equal to its attack to the enemy leader (plus the combat
    damage of the attack itself)."""
    scripts = _lib("BP10-080")
    demonia = _rec(scripts, "BP10-080", atk=4, dfn=3)
    game = position(fields=([demonia], []), scripts=scripts)
    game.apply(Attack(game.players[0].field[0], LEADER))
    assert game.players[1].hp == 20 - 4 - 4


def test_exact_leader_defense() -> None:
    """BP15-076 (Fanfare): +2/+2 only when your leader has exactly 7 defense."""
    scripts = _lib("BP15-076")
    vanarek = _rec(scripts, "BP15-076")
    for hp, atk in ((7, 4), (6, 2), (8, 2)):
        game = position(hands=([vanarek], []), pp=(2, 0), hp=(hp, 20), scripts=scripts)
        _play_first(game)
        assert game.cards[game.players[0].field[0]].atk == atk


def test_look_may_put_a_card_into_the_graveyard() -> None:
    """CP04-090: 2 damage to an enemy follower; the top card, if a プリコネ card, may go to
    the graveyard (it stays on top when declined)."""
    scripts = _lib("CP04-090")
    spell = _rec(scripts, "CP04-090", card_type="spell")
    prc = CardRecord("P-1", "Pri", cost=2, attack=2, defense=2, traits=("プリコネ",))
    for take in (True, False):
        game = position(
            hands=([spell], []),
            fields=([], [follower("E", 1, 1, 5)]),
            decks=([prc], []),
            pp=(1, 0),
            scripts=scripts,
        )
        _play_first(game)
        _pick_enemy(game)
        assert game.cards[game.players[1].field[0]].dfn == 3
        d = game.decision
        assert d is not None
        game.apply(Choose(d.options[0] if take else "done"))
        in_grave = [game.cards[u].base.card_id for u in game.players[0].grave]
        assert ("P-1" in in_grave) is take
        assert (len(game.players[0].deck) == 1) is not take


def test_evolved_ally_condition() -> None:
    """BP13-080 (Fanfare): +1/+1 only with an evolved follower on your field."""
    scripts = _lib("BP13-080")
    blader = _rec(scripts, "BP13-080")
    ally = follower("A", 2, 2, 2)
    for entry, atk in ((OnField(ally, evolved=evolved(ally)), 3), (OnField(ally), 2)):
        game = position(hands=([blader], []), fields=([entry], []), pp=(2, 0), scripts=scripts)
        _play_first(game)
        assert game.cards[game.players[0].field[-1]].atk == atk


def test_named_count_on_field_destroys() -> None:
    """BP15-078 (Fanfare): the chosen enemy is destroyed and its leader takes 3 damage only
    with 3 named followers of yours (the English: "destroy it and deal 3 damage to its
    leader")."""
    scripts = _lib("BP15-078")
    lulunai = _rec(scripts, "BP15-078")
    echo = CardRecord("EC-1", "絶叫の残響・ルルナイ", cost=1, attack=1, defense=1)
    for n, destroyed in ((3, True), (2, False)):
        game = position(
            hands=([lulunai], []),
            fields=([echo] * n, [follower("E", 1, 1, 5)]),
            pp=(2, 0),
            scripts=scripts,
        )
        _play_first(game)
        _pick_enemy(game)
        assert (game.players[1].field == []) is destroyed
        assert game.players[1].hp == (17 if destroyed else 20)


def test_low_cost_followers_get_attack() -> None:
    """CP02-085: 3 damage to an enemy; your followers of original cost 1 or less get +1
    attack, others do not."""
    scripts = _lib("CP02-085")
    spell = _rec(scripts, "CP02-085", card_type="spell", cost=2)
    cheap, dear = follower("C", 1, 1, 1), follower("D", 2, 2, 2)
    game = position(
        hands=([spell], []),
        fields=([cheap, dear], [follower("E", 1, 1, 5)]),
        pp=(2, 0),
        scripts=scripts,
    )
    _play_first(game)
    _pick_enemy(game)
    c, d = game.players[0].field
    assert (game.cards[c].atk, game.cards[d].atk) == (2, 2)
    assert game.cards[game.players[1].field[0]].dfn == 2


def test_fairy_tokens_get_attack() -> None:
    """BP07-003 (Fanfare): a token into the EX area; your 妖精 tokens on the field get +2
    attack (a 妖精 non-token does not)."""
    scripts = _lib("BP07-003")
    cynthia = _rec(scripts, "BP07-003", cost=6, atk=4, dfn=6)
    fairy = CardRecord(
        "F-T", "F", card_type="token_follower", cost=0, attack=1, defense=1, traits=("妖精",)
    )
    plain = CardRecord("F-P", "P", cost=1, attack=1, defense=1, traits=("妖精",))
    game = position(hands=([cynthia], []), fields=([fairy, plain], []), pp=(6, 0), scripts=scripts)
    game.cards[game.players[0].field[0]].token = True
    _play_first(game)
    t, p = game.players[0].field[:2]
    assert (game.cards[t].atk, game.cards[p].atk) == (3, 1)
    assert len(game.players[0].ex) == 1


def test_min_cost_ally_recovers_pp() -> None:
    """CP02-011: draw 1; 1 PP back only with a follower of original cost 5 or more."""
    scripts = _lib("CP02-011")
    spell = _rec(scripts, "CP02-011", card_type="spell")
    for cost, pp in ((5, 1), (4, 0)):
        game = position(
            hands=([spell], []),
            fields=([follower("B", cost, 2, 2)], []),
            pp=(1, 0),
            scripts=scripts,
        )
        _play_first(game)
        assert game.players[0].pp == pp
        assert len(game.players[0].hand) == 1


def test_hand_size_end_phase() -> None:
    """BP05-103 (your end phase): 3 to the enemy leader with 2 or fewer cards in hand, and 3
    to every enemy follower with none; nothing with 3 cards."""
    scripts = _lib("BP05-103")
    mazel = _rec(scripts, "BP05-103", cost=5, atk=5, dfn=5)
    card = follower("H", 9, 1, 1)
    for hand, leader, foe in ((0, 17, 2), (2, 17, 5), (3, 20, 5)):
        game = position(
            fields=([mazel], [follower("E", 1, 1, 5)]), hands=([card] * hand, []), scripts=scripts
        )
        game.apply(End())
        assert game.players[1].hp == leader
        assert game.cards[game.players[1].field[0]].dfn == foe


def test_opponent_card_count() -> None:
    """BP08-112 (Fanfare): +1 attack and Assail when the opponent has 3 cards on the field
    (amulets count); not with 2."""
    scripts = _lib("BP08-112")
    eph = _rec(scripts, "BP08-112", atk=2, dfn=1)
    for foes, atk in (
        ([follower("E"), amulet("M1"), amulet("M2")], 3),
        ([amulet("M1"), amulet("M2")], 2),
    ):
        game = position(hands=([eph], []), fields=([], foes), pp=(1, 0), scripts=scripts)
        _play_first(game)
        uid = game.players[0].field[0]
        assert game.cards[uid].atk == atk
        assert ("assail" in game.cards[uid].keywords) is (atk == 3)


def _hit_leader(game: State, amount: int) -> None:
    """Deal ability damage to player 0's leader, as an enemy ability would."""
    game.deal_damage(-2, amount)


def test_leader_takes_no_next_damage() -> None:
    """BP05-017: this turn the next damage to your leader is prevented; the one after it is
    not, and the shield does not outlast the turn."""
    scripts = _lib("BP05-017")
    spell = _rec(scripts, "BP05-017", card_type="spell")
    game = position(hands=([spell], []), pp=(1, 0), scripts=scripts)
    _play_first(game)
    _hit_leader(game, 4)
    assert game.players[0].hp == 20
    _hit_leader(game, 4)
    assert game.players[0].hp == 16
    game2 = position(hands=([spell], []), pp=(1, 0), scripts=scripts)
    _play_first(game2)
    game2.turn += 1
    _hit_leader(game2, 4)
    assert game2.players[0].hp == 16


def test_leader_next_damage_less() -> None:
    """CP03-040 mode 2: the next damage to your leader this turn is 5 less (7 becomes 2,
    then 7 stays 7); mode 1 deals 3 damage to an enemy follower instead."""
    scripts = _lib("CP03-040")
    spell = _rec(scripts, "CP03-040", card_type="spell", cost=2)
    game = position(hands=([spell], []), pp=(2, 0), scripts=scripts)
    _play_first(game)
    assert game.decision is not None
    game.apply(Choose("mode2"))
    _hit_leader(game, 7)
    assert game.players[0].hp == 18
    _hit_leader(game, 7)
    assert game.players[0].hp == 11
    game = position(
        hands=([spell], []), fields=([], [follower("E", 1, 1, 5)]), pp=(2, 0), scripts=scripts
    )
    _play_first(game)
    game.apply(Choose("mode1"))
    _pick_enemy(game)
    assert game.cards[game.players[1].field[0]].dfn == 2
    _hit_leader(game, 7)
    assert game.players[0].hp == 13


def test_random_discard_with_necrocharge() -> None:
    """BP08-075: the named card returns from your graveyard to the field; with 10 cards left
    in your graveyard after that the opponent discards 1 random card, with 9 not."""
    scripts = _lib("BP08-075")
    spell = _rec(scripts, "BP08-075", card_type="spell", cost=2)
    lulunai = CardRecord("L-1", "沈黙の絶傑・ルルナイ", cost=3, attack=3, defense=3)
    filler = CardRecord("G-1", "G", card_type="spell", cost=1)
    for grave, discarded in ((11, True), (10, False)):
        game = position(
            hands=([spell], [filler, filler, filler]), pp=(2, 0), scripts=scripts, seed=3
        )
        lu = add_card(game, 0, lulunai, Zone.GRAVE)
        for _ in range(grave - 1):
            add_card(game, 0, filler, Zone.GRAVE)
        _play_first(game)
        assert game.decision is not None
        game.apply(Choose(str(lu)))
        assert game.players[0].field == [lu]
        assert len(game.players[1].hand) == (2 if discarded else 3)
        assert len(game.players[1].grave) == (1 if discarded else 0)


def test_random_discard_mode() -> None:
    """BP05-085 mode 1: the opponent discards 1 random card (the other mode is 3 damage)."""
    scripts = _lib("BP05-085")
    spell = _rec(scripts, "BP05-085", card_type="spell", cost=2)
    filler = CardRecord("G-1", "G", card_type="spell", cost=1)
    game = position(hands=([spell], [filler, filler]), pp=(2, 0), scripts=scripts)
    _play_first(game)
    assert game.decision is not None
    game.apply(Choose("mode1"))
    assert len(game.players[1].hand) == 1
    assert len(game.players[1].grave) == 1


def _engager() -> tuple[CardRecord, CardScript]:
    """A synthetic follower whose Fanfare engages one of your amulets."""
    rec = CardRecord("X-ENG", "Engager", cost=1, attack=1, defense=1)
    fan = Ability(
        Trigger.FANFARE, (Select(Targets(side="own", followers=False, amulets=True)), Engage())
    )
    return rec, CardScript("X-ENG", (fan,))


def test_amulet_engaged_by_an_effect_triggers() -> None:
    """CP04-102: when an effect engages it, 1 damage to an enemy leader or follower; an
    amulet that is not engaged deals nothing."""
    scripts = _lib("CP04-102")
    rec, script = _engager()
    scripts.add(script)
    string = _rec(scripts, "CP04-102", card_type="amulet", cost=2)
    game = position(fields=([string], []), hands=([rec], []), pp=(1, 0), scripts=scripts)
    _play_first(game)
    assert game.decision is not None
    game.apply(Choose(game.decision.options[0]))  # engage the amulet
    assert game.cards[game.players[0].field[0]].engaged
    assert game.decision is not None
    assert "leader1" in game.decision.options
    game.apply(Choose("leader1"))
    assert game.players[1].hp == 19
    quiet = position(fields=([string], []), pp=(1, 0), scripts=scripts)
    assert quiet.players[1].hp == 20
    assert not quiet.cards[quiet.players[0].field[0]].engaged


def test_engaged_amulet_heals() -> None:
    """CP04-108: when it becomes engaged your leader gets +1 defense; a stand does not."""
    scripts = _lib("CP04-108")
    rec, script = _engager()
    scripts.add(script)
    acorn = _rec(scripts, "CP04-108", card_type="amulet")
    game = position(
        fields=([acorn], []), hands=([rec], []), pp=(1, 0), hp=(10, 20), scripts=scripts
    )
    _play_first(game)
    assert game.decision is not None
    game.apply(Choose(game.decision.options[0]))
    assert game.players[0].hp == 11
    stood = position(fields=([OnField(acorn, engaged=True)], []), hp=(10, 20), scripts=scripts)
    stood.set_engaged(stood.players[0].field[0], False)
    assert stood.pending == []


def test_attacking_engages_and_triggers() -> None:
    """BP09-109: attacking engages it, so 1 damage to the enemy leader (2 with Amaterasu on
    your field) on top of the combat damage."""
    scripts = _lib("BP09-109")
    tsukuyomi = _rec(scripts, "BP09-109", atk=3, dfn=2)
    ama = CardRecord("A-1", "アマテラス", cost=1, attack=1, defense=1)
    for allies, extra in (([], 1), ([ama], 2)):
        game = position(fields=([tsukuyomi, *allies], []), scripts=scripts)
        game.apply(Attack(game.players[0].field[0], LEADER))
        assert game.players[1].hp == 20 - 3 - extra


BAT = CardRecord("BAT", "フォレストバット", card_type="token_follower", cost=1, attack=1, defense=1)


def test_buff_per_named_ally_and_bat_sacrifice() -> None:
    """BP02-069: Fanfare +X/+X for X Forest Bats on your field (0 without bats); its act
    ability costs 1 PP and a Forest Bat put into the graveyard: 3 damage to an enemy
    follower and 1 to its leader; without a bat it cannot be used."""
    scripts = _lib("BP02-069")
    vampy = _rec(scripts, "BP02-069")
    for bats, atk in ((2, 4), (0, 2)):
        game = position(hands=([vampy], []), fields=([BAT] * bats, []), pp=(2, 0), scripts=scripts)
        _play_first(game)
        assert game.cards[game.players[0].field[-1]].atk == atk
    game = position(fields=([vampy, BAT], [follower("E", 1, 1, 5)]), pp=(1, 0), scripts=scripts)
    vampy_uid = game.players[0].field[0]
    game.apply(Activate(vampy_uid, 0))
    assert game.decision is not None
    game.apply(Choose(game.decision.options[0]))  # the bat paid
    _pick_enemy(game)
    assert game.players[0].field == [vampy_uid]
    assert game.cards[game.players[1].field[0]].dfn == 2
    assert game.players[1].hp == 19
    bare = position(fields=([vampy], [follower("E", 1, 1, 5)]), pp=(1, 0), scripts=scripts)
    assert Activate(bare.players[0].field[0], 0) not in bare.legal_actions()


def test_engage_and_bat_cost_modes() -> None:
    """BP09-078: engage it and put a Forest Bat into the graveyard; mode 2 deals 2 to the
    enemy leader, heals 2 and draws 1. Without a bat the ability is not offered."""
    scripts = _lib("BP09-078")
    vania = _rec(scripts, "BP09-078")
    game = position(fields=([vania, BAT], []), hp=(10, 20), scripts=scripts)
    uid = game.players[0].field[0]
    game.apply(Activate(uid, 0))
    assert game.decision is not None
    game.apply(Choose(game.decision.options[0]))
    game.apply(Choose("mode2"))
    assert (game.players[0].hp, game.players[1].hp) == (12, 18)
    assert game.cards[uid].engaged
    assert len(game.players[0].hand) == 1
    bare = position(fields=([vania], []), scripts=scripts)
    assert Activate(bare.players[0].field[0], 0) not in bare.legal_actions()


def test_draw_and_damage_per_other_ally() -> None:
    """BP16-040: Fanfare draws X for X other 宴楽 followers of yours; in your end phase the
    enemy leader takes that many damage (others of another trait do not count)."""
    scripts = _lib("BP16-040")
    zizu = _rec(scripts, "BP16-040", cost=3, atk=3, dfn=3)
    party = CardRecord("P-1", "P", cost=1, attack=1, defense=1, traits=("宴楽",))
    other = follower("O")
    game = position(
        hands=([zizu], []), fields=([party, party, other], []), pp=(3, 0), scripts=scripts
    )
    _play_first(game)
    assert len(game.players[0].hand) == 2
    game.apply(End())
    assert game.players[1].hp == 18


def test_heal_twice_the_amulets() -> None:
    """BP08-087: Fanfare heals your leader twice the number of your amulets (0 without)."""
    scripts = _lib("BP08-087")
    brodia = _rec(scripts, "BP08-087", cost=7, atk=4, dfn=4)
    for amulets, healed in ((3, 6), (0, 0)):
        game = position(
            hands=([brodia], []),
            fields=([amulet(f"M{i}") for i in range(amulets)], []),
            pp=(7, 0),
            hp=(10, 20),
            scripts=scripts,
        )
        _play_first(game)
        if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
            game.apply(Choose("stand"))
        assert game.players[0].hp == 10 + healed


def test_more_bats_with_the_queen() -> None:
    """BP18-089: engage it and put it into the graveyard for 1 Forest Bat, or 3 with a
    follower whose name contains Queen Vampire on your field."""
    scripts = _lib("BP18-089")
    castle = _rec(scripts, "BP18-089", card_type="amulet")
    queen = CardRecord("Q-1", "XクイーンヴァンパイアY", cost=5, attack=5, defense=5)
    for allies, bats in (([queen], 3), ([], 1)):
        game = position(fields=([castle, *allies], []), scripts=scripts)
        game.apply(Activate(game.players[0].field[0], 0))
        names = [game.cards[u].base.name for u in game.players[0].field]
        assert names.count("フォレストバット") == bats
        assert len(game.players[0].grave) == 1


def test_discard_angel_or_fallen_angel() -> None:
    """BP10-121 (Fanfare): you may discard an 天使 or 堕天使 card to heal 3, draw 1 and
    recover 2 PP; with only other cards in hand nothing is offered."""
    scripts = _lib("BP10-121")
    guardian = _rec(scripts, "BP10-121", cost=3)
    fallen = CardRecord("FA-1", "Fallen", card_type="spell", cost=1, traits=("堕天使",))
    plain = CardRecord("PL-1", "Plain", card_type="spell", cost=1)
    game = position(hands=([guardian, fallen], []), pp=(3, 0), hp=(10, 20), scripts=scripts)
    _play_first(game)
    if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
        game.apply(Choose("stand"))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    game.apply(Choose(game.decision.options[0]))
    assert (game.players[0].hp, game.players[0].pp, len(game.players[0].hand)) == (13, 2, 1)
    game = position(hands=([guardian, plain], []), pp=(3, 0), hp=(10, 20), scripts=scripts)
    _play_first(game)
    if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
        game.apply(Choose("stand"))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert game.players[0].hp == 10


def test_named_ally_buff_then_combo_damage() -> None:
    """BP07-007: the chosen named follower gets +1/+1; with Combo 5 every enemy follower
    takes damage equal to its attack, without Combo none."""
    scripts = _lib("BP07-007")
    spell = _rec(scripts, "BP07-007", card_type="spell", cost=2)
    latika = CardRecord("LA-1", "回帰する抱擁・ラティカ", cost=3, attack=3, defense=3)
    for played, dfn in ((4, 1), (0, 5)):
        game = position(
            hands=([spell], []),
            fields=([latika], [follower("E", 1, 1, 5)]),
            pp=(2, 0),
            scripts=scripts,
        )
        game.players[0].played = played
        _play_first(game)
        assert game.decision is not None
        game.apply(Choose(game.decision.options[0]))
        assert game.cards[game.players[0].field[0]].atk == 4
        assert game.cards[game.players[1].field[0]].dfn == dfn


def test_look_must_take_two() -> None:
    """BP14-042: look at the top 4, 2 of them must go to the hand (no 'done'), the rest to
    the graveyard; 1 PP back only with the named follower on your field."""
    scripts = _lib("BP14-042")
    spell = _rec(scripts, "BP14-042", card_type="spell", cost=3)
    cards = [CardRecord(f"C-{i}", f"C{i}", cost=i, attack=1, defense=1) for i in range(4)]
    yuki = CardRecord("Y-1", "真理の大文豪・ユキシマ", cost=4, attack=4, defense=4)
    for allies, pp in (([yuki], 1), ([], 0)):
        game = position(
            hands=([spell], []), fields=(allies, []), decks=(cards, []), pp=(3, 0), scripts=scripts
        )
        _play_first(game)
        for _ in range(2):
            assert game.decision is not None
            assert "done" not in game.decision.options
            game.apply(Choose(game.decision.options[0]))
        assert len(game.players[0].hand) == 2
        assert len(game.players[0].grave) == 3  # the other two and the spell
        assert game.players[0].pp == pp


def test_buff_gives_storm() -> None:
    """BP11-113: when a spell gives it +1/+1 it gains Storm (and may attack the turn it
    entered); a -1/-1 does not trigger it."""
    for delta, storm in ((1, True), (-1, False)):
        scripts = _lib("BP11-113")
        outlaw = _rec(scripts, "BP11-113", atk=1, dfn=3)
        pump = Ability(Trigger.SPELL, (Select(Targets(side="own")), Buff(delta, delta, "targets")))
        scripts.add(CardScript("X-PUMP", (pump,)))
        spell = CardRecord("X-PUMP", "Pump", card_type="spell", cost=0)
        game = position(
            fields=([OnField(outlaw, new=True)], []), hands=([spell], []), scripts=scripts
        )
        uid = game.players[0].field[0]
        _play_first(game)
        if game.decision is not None and game.decision.kind.name == "TARGET":
            game.apply(Choose(game.decision.options[0]))
        assert game.cards[uid].atk == 1 + delta
        assert ("storm" in game.cards[uid].keywords) is storm
        assert (Attack(uid, LEADER) in game.legal_actions()) is storm


def test_opponent_spells_cost_more() -> None:
    """BP05-070: while it is on your field the opponent's spells cost 1 more (a 2-cost
    spell needs 3 PP); their followers and your own spells do not."""
    scripts = _lib("BP05-070")
    lulunai = _rec(scripts, "BP05-070", cost=3, atk=3, dfn=3)
    two = CardRecord("S-2", "Two", card_type="spell", cost=2)
    body = CardRecord("F-2", "Body", cost=2, attack=2, defense=2)
    game = position(
        active=1, fields=([lulunai], []), hands=([two], [two, body]), pp=(2, 2), scripts=scripts
    )
    spell_uid, body_uid = game.players[1].hand
    actions = game.legal_actions()
    assert Play(spell_uid) not in actions
    assert Play(body_uid) in actions
    assert game.play_cost(game.cards[spell_uid]) == 3
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == 2
    free = position(active=1, hands=([], [two]), pp=(0, 2), scripts=scripts)
    assert Play(free.players[1].hand[0]) in free.legal_actions()


def test_cost_down_with_vampires_in_graveyard() -> None:
    """BP09-075: costs 2 less with 5 吸血鬼 cards in your graveyard (0 PP then), not with 4;
    it puts 2 Forest Bats onto the field."""
    scripts = _lib("BP09-075")
    gift = _rec(scripts, "BP09-075", card_type="spell", cost=2)
    vamp = CardRecord("V-1", "Vamp", card_type="spell", cost=1, traits=("吸血鬼",))
    for n, cost in ((5, 0), (4, 2)):
        game = position(hands=([gift], []), scripts=scripts)
        for _ in range(n):
            add_card(game, 0, vamp, Zone.GRAVE)
        uid = game.players[0].hand[0]
        assert game.play_cost(game.cards[uid]) == cost
        assert (Play(uid) in game.legal_actions()) is (cost == 0)
    game = position(hands=([gift], []), pp=(2, 0), scripts=scripts)
    _play_first(game)
    names = [game.cards[u].base.name for u in game.players[0].field]
    assert names == ["フォレストバット", "フォレストバット"]


def test_discard_two_to_move_from_graveyard_to_ex() -> None:
    """CP04-076: from the graveyard, discard 2 cards to put it into the EX area; with one
    card in hand the ability is not offered."""
    scripts = _lib("CP04-076")
    violet = _rec(scripts, "CP04-076", cost=4, atk=3, dfn=4)
    filler = CardRecord("H-1", "H", card_type="spell", cost=9)
    game = position(hands=([filler, filler], []), scripts=scripts)
    uid = add_card(game, 0, violet, Zone.GRAVE)
    assert Activate(uid, 0) in game.legal_actions()
    game.apply(Activate(uid, 0))
    for _ in range(2):
        assert game.decision is not None
        game.apply(Choose(game.decision.options[0]))
    assert game.players[0].ex == [uid]
    assert game.players[0].hand == []
    assert len(game.players[0].grave) == 2
    short = position(hands=([filler], []), scripts=scripts)
    uid = add_card(short, 0, violet, Zone.GRAVE)
    assert Activate(uid, 0) not in short.legal_actions()


def test_mode_with_a_cost() -> None:
    """BP12-007: mode 1 costs putting a 自然 card of your field into the EX area, then deals
    3 damage; without such a card only mode 2 (two Fairies) can be chosen."""
    scripts = _lib("BP12-007")
    spell = _rec(scripts, "BP12-007", card_type="spell")
    tree = CardRecord("N-1", "Tree", card_type="amulet", cost=1, traits=("自然",))
    game = position(
        hands=([spell], []), fields=([tree], [follower("E", 1, 1, 5)]), pp=(1, 0), scripts=scripts
    )
    tree_uid = game.players[0].field[0]
    _play_first(game)
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2"]
    game.apply(Choose("mode1"))
    game.apply(Choose(str(tree_uid)))  # the cost
    _pick_enemy(game)
    assert game.players[0].ex == [tree_uid]
    assert game.cards[game.players[1].field[0]].dfn == 2
    bare = position(
        hands=([spell], []), fields=([], [follower("E", 1, 1, 5)]), pp=(1, 0), scripts=scripts
    )
    _play_first(bare)
    assert bare.decision is not None
    assert bare.decision.options == ["mode2"]
    bare.apply(Choose("mode2"))
    assert len(bare.players[0].field) == 2


def test_last_words_puts_itself_into_the_ex_area() -> None:
    """BP11-071 (Last Words): destroyed, it goes from the graveyard into the EX area and the
    top card of the deck is milled."""
    scripts = _lib("BP11-071")
    hollow = _rec(scripts, "BP11-071", atk=1, dfn=1)
    kill = Ability(Trigger.SPELL, (Select(Targets(side="own")), Destroy()))
    scripts.add(CardScript("X-KILL", (kill,)))
    spell = CardRecord("X-KILL", "Kill", card_type="spell", cost=0)
    game = position(fields=([hollow], []), hands=([spell], []), scripts=scripts)
    uid = game.players[0].field[0]
    _play_first(game)
    if game.decision is not None and game.decision.kind.name == "TARGET":
        game.apply(Choose(game.decision.options[0]))
    assert game.players[0].field == []
    assert game.players[0].ex == [uid]
    assert len(game.players[0].grave) == 2  # the milled card and the spell


def test_evolve_by_discarding() -> None:
    """BP05-098: its evolve ability costs a discard and no PP (so no EP option); with an
    empty hand it cannot evolve."""
    scripts = _lib("BP05-098")
    epitaph = _rec(scripts, "BP05-098", cost=2, atk=2, dfn=3)
    filler = CardRecord("H-1", "H", card_type="spell", cost=9)
    game = position(
        fields=([epitaph], []),
        hands=([filler], []),
        evolve=([evolved(epitaph)], []),
        ep=(2, 0),
        scripts=scripts,
    )
    uid = game.players[0].field[0]
    evolves = [a for a in game.legal_actions() if isinstance(a, Evolve)]
    assert evolves == [Evolve(uid)]
    game.apply(Evolve(uid))
    assert game.decision is not None
    game.apply(Choose(game.decision.options[0]))
    assert game.players[0].hand == []
    assert len(game.players[0].grave) == 1
    assert game.cards[uid].evo >= 0
    assert (game.players[0].pp, game.players[0].ep) == (0, 2)
    empty = position(
        fields=([epitaph], []), evolve=([evolved(epitaph)], []), ep=(2, 0), scripts=scripts
    )
    assert not [a for a in empty.legal_actions() if isinstance(a, Evolve)]


def test_engage_an_amulet_as_a_cost() -> None:
    """CP04-093: engaging a standing amulet of yours pays for 1 damage to an enemy follower
    (engaging CP04-102 also sets off its own ability); with only engaged amulets the ability
    is not offered. Its second ability engages it and puts 3 amulets into the graveyard."""
    scripts = _lib("CP04-093", "CP04-102")
    nozomi = _rec(scripts, "CP04-093", cost=3, atk=1, dfn=3)
    string = _rec(scripts, "CP04-102", card_type="amulet", cost=2)
    game = position(fields=([nozomi, string], [follower("E", 1, 1, 5)]), scripts=scripts)
    noz, amu = game.players[0].field
    game.apply(Activate(noz, 0))
    assert game.decision is not None
    assert game.decision.options == [str(amu)]
    game.apply(Choose(str(amu)))
    assert game.cards[amu].engaged
    while game.decision is not None and game.decision.kind.name != "MAIN":
        opts = game.decision.options
        game.apply(Choose("leader1" if "leader1" in opts else opts[0]))
    assert game.cards[game.players[1].field[0]].dfn == 4  # 1 from CP04-093
    assert game.players[1].hp == 19  # 1 from CP04-102's own ability
    assert Activate(noz, 0) not in game.legal_actions()
    tall = position(
        fields=([nozomi, amulet("M1"), amulet("M2"), amulet("M3")], [follower("E", 1, 1, 5)]),
        scripts=scripts,
    )
    noz = tall.players[0].field[0]
    tall.apply(Activate(noz, 1))
    for _ in range(3):
        assert tall.decision is not None
        tall.apply(Choose(tall.decision.options[0]))
    _pick_enemy(tall)
    assert tall.players[0].field == [noz]
    assert tall.cards[noz].engaged
    assert (tall.cards[tall.players[1].field[0]].dfn, tall.players[1].hp) == (2, 17)


def test_fanfare_engages_three_cards() -> None:
    """CP04-008 (Fanfare): you may engage 3 of your cards (itself included) for 4 damage to
    an enemy follower and 2 to its leader; with fewer than 3 standing it is not offered."""
    scripts = _lib("CP04-008")
    makoto = _rec(scripts, "CP04-008", cost=2, atk=3, dfn=2)
    for others, paid in (([amulet("M1"), amulet("M2")], True), ([amulet("M1")], False)):
        game = position(
            hands=([makoto], []),
            fields=(others, [follower("E", 1, 1, 5)]),
            pp=(2, 0),
            scripts=scripts,
        )
        _play_first(game)
        if paid:
            assert game.decision is not None
            game.apply(Choose("pay"))
            for _ in range(3):
                game.apply(Choose(game.decision.options[0]))
            _pick_enemy(game)
            assert all(game.cards[u].engaged for u in game.players[0].field)
        assert game.players[1].hp == (18 if paid else 20)
        assert game.cards[game.players[1].field[0]].dfn == (1 if paid else 5)


def test_overflow_top_card_to_ex_for_free() -> None:
    """BP11-054 (Fanfare, pay 2): with Overflow the top card of the shuffled deck goes into
    the EX area and costs 0 this turn; without Overflow nothing moves."""
    scripts = _lib("BP11-054")
    phoenix = _rec(scripts, "BP11-054", cost=3, atk=3, dfn=3)
    big = CardRecord("B-9", "Big", cost=9, attack=9, defense=9)
    for max_pp, moved in ((7, True), (6, False)):
        game = position(
            hands=([phoenix], []),
            decks=([big] * 3, []),
            pp=(5, 0),
            max_pp=(max_pp, 0),
            scripts=scripts,
        )
        _play_first(game)
        if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
            game.apply(Choose("stand"))
        assert game.decision is not None
        game.apply(Choose("pay"))
        assert game.players[0].pp == 0
        assert (len(game.players[0].ex) == 1) is moved
        if moved:
            uid = game.players[0].ex[0]
            assert game.play_cost(game.cards[uid]) == 0
            assert Play(uid) in game.legal_actions()


def test_choice_under_a_condition_stays_it() -> None:
    """CP02-021 (Fanfare): with a follower named Uzuki on your field an enemy follower is
    chosen and takes 5 damage (the choice made under the condition is "it" afterwards);
    without one nothing happens."""
    scripts = _lib("CP02-021")
    card = _rec(scripts, "CP02-021", cost=3)
    uzuki = CardRecord("U-1", "X島村卯月Y", cost=2, attack=2, defense=2)
    for allies, dfn in (([uzuki], 1), ([], 6)):
        game = position(
            hands=([card], []),
            fields=(allies, [follower("E", 1, 1, 6)]),
            pp=(3, 0),
            scripts=scripts,
        )
        _play_first(game)
        while game.decision is not None and game.decision.kind.name != "MAIN":
            opts = game.decision.options
            game.apply(Choose("stand" if "stand" in opts else opts[0]))
        assert game.cards[game.players[1].field[0]].dfn == dfn


def test_look_only_when_enough_nature_cards() -> None:
    """BP07-107 (Fanfare): a Naterran Great Tree may go onto the field or EX area; then, with
    5 自然 cards on your field and EX area together, look at the top 3 and a 自然 card may go
    to the hand; with fewer there is no look."""
    scripts = _lib("BP07-107")
    guide = _rec(scripts, "BP07-107", cost=2, atk=2, dfn=3, traits=("自然",))
    nat = CardRecord("N-1", "Nat", card_type="amulet", cost=1, traits=("自然",))
    top = CardRecord("N-2", "NatCard", card_type="spell", cost=1, traits=("自然",))
    for ex_cards, looked in ((2, True), (1, False)):
        game = position(
            hands=([guide], []),
            fields=([nat], []),
            ex=([nat] * ex_cards, []),
            decks=([top] * 3, []),
            pp=(2, 0),
            scripts=scripts,
        )
        _play_first(game)
        assert game.decision is not None
        game.apply(Choose("mode1"))  # the tree onto the field: guide, nat, tree + EX cards
        if looked:
            assert game.decision is not None
            assert game.decision.options[-1] == "done"
            game.apply(Choose(game.decision.options[0]))
            assert len(game.players[0].hand) == 1
        else:
            assert game.decision is None or game.decision.kind.name == "MAIN"
            assert game.players[0].hand == []


def test_reveal_six_followers_to_field_rest_to_hand() -> None:
    """CP01-080: shuffle, reveal the top 6; any number of ウマ娘 followers or amulets among
    them may enter the field; the rest go to the hand."""
    scripts = _lib("CP01-080")
    spell = _rec(scripts, "CP01-080", card_type="spell", cost=10)
    uma = CardRecord("U-1", "Uma", cost=3, attack=3, defense=3, traits=("ウマ娘",))
    other = CardRecord("O-1", "Other", card_type="spell", cost=1)
    game = position(
        hands=([spell], []),
        decks=([uma, uma, other, other, other, other, other], []),
        pp=(10, 0),
        scripts=scripts,
    )
    _play_first(game)
    taken = 0
    while game.decision is not None and game.decision.kind.name == "PICK":
        opts = [o for o in game.decision.options if o != "done"]
        if not opts:
            game.apply(Choose("done"))
            break
        game.apply(Choose(opts[0]))
        taken += 1
    on_field = [game.cards[u].base.card_id for u in game.players[0].field]
    assert on_field.count("U-1") == taken
    assert len(game.players[0].hand) == 6 - taken
    assert len(game.players[0].deck) == 1


def test_overflow_gates_the_whole_look() -> None:
    """BP06-066 (Fanfare): only with Overflow does it look at the top 5 (a dragon follower of
    cost 5 or more may go to the hand); without Overflow nothing is offered."""
    scripts = _lib("BP06-066")
    card = _rec(scripts, "BP06-066", cost=3)
    drake = CardRecord("D-1", "Drake", card_class="dragon", cost=6, attack=6, defense=6)
    for max_pp, looked in ((7, True), (6, False)):
        game = position(
            hands=([card], []),
            decks=([drake] * 5, []),
            pp=(3, 0),
            max_pp=(max_pp, 0),
            scripts=scripts,
        )
        _play_first(game)
        if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
            game.apply(Choose("stand"))
        offered = game.decision is not None and game.decision.kind.name == "PICK"
        assert offered is looked


def test_chosen_enemy_takes_more_damage_this_turn() -> None:
    """CP04-026 (engage it): the chosen enemy follower takes 2 more damage this turn (3
    becomes 5), and no more the next turn."""
    scripts = _lib("CP04-026")
    credit = _rec(scripts, "CP04-026", cost=4, atk=3, dfn=4)
    game = position(fields=([credit], [follower("E", 1, 1, 9)]), scripts=scripts)
    enemy = game.players[1].field[0]
    game.apply(Activate(game.players[0].field[0], 0))
    _pick_enemy(game)
    game.deal_damage(enemy, 3)
    assert game.cards[enemy].dfn == 4
    game.turn += 1
    game.deal_damage(enemy, 3)
    assert game.cards[enemy].dfn == 1


def test_return_another_card_for_a_buff() -> None:
    """BP01-002 (Fanfare): you may return another card of yours to the hand for +1/+1; with
    no other card on the field nothing is offered."""
    scripts = _lib("BP01-002")
    elf = _rec(scripts, "BP01-002", cost=2, atk=2, dfn=2)
    for others, buffed in (([follower("A")], True), ([], False)):
        game = position(hands=([elf], []), fields=(others, []), pp=(2, 0), scripts=scripts)
        _play_first(game)
        if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
            game.apply(Choose("stand"))
        if buffed:
            assert game.decision is not None
            game.apply(Choose("pay"))
            game.apply(Choose(game.decision.options[0]))
        uid = game.players[0].field[-1]
        assert game.cards[uid].atk == (3 if buffed else 2)
        assert len(game.players[0].hand) == (1 if buffed else 0)


def test_mode_puts_a_named_card_from_hand_onto_field() -> None:
    """BP08-021 mode 2: you may put Durandal from your hand onto the field (not a play: no
    PP is paid); another card in hand is not offered."""
    scripts = _lib("BP08-021")
    roland = _rec(scripts, "BP08-021", cost=4, atk=3, dfn=4)
    durandal = CardRecord("DU-1", "不滅の聖剣・デュランダル", card_type="amulet", cost=3)
    other = CardRecord("O-1", "Other", card_type="amulet", cost=1)
    game = position(hands=([roland, durandal, other], []), pp=(4, 0), scripts=scripts)
    _play_first(game)
    if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
        game.apply(Choose("stand"))
    game.apply(Choose("mode2"))
    d = game.decision
    assert d is not None
    dur_uid = next(u for u in game.players[0].hand if game.cards[u].base.card_id == "DU-1")
    assert d.options == [str(dur_uid), "done"]
    game.apply(Choose(str(dur_uid)))
    assert dur_uid in game.players[0].field
    assert game.players[0].pp == 0


def test_arcana_spell_to_ex_and_end_phase_from_ex() -> None:
    """BP10-043: 2 damage to the enemy leader; with 《愚者》・リンクル on your field it goes
    into the EX area instead of the graveyard, cannot be played from there, and deals 1 to
    the enemy leader in each of your end phases while there. Without her it goes to the
    graveyard."""
    scripts = _lib("BP10-043")
    spell = _rec(scripts, "BP10-043", card_type="spell")
    linkle = CardRecord("LK-1", "《愚者》・リンクル", cost=2, attack=2, defense=2)
    game = position(hands=([spell], []), fields=([linkle], []), pp=(1, 0), scripts=scripts)
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    assert game.players[1].hp == 18
    assert game.players[0].ex == [uid]
    game.players[0].pp = 5
    assert Play(uid) not in game.legal_actions()
    game.apply(End())
    assert game.players[1].hp == 17
    plain = position(hands=([spell], []), pp=(1, 0), scripts=scripts)
    uid = plain.players[0].hand[0]
    plain.apply(Play(uid))
    assert plain.players[0].ex == []
    assert plain.players[0].grave == [uid]
    plain.apply(End())
    assert plain.players[1].hp == 18


def test_arcana_draw_and_discard_from_ex() -> None:
    """BP10-047 in the EX area: in your end phase draw 1, then discard 1; in the hand it
    does nothing at the end phase."""
    scripts = _lib("BP10-047")
    spell = _rec(scripts, "BP10-047", card_type="spell")
    game = position(ex=([spell], []), scripts=scripts)
    game.apply(End())
    assert game.decision is not None
    assert game.decision.kind.name == "PICK"
    game.apply(Choose(game.decision.options[0]))
    assert len(game.players[0].grave) == 1
    held = position(hands=([spell], []), scripts=scripts)
    held.apply(End())
    assert held.players[0].grave == []


def test_strike_counts_leader_defense_losses() -> None:
    """BP05-069 (Strike): damage to the enemy leader equal to the times your leader's
    defense went down this turn (twice: 2; none: 0), and +2/+2 when your leader then has
    exactly 7 defense (not with 8)."""
    scripts = _lib("BP05-069")
    vanarek = _rec(scripts, "BP05-069", atk=2, dfn=2)
    for hits, start, atk in ((2, 11, 4), (0, 8, 2)):
        extra = hits
        game = position(fields=([vanarek], []), hp=(start, 20), scripts=scripts)
        for _ in range(hits):
            _hit_leader(game, 2)
        uid = game.players[0].field[0]
        game.apply(Attack(uid, LEADER))
        assert game.cards[uid].atk == atk
        assert game.players[1].hp == 20 - extra - atk


def test_keyword_choice_after_another_party_card() -> None:
    """BP14-043 (Fanfare): if you played another 宴楽 card this turn, choose Storm or Drain;
    otherwise (or when only this card was played) no choice and no keyword."""
    scripts = _lib("BP14-043")
    mage = _rec(scripts, "BP14-043", cost=3, atk=3, dfn=3, traits=("宴楽",))
    party = CardRecord("PA-1", "Party", card_type="spell", cost=0, traits=("宴楽",))
    for first, chose in ((party, True), (None, False)):
        hand = [mage, first] if first is not None else [mage]
        game = position(hands=(hand, []), pp=(3, 0), scripts=scripts)
        mage_uid = game.players[0].hand[0]
        if first is not None:
            game.apply(Play(game.players[0].hand[1]))
        game.apply(Play(mage_uid))
        if chose:
            assert game.decision is not None
            assert game.decision.options == ["mode1", "mode2"]
            game.apply(Choose("mode2"))
            assert "drain" in game.cards[mage_uid].keywords
        else:
            assert game.decision is None or game.decision.kind.name == "MAIN"
            assert game.cards[mage_uid].keywords == ()


def test_vehicle_card_entering_draws_then_discards() -> None:
    """BP11-048: in your turn, once per turn, when a 乗物 card (an amulet here) enters your
    field, draw 1 then discard 1; another amulet does nothing."""
    scripts = _lib("BP11-048")
    deputy = _rec(scripts, "BP11-048", cost=2)
    ride = CardRecord("R-1", "Ride", card_type="amulet", cost=0, traits=("乗物",))
    plain = CardRecord("R-2", "Plain", card_type="amulet", cost=0)
    for rec, drew in ((ride, True), (plain, False)):
        game = position(fields=([deputy], []), hands=([rec], []), scripts=scripts)
        _play_first(game)
        if drew:
            assert game.decision is not None
            assert game.decision.kind.name == "PICK"
            game.apply(Choose(game.decision.options[0]))
            assert len(game.players[0].grave) == 1
        else:
            assert game.players[0].grave == []
            assert game.players[0].hand == []


def test_banish_zone_count_gives_storm() -> None:
    """CP03-048 (Fanfare): Storm with 5 cards in your banish zone, not with 4."""
    scripts = _lib("CP03-048")
    card = _rec(scripts, "CP03-048", cost=2)
    junk = CardRecord("J-1", "Junk", card_type="spell", cost=1)
    for n, storm in ((5, True), (4, False)):
        game = position(hands=([card], []), pp=(2, 0), scripts=scripts)
        for _ in range(n):
            add_card(game, 0, junk, Zone.BANISH)
        _play_first(game)
        uid = game.players[0].field[0]
        assert ("storm" in game.cards[uid].keywords) is storm


def test_reveal_two_cost_two_cards_as_a_cost() -> None:
    """BP18-082: engage it and reveal 2 cards of original cost 2 from your hand (they stay
    there) for 4 damage to an enemy follower; with only one such card it is not offered."""
    scripts = _lib("BP18-082")
    snake = _rec(scripts, "BP18-082", cost=3)
    two = CardRecord("T-2", "Two", card_type="spell", cost=2)
    three = CardRecord("T-3", "Three", card_type="spell", cost=3)
    game = position(
        fields=([snake], [follower("E", 1, 1, 5)]), hands=([two, two], []), scripts=scripts
    )
    uid = game.players[0].field[0]
    assert Activate(uid, 0) in game.legal_actions()
    game.apply(Activate(uid, 0))
    _pick_enemy(game)
    assert game.cards[game.players[1].field[0]].dfn == 1
    assert len(game.players[0].hand) == 2
    short = position(
        fields=([snake], [follower("E", 1, 1, 5)]), hands=([two, three], []), scripts=scripts
    )
    assert Activate(short.players[0].field[0], 0) not in short.legal_actions()


def _hurt_by_spell(scripts: Scripts, n: int) -> CardRecord:
    """A synthetic 0-cost spell of yours that deals ``n`` damage to your own leader."""
    scripts.add(CardScript("X-HURT", (Ability(Trigger.SPELL, (Damage(n, "own_leader"),)),)))
    return CardRecord("X-HURT", "Hurt", card_type="spell", cost=0)


def test_leader_hurt_modes_once_each_per_turn() -> None:
    """BP13-073: in your turn, each time your leader's defense goes down choose a mode not
    chosen this turn: after Storm is chosen the next time only modes 1 and 2 are offered
    (mode 1 deals the times hurt this turn, 2, to an enemy follower); in the opponent's turn
    nothing happens."""
    scripts = _lib("BP13-073")
    laura = _rec(scripts, "BP13-073", cost=3)
    hurt = _hurt_by_spell(scripts, 1)
    game = position(
        fields=([OnField(laura, new=True)], [follower("E", 1, 1, 5)]),
        hands=([hurt, hurt], []),
        scripts=scripts,
    )
    uid = game.players[0].field[0]
    _play_first(game)
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2", "mode3"]
    game.apply(Choose("mode3"))
    assert "storm" in game.cards[uid].keywords
    _play_first(game)
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2"]
    game.apply(Choose("mode1"))
    _pick_enemy(game)
    assert game.cards[game.players[1].field[0]].dfn == 3
    theirs = position(active=1, fields=([laura], []), scripts=scripts)
    theirs.deal_damage(-2, 1)
    theirs.decision = None
    theirs._run()  # the waiting ability finds it is not your turn and does nothing
    assert theirs.decision is not None
    assert theirs.decision.kind.name == "MAIN"
    assert theirs.pending == []


def test_divided_damage_grows_with_the_enemy_graveyard() -> None:
    """BP08-028: choose any number of enemy followers and divide 4 damage among them; 8
    instead with 10 cards in the opponent's graveyard; with 20, 8 more to their leader."""
    scripts = _lib("BP08-028")
    spell = _rec(scripts, "BP08-028", card_type="spell", cost=3)
    junk = CardRecord("J-1", "Junk", card_type="spell", cost=1)
    for grave, dealt, leader in ((0, 4, 20), (10, 8, 20), (20, 8, 12)):
        game = position(
            hands=([spell], []), fields=([], [follower("E", 1, 1, 9)]), pp=(3, 0), scripts=scripts
        )
        for _ in range(grave):
            add_card(game, 1, junk, Zone.GRAVE)
        _play_first(game)
        assert game.decision is not None
        game.apply(Choose(game.decision.options[0]))  # the only enemy follower
        while game.decision is not None and game.decision.kind.name != "MAIN":
            game.apply(Choose(game.decision.options[0]))
        assert game.cards[game.players[1].field[0]].dfn == 9 - dealt
        assert game.players[1].hp == leader


def test_grant_from_the_ex_area() -> None:
    """BP13-003: while it is in the EX area (or on the field) your 妖精 token followers have
    Rush; from the hand it gives nothing, and it cannot be played from the EX area."""
    scripts = _lib("BP13-003")
    aria = _rec(scripts, "BP13-003", cost=3, atk=3, dfn=3)
    fairy = CardRecord(
        "F-T", "F", card_type="token_follower", cost=1, attack=1, defense=1, traits=("妖精",)
    )
    for zone, rush in (("ex", True), ("hand", False)):
        game = position(
            fields=([OnField(fairy, new=True)], []),
            ex=([aria], []) if zone == "ex" else ([], []),
            hands=([aria], []) if zone == "hand" else ([], []),
            pp=(5, 0),
            scripts=scripts,
        )
        tok = game.players[0].field[0]
        game.cards[tok].token = True
        game.statics_dirty = True
        game._rule_processing()
        assert ("rush" in game.cards[tok].keywords) is rush
        if zone == "ex":
            assert Play(game.players[0].ex[0]) not in game.legal_actions()


def test_heal_by_the_destroyed_followers_attack() -> None:
    """BP02-072 (an evolved card; On Evolve): destroy an enemy follower, then your leader
    gets + its attack (its last value on the field, CR 10.11.1)."""
    scripts = _lib("BP02-072")
    base = CardRecord("X-SD", "SD", cost=4, attack=6, defense=5)
    evo = _rec(scripts, "BP02-072", card_type="evolved_follower", cost=4, atk=7, dfn=6, name="SD")
    for foe_atk in (4, 1):
        game = position(
            fields=([base], [follower("E", 3, foe_atk, 5)]),
            evolve=([evo], []),
            ep=(1, 0),
            pp=(5, 0),
            hp=(10, 20),
            scripts=scripts,
        )
        game.apply(Evolve(game.players[0].field[0], ep=True))
        _pick_enemy(game)
        assert game.players[1].field == []
        assert game.players[0].hp == 10 + foe_atk


def test_attack_plus_the_ex_area_size() -> None:
    """BP02-014 (Fanfare): +X attack, X being the cards in your EX area (2 here, 0 without)."""
    scripts = _lib("BP02-014")
    card = _rec(scripts, "BP02-014", cost=3, atk=2, dfn=3)
    junk = CardRecord("J-1", "Junk", card_type="spell", cost=1)
    for n in (2, 0):
        game = position(hands=([card], []), ex=([junk] * n, []), pp=(3, 0), scripts=scripts)
        _play_first(game)
        if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
            game.apply(Choose("stand"))
        assert game.cards[game.players[0].field[0]].atk == 2 + n


def test_attack_per_fairy_tokens_on_field_and_ex() -> None:
    """BP06-007 (Fanfare): +X attack for the 妖精 tokens on your field and in your EX area
    together (one of each: +2; a 妖精 card that is not a token does not count)."""
    scripts = _lib("BP06-007")
    dragon = _rec(scripts, "BP06-007", cost=4, atk=2, dfn=4)
    fairy = CardRecord(
        "F-T", "F", card_type="token_follower", cost=1, attack=1, defense=1, traits=("妖精",)
    )
    plain = CardRecord("F-P", "P", cost=1, attack=1, defense=1, traits=("妖精",))
    game = position(
        hands=([dragon], []),
        fields=([fairy, plain], []),
        ex=([fairy], []),
        pp=(4, 0),
        scripts=scripts,
    )
    game.cards[game.players[0].field[0]].token = True
    game.cards[game.players[0].ex[0]].token = True
    _play_first(game)
    if game.decision is not None and game.decision.kind.name == "WARD_ENTER":
        game.apply(Choose("stand"))
    assert game.cards[game.players[0].field[-1]].atk == 4


def test_engaging_makes_the_opponent_discard() -> None:
    """BP11-069: when it becomes engaged (by attacking) the opponent chooses and discards a
    card from their hand; with an empty hand nothing is asked."""
    scripts = _lib("BP11-069")
    ruler = _rec(scripts, "BP11-069", cost=4, atk=4, dfn=4)
    junk = CardRecord("J-1", "Junk", card_type="spell", cost=9)
    for hand in (2, 0):
        game = position(fields=([ruler], []), hands=([], [junk] * hand), scripts=scripts)
        game.apply(Attack(game.players[0].field[0], LEADER))
        if hand:
            assert game.decision is not None
            assert game.decision.player == 1
            assert game.decision.kind.name == "PICK"
            game.apply(Choose(game.decision.options[0]))
        assert len(game.players[1].hand) == max(0, hand - 1)
        assert len(game.players[1].grave) == (1 if hand else 0)


def test_named_follower_shielded_from_the_next_damage() -> None:
    """BP17-062 (engage it, put it into the graveyard): the chosen named follower takes no
    damage the next time this turn; the time after it does."""
    scripts = _lib("BP17-062")
    spear = _rec(scripts, "BP17-062", card_type="amulet", cost=2)
    rowen = CardRecord("RW-1", "竜槍の戦士・ローウェン", cost=3, attack=3, defense=5)
    game = position(fields=([spear, rowen], []), scripts=scripts)
    spear_uid, rowen_uid = game.players[0].field
    game.apply(Activate(spear_uid, 0))
    if game.decision is not None and game.decision.kind.name == "TARGET":
        game.apply(Choose(game.decision.options[0]))
    game.deal_damage(rowen_uid, 3)
    assert game.cards[rowen_uid].dfn == 5
    game.deal_damage(rowen_uid, 3)
    assert game.cards[rowen_uid].dfn == 2


def test_other_card_into_ex_as_a_cost() -> None:
    """CP04-016 (Fanfare): you may put another card of yours into the EX area to engage an
    enemy follower; with no other card nothing is offered."""
    scripts = _lib("CP04-016")
    nebia = _rec(scripts, "CP04-016", cost=2)
    for others, paid in (([amulet("M1")], True), ([], False)):
        game = position(
            hands=([nebia], []),
            fields=(others, [follower("E", 1, 1, 5)]),
            pp=(2, 0),
            scripts=scripts,
        )
        _play_first(game)
        if paid:
            assert game.decision is not None
            game.apply(Choose("pay"))
            game.apply(Choose(game.decision.options[0]))
            _pick_enemy(game)
            assert len(game.players[0].ex) == 1
        assert game.cards[game.players[1].field[0]].engaged is paid


def test_hand_card_into_ex_as_a_cost() -> None:
    """BP14-118 (Fanfare): you may put a 宴楽 card from your hand into the EX area to draw 1;
    then +1/+1 with 3 宴楽 cards in the EX area. Without a 宴楽 card in hand nothing
    happens."""
    scripts = _lib("BP14-118")
    guide = _rec(scripts, "BP14-118", cost=2)
    party = CardRecord("PA-1", "Party", card_type="spell", cost=5, traits=("宴楽",))
    game = position(hands=([guide, party], []), ex=([party, party], []), pp=(2, 0), scripts=scripts)
    _play_first(game)
    assert game.decision is not None
    game.apply(Choose("pay"))
    game.apply(Choose(game.decision.options[0]))
    assert len(game.players[0].ex) == 3
    assert len(game.players[0].hand) == 1
    assert game.cards[game.players[0].field[0]].atk == 3
    plain = position(hands=([guide, follower("H", 9)], []), pp=(2, 0), scripts=scripts)
    _play_first(plain)
    assert plain.decision is None or plain.decision.kind.name == "MAIN"
    assert len(plain.players[0].hand) == 1


def test_up_to_two_from_hand_onto_the_field() -> None:
    """BP17-098 (Fanfare): after the look, up to 2 機械 followers of cost 2 or less may be
    put from the hand onto the field, one at a time."""
    scripts = _lib("BP17-098")
    finger = _rec(scripts, "BP17-098", cost=3)
    bot = CardRecord("MB-1", "Bot", cost=2, attack=2, defense=2, traits=("機械",))
    game = position(hands=([finger, bot, bot, bot], []), decks=(5, 5), pp=(3, 0), scripts=scripts)
    _play_first(game)
    while game.decision is not None and game.decision.kind.name == "PICK":
        opts = [o for o in game.decision.options if o != "done"]
        if not opts or game.cards[int(opts[0])].base.card_id != "MB-1":
            game.apply(Choose("done"))
            continue
        game.apply(Choose(opts[0]))
    bots = [u for u in game.players[0].field if game.cards[u].base.card_id == "MB-1"]
    assert len(bots) == 2
    assert len(game.players[0].hand) == 1


def test_instead_a_bigger_buff() -> None:
    """BP03-059 (engage it): +5 attack, or +10 instead with Overflow (not both)."""
    scripts = _lib("BP03-059")
    drake = _rec(scripts, "BP03-059", cost=3, atk=0, dfn=5)
    for max_pp, atk in ((7, 10), (6, 5)):
        game = position(fields=([drake], []), max_pp=(max_pp, 0), scripts=scripts)
        uid = game.players[0].field[0]
        game.apply(Activate(uid, 0))
        assert game.cards[uid].atk == atk


def test_ex_area_condition_and_damage_by_a_count() -> None:
    """BP11-096: 4 damage to an enemy follower and 1 to its leader only with a 荒野 card in
    your EX area. BP08-116 (On Evolve): damage to an enemy follower equal to the cards in
    your EX area (3 here)."""
    scripts = _lib("BP11-096", "BP08-116")
    spell = _rec(scripts, "BP11-096", card_type="spell", cost=2)
    wild = CardRecord("W-1", "Wild", card_type="spell", cost=9, traits=("荒野",))
    for ex, leader in (([wild], 19), ([], 20)):
        game = position(
            hands=([spell], []),
            ex=(ex, []),
            fields=([], [follower("E", 1, 1, 9)]),
            pp=(2, 0),
            scripts=scripts,
        )
        _play_first(game)
        _pick_enemy(game)
        assert game.cards[game.players[1].field[0]].dfn == 5
        assert game.players[1].hp == leader
    base = CardRecord("X-B", "B", cost=3, attack=2, defense=2)
    evo = _rec(scripts, "BP08-116", card_type="evolved_follower", cost=3, atk=4, dfn=4, name="B")
    game = position(
        fields=([base], [follower("E", 1, 1, 9)]),
        evolve=([evo], []),
        ex=([wild] * 3, []),
        ep=(1, 0),
        pp=(3, 0),
        scripts=scripts,
    )
    game.apply(Evolve(game.players[0].field[0], ep=True))
    _pick_enemy(game)
    assert game.cards[game.players[1].field[0]].dfn == 6


def test_necrocharge_keywords() -> None:
    """BP02-087: Rush and Bane while 7 or more cards are in your graveyard, not with 6."""
    scripts = _lib("BP02-087")
    card = _rec(scripts, "BP02-087", cost=3)
    junk = CardRecord("J-1", "Junk", card_type="spell", cost=1)
    for n, has in ((7, True), (3, False)):  # its Fanfare mills 3 more
        game = position(hands=([card], []), decks=(10, 10), pp=(3, 0), scripts=scripts)
        for _ in range(n - 3 if has else 3):
            add_card(game, 0, junk, Zone.GRAVE)
        _play_first(game)
        uid = game.players[0].field[0]
        assert ("bane" in game.cards[uid].keywords) is has


def test_draw_then_banish_from_hand() -> None:
    """BP18-043 (Fanfare): draw 3, then banish 2 cards of your choice from your hand (to the
    banish zone, not the graveyard)."""
    scripts = _lib("BP18-043")
    card = _rec(scripts, "BP18-043", cost=2)
    game = position(hands=([card], []), decks=(5, 5), pp=(2, 0), scripts=scripts)
    _play_first(game)
    for _ in range(2):
        assert game.decision is not None
        assert game.decision.kind.name == "PICK"
        game.apply(Choose(game.decision.options[0]))
    assert len(game.players[0].hand) == 1
    assert len(game.players[0].banish) == 2
    assert game.players[0].grave == []


# --- BP03-109 カオティックエンジェル and taking control ------------------------------------------

CHAOTIC = CardRecord("BP03-109", "カオティックエンジェル", card_class="neutral", cost=7,
                     attack=5, defense=5, traits=("天使", "堕天使"))  # fmt: skip
FALLEN = CardRecord("X-Fallen", "Fallen", cost=1, attack=1, defense=1, traits=("堕天使",))


def _chaotic(fallen: int) -> tuple[State, int, int]:
    scripts = _lib("BP03-109")
    game = position(
        fields=([scripts.record(CHAOTIC)], [OnField(follower("Ogre", 4, 4, 4), engaged=True)]),
        scripts=scripts, log=True,
    )  # fmt: skip
    for _ in range(fallen):
        add_card(game, 0, FALLEN, Zone.GRAVE)
    return game, game.players[0].field[0], game.players[1].field[0]


@pytest.mark.parametrize(("fallen", "offered"), [(3, True), (2, False)])
def test_chaotic_angel_steals_for_three_fallen_angels(fallen: int, offered: bool) -> None:
    """BP03-109 Act (banish 3 堕天使 cards from the graveyard): an enemy follower comes to
    your field standing, still its owner's; it cannot attack this turn (it came under your
    control this turn); once per turn; with 2 such cards it is not offered."""
    game, angel, ogre = _chaotic(fallen)
    assert (Activate(angel, 0) in game.legal_actions()) is offered
    if not offered:
        return
    game.apply(Activate(angel, 0))
    while game.decision is not None and game.decision.kind is Kind.PICK:
        game.apply(Choose(game.decision.options[0]))  # the graveyard cards to banish
    game.apply(Choose(str(ogre)))
    card = game.cards[ogre]
    assert ogre in game.players[0].field
    assert ogre not in game.players[1].field
    assert (card.controller, card.owner, card.engaged) == (0, 1, False)
    assert not any(isinstance(a, Attack) and a.uid == ogre for a in game.legal_actions())
    assert Activate(angel, 0) not in game.legal_actions()  # once per turn
    assert game.log is not None
    assert any(e["ev"] == "control" and e["uid"] == ogre and e["player"] == 0 for e in game.log)
    game.destroy([ogre])
    assert ogre in game.players[1].grave  # back to its owner's zone


def test_a_stolen_follower_moves_sides_in_the_replay() -> None:
    """The replay reads a control event: the card leaves one side's field for the other's."""
    from analytics.replay import build_replay

    counts = {"hp": [20, 20], "pp": [0, 0], "max_pp": [0, 0], "ep": [0, 0], "sep": [0, 0],
              "hand": [0, 0], "deck": [0, 0], "field": [0, 1], "ex": [0, 0], "grave": [0, 0],
              "banish": [0, 0], "evolve_deck": [0, 0]}  # fmt: skip
    moved = {**counts, "field": [1, 0]}
    events = [
        {"i": 0, "turn": 1, "active": 0, "ev": "game_start", "first": 0, "seed": 0, "s": counts},
        {"i": 1, "turn": 1, "active": 1, "ev": "enter", "player": 1, "uid": 5,
         "card": "X-Ogre", "token": False, "s": counts},
        {"i": 2, "turn": 2, "active": 0, "ev": "control", "player": 0, "uid": 5,
         "card": "X-Ogre", "s": moved},
    ]  # fmt: skip
    replay = build_replay(events, lambda cid: None)
    last = replay.steps[-1]
    assert [c.uid for c in last.sides[0].field] == [5]
    assert not last.sides[1].field
    assert any("takes control of" in line for step in replay.steps for line in step.details)
