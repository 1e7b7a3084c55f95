"""Behaviour of the compiled library on real cards: costs inside abilities, counts as
amounts, continuous abilities, discard triggers, token placement and looks at the deck.

Each test plays the committed encoding of a real card (by code) in a set-up position and
checks what a player would see happen. No card text is used here.
"""

from __future__ import annotations

from engine.cards import CardRecord
from engine.sve import LEADER, Attack, Choose, Evolve, Play
from engine.sve.board import Zone
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.stats import COUNTER_PREFIX
from engine.sve.library import library
from engine.sve.position import OnField, add_card, evolved, follower, position
from engine.sve.state import DeckSpec, deck_title, new_game
from tests.engine.library_cards import library_record as _rec
from tests.engine.library_cards import library_scripts as _lib


def test_optional_discard_cost_and_discard_trigger() -> None:
    """CP04-037 (Fanfare: you may discard a spell to deal 3 damage and draw) paying with
    CP04-054, whose own ability goes off when it is discarded (1 damage to an enemy)."""
    scripts = _lib("CP04-037", "CP04-054")
    kyaru = _rec(scripts, "CP04-037", cost=2)
    eclipse = _rec(scripts, "CP04-054", card_type="spell", cost=1)
    enemy = follower("E", 3, 2, 5)
    game = position(hands=([kyaru, eclipse], []), fields=([], [enemy]), pp=(2, 0), scripts=scripts)
    target = game.players[1].field[0]
    kyaru_uid, eclipse_uid = game.players[0].hand
    game.apply(Play(kyaru_uid))
    assert game.decision is not None
    assert game.decision.kind.name == "ORDER"  # its two Fanfares; the equipment one after
    game.apply(Choose("0"))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    assert game.decision is not None
    assert game.decision.options == [str(eclipse_uid)]
    game.apply(Choose(str(eclipse_uid)))
    assert game.cards[eclipse_uid].zone is Zone.GRAVE
    game.apply(Choose(str(target)))  # the Fanfare's 3 damage
    assert game.cards[target].dfn == 2
    assert len(game.players[0].hand) == 1  # drew 1
    while game.decision is not None and game.decision.kind.name == "ORDER":
        game.apply(Choose("0"))  # the equipment Fanfare (no PP left to pay) and the trigger
    game.apply(Choose(str(target)))  # the discarded spell's 1 damage
    assert game.cards[target].dfn == 1


def test_optional_cost_may_be_declined() -> None:
    """CP04-037: declining the cost skips the damage and the draw."""
    scripts = _lib("CP04-037")
    kyaru = _rec(scripts, "CP04-037", cost=2)
    other = CardRecord("S-1", "Spell", card_type="spell", cost=1)
    game = position(hands=([kyaru, other], []), fields=([], [follower("E", 3, 2, 5)]), pp=(2, 0))
    game.scripts = scripts
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("0"))  # the order of its two Fanfares
    game.apply(Choose("done"))
    assert game.cards[game.players[1].field[0]].dfn == 5
    assert len(game.players[0].hand) == 1


def test_damage_equal_to_a_count() -> None:
    """SD02-016: damage equal to the number of your followers."""
    scripts = _lib("SD02-016")
    spell = _rec(scripts, "SD02-016", card_type="spell", cost=2)
    mine = [follower("A", 1, 1, 1), follower("B", 1, 1, 1), follower("C", 1, 1, 1)]
    game = position(
        hands=([spell], []), fields=(mine, [follower("E", 5, 1, 6)]), pp=(2, 0), scripts=scripts
    )
    target = game.players[1].field[0]
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(target)))
    assert game.cards[target].dfn == 3


def test_continuous_keyword_grant_follows_its_source() -> None:
    """SD05-005 gives your Forest Bats Drain while it is on the field."""
    scripts = _lib("SD05-005")
    vamp = _rec(scripts, "SD05-005", cost=4, atk=3, dfn=3)
    bat = CardRecord("T-BAT", "フォレストバット", card_type="token_follower", attack=1, defense=1)
    killer = CardRecord("K-1", "Kill", card_type="spell", cost=0)
    game = position(fields=([vamp, bat], []), hands=([killer], []), pp=(1, 0), scripts=scripts)
    vamp_uid, bat_uid = game.players[0].field
    game.apply(Attack(bat_uid, LEADER))
    assert "drain" in game.cards[bat_uid].keywords
    assert game.players[0].hp == 21  # drained 1
    game.destroy([vamp_uid])
    game.apply(Play(game.players[0].hand[0]))
    assert "drain" not in game.cards[bat_uid].keywords


