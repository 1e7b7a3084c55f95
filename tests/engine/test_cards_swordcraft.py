"""Swordcraft cards modelled by templates and hand encodings, and the mechanics they need
(the Boxed state, CR 5.31; ...), each tested in a game position both ways.

Scripts come from the committed library (``engine/sve/data/abilities.json``); card records
are built here from facts only (id, name, class, type, cost, stats, traits).
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Attack, Choose, End, Evolve, Play
from engine.sve.board import Zone
from engine.sve.effects.conditions import CameFrom
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Damage
from engine.sve.effects.deck import Draw
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.stats import Buff
from engine.sve.library import library, script_of
from engine.sve.position import (
    FILLER,
    OnField,
    add_card,
    amulet,
    evolved,
    follower,
    position,
    spell,
)
from engine.sve.state import State


def _scripts(*card_ids: str, extra: tuple[CardScript, ...] = ()) -> Scripts:
    """A registry with the library scripts of ``card_ids`` and the given test scripts."""
    cards = library()["cards"]
    return Scripts([*(script_of(c, cards[c]) for c in card_ids), *extra])


def _sword(card_id: str, name: str, cost: int, atk: int, dfn: int, *traits: str) -> CardRecord:
    return CardRecord(
        card_id, name, card_class="sword", cost=cost, attack=atk, defense=dfn, traits=traits
    )


def _settle(game: State) -> None:
    """Answer Quick windows and choices with their first option until the main phase."""
    while game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(game.legal_actions()[0])


def _end_turn(game: State) -> None:
    """End the active player's turn and pass through the next start phase."""
    game.apply(End())
    while game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(game.legal_actions()[0])


# --- BP11-018 and the Boxed state (CR 5.31) -------------------------------------------------

NACHT = _sword("BP11-018", "カースドクイーン・ナハト・ナハト", 4, 3, 5, "荒野", "指揮官")
LAST_WORDS = follower("LW", 2, 2, 2, "ward")
"""A test follower with Ward and 'Last Words: draw a card'."""
LW_SCRIPT = CardScript("X-LW", (Ability(Trigger.LAST_WORDS, (Draw(1),)),))


def _boxed_game() -> tuple[State, int, int]:
    """Nacht on player 0's field, the Ward + Last Words follower on player 1's, and the
    activated ability used on it (cost 0). Returns the game, Nacht's and the target's uid."""
    game = position(
        fields=([NACHT], [LAST_WORDS]),
        pp=(4, 0),
        scripts=_scripts("BP11-018", extra=(LW_SCRIPT,)),
    )
    nacht, target = game.players[0].field[0], game.players[1].field[0]
    game.apply(Activate(nacht, 0))
    game.apply(Choose(str(target)))
    return game, nacht, target


def test_nacht_fanfare_finds_a_cost_1_swordcraft_card_for_the_ex_area() -> None:
    """BP11-018 Fanfare: a Swordcraft card of original cost 1 from the deck goes to the EX
    area; a cost-2 Swordcraft card and a cost-1 neutral card are not offered."""
    one = _sword("S-1", "One", 1, 1, 1)
    two = _sword("S-2", "Two", 2, 2, 2)
    neutral = follower("N", 1, 1, 1)
    game = position(
        hands=([NACHT], []), decks=([two, neutral, one], 5), pp=(4, 0), scripts=_scripts("BP11-018")
    )
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    found = [o for o in d.options if o != "done"]
    assert [game.cards[int(o)].base.card_id for o in found] == ["S-1"]
    game.apply(Choose(found[0]))
    assert [game.cards[u].base.card_id for u in game.players[0].ex] == ["S-1"]


def test_boxed_follower_is_engaged_and_loses_keywords_and_last_words() -> None:
    """BP11-018 Act: the chosen enemy follower is engaged and Boxed: it loses Ward (CR
    5.31.2) and, destroyed while Boxed, its Last Words does not go off; an unboxed copy
    destroyed the same way does draw."""
    game, nacht, target = _boxed_game()
    card = game.cards[target]
    assert card.engaged
    assert "ward" not in card.keywords
    hand = len(game.players[1].hand)
    game.apply(Attack(nacht, target))
    _settle(game)
    assert card.zone is Zone.GRAVE
    assert len(game.players[1].hand) == hand  # no Last Words
    # The rule the other way: without the Boxed state the Last Words draws.
    plain = position(
        fields=([NACHT], [OnField(LAST_WORDS, engaged=True)]),
        scripts=_scripts("BP11-018", extra=(LW_SCRIPT,)),
    )
    uid = plain.players[1].field[0]
    assert "ward" in plain.cards[uid].keywords
    before = len(plain.players[1].hand)
    plain.apply(Attack(plain.players[0].field[0], uid))
    _settle(plain)
    assert plain.cards[uid].zone is Zone.GRAVE
    assert len(plain.players[1].hand) == before + 1


def test_boxed_follower_does_not_stand_and_recovers_after_its_next_turn() -> None:
    """CR 5.31.3: the Boxed follower stays engaged through its controller's next start phase
    and has no Ward in that turn; at that turn's end the state ends, it has Ward again and
    stands in the following start phase."""
    game, _nacht, target = _boxed_game()
    card = game.cards[target]
    _end_turn(game)  # player 1's turn: no rule stand
    assert game.active == 1
    assert card.engaged
    assert "ward" not in card.keywords
    _end_turn(game)  # player 1's turn ended: no longer Boxed
    assert game.active == 0
    assert "ward" in card.keywords
    _end_turn(game)  # player 1's next start phase: it stands
    assert game.active == 1
    assert not card.engaged


def test_nacht_ability_is_once_per_turn_and_needs_an_enemy_follower() -> None:
    """BP11-018 Act: usable once per turn (the second use is not offered); with no enemy
    follower it cannot be used at all (CR 10.6.2.3.3)."""
    second = follower("Other", 2, 2, 2)
    game = position(
        fields=([NACHT], [LAST_WORDS, second]),
        pp=(4, 0),
        scripts=_scripts("BP11-018", extra=(LW_SCRIPT,)),
    )
    nacht = game.players[0].field[0]
    assert Activate(nacht, 0) in game.legal_actions()
    game.apply(Activate(nacht, 0))
    game.apply(Choose(str(game.players[1].field[0])))
    assert Activate(nacht, 0) not in game.legal_actions()
    empty = position(fields=([NACHT], []), pp=(4, 0), scripts=_scripts("BP11-018"))
    assert Activate(empty.players[0].field[0], 0) not in empty.legal_actions()


def test_boxed_follower_cannot_evolve_until_the_state_ends() -> None:
    """CR 5.31.2 / 12.2.1: a Boxed follower has lost its evolve ability; another follower of
    the same player may still evolve."""
    base = follower("Evo", 2, 2, 2)
    game = position(
        fields=([NACHT], [base, follower("Free", 2, 2, 2)]),
        evolve=([], [evolved(base), evolved(follower("Free", 2, 2, 2))]),
        pp=(4, 0),
        scripts=_scripts("BP11-018"),
    )
    boxed, free = game.players[1].field
    game.apply(Activate(game.players[0].field[0], 0))
    game.apply(Choose(str(boxed)))
    _end_turn(game)
    evolves = {a.uid for a in game.legal_actions() if isinstance(a, Evolve)}
    assert boxed not in evolves
    assert free in evolves


def test_ability_gained_after_boxing_is_kept() -> None:
    """CR 5.31.2.1: a keyword given after the follower was Boxed is kept; one it had gained
    before is gone while it is Boxed and back when the state ends."""
    game = position(
        fields=([NACHT], [follower("Plain", 2, 2, 2)]), pp=(4, 0), scripts=_scripts("BP11-018")
    )
    target = game.players[1].field[0]
    game.modify(target, 0, 0, ("bane",), False)  # gained for good before
    game.apply(Activate(game.players[0].field[0], 0))
    game.apply(Choose(str(target)))
    card = game.cards[target]
    assert "bane" not in card.keywords
    game.modify(target, 0, 0, ("drain",), False)  # gained while Boxed
    assert "drain" in card.keywords
    _end_turn(game)
    _end_turn(game)
    assert set(card.keywords) >= {"bane", "drain"}


def test_boxed_follower_abilities_do_not_trigger() -> None:
    """CR 5.31.2: a Boxed follower's own auto abilities do not go off (here: 'when another
    follower enters your field, +1/+0'); once the state has ended they do."""
    watcher = follower("Watch", 2, 2, 2)
    script = CardScript("X-Watch", (Ability(Trigger.ALLY_ENTERS, (Buff(1, 0),)),))
    newcomer = follower("New", 1, 1, 1)
    game = position(
        fields=([NACHT], [watcher]),
        hands=([], [newcomer, newcomer]),
        pp=(4, 0),
        scripts=_scripts("BP11-018", extra=(script,)),
    )
    target = game.players[1].field[0]
    game.apply(Activate(game.players[0].field[0], 0))
    game.apply(Choose(str(target)))
    _end_turn(game)
    game.apply(Play(game.players[1].hand[0]))
    assert game.cards[target].atk == 2  # Boxed: no trigger
    _end_turn(game)
    _end_turn(game)
    game.apply(Play(game.players[1].hand[0]))
    assert game.cards[target].atk == 3


def test_boxed_follower_returned_and_replayed_has_its_abilities() -> None:
    """A Boxed card that leaves the field is a new card (CR 5.31 ends with it): played
    again it keeps Ward."""
    game, _nacht, target = _boxed_game()
    game.return_to_hand(target)
    game._run()
    assert game.cards[target].zone is Zone.HAND
    _end_turn(game)
    game.players[1].pp = 5
    game.apply(Play(target))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(Choose(game.decision.options[0]))
    assert "ward" in game.cards[target].keywords


# --- BP13-027 (evolved): Albert followers -----------------------------------------------------

