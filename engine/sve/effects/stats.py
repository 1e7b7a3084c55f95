"""A card's numbers and status.

Attack and defense, engaged, Boxed, counters, granted keywords and equipment (CR 5.3, 5.31,
14.5.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.cards import CardRecord
from engine.sve.effects.amounts import Amount
from engine.sve.effects.core import Rule, Static
from engine.sve.effects.registry import element
from engine.sve.effects.selectors import PLURAL_TO, TO_WORDS, all_words, filter_words

if TYPE_CHECKING:
    from engine.sve.effects.core import Frame
    from engine.sve.effects.game import Game
    from engine.sve.effects.selectors import CardFilter

from engine.sve.effects.selectors import LEADER_OFFSET, Targets, resolve_recipients


@element
@dataclass(frozen=True, slots=True)
class SetStats:
    """The chosen followers' attack and defense become ``atk`` and ``dfn`` (CR 5.27: a
    value set, not a modifier). ``atk`` -1 leaves the attack as it is (``これの体力を7に
    する``); ``dfn`` -1 sets the defense to the original one, the printed defense of the
    card's face (``それの体力を元の体力と同じ値にする``)."""

    atk: int
    dfn: int
    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Set the values."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                card = game.cards[tgt]
                atk = card.atk if self.atk < 0 else self.atk
                dfn = (card.face.defense or 0) if self.dfn < 0 else self.dfn
                game.modify(tgt, atk - card.atk, dfn - card.dfn, (), False)
        return True

    def describe(self) -> str:
        """This element in English."""
        dfn = "its original defense" if self.dfn < 0 else str(self.dfn)
        if self.atk < 0:
            who = TO_WORDS[self.to]
            whose = "its" if who == "it" else f"{who}'s"
            return f"{whose} defense becomes {dfn}"
        return f"{TO_WORDS[self.to]} becomes {self.atk}/{self.dfn}"


@element
@dataclass(frozen=True, slots=True)
class Buff:
    """CR 5.27: +atk/+def and keywords to ``to``, permanently or until end of turn."""

    atk: int = 0
    dfn: int = 0
    to: str = "self"
    until_end_of_turn: bool = False
    keywords: tuple[str, ...] = ()
    what: Targets | None = None
    """When set, every field card it allows gets the modifier (``to`` is ignored)."""
    per_died: bool = False
    """+X/+X, X being the followers put from the field into a graveyard this turn."""
    ex: bool = False
    """The recipients are cards in your EX area: the chosen ones ("it"), or with ``ex_what``
    every one it passes; the change goes with them onto the field (CR 4.8.3.3)."""
    ex_what: CardFilter | None = None

    def run(self, game: Game, frame: Frame) -> bool:
        """Apply the modifier."""
        atk, dfn = self.atk, self.dfn
        if self.per_died:
            atk = dfn = Amount("died").value(game, frame) or 0
        if self.ex:
            ex = game.players[frame.controller].ex
            cards = game.cards
            if self.ex_what is not None:
                match = self.ex_what.matches
                got = [u for u in sorted(ex) if match(cards[u].base)]
            else:
                got = [t for t in frame.targets if t >= 0 and t in ex]
        elif self.what is not None:
            got = game.candidates(self.what, frame.controller, frame.source, counting=True)
        else:
            got = resolve_recipients(game, frame, self.to)
        for tgt in got:
            if tgt < 0:  # a leader's 【体力】+N raises its defense (CR 5.27)
                if dfn > 0:
                    game.heal_leader(-tgt - LEADER_OFFSET, dfn)
                continue
            game.modify(tgt, atk, dfn, self.keywords, self.until_end_of_turn)
            if atk > 0 or dfn > 0:
                game.raised(tgt, defense=dfn > 0)
        return True

    def describe(self) -> str:
        """This element in English."""
        bits = []
        if self.atk or self.dfn:
            bits.append(f"{self.atk:+d}/{self.dfn:+d}")
        if self.keywords:
            bits.append(", ".join(self.keywords))
        tail = " until end of turn" if self.until_end_of_turn else ""
        if self.per_died:
            bits = ["+X/+X (X: followers put from the field into a graveyard this turn)"]
        if self.ex:
            who = "it" if self.ex_what is None else f"all {filter_words(self.ex_what, 2)}"
            verb = "gets" if self.ex_what is None else "get"
            return f"{who} in your EX area {verb} {' and '.join(bits)}{tail}"
        if self.what is not None:
            return f"{all_words(self.what)} get {' and '.join(bits)}{tail}"
        verb = "get" if self.to in PLURAL_TO else "gets"
        return f"{TO_WORDS[self.to]} {verb} {' and '.join(bits)}{tail}"


