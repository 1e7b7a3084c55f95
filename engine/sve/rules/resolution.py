"""Triggers and resolution (CR 10.5-10.7, 11): check timing, rule processing, waiting
abilities and their order, the frames of abilities being resolved, choices they ask for, and
continuous abilities applied (CR 10.1.1.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.sve.board import (
    ABILITY_PROOF,
    AURA,
    BOXED,
    CANNOT_LOSE,
    DESTROY_PROOF,
    DRAIN,
    EX_ATK,
    EX_DFN,
    EX_KW,
    STACK,
    STACK_COUNTERS,
    Card,
    Decision,
    Kind,
    Step,
    Termination,
    Zone,
    _boxed,
    keyword_bits,
)
from engine.sve.effects.conditions import ORIGINS
from engine.sve.effects.core import Ability, Effect, Frame, Rule, Static, Trigger, changes
from engine.sve.effects.scripts import KEYWORD_ABILITIES
from engine.sve.effects.search import FromGrave
from engine.sve.effects.selectors import (
    LEADER_OFFSET,
    Select,
    Targets,
    parse_target_word,
)
from engine.sve.rules.zones import Zones


class Resolution(Zones):
    """The part of the state that fires, orders and resolves abilities and runs rule
    processing at check timing (CR 10.5-10.7, 11)."""

    def ask_choice(self, player: int, options: list[str], allow_done: bool) -> None:
        """Ask ``player`` to choose one of ``options`` (plus ``done`` if optional)."""
        if allow_done:
            options = [*options, "done"]
        self.decision = Decision(Kind.TARGET, player, options)

    def candidates(
        self, what: Targets, controller: int, source: int = -1, counting: bool = False
    ) -> list[int]:
        """Target ids an ability of ``controller`` may choose (Aura excluded, CR 12.15;
        ``counting``: every card that ``what`` allows, Aura included)."""
        out: list[int] = []
        sides = (
            (1 - controller,)
            if what.side == "enemy"
            else (controller,)
            if what.side == "own"
            else (0, 1)
        )
        plain = not (
            what.trait
            or what.name
            or what.token
            or what.boxed
            or what.max_cost >= 0
            or what.max_defense >= 0
            or what.exact_cost >= 0
            or what.min_cost >= 0
            or what.not_name
            or what.max_attack >= 0
            or what.min_attack >= 0
            or what.name_contains
            or what.trait2
            or what.engaged
            or what.defense >= 0
            or what.keyword
            or what.also
        )
        for side in sides:
            if what.followers or what.amulets:
                for uid in sorted(self.players[side].field):
                    c = self.cards[uid]
                    if not (what.followers if c.fol else what.amulets):
                        continue
                    if side != controller and not counting and c.bits & AURA:
                        continue
                    if (what.other and uid == source) or not (plain or what.allows(c)):
                        continue
                    out.append(uid)
            if what.leaders:
                out.append(-(side + LEADER_OFFSET))
        return out

    def ask_pick(self, player: int, options: list[str], allow_done: bool) -> None:
        """Ask ``player`` for a mode, a found card or a discard (answer in the frame)."""
        if allow_done:
            options = [*options, "done"]
        self.decision = Decision(Kind.PICK, player, options)

    def push_frame(
        self, effects: tuple[Effect, ...], parent: Frame, share_it: bool = False
    ) -> None:
        """Resolve ``effects`` next, as part of ``parent`` (same source and "it"); with
        ``share_it`` what they choose is "it" for the rest of ``parent`` too."""
        child = Frame(effects, parent.source, parent.controller, parent.amount)
        child.targets = parent.targets[:]
        if share_it and self.frames and self.frames[-1] is parent:
            child.share = len(self.frames) - 1
        self.frames.append(child)

    def _field_statics(self, player: int, rule: Rule) -> list[Static]:
        """The elements that change ``rule`` in the continuous abilities of ``player``'s
        field cards whose conditions hold now (CR 10.1.1.3)."""
        field = self.players[player].field
        if not field:
            return []
        ids = self.scripts.ids_with_rule(rule)
        if not ids:  # none without scripts too
            return []
        memo = self.statics_memo
        if memo is not None:
            found: list[Static] | None = memo.get((player, rule))
            if found is not None:
                return found
        out: list[Static] = []
        for uid in field:
            card = self.cards[uid]
            if card.face.card_id not in ids:
                continue
            for ability in self.abilities_of(card, Trigger.STATIC):
                cond = ability.condition
                if cond is None or cond.holds(self, player, uid):
                    out.extend(e for e in ability.effects if changes(e, rule))
        if memo is not None:
            memo[(player, rule)] = out
        return out

    def _leader_hurt(self, player: int) -> None:
        """``player``'s leader defense went down: "when your leader's defense goes down"
        abilities on that player's field go off (CR 10.7.1)."""
        field = self.players[player].field
        if field and self.scripts:
            for uid in self.holders(field, Trigger.LEADER_HURT):
                self._fire(self.cards[uid], Trigger.LEADER_HURT, player)

    def raised(self, uid: int, defense: bool = False) -> None:
        """A follower's attack or defense was raised (``defense``: its defense among them):
        its "when this gets +" abilities go off (CR 10.7.1)."""
        if self.scripts:
            card = self.cards[uid]
            self._fire(card, Trigger.BUFFED, card.controller)
            if defense:
                self._fire(card, Trigger.DEFENSE_RAISED, card.controller)

    def holders(self, uids: Sequence[int], trigger: Trigger) -> list[int]:
        """The cards among ``uids`` (sorted) that may have an ability with ``trigger``: their
        own, or given by equipment."""
        ids = self.scripts.ids_with(trigger)
        cards = self.cards
        found = [u for u in uids if cards[u].face.card_id in ids or cards[u].eq]
        if len(found) > 1:
            found.sort()
        return found

    def abilities_of(self, card: Card, trigger: Trigger) -> tuple[Ability, ...]:
        """The abilities of a card with ``trigger``, with those its equipment gives it
        (CR 14.5.2)."""
        if card.counters is not None and BOXED in card.counters:
            return ()  # CR 5.31.2: a Boxed card has no abilities
        own = self.scripts.abilities(card.face.card_id, trigger)
        if not card.eq:
            return own
        for token_id in card.eq:
            own = own + self.scripts.abilities(token_id, trigger)
        return own

    def set_origin(self, card: Card, zone: str) -> None:
        """Remember where a card that just entered the field came from."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        if card.zone is Zone.FIELD:
            if card.counters is None:
                card.counters = {}
            card.counters["origin"] = ORIGINS[zone]

    def modify(
        self, target: int, atk: int, dfn: int, keywords: Sequence[str], until_eot: bool
    ) -> None:
        """CR 5.27: +atk/+def and keywords on a follower; until end of turn if asked (7.4.8)."""
        if target < 0:
            return
        card = self.cards[target]
        if card.zone is Zone.EX and not until_eot:  # CR 4.8.3.3: kept for the field
            card = self.writable(target)
            if card.counters is None:
                card.counters = {}
            card.counters[EX_ATK] = card.counters.get(EX_ATK, 0) + atk
            card.counters[EX_DFN] = card.counters.get(EX_DFN, 0) + dfn
            card.counters[EX_KW] = card.counters.get(EX_KW, 0) | keyword_bits(keywords)
            return
        if card.zone is not Zone.FIELD:
            return
        card = self.writable(target)
        bits = keyword_bits(keywords) & ~card.bits
        self.dirty = True
        card.atk += atk
        card.dfn += dfn
        card.granted |= bits
        if until_eot:
            self.eot.append((target, card.gen, atk, dfn, bits))

    def add_counter(self, target: int, name: str, n: int = 1) -> None:
        """Put ``n`` counters named ``name`` on a card (kept through evolution, CR 5.16.2);
        a negative ``n`` removes them. A Stack card left with no stack counter goes to its
        owner's graveyard (CR 13.3.2.3, 13.3.3.2)."""
        card = self.writable(target)
        if card.counters is None:
            card.counters = {}
        card.counters[name] = card.counters.get(name, 0) + n
        if (
            name == STACK_COUNTERS
            and card.counters[name] <= 0
            and card.kw & STACK
            and card.zone is Zone.FIELD
        ):
            card.counters[name] = 0
            self._leave_field(card, Zone.GRAVE, "leave")

    def _run(self) -> None:
        """Advance automatically until a player must decide or the game ends."""
        # The loop asks _deciding() and _over() after the calls that may change them: a
        # test of the fields themselves would be narrowed by the loop's own test (the type
        # checker keeps a narrowed field across calls, and the compiled engine trusts it).
        while self.outcome_ is None and self.decision is None:
            if self.frames:
                frame = self.frames[-1]
                effects = frame.effects
                depth = len(self.frames)
                while frame.step < len(effects):
                    if not effects[frame.step].run(self, frame):
                        break
                    frame.step += 1
                    if len(self.frames) != depth:
                        break  # a nested ability (a chosen mode) resolves first
                if self._deciding():
                    return
                if len(self.frames) != depth:
                    continue
                self.frames.pop()
                if frame.share >= 0:  # a card chosen under a condition is "it" after it
                    self.frames[frame.share].targets = frame.targets
                if frame.origin >= 0 and self.scripts:
                    self._ability_used(frame)
                continue
            # Check timing (CR 10.5.2): rule processing first, then waiting auto abilities.
            self._rule_processing()
            if self._over():
                return
            if self.pending:
                self._next_pending()
                continue
            self._advance()

    def _deciding(self) -> bool:
        """Whether a player must decide now."""
        return self.decision is not None

    def _over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome_ is not None

    def _rule_processing(self) -> None:
        """CR 11: losses, then destruction of followers with defense <= 0 or hit by Bane."""
        if not self.dirty:
            if self.statics_dirty:
                self.statics_dirty = False
                if self.scripts:
                    self._apply_statics()
            return
        self.dirty = False
        self.statics_dirty = False
        while True:
            p0, p1 = self.players
            lose0 = (p0.hp <= 0 or p0.decked_out) and not self._kept_alive(0)
            lose1 = (p1.hp <= 0 or p1.decked_out) and not self._kept_alive(1)
            if lose0 or lose1:  # CR 11.2; both at once is a draw
                reason = (
                    Termination.LEADER_DEFENSE if p0.hp <= 0 or p1.hp <= 0 else Termination.DECK_OUT
                )
                winner = None if lose0 and lose1 else (1 if lose0 else 0)
                self._finish(winner, reason)
                return
            cards = self.cards
            doomed = [
                u
                for p in self.players
                for u in p.field
                if cards[u].fol
                and (cards[u].dfn <= 0 or (cards[u].bane_hit and self._bane_kills(u)))
            ]
            if not doomed:
                break
            self.destroy(sorted(doomed), by_rule=True)  # CR 11.3, simultaneously (11.1.3)
        if self.scripts:
            self._apply_statics()
        for p in self.players:  # CR 11.9
            if p.pp > p.max_pp:
                p.pp = p.max_pp

    def _kept_alive(self, player: int) -> bool:
        """A card of ``player``'s field says they cannot lose (CR 11.2 does not apply); a
        draw from an empty deck is then forgotten (CR 11.2.2 looks back to the last rule
        processing only)."""
        cards = self.cards
        if any(cards[u].bits & CANNOT_LOSE for u in self.players[player].field):
            self.players[player].decked_out = False
            return True
        return False

    def _bane_kills(self, uid: int) -> bool:
        """CR 11.3.2: a follower that fought a Bane follower is destroyed, unless abilities
        cannot destroy it: CR 11.3.2.1 counts that destruction as destruction by the Bane
        ability (BP06-022 "not destroyed by abilities" survives it; damage still counts)."""
        card = self.cards[uid]
        return card.bane_hit and not card.bits & (ABILITY_PROOF | DESTROY_PROOF)

    def _ability_used(self, frame: Frame) -> None:
        """CR 14.5.1.3: a follower's Union Burst ability was played and resolved; "when an
        ability of another follower of yours is used" abilities go off."""
        player = frame.controller
        p = self.players[player]
        if p.burst_turn != self.turn:
            p.burst_turn, p.bursts = self.turn, 0
        p.bursts += 1
        for uid in self.holders(p.field, Trigger.ABILITY_USED):
            if uid != frame.origin:
                other = self.cards[uid]
                for ability in self.abilities_of(other, Trigger.ABILITY_USED):
                    self.pending.append((ability, uid, player, frame.origin))

    def _apply_statics(self) -> None:
        """CR 10.1.1.3: recompute the keywords continuous abilities on the field give."""
        cards = self.cards
        ids = self.scripts.ids_with_rule(Rule.KEYWORDS)  # only these give keywords (or equipment)
        sources = [
            u
            for p in self.players
            for u in p.field
            if (cards[u].face.card_id in ids or cards[u].eq) and not _boxed(cards[u])
        ]
        sources += [u for p in self.players for u in p.ex if cards[u].base.card_id in ids]
        if not sources and not self.granting:
            return
        grants: dict[int, int] | None = None
        for uid in sorted(sources):
            card = cards[uid]
            in_ex = card.zone is Zone.EX  # only abilities that work there (from_ex)
            master = card.owner if in_ex else card.controller
            for ability in self.abilities_of(card, Trigger.STATIC):
                if in_ex and not ability.from_ex:
                    continue
                cond = ability.condition
                if cond is not None and not cond.holds(self, master, uid):
                    continue
                if grants is None:
                    grants = {}
                for e in ability.effects:
                    if changes(e, Rule.KEYWORDS):
                        keywords, got = e.grants(self, master, uid)
                        bits = keyword_bits(keywords)
                        for t in got:
                            grants[t] = grants.get(t, 0) | bits
        if grants is None and not self.granting:
            return
        self.granting = grants is not None
        for p in self.players:
            for uid in p.field:
                card = cards[uid]
                new = 0 if grants is None else grants.get(uid, 0)
                if new != card.st:
                    card = self.writable(uid)
                    card.st = new
                    own = 0 if _boxed(card) else keyword_bits(card.face.keywords)
                    card.kw = own | new

    def _next_pending(self) -> None:
        """CR 10.5.2.2-3: the turn player's waiting abilities first; order them if several."""
        if not (self.players[0].union_burst and self.players[1].union_burst):
            self.pending = [pend for pend in self.pending if not self._void(pend[0], pend[1])]
        for player in (self.active, 1 - self.active):
            mine = [i for i, pend in enumerate(self.pending) if pend[2] == player]
            if not mine:
                continue
            if len(mine) == 1:
                self._start_pending(mine[0])
            else:
                self.decision = Decision(Kind.ORDER, player, [str(i) for i in range(len(mine))])
            return

    def _void(self, ability: Ability, source: int) -> bool:
        """CR 14.5.1.2: a Union Burst ability of a card whose owner's deck is not a Princess
        Connect title deck is void in every zone."""
        return ability.union_burst and not self.players[self.cards[source].owner].union_burst

    def _start_pending(self, index: int) -> None:
        ability, source, controller, amount = self.pending.pop(index)
        cond = ability.condition
        if cond is not None and not cond.holds(self, controller, source):
            return
        if not self._choices_possible(ability, controller, source):
            return  # CR 10.7.3.2: it cannot be played, so it is neither played nor resolved
        if ability.once_per_turn or ability.times_per_turn:  # "1ターンに1回働く", "ターンごとにN回"
            card = self.writable(source)
            key = f"once:{ability.trigger.value}:{ability.name}"
            limit = ability.times_per_turn or 1
            if card.counters is None:
                card.counters = {}
            if card.counters.get(key) != self.turn:
                card.counters[key] = self.turn
                card.counters[key + "#"] = 0
            if card.counters[key + "#"] >= limit:
                return
            card.counters[key + "#"] += 1
        frame = Frame(ability.effects, source, controller, amount)
        card = self.cards[source]
        if ability.union_burst and card.zone is Zone.FIELD and card.fol:
            frame.origin = source
        self.frames.append(frame)

    def _choices_possible(self, ability: Ability, controller: int, source: int) -> bool:
        """CR 10.6.2.3.3: an auto ability whose leading mandatory choice ("…1体を選ぶ") has
        nothing to choose cannot be played."""
        for effect in ability.effects:
            if not isinstance(effect, (Select, FromGrave)):
                return True
            if not effect.available(self, controller, source):
                return False
        return True

    def _fire(self, card: Card, trigger: Trigger, controller: int, amount: int = 0) -> None:
        """Put ``card``'s abilities with ``trigger`` in the waiting state (CR 10.7.2)."""
        found = (
            self.abilities_of(card, trigger)
            if card.eq or card.counters
            else self.scripts.abilities(card.face.card_id, trigger)
        )
        for ability in found:
            self.pending.append((ability, card.uid, controller, amount))
        bits = card.bits
        if bits & DRAIN and trigger is Trigger.ATTACK_DAMAGE:
            for ability in KEYWORD_ABILITIES["drain"]:
                self.pending.append((ability, card.uid, controller, amount))

    def roll_die(self, player: int) -> int:
        """CR 5.20.1: ``player`` rolls a six-sided die (the game's generator); their "when
        you roll a die" abilities go off with the number rolled (CR 10.7.1)."""
        roll = self.rng.randint(1, 6)
        p = self.players[player]
        p.rolled_on = self.turn
        if roll == 6:
            p.six_on = self.turn
        if self.log is not None:
            self._emit("roll", {"player": player, "result": roll})
        if p.field and self.scripts:
            for uid in self.holders(p.field, Trigger.DIE_ROLLED):
                self._fire(self.cards[uid], Trigger.DIE_ROLLED, player, roll)
        return roll

    def _fire_all(self, player: int, trigger: Trigger) -> None:
        field = self.players[player].field
        if field and self.scripts:
            for uid in self.holders(field, trigger):
                self._fire(self.cards[uid], trigger, player)

    def _choose(self, d: Decision, option: str) -> None:
        kind = d.kind
        if kind is Kind.TARGET:
            frame = self.frames[-1]
            if option == "done":
                frame.sub = 1 << 30
            else:
                frame.targets.append(parse_target_word(option))
                frame.sub += 1
        elif kind is Kind.WARD_ENTER or kind is Kind.PICK:
            self.frames[-1].choice = option
        elif kind is Kind.WARD_END:  # CR 7.4.3
            if option == "done":
                self.step = Step.END_QUICK
            else:
                uid = int(option)
                self.writable(uid).engaged = True
                if self.log is not None:
                    self._emit("engage", {"uid": uid})
                self._became_engaged(self.cards[uid])
        elif kind is Kind.ORDER:  # CR 10.7.3.1
            mine = [i for i, pend in enumerate(self.pending) if pend[2] == d.player]
            self._start_pending(mine[int(option)])
