"""A bot for the mansion campaign's own decisions (rules/mansion.md): end phase, item box,
switching characters at set-up, the next map card; and :func:`play_mansion_campaign`, a whole
campaign played by bots.

It keeps Item C cards in inventories (cards flip only for items held, M-MAP-6), takes them out
of the item box between scenarios, switches a badly hurt character for a healthier main
character from the reserve, and picks the next card: Laboratory 4, then cards with Item C
tokens still to find (lowest tier first), the optional cards last. It never looks at deck order.
"""
from __future__ import annotations

from ..engine import Action
from ..engine.campaign import legal
from .bot import INF, Bot
from .campaign_bot import _cached, choose as city_choose, play_out_campaign


def choose(cs) -> Action:
    """One legal mansion campaign action. Raises ValueError when no decision is pending."""
    opts = legal(cs)
    if not opts:
        raise ValueError("no campaign decision is pending")
    kind = cs.pending.kind
    ct, pack = cs.content, cs.pack_def
    done = next((a for a in opts if a.kind == "done"), None)
    if kind == "switch":
        seat = int(cs.pending.ctx["seat"])
        cur = cs.characters[seat]
        best = min((a for a in opts if a.target != cur.cid), key=lambda a: cs.reserve_of(a.target).wounds, default=None)
        if best is not None and cur.health - 1 >= cs.reserve_of(best.target).wounds + 2:
            return best
        return next(a for a in opts if a.target == cur.cid)
    if kind == "switch_items":
        for k in ("give", "put", "discard"):
            hit = next((a for a in opts if a.kind == k), None)
            if hit is not None:
                return hit
    if kind == "transfer":
        def room(cid):
            c = cs.char(cid)
            return ct.characters[cid].inventory_limit + c.limit_bonus - len(c.inventory)

        def guns(cid):
            return {cs.cards[u].defn for sl in cs.char(cid).inventory for u in sl
                    if ct.items[cs.cards[u].defn].weapon is not None}

        def fits(uid, cid):
            return bool(set(ct.items[cs.cards[uid].defn].fits) & guns(cid))
        for a in opts:  # Item C cards back into inventories: cards flip only for items held (M-MAP-6)
            if a.kind == "take" and ct.items[cs.cards[a.item].defn].stage and room(a.target) >= 1:
                return a
        for a in opts:  # ammunition to the character whose gun it loads (it reloads in play, R-USE)
            if a.kind == "take" and ct.items[cs.cards[a.item].defn].type == "ammo" and fits(a.item, a.target) \
                    and room(a.target) >= 1:
                return a
        for a in opts:  # ... through the item box: R-END-X1 is the one step where cards change hands freely
            if a.kind == "put" and ct.items[cs.cards[a.item].defn].type == "ammo" and not fits(a.item, a.target) \
                    and any(o.cid != a.target and fits(a.item, o.cid) and room(o.cid) >= 1 for o in cs.characters):
                return a
        for a in opts:
            if a.kind == "take" and room(a.target) >= 2:
                d = ct.items[cs.cards[a.item].defn]
                if d.type == "recovery" or d.id == "kerosene_can":
                    return a
        return done or opts[0]
    if kind == "choose":
        def rank(a: Action):
            if a.target == "intro":
                return (9, 0, 0, "")
            c = pack.card(a.target)
            if a.target == pack.final:
                return (0, 0, 0, a.target)
            left = c.item_c_tokens - len(cs.collected_c.get(a.target, []))
            if c.optional:
                return (3, c.tier, 0, a.target)
            return (1 if left > 0 else 2, 0 if c.tier == 1 else 1, -c.tier, a.target)
        return min(opts, key=rank)
    return city_choose(cs)