@element
@dataclass(frozen=True, slots=True)
class Engage:
    """CR 5.4: engage (``stand=False``) or stand the chosen cards."""

    to: str = "targets"
    stand: bool = False

    def run(self, game: Game, frame: Frame) -> bool:
        """Engage or stand."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.set_engaged(tgt, not self.stand)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"{'stand' if self.stand else 'engage'} {TO_WORDS[self.to]}"


@element
@dataclass(frozen=True, slots=True)
class SkipStand:
    """The chosen cards do not stand in their controller's next start phase (CR 7.2.3)."""

    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark them."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.add_counter(tgt, "skip_stand")
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"{TO_WORDS[self.to]} does not stand in its controller's next start phase"


@element
@dataclass(frozen=True, slots=True)
class Box:
    """CR 5.31: the chosen followers become Boxed until the end of their controller's next
    turn. A Boxed card loses every ability it has, printed or gained so far (CR 5.31.2;
    abilities gained later are kept, 5.31.2.1), so its auto, activated and continuous
    abilities, its keywords and its evolve ability (CR 12.2.1) do nothing; and it does not
    stand by rule in its controller's start phase (CR 5.31.3; an effect may still stand it,
    5.31.3.1). Keywords that continuous abilities of other cards give it are applied again at
    the next check, as abilities gained after the boxing (CR 5.31.2.1)."""

    to: str = "targets"

    def run(self, game: Game, frame: Frame) -> bool:
        """Box them."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.box(tgt)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"{TO_WORDS[self.to]} becomes Boxed until the end of its controller's next turn"


COUNTER_PREFIX = "c:"

STACK = "スタック"
"""The name of stack counters (CR 13.3.2)."""
"""Named counters a card's text puts on cards are kept as ``c:<name>`` in its counters."""


@element
@dataclass(frozen=True, slots=True)
class CounterOnOwn:
    """Choose one of your cards named ``name`` on your field or in your EX area; put ``n``
    counters named ``counter`` on it."""

    name: str
    counter: str
    n: int = 1

    def run(self, game: Game, frame: Frame) -> bool:
        """Offer the matching cards (field first), then put the counters."""
        p = game.players[frame.controller]
        cards = game.cards
        if frame.choice is None:
            found = [u for u in sorted(p.field) + sorted(p.ex) if cards[u].face.name == self.name]
            if not found:
                return True
            game.ask_pick(frame.controller, [str(u) for u in found], False)
            return False
        uid, frame.choice = int(frame.choice), None
        if uid in p.field or uid in p.ex:
            game.add_counter(uid, COUNTER_PREFIX + self.counter, self.n)
        return True

    def describe(self) -> str:
        """This element in English."""
        what = f"1 '{self.name}' on your field or in your EX area"
        counters = f"'{self.counter}' counter{'s' if self.n != 1 else ''}"
        return f"choose {what}; put {self.n} {counters} on it"


@element
@dataclass(frozen=True, slots=True)
class NoAttack:
    """The chosen followers cannot attack this turn, or in their controller's next turn."""

    to: str = "targets"
    next_turn: bool = False

    def run(self, game: Game, frame: Frame) -> bool:
        """Mark them."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.forbid_attack(tgt, self.next_turn)
        return True

    def describe(self) -> str:
        """This element in English."""
        when = "in its controller's next turn" if self.next_turn else "this turn"
        return f"{TO_WORDS[self.to]} cannot attack {when}"


@element
@dataclass(frozen=True, slots=True)
class PutCounters:
    """CR 15.1.3: put ``n`` counters named ``name`` on ``to`` (``self`` or ``targets``), or
    on every field card ``what`` allows (``自分の場の『…』すべてに…カウンターN個を置く``).
    With ``per_max_pp`` the number is your PP maximum (``Xは「自分のPP最大値」``); at most
    ``cap`` of them can be on a card (``これに…カウンターはN個まで置ける``), -1 for no limit.
    Counters are kept under :data:`COUNTER_PREFIX` plus their name."""

    name: str
    n: int = 1
    per_max_pp: bool = False
    cap: int = -1
    what: Targets | None = None
    to: str = "self"
    anywhere: bool = False
    """On this card wherever it is (in the EX area, for one)."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Add the counters to each recipient on the field."""
        if self.anywhere:
            got = [frame.source]
        elif self.what is not None:
            got = game.candidates(self.what, frame.controller, frame.source, counting=True)
        else:
            got = resolve_recipients(game, frame, self.to)
        n = (Amount("max_pp") if self.per_max_pp else Amount(n=self.n)).value(game, frame) or 0
        key = COUNTER_PREFIX + self.name
        for uid in got:
            if uid < 0:
                continue
            more = n
            if self.cap >= 0:
                counters = game.cards[uid].counters
                more = min(n, self.cap - (0 if counters is None else counters.get(key, 0)))
            if more > 0:
                game.add_counter(uid, key, more)
        return True

    def describe(self) -> str:
        """This element in English."""
        n = "X" if self.per_max_pp else str(self.n)
        x = " (X is your PP maximum)" if self.per_max_pp else ""
        cap = f" (at most {self.cap} on it)" if self.cap >= 0 else ""
        where = "this" if self.what is None else all_words(self.what)
        return f"put {n} {self.name} counters on {where}{x}{cap}"


