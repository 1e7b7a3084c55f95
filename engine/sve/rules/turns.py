"""Turn flow (CR 6, 7, 8.1): the mulligan, the phases of a turn, Quick windows, the end of the
turn and the main phase's legal actions.
"""

from __future__ import annotations

from engine.sve.actions import (
    END,
    PASS,
    Action,
    attack_of,
    evolve_of,
    play_of,
)
from engine.sve.board import (
    BOXED,
    HAND_LIMIT,
    MAX_PP_CAP,
    NO_STAND,
    OPENING_HAND,
    SECOND_PLAYER_EP,
    SUPER_EVOLVE_TURN,
    Decision,
    Kind,
    Outcome,
    Step,
    Termination,
    Zone,
    _boxed,
)
from engine.sve.effects.core import Rule, Trigger
from engine.sve.effects.stats import PILOTED
from engine.sve.effects.zones import EX_TO_GRAVE_MARK
from engine.sve.rules.play import Playing
from engine.sve.rules.steps import (
    _EX_TO_GRAVE_AT_END,
)
from engine.sve.rules.ward import end_phase_wards


class TurnFlow(Playing):
    """The part of the state that moves the turn on (CR 6, 7, 8.1)."""

    def _mulligan(self, player: int, redraw: bool) -> None:
        p = self.players[player]
        if redraw:  # CR 6.2.1.8: hand to the bottom in any order, draw 4, no shuffle
            for uid in p.hand:
                self.writable(uid).zone = Zone.DECK
            p.deck[0:0] = reversed(p.hand)
            p.hand = []
        if self.log is not None:
            self._emit("mulligan", {"player": player, "redraw": redraw})
        if redraw:
            for _ in range(OPENING_HAND):
                self.draw(player)
        self.mulligan_done += 1
        if self.mulligan_done == 2:
            p0, p1 = self.players[self.first], self.players[1 - self.first]
            # CR 6.2.1.9-6.2.1.12 (set at construction) and the EP of the second player.
            p0.ep, p1.ep = 0, SECOND_PLAYER_EP
            self.step = Step.START

    def _advance(self) -> None:
        """Do the next automatic step of the turn, or set the decision it needs."""
        step = self.step
        if step is Step.MAIN:
            self.decision = Decision(Kind.MAIN, self.active)
        elif step is Step.ATTACK_QUICK:  # CR 8.4.7
            opp = 1 - self.active
            if not self._open_quick_window(opp):
                self.step = Step.ATTACK_DAMAGE
        elif step is Step.ATTACK_DAMAGE:
            self._combat_damage()
        elif step is Step.START:
            self._start_phase()
        elif step is Step.MAIN_BEGIN:  # CR 7.3.1
            self.step = Step.MAIN
            self._fire_all(self.active, Trigger.MAIN_PHASE)
            self._fire_all(1 - self.active, Trigger.OPPONENT_MAIN_PHASE)
        elif step is Step.END_BEGIN:  # CR 7.4.1
            self.step = Step.END_WARD
            self._fire_all(self.active, Trigger.END_PHASE)
            ex = self.players[self.active].ex
            if ex and self.scripts:  # "…while this is in your EX area" (CR 10.7.1)
                for uid in self.holders(ex, Trigger.EX_END_PHASE):
                    self._fire(self.cards[uid], Trigger.EX_END_PHASE, self.active)
            self._fire_all(1 - self.active, Trigger.OPPONENT_END_PHASE)
            for uid in self.players[self.active].ex:  # given "EXエリアのこれを墓場に置く"
                counters = self.cards[uid].counters
                if counters is not None and counters.get(EX_TO_GRAVE_MARK):
                    self.pending.append((_EX_TO_GRAVE_AT_END, uid, self.active, 0))
        elif step is Step.END_WARD:  # CR 7.4.3
            wards = end_phase_wards(self.cards, self.players[self.active].field)
            if wards:
                self.decision = Decision(Kind.WARD_END, self.active, [*wards, "done"])
            else:
                self.step = Step.END_QUICK
        elif step is Step.END_QUICK:  # CR 7.4.5
            opp = 1 - self.active
            if not self._open_quick_window(opp):
                self.step = Step.END_DISCARD
        elif step is Step.END_DISCARD:  # CR 7.4.7
            if len(self.players[self.active].hand) > HAND_LIMIT:
                self.decision = Decision(Kind.DISCARD, self.active)
            else:
                self.step = Step.END_CLEANUP
        elif step is Step.END_CLEANUP:
            self._cleanup()
        elif step is Step.MULLIGAN:
            # CR 6.2.1.8: first player first.
            player = self.first if self.mulligan_done == 0 else 1 - self.first
            self.decision = Decision(Kind.MULLIGAN, player)

    def _open_quick_window(self, player: int) -> bool:
        """Ask ``player`` to pass or play Quick if they can play any (their legal actions
        are the ones found here)."""
        found = self._quick_plays(player)
        if not found:
            return False
        self.decision = d = Decision(Kind.QUICK, player)
        self.legal_for = d
        self.legal = [PASS, *found]
        return True

    def _start_phase(self) -> None:
        """CR 7.2: max PP +1 (to 10), refill, stand everything, draw."""
        if self.turn >= self.turn_limit:
            self._finish(None, Termination.TURN_LIMIT)
            return
        self.turn += 1
        self.active = self.first if self.turn % 2 == 1 else 1 - self.first
        p = self.players[self.active]
        p.turns += 1
        if self.log is not None:
            self._emit("turn_start", {"player": self.active, "own_turn": p.turns})
        if p.max_pp < MAX_PP_CAP:  # CR 7.2.1
            p.max_pp += 1
        p.pp = p.max_pp  # CR 7.2.2
        for q in self.players:
            q.played = 0
            q.played_ids = []
            if q.discounts:  # "this turn" reductions end with the turn
                q.discounts = []
        for uid in p.field:  # CR 7.2.3
            card = self.cards[uid]
            if card.counters is not None and card.counters.get("skip_stand"):
                card = self.writable(uid)
                assert card.counters is not None
                del card.counters["skip_stand"]
                continue
            if card.counters is not None and BOXED in card.counters:
                continue  # CR 5.31.3: a Boxed card does not stand by rule
            if card.bits & NO_STAND:
                continue
            if card.engaged:
                self.writable(uid).engaged = False
                if self.log is not None:
                    self._emit("stand", {"uid": uid})
        if not (self.active == self.first and p.turns == 1):  # CR 7.2.4.1
            self.draw(self.active)
        self.step = Step.MAIN_BEGIN
        self._fire_all(self.active, Trigger.START_PHASE)  # CR 7.2.5

    def _cleanup(self) -> None:
        """CR 7.4.8-7.4.9: end 'until end of turn' effects; the turn ends."""
        for uid, gen, atk, dfn, bits in self.eot:
            card = self.cards[uid]
            if card.zone is Zone.FIELD and card.gen == gen:
                card = self.writable(uid)
                card.atk -= atk
                card.dfn -= dfn
                card.granted &= ~bits
        self.eot.clear()
        for p in self.players:  # CR 5.31: Boxed "until the end of its player's next turn"
            for uid in p.field:
                card = self.cards[uid]
                counters = card.counters
                if counters is not None and counters.get(BOXED, self.turn + 1) <= self.turn:
                    self._unbox(self.writable(uid))
                if counters is not None and PILOTED in counters:  # CR 5.32.1: "this turn"
                    card = self.writable(uid)
                    assert card.counters is not None
                    del card.counters[PILOTED]
                    card.fol = False
        self.dirty = True
        if self.log is not None:
            self._emit("turn_end", {"player": self.active})
        self.step = Step.START

    def _finish(self, winner: int | None, reason: Termination) -> None:
        self.outcome_ = Outcome(winner, reason)
        self.decision = None
        if self.log is not None:
            self._emit("game_end", {"winner": winner, "reason": reason.value})

    def _main_actions(self) -> list[Action]:
        self.statics_memo = {}
        try:
            return self._find_main_actions()
        finally:
            self.statics_memo = None

    def _find_main_actions(self) -> list[Action]:
        me = self.active
        p = self.players[me]
        cards = self.cards
        acts: list[Action] = []
        pp = p.pp
        playable = self._playable
        own_cost = self.scripts.play_cost_ids()
        scripted = bool(self.scripts)
        rules_of = self._rules
        discounts = p.discounts
        auras = self._field_statics(me, Rule.PLAY_COST) if p.field else []
        cut = bool(auras)
        tax = -1  # the spell tax, found when a spell is looked at
        for zone in (p.hand, p.ex):  # CR 8.2
            for uid in sorted(zone):
                card = cards[uid]
                base = card.base
                cost = base.cost or 0
                general = card.counters or discounts or base.card_id in own_cost
                if not (cost <= pp or general or cut):
                    continue
                rules = rules_of(card)
                if general:
                    found = None  # play_cost works it out
                else:  # play_cost without the parts that cannot apply
                    spell = scripted and rules.spell
                    if spell and tax < 0:
                        tax = self._spell_tax(me)
                    found = self._plain_play_cost(card, tax if spell else 0, auras)
                if playable(p, card, found, rules):
                    acts.append(play_of(uid))
        if p.grave and scripted and self._grave_players()[me]:
            acts.extend(self._grave_plays(p))
        if not self._evolved_for_turn(p) and p.evolve_deck and p.field:  # CR 8.3.2.1
            names: set[str] | None = None
            sup = p.sep >= 1 and p.turns >= SUPER_EVOLVE_TURN[0 if me == self.first else 1]
            for uid in sorted(p.field):
                c = cards[uid]
                if c.evo >= 0 or c.token or not c.fol or _boxed(c):
                    continue  # CR 5.31.2: a Boxed follower has no evolve ability
                if names is None:
                    names = {cards[u].base.name for u in p.evolve_deck}
                into = self._evolve_options(c)
                if into:  # evolve abilities into cards of other names
                    ways = [self._evolve_payable(p, n) for name, n in into if name in names]
                    pay_pp = any(pp for pp, _ in ways)
                    pay_ep = any(ep for _, ep in ways)
                    for s in (False, True) if sup else (False,):
                        if pay_pp:
                            acts.append(evolve_of(uid, False, s))
                        if pay_ep:
                            acts.append(evolve_of(uid, True, s))
                    continue
                if c.base.name not in names:
                    continue
                evolve_if = self.scripts.evolve_if(c.base.card_id)
                if evolve_if is not None and not evolve_if.holds(self, me, uid):
                    continue
                n = self.evolve_cost(c)
                pay_pp, pay_ep = self._evolve_payable(p, n)
                if len(p.hand) < self.scripts.evolve_discard(c.base.card_id):
                    continue  # CR 10.4.2.2: the discard cost cannot be paid
                for s in (False, True) if sup else (False,):
                    if pay_pp:
                        acts.append(evolve_of(uid, False, s))
                    if pay_ep:
                        acts.append(evolve_of(uid, True, s))
        if scripted:
            acts.extend(self._activations(me, quick_only=False))
        opp_field = self.players[1 - me].field
        for uid in sorted(p.field):
            if self._attacker_refusal(p, uid) is not None:
                continue
            for t, refusal in self._attack_options(cards[uid], opp_field).items():
                if refusal is None:
                    acts.append(attack_of(uid, t))
        acts.append(END)
        return acts
