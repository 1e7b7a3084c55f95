"""Choosing and naming cards.

Target selectors, card filters, leaders as targets and effect recipients (CR 10.6.2.3).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import CardRecord
from engine.sve.effects.registry import element

if TYPE_CHECKING:
    from engine.sve.board import Card
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game


LEADER_OFFSET = 2
"""Leaders are targets too: leader of player p is the target id ``-(p + 2)``."""


def leader_target(player: int) -> int:
    """The target id of ``player``'s leader (``-2`` or ``-3``)."""
    return -(player + LEADER_OFFSET)


@element
@dataclass(frozen=True, slots=True)
class Targets:
    """What a selection may pick: enemy/own followers, amulets, leaders (Aura respected)."""

    side: str = "enemy"
    """``enemy``, ``own`` or ``any`` (relative to the ability's controller)."""
    followers: bool = True
    leaders: bool = False
    amulets: bool = False
    trait: str = ""
    """Only cards with this trait (``妖精``), or of this class when it is a class id."""
    max_cost: int = -1
    """Only cards whose original cost is at most this (CR 5.24); -1 for any."""
    exact_cost: int = -1
    """Only cards whose original cost is exactly this; -1 for any."""
    other: bool = False
    """Not the ability's own card (``他の``)."""
    name: str = ""
    """Only cards with exactly this name (``『フォレストバット』``)."""
    max_defense: int = -1
    """Only followers whose defense is at most this now; -1 for any."""
    token: bool = False
    """Only tokens (``兵士・トークン・フォロワー``)."""
    min_cost: int = -1
    """Only cards whose original cost is at least this (``元のコスト7以上の``); -1 for any."""
    not_name: str = ""
    """Not cards of this name (``「これと同名を除く…」``)."""
    max_attack: int = -1
    """Only followers whose attack is at most this now (``攻撃力3以下の``); -1 for any."""
    min_attack: int = -1
    """Only followers whose attack is at least this now (``攻撃力4以上の``); -1 for any."""
    name_contains: str = ""
    """Only cards whose name contains this (``「カード名に『…』を含むフォロワー」``)."""
    boxed: bool = False
    """Only Boxed cards (CR 5.31)."""
    engaged: bool = False
    """Only engaged cards (``アクト状態の相手の場のフォロワー``)."""
    trait2: str = ""
    """And this trait (or class id) too (``【ナイトメア】絶傑・フォロワー``, ``絶傑・狩人・``)."""
    defense: int = -1
    """Only followers whose defense is exactly this now (``体力1のフォロワー``); -1 for any."""
    keyword: str = ""
    """Only cards that have this keyword now (``【守護】を持つフォロワー``)."""
    also: tuple[Targets, ...] = ()
    """Alternatives: a card one of them allows is allowed too (``『A』か『B』``, ``学院・
    フォロワー1体か獣・フォロワー1体``); their side and kinds are this selector's."""

    def allows(self, card: Card) -> bool:
        """Whether a field card meets the trait, name, token and cost limits."""
        if self.also and any(a.allows(card) for a in self.also):
            return True
        rec = card.face
        if self.token and not card.token:
            return False
        if self.engaged and not card.engaged:
            return False
        if self.boxed and not (card.counters is not None and "boxed" in card.counters):
            return False
        if self.trait and self.trait not in rec.traits and self.trait != rec.card_class:
            return False
        if self.trait2 and self.trait2 not in rec.traits and self.trait2 != rec.card_class:
            return False
        if self.name and rec.name != self.name:
            return False
        if self.not_name and rec.name == self.not_name:
            return False
        if self.name_contains and self.name_contains not in rec.name:
            return False
        cost = card.base.cost or 0
        if self.max_cost >= 0 and cost > self.max_cost:
            return False
        if self.min_cost >= 0 and cost < self.min_cost:
            return False
        if self.max_defense >= 0 and card.dfn > self.max_defense:
            return False
        if self.defense >= 0 and card.dfn != self.defense:
            return False
        if self.keyword and self.keyword not in card.keywords:
            return False
        if self.max_attack >= 0 and card.atk > self.max_attack:
            return False
        if self.min_attack >= 0 and card.atk < self.min_attack:
            return False
        return not (self.exact_cost >= 0 and cost != self.exact_cost)