RENES = _sword("BP13-026", "レヴィオンの見習い・ルネス", 1, 1, 1, "兵士", "レヴィオン")
RENES_EVO = CardRecord(
    "BP13-027",
    RENES.name,
    card_class="sword",
    card_type="evolved_follower",
    attack=2,
    defense=2,
    traits=RENES.traits,
)
ALBERT_4 = _sword("X-Albert4", "レヴィオンの迅雷・アルベール", 4, 4, 5, "兵士")
ALBERT_6 = _sword("X-Albert6", "雷滅卿・アルベール", 6, 3, 5, "兵士")
NOT_SWORD = CardRecord("X-Alb", "偽アルベール", card_class="rune", cost=2, attack=2, defense=2)


def _renes_evolves(hand: list[CardRecord], max_pp: int) -> State:
    """Renes on player 0's field evolves (paying 2 PP) with ``hand``; an enemy 2/4 is on
    the other field."""
    game = position(
        fields=([RENES], [follower("E", 3, 2, 4)]),
        hands=(hand, []),
        evolve=([RENES_EVO], []),
        pp=(max_pp, 0),
        max_pp=(max_pp, 0),
        scripts=_scripts("BP13-027"),
    )
    game.apply(Evolve(game.players[0].field[0], False, False))
    return game


def test_renes_on_evolve_puts_an_albert_with_cost_up_to_the_pp_maximum() -> None:
    """BP13-027 On Evolve: a Swordcraft follower whose name contains 'Albert' and whose
    original cost is at most the PP maximum may go from the hand onto the field; a costlier
    one and a non-Swordcraft one are not offered."""
    game = _renes_evolves([ALBERT_4, ALBERT_6, NOT_SWORD], max_pp=5)
    d = game.decision
    assert d is not None
    offered = {game.cards[int(o)].base.card_id for o in d.options if o != "done"}
    assert offered == {"X-Albert4"}
    assert "done" in d.options  # "may": the player can decline
    game.apply(Choose(next(o for o in d.options if o != "done")))
    (albert,) = [u for u in game.players[0].field if game.cards[u].base.card_id == "X-Albert4"]
    # Put from the hand by an ability: it came from the hand, and by an ability.
    assert CameFrom("hand").holds(game, 0, albert)
    assert CameFrom("ability").holds(game, 0, albert)
    # With the PP maximum at 6 the cost-6 Albert is offered too.
    wide = _renes_evolves([ALBERT_4, ALBERT_6], max_pp=6)
    assert wide.decision is not None
    offered = {wide.cards[int(o)].base.card_id for o in wide.decision.options if o != "done"}
    assert offered == {"X-Albert4", "X-Albert6"}


def test_renes_pays_1_pp_for_3_damage_when_an_albert_enters_in_your_turn() -> None:
    """BP13-027: when an Albert follower enters your field in your turn you may pay 1 PP to
    deal 3 damage to an enemy follower; declining costs nothing; a follower of another name
    does not trigger it."""
    game = _renes_evolves([ALBERT_4], max_pp=5)  # 3 PP left after evolving
    d = game.decision
    assert d is not None
    game.apply(Choose(next(o for o in d.options if o != "done")))
    d = game.decision
    assert d is not None
    assert d.options == ["pay", "done"]
    game.apply(Choose("pay"))
    enemy = game.players[1].field[0]
    game.apply(Choose(str(enemy)))
    assert game.cards[enemy].dfn == 1
    assert game.players[0].pp == 2
    # Declined: no PP spent, no damage.
    other = _renes_evolves([ALBERT_4], max_pp=5)
    assert other.decision is not None
    other.apply(Choose(next(o for o in other.decision.options if o != "done")))
    other.apply(Choose("done"))
    assert other.players[0].pp == 3
    assert other.cards[other.players[1].field[0]].dfn == 4
    # A follower without 'Albert' in its name: no trigger.
    plain = position(
        fields=([OnField(RENES, evolved=RENES_EVO)], [follower("E", 3, 2, 4)]),
        hands=([_sword("X-S", "兵士", 1, 1, 1)], []),
        pp=(3, 0),
        scripts=_scripts("BP13-027"),
    )
    plain.apply(Play(plain.players[0].hand[0]))
    assert plain.decision is not None
    assert plain.decision.kind.name == "MAIN"
    assert plain.players[0].pp == 2


def test_renes_trigger_needs_your_own_turn() -> None:
    """BP13-027: an Albert follower entering your field in the opponent's turn does not
    trigger the damage ability."""
    game = position(
        active=1,
        fields=([OnField(RENES, evolved=RENES_EVO)], [follower("E", 3, 2, 4)]),
        hands=([ALBERT_4], []),
        pp=(3, 3),
        scripts=_scripts("BP13-027"),
    )
    game.decision = None
    game.move_found(game.players[0].hand[0], "field", 0)
    game._run()
    assert game.decision is not None
    assert game.decision.kind.name == "MAIN"
    assert game.decision.player == 1
    assert game.cards[game.players[1].field[0]].dfn == 4
    # The same entry in player 0's own turn offers the payment.
    mine = position(
        fields=([OnField(RENES, evolved=RENES_EVO)], [follower("E", 3, 2, 4)]),
        hands=([ALBERT_4], []),
        pp=(3, 3),
        scripts=_scripts("BP13-027"),
    )
    mine.decision = None
    mine.move_found(mine.players[0].hand[0], "field", 0)
    mine._run()
    assert mine.decision is not None
    assert mine.decision.options == ["pay", "done"]


# --- play costs of a card's own (CR 10.4.7.2, 10.6.2.5.1.3) --------------------------------------

GENO = _sword("BP13-028", "暴威の武人・ジェノ", 4, 4, 3, "兵士", "レヴィオン", "獣", "キラー")
LEVION_1 = _sword("X-Lev1", "Levion1", 1, 1, 1, "レヴィオン")
LEVION_4 = _sword("X-Lev4", "Levion4", 4, 1, 1, "レヴィオン")


def _plays(game: State) -> set[int]:
    return {a.uid for a in game.legal_actions() if isinstance(a, Play)}


def test_geno_costs_3_less_for_a_levion_follower_put_into_the_graveyard() -> None:
    """BP13-028: with 1 PP it is playable only by putting a Levion follower of original
    cost 3 or less from the field into the graveyard; it then costs 1 and its Fanfare deals
    4 damage. A cost-4 Levion follower cannot pay."""
    enemy = follower("E", 4, 4, 5)
    game = position(
        hands=([GENO], []),
        fields=([LEVION_1, LEVION_4], [enemy]),
        pp=(1, 0),
        scripts=_scripts("BP13-028"),
    )
    geno = game.players[0].hand[0]
    assert geno in _plays(game)
    game.apply(Play(geno))
    d = game.decision
    assert d is not None
    lev1 = game.players[0].field[0]
    assert d.options == [str(lev1)]  # only the full cost is unaffordable: no mode choice
    game.apply(Choose(str(lev1)))
    assert game.cards[lev1].zone is Zone.GRAVE
    assert game.players[0].pp == 0
    game.apply(Choose(str(game.players[1].field[0])))
    assert game.cards[geno].zone is Zone.FIELD
    assert game.cards[game.players[1].field[0]].dfn == 1
    # The other way: only a cost-4 Levion follower, 1 PP: not playable.
    poor = position(
        hands=([GENO], []), fields=([LEVION_4], []), pp=(1, 0), scripts=_scripts("BP13-028")
    )
    assert poor.players[0].hand[0] not in _plays(poor)


def test_geno_full_cost_or_alternative_is_the_players_choice() -> None:
    """BP13-028 with 4 PP: the player chooses the full cost (the Levion follower stays) or
    the alternative (it goes to the graveyard and 1 PP is paid)."""
    for word, pp_left, lev_zone in (("full", 0, Zone.FIELD), ("alt1", 3, Zone.GRAVE)):
        game = position(
            hands=([GENO], []), fields=([LEVION_1], []), pp=(4, 0), scripts=_scripts("BP13-028")
        )
        lev = game.players[0].field[0]
        game.apply(Play(game.players[0].hand[0]))
        d = game.decision
        assert d is not None
        assert d.options == ["full", "alt1"]
        game.apply(Choose(word))
        if word == "alt1":
            game.apply(Choose(str(lev)))
        assert game.players[0].pp == pp_left
        assert game.cards[lev].zone is lev_zone


def test_geno_on_a_full_field_must_take_the_alternative() -> None:
    """CR 10.6.2.6: the field limit is checked after the cost: with five cards on the field
    BP13-028 is playable only by putting a Levion follower into the graveyard; with no such
    follower it is not playable."""
    others = [follower(f"F{i}", 1, 1, 1) for i in range(4)]
    game = position(
        hands=([GENO], []),
        fields=([LEVION_1, *others], []),
        pp=(4, 0),
        scripts=_scripts("BP13-028"),
    )
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    assert d.options == [str(game.players[0].field[0])]
    full = position(
        hands=([GENO], []),
        fields=([*others, follower("F5", 1, 1, 1)], []),
        pp=(4, 0),
        scripts=_scripts("BP13-028"),
    )
    assert full.players[0].hand[0] not in _plays(full)


COIN = CardRecord("BP14-T02", "輝く金貨", card_class="sword", card_type="token_spell", cost=0)
HAGGLE = CardRecord("BP14-035", "値引き交渉", card_class="sword", card_type="spell", cost=1)


