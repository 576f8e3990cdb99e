"""Inventory, searching, the item decks, the item box, typewriters, trading and standalone gear (R-INV, R-SEARCH, R-ITEM, R-IBOX, R-INK, R-TRADE, R-AMMO, R-STAND-3)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action, make_action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, passes_through, set_dial_if_new


class Inventory:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    @action("search")
    def do_search(self, c: CharState, a: Action) -> None:
        s = self.s
        tok = s.token(a.target)
        if tok is None:
            if any(o.cid == a.target for o in s.characters):  # R-SEARCH-5
                self.emit("search", "R-SEARCH-5", "search.char", {"char": self.r_who(c), "other": self.r_who(s.char(a.target))})
                self.take_prompt(c, a.target)
            return
        if tok.kind == "item_box":  # R-SEARCH-4, R-IBOX-3
            self.emit("search", "R-IBOX-3", "search.box", {"char": self.r_who(c)})
            self.take_prompt(c, "box")
            return
        s.tokens.remove(tok)
        letter = str(tok.props.get("letter", "A")).upper()
        pile = {"A": "item_a", "B": "item_b", "C": "item_c"}.get(letter, "item_a")
        if letter == "A":
            self.reshuffle_item_a()  # R-ITEM-6
        deck = s.piles.setdefault(pile, [])
        if not deck:
            self.emit("search", "R-SEARCH-3", "search.empty", {"char": self.r_who(c), "letter": letter})
            return
        if letter == "A" and self.cdef(c).special == "scavenger" and len(deck) >= 2:
            drawn = [deck.pop(0), deck.pop(0)]
            s.piles["revealed"] = list(drawn)  # cards in hand while the player chooses
            self.emit("search", "DV-8", "search.scavenge", {"char": self.r_who(c), "item": self.r_item(drawn[0]),
                                                          "other": self.r_item(drawn[1])}, char=c.cid, cards=drawn)
            self.ask("keep", c.seat, "ask.keep", [make_action("keep", item=u) for u in drawn], {"cid": c.cid, "cards": drawn},
                     {"char": self.r_who(c)})
            return
        uid = deck.pop(0)
        self.emit("search", "R-SEARCH-2", "search.finds", {"char": self.r_who(c), "item": self.r_item(uid)},
                  char=c.cid, card=uid, item=self.s.cards[uid].defn)
        self.gain(c, uid)

    @decision("keep")
    def d_keep(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        other = [u for u in ctx["cards"] if u != a.item][0]
        self.s.piles["revealed"] = []
        self.s.piles["item_a"].append(other)  # bottom of the Item A deck (DV-8 Scavenger)
        self.emit("search", "DV-8", "search.keep", {"char": self.r_who(c), "item": self.r_item(a.item),
                                                    "other": self.r_item(other)}, card=a.item)
        self.gain(c, a.item)

    def gain(self, c: CharState, uid: str) -> None:
        """A card enters an inventory (R-INV-1, R-AMMO-1); over the limit → R-INV-4."""
        card = self.s.cards[uid]
        set_dial_if_new(self.idef(uid), card)
        c.inventory.append([uid])
        if len(c.inventory) > self.limit(c):
            opts = [make_action("discard", item=slot[0]) for slot in c.inventory]
            self.ask("overflow", c.seat, "ask.overflow", opts, {"cid": c.cid}, {"char": self.r_who(c)})

    @decision("overflow")
    def d_overflow(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        slot = self.find_slot(c, a.item)
        c.inventory.remove(slot)
        for u in slot:
            self.discard_card(u)
        if ctx.get("demand"):  # a tension card's discard (R-TENSION-12): what the card demands, by keyword
            self.emit("discard", "R-TENSION-12", "inventory.discard_demanded",
                      {"char": self.r_who(c), "item": self.r_item(a.item), "what": {"t": "msg", "id": "demand." + ctx["demand"]}},
                      char=c.cid, item=a.item)
        elif ctx.get("reason"):  # (a save made before issue 23 keeps its reason as text)
            self.emit("discard", "R-TENSION-12", "inventory.discard_reason",
                      {"char": self.r_who(c), "item": self.r_item(a.item), "reason": {"t": "text", "v": ctx["reason"]}},
                      char=c.cid, item=a.item)
        else:
            self.emit("discard", "R-INV-4", "inventory.discard_full", {"char": self.r_who(c), "item": self.r_item(a.item)},
                      char=c.cid, item=a.item)

    def discard_card(self, uid: str) -> None:
        """Send a card to where its deck's discards go (R-ITEM-3, R-ITEM-10, R-INV-5, R-AMMO-5)."""
        s = self.s
        card = s.cards[uid]
        card.ammo = None  # R-AMMO-5
        if card.deck == "A":
            s.piles["item_a_discard"].append(uid)
        elif card.deck == "B":
            s.piles["b_pool"].append(uid)
        elif card.deck == "C":
            s.item_box.append([uid])  # R-INV-5: Item C cards are never lost
        else:
            s.piles["other_discard"].append(uid)

    def source_slots(self, src: str) -> list[list[str]]:
        return self.s.item_box if src == "box" else self.s.char(src).inventory

    def take_prompt(self, c: CharState, src: str) -> None:
        """A take session: one card (slot) at a time while the searcher has free slots (R-SEARCH-6)."""
        opts = []
        if len(c.inventory) < self.limit(c):
            opts = [make_action("take", item=slot[0]) for slot in self.source_slots(src)]
        opts.append(make_action("done"))
        self.wait(kind="take", seat=c.seat, prompt="ask.take_box" if src == "box" else "ask.take_from",
                  options=opts, ctx={"cid": c.cid, "src": src},
                  params={} if src == "box" else {"char": self.r_who(self.s.char(src))})

    @decision("take")
    def d_take(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        if a.kind == "done":
            return
        slots = self.source_slots(ctx["src"])
        slot = next(sl for sl in slots if a.item in sl)
        slots.remove(slot)
        c.inventory.append(slot)  # weapons keep their dials (R-SEARCH-6, R-AMMO-2)
        self.emit("take", "R-SEARCH-6", "search.take", {"char": self.r_who(c), "item": self.r_item(a.item)}, item=a.item)
        self.take_prompt(c, ctx["src"])

    @action("stash")
    def do_stash(self, c: CharState, a: Action) -> None:
        self.emit("stash", "R-IBOX-2", "stash.open", {"char": self.r_who(c)})
        self.stash_prompt(c)

    def stash_prompt(self, c: CharState) -> None:
        opts = []
        if len(self.s.item_box) < self.box_limit():  # R-IBOX-4
            opts = [make_action("put", item=slot[0]) for slot in c.inventory]
        opts.append(make_action("done"))
        self.wait(kind="stash", seat=c.seat, prompt="ask.stash", options=opts, ctx={"cid": c.cid},
                  params={"n": len(self.s.item_box), "m": self.box_limit()})

    @decision("stash")
    def d_stash(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        if a.kind == "done":
            return
        slot = self.find_slot(c, a.item)
        c.inventory.remove(slot)
        self.s.item_box.append(slot)  # R-AMMO-2: dials kept
        self.emit("stash_item", "R-IBOX-2", "stash.item", {"item": self.r_item(a.item)}, item=a.item)
        self.stash_prompt(c)

    @action("typewriter")
    def do_typewriter(self, c: CharState, a: Action) -> None:
        """R-INK-4: spend a ribbon, shuffle the tension draw and discard piles together,
        remove the typewriter (easy mode keeps it, R-EASY-2)."""
        s = self.s
        s.ink_ribbons -= 1
        pile = s.piles["tension"] + s.piles["tension_discard"]
        s.piles["tension_discard"] = []
        s.rng.shuffle(pile)
        s.piles["tension"] = pile
        s.tension_symbol_known = False  # R-SPECIAL-3
        s.tension_symbol = None
        tok = s.token(a.target)
        if tok is not None and not self.brief.model_dump().get("easy", False):
            s.tokens.remove(tok)
        self.emit("typewriter", "R-INK-4", "ink.typewriter", {"char": self.r_who(c), "n": len(pile), "m": s.ink_ribbons},
                  ribbons=s.ink_ribbons)

    def ribbon_exchange_counts(self) -> list[int]:
        """The numbers of tension cards one ink ribbon may buy back now (empty: no exchange).

        R-EASY-6 brief hook ``ribbon_exchange{max_cards: n, min_cards: m}``: outside easy mode
        the players choose any number in m..n; in easy mode always the largest number allowed.
        [design ruling] The cards come back from the tension discard pile, so the counts are
        capped by its size; with an empty discard pile, or no ribbon (R-INK-2), nothing is offered."""
        ex = self.brief.ribbon_exchange
        s = self.s
        if ex is None or s.ink_ribbons <= 0:
            return []
        have = len(s.piles.get("tension_discard", []))
        if have <= 0:
            return []
        hi, lo = min(ex.max_cards, have), min(ex.min_cards, have)
        if self.brief.easy:  # R-EASY-6: always add the largest number of cards allowed
            return [hi]
        return list(range(lo, hi + 1))

    def ribbon_prompt(self, c: CharState) -> None:
        """Ask how many tension cards the ribbon buys back (one option in easy mode: taken at once)."""
        counts = self.ribbon_exchange_counts()
        self.ask("ribbon_cards", c.seat, "ask.ribbon_cards", [Action(kind="pick", n=k) for k in counts], {"cid": c.cid},
                 {"a": counts[0], "b": counts[-1]})

    @decision("ribbon_cards")
    def d_ribbon_cards(self, ctx: dict, a: Action) -> None:
        """R-EASY-6 hook: spend one ink ribbon (R-INK-2); ``a.n`` cards picked at random from the
        tension discard pile are shuffled into the draw pile."""
        s = self.s
        c = s.char(ctx["cid"])
        k = int(a.n or 0)
        s.ink_ribbons -= 1
        back = list(s.piles["tension_discard"])
        s.rng.shuffle(back)
        taken, s.piles["tension_discard"] = back[:k], [u for u in s.piles["tension_discard"] if u not in back[:k]]
        pile = s.piles["tension"] + taken
        s.rng.shuffle(pile)
        s.piles["tension"] = pile
        s.tension_symbol_known = False  # R-SPECIAL-3: the top card is unknown again
        s.tension_symbol = None
        rule = "R-EASY-6" if self.brief.easy else "R-INK-2"
        self.emit("ribbon_exchange", rule, "ink.exchange", {"char": self.r_who(c), "n": len(taken), "m": len(pile),
                                                           "k": s.ink_ribbons},
                  ribbons=s.ink_ribbons, cards=len(taken), pile=len(pile))

    @action("trade")
    def do_trade(self, c: CharState, a: Action) -> None:
        o = self.s.char(a.target)
        self.emit("trade", "R-TRADE-1", "trade.start", {"char": self.r_who(c), "who": self.r_who(o)}, char=c.cid, other=o.cid)
        start = {"mine": [list(sl) for sl in c.inventory], "theirs": [list(sl) for sl in o.inventory]}
        self.trade_prompt(c, o, {"cid": c.cid, "other": o.cid, "moved": [], "start": start})

    def trade_prompt(self, c: CharState, o: CharState, ctx: dict) -> None:
        """The trade dialog (R-TRADE-1/2). [design ruling, issue 16] No trade may go on for ever:
        each card changes hands at most once per Trade action (``ctx["moved"]``), so moves run
        out; Done needs both inventories within their limits (R-TRADE-2); once anything has
        moved, ``decline`` calls the trade off and restores both inventories (``ctx["start"]``),
        so a trade whose moves left someone over the limit still has a way out."""
        moved = set(ctx.get("moved", ()))  # (a trade saved before this rule has neither key)
        opts = [make_action("give", item=slot[0]) for slot in c.inventory if slot[0] not in moved]
        opts += [make_action("take", item=slot[0]) for slot in o.inventory if slot[0] not in moved]
        if len(c.inventory) <= self.limit(c) and len(o.inventory) <= self.limit(o):  # R-TRADE-2
            opts.append(make_action("done"))
        if moved and "start" in ctx:
            opts.append(make_action("decline"))
        self.wait(kind="trade", seat=c.seat, prompt="ask.trade", options=opts, ctx=ctx, params={"who": self.r_who(o)})

    @decision("trade")
    def d_trade(self, ctx: dict, a: Action) -> None:
        c, o = self.s.char(ctx["cid"]), self.s.char(ctx["other"])
        if a.kind == "done":
            self.emit("trade_done", "R-TRADE-1", "trade.done", {"char": self.r_who(c), "who": self.r_who(o)})
            return
        if a.kind == "decline":  # the trade is called off: both inventories as they were
            c.inventory = [list(sl) for sl in ctx["start"]["mine"]]
            o.inventory = [list(sl) for sl in ctx["start"]["theirs"]]
            self.emit("trade_done", "R-TRADE-2", "trade.called_off", {"char": self.r_who(c), "who": self.r_who(o)},
                      called_off=True)
            return
        src, dst = (c, o) if a.kind == "give" else (o, c)
        slot = self.find_slot(src, a.item)
        src.inventory.remove(slot)
        dst.inventory.append(slot)  # R-TRADE-3: dials travel with the card
        self.emit("trade_item", "R-TRADE-1", "trade.item", {"item": self.r_item(a.item), "who": self.r_who(dst)})
        self.trade_prompt(c, o, {**ctx, "moved": list(ctx.get("moved", ())) + [slot[0]]})

    def reshuffle_item_a(self, tell: bool = True) -> None:
        """R-ITEM-6: an empty Item A deck takes the Item A discard pile, shuffled (the state's
        RNG); ``tell``: say so in the log. Nothing happens while the deck holds a card or the
        discard pile is empty. Every mode's Item A draw goes through here (the city's search and
        draws, the mansion's STASH_A)."""
        s = self.s
        if not s.piles.get("item_a") and s.piles.get("item_a_discard"):
            s.piles["item_a"] = s.piles["item_a_discard"]
            s.piles["item_a_discard"] = []
            s.rng.shuffle(s.piles["item_a"])
            if tell:
                self.emit("reshuffle", "R-ITEM-6", "item.reshuffle_a")

    @task("draw_a")
    def t_draw_a(self, task: dict) -> None:
        s = self.s
        c = s.char(task["cid"])
        self.reshuffle_item_a(tell=False)  # R-ITEM-6 (this path has never told it in the log)
        if not s.piles["item_a"]:
            return
        uid = s.piles["item_a"].pop(0)
        self.emit("draw", "R-TENSION-12", "item.draw", {"char": self.r_who(c), "item": self.r_item(uid)})
        self.gain(c, uid)

    @task("gear")
    def t_gear(self, task: dict) -> None:
        """Deal the DV-21 extra cards one at a time: the players give each to a survivor with a
        free slot, or put it in the item box."""
        s = self.s
        pile = s.piles.get("gear", [])
        if not pile:
            return
        uid = pile[0]
        opts = [make_action("give", item=uid, target=c.cid) for c in s.characters
                if len(c.inventory) < self.limit(c)]
        opts.append(make_action("give", item=uid, target="box"))
        self.wait(kind="gear", seat=0, prompt="ask.gear", options=opts, ctx={}, params={"item": self.r_item(uid)})

    @decision("gear")
    def d_gear(self, ctx: dict, a: Action) -> None:
        s = self.s
        s.piles["gear"].remove(a.item)
        if a.target == "box":
            s.item_box.append([a.item])
            self.emit("gear", "R-STAND-3", "gear.box", {"item": self.r_item(a.item)})
        else:
            c = s.char(a.target)
            c.inventory.append([a.item])
            self.emit("gear", "R-STAND-3", "gear.take", {"char": self.r_who(c), "item": self.r_item(a.item)})
        self.push({"t": "gear"})