@element
@dataclass(frozen=True, slots=True)
class Select:
    """Choose ``count`` targets (``up_to``: 0 to ``count``) as "it" (CR 10.6.2.3)."""

    what: Targets
    count: int = 1
    up_to: bool = False
    per_grave: CardFilter | None = None
    """When set, ``count`` is per card in your graveyard that passes this filter
    (``…1枚につき、…1体まで選ぶ``)."""
    per_field: Targets | None = None
    """When set, ``count`` is per ``every`` field cards this allows (``自分の場のアミュレット
    2つにつき、…1体まで選ぶ``), counted as the choice is made."""
    every: int = 1

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask for the next target, or finish when enough are chosen or none are left."""
        if frame.sub == 0 and frame.choice != "select":
            frame.targets = []
            frame.choice = "select"
        count = self.count
        if self.per_grave is not None:
            cards = game.cards
            match = self.per_grave.matches
            grave = game.players[frame.controller].grave
            count *= sum(1 for u in grave if match(cards[u].base))
        if self.per_field is not None:
            field = game.candidates(self.per_field, frame.controller, frame.source, counting=True)
            count *= len(field) // max(self.every, 1)
        if frame.sub >= count:
            frame.sub = 0
            frame.choice = None
            return True
        cands = [
            t
            for t in game.candidates(self.what, frame.controller, frame.source)
            if t not in frame.targets
        ]
        if not cands:
            frame.sub = 0
            frame.choice = None
            return True
        game.ask_choice(frame.controller, [_target_word(t) for t in cands], self.up_to)
        return False

    def available(self, game: Game, controller: int, source: int = -1) -> bool:
        """Whether a mandatory selection can be made at all (CR 10.6.2.3.3)."""
        return self.up_to or bool(game.candidates(self.what, controller, source))

    def describe(self) -> str:
        """This element in English."""
        if self.per_grave is not None:
            per = filter_words(self.per_grave, 1)
            one = targets_words(self.what, 1, self.up_to)
            return f"for each {per} in your graveyard, choose {one}"
        if self.per_field is not None:
            each = "each" if self.every == 1 else f"every {self.every}"
            one = targets_words(self.what, self.count, self.up_to)
            return f"for {each} of {all_words(self.per_field)[4:]}, choose {one}"
        return f"choose {targets_words(self.what, self.count, self.up_to)}"


@element
@dataclass(frozen=True, slots=True)
class SelectEx:
    """Choose ``n`` cards passing ``what`` in your EX area as "it"."""

    what: CardFilter
    n: int = 1

    def run(self, game: Game, frame: Frame) -> bool:
        """Offer the matching cards one by one."""
        if frame.sub == 0 and frame.choice is None:
            frame.targets = []
        if frame.choice is not None:
            frame.targets.append(int(frame.choice))
            frame.choice = None
            frame.sub += 1
        cards = game.cards
        cands = [
            u
            for u in sorted(game.players[frame.controller].ex)
            if u not in frame.targets and self.what.matches(cards[u].base)
        ]
        if frame.sub >= self.n or not cands:
            frame.sub = 0
            return True
        game.ask_pick(frame.controller, [str(u) for u in cands], False)
        return False

    def describe(self) -> str:
        """This element in English."""
        return f"choose {self.n} {filter_words(self.what, self.n)} in your EX area"


def _target_word(target: int) -> str:
    return f"leader{-target - LEADER_OFFSET}" if target < 0 else str(target)


def parse_target_word(word: str) -> int:
    """Inverse of the option words a selection offers (``7`` or ``leader1``)."""
    if word.startswith("leader"):
        return leader_target(int(word[6:]))
    return int(word)


@element
@dataclass(frozen=True, slots=True)
class CardFilter:
    """Which cards a search or a look at the deck may take (types, trait, cost, name)."""

    kind: str = "card"
    """``card``, ``follower``, ``spell`` or ``amulet``."""
    traits: tuple[str, ...] = ()
    """Any of these traits (or class ids) qualifies; empty for any."""
    max_cost: int = -1
    exact_cost: int = -1
    name: str = ""
    """Exactly this card name."""
    min_cost: int = -1
    """Original cost at least this (``元のコスト7以上``); -1 for any."""
    not_name: str = ""
    """Not a card of this name (``これと同名を除く``)."""
    token: bool = False
    """Only tokens."""
    name_contains: str = ""
    also: tuple[CardFilter, ...] = ()
    """Alternatives: a card passing any of them passes too (``AかB``)."""
    with_traits: tuple[str, ...] = ()
    """Each of these traits (or class ids) too (``絶傑・狩人・カード``: both)."""
    keyword: str = ""
    """Only cards printed with this keyword (``【守護】を持つフォロワー``; a card in a zone
    other than the field has only its printed keywords)."""
    max_attack: int = -1
    """Printed attack at most this (``攻撃力3以下の``); -1 for any."""

    def matches(self, rec: CardRecord) -> bool:
        """Whether ``rec`` passes the filter (or one of its alternatives)."""
        if self.also and any(f.matches(rec) for f in self.also):
            return True
        if self.kind != "card" and rec.base_type != self.kind:
            return False
        if self.traits and not any(t in rec.traits or t == rec.card_class for t in self.traits):
            return False
        if not all(t in rec.traits or t == rec.card_class for t in self.with_traits):
            return False
        if self.keyword and self.keyword not in rec.keywords:
            return False
        if self.max_attack >= 0 and (rec.attack is None or rec.attack > self.max_attack):
            return False
        cost = rec.cost or 0
        if self.max_cost >= 0 and cost > self.max_cost:
            return False
        if self.exact_cost >= 0 and cost != self.exact_cost:
            return False
        if self.min_cost >= 0 and cost < self.min_cost:
            return False
        if self.not_name and rec.name == self.not_name:
            return False
        if self.token and not rec.card_type.startswith("token"):
            return False
        if self.name and rec.name != self.name:
            return False
        return not (self.name_contains and self.name_contains not in rec.name)


def player_of(game: Game, frame: Frame, who: str) -> int:
    return frame.controller if who == "you" else 1 - frame.controller


MAGIC_ITEM = "魔法のアイテム"
"""CR 14.3.1.1: the collab name (CR 2.14) every Magic Item token has."""


IDOLMASTER = "デレマス"
"""The trait of The Idolmaster Cinderella Girls cards."""


def is_magic_item(rec: CardRecord) -> bool:
    """Whether ``rec`` is a Magic Item token (CR 14.3.1): the spell tokens of Cinderella
    Girls, printed under several names and art, are all Magic Items with one text."""
    return rec.card_type == "token_spell" and (rec.name == MAGIC_ITEM or IDOLMASTER in rec.traits)


def magic_items(game: Game, player: int) -> list[int]:
    """The Magic Items in ``player``'s EX area, oldest first."""
    cards = game.cards
    return sorted(u for u in game.players[player].ex if is_magic_item(cards[u].base))