def test_haggle_costs_1_less_with_three_gold_coins_in_the_ex_area() -> None:
    """BP14-035: with three 'Shining Gold Coin' cards in the EX area it costs 0 (playable
    with 0 PP; it draws and adds a coin); with two it costs 1."""
    game = position(
        hands=([HAGGLE], []), ex=([COIN] * 3, []), pp=(0, 0), scripts=_scripts("BP14-035")
    )
    spell = game.players[0].hand[0]
    assert game.play_cost(game.cards[spell]) == 0
    game.apply(Play(spell))
    assert len(game.players[0].ex) == 4
    assert len(game.players[0].hand) == 1
    two = position(
        hands=([HAGGLE], []), ex=([COIN] * 2, []), pp=(0, 0), scripts=_scripts("BP14-035")
    )
    assert two.play_cost(two.cards[two.players[0].hand[0]]) == 1
    assert two.players[0].hand[0] not in _plays(two)


PRIVATE = _sword("BP11-031", "ナハトの私兵", 1, 2, 2, "荒野", "兵士")


def test_nacht_private_costs_1_less_from_the_ex_area_with_nacht() -> None:
    """BP11-031: played from the EX area while Nacht is on your field it costs 0; from the
    hand, or from the EX area without Nacht, it costs 1."""
    game = position(
        fields=([NACHT], []),
        hands=([PRIVATE], []),
        ex=([PRIVATE], []),
        pp=(0, 0),
        scripts=_scripts("BP11-031"),
    )
    in_hand, in_ex = game.players[0].hand[0], game.players[0].ex[0]
    assert game.play_cost(game.cards[in_ex]) == 0
    assert game.play_cost(game.cards[in_hand]) == 1
    assert _plays(game) == {in_ex}
    game.apply(Play(in_ex))
    assert game.players[0].pp == 0
    assert game.cards[in_ex].zone is Zone.FIELD
    alone = position(ex=([PRIVATE], []), pp=(0, 0), scripts=_scripts("BP11-031"))
    assert alone.play_cost(alone.cards[alone.players[0].ex[0]]) == 1


TREE = CardRecord(
    "BP07-T03", "ナテラの大樹", card_class="neutral", card_type="token_amulet", cost=1
)
FLASH = CardRecord("BP07-024", "王の一閃", card_class="sword", card_type="spell", cost=3)
BAYLION = _sword("X-Bay", "王たる光・ベイリオン", 7, 5, 5)


def test_kings_flash_engages_two_trees_or_is_cheaper_with_baylion() -> None:
    """BP07-024: engaging two standing Natera trees makes it cost 2 less (1 PP); with one
    tree engaged already it cannot be paid that way; with Baylion on the field it costs 1
    less. It deals 4 damage to an enemy follower."""
    enemy = follower("E", 4, 4, 5)
    game = position(
        hands=([FLASH], []), fields=([TREE, TREE], [enemy]), pp=(1, 0), scripts=_scripts("BP07-024")
    )
    trees = list(game.players[0].field)
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    game.apply(Choose(d.options[0]))
    d = game.decision
    assert d is not None
    game.apply(Choose(d.options[0]))
    assert all(game.cards[t].engaged for t in trees)
    assert game.players[0].pp == 0
    game.apply(Choose(str(game.players[1].field[0])))
    assert game.cards[game.players[1].field[0]].dfn == 1
    tired = position(
        hands=([FLASH], []),
        fields=([TREE, OnField(TREE, engaged=True)], [enemy]),
        pp=(1, 0),
        scripts=_scripts("BP07-024"),
    )
    assert tired.players[0].hand[0] not in _plays(tired)
    king = position(
        hands=([FLASH], []), fields=([BAYLION], [enemy]), pp=(2, 0), scripts=_scripts("BP07-024")
    )
    assert king.play_cost(king.cards[king.players[0].hand[0]]) == 2
    assert king.players[0].hand[0] in _plays(king)


def test_rules_text_printed_after_token_definitions_is_compiled() -> None:
    """BP07-024's text lists the Natera tree token before its own damage line: the line
    after the token definition is still one of the card's abilities (3 lines, all
    modelled), and the token's own text is not."""
    entry = library()["cards"]["BP07-024"]
    assert entry["lines"] == 3
    assert entry["status"] == "full"
    triggers = [a["trigger"] for a in entry["abilities"]]
    assert triggers == ["static", "static", "spell"]


# --- BP18-026 -----------------------------------------------------------------------------------

MELISSA = _sword("BP18-026", "ダークセイバー・メリッサ", 4, 6, 4, "指揮官", "プリンセス")


def _melissa(enemies: list[CardRecord]) -> tuple[State, int, int]:
    scripts = _scripts("BP18-026")
    melissa = scripts.record(MELISSA)  # its own keywords, as a new game gives them
    game = position(hands=([melissa], []), fields=([], enemies), pp=(4, 0), scripts=scripts)
    me = game.players[0].hand[0]
    target = game.players[1].field[0]
    game.apply(Play(me))
    game.apply(Choose(str(target)))
    return game, me, target


def test_melissa_destroys_when_the_opponent_has_three_cards() -> None:
    """BP18-026 Fanfare: the chosen enemy follower is destroyed when its player has 3 or
    more cards on the field (an amulet counts); with 2 cards it survives."""
    game, _me, target = _melissa([follower("A", 2, 2, 9), follower("B"), amulet("C")])
    assert game.cards[target].zone is Zone.GRAVE
    game, _me, target = _melissa([follower("A", 2, 2, 9), amulet("C")])
    assert game.cards[target].zone is Zone.FIELD


def test_melissa_gets_aura_and_no_damage_this_turn_under_the_condition() -> None:
    """BP18-026: with 3 cards on the opponent's field it also has Aura for good and takes no
    damage this turn (the next turn damage hurts it again); with 2 it gets neither. It has
    Rush and Assail either way."""
    game, me, _target = _melissa([follower("A", 2, 2, 9), follower("B"), amulet("C")])
    card = game.cards[me]
    assert {"aura", "rush", "assail"} <= set(card.keywords)
    game.deal_damage(me, 3)
    assert card.dfn == 4
    _end_turn(game)
    game.deal_damage(me, 3)
    assert card.dfn == 1
    assert "aura" in card.keywords
    game, me, _target = _melissa([follower("A", 2, 2, 9), amulet("C")])
    card = game.cards[me]
    assert {"rush", "assail"} <= set(card.keywords)
    assert "aura" not in card.keywords
    game.deal_damage(me, 3)
    assert card.dfn == 1


# --- milling the opponent: BP05-029, BP15-024; revealing: BP05-034 ------------------------------

SERVANT = _sword("BP05-029", "簒奪の従者", 1, 1, 2, "絶傑", "盗賊")


def test_usurper_servant_grows_for_each_opponent_card_milled_in_your_turn() -> None:
    """BP05-029: its Fanfare mills 1 card of the opponent's deck, and each card of the
    opponent's deck put into the graveyard in your turn gives it +1 attack (so it is 2/2);
    a card milled in the opponent's turn does not."""
    game = position(hands=([SERVANT], []), pp=(1, 0), scripts=_scripts("BP05-029"))
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    card = game.cards[uid]
    assert len(game.players[1].grave) == 1
    assert card.atk == 2
    _end_turn(game)  # the opponent's turn
    game.decision = None
    game.mill(1, 2)
    game._run()
    assert len(game.players[1].grave) == 3
    assert card.atk == 2
    own_mill = position(fields=([SERVANT], []), scripts=_scripts("BP05-029"))
    own_mill.decision = None
    own_mill.mill(0, 2)  # your own deck: not the opponent's
    own_mill._run()
    assert own_mill.cards[own_mill.players[0].field[0]].atk == 1


LUPIN = _sword("BP15-024", "アルセーヌ・ルパン", 2, 2, 1, "兵士", "盗賊")


def test_lupin_gets_a_treasure_by_the_kind_of_the_milled_card() -> None:
    """BP15-024 Fanfare: the opponent's top card goes to the graveyard; a follower gives a
    Golden Dagger, a spell or an amulet a Golden Goblet, into your EX area."""
    for top, token in (
        (follower("F"), "黄金の小剣"),
        (spell("S"), "黄金の杯"),
        (amulet("A"), "黄金の杯"),
    ):
        game = position(
            hands=([LUPIN], []),
            decks=(5, [follower("X")] * 3 + [top]),
            pp=(2, 0),
            scripts=_scripts("BP15-024"),
        )
        game.apply(Play(game.players[0].hand[0]))
        assert [game.cards[u].base.name for u in game.players[1].grave] == [top.name]
        assert [game.cards[u].base.name for u in game.players[0].ex] == [token]


AVARITIA = CardRecord(
    "BP05-034",
    "アヴァリティア",
    card_class="sword",
    card_type="spell",
    cost=1,
    traits=("絶傑", "盗賊"),
)
OCTRICE = _sword("BP05-018", "簒奪の絶傑・オクトリス", 2, 2, 2, "絶傑", "盗賊")
THIEF = _sword("X-Thief", "Thief", 2, 2, 2, "盗賊")


def test_avaritia_returns_to_the_hand_when_it_reveals_octrice() -> None:
    """BP05-034: look at the top 4, a thief card may go to the hand; when that card is
    Octrice the spell returns to the hand instead of the graveyard; another thief card
    leaves it in the graveyard."""
    for taken, back in ((OCTRICE, True), (THIEF, False)):
        game = position(
            hands=([AVARITIA], []),
            decks=([follower("X")] * 3 + [taken, follower("Y"), follower("Z")], 5),
            pp=(1, 0),
            scripts=_scripts("BP05-034"),
        )
        spell_uid = game.players[0].hand[0]
        game.apply(Play(spell_uid))
        d = game.decision
        assert d is not None
        pick = next(o for o in d.options if o != "done")
        game.apply(Choose(pick))
        assert game.cards[int(pick)].zone is Zone.HAND
        assert (game.cards[spell_uid].zone is Zone.HAND) is back
        assert (game.cards[spell_uid].zone is Zone.GRAVE) is not back


# --- BP06-019 -----------------------------------------------------------------------------------

LARAMIA = _sword("BP06-019", "音速の機構・ララミア", 2, 3, 2, "兵士", "超克")


