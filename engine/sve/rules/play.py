"""Playing cards and abilities (CR 8.2, 8.3, 12.2, 12.3): playability, activated abilities,
evolving, Quick plays; their costs are worked out in :mod:`engine.sve.rules.costs`.
"""

from __future__ import annotations

from engine.sve.actions import (
    Action,
    Activate,
    Evolve,
    Play,
    activate_of,
    play_of,
)
from engine.sve.board import (
    EVOLVE_ANY,
    EX_LIMIT,
    FIELD_LIMIT,
    NO_EX_PLAY,
    QUICK,
    SUPER_EVOLVE_TURN,
    Card,
    Player,
    Zone,
    _boxed,
    _is_follower,
    keyword_bits,
)
from engine.sve.effects.conditions import ORIGINS
from engine.sve.effects.core import Frame, Rule, Trigger, changes
from engine.sve.effects.costs import (
    PayCost,
)
from engine.sve.effects.selectors import (
    CardFilter,
)
from engine.sve.rules.combat import Combat
from engine.sve.rules.costs import evolve_pp
from engine.sve.rules.steps import (
    _ENTER,
    _HAND_TO_EX,
    _PLAYED_FROM,
    _TO_GRAVE,
    PlayRules,
    _EvolveChoice,
    _EvolvePaid,
    _frees_ex,
    _PayAdvance,
    _PlayCostChoice,
)