RECIPIENTS = (
    "targets",
    "self",
    "event",
    "enemy_leader",
    "own_leader",
    "enemy_followers",
    "enemy_all",
    "own_followers",
    "own_other_followers",
    "all_followers",
    "all_other_followers",
    "all_other_and_enemy_leader",
    "all_leaders",
)
"""The words an effect's ``to`` may take, besides ``targets`` (the chosen "it")."""


def resolve_recipients(game: Game, frame: Frame, to: str) -> list[int]:
    if to == "targets":
        return [t for t in frame.targets if game.target_exists(t)]
    if to == "first_target":  # "その中の1体に…": the one chosen first
        return [t for t in frame.targets[:1] if game.target_exists(t)]
    if to == "other_targets":  # "残りの…に": the others chosen with it
        return [t for t in frame.targets[1:] if game.target_exists(t)]
    if to == "self":
        return [frame.source] if game.target_exists(frame.source) else []
    if to == "event":
        return [frame.amount] if game.target_exists(frame.amount) else []
    me, opp = frame.controller, 1 - frame.controller
    if to == "enemy_leader":
        return [leader_target(opp)]
    if to == "own_leader":
        return [leader_target(me)]
    if to == "enemy_followers":
        return game.followers_of(opp)
    if to == "enemy_all":
        return [leader_target(opp), *game.followers_of(opp)]
    if to == "enemy_other_followers":  # "それ以外の相手の場のフォロワーすべて"
        return [u for u in game.followers_of(opp) if u not in frame.targets]
    if to == "own_followers":
        return game.followers_of(me)
    if to == "own_other_followers":
        return [u for u in game.followers_of(me) if u != frame.source]
    if to == "all_followers":
        return game.followers_of(me) + game.followers_of(opp)
    if to == "all_other_followers":
        return [u for u in game.followers_of(me) + game.followers_of(opp) if u != frame.source]
    if to == "all_other_and_enemy_leader":
        others = game.followers_of(me) + game.followers_of(opp)
        return [leader_target(opp), *(u for u in others if u != frame.source)]
    if to == "all_leaders":
        return [leader_target(me), leader_target(opp)]
    raise ValueError(f"unknown effect recipient {to!r}")