def test_laramia_evolve_cost_is_1_less_per_other_follower() -> None:
    """BP06-019: its evolve cost 3 is 1 less for each other follower on your field: with two
    others it evolves for 1 PP; alone, 1 PP is not enough (an amulet does not count)."""
    for others, can in (([follower("A"), follower("B")], True), ([amulet("C")], False)):
        game = position(
            fields=([LARAMIA, *others], []),
            evolve=([evolved(LARAMIA)], []),
            pp=(1, 0),
            ep=(0, 0),
            scripts=_scripts("BP06-019"),
        )
        uid = game.players[0].field[0]
        assert game.evolve_cost(game.cards[uid]) == (1 if can else 3)
        assert (Evolve(uid, False, False) in game.legal_actions()) is can


# --- BP14-025 -----------------------------------------------------------------------------------

DATE = CardRecord("BP14-025", "伊達の大見得", card_class="sword", card_type="spell", cost=3)
TAKEZUMI = _sword("BP14-018", "華の大将・タケツミ", 2, 2, 3, "宴楽", "指揮官")
REVEL = CardRecord(
    "X-Revel", "Revel", card_class="rune", card_type="spell", cost=1, traits=("宴楽",)
)
ROYAL = _sword("X-Royal", "Royal", 1, 1, 1)


def _date_game(grave: list[CardRecord]) -> State:
    game = position(
        hands=([DATE], []),
        fields=([], [follower("E", 5, 5, 6)]),
        decks=([follower("X"), TAKEZUMI, follower("Y")], 5),
        pp=(3, 0),
        scripts=_scripts("BP14-025"),
    )
    for rec in grave:
        add_card(game, 0, rec, Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(game.players[1].field[0])))
    return game


def test_date_flourish_searches_takezumi_with_either_graveyard_count() -> None:
    """BP14-025: 5 damage and a gold coin; with 5 revelry cards, or 10 Swordcraft cards, in
    the graveyard Takezumi comes from the deck onto the field; with 4 and 9 it does not."""
    for grave in ([REVEL] * 5, [ROYAL] * 10):
        game = _date_game(grave)
        assert game.cards[game.players[1].field[0]].dfn == 1
        assert [game.cards[u].base.name for u in game.players[0].ex] == ["輝く金貨"]
        d = game.decision
        assert d is not None
        pick = next(o for o in d.options if o != "done")
        assert game.cards[int(pick)].base.card_id == "BP14-018"
        game.apply(Choose(pick))
        assert game.cards[int(pick)].zone is Zone.FIELD
    game = _date_game([REVEL] * 4 + [ROYAL] * 9)  # the spell itself is still resolving
    assert game.decision is not None
    assert game.decision.kind.name == "MAIN"
    assert not game.players[0].field


# --- BP16-019 -----------------------------------------------------------------------------------

EMILIA = _sword("BP16-019", "白銀の騎士団長・エミリア", 2, 2, 2, "指揮官")


def test_emilia_may_put_one_of_three_knight_tokens_into_the_ex_area() -> None:
    """BP16-019: when your end phase comes you may put a Steelclad Knight, a Shield
    Guardian or a Knight token into your EX area; the fourth option puts nothing."""
    for mode, names in (("mode2", ["シールドガーディアン"]), ("mode4", [])):
        game = position(fields=([EMILIA], []), scripts=_scripts("BP16-019"))
        game.apply(End())
        d = game.decision
        assert d is not None
        assert d.options == ["mode1", "mode2", "mode3", "mode4"]
        game.apply(Choose(mode))
        assert [game.cards[u].base.name for u in game.players[0].ex] == names


# --- the Gigablade package: BP18-027, BP18-022, BP18-031 ------------------------------------------

GIGA = "c:ギガ"
GIGABLADE = CardRecord("BP18-027", "ギガブレード", card_class="sword", card_type="amulet", cost=1)
GAMMA = _sword("BP18-022", "ワイルドメディエーター・ガンマ", 3, 3, 3, "透京", "探偵", "獣")
TOKYO = _sword("X-Tokyo", "Tokyo", 1, 1, 1, "透京")
SHINRA = CardRecord(
    "BP18-020", "全識の六銘伝・シンラ", card_class="sword", cost=5, attack=4, defense=4
)


def _giga_scripts() -> Scripts:
    return _scripts("BP18-027", "BP18-022", "BP18-031")


def _counters(game: State, uid: int) -> int:
    counters = game.cards[uid].counters
    return 0 if counters is None else counters.get(GIGA, 0)


def test_gigablade_fanfare_adds_two_and_a_second_copy_feeds_the_first() -> None:
    """BP18-027 Fanfare: 2 Giga counters on each Gigablade of yours; a second one played
    gives the first 2 more and then goes to the graveyard itself."""
    scripts = _giga_scripts()
    blade = scripts.record(GIGABLADE)
    game = position(hands=([blade, blade], []), pp=(2, 0), scripts=scripts)
    first, second = game.players[0].hand
    game.apply(Play(first))
    assert _counters(game, first) == 2
    game.apply(Play(second))
    assert _counters(game, first) == 4
    assert game.cards[second].zone is Zone.GRAVE
    assert game.players[0].field == [first]


def test_gigablade_counts_tokyo_followers_entering_and_evolutions() -> None:
    """BP18-027: a 透京 follower entering your field adds a counter, another follower does
    not; a follower of yours evolving adds one."""
    scripts = _giga_scripts()
    base = follower("Evo", 2, 2, 2)
    game = position(
        fields=([scripts.record(GIGABLADE), base], []),
        hands=([TOKYO, follower("Plain")], []),
        evolve=([evolved(base)], []),
        pp=(5, 0),
        scripts=scripts,
    )
    blade, evo = game.players[0].field
    tokyo, plain = game.players[0].hand
    game.apply(Play(plain))
    assert _counters(game, blade) == 0
    game.apply(Play(tokyo))
    assert _counters(game, blade) == 1
    game.apply(Evolve(evo, False, False))
    assert _counters(game, blade) == 2


def test_gigablade_is_not_destroyed_or_banished_by_abilities() -> None:
    """BP18-027: destroying or banishing it by an effect leaves it on the field; putting
    it into the graveyard (not a destruction) still works."""
    scripts = _giga_scripts()
    game = position(fields=([scripts.record(GIGABLADE)], []), scripts=scripts)
    uid = game.players[0].field[0]
    game.destroy([uid])
    game.banish(uid)
    assert game.cards[uid].zone is Zone.FIELD
    game.destroy_as_cost(uid)
    assert game.cards[uid].zone is Zone.GRAVE
    plain = position(fields=([GIGABLADE], []), scripts=scripts)  # without its keyword
    game_uid = plain.players[0].field[0]
    plain.destroy([game_uid])
    assert plain.cards[game_uid].zone is Zone.GRAVE


def test_gamma_takes_ten_counters_for_5_damage_to_each_enemy_follower() -> None:
    """BP18-022 Act: removing 10 Giga counters from a Gigablade deals 5 damage to each enemy
    follower and gives Gamma +2/+2 and Storm; with 9 counters it cannot be used."""
    scripts = _giga_scripts()
    for have, usable in ((10, True), (9, False)):
        game = position(
            fields=([scripts.record(GIGABLADE), GAMMA], [follower("A", 5, 5, 5), follower("B")]),
            pp=(3, 0),
            scripts=scripts,
        )
        blade, gamma = game.players[0].field
        game.add_counter(blade, GIGA, have)
        acts = [a for a in game.legal_actions() if isinstance(a, Activate)]
        assert (Activate(gamma, 0) in acts) is usable
        if usable:
            game.apply(Activate(gamma, 0))
            d = game.decision
            assert d is not None
            game.apply(Choose(str(blade)))
            assert _counters(game, blade) == 0
            assert not game.players[1].field
            card = game.cards[gamma]
            assert (card.atk, card.dfn) == (5, 5)
            assert "storm" in card.keywords


def test_investigation_finds_shinra_and_feeds_gigablades() -> None:
    """BP18-031: search the deck for Shinra into the hand; 2 Giga counters on each
    Gigablade of yours."""
    scripts = _giga_scripts()
    spell_card = CardRecord(
        "BP18-031", "異端の調査協力", card_class="sword", card_type="spell", cost=1
    )
    game = position(
        hands=([spell_card], []),
        fields=([scripts.record(GIGABLADE)], []),
        decks=([follower("X"), SHINRA, follower("Y")], 5),
        pp=(1, 0),
        scripts=scripts,
    )
    blade = game.players[0].field[0]
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    pick = next(o for o in d.options if o != "done")
    assert game.cards[int(pick)].base.name == SHINRA.name
    game.apply(Choose(pick))
    assert game.cards[int(pick)].zone is Zone.HAND
    assert _counters(game, blade) == 2


# --- BP09-020 -----------------------------------------------------------------------------------

SPARTACUS = _sword("BP09-020", "スパルタクス", 5, 4, 6, "指揮官")


def _spartacus(deck: int, discard: int) -> State:
    """Spartacus on the field, three cards in hand; end the turn and discard ``discard``."""
    game = position(
        fields=([SPARTACUS], []),
        hands=([follower("H1"), follower("H2"), follower("H3")], []),
        decks=(deck, 20),
        scripts=_scripts("BP09-020"),
    )
    game.apply(End())
    for _ in range(discard):
        d = game.decision
        assert d is not None
        game.apply(Choose(d.options[0]))
    game.apply(Choose("done"))
    return game


def test_spartacus_discards_any_number_and_draws_one_more() -> None:
    """BP09-020 end phase: discard any number of cards, then draw that many plus 1; with
    more than 1 card left in the deck the game goes on."""
    game = _spartacus(deck=10, discard=2)
    assert len(game.players[0].grave) == 2
    assert len(game.players[0].hand) == 1 + 3
    assert len(game.players[0].deck) == 7
    assert game.outcome() is None
    game = _spartacus(deck=10, discard=0)
    assert len(game.players[0].hand) == 4
    assert game.outcome() is None


