"""Title (collaboration) cards: Cinderella Girls Lessons and Magic Items (CR 14.3),
Princess Connect cards (CR 14.5) and the other title cards modelled by hand or by the
compiler.

Each test plays the committed encoding of a real card (by code) in a set-up position and
checks what a player would see happen, with the rule both met and not met. No card text is
used here.
"""

from __future__ import annotations

from engine.cards import CardRecord
from engine.sve import LEADER, Activate, Attack, Choose, Evolve, Play
from engine.sve.actions import END
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.selectors import MAGIC_ITEM, magic_items
from engine.sve.effects.stats import COUNTER_PREFIX, Buff
from engine.sve.effects.zones import DiscardCards
from engine.sve.library import tokens
from engine.sve.position import OnField, add_card, follower, position
from engine.sve.state import DeckSpec, State, new_game
from tests.engine.library_cards import library_record as _rec
from tests.engine.library_cards import library_scripts as _lib

CG = "cinderella_girls"


ITEM = CardRecord(
    "CP02-T01", MAGIC_ITEM, card_class="neutral", card_type="token_spell", cost=4,
    traits=("デレマス",),
)  # fmt: skip
"""A Magic Item token (CR 14.3.1) with the library's script of its first printing."""


def test_cinderella_title_deck_starts_with_five_magic_items() -> None:
    """CR 14.3.1.2: a deck built on the Cinderella Girls title starts with 5 Magic Items in
    its EX area; a deck with other cards in it starts with none."""
    cg = CardRecord("CG-1", "Idol", cost=2, attack=2, defense=2, title=CG)
    plain = CardRecord("X-1", "Plain", cost=2, attack=2, defense=2)
    game = new_game(DeckSpec(main=[cg] * 40), DeckSpec(main=[cg] * 39 + [plain]), seed=3)
    assert len(magic_items(game, 0)) == 5
    assert all(game.cards[u].base.name == MAGIC_ITEM for u in game.players[0].ex)
    assert magic_items(game, 1) == []
    assert game.players[1].ex == []


def test_magic_item_is_played_from_the_ex_area() -> None:
    """A Magic Item (a spell token, cost 4) is played from the EX area: the leader gets +1
    defense and its player draws 1; with 3 PP it cannot be played."""
    scripts = _lib("CP02-T01")
    game = position(ex=([ITEM], []), pp=(4, 0), hp=(15, 20), scripts=scripts)
    item = game.players[0].ex[0]
    game.cards[item].token = True  # created by the rules, not a deck card (CR 9.1)
    assert Play(item) in game.legal_actions()
    hand = len(game.players[0].hand)
    game.apply(Play(item))
    assert game.players[0].hp == 16
    assert len(game.players[0].hand) == hand + 1
    assert game.players[0].ex == []
    assert item not in game.players[0].grave  # a token is gone
    game = position(ex=([ITEM], []), pp=(3, 0), scripts=scripts)
    assert Play(game.players[0].ex[0]) not in game.legal_actions()


def test_lesson_cost_of_minami_engages_and_freezes() -> None:
    """ECP02-004 (Act, Lesson 1, engage this: engage an enemy follower; it does not stand
    in its next start phase): with a Magic Item it banishes one and engages the enemy; with
    none the ability cannot be played (CR 14.3.2.1, CR 10.6.2.1.2)."""
    scripts = _lib("ECP02-004", "CP02-T01")
    minami = _rec(scripts, "ECP02-004", cost=3, atk=3, dfn=3, traits=("デレマス", "クール"))
    enemy = follower("E", 3, 3, 3)
    game = position(fields=([minami], [enemy]), ex=([ITEM, ITEM], []), pp=(0, 0), scripts=scripts)
    me = game.players[0].field[0]
    target = game.players[1].field[0]
    act = Activate(me, 0)
    assert act in game.legal_actions()
    game.apply(act)
    assert game.decision is not None
    game.apply(Choose(str(target)))
    assert game.cards[me].engaged
    assert game.cards[target].engaged
    assert len(magic_items(game, 0)) == 1
    assert len(game.players[0].banish) == 1
    counters = game.cards[target].counters or {}
    assert counters.get("skip_stand")
    game = position(fields=([minami], [enemy]), pp=(5, 0), scripts=scripts)
    assert not any(isinstance(a, Activate) for a in game.legal_actions())


def test_lesson_two_fanfare_of_rin_is_optional() -> None:
    """ECP02-012 (Fanfare: you may Lesson 2 to deal damage equal to your Cool followers to
    an enemy follower): paying takes 2 Magic Items and deals 2 (Rin and one ally); with one
    Magic Item the cost is not offered and nothing happens."""
    scripts = _lib("ECP02-012", "CP02-T01")
    rin = _rec(scripts, "ECP02-012", cost=2, atk=2, dfn=1, traits=("デレマス", "クール"))
    cool = CardRecord("X-C", "C", cost=1, attack=1, defense=1, traits=("デレマス", "クール"))
    enemy = follower("E", 3, 3, 5)
    game = position(
        hands=([rin], []), fields=([cool], [enemy]), ex=([ITEM] * 3, []), pp=(2, 0),
        scripts=scripts,
    )  # fmt: skip
    target = game.players[1].field[0]
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    game.apply(Choose(str(target)))
    assert game.cards[target].dfn == 3
    assert len(magic_items(game, 0)) == 1
    game = position(
        hands=([rin], []), fields=([cool], [enemy]), ex=([ITEM], []), pp=(2, 0),
        scripts=scripts,
    )  # fmt: skip
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert game.cards[game.players[1].field[0]].dfn == 5
    assert len(magic_items(game, 0)) == 1
    assert game.cards[game.players[0].ex[0]].zone is Zone.EX