class Playing(Combat):
    """The part of the state that plays cards, abilities and evolutions (CR 8.2, 8.3, 12.2,
    12.3); what they cost is worked out by :class:`~engine.sve.rules.costs.Costs`."""

    def _rules(self, card: Card) -> PlayRules:
        """The card's :class:`PlayRules` (found once per card record and script library)."""
        cache = self.scripts.play_rules
        rules: PlayRules | None = cache.get(id(card.base))
        if rules is None:
            rules = cache[id(card.base)] = PlayRules(card.base, self.scripts)
        return rules

    def _playable(
        self, p: Player, card: Card, cost: int | None = None, rules: PlayRules | None = None
    ) -> bool:
        """Whether ``p`` may play ``card`` now (``cost``: its play cost, ``rules``: its
        :class:`PlayRules`, if known)."""
        if card.kw & NO_EX_PLAY and card.zone is Zone.EX:
            return False  # "this cannot be played from the EX area"
        if rules is None:
            rules = self._rules(card)
        if cost is None:
            cost = self.play_cost(card)
        permanent = rules.permanent
        if not self._play_affordable(p, card, cost, permanent):
            return False
        for ability in rules.cannot:
            cond = ability.condition
            if cond is None or cond.holds(self, p.index, card.uid):
                return False
        if rules.additional and not self._additional_payable(p, card):
            return False
        if rules.spell:  # each leading choice must be possible (CR 10.6.2.3.3)
            return all(e.available(self, p.index, card.uid) for e in rules.spell_checks)
        return permanent  # the field limit was checked above (CR 10.6.2.6)

    def _grave_watchers(self) -> tuple[bool, bool]:
        """Whether each player owns a card with an ability that watches the field from the
        graveyard (recomputed when cards are added to the game)."""
        if self.grave_watch_seen != len(self.cards):
            ids = self.scripts.ids_with(Trigger.GRAVE_ALLY_ENTERS)
            owners = {c.owner for c in self.cards if c.base.card_id in ids}
            self.grave_watch = (0 in owners, 1 in owners)
            self.grave_watch_seen = len(self.cards)
        return self.grave_watch

    def _grave_players(self) -> tuple[bool, bool]:
        """Whether each player owns a card that may be played from the graveyard
        (recomputed when cards are added to the game)."""
        if self.grave_play_seen != len(self.cards):
            ids = self.scripts.grave_play_ids()
            owners = {c.owner for c in self.cards if c.base.card_id in ids}
            self.grave_play = (0 in owners, 1 in owners)
            self.grave_play_seen = len(self.cards)
        return self.grave_play

    def _grave_plays(self, p: Player) -> list[Action]:
        """Cards of the graveyard whose :class:`PlayFromGrave` ability applies now."""
        ids = self.scripts.grave_play_ids()
        out: list[Action] = []
        for uid in sorted(p.grave):
            card = self.cards[uid]
            if card.base.card_id not in ids:
                continue
            for ability in self.scripts.abilities(card.base.card_id, Trigger.STATIC):
                if not any(changes(e, Rule.GRAVE_PLAY) for e in ability.effects):
                    continue
                cond = ability.condition
                if (cond is None or cond.holds(self, p.index, uid)) and self._playable(p, card):
                    out.append(play_of(uid))
                    break
        return out

    def _quick_plays(self, player: int) -> list[Play | Activate]:
        """CR 12.3.4: Quick cards and Quick abilities the non-turn player can play now."""
        self.statics_memo = {}
        try:
            return self._find_quick_plays(player)
        finally:
            self.statics_memo = None

    def _find_quick_plays(self, player: int) -> list[Play | Activate]:
        p = self.players[player]
        out: list[Play | Activate] = []
        for zone in (p.hand, p.ex):
            for uid in sorted(zone):
                card = self.cards[uid]
                if card.kw & QUICK and self._playable(p, card):
                    out.append(play_of(uid))
        if self.scripts:
            out.extend(self._activations(player, quick_only=True))
        return out

    def _activations(self, player: int, quick_only: bool) -> list[Activate]:
        """CR 8.3.1 / 10.6.2.1.2: activated abilities whose costs and targets are possible."""
        p = self.players[player]
        out: list[Activate] = []
        cards = self.cards
        hand: list[int] = []
        if self.zone_seen == len(cards):
            from_hand, from_grave, from_ex = self.zone_flags[player]
        else:
            from_hand, from_grave, from_ex = self._zone_abilities(player)
        if from_hand:
            hand_ids = self.scripts.hand_ids()
            hand = [u for u in p.hand if cards[u].base.card_id in hand_ids]
        if from_grave:
            grave_ids = self.scripts.grave_ids()
            hand += [u for u in p.grave if cards[u].base.card_id in grave_ids]
        if from_ex:
            ex_ids = self.scripts.ex_ids()
            hand += [u for u in p.ex if cards[u].base.card_id in ex_ids]
        ids = self.scripts.ids_with(Trigger.ACTIVATED)
        field = [u for u in p.field if cards[u].face.card_id in ids or cards[u].eq]
        if len(field) > 1:
            field.sort()
        for uid in field + sorted(hand) if hand else field:
            card = self.cards[uid]
            abilities = self.abilities_of(card, Trigger.ACTIVATED)
            if not abilities:
                continue
            zone = card.zone
            from_hand, from_grave = zone is Zone.HAND, zone is Zone.GRAVE
            from_ex = zone is Zone.EX
            for index, ability in enumerate(abilities):
                if quick_only and not ability.quick:
                    continue
                if ability.union_burst and not self.players[card.owner].union_burst:
                    continue  # CR 14.5.1.2
                if (
                    ability.from_hand != from_hand
                    or ability.from_grave != from_grave
                    or ability.from_ex != from_ex
                ):
                    continue
                if not self._ability_affordable(p, ability):
                    continue
                if ability.engage_cost and card.engaged:
                    continue
                if ability.advance and self._evolved_for_turn(p):
                    continue  # CR 8.3.2.1: evolve-equivalent
                if ability.hand_to_ex and len(p.ex) >= EX_LIMIT and not _frees_ex(ability):
                    continue  # CR 4.8.3.2: no room, and no EX-area card banished first
                if (ability.once_per_turn or ability.times_per_turn) and self._used_up(
                    card, index, ability.times_per_turn or 1
                ):
                    continue
                if not self._can_pay(ability, player, uid):
                    continue
                out.append(activate_of(uid, index))
        return out

    def _used_up(self, card: Card, index: int, limit: int) -> bool:
        """Whether activated ability ``index`` of ``card`` was played ``limit`` times this
        turn ("この能力は1ターンにN回使える")."""
        counters = card.counters
        if not counters or counters.get(f"act{index}") != self.turn:
            return False
        return counters.get(f"act{index}#", 1) >= limit

    def _zone_abilities(self, player: int) -> tuple[bool, bool, bool]:
        """Whether ``player`` owns any card with an activated ability played from the hand,
        the graveyard and the EX area (recomputed when cards are added to the game)."""
        if self.zone_seen != len(self.cards):
            hand_ids, grave_ids = self.scripts.hand_ids(), self.scripts.grave_ids()
            ex_ids = self.scripts.ex_ids()
            start = max(self.zone_seen, 0)  # only the cards added since the last look
            flags = [list(self.zone_flags[0]), list(self.zone_flags[1])]
            for c in self.cards[start:]:
                cid = c.base.card_id
                f = flags[c.owner]
                f[0] = f[0] or cid in hand_ids
                f[1] = f[1] or cid in grave_ids
                f[2] = f[2] or cid in ex_ids
            self.zone_flags = (
                (flags[0][0], flags[0][1], flags[0][2]),
                (flags[1][0], flags[1][1], flags[1][2]),
            )
            self.zone_seen = len(self.cards)
        return self.zone_flags[player]

    def _activate(self, player: int, uid: int, index: int) -> None:
        """CR 10.6.2.5: pay the costs (PP, engaging this card), then resolve the effects."""
        card = self.writable(uid)
        ability = self.abilities_of(card, Trigger.ACTIVATED)[index]
        p = self.players[player]
        if self.log is not None:  # before its costs are paid, as a card's `play`
            self._emit("activate", {"player": player, "uid": uid, "card": card.face.card_id})
        if ability.advance:  # CR 8.3.2.1: evolve-equivalent
            p.evolved_on = self.turn
        ask_pay = self._pay_ability(p, ability)
        effects = ability.effects
        if ability.hand_to_ex:  # or putting it from the hand into the EX area
            if len(p.ex) < EX_LIMIT:
                self.put_in_ex(uid)
            else:  # after the EX-area cards of the cost are banished
                effects = (effects[0], _HAND_TO_EX, *effects[1:])
        elif ability.from_hand:  # discarding this card is part of the cost (CR 10.4.2.1)
            self._discard(player, uid)
        if (
            ability.from_ex
            and card.zone is Zone.EX
            and not ability.ex_free
            and not ability.banish_cost
        ):
            self._remove_from_zone(card)
            self._arrive(card, Zone.GRAVE)
            if self.log is not None:
                self._emit_move(card, "ex", "grave")
        if ability.once_per_turn or ability.times_per_turn:
            if card.counters is None:
                card.counters = {}
            if card.counters.get(f"act{index}") != self.turn:
                card.counters[f"act{index}"] = self.turn
                card.counters[f"act{index}#"] = 0
            card.counters[f"act{index}#"] += 1
        if ability.engage_cost:
            card.engaged = True
            if self.log is not None:
                self._emit("engage", {"uid": uid})
            self._became_engaged(card)
        if ability.sacrifice_cost:  # CR 10.4: a cost paid before the effects resolve
            self._leave_field(card, Zone.GRAVE, "leave")
        if ability.banish_cost:  # from the field or the graveyard
            self.banish(uid)
        frame = Frame(effects, uid, player)
        if ability.union_burst and card.zone is Zone.FIELD and card.fol:
            frame.origin = uid
        self.frames.append(frame)
        if ask_pay:
            self.frames.append(Frame((_PayAdvance(ability.pp_cost),), uid, player))

    def play_by_effect(self, player: int, uid: int, cost: int) -> bool:
        """An effect makes ``player`` play a card with its cost set to ``cost`` (CR 10.4.4.1;
        from any zone, the opponent's graveyard included; the card keeps its owner, CR
        5.22.5). Returns ``False`` when the card cannot be played now (CR 10.6.2.3.3,
        10.6.2.6)."""
        card = self.cards[uid]
        p = self.players[player]
        btype = card.base.card_type
        if card.token or p.pp < cost:
            return False
        if btype == "spell":
            for ability in self.scripts.abilities(card.base.card_id, Trigger.SPELL):
                first = ability.effects[0] if ability.effects else None
                available = getattr(first, "available", None)
                if available is not None and not available(self, player):
                    return False
        elif not (
            btype.endswith("follower") or btype.endswith("amulet")
        ) or not self.field_has_room(player):
            return False
        self._play(player, uid, cost)
        return True

    def _play(self, player: int, uid: int, fixed_cost: int | None = None) -> None:
        """CR 10.6.2: move to resolution, pay the cost, then resolve."""
        p = self.players[player]
        card = self.writable(uid)
        origin = _PLAYED_FROM.get(card.zone, "hand")
        cost = self.play_cost(card)  # reductions "as you play this from the EX area" see it
        alts = self._payable_alternatives(player, card, cost) if self.scripts else []
        if fixed_cost is not None:  # CR 10.6.2.5.1.3: a cost set to a value
            cost, alts = fixed_cost, []
        self._remove_from_zone(card)
        card.zone = Zone.RESOLVING
        short, discount = (0, None)
        if self.scripts and not alts:
            short, discount = self._discount(player, card, cost)
        cost -= short  # the rest, or the discount's cost, is paid next (DiscountChoice)
        if not alts:
            p.pp -= cost
        p.played += 1
        p.played_ids.append(uid)
        if self.log is not None:
            self._emit(
                "play",
                {
                    "player": player,
                    "card": card.base.card_id,
                    "uid": uid,
                    "from": origin,
                    "cost": cost,
                },
            )
        if card.base.base_type == "spell":  # spell tokens too (CR 9.1.4.2)
            self.frames.append(Frame(_TO_GRAVE, uid, player))
            for ability in reversed(self.scripts.abilities(card.base.card_id, Trigger.SPELL)):
                self.frames.append(Frame(ability.effects, uid, player))
        else:
            self.frames.append(Frame(_ENTER, uid, player, ORIGINS[origin]))
        if p.discounts:  # "the next card you play": used up by this one (not those of the turn)
            p.discounts = [
                d
                for d in p.discounts
                if d[0] == self.turn and (d[3] or not d[1].matches(card.base))
            ]
        if self.scripts:  # CR 10.7.1: "when you play a card"
            for fuid in self.holders(p.field, Trigger.CARD_PLAYED):
                other = self.cards[fuid]
                for ability in self.abilities_of(other, Trigger.CARD_PLAYED):
                    self.pending.append((ability, fuid, player, uid))
        if card.counters is not None:
            card.counters.pop("paid_extra", None)
        for step in self._costs_as_played(card):  # CR 10.4.7.2 / 10.6.2.5
            self.frames.append(Frame((step,), uid, player))
        if discount is not None:
            self.frames.append(Frame((discount,), uid, player, short))
        if alts:  # CR 10.4.7.2: the full cost or an alternative, chosen first
            needs_room = card.base.base_type != "spell"
            choice = _PlayCostChoice(cost, tuple(alts), needs_room)
            self.frames.append(Frame((choice,), uid, player))

    def _evolve(self, player: int, uid: int, ep: bool, super_: bool) -> None:
        """CR 12.2 / 5.16: pay, put the same-named evolved card on top, keep the differences."""
        p = self.players[player]
        card = self.cards[uid]
        into = self._evolve_options(card)
        if into:  # CR 12.2: one of its evolve abilities, each into a card of its own name
            names = {self.cards[u].base.name for u in p.evolve_deck}
            ok = [(name, n) for name, n in into if name in names and self._evolve_payable(p, n)[ep]]
            p.evolved_on = self.turn
            if len(ok) == 1:
                self._pay_evolve(player, uid, ep, super_, ok[0][1], ok[0][0])
            else:
                self.frames.append(Frame((_EvolveChoice(ep, super_, tuple(ok)),), uid, player))
            return
        self._pay_evolve(player, uid, ep, super_, self.evolve_cost(card), "")

    def _pay_evolve(self, player: int, uid: int, ep: bool, super_: bool, n: int, into: str) -> None:
        """CR 12.2.3-12.2.4: pay the evolve cost (one PP may be an EP, SEP to super-evolve),
        then evolve (into the card named ``into``, or the same-named one)."""
        p = self.players[player]
        pp_paid = evolve_pp(n, ep)
        p.pp -= pp_paid
        if ep:
            p.ep -= 1
        if super_:
            p.sep -= 1
        p.evolved_on = self.turn
        discard = self.scripts.evolve_discard(self.cards[uid].base.card_id)
        if discard:  # CR 12.2: a discard cost, paid before the follower evolves
            then = (_EvolvePaid(super_, pp_paid, ep, into),)
            pay = PayCost(then, discard=CardFilter(), discard_n=discard, optional=False)
            self.frames.append(Frame((pay,), uid, player))
            return
        self._transform(player, uid, super_, pp_paid, ep, into)

    def _evolve_options(self, card: Card) -> list[tuple[str, int]]:
        """The evolve abilities of a card into cards of other names ``(name, cost)``."""
        if card.base.card_id not in self.scripts.ids_with(Trigger.STATIC):
            return []
        return [
            into
            for ability in self.abilities_of(card, Trigger.STATIC)
            for e in ability.effects
            if changes(e, Rule.EVOLVE_INTO) and (into := e.evolves_into()) is not None
        ]

    def evolve_by_effect(self, uid: int) -> None:
        """CR 5.16: an effect evolves a field follower (no cost, not the turn's evolve)."""
        if not self.can_evolve_by_effect(uid):
            return  # CR 5.16.1.1.1: nothing to evolve into
        self._transform(self.cards[uid].controller, uid, False, 0, False)

    def can_evolve_by_effect(self, uid: int) -> bool:
        """Whether an effect could evolve field card ``uid`` now (CR 5.16.1.1.1: an
        unevolved follower with a same-named face-down card in its master's evolve deck)."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD or not card.fol or card.token or card.evo >= 0:
            return False
        p = self.players[card.controller]
        return any(self.cards[u].base.name == card.base.name for u in p.evolve_deck)

    def _transform(
        self, player: int, uid: int, super_: bool, pp_paid: int, ep: bool, into: str = ""
    ) -> None:
        """CR 5.16.1-5.16.2: put the same-named evolved card (or the one named ``into``) on
        top, keep the differences."""
        p = self.players[player]
        card = self.writable(uid)
        name = into or card.base.name
        evo_uid = min(u for u in p.evolve_deck if self.cards[u].base.name == name)
        p.evolve_deck.remove(evo_uid)
        evo = self.writable(evo_uid)
        evo.zone = Zone.EVOLVE_AREA
        before = card.base
        after = evo.base
        # CR 5.16.2.1: differences from the printed values carry over.
        card.atk = (after.attack or 0) + card.atk - (before.attack or 0)
        card.dfn = (after.defense or 0) + card.dfn - (before.defense or 0)
        card.face = after
        card.fol = _is_follower(after)
        card.kw = 0 if _boxed(card) else keyword_bits(after.keywords)  # CR 5.16.2.2, 5.31.2
        card.st = 0  # continuous abilities are applied again at the next check
        card.evo = evo_uid
        card.evolved_turn = self.turn
        if p.evolves_turn != self.turn:
            p.evolves_turn, p.evolves = self.turn, 0
        p.evolves += 1
        card.evolve_nth = p.evolves  # which evolve of its controller's this turn it was
        self.dirty = True
        if super_:  # CR 12.2.4.1
            card.atk += 1
            card.dfn += 1
            card.super_ = True
            self.raised(uid, defense=True)
        if self.log is not None:
            self._emit(
                "evolve",
                {
                    "player": player,
                    "uid": uid,
                    "card": after.card_id,
                    "pp_paid": pp_paid,
                    "ep_paid": 1 if ep else 0,
                    "super": super_,
                },
            )
        self._fire(card, Trigger.ON_EVOLVE, player)  # CR 5.16.1.3
        if super_:
            self._fire(card, Trigger.ON_SUPER_EVOLVE, player)  # CR 12.2.4.2
        if self.scripts:  # CR 10.7.1: "when a follower of yours evolves"
            if p.ex:  # abilities that work while their card is in the EX area
                for other in self.holders(p.ex, Trigger.EX_ALLY_EVOLVES):
                    for ability in self.abilities_of(self.cards[other], Trigger.EX_ALLY_EVOLVES):
                        self.pending.append((ability, other, player, uid))
            for other in self.holders(p.field, Trigger.ALLY_EVOLVES):
                for ability in self.abilities_of(self.cards[other], Trigger.ALLY_EVOLVES):
                    self.pending.append((ability, other, player, uid))

    def _why_not_play(self, player: int, uid: int, quick_window: bool) -> str:
        p = self.players[player]
        if uid < 0 or uid >= len(self.cards):
            return f"there is no card {uid}"
        card = self.cards[uid]
        if uid in p.grave:
            return f"card {uid} cannot be played from the graveyard now"
        if uid not in p.hand and uid not in p.ex:
            return f"card {uid} is not in player {player}'s hand or EX area (CR 8.2.1)"
        if quick_window and not card.kw & QUICK:
            return f"card {uid} does not have Quick (CR 12.3.4)"
        if card.kw & NO_EX_PLAY and card.zone is Zone.EX:
            return f"card {uid} cannot be played from the EX area (an ability of its own)"
        cost = self.play_cost(card)
        if cost > p.pp:
            return f"card {uid} costs {cost} PP and player {player} has {p.pp} (CR 8.2.1)"
        if card.base.base_type != "spell" and len(p.field) >= FIELD_LIMIT:
            return f"the field already holds {FIELD_LIMIT} cards (CR 4.4.4, 10.6.2.6)"
        if card.base.base_type == "spell":
            return f"card {uid} has no legal target (CR 10.6.2.3.3)"
        return f"card {uid} cannot be played (type {card.base.card_type})"

    def _evolved_for_turn(self, p: Player) -> bool:
        """CR 8.3.2.1: the evolve ability was used this turn, and no card of the player's
        field lets it be used any number of times per turn."""
        if p.evolved_on != self.turn:
            return False
        cards = self.cards
        return not any(cards[u].kw & EVOLVE_ANY for u in p.field)

    def _why_not_evolve(self, p: Player, action: Evolve) -> str:
        uid = action.uid
        if uid not in p.field:
            return f"card {uid} is not on player {p.index}'s field"
        card = self.cards[uid]
        if not card.fol or card.token:
            return f"card {uid} is not a follower that can evolve"
        if card.evo >= 0:
            return f"card {uid} has already evolved"
        if _boxed(card):
            return f"card {uid} is Boxed and has no evolve ability (CR 5.31.2)"
        if self._evolved_for_turn(p):
            return "player has already evolved this turn (CR 8.3.2.1)"
        if not any(self.cards[u].base.name == card.base.name for u in p.evolve_deck):
            return f"no face-down evolved '{card.base.name}' in the evolve deck (CR 5.16.1.1.1)"
        evolve_if = self.scripts.evolve_if(card.base.card_id)
        if evolve_if is not None and not evolve_if.holds(self, p.index, uid):
            return "the condition of its evolve ability does not hold"
        n = self.evolve_cost(card)
        if len(p.hand) < self.scripts.evolve_discard(card.base.card_id):
            return "its evolve ability discards cards and the hand is too small (CR 12.2)"
        if action.ep and p.ep < 1:
            return "no EP to pay with (CR 12.2.3)"
        need = evolve_pp(n, action.ep)
        if p.pp < need:
            return f"evolving costs {need} PP and player has {p.pp} (CR 12.2.3)"
        if action.super_:
            threshold = SUPER_EVOLVE_TURN[0 if p.index == self.first else 1]
            if p.turns < threshold:
                return f"super-evolution needs own turn {threshold} (now {p.turns}) (CR 12.2.4)"
            if p.sep < 1:
                return "no SEP left (CR 12.2.4)"
        return "not allowed now"

    def _why_not_activate(self, p: Player, action: Activate, quick_window: bool) -> str:
        uid = action.uid
        if uid not in p.field and uid not in p.hand and uid not in p.grave and uid not in p.ex:
            return f"card {uid} is not in player {p.index}'s field, hand or graveyard (CR 8.3.1)"
        card = self.cards[uid]
        abilities = self.abilities_of(card, Trigger.ACTIVATED)
        if not 0 <= action.index < len(abilities):
            return f"card {uid} has no activated ability number {action.index}"
        ability = abilities[action.index]
        if quick_window and not ability.quick:
            return "only Quick abilities can be played in this window (CR 12.3.4)"
        if not self._ability_affordable(p, ability):
            return f"the ability costs {ability.pp_cost} PP and player has {p.pp} (CR 10.4.4)"
        if ability.engage_cost and card.engaged:
            return f"card {uid} is already engaged and cannot pay its engage cost (CR 10.4.6)"
        return "the ability's condition, extra cost or target is not possible (CR 10.6.2.1.2)"
