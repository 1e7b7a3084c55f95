"""Groups, choices and conditions that BP19-BP22 brought in (read from SVEN's text): a
choice of a follower on either side, a group by class and trait given stats and keywords,
and conditions on the enemy field, the field or graveyard, the turn, keywords on the field,
the attack being made, crests and exact counts; auto abilities that work N times a turn.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Attack, Evolve, Play
from engine.sve.actions import Choose
from engine.sve.board import Kind, Zone
from engine.sve.effects.conditions import AttackingFollower, HaveOnField, OwnTurnAtLeast
from engine.sve.effects.selectors import Targets
from engine.sve.position import OnField, add_card, position
from tests.engine.library_cards import library_record, library_scripts, resolve_in_order


def _follower(name: str, atk: int = 1, dfn: int = 1, **kw: object) -> CardRecord:
    return CardRecord(f"X-{name}", name, cost=1, attack=atk, defense=dfn, **kw)  # type: ignore[arg-type]


# --- a follower on either side ---------------------------------------------------------------


@pytest.mark.parametrize("side", [0, 1])
def test_bp20_118_chooses_another_follower_on_either_side(side: int) -> None:
    """BP20-118 (Fanfare): another follower on the field, yours or the enemy's, gets
    +2/-2; the card itself is never offered (CR 10.6.2.3)."""
    scripts = library_scripts("BP20-118")
    card = library_record(scripts, "BP20-118", cost=2, atk=2, dfn=2)
    game = position(
        hands=([card], []), fields=([_follower("Mine", 1, 5)], [_follower("Theirs", 1, 5)]),
        pp=(9, 0), scripts=scripts,
    )  # fmt: skip
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    assert game.decision is not None
    assert str(uid) not in game.decision.options
    chosen = game.players[side].field[0]
    game.apply(Choose(str(chosen)))
    assert (game.cards[chosen].atk, game.cards[chosen].dfn) == (3, 3)


# --- a group by class and trait: stats and keywords --------------------------------------------


def test_bp19_012_gives_puppet_tokens_attack_and_assail_and_no_other_card() -> None:
    """BP19-012 (spell): two Puppet tokens, then each 人形 token follower of yours gets +2
    attack and Assail; a 人形 follower that is not a token gets neither."""
    scripts = library_scripts("BP19-012")
    spell = library_record(scripts, "BP19-012", card_type="spell", cost=3)
    doll = _follower("Doll", traits=("人形",))
    game = position(hands=([spell], []), fields=([doll], []), pp=(9, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    resolve_in_order(game)
    field = [game.cards[u] for u in game.players[0].field]
    tokens = [c for c in field if c.token]
    assert len(tokens) == 2
    assert all(c.atk == 3 and "assail" in c.keywords for c in tokens)
    plain = next(c for c in field if not c.token)
    assert plain.atk == 1
    assert "assail" not in plain.keywords


@pytest.mark.parametrize(("card_class", "traits", "grows"), [
    ("abyss", ("絶傑",), True), ("haven", ("絶傑",), False), ("abyss", ("魔界",), False),
])  # fmt: skip
def test_a_group_of_a_class_and_a_trait_needs_both(
    card_class: str, traits: tuple[str, ...], grows: bool
) -> None:
    """BP20-075 option 2: this gets Storm and each 【ナイトメア】絶傑 follower of yours +1
    attack: a follower of that class and trait grows, one missing either does not."""
    scripts = library_scripts("BP20-075")
    base = CardRecord("BP20-074", "Ruler", cost=5, attack=3, defense=3)
    evolved = library_record(scripts, "BP20-075", card_type="evolved_follower", name="Ruler")
    ally = _follower("Ally", card_class=card_class, traits=traits)
    game = position(
        fields=([base, ally], []), evolve=([evolved], []), pp=(9, 0), turn=7, scripts=scripts
    )
    game.apply(Evolve(game.players[0].field[0]))
    assert game.decision is not None
    assert game.decision.kind is Kind.PICK
    game.apply(Choose(game.decision.options[1]))
    resolve_in_order(game)
    assert game.cards[game.players[0].field[1]].atk == (2 if grows else 1)
    assert "storm" in game.cards[game.players[0].field[0]].keywords


# --- conditions --------------------------------------------------------------------------------


@pytest.mark.parametrize(("defense", "draws"), [(1, True), (2, False)])
def test_bp20_009_draws_if_an_enemy_follower_has_exactly_1_defense(
    defense: int, draws: bool
) -> None:
    """BP20-009 (Fanfare): an enemy follower with 1 defense draws a card; one with 2 does
    not. An enemy with Aura counts: a condition chooses nothing (CR 12.15)."""
    scripts = library_scripts("BP20-009")
    card = library_record(scripts, "BP20-009")
    foe = _follower("Foe", 1, defense, keywords=("aura",))
    game = position(hands=([card], []), fields=([], [foe]), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    resolve_in_order(game)
    assert len(p.hand) == (1 if draws else 0)


def test_an_enemy_field_condition_looks_at_the_enemy_field_only() -> None:
    """``相手の場に体力1のフォロワーがいる``: your own follower with 1 defense does not count."""
    game = position(fields=([_follower("Mine")], [_follower("Theirs", 1, 3)]))
    assert not HaveOnField(Targets(defense=1)).holds(game, 0, -1)
    assert HaveOnField(Targets(defense=1)).holds(game, 1, -1)


@pytest.mark.parametrize("where", ["field", "grave", None])
def test_bp19_115_recovers_pp_with_a_cutthroat_on_the_field_or_in_the_graveyard(
    where: str | None,
) -> None:
    """BP19-115 (Fanfare): draw, then 2 PP back if a follower whose name contains
    カットスロート is on your field or in your graveyard; without one, no PP."""
    scripts = library_scripts("BP19-115")
    card = library_record(scripts, "BP19-115", cost=3)
    mate = _follower("暗躍のカットスロート")
    game = position(
        hands=([card], []),
        fields=([mate] if where == "field" else [], []),
        pp=(5, 0),
        scripts=scripts,
    )
    if where == "grave":
        add_card(game, 0, mate, Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    resolve_in_order(game)
    assert game.players[0].pp == (4 if where else 2)


@pytest.mark.parametrize(("own_turns", "draws"), [(8, True), (7, False)])
def test_bp19_116_draws_from_your_eighth_turn(own_turns: int, draws: bool) -> None:
    """BP19-116 (act: engage, sacrifice): draw a card only on your 8th turn or later."""
    scripts = library_scripts("BP19-116")
    amulet = library_record(scripts, "BP19-116", card_type="amulet")
    game = position(fields=([amulet], []), own_turns=(own_turns, 7), turn=15, scripts=scripts)
    p = game.players[0]
    game.apply(Activate(p.field[0], 0))
    resolve_in_order(game)
    assert len(p.hand) == (1 if draws else 0)
    assert OwnTurnAtLeast(8).holds(game, 0, -1) is draws


@pytest.mark.parametrize(("wards", "hurt"), [(3, 2), (2, 0)])
def test_bp22_093_hurts_with_three_ward_followers(wards: int, hurt: int) -> None:
    """BP22-093 (Fanfare): 2 damage to the chosen enemy follower if 3 or more followers of
    yours have Ward now (BP22-093 itself counts); with fewer, none."""
    scripts = library_scripts("BP22-093")
    card = library_record(scripts, "BP22-093")
    others = [_follower(f"W{i}", keywords=("ward",)) for i in range(wards - 1)]
    game = position(
        hands=([card], []), fields=(others, [_follower("Foe", 1, 5)]), pp=(9, 0), scripts=scripts
    )
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("stand"))  # a Ward follower may enter engaged (CR 12.8.2)
    foe = game.players[1].field[0]
    game.apply(Choose(str(foe)))
    resolve_in_order(game)
    assert game.cards[foe].dfn == 5 - hurt


@pytest.mark.parametrize(("on_follower", "hurt"), [(True, 3), (False, 0)])
def test_bp21_085_hurts_the_leader_only_when_attacking_a_follower(
    on_follower: bool, hurt: int
) -> None:
    """BP21-085 (Follower Strike): attacking a follower deals its attack to the enemy
    leader; attacking the leader does not (CR 8.4)."""
    scripts = library_scripts("BP21-085")
    card = library_record(scripts, "BP21-085", atk=3, dfn=3)
    foe = _follower("Foe", 1, 9)
    game = position(fields=([card], [OnField(foe, engaged=True)]), scripts=scripts)
    attacker = game.players[0].field[0]
    target = game.players[1].field[0] if on_follower else -1
    game.apply(Attack(attacker, target))
    resolve_in_order(game)
    damage_to_leader = 0 if on_follower else 3
    assert game.players[1].hp == 20 - hurt - damage_to_leader


def test_attacking_a_follower_with_a_defense_limit() -> None:
    """``体力5以下のフォロワーへの攻撃なら`` (BP03-027): while this card's attack on a follower
    is being made, with that follower's defense now; an attack on the leader, or another
    card's attack, does not count."""
    game = position(fields=([_follower("A"), _follower("B")], [_follower("C", 1, 6)]))
    attacker, other = game.players[0].field
    foe = game.players[1].field[0]
    game.attacker, game.attack_target = attacker, foe  # CR 8.4.4: the attack declared
    assert AttackingFollower().holds(game, 0, attacker)
    assert not AttackingFollower().holds(game, 0, other)
    assert not AttackingFollower(5).holds(game, 0, attacker)
    game.writable(foe).dfn = 5
    assert AttackingFollower(5).holds(game, 0, attacker)
    game.attack_target = -1  # the leader
    assert not AttackingFollower().holds(game, 0, attacker)