def test_condition_on_graveyard_gives_storm() -> None:
    """SD07-012 has Storm only while 5 Levin cards are in your graveyard."""
    scripts = _lib("SD07-012")
    jeno = _rec(scripts, "SD07-012", cost=2)
    levin = CardRecord("L-1", "Levin", card_type="spell", cost=1, traits=("レヴィオン",))
    game = position(hands=([jeno], []), pp=(2, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    uid = game.players[0].field[0]
    assert "storm" not in game.cards[uid].keywords
    game2 = position(hands=([jeno], []), pp=(2, 0), scripts=scripts)
    for _ in range(5):
        add_card(game2, 0, levin, Zone.GRAVE)
    game2.apply(Play(game2.players[0].hand[0]))
    uid2 = game2.players[0].field[0]
    assert "storm" in game2.cards[uid2].keywords
    assert Attack(uid2, LEADER) in game2.legal_actions()


def test_ignores_ward_and_amulet_enters_engaged() -> None:
    """SD01-013 may attack the leader past an engaged Ward follower; BP01-150 enters
    engaged."""
    scripts = _lib("SD01-013", "BP01-150")
    elf = _rec(scripts, "SD01-013", cost=2)
    ward = OnField(follower("W", 2, 1, 3, "ward"), engaged=True)
    game = position(fields=([elf], [ward]), scripts=scripts)
    elf_uid = game.players[0].field[0]
    assert Attack(elf_uid, LEADER) in game.legal_actions()
    sentence = _rec(scripts, "BP01-150", card_type="amulet", cost=2)
    game = position(hands=([sentence], []), pp=(2, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.cards[game.players[0].field[0]].engaged


def test_tokens_until_the_field_is_full_then_ex() -> None:
    """SD01-006: three Fairies onto the field until it is full, the rest into the EX area."""
    scripts = _lib("SD01-006")
    caster = _rec(scripts, "SD01-006", cost=4)
    mine = [follower(n, 1, 1, 1) for n in "AB"]
    game = position(hands=([caster], []), fields=(mine, []), pp=(4, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert len(game.players[0].field) == 5
    (ex,) = game.players[0].ex
    assert game.cards[ex].base.name == "フェアリー"


def test_tokens_split_between_field_and_ex() -> None:
    """SD01-001: of nine Fairies, the player puts some onto the field and some into EX."""
    scripts = _lib("SD01-001")
    aria = _rec(scripts, "SD01-001", cost=6, atk=5, dfn=5)
    game = position(hands=([aria], []), pp=(6, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("stand"))  # Aria has Ward (CR 12.8.2)
    assert game.decision is not None
    assert game.decision.options == ["4", "3", "2", "1", "0"]  # Aria takes one place
    game.apply(Choose("2"))
    assert game.decision is not None
    assert game.decision.options[0] == "5"
    game.apply(Choose("3"))
    assert len(game.players[0].field) == 3
    assert len(game.players[0].ex) == 3
    fairy = game.players[0].field[1]
    assert "rush" in game.cards[fairy].keywords  # Aria's continuous ability


def test_combo_sets_evolve_cost_to_zero() -> None:
    """SD01-009: with Combo 3 its evolve cost becomes 0."""
    scripts = _lib("SD01-009")
    treant = _rec(scripts, "SD01-009", cost=1, name="トレント")
    cheap = [CardRecord(f"C-{i}", f"C{i}", cost=0, attack=1, defense=1) for i in range(2)]
    game = position(
        hands=([*cheap, treant], []), pp=(1, 0), evolve=([evolved(treant)], []), scripts=scripts
    )
    for uid in list(game.players[0].hand):
        game.apply(Play(uid))
    treant_uid = game.players[0].field[-1]
    assert game.players[0].pp == 0
    assert Evolve(treant_uid, False, False) in game.legal_actions()


def test_activation_condition() -> None:
    """CP04-063 can be activated only with Overflow (PP maximum 7 or more)."""
    scripts = _lib("CP04-063")
    inori = _rec(scripts, "CP04-063", cost=3)
    game = position(fields=([inori], []), pp=(3, 0), scripts=scripts)
    assert not any(str(a).startswith("act") for a in game.legal_actions())
    game = position(fields=([inori], []), pp=(7, 0), scripts=scripts)
    assert any(str(a).startswith("act") for a in game.legal_actions())


def test_look_at_top_card_may_mill_it_or_leave_it() -> None:
    """SD03-010: look at the top card and put it into the graveyard or leave it on top."""
    scripts = _lib("SD03-010")
    sammy = _rec(scripts, "SD03-010", cost=2)
    top = CardRecord("TOP-1", "Top", cost=1, attack=1, defense=1)
    for mill in (True, False):
        game = position(
            hands=([sammy], []), decks=([top, top, top], []), pp=(2, 0), scripts=scripts
        )
        game.apply(Play(game.players[0].hand[0]))
        d = game.decision
        assert d is not None
        top_uid = game.players[0].deck[-1]
        assert d.options == [str(top_uid), "done"]
        game.apply(Choose(str(top_uid) if mill else "done"))
        assert (game.cards[top_uid].zone is Zone.GRAVE) is mill
        if not mill:
            assert game.players[0].deck[-1] == top_uid


def test_ability_played_from_the_hand() -> None:
    """BP15-074: from the hand, pay 1 PP and discard it with a Dragoncraft card of cost 7
    or more to draw 2."""
    scripts = _lib("BP15-074")
    crab = _rec(scripts, "BP15-074", cost=2)
    big = CardRecord("D-7", "Big", card_class="dragon", cost=7, attack=7, defense=7)
    small = CardRecord("D-1", "Small", card_class="dragon", cost=1, attack=1, defense=1)
    game = position(hands=([crab, small], []), pp=(1, 0), scripts=scripts)
    assert not any(str(a).startswith("act") for a in game.legal_actions())
    game = position(hands=([crab, big], []), pp=(1, 0), scripts=scripts)
    crab_uid, big_uid = game.players[0].hand
    (act,) = [a for a in game.legal_actions() if str(a).startswith("act")]
    game.apply(act)
    assert game.cards[crab_uid].zone is Zone.GRAVE
    game.apply(Choose(str(big_uid)))
    assert game.cards[big_uid].zone is Zone.GRAVE
    assert len(game.players[0].hand) == 2
    assert game.players[0].pp == 0


def test_damage_bonus_in_the_opponents_turn() -> None:
    """SD06-009 deals 1 more damage in the opponent's turn (here: when it is attacked)."""
    scripts = _lib("SD06-009")
    sister = _rec(scripts, "SD06-009", cost=2, atk=1, dfn=4)
    attacker = follower("A", 3, 2, 4)
    game = position(fields=([attacker], [sister]), scripts=scripts)
    sister_uid = game.players[1].field[0]
    game.cards[sister_uid].engaged = True
    game.apply(Attack(game.players[0].field[0], sister_uid))
    if game.decision is not None and game.decision.kind.name == "QUICK":
        game.apply(game.legal_actions()[-1])
    assert game.cards[game.players[0].field[0]].dfn == 2  # 1 + 1 damage


def test_when_your_amulet_leaves_the_field() -> None:
    """SD06-001: when one of your amulets leaves the field, 2 damage to the enemy leader and
    every enemy follower."""
    scripts = _lib("SD06-001")
    fane = _rec(scripts, "SD06-001", cost=6, atk=4, dfn=4)
    charm = CardRecord("AM-1", "Charm", card_type="amulet", cost=1)
    killer = CardRecord("K-1", "Kill", card_type="spell", cost=0)
    game = position(
        fields=([fane, charm], [follower("E", 2, 2, 3)]),
        hands=([killer], []),
        pp=(1, 0),
        scripts=scripts,
    )
    game.destroy([game.players[0].field[1]])
    game.apply(Play(game.players[0].hand[0]))
    assert game.players[1].hp == 18
    assert game.cards[game.players[1].field[0]].dfn == 1


def test_look_excludes_its_own_name() -> None:
    """SD08-011: a Dragoncraft follower other than one of its own name may go onto the field."""
    scripts = _lib("SD08-011")
    zahar = _rec(scripts, "SD08-011", cost=4, name="荒波のドラグーン・ザハール")
    twin = CardRecord("Z-2", "荒波のドラグーン・ザハール", card_class="dragon", cost=4)
    drake = CardRecord("D-2", "Drake", card_class="dragon", cost=2, attack=2, defense=2)
    game = position(hands=([zahar], []), decks=([drake, twin, twin], []), pp=(4, 0))
    game.scripts = scripts
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    drake_uid = game.players[0].deck[0]
    assert d.options == [str(drake_uid), "done"]
    game.apply(Choose(str(drake_uid)))
    assert game.cards[drake_uid].zone is Zone.FIELD
    assert len(game.players[0].deck) == 2


def test_hand_encoded_extra_play_cost() -> None:
    """BP13-035 (hand encoding): paying 4 more puts all three named sisters onto the field;
    otherwise one of them goes to the hand."""
    scripts = _lib("BP13-035")
    call = _rec(scripts, "BP13-035", card_type="spell", cost=3)
    sisters = [
        CardRecord(f"S-{i}", name, cost=3, attack=2, defense=2)
        for i, name in enumerate(
            [
                "レヴィオンの副団長・マイム",
                "レヴィオンの魔術師・ミイム",
                "レヴィオンの武闘家・メイム",
            ]
        )
    ]
    game = position(hands=([call], []), decks=(sisters + [follower("F")] * 3, []), pp=(7, 0))
    game.scripts = scripts
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["pay", "done"]
    game.apply(Choose("pay"))
    while game.decision is not None and game.decision.kind.name == "PICK":
        game.apply(Choose(game.decision.options[0]))
    assert game.players[0].pp == 0
    assert sorted(game.cards[u].base.card_id for u in game.players[0].field) == [
        "S-0",
        "S-1",
        "S-2",
    ]
    game = position(hands=([call], []), decks=(sisters, []), pp=(7, 0))
    game.scripts = scripts
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("done"))
    game.apply(Choose(game.decision.options[0] if game.decision else "done"))
    assert game.players[0].pp == 4
    assert len(game.players[0].hand) == 1
    assert not game.players[0].field


def test_hand_encoded_vanilla_with_flavour_text() -> None:
    """BP01-173 (hand encoding): a vanilla follower; playing it asks nothing."""
    scripts = _lib("BP01-173")
    fighter = _rec(scripts, "BP01-173", cost=2, atk=2, dfn=2)
    game = position(hands=([fighter], []), pp=(2, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.kind.name == "MAIN"
    assert len(game.players[0].field) == 1


def test_divided_damage() -> None:
    """EBD02-015: 3 damage divided between up to two enemy followers as the player likes."""
    scripts = _lib("EBD02-015")
    chain = _rec(scripts, "EBD02-015", card_type="spell", cost=2)
    enemies = [follower("E1", 2, 2, 5), follower("E2", 2, 2, 5)]
    game = position(hands=([chain], []), fields=([], enemies), pp=(2, 0), scripts=scripts)
    a, b = game.players[1].field
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(a)))
    game.apply(Choose(str(b)))
    assert game.decision is not None
    assert game.decision.options == ["3", "2", "1", "0"]
    game.apply(Choose("1"))
    assert (game.cards[a].dfn, game.cards[b].dfn) == (4, 3)


def test_one_selection_per_graveyard_card() -> None:
    """BP11-058: one enemy follower may be banished per Dragoncraft card of cost 7 or more
    in your graveyard."""
    scripts = _lib("BP11-058")
    taboo = _rec(scripts, "BP11-058", cost=6, atk=5, dfn=5)
    big = CardRecord("D-7", "Big", card_class="dragon", cost=7, attack=7, defense=7)
    enemies = [follower(f"E{i}", 2, 2, 2) for i in range(3)]
    game = position(hands=([taboo], []), fields=([], enemies), pp=(6, 0), scripts=scripts)
    for _ in range(2):
        add_card(game, 0, big, Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    first, second, third = sorted(game.players[1].field)
    game.apply(Choose(str(first)))
    game.apply(Choose(str(second)))
    assert game.players[1].field == [third]
    assert game.cards[first].zone is Zone.BANISH


def test_no_combat_damage_this_turn() -> None:
    """BP02-019 (evolved): on evolve, it takes no combat damage this turn."""
    scripts = _lib("BP02-019")
    base = _rec(scripts, "BP02-018", cost=5, atk=4, dfn=4, name="Albert")
    evo = scripts.record(
        CardRecord("BP02-019", "Albert", card_type="evolved_follower", attack=6, defense=6)
    )
    game = position(
        fields=([base], [OnField(follower("E", 5, 5, 5), engaged=True)]),
        evolve=([evo], []),
        pp=(5, 0),
        scripts=scripts,
    )
    uid = game.players[0].field[0]
    enemy = game.players[1].field[0]
    evolve = next(a for a in game.legal_actions() if isinstance(a, Evolve))
    game.apply(evolve)
    game.apply(Attack(uid, enemy))
    assert game.cards[uid].dfn == 6
    assert game.cards[enemy].zone is Zone.GRAVE


def test_token_group_buff_and_grant() -> None:
    """EBD01-013: its Fanfare gives your Fairy tokens +1/+1, and while it is on the field
    they have Assail."""
    scripts = _lib("EBD01-013")
    realm = _rec(scripts, "EBD01-013", card_type="amulet", cost=2)
    fairy = CardRecord(
        "T-F", "フェアリー", card_type="token_follower", attack=1, defense=1, traits=("妖精",)
    )
    game = position(hands=([realm], []), fields=([fairy], []), pp=(2, 0), scripts=scripts)
    fairy_uid = game.players[0].field[0]
    game.cards[fairy_uid].token = True
    game.apply(Play(game.players[0].hand[0]))
    assert (game.cards[fairy_uid].atk, game.cards[fairy_uid].dfn) == (2, 2)
    assert "assail" in game.cards[fairy_uid].keywords


def test_condition_on_the_chosen_cards_cost() -> None:
    """CP04-018: stand your Princess Connect follower; it cannot attack this turn; draw only
    if its original cost is 1."""
    scripts = _lib("CP04-018")
    heal = _rec(scripts, "CP04-018", card_type="spell", cost=1)
    for cost, draws in ((1, 1), (3, 0)):
        mine = CardRecord("P-1", "P", cost=cost, attack=2, defense=2, traits=("プリコネ",))
        game = position(hands=([heal], []), fields=([OnField(mine, engaged=True)], []), pp=(1, 0))
        game.scripts = scripts
        uid = game.players[0].field[0]
        game.apply(Play(game.players[0].hand[0]))
        game.apply(Choose(str(uid)))
        assert not game.cards[uid].engaged
        assert len(game.players[0].hand) == draws
        assert not any(isinstance(a, Attack) for a in game.legal_actions())


def test_own_leader_or_follower_defense() -> None:
    """CP04-041: +1 defense to your leader (a heal) or to another follower of yours."""
    scripts = _lib("CP04-041")
    maho = _rec(scripts, "CP04-041", cost=2)
    game = position(hands=([maho], []), fields=([follower("A")], []), pp=(2, 0), hp=(15, 20))
    game.scripts = scripts
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == [str(game.players[0].field[0]), "leader0"]
    game.apply(Choose("leader0"))
    assert game.players[0].hp == 16


def test_set_attack_and_defense() -> None:
    """BP16-007: an enemy follower's attack and defense become 1."""
    scripts = _lib("BP16-007")
    lily = _rec(scripts, "BP16-007", cost=3)
    game = position(hands=([lily], []), fields=([], [follower("E", 5, 5, 6)]), pp=(3, 0))
    game.scripts = scripts
    enemy = game.players[1].field[0]
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(enemy)))
    assert (game.cards[enemy].atk, game.cards[enemy].dfn) == (1, 1)


def test_created_tokens_are_it() -> None:
    """BP16-075: with Necrocharge 10 the two tokens it creates have Storm."""
    scripts = _lib("BP16-075")
    cerberus = _rec(scripts, "BP16-075", cost=5)
    game = position(hands=([cerberus], []), pp=(5, 0), scripts=scripts)
    for _ in range(10):
        add_card(game, 0, follower("G"), Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    tokens = [u for u in game.players[0].field if game.cards[u].token]
    assert len(tokens) == 2
    assert all("storm" in game.cards[u].keywords for u in tokens)


def test_condition_on_where_the_card_came_from() -> None:
    """SP01-045: the chosen enemy follower goes to the EX area only if this card came onto
    the field other than from the hand (here: played from the EX area)."""
    scripts = _lib("SP01-045")
    alice = _rec(scripts, "SP01-045", cost=2)
    for zone, moved in (("hand", False), ("ex", True)):
        game = position(
            hands=([alice] if zone == "hand" else [], []),
            ex=([alice] if zone == "ex" else [], []),
            fields=([], [follower("E", 3, 2, 2)]),
            pp=(2, 0),
            scripts=scripts,
        )
        enemy = game.players[1].field[0]
        uid = (game.players[0].hand or game.players[0].ex)[0]
        game.apply(Play(uid))
        while game.decision is not None and game.decision.kind.name != "MAIN":
            options = game.decision.options  # the order of its two Fanfares, then the target
            game.apply(Choose(str(enemy) if str(enemy) in options else options[0]))
        assert (game.cards[enemy].zone is Zone.EX) is moved


def test_next_card_of_a_kind_costs_less() -> None:
    """BP13-054: this turn, the next 武闘竜人 card you play costs 3 less; then it is used up."""
    scripts = _lib("BP13-054")
    drake = _rec(scripts, "BP13-054", cost=2)
    fighter = CardRecord("W-1", "W", cost=4, attack=4, defense=4, traits=("武闘竜人",))
    game = position(hands=([drake, fighter, fighter], []), pp=(3, 0), scripts=scripts)
    drake_uid, first, second = game.players[0].hand
    game.apply(Play(drake_uid))
    assert Play(first) in game.legal_actions()
    game.apply(Play(first))
    assert game.players[0].pp == 0
    assert game.play_cost(game.cards[second]) == 4


def test_when_you_play_a_card_of_a_kind() -> None:
    """CP04-048: when you play a なかよし部 card or a Princess Connect spell, 1 damage to the
    enemy leader; other cards do nothing."""
    scripts = _lib("CP04-048")
    chloe = _rec(scripts, "CP04-048", cost=3, traits=("なかよし部",))
    friend = CardRecord("N-1", "N", cost=1, attack=1, defense=1, traits=("なかよし部",))
    other = CardRecord("O-1", "O", cost=1, attack=1, defense=1)
    game = position(fields=([chloe], []), hands=([friend, other], []), pp=(2, 0))
    game.scripts = scripts
    friend_uid, other_uid = game.players[0].hand
    game.apply(Play(other_uid))
    assert game.players[1].hp == 20
    game.apply(Play(friend_uid))
    assert game.players[1].hp == 19


def test_when_another_followers_ability_is_used() -> None:
    """CP04-057: when an ability of another follower of yours is used (here a Fanfare), your
    PP maximum goes up by 1."""
    scripts = _lib("CP04-057", "CP04-041")
    homare = _rec(scripts, "CP04-057", cost=3)
    maho = _rec(scripts, "CP04-041", cost=2)
    game = position(fields=([homare], []), hands=([maho], []), pp=(5, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("leader0"))
    assert game.players[0].max_pp == 6


def _equip_lib(*card_ids: str) -> Scripts:
    """Scripts of the given cards and of every equipment token of the library."""
    cards = library()["cards"]
    tokens = [t for t, rec in library()["tokens"].items() if rec["card_type"] == "token_equipment"]
    return _lib(*card_ids, *(t for t in tokens if t in cards))


def test_equipment_when_equipped_and_stats() -> None:
    """CP04-055 with Overflow equips 氷竜剣: an enemy follower is engaged and the equipped
    follower gets +2/+2 (CR 14.5.2)."""
    scripts = _equip_lib("CP04-055")
    shefi = _rec(scripts, "CP04-055", cost=4, atk=3, dfn=3)
    game = position(hands=([shefi], []), fields=([], [follower("E", 2, 2, 2)]), pp=(7, 0))
    game.scripts = scripts
    enemy = game.players[1].field[0]
    game.apply(Play(game.players[0].hand[0]))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        options = game.decision.options
        game.apply(Choose(str(enemy) if str(enemy) in options else options[0]))
    uid = game.players[0].field[0]
    assert game.cards[uid].eq
    assert (game.cards[uid].atk, game.cards[uid].dfn) == (5, 5)
    assert game.cards[enemy].engaged


def test_equipment_changes_damage_dealt_and_taken() -> None:
    """CP04-019 pays 2 to equip プリンセスソード: it deals 2 more damage and takes 2 less."""
    scripts = _equip_lib("CP04-019")
    peco = _rec(scripts, "CP04-019", cost=2, atk=2, dfn=3)
    game = position(hands=([peco], []), pp=(4, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        options = game.decision.options
        game.apply(Choose("pay" if "pay" in options else options[-1]))
    uid = game.players[0].field[0]
    assert game.players[0].pp == 0
    game.deal_damage(uid, 3)
    assert game.cards[uid].dfn == 2
    assert game.damage_bonus(uid) == 2
    game.destroy([uid])
    assert game.cards[uid].eq == ()  # CR 14.5.2.4


def test_equipment_gives_an_activated_ability() -> None:
    """CP04-001 pays 2 to equip アメスアミュレット, whose follower gains an activated
    ability: engage it, all your followers get +1/+1."""
    scripts = _equip_lib("CP04-001")
    kokkoro = _rec(scripts, "CP04-001", cost=2, atk=1, dfn=2)
    game = position(hands=([kokkoro], []), fields=([follower("A", 1, 1, 1)], []), pp=(4, 0))
    game.scripts = scripts
    game.apply(Play(game.players[0].hand[0]))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        options = game.decision.options
        game.apply(Choose("pay" if "pay" in options else options[-1]))
    ally, uid = game.players[0].field
    acts = [a for a in game.legal_actions() if str(a).startswith(f"act {uid}")]
    assert len(acts) == 1
    game.apply(acts[0])
    assert game.cards[uid].engaged
    assert (game.cards[ally].atk, game.cards[ally].dfn) == (2, 2)


def test_choose_up_to_two_modes_when_a_condition_holds() -> None:
    """BP02-088: with Necrocharge 10 up to two modes may be chosen; otherwise one. The
    graveyard holds a cost-1 follower, so option 1 has a card to choose (CR 5.18.4.1)."""
    scripts = _lib("BP02-088")
    spell = _rec(scripts, "BP02-088", card_type="spell", cost=2)
    for grave, asked_again in ((10, True), (1, False)):
        game = position(hands=([spell], []), pp=(2, 0), scripts=scripts)
        add_card(game, 0, follower("S", 1), Zone.GRAVE)
        for _ in range(grave - 1):
            add_card(game, 0, follower("G", 9), Zone.GRAVE)
        game.apply(Play(game.players[0].hand[0]))
        assert game.decision is not None
        assert game.decision.options == ["mode1", "mode2"]
        game.apply(Choose("mode2"))
        if asked_again:
            assert game.decision is not None
            assert game.decision.options == ["mode1", "done"]
            game.apply(Choose("done"))
        assert len(game.players[0].field) == 2  # two Ghosts, once


def test_union_bursts_counted_this_turn() -> None:
    """CP04-003: its Union Burst gives +1/+1, and Storm too once three Union Burst
    abilities of yours were used this turn."""
    scripts = _lib("CP04-003")
    eris = _rec(scripts, "CP04-003", cost=3)
    ally = CardRecord("P-1", "P", cost=2, attack=1, defense=1, traits=("プリコネ",))
    for used, storm in ((2, False), (3, True)):
        game = position(fields=([eris, OnField(ally, new=True)], []), scripts=scripts)
        me = game.players[0]
        me.burst_turn, me.bursts = game.turn, used
        ally_uid = me.field[1]
        game.apply(next(a for a in game.legal_actions() if str(a).startswith("act")))
        game.apply(Choose(str(ally_uid)))
        assert game.cards[ally_uid].atk == 2
        assert ("storm" in game.cards[ally_uid].keywords) is storm
        assert me.bursts == used + 1


def test_union_burst_abilities_work_only_for_a_princess_connect_deck() -> None:
    """CR 14.5.1.2: CP04-057's Union Burst act and CP04-041's Union Burst Fanfare work for a
    player whose deck is a Princess Connect title deck and are void for any other deck."""
    scripts = _lib("CP04-057", "CP04-041")
    nozomi = _rec(scripts, "CP04-057", cost=6)
    buffer = _rec(scripts, "CP04-041", cost=2)
    for works in (True, False):
        game = position(
            fields=([nozomi], [follower("E", 2, 5, 5)]),
            hands=([buffer], []),
            pp=(2, 0),
            scripts=scripts,
        )
        game.players[0].union_burst = works
        acts = [a for a in game.legal_actions() if str(a).startswith("act")]
        assert bool(acts) is works
        game.apply(Play(game.players[0].hand[0]))
        if works:
            assert game.decision is not None
            game.apply(Choose(str(game.players[0].field[0])))
        assert game.cards[game.players[0].field[0]].dfn == (nozomi.defense or 0) + works


def test_deck_title_decides_union_burst_at_game_start() -> None:
    """CR 6.1.1.5.2: a deck is a title deck only when every card shares one title; new_game
    switches Union Burst on for a Princess Connect deck only."""
    pri = CardRecord("P-1", "P", cost=2, attack=2, defense=2, title="priconne")
    other = CardRecord("O-1", "O", cost=2, attack=2, defense=2, card_class="forest")
    title_deck, class_deck = DeckSpec([pri] * 40), DeckSpec([pri] * 39 + [other])
    assert deck_title(title_deck) == "priconne"
    assert deck_title(class_deck) is None
    game = new_game(title_deck, class_deck, seed=1)
    assert [p.union_burst for p in game.players] == [True, False]


def test_nth_card_played_this_turn() -> None:
    """CP02-006: in your turn, your third card played recovers 2 PP."""
    scripts = _lib("CP02-006")
    ana = _rec(scripts, "CP02-006", cost=4)
    cheap = [CardRecord(f"C-{i}", f"C{i}", cost=1, attack=1, defense=1) for i in range(3)]
    game = position(fields=([ana], []), hands=(cheap, []), pp=(3, 0), scripts=scripts)
    for uid in list(game.players[0].hand):
        game.apply(Play(uid))
    assert game.players[0].pp == 2  # 3 - 3 + 2


def test_equipment_spell_trigger_twice_per_turn() -> None:
    """CP04-037 equips ケイオスグリモワール: twice per turn, when you play a spell, damage
    equal to half its attack (rounded up) to the enemy leader."""
    scripts = _equip_lib("CP04-037")
    kyaru = _rec(scripts, "CP04-037", cost=2, atk=3, dfn=2)
    spells = [CardRecord(f"S-{i}", f"S{i}", card_type="spell", cost=0) for i in range(4)]
    game = position(hands=([kyaru, *spells], []), pp=(4, 0), scripts=scripts)
    kyaru_uid, *spell_uids = game.players[0].hand
    game.apply(Play(kyaru_uid))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        options = game.decision.options  # pay both costs (one spell is discarded)
        game.apply(Choose("pay" if "pay" in options else options[-1]))
    assert game.cards[game.players[0].field[0]].eq
    left = [u for u in spell_uids if u in game.players[0].hand]
    assert len(left) == 3
    for uid in left:
        game.apply(Play(uid))
    assert game.players[1].hp == 20 - 2 - 2  # ceil(3 / 2), twice only


def test_ability_played_from_the_graveyard() -> None:
    """BP11-075: from the graveyard, banish it and a named card there to engage an enemy
    follower."""
    scripts = _lib("BP11-075")
    penalty = _rec(scripts, "BP11-075", card_type="spell", cost=2)
    ruler = CardRecord("R-1", "カオスルーラー・アイシィレンドリング", cost=5, attack=4, defense=4)
    game = position(fields=([], [follower("E", 2, 2, 2)]), scripts=scripts)
    assert not any(str(a).startswith("act") for a in game.legal_actions())
    penalty_uid = add_card(game, 0, penalty, Zone.GRAVE)
    ruler_uid = add_card(game, 0, ruler, Zone.GRAVE)
    (act,) = [a for a in game.legal_actions() if str(a).startswith("act")]
    game.apply(act)
    assert game.cards[penalty_uid].zone is Zone.BANISH
    game.apply(Choose(str(ruler_uid)))
    assert game.cards[ruler_uid].zone is Zone.BANISH
    enemy = game.players[1].field[0]
    game.apply(Choose(str(enemy)))
    assert game.cards[enemy].engaged


def test_banish_graveyard_cards_as_a_cost() -> None:
    """BP07-069: banish two 機械 cards from your graveyard to create a Product Machine."""
    scripts = _lib("BP07-069")
    mono = _rec(scripts, "BP07-069", cost=3)
    machine = CardRecord("M-1", "Machine", cost=1, attack=1, defense=1, traits=("機械",))
    game = position(fields=([mono], []), scripts=scripts)
    add_card(game, 0, machine, Zone.GRAVE)
    assert not any(str(a).startswith("act") for a in game.legal_actions())
    add_card(game, 0, machine, Zone.GRAVE)
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("act")))
    while game.decision is not None and game.decision.kind.name == "PICK":
        game.apply(Choose(game.decision.options[0]))
    assert len(game.players[0].banish) == 2
    assert len(game.players[0].field) == 2


def test_evolve_condition() -> None:
    """BP11-076 may evolve only if it came onto the field from the graveyard."""
    scripts = _lib("BP11-076")
    thing = _rec(scripts, "BP11-076", cost=2, name="異形")
    evo = scripts.record(CardRecord("BP11-077", "異形", card_type="evolved_follower"))
    game = position(fields=([thing], []), evolve=([evo], []), pp=(5, 0), scripts=scripts)
    assert not any(isinstance(a, Evolve) for a in game.legal_actions())
    uid = game.players[0].field[0]
    game.set_origin(game.cards[uid], "grave")
    assert any(isinstance(a, Evolve) for a in game.legal_actions())


def test_evolve_by_an_effect_and_when_a_follower_evolves() -> None:
    """BP10-031's Fanfare evolves it when the opponent has 10 graveyard cards (no cost, not
    the turn's evolve); BP15-005 reacts to a follower of yours evolving."""
    scripts = _lib("BP10-031", "BP15-005")
    base = _rec(scripts, "BP10-031", cost=3, name="Mill")
    evo = evolved(base)
    queen = _rec(scripts, "BP15-005", cost=4, atk=3, dfn=3)
    game = position(
        hands=([base], []),
        fields=([queen], [follower("E", 1, 1, 5)]),
        evolve=([evo], []),
        decks=(20, 20),
        pp=(3, 0),
        scripts=scripts,
    )
    for _ in range(8):
        add_card(game, 1, follower("G"), Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    uid = game.players[0].field[-1]
    assert game.cards[uid].evo >= 0  # 8 + 2 milled = 10
    assert game.players[0].pp == 0
    assert game.players[0].evolved_on != game.turn  # the turn's evolve is still there
    assert game.players[1].hp == 19  # BP15-005: 1 damage to the enemy leader
    assert game.cards[game.players[1].field[0]].dfn == 3


def test_keyword_while_standing() -> None:
    """BP07-022 has Intimidate and Aura only while it is standing."""
    scripts = _lib("BP07-022")
    rio = _rec(scripts, "BP07-022", cost=3)
    game = position(fields=([rio], []), hands=([CardRecord("Z", "Z", cost=0)], []), pp=(1, 0))
    game.scripts = scripts
    uid = game.players[0].field[0]
    game.apply(Play(game.players[0].hand[0]))
    assert {"intimidate", "aura"} <= set(game.cards[uid].keywords)
    game.apply(Attack(uid, LEADER))  # attacking engages it
    assert "aura" not in game.cards[uid].keywords


def test_graveyard_choice_is_not_a_field_choice() -> None:
    """BP07-075 mode 1 chooses a 機械 follower in your graveyard (not on the field) and
    puts it into your hand."""
    scripts = _lib("BP07-075")
    first_one = _rec(scripts, "BP07-075", card_type="spell", cost=1)
    machine = CardRecord("M-1", "Machine", cost=2, attack=2, defense=2, traits=("機械",))
    game = position(hands=([first_one], []), pp=(1, 0), scripts=scripts)
    grave_uid = add_card(game, 0, machine, Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("mode1"))
    game.apply(Choose(str(grave_uid)))
    assert game.cards[grave_uid].zone is Zone.HAND


def test_activated_twice_per_turn_and_field_banish_cost() -> None:
    """BP15-020's cost-0 ability can be used twice a turn; BP07-055 banishes a named amulet
    of yours as the cost of 3 damage to every enemy follower."""
    scripts = _lib("BP15-020", "BP07-055")
    octrice = _rec(scripts, "BP15-020", cost=5)
    game = position(fields=([octrice], []), scripts=scripts)
    for _ in range(2):
        game.apply(next(a for a in game.legal_actions() if str(a).startswith("act")))
    assert not any(str(a).startswith("act") for a in game.legal_actions())
    rex = _rec(scripts, "BP07-055", cost=6)
    tree = CardRecord("N-1", "ナテラの大樹", card_type="amulet", cost=1)
    game = position(fields=([rex, tree], [follower("E", 3, 3, 4)]), scripts=scripts)
    tree_uid = game.players[0].field[1]
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("act")))
    if game.decision is not None and game.decision.kind.name == "PICK":
        game.apply(Choose(str(tree_uid)))
    assert game.cards[tree_uid].zone is Zone.BANISH
    assert game.cards[game.players[1].field[0]].dfn == 1


def test_opponent_main_phase_and_discard_any_card_cost() -> None:
    """BP15-094 heals 2 when the opponent's main phase comes; BP18-126 may discard any card
    to search for another 区役所 card."""
    scripts = _lib("BP15-094", "BP18-126")
    merwyn = _rec(scripts, "BP15-094", cost=5)
    game = position(fields=([merwyn], []), hp=(10, 20), scripts=scripts)
    game.apply(next(a for a in game.legal_actions() if str(a) == "end"))
    while game.active == 0 and game.decision is not None:
        game.apply(game.legal_actions()[-1])  # pass the end-phase windows
    assert game.active == 1
    assert game.players[0].hp == 12
    clerk = _rec(scripts, "BP18-126", cost=2, name="区役所の丙種職員")
    office = CardRecord("K-1", "Office", cost=1, traits=("区役所",))
    junk = CardRecord("J-1", "Junk", cost=9)
    game = position(hands=([clerk, junk], []), decks=([office, junk], []), pp=(2, 0))
    game.scripts = scripts
    clerk_uid, junk_uid = game.players[0].hand
    game.apply(Play(clerk_uid))
    game.apply(Choose("pay"))
    game.apply(Choose(str(junk_uid)))
    office_uid = next(u for u in game.players[0].deck if game.cards[u].base.card_id == "K-1")
    game.apply(Choose(str(office_uid)))
    assert game.cards[office_uid].zone is Zone.HAND


def test_choose_up_to_two_modes() -> None:
    """BP05-078: up to two different options, in the card's order (a follower on each side,
    so options 1 and 2 have one to choose, CR 5.18.4.1)."""
    scripts = _lib("BP05-078")
    spell = _rec(scripts, "BP05-078", card_type="spell", cost=1)
    sides = ([follower("A", 1, 1, 1)], [follower("E", 2, 2, 5)])
    game = position(hands=([spell], []), fields=sides, pp=(1, 0))
    game.scripts = scripts
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2", "mode3"]
    game.apply(Choose("mode3"))
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2", "done"]
    game.apply(Choose("mode2"))
    game.apply(Choose(str(game.players[1].field[0])))  # mode 2 resolves first
    assert game.cards[game.players[1].field[0]].dfn == 3
    while game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(game.legal_actions()[0])  # mode 3's discard
    assert game.players[0].hp == 18


def test_ex_area_triggers_and_cost_by_cards_played() -> None:
    """BP18-004: its Fanfare puts a クリスタリア・イヴ token into the EX area, which draws a
    card (once per own turn); its ability makes that card cost X less, X being the cards
    played this turn."""
    scripts = _lib("BP18-004")
    tia = _rec(scripts, "BP18-004", cost=2)
    game = position(hands=([tia], []), pp=(2, 0), scripts=scripts)
    hand_before = len(game.players[0].hand)
    game.apply(Play(game.players[0].hand[0]))
    (eve,) = game.players[0].ex
    assert len(game.players[0].hand) == hand_before  # played one, drew one
    tia_uid = game.players[0].field[0]
    game.cards[tia_uid].since = game.turn - 1  # may engage: its ability has no other cost
    full = game.play_cost(game.cards[eve])
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("act")))
    game.apply(Choose(str(eve)))
    assert game.play_cost(game.cards[eve]) == max(0, full - 1)  # one card played


def test_when_this_is_put_into_the_ex_area() -> None:
    """CP04-007: put into the EX area from the field, 1 damage to the enemy leader and +1
    defense for yours."""
    scripts = _lib("CP04-007")
    anemone = _rec(scripts, "CP04-007", cost=2)
    game = position(fields=([anemone], []), hp=(10, 20), scripts=scripts)
    game.field_to_ex(game.players[0].field[0])
    game.apply(next(a for a in game.legal_actions() if str(a) == "end"))
    assert game.players[1].hp == 19
    assert game.players[0].hp == 11


def test_buff_by_followers_that_died_this_turn() -> None:
    """BP13-020 (Strike): destroy up to one enemy follower, then +X/+X, X being the
    followers put from the field into a graveyard this turn (that one included)."""
    scripts = _lib("BP13-020")
    albert = scripts.record(
        CardRecord("BP13-020", "A", card_type="evolved_follower", attack=5, defense=5)
    )
    game = position(fields=([albert], [OnField(follower("E", 2, 2, 9), engaged=True)]))
    game.scripts = scripts
    uid, enemy = game.players[0].field[0], game.players[1].field[0]
    game.apply(Attack(uid, LEADER))
    game.apply(Choose(str(enemy)))
    assert game.cards[enemy].zone is Zone.GRAVE
    assert game.cards[uid].atk >= 6


def test_discarded_to_ex_then_played_from_ex() -> None:
    """BP12-054: when discarded it may go into the EX area; from there, with Overflow, pay 3
    and put it into the graveyard to deal 6 damage to an enemy follower."""
    scripts = _lib("BP12-054")
    gilva = _rec(scripts, "BP12-054", cost=9, atk=6, dfn=6)
    cheap = CardRecord("Z-1", "Z", cost=0, attack=1, defense=1)
    game = position(hands=([gilva, cheap], []), fields=([], [follower("E", 3, 3, 7)]), pp=(7, 0))
    game.scripts = scripts
    uid, cheap_uid = game.players[0].hand
    game.discard_card(0, uid)
    game.apply(Play(cheap_uid))  # the discard trigger waits for the next check timing
    assert game.decision is not None
    game.apply(Choose("yes"))
    assert game.cards[uid].zone is Zone.EX
    act = next(a for a in game.legal_actions() if str(a).startswith(f"act {uid}"))
    game.apply(act)
    assert game.cards[uid].zone is Zone.GRAVE
    game.apply(Choose(str(game.players[1].field[0])))
    assert game.cards[game.players[1].field[0]].dfn == 1


def test_keyword_and_strike_given_while_a_condition_holds() -> None:
    """BP13-033 has Assail and a Strike ability (+2/+1) only with 5 Levin cards in your
    graveyard."""
    scripts = _lib("BP13-033")
    meim = _rec(scripts, "BP13-033", cost=2, atk=2, dfn=2)
    levin = CardRecord("L-1", "Levin", card_type="spell", cost=1, traits=("レヴィオン",))
    for grave, boosted in ((0, False), (5, True)):
        game = position(fields=([meim], []), hands=([CardRecord("Z", "Z", cost=0)], []))
        game.scripts = scripts
        for _ in range(grave):
            add_card(game, 0, levin, Zone.GRAVE)
        uid = game.players[0].field[0]
        game.apply(Play(game.players[0].hand[0]))  # a check timing applies the condition
        assert ("assail" in game.cards[uid].keywords) is boosted
        game.apply(Attack(uid, LEADER))
        assert game.players[1].hp == (16 if boosted else 18)


def test_if_you_did() -> None:
    """BP11-071 with Necrocharge 10: it may put a 荒野 follower of cost 3 or less from your
    graveyard onto the field; only if it did, it banishes itself."""
    scripts = _lib("BP11-071")
    hollow = _rec(scripts, "BP11-071", cost=2)
    wild = CardRecord("W-1", "Wild", cost=2, attack=2, defense=2, traits=("荒野",))
    for take in (True, False):
        game = position(hands=([hollow], []), pp=(2, 0), scripts=scripts)
        wild_uid = add_card(game, 0, wild, Zone.GRAVE)
        for _ in range(9):
            add_card(game, 0, follower("G", 9), Zone.GRAVE)
        uid = game.players[0].hand[0]
        game.apply(Play(uid))
        game.apply(Choose(str(wild_uid) if take else "done"))
        assert (game.cards[wild_uid].zone is Zone.FIELD) is take
        assert (game.cards[uid].zone is Zone.BANISH) is take


def test_back_from_the_graveyard_then_banished_when_it_dies() -> None:
    """BP12-071: with 10 cards in your graveyard and no other copy on your field, pay 1 to
    put it from the graveyard onto the field; when it next goes to the graveyard it is
    banished."""
    scripts = _lib("BP12-071")
    gremory = _rec(scripts, "BP12-071", cost=3, name="死期を視るもの・グレモリー")
    game = position(pp=(1, 0), scripts=scripts)
    uid = add_card(game, 0, gremory, Zone.GRAVE)
    for _ in range(8):
        add_card(game, 0, follower("G", 9), Zone.GRAVE)
    assert not any(str(a).startswith("act") for a in game.legal_actions())
    add_card(game, 0, follower("G", 9), Zone.GRAVE)
    game.apply(next(a for a in game.legal_actions() if str(a).startswith(f"act {uid}")))
    game.apply(Choose("stand"))  # it has Ward: it may enter engaged (CR 12.8.2)
    assert game.cards[uid].zone is Zone.FIELD
    game.destroy([uid])
    game.apply(next(a for a in game.legal_actions() if str(a) == "end"))
    assert game.cards[uid].zone is Zone.BANISH


def test_token_onto_the_field_or_into_ex_or_not_at_all() -> None:
    """BP07-018: a 『ナテラの大樹』 may go onto the field or into the EX area (or nowhere)."""
    scripts = _lib("BP07-018")
    baelion = _rec(scripts, "BP07-018", cost=5, atk=4, dfn=4)
    for mode, field, ex in (("mode1", 2, 0), ("mode2", 1, 1), ("mode3", 1, 0)):
        game = position(hands=([baelion], []), pp=(5, 0), scripts=scripts)
        game.apply(Play(game.players[0].hand[0]))
        game.apply(Choose("stand"))  # it has Ward (CR 12.8.2)
        assert game.decision is not None
        assert game.decision.options == ["mode1", "mode2", "mode3"]
        game.apply(Choose(mode))
        assert (len(game.players[0].field), len(game.players[0].ex)) == (field, ex)


def test_when_a_strong_follower_of_yours_attacks() -> None:
    """BP18-060: when a 武闘竜人 follower of yours with attack 4 or more attacks, 1 damage
    to an enemy follower and to its leader; a weaker one does nothing."""
    scripts = _lib("BP18-060")
    tenka = _rec(scripts, "BP18-060", cost=3)
    strong = CardRecord("W-4", "Strong", cost=4, attack=4, defense=4, traits=("武闘竜人",))
    weak = CardRecord("W-2", "Weak", cost=2, attack=2, defense=2, traits=("武闘竜人",))
    game = position(fields=([tenka, weak, strong], [follower("E", 2, 2, 5)]), scripts=scripts)
    _tenka, weak_uid, strong_uid = game.players[0].field
    enemy = game.players[1].field[0]
    game.apply(Attack(weak_uid, LEADER))
    assert game.players[1].hp == 18
    game.apply(Attack(strong_uid, LEADER))
    game.apply(Choose(str(enemy)))
    assert game.cards[enemy].dfn == 4
    assert game.players[1].hp == 18 - 1 - 4


def test_graveyard_card_to_ex_costs_less_this_turn() -> None:
    """CP04-083: a ディアボロス follower of another name goes from your graveyard to your EX
    area and costs 2 less to play this turn; a card of its own name is not offered."""
    scripts = _lib("CP04-083")
    akari = _rec(scripts, "CP04-083", cost=2, name="アカリ", traits=("ディアボロス",))
    same = CardRecord("A-2", "アカリ", cost=2, attack=2, defense=2, traits=("ディアボロス",))
    other = CardRecord("D-4", "D", cost=4, attack=4, defense=4, traits=("ディアボロス",))
    game = position(hands=([akari], []), pp=(2, 0), scripts=scripts)
    add_card(game, 0, same, Zone.GRAVE)
    target = add_card(game, 0, other, Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    assert Choose(str(target)) in game.legal_actions()
    assert len([a for a in game.legal_actions() if isinstance(a, Choose)]) == 1
    game.apply(Choose(str(target)))
    assert game.cards[target].zone is Zone.EX
    assert game.play_cost(game.cards[target]) == 2


def test_evolve_any_number_of_times_while_on_the_field() -> None:
    """BP18-005: while it is on your field, you may evolve more than once per turn; without
    it, the one-evolve-per-turn rule holds (CR 8.3.2.1)."""
    scripts = _lib("BP18-005")
    enabler = _rec(scripts, "BP18-005", cost=2, name="Enabler")
    a = CardRecord("A-1", "A", cost=1, attack=1, defense=1)
    b = CardRecord("B-1", "B", cost=1, attack=1, defense=1)
    c = CardRecord("C-1", "C", cost=1, attack=1, defense=1)
    game = position(
        fields=([enabler, a, b, c], []),
        evolve=([evolved(a), evolved(b), evolved(c)], []),
        pp=(6, 0),
        ep=(0, 0),
        scripts=scripts,
    )
    _ena, ua, ub, uc = game.players[0].field
    game.apply(Evolve(ua, False, False))
    game.apply(Evolve(ub, False, False))
    assert Evolve(uc, False, False) in game.legal_actions()
    game = position(
        fields=([a, b], []), evolve=([evolved(a), evolved(b)], []), pp=(6, 0), scripts=scripts
    )
    ua, ub = game.players[0].field
    game.apply(Evolve(ua, False, False))
    assert Evolve(ub, False, False) not in game.legal_actions()


def test_counters_are_gone_when_a_card_leaves_the_field() -> None:
    """CR 4.1.4: a card that moves to another zone is a new card, so the named counters it
    had on the field do not follow it; counters on a card that stays are kept."""
    game = position(fields=([follower("A", 2), follower("B", 2)], []))
    gone, stays = game.players[0].field
    for uid in (gone, stays):
        game.add_counter(uid, COUNTER_PREFIX + "charge", 2)
    game.destroy([gone])
    assert game.cards[gone].zone is Zone.GRAVE
    assert COUNTER_PREFIX + "charge" not in (game.cards[gone].counters or {})
    assert (game.cards[stays].counters or {})[COUNTER_PREFIX + "charge"] == 2


def test_activation_needs_a_follower_with_enough_attack() -> None:
    """BP18-070 (Act, engage it and put it into the graveyard: +1 defense to your leader)
    can be used only while you have a 武闘竜人 follower of attack 4 or more."""
    scripts = _lib("BP18-070")
    gift = _rec(scripts, "BP18-070", card_type="amulet", cost=1)
    for attack, usable in ((4, True), (3, False)):
        fighter = CardRecord("X-F", "F", cost=4, attack=attack, defense=4, traits=("武闘竜人",))
        game = position(fields=([gift, fighter], []), scripts=scripts)
        acts = [a for a in game.legal_actions() if str(a).startswith("act")]
        assert bool(acts) is usable


def test_damage_counts_only_the_other_followers() -> None:
    """BP17-076 (Strike: damage to an enemy follower equal to your other 機械 followers)
    does not count itself: with two other machines the damage is 2."""
    scripts = _lib("BP17-076")
    mono = _rec(scripts, "BP17-076", cost=3, atk=2, dfn=2, traits=("機械",))
    machine = CardRecord("X-M", "M", cost=1, attack=1, defense=1, traits=("機械",))
    enemy = follower("E", 2, 1, 6)
    game = position(fields=([mono, machine, machine], [enemy]), scripts=scripts)
    game.apply(Attack(game.players[0].field[0], LEADER))
    game.apply(Choose(str(game.players[1].field[0])))
    assert game.cards[game.players[1].field[0]].dfn == 4