def play_mansion_campaign(pack, content, party: list[str], seed: int, easy: bool = False, load=None,
                          max_scenarios: int = 60, max_steps: int = 20000):
    """Play a whole mansion campaign with bots (:func:`choose` and :class:`MansionBot`).
    ``load(card)`` returns the scenario of a map card (default: the pack's briefs and maps). A
    scenario still running after ``max_steps`` actions counts as failed. Returns the final state."""
    from ..content.mansion_pack import load_card_scenario
    from ..engine.campaign import begin_mansion_scenario, finish_mansion_scenario, start_mansion_campaign

    cs = start_mansion_campaign(pack, content, list(party), seed, easy=easy)
    return play_out_campaign(cs, choose, begin_mansion_scenario, finish_mansion_scenario,
                             load or _cached(lambda cid: load_card_scenario(pack, cid, content)),
                             max_scenarios=max_scenarios, max_steps=max_steps, bot_class=MansionBot)


class MansionDecisions(Bot):
    """The scenario bot (:class:`game.ai.bot.Bot`) with the manor's own decisions (rules/mansion.md):
    the least wounded reserve character takes a mission or the wounds; a mission is abandoned once
    the character carries 3 wounds; a hard scenario event takes its last, safe option (MDV-8). The
    play screen's bot in a manor game (``ManorKit.bot``)."""

    def mode_decision(self, run, legal: list[Action], kind: str) -> Action:
        if kind in ("mission_assign", "wound_reserve"):
            return min(legal, key=lambda a: (run.reserve_wounds(a.target), a.target))
        if kind == "mission_continue":
            w = run.reserve_wounds(run.mission()["cid"])
            want = "decline" if w is None or w >= 3 else "choose"
            return next((a for a in legal if a.kind == want), legal[0])
        if kind == "scenario_event":  # the last option of a hard choice is the safe one (MDV-8)
            return legal[-1]
        return super().mode_decision(run, legal, kind)