@pytest.mark.parametrize(("where", "hurts"), [("field", True), ("ex", True), (None, False)])
def test_bp20_057_needs_another_omen_card_on_the_field_or_in_the_ex_area(
    where: str | None, hurts: bool
) -> None:
    """BP20-057 (Fanfare): another 絶傑 card on your field or in your EX area deals 1 damage
    to each follower (BP20-057 among them, whose "takes ability damage in your turn" then
    deals 1 more to each enemy follower); BP20-057 itself (a 絶傑 card) does not count."""
    scripts = library_scripts("BP20-057")
    card = library_record(scripts, "BP20-057", cost=4, atk=3, dfn=5, traits=("絶傑",))
    omen = _follower("Omen", 1, 3, traits=("絶傑",))
    game = position(
        hands=([card], []), fields=([omen] if where == "field" else [], [_follower("Foe", 1, 3)]),
        ex=([omen] if where == "ex" else [], []), pp=(9, 0), scripts=scripts,
    )  # fmt: skip
    game.apply(Play(game.players[0].hand[0]))
    if game.decision is not None and game.decision.kind is Kind.WARD_ENTER:
        game.apply(Choose("stand"))
    resolve_in_order(game)
    assert game.cards[game.players[1].field[0]].dfn == (1 if hurts else 3)


