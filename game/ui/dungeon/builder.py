"""The hero builder (issue 26 item 4; D-COMP-1..8, D-SETUP-3..7): each hero is three cards, a
character, an equipment and an ability, each with two faces (D-COMP-5/6). Every card is shown with
the face in play, flippable; the arrows change the card. Under the cards: the hero's resulting
numbers and every problem the rules find (an equipment's REQUIRE not met, a character twice, more
copies than the card sets hold), all from the engine (``party_preview``), before the players confirm.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine.dungeon.view import party_preview
from ...engine.dungeon.party import choice_text, parse_choice
from ...i18n import N_, _, _f
from .. import theme as T
from ..keys import MENU_KEYS
from ..rulebook import RulebookScene
from ..scene import Command, PickScene, Pop, Push, Replace
from ..words import words
from ..widgets import button, panel
from .board import draw_hero
from .hud import bolt, heart
from .play import start_dungeon
from .words import KEYWORD_WORDS, SKILL_WORDS, content, seat_of_player

if TYPE_CHECKING:
    from ..app import App

KINDS = ("characters", "equipment", "abilities")
KIND_WORDS = {"characters": N_("Character"), "equipment": N_("Equipment"), "abilities": N_("Ability")}
#: what each ability does (16.3), in players' words; the rules are the engine's
ABILITY_WORDS = {
    "battle_surge": N_("A melee attack with your equipment's dice, keywords and modifiers; not an action, no energy from its hits."),
    "fleetfoot": N_("Move up to 3 squares: water costs 1, you may pass through enemies (not stop there); pits still hurt."),
    "mending_rite": N_("You or an adjacent hero regain 3 life."),
    "chain_spark": N_("Up to 2 enemies exactly 2 squares away and in sight: 2 ranged dice each, your character's ranged modifier only."),
}


class HeroBuilder(PickScene):
    """One hero at a time (tabs per seat): three cards, each face shown and flippable, the numbers
    and the problems below; Start when the rules accept the whole party."""

    def __init__(self, pack: Any, scenario: Any, party: list[tuple[str, str, str]], controllers: list[str],
                 tips: bool = False):
        super().__init__()
        self.tips = tips
        self.pack, self.scenario = pack, scenario
        self.party = [list(p) for p in party]
        self.controllers = list(controllers)
        self.seat = 0
        self.message = ""
        self.ids = {k: sorted(getattr(pack, k)) for k in KINDS}

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the hero's choices and the pointer; nothing moves."""
        return self.plain_key(app)

    # ------------------------------------------------------------------ the choice
    def preview(self) -> list[dict]:
        return party_preview(self.scenario, [tuple(p) for p in self.party])

    def cycle(self, slot: int, d: int) -> None:
        """The next (``d`` = 1) or previous card of kind ``slot`` for the current hero, first face."""
        ids = self.ids[KINDS[slot]]
        cid, _face = parse_choice(self.party[self.seat][slot])
        self.party[self.seat][slot] = ids[(ids.index(cid) + d) % len(ids)]

    def flip(self, slot: int) -> None:
        """Turn the card of kind ``slot`` to its other face (D-COMP-5; a card with one face stays)."""
        cid, face = parse_choice(self.party[self.seat][slot])
        n = len(getattr(self.pack, KINDS[slot])[cid].faces)
        self.party[self.seat][slot] = choice_text(cid, (face + 1) % n)

    def key(self, ev, app) -> Command:
        intent = MENU_KEYS.get(ev.key)
        if intent == "back":
            return Pop()
        if ev.key == pygame.K_F1:
            return Push(RulebookScene("dungeon"))
        if ev.key == pygame.K_TAB:
            self.seat = (self.seat + 1) % len(self.party)
        elif intent == "confirm":
            return self.pick("start", None, app)
        return None

    def pick(self, key, value, app) -> Command:
        if key == "back":
            return Pop()
        if key == "seat":
            self.seat = value
        elif key == "prev":
            self.cycle(value, -1)
        elif key == "next":
            self.cycle(value, 1)
        elif key == "flip":
            self.flip(value)
        elif key == "start":
            if any(h["problems"] for h in self.preview()):
                self.message = _("The rules refuse this party yet: see the red lines.")
                return None
            try:
                return Replace(start_dungeon(app, self.scenario.defn.id, [tuple(p) for p in self.party],
                                             self.controllers, tips=self.tips))
            except ValueError as ex:  # a PartyRefused carries its message id (D-SETUP-3..6): worded here
                self.message = words(ex) if getattr(ex, "msg", "") else str(ex)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: Any) -> None:
        self.zones.clear()
        surf.fill(T.BG)
        T.text(surf, _("BUILD YOUR HEROES"), (T.W // 2, 30), 28, T.ACCENT_HI, bold=True, anchor="center")
        T.text(surf, content(self.scenario.defn.name), (T.W // 2, 58), 15, T.MUTED, anchor="center")
        prev = self.preview()
        for s in range(len(self.party)):  # a tab per hero
            r = pygame.Rect(40 + s * 300, 76, 290, 44)
            bad = bool(prev[s]["problems"])
            button(surf, self.zones, r, "", "seat", s, hover=self.mouse, selected=(s == self.seat))
            draw_hero(surf, pygame.Rect(r.left + 4, r.top + 4, 36, 36), s, active=False)
            T.text(surf, T.fit(f"{seat_of_player(None, s)} · {content(prev[s]['faces'][0].name)}", 14, 200),
                   (r.left + 44, r.centery), 14, T.BAD if bad else T.TEXT, bold=(s == self.seat), anchor="midleft")
            if bad:
                pygame.draw.circle(surf, T.BAD, (r.right - 16, r.centery), 7)
                T.text(surf, "!", (r.right - 16, r.centery), 12, (20, 10, 10), bold=True, anchor="center")
        me = prev[self.seat]
        probs = me["problems"]
        for slot in range(3):
            r = pygame.Rect(40 + slot * 404, 132, 392, 380)
            self.draw_card(surf, r, slot, me["faces"][slot], probs)
        self.draw_numbers(surf, pygame.Rect(40, 522, 1200, 110), me)
        if self.message:
            T.text(surf, self.message, (T.W // 2, T.H - 86), 14, T.BAD, anchor="center")
        button(surf, self.zones, pygame.Rect(40, T.H - 60, 160, 44), _("Back"), "back", hover=self.mouse, size=17)
        ok = not any(h["problems"] for h in prev)
        button(surf, self.zones, pygame.Rect(T.W - 300, T.H - 60, 260, 44), _("Enter the dungeon"), "start",
               hover=self.mouse, size=18, primary=ok, enabled=True)

    def draw_card(self, surf: pygame.Surface, r: pygame.Rect, slot: int, face: Any, probs: list[dict]) -> None:
        """One card with the face in play: its name, its numbers, its REQUIRE (red when unmet), its text."""
        kind = KINDS[slot]
        cid, f = parse_choice(self.party[self.seat][slot])
        nfaces = len(getattr(self.pack, kind)[cid].faces)
        inner = panel(surf, r, None, fill=(30, 26, 30), edge=(150, 120, 70))
        T.text(surf, _(KIND_WORDS[kind]).upper(), (r.centerx, r.top + 14), 12, T.MUTED, bold=True, anchor="center")
        button(surf, self.zones, pygame.Rect(r.left + 8, r.top + 8, 34, 30), "<", "prev", slot, hover=self.mouse, size=16)
        button(surf, self.zones, pygame.Rect(r.right - 42, r.top + 8, 34, 30), ">", "next", slot, hover=self.mouse, size=16)
        T.text(surf, T.fit(content(face.name), 20, inner.w, bold=True), (r.centerx, r.top + 52), 20, T.GOLD, bold=True,
               anchor="center")
        y = r.top + 76
        if getattr(face, "title", ""):
            T.text(surf, content(face.title), (r.centerx, y), 14, T.MUTED, anchor="center")
        y += 22
        lines: list[tuple[str, Any]] = []
        if kind == "characters":
            lines += [(_f("life {n}", n=face.life), "life"), (_f("speed {n}", n=face.speed), None),
                      (_f("melee {m:+d} · ranged {r:+d} · defence {d:+d}", m=face.melee, r=face.ranged, d=face.defence), None)]
            lines.append((self.skills_line(face), None))
        elif kind == "equipment":
            if face.melee.dice:
                lines.append((_f("melee {d} dice {m:+d}", d=face.melee.dice, m=face.melee.mod), None))
            if face.ranged.dice:
                lines.append((_f("ranged {d} dice {m:+d}", d=face.ranged.dice, m=face.ranged.mod), None))
            if face.defence or face.speed:
                lines.append((_f("defence {d:+d} · speed {s:+d}", d=face.defence, s=face.speed), None))
            if face.keywords:
                lines.append((", ".join(_(KEYWORD_WORDS.get(k, k)) for k in face.keywords), None))
            for skill, need in face.requires.items():
                unmet = any(p["code"] == "requires" and p["params"]["skill"] == skill for p in probs)
                lines.append((_f("REQUIRES {skill} +{n}", skill=_(SKILL_WORDS.get(skill, skill)), n=need), "bad" if unmet else "req"))
        else:
            lines.append((self.skills_line(face), None))
            lines.append((_f("costs {n} energy", n=face.energy), "energy"))
            lines.append((_(ABILITY_WORDS.get(face.effect, "")) if face.effect in ABILITY_WORDS else "", "text"))
        for text, tag in lines:
            if not text:
                continue
            if tag == "text":
                y = T.text_block(surf, text, pygame.Rect(inner.left + 4, y, inner.w - 8, 90), 14, T.TEXT) + 6
                continue
            col = T.BAD if tag == "bad" else T.WARN if tag == "req" else T.TEXT
            if tag == "life":
                heart(surf, (inner.left + 12, y + 9), 7, (222, 64, 60))
            if tag == "energy":
                bolt(surf, (inner.left + 12, y + 9), 8, (250, 220, 90))
            T.text(surf, T.fit(text, 15, inner.w - 30), (inner.left + (28 if tag in ("life", "energy") else 4), y), 15, col,
                   bold=tag in ("bad", "req"))
            y += 24
        if getattr(face, "text", ""):
            T.text_block(surf, content(face.text), pygame.Rect(inner.left + 4, max(y + 6, r.bottom - 110), inner.w - 8, 60),
                         13, T.MUTED)
        if nfaces > 1:
            button(surf, self.zones, pygame.Rect(r.centerx - 90, r.bottom - 44, 180, 34),
                   _f("Flip: face {n} of {m}", n=f + 1, m=nfaces), "flip", slot, hover=self.mouse, size=14)

    @staticmethod
    def skills_line(face: Any) -> str:
        parts = [f"{_(SKILL_WORDS[k])} {getattr(face, k):+d}" for k in ("might", "agility", "lore") if getattr(face, k)]
        return " · ".join(parts) if parts else _("no skill modifiers")

    def draw_numbers(self, surf: pygame.Surface, r: pygame.Rect, me: dict) -> None:
        """The hero's numbers as the rules compute them, and the problems in words."""
        panel(surf, r, None, fill=(22, 19, 22), edge=T.BAD if me["problems"] else T.OK)
        st = me["stats"]
        T.text(surf, _("This hero:"), (r.left + 12, r.top + 10), 15, T.GOLD, bold=True)
        parts = [_f("life {n}", n=st.life), _f("speed {n}", n=st.speed),
                 _f("melee {d} dice {m:+d}", d=st.melee[0], m=st.melee[1])]
        if st.ranged[0]:
            parts.append(_f("ranged {d} dice {m:+d}", d=st.ranged[0], m=st.ranged[1]))
        parts.append(_f("defence {m:+d}", m=st.defence))
        parts += [f"{_(SKILL_WORDS[k])} {v:+d}" for k, v in st.skills.items()]
        parts.append(_f("ability: {n} energy", n=st.energy_cost))
        T.text(surf, T.fit(" · ".join(parts), 15, r.w - 130), (r.left + 120, r.top + 10), 15, T.TEXT)
        y = r.top + 38
        if not me["problems"]:
            T.text(surf, _("The rules accept this hero."), (r.left + 12, y), 15, T.OK)
        for p in me["problems"][:3]:
            T.text(surf, T.fit(problem_text(self.pack, p), 15, r.w - 24), (r.left + 12, y), 15, T.BAD, bold=True)
            y += 22


def problem_text(pack: Any, p: dict) -> str:
    """A :func:`game.engine.dungeon.party.party_problems` entry in words."""
    q = p["params"]
    if p["code"] == "requires":
        return _f("The equipment requires {skill} +{need}; character and ability give +{have}.",
                  skill=_(SKILL_WORDS.get(q["skill"], q["skill"])), need=q["need"], have=q["have"])
    if p["code"] == "duplicate":
        name = pack.characters[q["card"]].faces[0].name
        return _f("{name} is already another hero's character: each character once.", name=content(name))
    if p["code"] == "copies":
        return _f("That card is already taken: {n} copy of each card with this many heroes.", n=q["sets"]) if q["sets"] == 1 else \
            _f("That card is already taken: {n} copies of each card with this many heroes.", n=q["sets"])
    return _f("A party is 1 to 4 heroes, not {n}.", n=q.get("n", 0))


__all__ = ["ABILITY_WORDS", "HeroBuilder", "problem_text"]