def test_spartacus_wins_when_the_deck_is_down_to_one_card() -> None:
    """BP09-020 (CR 5.23.1): when the deck has 1 card or none after the draw, its player
    wins at once, even when the draw asked for more cards than the deck had (the loss
    would come only at the next check, CR 11.2.2); with 2 left nothing happens."""
    for deck, discard, wins in ((2, 0, True), (3, 2, True), (2, 2, True), (3, 0, False)):
        game = _spartacus(deck=deck, discard=discard)
        outcome = game.outcome()
        if wins:
            assert outcome is not None
            assert outcome.winner == 0
            assert outcome.reason.value == "effect"
        else:
            assert outcome is None


# --- BP16-022 -----------------------------------------------------------------------------------

GINNE = _sword("BP16-022", "艶やかなる太夫・ギンネ", 2, 3, 2, "宴楽")
JIEMON = _sword("X-Jiemon", "天下の大泥棒・ジエモン", 5, 4, 4, "宴楽")


def _ginne(allies: list[CardRecord]) -> State:
    game = position(
        hands=([GINNE, follower("Keep")], []),
        fields=(allies, [follower("E", 2, 2, 2)]),
        decks=([follower("Bottom"), follower("Top")], 5),
        pp=(2, 0),
        scripts=_scripts("BP16-022"),
    )
    game.apply(Play(game.players[0].hand[0]))
    return game


def test_ginne_chooses_up_to_two_modes_or_three_with_jiemon() -> None:
    """BP16-022 Fanfare: up to 2 options without Jiemon (mode 1 engages an enemy follower
    that then skips its next stand; mode 3 gives two gold coins); with Jiemon on the field
    a third option may be chosen."""
    game = _ginne([])
    game.apply(Choose("mode1"))
    d = game.decision
    assert d is not None
    assert d.options == ["mode2", "mode3", "done"]
    game.apply(Choose("mode3"))
    enemy = game.players[1].field[0]
    game.apply(Choose(str(enemy)))
    assert game.cards[enemy].engaged
    assert game.cards[enemy].counters is not None
    assert game.cards[enemy].counters.get("skip_stand")
    assert [game.cards[u].base.name for u in game.players[0].ex] == ["輝く金貨"] * 2
    assert game.decision is not None
    assert game.decision.kind.name == "MAIN"
    rich = _ginne([JIEMON])
    rich.apply(Choose("mode1"))
    rich.apply(Choose("mode3"))
    d = rich.decision
    assert d is not None
    assert d.options == ["mode2", "done"]


def test_ginne_mode_two_draws_then_puts_a_hand_card_on_top_or_bottom() -> None:
    """BP16-022 option 2: draw 1, then a card of your choice from your hand goes on the top
    or the bottom of your deck, as you choose."""
    for where in ("top", "bottom"):
        game = _ginne([])
        game.apply(Choose("mode2"))
        game.apply(Choose("done"))
        drawn = [u for u in game.players[0].hand if game.cards[u].base.name == "Top"]
        assert drawn
        d = game.decision
        assert d is not None
        keep = next(u for u in game.players[0].hand if game.cards[u].base.name == "Keep")
        game.apply(Choose(str(keep)))
        d = game.decision
        assert d is not None
        assert d.options == ["top", "bottom"]
        game.apply(Choose(where))
        deck = game.players[0].deck
        assert (deck[-1] if where == "top" else deck[0]) == keep
        assert game.cards[keep].zone is Zone.DECK


# --- BP05-018 -----------------------------------------------------------------------------------

BOLT = spell("Bolt", 3)
BOLT_SCRIPT = CardScript("X-Bolt", (Ability(Trigger.SPELL, (Damage(2, "enemy_leader"),)),))


def test_octrice_evolves_for_2_or_for_0_with_ten_cards_in_the_enemy_graveyard() -> None:
    """BP05-018: its evolve cost is 2; the second evolve ability costs 0 and may be used
    while the opponent has 10 or more cards in the graveyard (not with 9)."""
    for grave, cost in ((9, 2), (10, 0)):
        game = position(
            fields=([OCTRICE], []),
            evolve=([evolved(OCTRICE)], []),
            pp=(0, 0),
            ep=(0, 0),
            scripts=_scripts("BP05-018"),
        )
        for _ in range(grave):
            add_card(game, 1, follower("G"), Zone.GRAVE)
        uid = game.players[0].field[0]
        assert game.evolve_cost(game.cards[uid]) == cost
        assert (Evolve(uid, False, False) in game.legal_actions()) is (cost == 0)


def test_octrice_fanfare_mills_two() -> None:
    """BP05-018 Fanfare: the top 2 cards of the opponent's deck go to the graveyard."""
    game = position(hands=([OCTRICE], []), pp=(2, 0), scripts=_scripts("BP05-018"))
    game.apply(Play(game.players[0].hand[0]))
    assert len(game.players[1].grave) == 2
    assert len(game.players[1].deck) == 18


def test_octrice_plays_a_card_from_the_enemy_graveyard_for_free() -> None:
    """BP05-018 Act (8 PP): a follower chosen in the opponent's graveyard is played onto
    your field for 0 PP (it stays the opponent's card: destroyed, it goes to their
    graveyard); a spell chosen there resolves for you; with an empty enemy graveyard, or
    7 PP, the ability cannot be used."""
    scripts = _scripts("BP05-018", extra=(BOLT_SCRIPT,))
    game = position(fields=([OCTRICE], []), pp=(8, 0), scripts=scripts)
    theirs = add_card(game, 1, follower("Theirs", 3, 3, 3), Zone.GRAVE)
    octrice = game.players[0].field[0]
    assert Activate(octrice, 0) in game.legal_actions()
    game.apply(Activate(octrice, 0))
    game.apply(Choose(str(theirs)))
    card = game.cards[theirs]
    assert card.zone is Zone.FIELD
    assert theirs in game.players[0].field
    assert card.controller == 0
    assert card.owner == 1
    assert game.players[0].pp == 0
    assert game.players[0].played == 1
    game.destroy([theirs])
    assert theirs in game.players[1].grave
    # A spell from the enemy graveyard hits the enemy leader.
    game = position(fields=([OCTRICE], []), pp=(8, 0), scripts=scripts)
    bolt = add_card(game, 1, BOLT, Zone.GRAVE)
    game.apply(Activate(game.players[0].field[0], 0))
    game.apply(Choose(str(bolt)))
    assert game.players[1].hp == 18
    assert bolt in game.players[1].grave
    # Not usable: no card to choose, or not enough PP.
    empty = position(fields=([OCTRICE], []), pp=(8, 0), scripts=scripts)
    assert Activate(empty.players[0].field[0], 0) not in empty.legal_actions()
    poor = position(fields=([OCTRICE], []), pp=(7, 0), scripts=scripts)
    add_card(poor, 1, follower("Theirs"), Zone.GRAVE)
    assert Activate(poor.players[0].field[0], 0) not in poor.legal_actions()


# --- BP17-025 -----------------------------------------------------------------------------------

ENCOUNTER = CardRecord("BP17-025", "陽だまりの邂逅", card_class="sword", card_type="spell", cost=3)
NATURE_3 = _sword("X-Nat3", "Nat3", 3, 3, 3, "自然")
NATURE_6 = _sword("X-Nat6", "Nat6", 6, 6, 6, "自然")


def _encounter(pp: int, mode: str) -> State:
    game = position(
        hands=([ENCOUNTER], []),
        decks=([NATURE_6, NATURE_3, follower("X")], 5),
        pp=(pp, 0),
        scripts=_scripts("BP17-025"),
    )
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(mode))
    return game


def test_sunlit_encounter_option_two_costs_3_more_for_a_bigger_follower() -> None:
    """BP17-025: option 1 puts a nature follower of original cost 3 or less from the deck
    onto the field; option 2, paying 3 more PP, one of cost 6 or less; without the 3 PP
    option 2 cannot be chosen (CR 5.18.3.1.2)."""
    game = _encounter(3, "mode1")
    d = game.decision
    assert d is not None
    offered = {game.cards[int(o)].base.card_id for o in d.options if o != "done"}
    assert offered == {"X-Nat3"}
    game = _encounter(6, "mode2")
    assert game.players[0].pp == 0
    d = game.decision
    assert d is not None
    offered = {game.cards[int(o)].base.card_id for o in d.options if o != "done"}
    assert offered == {"X-Nat3", "X-Nat6"}
    game.apply(Choose(next(o for o in d.options if game.cards[int(o)].base.card_id == "X-Nat6")))
    assert [game.cards[u].base.card_id for u in game.players[0].field] == ["X-Nat6"]
    poor = position(
        hands=([ENCOUNTER], []),
        decks=([NATURE_6, NATURE_3, follower("X")], 5),
        pp=(3, 0),
        scripts=_scripts("BP17-025"),
    )
    poor.apply(Play(poor.players[0].hand[0]))
    assert poor.decision is not None
    assert "mode2" not in poor.decision.options


# --- BP07-030 -----------------------------------------------------------------------------------

HALBERD = _sword("BP07-030", "ハルバードウルフ", 2, 2, 3, "自然", "兵士", "獣")