@pytest.mark.parametrize(("crests", "heals"), [(3, True), (2, False)])
def test_bp20_101_counts_crests_in_the_ex_area(crests: int, heals: bool) -> None:
    """BP20-101 (Fanfare): with 3 crests (``token_crest``) in your EX area your leader gets
    +2 defense; with 2 crests and another EX card, nothing."""
    scripts = library_scripts("BP20-101")
    card = library_record(scripts, "BP20-101")
    crest = CardRecord("X-Crest", "Crest", card_type="token_crest")
    ex = [crest] * crests + [_follower("Other")] * (3 - crests)
    game = position(hands=([card], []), ex=(ex, []), hp=(15, 20), pp=(9, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    resolve_in_order(game)
    assert game.players[0].hp == (17 if heals else 15)


@pytest.mark.parametrize(("swords", "stands"), [(10, True), (9, False)])
def test_bp19_021_stands_with_exactly_ten_swordcraft_followers_twice_a_turn(
    swords: int, stands: bool
) -> None:
    """BP19-021 (Strike): with 10 swordcraft followers on your field and in your EX area it
    stands again, at most twice a turn (``この能力は1ターンに2回働く``); with 9, never."""
    scripts = library_scripts("BP19-021")
    card = library_record(scripts, "BP19-021", cost=7, atk=1, dfn=8)
    card = CardRecord(
        card.card_id, card.name, card_class="sword", cost=7, attack=1, defense=8,
        keywords=card.keywords,
    )  # fmt: skip
    knights = [_follower(f"K{i}", card_class="sword") for i in range(swords - 1)]
    game = position(fields=([card, *knights[:4]], []), ex=(knights[4:], []), scripts=scripts)
    uid = game.players[0].field[0]
    for attack in range(3):
        game.apply(Attack(uid, -1))
        resolve_in_order(game)
        assert game.cards[uid].engaged is not (stands and attack < 2), attack
        if game.cards[uid].engaged:
            break


@pytest.mark.parametrize(("engaged", "allowed"), [(True, True), (False, False)])
def test_an_engaged_only_selector_offers_engaged_cards_only(engaged: bool, allowed: bool) -> None:
    """``アクト状態の相手の場のフォロワー`` (BP11-P30): a standing follower is not offered."""
    game = position(fields=([], [OnField(_follower("Foe"), engaged=engaged)]))
    foe = game.players[1].field[0]
    assert (foe in game.candidates(Targets(engaged=True), 0)) is allowed


# --- counters on a card in the EX area, and a number alone after a count -----------------------


@pytest.mark.parametrize(("passion", "max_pp", "dfn"), [(10, 6, 7), (4, 6, 1), (3, 5, 1)])
def test_bp21_061_reads_passion_counters_in_the_ex_area_and_the_chained_number(
    passion: int, max_pp: int, dfn: int
) -> None:
    """BP21-061 (Strike): a card in your EX area with 4 or more passion counters raises your
    PP maximum by 1; "10個以上なら" is the same count with 10 (its English: "If it has at
    least 10"), which gives this +6 defense; 3 counters do neither."""
    scripts = library_scripts("BP21-061")
    card = library_record(scripts, "BP21-061", cost=2, atk=1, dfn=1)
    game = position(
        fields=([card], []), ex=([_follower("Teacher")], []), max_pp=(5, 5), scripts=scripts
    )
    game.add_counter(game.players[0].ex[0], "c:情熱", passion)
    uid = game.players[0].field[0]
    game.apply(Attack(uid, -1))
    resolve_in_order(game)
    assert game.players[0].max_pp == max_pp
    assert game.cards[uid].dfn == dfn


def test_counters_on_this_card_are_not_counters_in_the_ex_area() -> None:
    """``自分のEXエリアのカード1枚の…カウンター``: the counters of a field card do not count."""
    from engine.sve.effects.conditions import CountersAtLeast

    game = position(fields=([_follower("Here")], []), ex=([_follower("There")], []))
    here, there = game.players[0].field[0], game.players[0].ex[0]
    game.add_counter(here, "c:情熱", 4)
    assert not CountersAtLeast("情熱", 4, ex=True).holds(game, 0, here)
    assert CountersAtLeast("情熱", 4).holds(game, 0, here)
    game.add_counter(there, "c:情熱", 4)
    assert CountersAtLeast("情熱", 4, ex=True).holds(game, 0, here)
    assert not CountersAtLeast("情熱", 4, ex=True).holds(game, 1, -1)


@pytest.mark.parametrize(("swords", "hand", "storm", "hp"), [
    (4, 0, False, 20), (5, 1, False, 20), (10, 1, True, 22), (20, 1, True, 22),
])  # fmt: skip
def test_bp18_023_counts_again_with_each_number(
    swords: int, hand: int, storm: bool, hp: int
) -> None:
    """BP18-023 (Fanfare): 5 swordcraft followers in your graveyard draw a card; "10枚以上
    なら" (at least 10 of them) gives Storm and your leader +2 defense, as its English puts
    both under that condition; 20 gives +7/+7 too."""
    scripts = library_scripts("BP18-023")
    card = library_record(scripts, "BP18-023", cost=2, atk=3, dfn=3)
    game = position(hands=([card], []), pp=(9, 0), scripts=scripts)
    for i in range(swords):
        add_card(game, 0, _follower(f"S{i}", card_class="sword"), Zone.GRAVE)
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    resolve_in_order(game)
    assert len(game.players[0].hand) == hand
    assert ("storm" in game.cards[uid].keywords) is storm
    assert game.players[0].hp == hp
    assert game.cards[uid].atk == (10 if swords >= 20 else 3)