STACK_HOLDERS = Targets(side="own", followers=False, amulets=True, keyword="stack")
"""Your amulets with Stack (CR 13.3.2)."""


@element
@dataclass(frozen=True, slots=True)
class StackUp:
    """CR 13.3.2.4: ``【スタック】を+N`` puts ``n`` stack counters on one card of your field
    with Stack, of your choice (none there: nothing happens)."""

    n: int = 1

    def run(self, game: Game, frame: Frame) -> bool:
        """Ask which Stack card when there are several."""
        if frame.choice is not None:
            uid, frame.choice = int(frame.choice), None
            game.add_counter(uid, COUNTER_PREFIX + STACK, self.n)
            return True
        holders = game.candidates(STACK_HOLDERS, frame.controller, -1, counting=True)
        if len(holders) == 1:
            game.add_counter(holders[0], COUNTER_PREFIX + STACK, self.n)
        elif holders:
            game.ask_pick(frame.controller, [str(u) for u in sorted(holders)], False)
            return False
        return True

    def describe(self) -> str:
        """This element in English."""
        return (
            f"put {self.n} stack counter{'s' if self.n != 1 else ''} on a Stack card on your field"
        )


@element
@dataclass(frozen=True, slots=True)
class MoveCounters:
    """Move every counter named ``name`` from this card onto "it" (the third ability of
    Stack, CR 13.3.2.2: ``それにこれのスタックカウンターすべてを移す``); left with none, a
    Stack card then goes to the graveyard (CR 13.3.2.3)."""

    name: str

    def run(self, game: Game, frame: Frame) -> bool:
        """Move them to the first card chosen that is still there."""
        key = COUNTER_PREFIX + self.name
        counters = game.cards[frame.source].counters if frame.source >= 0 else None
        n = 0 if counters is None else counters.get(key, 0)
        to = [t for t in resolve_recipients(game, frame, "targets") if t >= 0][:1]
        if n > 0 and to:
            game.add_counter(to[0], key, n)
            game.add_counter(frame.source, key, -n)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"move every {self.name} counter of this onto it"


@element
@dataclass(frozen=True, slots=True)
class Equip:
    """CR 14.5.2.2: this follower equips a new ``token`` (an equipment token)."""

    token: CardRecord
    to: str = "self"

    def run(self, game: Game, frame: Frame) -> bool:
        """Equip each recipient."""
        for tgt in resolve_recipients(game, frame, self.to):
            if tgt >= 0:
                game.equip(tgt, self.token)
        return True

    def describe(self) -> str:
        """This element in English."""
        return f"{TO_WORDS[self.to]} equips '{self.token.name}'"


@element
@dataclass(frozen=True, slots=True)
class Grant(Static):
    """CR 10.1.1.3: a continuous effect of a ``STATIC`` ability: the cards ``what`` allows
    (this card when ``None``) have ``keywords`` while the ability applies."""

    keywords: tuple[str, ...]
    what: Targets | None = None

    rule: ClassVar[Rule] = Rule.KEYWORDS

    def grants(self, game: Game, master: int, uid: int) -> tuple[tuple[str, ...], list[int]]:
        """The keywords, and the cards that have them now (this card, or those ``what``
        allows)."""
        if self.what is None:
            return self.keywords, [uid]
        return self.keywords, game.candidates(self.what, master, uid, counting=True)

    def describe(self) -> str:
        """This element in English."""
        who = "this" if self.what is None else all_words(self.what)
        return f"{who} {'has' if self.what is None else 'have'} {', '.join(self.keywords)}"


PILOTED = "piloted"
"""The counters key of an amulet piloted this turn (its value: the turn)."""


@element
@dataclass(frozen=True, slots=True)
class Pilot:
    """CR 5.32.1: pilot this amulet (``これを操縦する``): for this turn it is a follower
    with the attack and defense printed on it; an amulet without them stays as it is
    (CR 5.32.1.1). The end of the turn makes it an amulet again."""

    def run(self, game: Game, frame: Frame) -> bool:
        """Make it a follower until the end of the turn."""
        card = game.cards[frame.source]
        rec = card.base
        if not game.target_exists(frame.source) or rec.attack is None or rec.defense is None:
            return True
        card = game.writable(frame.source)
        card.fol = True
        card.atk, card.dfn = rec.attack, rec.defense
        if card.counters is None:
            card.counters = {}
        card.counters[PILOTED] = game.turn
        return True

    def describe(self) -> str:
        """This element in English."""
        return "pilot this (it is a follower with its printed attack and defense this turn)"