def test_halberd_wolf_deals_damage_equal_to_the_trees_engaged() -> None:
    """BP07-030 Act (engage this and any number of standing Natera trees): the chosen enemy
    follower takes as much damage as trees were engaged (2 of 3 here; 0 trees: 0 damage);
    an engaged tree is not offered."""
    for engage, damage in ((2, 2), (0, 0)):
        game = position(
            fields=([HALBERD, TREE, TREE, OnField(TREE, engaged=True)], [follower("E", 5, 5, 5)]),
            scripts=_scripts("BP07-030"),
        )
        wolf, t1, t2, t3 = game.players[0].field
        game.apply(Activate(wolf, 0))
        d = game.decision
        assert d is not None
        assert d.options == [str(t1), str(t2), "done"]
        for _ in range(engage):
            game.apply(Choose(game.decision.options[0]))
        if engage < 2:
            game.apply(Choose("done"))
        enemy = game.players[1].field[0]
        game.apply(Choose(str(enemy)))
        assert game.cards[enemy].dfn == 5 - damage
        assert game.cards[wolf].engaged
        assert sum(game.cards[t].engaged for t in (t1, t2)) == engage
        assert game.cards[t3].engaged


def test_halberd_wolf_fanfare_may_make_a_tree() -> None:
    """BP07-030 Fanfare: a Natera tree onto the field (option 1), into the EX area (option
    2) or none (option 3)."""
    for mode, field, ex in (("mode1", 2, 0), ("mode2", 1, 1), ("mode3", 1, 0)):
        game = position(hands=([HALBERD], []), pp=(2, 0), scripts=_scripts("BP07-030"))
        game.apply(Play(game.players[0].hand[0]))
        game.apply(Choose(mode))
        assert (len(game.players[0].field), len(game.players[0].ex)) == (field, ex)


OCTRICE_EVOLVED = CardRecord(
    "BP05-019", "簒奪の絶傑・オクトリス", card_class="sword", card_type="evolved_follower",
    cost=2, attack=4, defense=4, traits=("絶傑", "盗賊"),
)  # fmt: skip


@pytest.mark.parametrize(("grave", "cost"), [(9, 3), (10, 1)])
def test_evolved_octrice_lowers_ex_plays_with_ten_enemy_cards_in_the_graveyard(
    grave: int, cost: int
) -> None:
    """BP05-019: while the opponent has 10 or more cards in the graveyard, a card you play
    from your EX area costs 2 less (a 3-cost spell there costs 1; with 9, still 3); the
    same spell in the hand costs 3 either way."""
    scripts = _scripts("BP05-019", extra=(BOLT_SCRIPT,))
    game = position(
        fields=([OnField(OCTRICE, evolved=scripts.record(OCTRICE_EVOLVED))], []),
        hands=([BOLT], []), ex=([BOLT], []), pp=(3, 0), scripts=scripts,
    )  # fmt: skip
    for _ in range(grave):
        add_card(game, 1, follower("G"), Zone.GRAVE)
    ex_bolt, hand_bolt = game.players[0].ex[0], game.players[0].hand[0]
    assert game.play_cost(game.cards[ex_bolt]) == cost
    assert game.play_cost(game.cards[hand_bolt]) == 3


def test_evolved_octrice_plays_an_enemy_graveyard_card_for_8() -> None:
    """BP05-019 Act (8 PP): as BP05-018's, a spell from the enemy graveyard resolves for
    you; with 7 PP it cannot be used."""
    scripts = _scripts("BP05-019", extra=(BOLT_SCRIPT,))
    evolved_rec = scripts.record(OCTRICE_EVOLVED)
    for pp, usable in ((7, False), (8, True)):
        game = position(fields=([OnField(OCTRICE, evolved=evolved_rec)], []), pp=(pp, 0),
                        scripts=scripts)  # fmt: skip
        bolt = add_card(game, 1, BOLT, Zone.GRAVE)
        octrice = game.players[0].field[0]
        assert (Activate(octrice, 0) in game.legal_actions()) is usable
        if usable:
            game.apply(Activate(octrice, 0))
            game.apply(Choose(str(bolt)))
            assert game.players[1].hp == 18


GAWAIN = _sword("BP18-023", "約束の栄光・ガウェイン", 2, 3, 3, "兵士", "円卓")


@pytest.mark.parametrize(
    ("grave", "drew", "storm", "healed", "intimidate", "attack"),
    [
        (4, 0, False, 0, False, 3),
        (5, 1, False, 0, False, 3),
        (10, 1, True, 2, False, 3),
        (15, 1, True, 2, True, 3),
        (20, 1, True, 2, True, 10),
    ],
)
def test_gawain_fanfare_adds_up_with_the_swordcraft_followers_in_the_graveyard(
    grave: int, drew: int, storm: bool, healed: int, intimidate: bool, attack: int
) -> None:
    """BP18-023 Fanfare: 5+ Swordcraft followers in the graveyard draw a card; 10+ add
    Storm and +2 defense to the leader; 15+ Intimidate and Aura; 20+ +7/+7 (each threshold
    adds to the ones below it)."""
    scripts = _scripts("BP18-023")
    game = position(hands=([scripts.record(GAWAIN)], []), pp=(2, 0), hp=(10, 20),
                    scripts=scripts)  # fmt: skip
    for _ in range(grave):
        add_card(game, 0, _sword("X-Fallen", "Fallen", 1, 1, 1), Zone.GRAVE)
    add_card(game, 0, follower("NotSword"), Zone.GRAVE)  # another class: not counted
    game.apply(Play(game.players[0].hand[0]))
    _settle(game)
    gawain = game.observation(0).card(game.players[0].field[0])
    assert len(game.players[0].hand) == drew
    assert ("storm" in gawain.keywords) is storm
    assert ("intimidate" in gawain.keywords) is intimidate
    assert game.players[0].hp == 10 + healed
    assert gawain.attack == attack


GEISHA = _sword("BP14-026", "達人の芸者", 3, 2, 2, "宴楽", "盗賊")
GEISHA_EVOLVED = CardRecord(
    "BP14-027", "達人の芸者", card_class="sword", card_type="evolved_follower", cost=3,
    attack=4, defense=4, traits=("宴楽", "盗賊"),
)  # fmt: skip


@pytest.mark.parametrize(
    ("token", "enemy", "hit"),
    [("BP14-T02", True, True), ("BP14-T02", False, False), ("BP01-T02", True, False)],
    ids=["gold-with-a-target", "gold-without-one", "another-token"],
)
def test_geisha_strikes_when_gold_reaches_the_ex_area(token: str, enemy: bool, hit: bool) -> None:
    """BP14-027: a Glittering Gold put into your EX area (here by a spell) deals 3 damage to
    an enemy follower and 1 to the enemy leader; nothing without an enemy follower, nor for
    another token."""
    from engine.sve.effects.tokens import Summon
    from engine.sve.library import tokens

    scripts = _scripts("BP14-026", "BP14-027")
    minted = Summon(tokens()[token], zone="ex")
    scripts.add(CardScript("X-Mint", (Ability(Trigger.SPELL, (minted,)),)))
    evolved_rec = scripts.record(GEISHA_EVOLVED)
    enemies = [follower("E", 3, 2, 5)] if enemy else []
    game = position(fields=([OnField(GEISHA, evolved=evolved_rec)], enemies),
                    hands=([spell("Mint", 1)], []), pp=(1, 0), scripts=scripts)  # fmt: skip
    game.apply(Play(game.players[0].hand[0]))
    _settle(game)
    assert game.players[1].hp == (19 if hit else 20)
    if enemy:
        assert game.cards[game.players[1].field[0]].dfn == (2 if hit else 5)


JIEMON = _sword("BP14-022", "天下の大泥棒・ジエモン", 4, 3, 3, "宴楽", "指揮官", "盗賊")
JIEMON_EVOLVED = CardRecord(
    "BP14-023", "天下の大泥棒・ジエモン", card_class="sword", card_type="evolved_follower",
    cost=4, attack=4, defense=5, traits=("宴楽", "指揮官", "盗賊"),
)  # fmt: skip


@pytest.mark.parametrize(("gold", "pp", "offered"), [(2, 1, True), (2, 0, False), (1, 1, False)])
def test_jiemon_plays_its_on_evolve_again_for_1(gold: int, pp: int, offered: bool) -> None:
    """BP14-023 Act (1 PP): its On Evolve again: with 2 Glittering Gold banished from the EX
    area, a 宴楽 card of cost 3 or less from the top 5 goes into the EX area, 3 less to play
    this turn. Without 1 PP, or without 2 Gold to pay the On Evolve ability's own cost as it
    is played, it is not offered."""
    from engine.sve.library import tokens

    scripts = _scripts("BP14-023")
    festive = _sword("X-Festive", "Festive", 3, 3, 3, "宴楽")
    game = position(
        fields=([OnField(JIEMON, evolved=scripts.record(JIEMON_EVOLVED))], []),
        ex=([tokens()["BP14-T02"]] * gold, []), decks=([FILLER] * 5 + [festive], 20),
        pp=(pp, 0), scripts=scripts,
    )  # fmt: skip
    jiemon = game.players[0].field[0]
    assert (Activate(jiemon, 0) in game.legal_actions()) is offered
    if not offered:
        return
    game.apply(Activate(jiemon, 0))
    while game.decision is not None and game.decision.kind.name != "MAIN":
        d = game.decision
        pick = next((o for o in d.options if o not in ("done", "pay")), d.options[0])
        game.apply(Choose(pick))
    taken = [u for u in game.players[0].ex if game.cards[u].base.name == "Festive"]
    assert len(taken) == 1
    assert game.play_cost(game.cards[taken[0]]) == 0


# --- BP15-021 -----------------------------------------------------------------------------------

KAGEMITSU = _sword("BP15-021", "ロストサムライ・カゲミツ", 2, 2, 2, "挑戦者", "兵士")


def _kagemitsu_game(counters: int) -> tuple[State, int, int]:
    """Kagemitsu in player 0's EX area with ``counters`` counters; a follower on the field
    that can evolve; Kagemitsu's evolved card in the evolve deck."""
    scripts = _scripts("BP15-021")
    base = follower("Evo", 2, 2, 2)
    game = position(
        fields=([base], []),
        ex=([scripts.record(KAGEMITSU)], []),
        evolve=([evolved(base), evolved(KAGEMITSU)], []),
        pp=(5, 0),
        scripts=scripts,
    )
    kage = game.players[0].ex[0]
    if counters:
        game.add_counter(kage, "c:戦意", counters)
    return game, kage, game.players[0].field[0]