def _saren_game(hp: int) -> tuple[State, list[int]]:
    scripts = _lib("CP04-091", "CP04-PR26")
    saren = _rec(
        scripts, "CP04-091", cost=5, atk=3, dfn=3, traits=("プリコネ", "サレンディア救護院")
    )
    deck = [
        CardRecord(f"S-{c}", f"S{c}", cost=c, attack=1, defense=1, traits=("サレンディア救護院",))
        for c in (1, 2, 3)
    ]
    game = position(hands=([saren], []), decks=(deck, 5), pp=(5, 0), hp=(hp, 20), scripts=scripts)
    return game, list(game.players[0].deck)


def test_saren_searches_followers_within_a_total_cost() -> None:
    """CP04-091 (Fanfare: choose one, up to two at leader defense 10 or less: equip
    Glorious Feather, or find up to 2 Salendia followers whose original costs total 3 or
    less): at 10 defense both modes run; after a cost-2 follower only the cost-1 one fits
    the total, so the cost-3 one is not offered."""
    game, deck = _saren_game(10)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2"]
    game.apply(Choose("mode1"))
    assert game.decision is not None
    assert game.decision.options == ["mode2", "done"]
    game.apply(Choose("mode2"))
    one, two, three = deck
    assert game.decision is not None
    assert sorted(game.decision.options) == sorted([str(one), str(two), str(three), "done"])
    game.apply(Choose(str(two)))
    assert game.decision is not None
    assert game.decision.options == [str(one), "done"]
    game.apply(Choose(str(one)))
    saren = next(u for u in game.players[0].field if game.cards[u].base.card_id == "CP04-091")
    assert game.cards[saren].eq  # Glorious Feather equipped
    assert {game.cards[u].base.cost for u in game.players[0].field} == {5, 1, 2}
    assert game.cards[three].zone is Zone.DECK


def test_saren_chooses_only_one_mode_above_ten_defense() -> None:
    """CP04-091 at 11 defense: one mode only; after the search no second mode is asked
    and nothing is equipped."""
    game, deck = _saren_game(11)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2"]
    game.apply(Choose("mode2"))
    assert game.decision is not None
    game.apply(Choose(str(deck[2])))  # the cost-3 one uses up the total
    saren = next(u for u in game.players[0].field if game.cards[u].base.card_id == "CP04-091")
    assert not game.cards[saren].eq
    assert len(game.players[0].field) == 2
    assert game.decision is None or game.decision.kind.name == "MAIN"


def _iliya_game(equipped: bool) -> tuple[State, int, int]:
    scripts = _lib("CP04-073", "CP04-PR25")
    iliya = _rec(scripts, "CP04-073", cost=2, traits=("プリコネ", "ディアボロス"))
    enemy = follower("E", 3, 3, 5)
    game = position(fields=([iliya], [enemy]), pp=(0, 0), hp=(10, 20), scripts=scripts)
    for i in range(5):
        add_card(game, 0, CardRecord(f"G-{i}", f"G{i}"), Zone.GRAVE)
    me = game.players[0].field[0]
    if equipped:
        game.equip(me, tokens()["CP04-PR25"])
    return game, me, game.players[1].field[0]


def _burst(game: State, me: int, target: int) -> None:
    game.apply(Activate(me, 0))
    while game.decision is not None and game.decision.kind.name == "PICK":
        game.apply(Choose(game.decision.options[0]))  # the 5 graveyard cards to banish
    game.apply(Choose(str(target)))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(Choose(game.decision.options[0]))


def test_nachtfang_burns_the_leader_when_iliya_damages_a_follower() -> None:
    """CP04-073 equipped with CP04-PR25 (the equipped follower has: when this deals ability
    damage to an enemy follower, 3 damage to the enemy leader): Iliya's Union Burst deals 3
    to a follower and the leader takes 3; without the equipment the leader takes none."""
    game, me, target = _iliya_game(equipped=True)
    _burst(game, me, target)
    assert game.cards[target].dfn == 2
    assert game.players[0].hp == 13
    assert game.players[1].hp == 17
    assert len(game.players[0].banish) == 5
    game, me, target = _iliya_game(equipped=False)
    _burst(game, me, target)
    assert game.cards[target].dfn == 2
    assert game.players[1].hp == 20


