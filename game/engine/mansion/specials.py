"""The main characters' specials (MDV-1) that change core steps: Marksman (a re-roll of one
attack die) and Heavyweight (a push of up to two squares). Quick Hands and Field Medic are in
:mod:`game.engine.mansion` and :mod:`.reserve`."""
from __future__ import annotations

from ..actions import Action
from ..defs import Face
from ..machine import action, decision, task
from ..odds import attack_dice
from ..state import CharState
from ..core.base import faces_text


class Specials:
    """Mixin of the mansion rule set (see :mod:`game.engine.mansion`)."""

    def roll(self, colours: list[str]) -> list[Face]:
        forced = self.notes.get("forced_faces")  # (a pass note: faces Marksman kept for the next roll)
        if forced is not None and len(forced) == len(colours):
            self.notes["forced_faces"] = None
            return list(forced)
        return super().roll(colours)

    @action("attack")
    def do_attack(self, c: CharState, a: Action) -> None:
        """MDV-1 Marksman: once per turn Marcus may re-roll one die of one attack (it stands)."""
        s = self.s
        e = s.enemy(a.target) if a.target else None
        if e is None or self.cdef(c).special != "marksman" or s.mansion.marksman_turn == s.turn:
            super().do_attack(c, a)
            return
        w = self.idef(a.item).weapon
        dice = attack_dice(w, a.n or 0)  # (the core's pool, R-ATK-2 step 3, R-ATK-8)
        faces = super().roll(dice)
        if max(f.rank for f in faces) == Face.CRIT.rank:
            self.notes["forced_faces"] = faces
            super().do_attack(c, a)
            return
        opts = [Action(kind="reroll", n=i) for i in range(len(faces))] + [Action(kind="decline")]
        self.wait("marksman", c.seat, "ask.marksman", opts, {"a": a.short(), "faces": [f.value for f in faces], "dice": dice},
                  {"char": self.r_who(c), "faces": {"t": "faces", "v": [f.value for f in faces]}})

    @decision("marksman")
    def d_marksman(self, ctx: dict, a: Action) -> None:
        s = self.s
        c = s.active_char
        faces = [Face(f) for f in ctx["faces"]]
        if a.kind == "reroll":
            s.mansion.marksman_turn = s.turn
            old = faces[a.n]
            faces[a.n] = super().roll([ctx["dice"][a.n]])[0]
            self.emit("reroll", "MDV-1", "special.marksman", {"old": {"t": "faces", "v": [old.value]},
                                                          "new": {"t": "faces", "v": [faces[a.n].value]}},
                      faces=[f.value for f in faces], success=max(f.rank for f in faces) >= Face.HIT.rank,
                      char=c.cid, die=a.n)
        self.notes["forced_faces"] = faces
        act = Action(**ctx["a"])
        if s.enemy(act.target) is None or not c.conscious:
            self.notes["forced_faces"] = None
            return
        super().do_attack(c, act)

    def push_enemy_prompt(self, e, task: dict) -> tuple[str, dict]:
        """R-ATK-7 / R-EATK-7 as the core, a second Heavyweight step said so (MDV-1)."""
        step = int(task.get("step", 1))
        return ("ask.push_enemy_more" if step > 1 else "ask.push_enemy"), {"enemy": self.r_who(e)}

    def push_enemy_ctx(self, task: dict) -> dict:
        """The core's, remembering who pushes and which step it is (MDV-1 Heavyweight)."""
        return {"rule": task["rule"], "seat": task["seat"], "step": int(task.get("step", 1))}

    @decision("push_enemy")
    def d_push_enemy(self, ctx: dict, a: Action) -> None:
        """MDV-1 Heavyweight: a push Bram makes may move the enemy a second square, each step
        legal on its own."""
        super().d_push_enemy(ctx, a)
        if a.kind != "push" or int(ctx.get("step", 1)) > 1 or "seat" not in ctx:
            return
        pusher = self.s.characters[int(ctx["seat"])]
        if self.cdef(pusher).special == "heavyweight" and self.s.enemy(a.target) is not None:
            self.push({"t": "push_enemy", "enemy": a.target, "seat": ctx["seat"], "rule": "MDV-1", "step": 2})