def test_kagemitsu_cannot_be_played_from_the_ex_area() -> None:
    """BP15-021: it cannot be played from the EX area; from the hand it can."""
    scripts = _scripts("BP15-021")
    rec = scripts.record(KAGEMITSU)
    game = position(hands=([rec], []), ex=([rec], []), pp=(5, 0), scripts=scripts)
    assert _plays(game) == {game.players[0].hand[0]}


def test_kagemitsu_comes_back_from_the_ex_area_after_two_evolutions() -> None:
    """BP15-021: while in the EX area, each evolution of a follower of yours gives it a
    counter; at 2 you may put it onto the field, and it then evolves (with 1 counter it
    stays; declining leaves it in the EX area)."""
    game, kage, evo = _kagemitsu_game(0)
    game.apply(Evolve(evo, False, False))
    assert game.cards[kage].zone is Zone.EX
    assert game.cards[kage].counters is not None
    assert game.cards[kage].counters["c:戦意"] == 1
    game, kage, evo = _kagemitsu_game(1)
    game.apply(Evolve(evo, False, False))
    d = game.decision
    assert d is not None
    assert d.options == ["yes", "done"]
    game.apply(Choose("yes"))
    card = game.cards[kage]
    assert card.zone is Zone.FIELD
    assert card.evo >= 0  # evolved
    assert (card.atk, card.dfn) == (4, 4)
    game, kage, evo = _kagemitsu_game(1)
    game.apply(Evolve(evo, False, False))
    game.apply(Choose("done"))
    assert game.cards[kage].zone is Zone.EX


def test_kagemitsu_last_words_puts_it_into_the_ex_area() -> None:
    """BP15-021 Last Words: destroyed, it goes from the graveyard into the EX area."""
    scripts = _scripts("BP15-021")
    game = position(
        fields=([scripts.record(KAGEMITSU)], [OnField(follower("E", 3, 5, 5), engaged=True)]),
        scripts=scripts,
    )
    kage = game.players[0].field[0]
    game.apply(Attack(kage, game.players[1].field[0]))
    _settle(game)
    assert game.cards[kage].zone is Zone.EX


KAGEMITSU_EVOLVED = CardRecord(
    "BP15-022", "ロストサムライ・カゲミツ", card_class="sword", card_type="evolved_follower",
    cost=2, attack=3, defense=3, traits=("挑戦者", "兵士"),
)  # fmt: skip


def _evolved_kagemitsu(counters: int) -> tuple[State, int, list[int]]:
    """The evolved Kagemitsu (BP15-022) on player 0's field with ``counters`` counters,
    two enemy followers (2/1 and 6/6), the enemy leader at 20."""
    scripts = _scripts("BP15-022")
    game = position(
        fields=([OnField(KAGEMITSU, evolved=scripts.record(KAGEMITSU_EVOLVED))],
                [follower("Small", 2, 2, 1), follower("Big", 6, 6, 6)]),
        scripts=scripts,
    )  # fmt: skip
    kage = game.players[0].field[0]
    if counters:
        game.add_counter(kage, "c:戦意", counters)
    return game, kage, list(game.players[1].field)


@pytest.mark.parametrize(("counters", "offered"), [(0, []), (1, [0]), (4, [0]), (5, [0, 1])])
def test_evolved_kagemitsu_spends_its_own_counters(counters: int, offered: list[int]) -> None:
    """BP15-022: 1 counter pays 1 damage to an enemy follower; 5 pay 5 damage to the enemy
    leader and every enemy follower, and it gets Storm. Without the counters, not offered."""
    game, _, _ = _evolved_kagemitsu(counters)
    acts = sorted(a.index for a in game.legal_actions() if isinstance(a, Activate))
    assert acts == offered


def test_evolved_kagemitsu_cannot_spend_another_kagemitsus_counters() -> None:
    """Two evolved Kagemitsu, the counters on one: only that one's abilities are offered."""
    scripts = _scripts("BP15-022")
    evolved_rec = scripts.record(KAGEMITSU_EVOLVED)
    game = position(
        fields=([OnField(KAGEMITSU, evolved=evolved_rec)] * 2, [follower("Small", 2, 2, 1)]),
        scripts=scripts,
    )
    rich, poor = game.players[0].field
    game.add_counter(rich, "c:戦意", 5)
    assert {a.uid for a in game.legal_actions() if isinstance(a, Activate)} == {rich}
    assert poor != rich


def test_evolved_kagemitsu_one_counter_pings_a_follower() -> None:
    game, kage, (small, _) = _evolved_kagemitsu(1)
    game.apply(Activate(kage, 0))
    d = game.decision
    assert d is not None
    assert d.options == [str(kage)]  # the counters come from this card alone
    game.apply(Choose(str(kage)))
    game.apply(Choose(str(small)))
    _settle(game)
    assert game.cards[small].zone is not Zone.FIELD
    assert (game.cards[kage].counters or {}).get("c:戦意", 0) == 0
    assert not any(isinstance(a, Activate) for a in game.legal_actions())


def test_evolved_kagemitsu_five_counters_sweep_and_storm() -> None:
    game, kage, (small, big) = _evolved_kagemitsu(6)
    game.apply(Activate(kage, 1))
    game.apply(Choose(str(kage)))
    _settle(game)
    assert game.players[1].hp == 15
    assert game.cards[small].zone is not Zone.FIELD
    assert game.cards[big].dfn == 1
    assert "storm" in game.observation(0).card(kage).keywords
    assert (game.cards[kage].counters or {}).get("c:戦意", 0) == 1


# --- BP14-018 and Advance (CR 12.16, 9.2) ---------------------------------------------------------

PARADISE = CardRecord(
    "BP14-019",
    "楽園の開闢・タケツミ",
    card_class="sword",
    card_type="advance_follower",
    cost=4,
    attack=5,
    defense=6,
)


def _takezumi(pp: int, ep: int, revel: int = 5) -> tuple[State, int]:
    base = follower("Evo", 2, 2, 2)
    game = position(
        fields=([TAKEZUMI, base], []),
        evolve=([PARADISE, evolved(base)], []),
        pp=(pp, 0),
        ep=(ep, 0),
        scripts=_scripts("BP14-018"),
    )
    for _ in range(revel):
        add_card(game, 0, REVEL, Zone.GRAVE)
    return game, game.players[0].field[0]


def test_takezumi_advance_needs_its_graveyard_condition_and_the_cost() -> None:
    """BP14-018 Advance act: usable with 5 revelry cards in the graveyard and 4 PP, or 3 PP
    and an EP (CR 12.16.3); not with 4 revelry cards, nor with 3 PP and no EP."""
    for pp, ep, revel, usable in (
        (4, 0, 5, True),
        (3, 1, 5, True),
        (4, 0, 4, False),
        (3, 0, 5, False),
    ):
        game, tk = _takezumi(pp, ep, revel)
        assert (Activate(tk, 0) in game.legal_actions()) is usable


def test_takezumi_advance_puts_the_advance_card_and_counts_as_the_turns_evolve() -> None:
    """BP14-018: paying 3 PP and an EP, Takezumi is banished and the Advance card comes
    from the evolve deck onto the field; no evolve is possible after it this turn (CR
    8.3.2.1), and with the turn's evolve already used the Advance act is not offered."""
    game, tk = _takezumi(4, 1)
    other = game.players[0].field[1]
    assert Evolve(other, False, False) in game.legal_actions()
    game.apply(Activate(tk, 0))
    d = game.decision
    assert d is not None
    assert d.options == ["pp", "ep"]
    game.apply(Choose("ep"))
    assert (game.players[0].pp, game.players[0].ep) == (1, 0)
    d = game.decision
    assert d is not None
    game.apply(Choose(d.options[0]))
    assert game.cards[tk].zone is Zone.BANISH
    names = [game.cards[u].base.name for u in game.players[0].field]
    assert PARADISE.name in names
    assert not any(isinstance(a, Evolve) for a in game.legal_actions())
    # The other way: evolve first, then the Advance act is gone.
    game, tk = _takezumi(6, 0)
    game.apply(Evolve(game.players[0].field[1], False, False))
    assert Activate(tk, 0) not in game.legal_actions()


def test_advance_card_leaving_the_field_goes_face_up_to_the_evolve_deck() -> None:
    """CR 9.2.2: an Advance card destroyed goes face up into its owner's evolve deck, not
    the graveyard."""
    game, tk = _takezumi(4, 0)
    game.apply(Activate(tk, 0))
    game.apply(Choose(game.decision.options[0]))
    adv = next(u for u in game.players[0].field if game.cards[u].base.name == PARADISE.name)
    game.destroy([adv])
    assert game.cards[adv].zone is Zone.EVOLVE_DECK
    assert adv in game.players[0].evolve_used
    assert adv not in game.players[0].grave


# --- BP09-018: evolving into cards of other names -------------------------------------------------

CELIA = _sword("BP09-018", "空の指揮官・セリア", 1, 2, 2, "指揮官")
HOPE = CardRecord(
    "X-Hope",
    "希望の戦術家・セリア",
    card_class="sword",
    card_type="evolved_follower",
    attack=2,
    defense=2,
)
DESPAIR = CardRecord(
    "X-Despair",
    "絶望の使者・セリア",
    card_class="sword",
    card_type="evolved_follower",
    attack=5,
    defense=5,
)


def _celia(pp: int, ep: int = 0) -> tuple[State, int]:
    game = position(
        fields=([CELIA], []),
        evolve=([HOPE, DESPAIR], []),
        pp=(pp, 0),
        ep=(ep, 0),
        scripts=_scripts("BP09-018"),
    )
    return game, game.players[0].field[0]