def test_iliya_fanfare_equips_nachtfang_for_two_pp() -> None:
    """CP04-073 (Fanfare: you may pay 2 PP to equip Nachtfang): with 4 PP (2 to play
    it) it is equipped; with only the 2 PP to play it, nothing is offered or equipped."""
    scripts = _lib("CP04-073", "CP04-PR25")
    iliya = _rec(scripts, "CP04-073", cost=2, traits=("プリコネ", "ディアボロス"))
    game = position(hands=([iliya], []), pp=(4, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    assert game.cards[game.players[0].field[0]].eq == ("CP04-PR25",)
    assert game.players[0].pp == 0
    game = position(hands=([iliya], []), pp=(2, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert game.cards[game.players[0].field[0]].eq == ()


def test_bracketed_group_trait_gives_grace_ward() -> None:
    """CP04-079 (has Ward while you have another 〈ジオ・ニヴルヘル〉 follower): the
    bracketed group name is one trait (its inner dot does not split it); with such an ally
    Grace has Ward, with an ally of another group she does not."""
    scripts = _lib("CP04-079")
    grace = _rec(
        scripts, "CP04-079", cost=1, atk=2, dfn=1, traits=("プリコネ", "〈ジオ・ニヴルヘル〉")
    )
    for group, ward in (("〈ジオ・ニヴルヘル〉", True), ("〈ジオ・ゲヘナ〉", False)):
        ally = CardRecord("X-A", "A", cost=1, attack=1, defense=1, traits=("プリコネ", group))
        game = position(hands=([grace], []), fields=([ally], []), pp=(1, 0), scripts=scripts)
        game.apply(Play(game.players[0].hand[0]))
        while game.decision is not None and game.decision.kind.name != "MAIN":
            game.apply(Choose(game.decision.options[0]))  # the discard
        uid = next(u for u in game.players[0].field if game.cards[u].base.card_id == "CP04-079")
        assert ("ward" in game.cards[uid].keywords) is ward


GEO = ("プリコネ", "〈ジオ・テオゴニア〉")


def test_croce_stores_battery_counters_up_to_seven() -> None:
    """CP04-115 (Union Burst Fanfare: battery counters equal to your PP maximum, at most 7
    on it): at 6 PP maximum it gets 6; at 9 it gets only 7."""
    scripts = _lib("CP04-115")
    croce = _rec(scripts, "CP04-115", cost=1, name="クローチェ", traits=GEO)
    for max_pp, want in ((6, 6), (9, 7)):
        game = position(hands=([croce], []), pp=(1, 0), max_pp=(max_pp, 0), scripts=scripts)
        game.apply(Play(game.players[0].hand[0]))
        counters = game.cards[game.players[0].field[0]].counters or {}
        assert counters.get(COUNTER_PREFIX + "battery") == want


def test_croce_pays_x_pp_and_counters_to_find_a_follower_of_cost_x() -> None:
    """CP04-115 (Act, engage this, X PP and X battery counters: find a Geo Theogonia
    follower of original cost X or less but not a Croce, onto the field): X is at most the
    PP there is; with X = 3 the cost-2 one is offered, the cost-4 one and another Croce not."""
    scripts = _lib("CP04-115")
    croce = _rec(scripts, "CP04-115", cost=1, name="クローチェ", traits=GEO)
    deck = [
        CardRecord("G-2", "G2", cost=2, attack=1, defense=1, traits=GEO),
        CardRecord("G-4", "G4", cost=4, attack=1, defense=1, traits=GEO),
        CardRecord("CP04-115", "クローチェ", cost=1, attack=2, defense=2, traits=GEO),
    ]
    game = position(fields=([croce], []), decks=(deck, 5), pp=(4, 0), scripts=scripts)
    me = game.players[0].field[0]
    game.add_counter(me, COUNTER_PREFIX + "battery", 6)
    two, four, other = game.players[0].deck
    game.apply(Activate(me, 0))
    assert game.decision is not None
    assert game.decision.options == ["4", "3", "2", "1", "0"]
    game.apply(Choose("3"))
    assert game.players[0].pp == 1
    assert (game.cards[me].counters or {}).get(COUNTER_PREFIX + "battery") == 3
    assert game.decision is not None
    assert game.decision.options == [str(two), "done"]
    game.apply(Choose(str(two)))
    assert two in game.players[0].field
    assert game.cards[four].zone is Zone.DECK
    assert game.cards[other].zone is Zone.DECK
    assert game.cards[me].engaged


def test_kyoka_lends_a_spell_from_the_graveyard_until_the_end_phase() -> None:
    """CP04-045 (Fanfare: a Princess Connect spell from your graveyard to your EX area; it
    has 'at your end phase, put this from the EX area into the graveyard'): the spell sits
    in the EX area during the turn and is back in the graveyard after the end phase; a
    spell of another title is not taken."""
    scripts = _lib("CP04-045")
    kyoka = _rec(scripts, "CP04-045", cost=2, traits=("プリコネ", "リトルリリカル"))
    pc_spell = CardRecord("P-S", "PS", card_type="spell", cost=9, traits=("プリコネ",))
    other = CardRecord("O-S", "OS", card_type="spell", cost=9, traits=("魔法",))
    game = position(hands=([kyoka], []), pp=(2, 0), scripts=scripts)
    spell = add_card(game, 0, pc_spell, Zone.GRAVE)
    plain = add_card(game, 0, other, Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == [str(spell)]
    game.apply(Choose(str(spell)))
    assert game.players[0].ex == [spell]
    assert plain in game.players[0].grave
    game.apply(END)
    while game.active == 0 and game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(Choose(game.decision.options[0]))
    assert game.players[0].ex == []
    assert spell in game.players[0].grave


def test_a_spell_put_into_the_ex_area_otherwise_stays() -> None:
    """Without Kyoka's given ability a card in the EX area stays there through the end
    phase (the mark, not the EX area, sends it back)."""
    game = position(ex=([CardRecord("P-S", "PS", card_type="spell", cost=9)], []))
    spell = game.players[0].ex[0]
    game.apply(END)
    assert game.players[0].ex == [spell]


def test_ranpha_cannot_choose_an_option_twice_in_a_turn() -> None:
    """CP04-075 (when another follower of yours uses a Union Burst ability: choose one, not
    an option this ability chose this turn: 2 damage to the enemy leader, or your leader
    +2): the first use offers both, the second only the other, the third nothing; on a new
    turn both are offered again."""
    burst = Ability(Trigger.ACTIVATED, (Buff(1),), union_burst=True)
    scripts = _lib("CP04-075")
    scripts.add(CardScript("X-U", (burst,)))
    ranpha = _rec(scripts, "CP04-075", cost=4, atk=3, dfn=5, traits=("プリコネ",))
    user = CardRecord("X-U", "U", cost=1, attack=1, defense=1)
    game = position(fields=([ranpha, user], []), hp=(10, 20), scripts=scripts)
    other = game.players[0].field[1]
    game.apply(Activate(other, 0))
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2"]
    game.apply(Choose("mode1"))
    assert game.players[1].hp == 18
    game.apply(Activate(other, 0))
    assert game.decision is not None
    assert game.decision.options == ["mode2"]
    game.apply(Choose("mode2"))
    assert game.players[0].hp == 12
    game.apply(Activate(other, 0))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert (game.players[0].hp, game.players[1].hp) == (12, 18)
    game.turn += 2  # a later turn of the same player
    game.apply(Activate(other, 0))
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2"]


def _romalonia_dies(with_charge: bool) -> State:
    scripts = _lib("DSD01b-001", "DSD01b-T01")
    roma = _rec(scripts, "DSD01b-001", cost=3, atk=1, dfn=3, traits=("武闘竜人",))
    enemy = OnField(follower("E", 5, 5, 5), engaged=True)
    game = position(fields=([roma], [enemy]), scripts=scripts)
    if with_charge:
        game.create_token(0, tokens()["DSD01b-T01"], "field")
        game.add_counter(game.players[0].field[-1], COUNTER_PREFIX + "雷", 4)
    game.apply(Attack(game.players[0].field[0], game.players[1].field[0]))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(Choose(game.decision.options[0]))
    return game


def test_romalonia_last_words_charges_or_creates_the_thunder_amulet() -> None:
    """DSD01b-001 (Last Words: with a 遺されし電撃 on your field, 1 thunder counter on each;
    without one, create one): dying with none on the field creates one; dying with one
    adds a counter to it and creates no other."""
    game = _romalonia_dies(with_charge=False)
    names = [game.cards[u].base.card_id for u in game.players[0].field]
    assert names == ["DSD01b-T01"]
    game = _romalonia_dies(with_charge=True)
    (amulet,) = game.players[0].field
    assert (game.cards[amulet].counters or {}).get(COUNTER_PREFIX + "雷") == 5


def test_thunder_amulet_counts_allies_and_unlocks_at_five() -> None:
    """DSD01b-T01 (a 武闘竜人 follower entering your field puts a thunder counter on it; its
    +2 attack act needs 5 counters): with 4 counters the act is not offered; a 武闘竜人
    follower entering makes 5 and it is; a follower without the trait adds none."""
    scripts = _lib("DSD01b-T01")
    fighter = CardRecord(
        "X-F", "F", card_class="dragon", cost=1, attack=1, defense=1, traits=("武闘竜人",)
    )
    plain = CardRecord("X-P", "P", cost=1, attack=1, defense=1)
    game = position(hands=([plain, fighter], []), pp=(2, 0), scripts=scripts)
    amulet = game.create_token(0, tokens()["DSD01b-T01"], "field")
    game.add_counter(amulet, COUNTER_PREFIX + "雷", 4)
    assert not any(isinstance(a, Activate) for a in game.legal_actions())
    plain_uid, fighter_uid = game.players[0].hand
    game.apply(Play(plain_uid))
    assert (game.cards[amulet].counters or {}).get(COUNTER_PREFIX + "雷") == 4
    game.apply(Play(fighter_uid))
    assert (game.cards[amulet].counters or {}).get(COUNTER_PREFIX + "雷") == 5
    assert Activate(amulet, 0) in game.legal_actions()
    assert Activate(amulet, 1) not in game.legal_actions()  # the 10-counter one


def test_nebia_puts_another_card_into_the_ex_area_to_engage() -> None:
    """CP04-016 (Fanfare: you may put another card of yours from the field into your EX
    area to engage an enemy follower): with an ally it is paid and the enemy is engaged;
    alone on the field nothing is offered and the enemy stays standing."""
    scripts = _lib("CP04-016")
    nebia = _rec(scripts, "CP04-016", cost=2, atk=3, dfn=2, traits=("プリコネ",))
    ally = CardRecord("X-A", "A", cost=1, attack=1, defense=1)
    enemy = follower("E", 2, 2, 2)
    game = position(hands=([nebia], []), fields=([ally], [enemy]), pp=(2, 0), scripts=scripts)
    friend = game.players[0].field[0]
    target = game.players[1].field[0]
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    assert game.decision is not None
    assert game.decision.options == [str(friend)]  # not Nebia herself
    game.apply(Choose(str(friend)))
    assert game.players[0].ex == [friend]
    game.apply(Choose(str(target)))
    assert game.cards[target].engaged
    game = position(hands=([nebia], []), fields=([], [enemy]), pp=(2, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert not game.cards[game.players[1].field[0]].engaged


def test_wurm_burns_the_leader_only_beside_a_cost_seven_follower() -> None:
    """CP04-066 (Union Burst Act, engage this: 3 damage to an enemy follower; if you have a
    follower of original cost 7 or more, 3 to its leader): with a cost-7 ally the enemy
    leader takes 3; with a cost-6 ally it takes none."""
    scripts = _lib("CP04-066")
    wurm = _rec(scripts, "CP04-066", cost=2, atk=3, dfn=2, traits=GEO)
    for cost, leader in ((7, 17), (6, 20)):
        big = CardRecord("X-B", "B", cost=cost, attack=1, defense=1)
        enemy = follower("E", 2, 2, 5)
        game = position(fields=([wurm, big], [enemy]), scripts=scripts)
        me, target = game.players[0].field[0], game.players[1].field[0]
        game.apply(Activate(me, 0))
        game.apply(Choose(str(target)))
        assert game.cards[target].dfn == 2
        assert game.players[1].hp == leader


def _kasumi_game(pc_in_hand: bool) -> tuple[State, list[int]]:
    scripts = _lib("CP04-116")
    kasumi = _rec(scripts, "CP04-116", cost=2, atk=1, dfn=3, traits=("プリコネ", "カォン"))
    extra = CardRecord("X-H", "H", cost=9, traits=("プリコネ",) if pc_in_hand else ())
    deck = [CardRecord(f"D-{i}", f"D{i}", cost=9) for i in range(5)]  # the last is on top
    game = position(hands=([kasumi, extra], []), decks=(deck, 5), pp=(2, 0), scripts=scripts)
    return game, list(game.players[0].deck)


def test_kasumi_arranges_the_top_of_the_deck() -> None:
    """CP04-116 (Fanfare: you may put a Princess Connect card from your hand into your EX
    area to look at the top 2 cards, put any on top in any order and the rest on the
    bottom): keeping the second card on top sends the top card to the bottom; sending
    both down asks their order, the last picked at the very bottom."""
    game, deck = _kasumi_game(pc_in_hand=True)
    hand_card = game.players[0].hand[1]
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    game.apply(Choose(str(hand_card)))
    assert game.players[0].ex == [hand_card]
    top, second = deck[-1], deck[-2]
    assert game.decision is not None
    assert sorted(game.decision.options) == sorted([str(top), str(second), "done"])
    game.apply(Choose(str(second)))
    assert game.decision is not None
    assert game.decision.options == [str(top), "done"]
    game.apply(Choose("done"))
    assert game.players[0].deck == [top, *deck[:3], second]
    game, deck = _kasumi_game(pc_in_hand=True)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("pay"))
    game.apply(Choose(str(game.players[0].hand[0])))
    top, second = deck[-1], deck[-2]
    game.apply(Choose("done"))
    assert game.decision is not None
    assert game.decision.options == sorted([str(top), str(second)], key=int)
    game.apply(Choose(str(second)))  # placed first; the top card goes under it
    assert game.players[0].deck == [top, second, *deck[:3]]


def test_kasumi_without_a_princess_connect_card_looks_at_nothing() -> None:
    """CP04-116 with no Princess Connect card in hand: the cost is not offered and the deck
    stays as it was."""
    game, deck = _kasumi_game(pc_in_hand=False)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert game.players[0].deck == deck
    assert game.players[0].ex == []


def test_arranged_top_cards_keep_the_order_picked() -> None:
    """CP01-070 (Fanfare: look at the top 3, any on top in any order, the rest at the
    bottom): the first card picked ends on top, the second under it, the last one left
    goes to the bottom without a question."""
    scripts = _lib("CP01-070")
    amulet = _rec(scripts, "CP01-070", card_type="amulet", cost=1)
    deck = [CardRecord(f"D-{i}", f"D{i}", cost=9) for i in range(5)]
    game = position(hands=([amulet], []), decks=(deck, 5), pp=(1, 0), scripts=scripts)
    before = list(game.players[0].deck)
    a, b, c = before[-1], before[-2], before[-3]
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(c)))
    game.apply(Choose(str(a)))
    game.apply(Choose("done"))
    assert game.players[0].deck == [b, *before[:2], a, c]
    assert game.decision is None or game.decision.kind.name == "MAIN"


def test_rei_strikes_harder_after_two_union_bursts() -> None:
    """CP04-080 (Union Burst Strike: +1 attack; if 2 or more of your Union Burst abilities
    went off this turn before it, +2 instead): after two it gets +2, after one +1."""
    scripts = _lib("CP04-080")
    rei = _rec(scripts, "CP04-080", cost=1, atk=1, dfn=2, traits=("プリコネ",))
    for before, attack in ((2, 3), (1, 2)):
        game = position(fields=([rei], []), scripts=scripts)
        p = game.players[0]
        p.burst_turn, p.bursts = game.turn, before
        me = p.field[0]
        game.apply(Attack(me, LEADER))
        while game.decision is not None and game.decision.kind.name != "MAIN":
            game.apply(Choose(game.decision.options[0]))
        assert game.cards[me].atk == attack
        assert game.players[1].hp == 20 - attack


def test_akino_deals_damage_equal_to_the_hand_size() -> None:
    """CP04-094 (Union Burst Act, engage this: up to 2 enemy followers take damage equal to
    the cards in your hand): with 3 cards in hand both chosen followers take 3; with an
    empty hand they take none."""
    scripts = _lib("CP04-094")
    akino = _rec(scripts, "CP04-094", cost=7, atk=6, dfn=6, traits=("プリコネ",))
    for hand, left in ((3, 2), (0, 5)):
        cards = [CardRecord(f"H-{i}", f"H{i}", cost=9) for i in range(hand)]
        enemies = [follower("E1", 2, 2, 5), follower("E2", 2, 2, 5)]
        game = position(hands=(cards, []), fields=([akino], enemies), scripts=scripts)
        me = game.players[0].field[0]
        one, two = game.players[1].field
        game.apply(Activate(me, 0))
        game.apply(Choose(str(one)))
        game.apply(Choose(str(two)))
        assert (game.cards[one].dfn, game.cards[two].dfn) == (left, left)


def test_rinde_readies_another_geo_theogonia_follower() -> None:
    """CP04-065 (Union Burst Act, engage this: another Geo Theogonia follower not named
    Rinde gets +1/+1 and stands, and cannot attack this turn): the engaged ally is chosen,
    stands with +1/+1 and has no attack; a second Rinde and a follower of another group
    are not offered."""
    scripts = _lib("CP04-065")
    rinde = _rec(scripts, "CP04-065", cost=2, atk=2, dfn=3, name="リンド", traits=GEO)
    ally = OnField(CardRecord("X-G", "G", cost=2, attack=2, defense=2, traits=GEO), engaged=True)
    twin = CardRecord("CP04-065", "リンド", cost=2, attack=2, defense=3, traits=GEO)
    stranger = CardRecord("X-S", "S", cost=2, attack=2, defense=2, traits=("プリコネ",))
    enemy = OnField(follower("E", 1, 1, 1), engaged=True)
    game = position(fields=([rinde, ally, twin, stranger], [enemy]), scripts=scripts)
    me, friend = game.players[0].field[0], game.players[0].field[1]
    game.apply(Activate(me, 0))
    assert game.decision is not None
    assert game.decision.options == [str(friend)]
    game.apply(Choose(str(friend)))
    card = game.cards[friend]
    assert not card.engaged
    assert (card.atk, card.dfn) == (3, 3)
    assert not any(isinstance(a, Attack) and a.uid == friend for a in game.legal_actions())


def test_labyrista_end_phase_needs_ten_attack_on_cost_one_followers() -> None:
    """CP04-022 (at your end phase, if your followers of original cost 1 have 10 or more
    attack in all, 2 damage to every enemy follower): 2 + 8 attack deals it, 2 + 7 does
    not; a cost-2 follower's attack does not count."""
    scripts = _lib("CP04-022")
    laby = _rec(scripts, "CP04-022", cost=1, atk=2, dfn=2, traits=("プリコネ",))
    big2 = CardRecord("X-2", "Two", cost=2, attack=5, defense=5)
    for atk, left in ((8, 1), (7, 3)):
        ally = CardRecord("X-1", "One", cost=1, attack=atk, defense=1)
        enemy = follower("E", 3, 3, 3)
        game = position(fields=([laby, ally, big2], [enemy]), scripts=scripts)
        game.apply(END)
        while game.active == 0 and game.decision is not None:
            game.apply(Choose(game.decision.options[0]))
        assert game.cards[game.players[1].field[0]].dfn == left


def test_labyrista_equips_queens_console_with_four_followers() -> None:
    """CP04-022 (Fanfare: with 4 or more followers of yours, equip Queen's Console, which
    gives: Act, 1 PP, engage this: your original-cost-1 followers +1 attack): with three
    allies it is equipped and its act raises the cost-1 followers only; with two it is not
    equipped."""
    scripts = _lib("CP04-022", "CP04-PR18")
    laby = _rec(scripts, "CP04-022", cost=1, atk=2, dfn=2, traits=("プリコネ",))
    one = CardRecord("X-1", "One", cost=1, attack=1, defense=1)
    two = CardRecord("X-2", "Two", cost=2, attack=1, defense=1)
    game = position(hands=([laby], []), fields=([one, one, two], []), pp=(2, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    me = game.players[0].field[-1]
    assert game.cards[me].eq == ("CP04-PR18",)
    acts = [a for a in game.legal_actions() if isinstance(a, Activate) and a.uid == me]
    console = next(a for a in acts if a.index == 1)
    game.apply(console)
    atks = [game.cards[u].atk for u in game.players[0].field]
    assert atks == [2, 2, 1, 3]
    game = position(hands=([laby], []), fields=([one, two], []), pp=(2, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.cards[game.players[0].field[-1]].eq == ()


def test_nephinera_makes_cost_one_followers_free_from_the_ex_area() -> None:
    """CP04-004 (while on the field, original-cost-1 Princess Connect followers you play
    from the EX area cost 1 less): with 0 PP the one in the EX area can be played, the same
    card in the hand cannot, and a cost-2 one in the EX area cannot either; without
    Nephi-Nera the EX one cannot."""
    scripts = _lib("CP04-004")
    neph = _rec(scripts, "CP04-004", cost=5, atk=3, dfn=4, traits=("プリコネ",))
    one = CardRecord("X-1", "One", cost=1, attack=1, defense=1, traits=("プリコネ",))
    two = CardRecord("X-2", "Two", cost=2, attack=1, defense=1, traits=("プリコネ",))
    game = position(hands=([one], []), fields=([neph], []), ex=([one, two], []), scripts=scripts)
    in_hand = game.players[0].hand[0]
    ex_one, ex_two = game.players[0].ex
    legal = game.legal_actions()
    assert Play(ex_one) in legal
    assert Play(in_hand) not in legal
    assert Play(ex_two) not in legal
    game.apply(Play(ex_one))
    assert ex_one in game.players[0].field
    assert game.players[0].pp == 0
    game = position(ex=([one], []), scripts=scripts)
    assert Play(game.players[0].ex[0]) not in game.legal_actions()


def test_nephinera_fanfare_and_burst_watch_fill_the_ex_area() -> None:
    """CP04-004 (Union Burst Fanfare: 4 damage to an enemy follower and the top card of
    your deck into the EX area; when another follower of yours uses a Union Burst ability,
    the top card into the EX area): the Fanfare moves one card, another follower's burst
    one more; an ability that is not a Union Burst moves none."""
    burst = Ability(Trigger.ACTIVATED, (Buff(1),), union_burst=True)
    plain = Ability(Trigger.ACTIVATED, (Buff(1),))
    scripts = _lib("CP04-004")
    scripts.add(CardScript("X-U", (burst, plain)))
    neph = _rec(scripts, "CP04-004", cost=5, atk=3, dfn=4, traits=("プリコネ",))
    user = CardRecord("X-U", "U", cost=1, attack=1, defense=1)
    enemy = follower("E", 5, 5, 5)
    game = position(hands=([neph], []), fields=([user], [enemy]), pp=(5, 0), scripts=scripts)
    deck = list(game.players[0].deck)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(game.players[1].field[0])))
    assert game.cards[game.players[1].field[0]].dfn == 1
    assert game.players[0].ex == [deck[-1]]
    other = game.players[0].field[0]
    game.apply(Activate(other, 1))
    assert game.players[0].ex == [deck[-1]]
    game.apply(Activate(other, 0))
    assert game.players[0].ex == [deck[-1], deck[-2]]


def test_anastasia_moves_a_cheap_idol_to_the_ex_area_for_a_lesson() -> None:
    """ECP02-001 (Fanfare: you may pay 1 PP and Lesson 1 to put an Idolmaster follower of
    original cost 2 or less from your hand into your EX area; it costs 2 less this turn):
    paid, the cost-2 idol goes to the EX area and costs 0; the cost-3 idol is not offered;
    without a Magic Item nothing is offered."""
    scripts = _lib("ECP02-001", "CP02-T01")
    ana = _rec(scripts, "ECP02-001", cost=2, atk=1, dfn=1, traits=("デレマス", "クール"))
    cheap = CardRecord("X-C", "C", cost=2, attack=1, defense=1, traits=("デレマス",))
    dear = CardRecord("X-D", "D", cost=3, attack=1, defense=1, traits=("デレマス",))
    game = position(hands=([ana, cheap, dear], []), ex=([ITEM], []), pp=(3, 0), scripts=scripts)
    _, cheap_uid, _ = game.players[0].hand
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    assert game.decision is not None
    assert game.decision.options == [str(cheap_uid), "done"]
    game.apply(Choose(str(cheap_uid)))
    assert game.players[0].ex == [cheap_uid]  # the Magic Item was banished
    assert game.play_cost(game.cards[cheap_uid]) == 0
    game = position(hands=([ana, cheap], []), pp=(3, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert game.players[0].ex == []


def test_triad_rin_gives_storm_with_three_cool_followers() -> None:
    """CSD02b-001 (Fanfare: with 3 or more Cool followers, another follower of yours with
    attack 3 or less gets Storm): with two Cool allies the 3-attack one is offered and
    gets Storm, the 4-attack one is not; with one Cool ally nothing is chosen."""
    scripts = _lib("CSD02b-001")
    rin = _rec(scripts, "CSD02b-001", cost=3, atk=3, dfn=3, traits=("デレマス", "クール"))
    small = CardRecord("X-S", "S", cost=1, attack=3, defense=1, traits=("デレマス", "クール"))
    big = CardRecord("X-B", "B", cost=1, attack=4, defense=1, traits=("デレマス", "クール"))
    game = position(hands=([rin], []), fields=([small, big], []), pp=(3, 0), scripts=scripts)
    s_uid = game.players[0].field[0]
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == [str(s_uid)]
    game.apply(Choose(str(s_uid)))
    assert "storm" in game.cards[s_uid].keywords
    game = position(hands=([rin], []), fields=([small], []), pp=(3, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert "storm" not in game.cards[game.players[0].field[0]].keywords


def test_barkgal_goes_to_the_ex_area_when_a_royal_paladin_discards_it() -> None:
    """CP03-030 (when an ability of one of your Royal Paladin cards discards this from your
    hand, you may put it into your EX area): discarded by a Royal Paladin spell it is
    offered and moved; discarded by another spell it stays in the graveyard."""
    scripts = _lib("CP03-030")
    scripts.add(CardScript("X-RP", (Ability(Trigger.SPELL, (DiscardCards(1),)),)))
    barkgal = _rec(scripts, "CP03-030", cost=1, atk=0, dfn=1, traits=("ロイヤルパラディン",))
    for trait, moved in (("ロイヤルパラディン", True), ("オラクルシンクタンク", False)):
        spell = CardRecord("X-RP", "RP", card_type="spell", cost=1, traits=(trait,))
        game = position(hands=([spell, barkgal], []), pp=(1, 0), scripts=scripts)
        spell_uid, bark = game.players[0].hand
        game.apply(Play(spell_uid))
        game.apply(Choose(str(bark)))  # the card to discard
        if moved:
            assert game.decision is not None
            assert game.decision.options == ["yes", "done"]
            game.apply(Choose("yes"))
            assert game.players[0].ex == [bark]
        else:
            assert game.decision is None or game.decision.kind.name == "MAIN"
            assert bark in game.players[0].grave


def test_crescent_tsukuyomi_draws_the_half_moon_only() -> None:
    """CP03-115 (Act, engage this: reveal the top card; if it is 半月の女神 ツクヨミ, put it
    into your hand): with that card on top it goes to the hand; with another card on top
    the deck is unchanged."""
    scripts = _lib("CP03-115")
    crescent = _rec(scripts, "CP03-115", cost=1, atk=2, dfn=1)
    half = CardRecord("CP03-105", "半月の女神 ツクヨミ", cost=2, attack=2, defense=2)
    other = CardRecord("X-O", "O", cost=2, attack=2, defense=2)
    for top, taken in ((half, True), (other, False)):
        game = position(fields=([crescent], []), decks=([other, top], 0), scripts=scripts)
        deck = list(game.players[0].deck)
        game.apply(Activate(game.players[0].field[0], 0))
        assert (deck[-1] in game.players[0].hand) is taken
        assert game.players[0].deck == (deck[:-1] if taken else deck)


def test_princess_strike_costs_less_for_engaging_pecorine() -> None:
    """CP04-036 (as you play it, you may engage a follower of yours whose name contains
    ペコリーヌ to pay 3 less; 5 damage to an enemy follower, 2 to its leader): with 0 PP it
    can be played only by engaging a standing Pecorine, and must; with 3 PP engaging is
    optional; an engaged Pecorine or another follower does not help."""
    scripts = _lib("CP04-036")
    strike = _rec(scripts, "CP04-036", card_type="spell", cost=3)
    peco = CardRecord("X-P", "〔夏〕ペコリーヌ", cost=2, attack=2, defense=2)
    enemy = follower("E", 5, 5, 6)
    game = position(hands=([strike], []), fields=([peco], [enemy]), pp=(0, 0), scripts=scripts)
    card, pec = game.players[0].hand[0], game.players[0].field[0]
    assert Play(card) in game.legal_actions()
    game.apply(Play(card))
    assert game.decision is not None
    assert game.decision.options == [str(pec)]
    game.apply(Choose(str(pec)))
    assert game.cards[pec].engaged
    game.apply(Choose(str(game.players[1].field[0])))
    assert game.cards[game.players[1].field[0]].dfn == 1
    assert game.players[1].hp == 18
    game = position(hands=([strike], []), fields=([peco], [enemy]), pp=(3, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["full", "alt1"]
    game.apply(Choose("full"))
    assert game.players[0].pp == 0
    assert not game.cards[game.players[0].field[0]].engaged
    tired = OnField(peco, engaged=True)
    other = CardRecord("X-O", "O", cost=2, attack=2, defense=2)
    for mine in ([tired], [other]):
        game = position(hands=([strike], []), fields=(mine, [enemy]), pp=(0, 0), scripts=scripts)
        assert Play(game.players[0].hand[0]) not in game.legal_actions()


# --- CP04-042 (evolved Maho): On Evolve, look at the top 4; one may go into the EX area ----


def _maho_game() -> tuple[State, list[int]]:
    from engine.sve import Evolve

    scripts = _lib("CP04-042")
    base = CardRecord("CP04-041", "マホ", cost=2, attack=2, defense=2)
    evo = _rec(scripts, "CP04-042", card_type="evolved_follower", cost=2, atk=3, dfn=3, name="マホ")
    deck = [CardRecord(f"X-d{i}", f"D{i}", cost=i + 1) for i in range(6)]
    game = position(fields=([base], []), evolve=([evo], []), decks=(deck, 5), pp=(5, 0),
                    scripts=scripts)  # fmt: skip
    top4 = game.players[0].deck[-4:]
    game.apply(Evolve(game.players[0].field[0]))
    return game, top4


def test_maho_evolve_puts_one_of_the_top_four_into_the_ex_area() -> None:
    """CP04-042: any one of the top 4 cards may be taken into the EX area; the other 3 go to
    the bottom of the deck, under the cards that were not looked at."""
    game, top4 = _maho_game()
    assert game.decision is not None
    assert sorted(o for o in game.decision.options if o != "done") == sorted(map(str, top4))
    game.apply(Choose(str(top4[0])))
    p = game.players[0]
    assert p.ex == [top4[0]]
    assert sorted(p.deck[:3]) == sorted(top4[1:])
    assert len(p.deck) == 5


def test_maho_evolve_may_take_nothing() -> None:
    """CP04-042: taking none leaves the EX area empty and puts all 4 on the bottom."""
    game, top4 = _maho_game()
    game.apply(Choose("done"))
    p = game.players[0]
    assert p.ex == []
    assert sorted(p.deck[:4]) == sorted(top4)


def test_yui_evolved_pays_x_to_bring_back_a_follower_of_cost_x() -> None:
    """CP04-096 (Union Burst On Evolve: pay X PP; a Princess Connect follower of original
    cost X or less from the graveyard onto the field): with X = 2 the cost-2 follower is
    offered, the cost-4 one and a follower of another title are not."""
    scripts = _lib("CP04-095", "CP04-096")
    pc = ("プリコネ",)
    base = _rec(scripts, "CP04-095", cost=2, name="ユイ", traits=pc)
    form = _rec(scripts, "CP04-096", card_type="evolved_follower", cost=2, atk=2, dfn=2,
                name="ユイ", traits=pc)  # fmt: skip
    game = position(fields=([base], []), evolve=([form], []), pp=(5, 0), scripts=scripts)
    two = add_card(game, 0, CardRecord("P-2", "P2", cost=2, attack=1, defense=1, traits=pc),
                   Zone.GRAVE)  # fmt: skip
    four = add_card(game, 0, CardRecord("P-4", "P4", cost=4, attack=1, defense=1, traits=pc),
                    Zone.GRAVE)  # fmt: skip
    other = add_card(game, 0, CardRecord("O-1", "O1", cost=1, attack=1, defense=1), Zone.GRAVE)
    game.apply(Evolve(game.players[0].field[0], False, False))
    assert game.decision is not None
    assert game.decision.options == ["4", "3", "2", "1", "0"]  # 5 PP less the evolve cost
    game.apply(Choose("2"))
    assert game.players[0].pp == 2
    assert game.decision is not None
    assert game.decision.options == [str(two)]
    game.apply(Choose(str(two)))
    assert two in game.players[0].field
    assert game.cards[four].zone is Zone.GRAVE
    assert game.cards[other].zone is Zone.GRAVE