class MansionBot(MansionDecisions):
    """The scenario bot (:class:`game.ai.bot.Bot`) with what the manor asks of it more than the
    city does: scenarios where the party arrives with the gear it found, not the tier gear, so the
    First-Aid Spray and a loaded weapon are what keeps it alive.

    * It does not leave through the exit while it holds the last First-Aid Spray of those still
      in play and an ally still in play holds none: a survivor who falls with no spray in play
      dies (R-HEALTH-10), one who falls next to a spray is revived (R-HEALTH-9). It leaves all the
      same once the tension deck holds no more than two cards per survivor in play: every turn
      spent waiting draws one, and an empty deck fails the scenario (R-TENSION-8).
    * Only the survivor nearest a typewriter, and only within :attr:`typewriter_reach` squares,
      walks to it to refresh the tension deck (:meth:`objective_goals`).
    * It values an empty gun and ammunition for an ally's gun as worth keeping when it must make
      room to search (:meth:`card_value`)."""

    #: the city bot's trades, exit wait and token detour of 2 Dec are off: the manor's cards and
    #: its winning golden campaign (seed 3) were tuned without them (mbal); turning them on lost it
    CITY_JUDGEMENT = False

    keep_spray: bool = True

    def act(self, run, legal):
        c = run.active_char
        in_play = sum(1 for o in run.characters if not o.exited and not o.dead and o.pos is not None)
        deck_low = run.pile_size("tension") <= 2 * in_play  # waiting draws tension cards (R-TENSION-8)
        if self.keep_spray and not deck_low and any(a.kind == "exit" for a in legal) and self._last_spray(run, c):
            legal = [a for a in legal if a.kind != "exit"] or legal
        return super().act(run, legal)

    #: walking squares within which a survivor turns back to a typewriter to refresh the tension
    #: deck (R-INK-4); farther away, the walk there and back costs more turns than the ribbon buys
    typewriter_reach: int = 8

    def objective_goals(self, run) -> list[list]:
        """:meth:`Bot.objective_goals`, but the walk to a typewriter before the tension deck runs
        out (R-INK-4, R-TENSION-8) is made by one survivor only, the nearest, and only when the
        typewriter is within :attr:`typewriter_reach` squares. Traced (1F West A alone, 2
        characters): both bots walked 14 squares back from the objective to the typewriter at the
        start and the deck ran out on the way back, 1 game in 6."""
        out = super().objective_goals(run)
        tw = [t.pos for t in run.tokens if t.kind == "typewriter"]
        if out and tw and out[0] == tw:
            c = run.active_char
            d = self._distances(run, tw)
            mine = d.get(c.pos, INF)
            others = [d.get(o.pos, INF) for o in run.characters
                      if o is not c and not o.exited and not o.dead and o.pos is not None and o.health < 6]
            if mine > self.typewriter_reach or any(x < mine for x in others):
                out = out[1:]
        return out

    def item_distances(self, run) -> dict:
        """:meth:`Bot.item_distances`, but none while an unconscious ally can be revived with a
        spray either of us holds (R-HEALTH-9): the walk to the ally is not broken off for an item
        token nearby, which left the ally to die (R-HEALTH-10; traced: campaign seed 1, 1F West B,
        Marcus walked off to search while Dana lay with a spray two squares away)."""
        if self.rescue_distances(run) is not None:
            return {}
        return super().item_distances(run)

    def card_value(self, run, c, uid: str) -> float:
        """:meth:`Bot.card_value` with the manor's campaign in mind: a gun with an empty dial is
        still worth keeping (the party carries it to the next card, where ammunition or a failed
        attempt's refill loads it, R-END-S1 / R-END-F2), and ammunition for a gun an ally holds is
        worth as much as ammunition for one's own (it changes hands in the end phase, R-END-X1)."""
        d = run.item(uid)
        if d.type == "weapon" and d.weapon is not None and d.weapon.capacity is not None \
                and not (run.card(uid).ammo or 0):
            return 4.5
        if d.type == "ammo":
            guns = {run.card(u).defn for o in run.characters if not o.dead for sl in o.inventory for u in sl}
            return 5.0 if set(d.fits) & guns else 0.5
        return super().card_value(run, c, uid)

    #: what a card may be worth (:meth:`card_value`) and still be thrown away to search an Item C
    #: token: everything but a loaded gun, a spray, ammunition for a gun held, a key still needed
    #: and an objective item
    item_c_room_below: float = 5.0

    def make_room(self, run, c, discards: list[Action]):
        """:meth:`Bot.make_room`, and on an Item C token (M-ITEMC, the campaign's only way to the
        items that flip the next cards, M-MAP-6) anything worth less than
        :attr:`item_c_room_below` goes: a herb, the Lock Pick, the Knife, an empty gun. Traced
        (campaign seed 30, 1F West B): both survivors stood on the Item C token with full
        inventories (Knife, Lock Pick, two sprays, two guns), found nothing worth less than 2 to
        drop, ended their phases there for 14 rounds and the tension deck ran out."""
        out = super().make_room(run, c, discards)
        if out is not None:
            return out
        tok = next((t for t in run.tokens if t.kind == "item" and t.pos == c.pos), None)
        if tok is None or str(tok.props.get("letter", "A")).upper() != "C" or not run.pile_size("item_c"):
            return None
        worst = min(discards, key=lambda a: (self.card_value(run, c, a.item), a.item or ""))
        return worst if self.card_value(run, c, worst.item) < self.item_c_room_below else None

    @staticmethod
    def _holds_spray(run, x) -> bool:
        return any(run.item(u).heal for sl in x.inventory for u in sl)

    def _last_spray(self, run, c) -> bool:
        """True when ``c`` holds a spray, some ally still in play holds none, and no other ally
        in play holds one."""
        if not self._holds_spray(run, c):
            return False
        others = [o for o in run.characters if o is not c and not o.exited and not o.dead and o.pos is not None]
        return bool(others) and not any(self._holds_spray(run, o) for o in others)