def test_celia_evolves_into_hope_for_1_or_despair_for_4() -> None:
    """BP09-018: with 1 PP only the cost-1 evolve (into the hope Celia) can be paid and is
    used at once; with 4 PP the player chooses, and the despair Celia costs 4; with 0 PP
    and no EP it cannot evolve."""
    game, celia = _celia(1)
    game.apply(Evolve(celia, False, False))
    assert game.cards[celia].face.name == HOPE.name
    assert game.players[0].pp == 0
    game, celia = _celia(4)
    game.apply(Evolve(celia, False, False))
    d = game.decision
    assert d is not None
    assert d.options == ["into1", "into2"]
    game.apply(Choose("into2"))
    card = game.cards[celia]
    assert card.face.name == DESPAIR.name
    assert (card.atk, card.dfn) == (5, 5)
    assert game.players[0].pp == 0
    game, celia = _celia(0)
    assert not any(isinstance(a, Evolve) for a in game.legal_actions())


def test_celia_evolve_with_an_ep() -> None:
    """BP09-018: with 3 PP and an EP, the cost-4 evolve can be paid with the EP (3 PP + 1
    EP); the cost-1 one then costs only the EP."""
    game, celia = _celia(3, ep=1)
    assert Evolve(celia, True, False) in game.legal_actions()
    game.apply(Evolve(celia, True, False))
    game.apply(Choose("into2"))
    assert game.cards[celia].face.name == DESPAIR.name
    assert (game.players[0].pp, game.players[0].ep) == (0, 0)


def test_golden_goblet_heals_1_or_2_with_ten_enemy_graveyard_cards() -> None:
    """BP15-P30 (the token BP15-024 makes): your leader gets +1 defense, +2 instead when the
    opponent has 10 or more cards in the graveyard."""
    goblet = CardRecord("BP15-P30", "黄金の杯", card_class="sword", card_type="token_spell", cost=2)
    for grave, heal in ((9, 1), (10, 2)):
        game = position(ex=([goblet], []), pp=(2, 0), hp=(10, 20), scripts=_scripts("BP15-P30"))
        for _ in range(grave):
            add_card(game, 1, follower("G"), Zone.GRAVE)
        game.apply(Play(game.players[0].ex[0]))
        assert game.players[0].hp == 10 + heal


def test_gold_coin_act_banishes_three_coins_to_heal_and_draw() -> None:
    """BP14-T02 (the coin token several Swordcraft cards make): from the EX area, for 1 PP
    and banishing it with 2 other coins there, your leader gets +1 defense and you draw;
    with only 2 coins it cannot be used."""
    coin = CardRecord("BP14-T02", "輝く金貨", card_class="sword", card_type="token_spell", cost=0)
    game = position(ex=([coin] * 3, []), pp=(1, 0), hp=(10, 20), scripts=_scripts("BP14-T02"))
    first = game.players[0].ex[0]
    assert Activate(first, 0) in game.legal_actions()
    game.apply(Activate(first, 0))
    for _ in range(2):
        d = game.decision
        assert d is not None
        game.apply(Choose(d.options[0]))
    assert not game.players[0].ex
    assert game.players[0].hp == 11
    assert len(game.players[0].hand) == 1
    assert game.players[0].pp == 0
    two = position(ex=([coin] * 2, []), pp=(1, 0), scripts=_scripts("BP14-T02"))
    assert not any(isinstance(a, Activate) for a in two.legal_actions())


def test_tyrant_order_destroys_only_a_boxed_follower() -> None:
    """BP11-024: up to 1 Boxed enemy follower is destroyed (an unboxed one is not offered);
    then a 荒野 follower is searched from the deck into the hand."""
    order = CardRecord(
        "BP11-024", "タイラントオーダー", card_class="sword", card_type="spell", cost=2
    )
    wild = _sword("X-Wild", "Wild", 2, 2, 2, "荒野")
    game = position(
        hands=([order], []),
        fields=([NACHT], [follower("A", 2, 2, 2), follower("B", 2, 2, 2)]),
        decks=([follower("X"), wild], 5),
        pp=(2, 0),
        scripts=_scripts("BP11-018", "BP11-024"),
    )
    boxed, plain = game.players[1].field
    game.apply(Activate(game.players[0].field[0], 0))
    game.apply(Choose(str(boxed)))
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    assert d.options == [str(boxed), "done"]
    game.apply(Choose(str(boxed)))
    assert game.cards[boxed].zone is Zone.GRAVE
    assert game.cards[plain].zone is Zone.FIELD
    d = game.decision
    assert d is not None
    pick = next(o for o in d.options if o != "done")
    assert game.cards[int(pick)].base.card_id == "X-Wild"


def test_battle_blade_damages_and_feeds_kagemitsu_in_the_ex_area() -> None:
    """BP15-031: up to 2 options: 2 damage to an enemy follower, and a fighting-spirit
    counter on a Kagemitsu of yours on the field or in the EX area (another card of yours
    is not offered)."""
    blade = CardRecord("BP15-031", "戦技斬刀", card_class="sword", card_type="spell", cost=1)
    game = position(
        hands=([blade], []),
        fields=([follower("Other")], [follower("E", 3, 3, 3)]),
        ex=([KAGEMITSU], []),
        pp=(1, 0),
        scripts=_scripts("BP15-031"),
    )
    kage = game.players[0].ex[0]
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("mode1"))
    game.apply(Choose("mode2"))
    enemy = game.players[1].field[0]
    game.apply(Choose(str(enemy)))
    assert game.cards[enemy].dfn == 1
    d = game.decision
    assert d is not None
    assert d.options == [str(kage)]
    game.apply(Choose(str(kage)))
    counters = game.cards[kage].counters
    assert counters is not None
    assert counters["c:戦意"] == 1


def test_usurping_dance_divides_4_or_8_damage_and_hits_the_leader_at_20() -> None:
    """BP08-028: any number of enemy followers share 4 damage (8 with 10 or more cards in
    the opponent's graveyard); with 20 or more the enemy leader also takes 8."""
    dance = CardRecord("BP08-028", "簒奪の舞", card_class="sword", card_type="spell", cost=4)
    for grave, total, leader in ((9, 4, 0), (10, 8, 0), (20, 8, 8)):
        game = position(
            hands=([dance], []),
            fields=([], [follower("A", 9, 9, 9), follower("B", 9, 9, 9)]),
            pp=(4, 0),
            scripts=_scripts("BP08-028"),
        )
        for _ in range(grave):
            add_card(game, 1, follower("G"), Zone.GRAVE)
        a, b = game.players[1].field
        game.apply(Play(game.players[0].hand[0]))
        game.apply(Choose(str(a)))
        game.apply(Choose(str(b)))
        d = game.decision
        assert d is not None
        game.apply(Choose("1"))  # 1 to the first, the rest to the second
        assert game.cards[a].dfn == 8
        assert game.cards[b].dfn == 9 - (total - 1)
        assert game.players[1].hp == 20 - leader


# --- BP18-118 -------------------------------------------------------------------------------

SAITO = _sword("BP18-117", "魔汚区役所職員・災藤", 2, 2, 2, "透京", "区役所")
SAITO_EVOLVED = CardRecord(
    "BP18-118", "魔汚区役所職員・災藤", card_class="sword", card_type="evolved_follower",
    cost=2, attack=3, defense=3, traits=("透京", "区役所"),
)  # fmt: skip
PYRO = spell("炎術検定A級", 3)


@pytest.mark.parametrize(
    ("grave", "hand", "offered"),
    [(True, True, ["mode1", "mode2", "mode3"]), (False, True, ["mode2", "mode3"]),
     (True, False, ["mode1", "mode2"])],
)  # fmt: skip
def test_saito_on_evolve_offers_the_options_it_can_pay(
    grave: bool, hand: bool, offered: list[str]
) -> None:
    """BP18-118 On Evolve, one of: an A-Class Pyromancy from the graveyard into the EX area
    (1 less this turn), +1 defense and a mill, or banish a hand card to draw. An option whose
    card or cost is missing is not offered (CR 5.18.4.1)."""
    scripts = _scripts("BP18-117", "BP18-118")
    base = scripts.record(SAITO)
    game = position(fields=([base], []), evolve=([scripts.record(SAITO_EVOLVED)], []),
                    hands=([FILLER] if hand else [], []), pp=(5, 0), hp=(10, 20),
                    scripts=scripts)  # fmt: skip
    if grave:
        add_card(game, 0, PYRO, Zone.GRAVE)
    game.apply(Evolve(game.players[0].field[0], False, False))
    d = game.decision
    assert d is not None
    assert d.options == offered


def test_saito_options_do_what_they_say() -> None:
    """(1) the Pyromancy goes to the EX area and costs 2 there this turn; (2) +1 defense and
    one card milled; (3) the hand card is banished and a card drawn."""
    scripts = _scripts("BP18-117", "BP18-118")
    for mode in ("mode1", "mode2", "mode3"):
        game = position(fields=([scripts.record(SAITO)], []),
                        evolve=([scripts.record(SAITO_EVOLVED)], []), hands=([FILLER], []),
                        pp=(5, 0), hp=(10, 20), scripts=scripts)  # fmt: skip
        pyro = add_card(game, 0, PYRO, Zone.GRAVE)
        game.apply(Evolve(game.players[0].field[0], False, False))
        game.apply(Choose(mode))
        _settle(game)
        me = game.players[0]
        if mode == "mode1":
            assert pyro in me.ex
            assert game.play_cost(game.cards[pyro]) == 2
        elif mode == "mode2":
            assert me.hp == 11
            assert len(me.grave) == 2
        else:
            assert len(me.banish) == 1
            assert len(me.hand) == 1