TO_WORDS = {
    "targets": "it",
    "first_target": "the first one chosen",
    "other_targets": "the others chosen",
    "self": "this",
    "event": "that follower",
    "enemy_leader": "the enemy leader",
    "own_leader": "your leader",
    "enemy_followers": "all enemy followers",
    "enemy_all": "the enemy leader and all enemy followers",
    "enemy_other_followers": "all other enemy followers",
    "own_followers": "all your followers",
    "own_other_followers": "all your other followers",
    "all_followers": "all followers",
    "all_other_followers": "all other followers",
    "all_other_and_enemy_leader": "the enemy leader and all other followers",
    "all_leaders": "both leaders",
}
PLURAL_TO = frozenset(
    {
        "other_targets", "enemy_followers", "enemy_all", "enemy_other_followers",
        "own_followers", "own_other_followers", "all_followers", "all_other_followers",
        "all_other_and_enemy_leader", "all_leaders",
    }
)  # fmt: skip
"""The recipients of ``TO_WORDS`` that are several cards (their verbs take the plural)."""


def targets_words(t: Targets, count: int = 1, up_to: bool = False) -> str:
    if t.also:  # "A or B": each alternative in words, the count said once
        plain = dataclasses.replace(t, also=())
        words = [targets_words(x, count, up_to) for x in (*t.also, plain)]
        cut = 3 if up_to else 1  # "up to N" or "N" before the noun, said once
        return " or ".join([words[0], *(w.split(" ", cut)[-1] for w in words[1:])])
    side = {"enemy": "enemy ", "own": "of your ", "any": ""}[t.side]
    kinds = [k for k, on in (("follower", t.followers), ("amulet", t.amulets)) if on]
    noun = " or ".join(kinds) or "card"
    if t.followers and t.amulets:
        noun = "card"
    if t.leaders:
        noun = f"leader or {noun}"
    parts = []
    if t.other:
        parts.append("other")
    if t.trait:
        parts.append(t.trait)
    if t.trait2:
        parts.append(t.trait2)
    if t.name:
        parts.append(f"'{t.name}'")
    if t.not_name:
        parts.append(f"not '{t.not_name}'")
    if t.name_contains:
        parts.append(f"'*{t.name_contains}*'")
    if t.token:
        parts.append("token")
    if t.boxed:
        parts.append("Boxed")
    if t.engaged:
        parts.append("engaged")
    head = f"{'up to ' if up_to else ''}{count}"
    noun_words = " ".join([*parts, noun + ("s" if count != 1 else "")])
    own = t.side == "own"
    text = f"{head} {noun_words} on your field" if own else f"{head} {side}{noun_words}"
    text += _cost_words(t.max_cost, t.exact_cost, t.min_cost)
    if t.max_defense >= 0:
        text += f" with defense {t.max_defense} or less"
    if t.defense >= 0:
        text += f" with defense {t.defense}"
    if t.keyword:
        text += f" with {t.keyword}"
    if t.max_attack >= 0:
        text += f" with attack {t.max_attack} or less"
    if t.min_attack >= 0:
        text += f" with attack {t.min_attack} or more"
    return text


def _cost_words(max_cost: int, exact_cost: int, min_cost: int) -> str:
    """The original-cost limits of a selector in English (a negative limit is none)."""
    text = ""
    if max_cost >= 0:
        text += f" with original cost {max_cost} or less"
    if exact_cost >= 0:
        text += f" with original cost {exact_cost}"
    if min_cost >= 0:
        text += f" with original cost {min_cost} or more"
    return text


def all_words(t: Targets) -> str:
    """``all <the cards t allows>`` (a group, not a choice)."""
    return "all " + targets_words(t, 2).split(" ", 1)[1]


def filter_words(f: CardFilter, n: int) -> str:
    if f.also:
        plain = dataclasses.replace(f, also=())
        return " or ".join([*(filter_words(a, n) for a in f.also), filter_words(plain, n)])
    noun = f.kind + ("s" if n != 1 else "")
    words = []
    if f.traits:
        words.append("/".join(f.traits))
    words.extend(f.with_traits)
    if f.keyword:
        words.append(f"{f.keyword}")
    if f.token:
        words.append("token")
    text = " ".join([*words, noun])
    if f.name:
        text = f"'{f.name}'"
    if f.name_contains:
        text += f" whose name contains '{f.name_contains}'"
    text += _cost_words(f.max_cost, f.exact_cost, f.min_cost)
    if f.max_attack >= 0:
        text += f" with attack {f.max_attack} or less"
    if f.not_name:
        text += f" not named '{f.not_name}'"
    return text
