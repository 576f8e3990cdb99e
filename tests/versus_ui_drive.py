"""Drive the versus window as two people would (issue 27 item 2, must show): every decision of a
human seat is entered through the screen's own controls (buttons, board squares, door edges, facing
arrows, the deployment's start squares, the hand-over screen's key press), chosen by a seeded
player who sees only that seat's view; every frame records the texts drawn and the models drawn
(which seat's, where, facing what) so a test can check that nothing of the other side's secrets
reached the screen before its reveal. ``python -m tests.versus_ui_drive OUT_DIR`` plays one
hot-seat game and saves the screenshots named in the report."""
from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.engine.actions import visible_to
from game.engine.board import edge_id, parse_edge_id
from game.engine.query import View
from game.engine.versus import new_versus
from game.engine.versus.view import VsView
from game.ui import theme as T
from game.ui.versus import art
from game.ui.versus.handover import HandOver
from game.ui.versus.scene import VersusScene
from game.ui.words import words

SIZE = (1280, 720)


@dataclass
class Frame:
    """One drawn frame: who the screen belonged to (``viewer``; ``"handover"`` for the hand-over
    screen), the texts drawn, the models drawn as (cid, facing, pos), the game's step, and the
    secrets still hidden then (texts only another seat may read; models and facings not revealed)."""

    viewer: Any
    texts: list[str]
    models: list[tuple[str, str, tuple]]
    step: int
    revealed: bool
    facings_revealed: bool
    private: dict[int, set[str]] = field(default_factory=dict)
    secret_for: int | None = None  # the seat a secret decision pending then is addressed to


class Driver:
    """Plays ``sc`` (a hot-seat :class:`VersusScene` on ``app``) through its controls."""

    def __init__(self, app: Any, sc: VersusScene, seed: int = 0, shots: Path | None = None):
        self.app, self.sc = app, sc
        self.rnd = random.Random(seed)
        self.frames: list[Frame] = []
        self.shots = shots
        self.shot_names: dict[str, str] = {}
        self.unreachable: list[str] = []
        self._drawn: list[tuple[str, str, tuple]] = []
        self._orig_model = art.model

    # ------------------------------------------------------------------ recording
    def _model(self, surf, cid, fac, facing, side, dead, c, r, activated=False):
        self._drawn.append((cid, facing, tuple(c)))
        return self._orig_model(surf, cid, fac, facing, side, dead, c, r, activated)

    def frame(self, events=(), dt: float = 0.1) -> Frame:
        self._drawn = []
        T.SHOWN = []
        art.model = self._model
        try:
            self.app.step(list(events), dt)
            texts = list(T.SHOWN)
        finally:
            T.SHOWN = None
            art.model = self._orig_model
        st = self.sc.state
        vs = VsView(st, None)
        evs = self.sc.events
        private = {}
        for seat in (0, 1):  # what only ``seat`` may read so far
            mine = {words(e) for e in evs if e.audience == (seat,)}
            theirs = {words(e) for e in visible_to(evs, 1 - seat)}
            private[seat] = mine - theirs
        top = self.app.top
        pend = View(st, None).pending
        f = Frame("handover" if isinstance(top, HandOver) else self.sc.viewer, texts, list(self._drawn), View(st).step,
                  vs.revealed, any(e.kind == "facing_reveal" or e.kind == "deploy_reveal" and vs.scenario.fixed for e in evs)
                  or bool(vs.scenario.fixed), private)
        if pend is not None and pend.secret and not View(st).over:
            f.secret_for = pend.seat
        self.frames.append(f)
        return f

    def shot(self, name: str, why: str) -> None:
        if self.shots is not None and name not in self.shot_names:
            self.shots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.app.screen, str(self.shots / f"{name}.png"))
            self.shot_names[name] = why

    # ------------------------------------------------------------------ choosing
    def choose(self, legal: list) -> Any:
        """A seeded choice that plays on: mostly the greedy bot's (from this seat's view only),
        always a duel when one may be declared, else rarely a free turn, often a move or an attack."""
        sc = self.sc
        declare = [a for a in legal if a.kind == "vs_declare"]
        if declare:
            return self.rnd.choice(declare)
        if self.rnd.random() < 0.85:
            from game.ai.versus_bots import GreedyBot

            if not hasattr(self, "_greedy"):
                self._greedy = GreedyBot(self.rnd.randrange(1 << 20))
            return self._greedy.choose(sc.state, sc.viewer)
        pref = [a for a in legal if a.kind not in ("vs_turn",)]
        kinds = {a.kind for a in pref}
        if "vs_strike" in kinds and self.rnd.random() < 0.7:
            pref = [a for a in pref if a.kind == "vs_strike"]
        elif "vs_step" in kinds and self.rnd.random() < 0.75:
            pref = [a for a in pref if a.kind == "vs_step"]
        elif "vs_move" in kinds and self.rnd.random() < 0.8:
            pref = [a for a in pref if a.kind == "vs_move"]
        elif "vs_declare" in kinds and self.rnd.random() < 0.8:
            pref = [a for a in pref if a.kind == "vs_declare"]
        elif "vs_activate" in kinds:
            pref = [a for a in pref if a.kind == "vs_activate"]
        return self.rnd.choice(pref or legal)

    # ------------------------------------------------------------------ clicking
    def click(self, pos) -> None:
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.02)

    def zone(self, key: str, value: Any = None):
        return self.sc.zones.find(key, value)

    def enter(self, a: Any) -> bool:
        """Enter action ``a`` through the screen's controls. False if no control offers it."""
        sc, b = self.sc, self.sc.board
        k = a.kind
        if k == "vs_deploy":
            z = self.zone("deploy_ok")
            if z is None:
                return False
            starts = list(b.m.starts[sc.vw().factions[sc.viewer]])
            if len(starts) > 1 and self.rnd.random() < 0.8:  # swap two models by their start squares
                i, j = self.rnd.sample(range(len(starts)), 2)
                self.click(b.centre(starts[i]))
                self.click(b.centre(starts[j]))
            self.frame()
            self.click(self.zone("deploy_ok").rect.center)
            return True
        if k == "vs_activate":
            self.click(self.zone("pick_cid", a.cid).rect.center)
            for t in a.tiles.split("+"):
                self.click(self.zone("tile", t).rect.center)
            z = self.zone("act", a)
            if z is None:
                return False
            self.click(z.rect.center)
            return True
        if k == "vs_strike":
            z = self.zone("strike_sec", (a.tile, a.sec, a.cp))
            if z is None:
                return False
            self.click(z.rect.center)
            self.frame()
            if a.target.startswith("edge:"):
                (p, q) = b.edge_line(parse_edge_id(a.target[5:]))
                self.click(((p[0] + q[0]) // 2, (p[1] + q[1]) // 2))
            else:
                self.click(b.centre(sc.target_square(a.target)))
            return True
        if k == "vs_step":
            self.click(b.centre(tuple(a.to)))
            return True
        if k == "vs_door":
            d = next(d for d in b.m.doors if d.id == a.door)
            p, q = b.edge_line(d.edges[0])
            self.click(((p[0] + q[0]) // 2, (p[1] + q[1]) // 2))
            return True
        if k in ("vs_turn", "vs_face") or (k == "vs_duel_act" and a.what == "turn"):
            r = sc.arrow_rects().get(a.facing)
            if r is None:
                return False
            self.click(r[0].center)
            return True
        z = self.zone("act", a)
        if z is None:
            return False
        self.click(z.rect.center)
        return True

    # ------------------------------------------------------------------ the game
    def play(self, max_frames: int = 20000) -> None:
        sc = self.sc
        for _ in range(max_frames):
            f = self.frame()
            if View(sc.state).over:
                self.frame()
                self.shot("vs_hot_09_victory", "the victory screen")
                return
            top = self.app.top
            if isinstance(top, HandOver):
                p = View(sc.state, None).pending
                self.shot(f"vs_hot_0{1 + top.seat}_handover_{p.kind if p else 'turn'}",
                          f"the hand-over screen to seat {top.seat + 1} before {p.kind if p else 'a turn'}")
                self.frame(dt=0.6)
                self.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)])
                continue
            if not sc.my_turn():
                if sc.bots.thinking() is not None:
                    self.shot("vs_bot_thinking", "the bot thinking in the background (the window stays live)")
                continue
            tip = sc.coach.zones.find("tip_ok")
            if tip is not None:  # the tutorial step in front of the person: read, then "Got it"
                self.shot(f"vs_tip_{tip.value}", f"the tutorial step for {tip.value}")
                self.click(tip.rect.center)
                continue
            legal = View(sc.state, sc.viewer).legal()
            a = self.choose(legal)
            p = View(sc.state, None).pending
            kind = p.kind
            before = View(sc.state).step
            if kind == "vs_deploy":
                self.shot(f"vs_hot_1{sc.viewer}_deploy", f"seat {sc.viewer + 1} deploying in secret")
            elif kind == "vs_bid":
                self.shot(f"vs_hot_2{sc.viewer}_bid", f"seat {sc.viewer + 1}'s secret duel bid")
            elif kind == "order" and View(sc.state).step > 30:
                self.shot("vs_hot_30_order", "an activation's orders: sections, CP, steps, arrows")
            if not self.enter(a):
                self.unreachable.append(f"{kind}: {a.short() if hasattr(a, 'short') else a}")
                sc.do(a, sc.viewer)  # (a control is missing: note it, play on)
            self.frame()
            if View(sc.state).step == before and not View(sc.state).over:
                self.unreachable.append(f"{kind}: a click on {a} did nothing")
                sc.do(a, sc.viewer)
            if any(e.kind == "combat" for e in sc.events[-6:]):
                self.shot("vs_hot_40_combat", "a close combat's roll: every die, armour, critical")
            if any(e.kind == "bid_reveal" for e in sc.events[-4:]):
                self.shot("vs_hot_25_duel_reveal", "a duel's bids revealed")


def leaks(frames: list[Frame], seat_of: dict[str, int]) -> list[str]:
    """What the frames showed that their viewer should not have seen (V-HOT-1/3): a text only the
    other seat may read, a model of the other side before the deployment reveal, a facing of the
    other side before the facings' reveal; anything of the game on a hand-over screen."""
    out = []
    for i, f in enumerate(frames):
        if f.viewer == "handover":
            if f.models:
                out.append(f"frame {i}: models drawn on the hand-over screen: {f.models}")
            continue
        for seat in (0, 1):
            if f.viewer == seat:
                continue
            for t in f.private.get(seat, ()):
                if t and any(t in s for s in f.texts):
                    out.append(f"frame {i}: viewer {f.viewer} read seat {seat}'s secret text {t!r}")
        for cid, facing, pos in f.models:
            owner = seat_of[cid]
            if f.viewer is not None and owner == f.viewer:
                continue
            if not f.revealed:
                out.append(f"frame {i}: viewer {f.viewer} saw {cid} of seat {owner} before the reveal")
            elif facing and not f.facings_revealed:
                out.append(f"frame {i}: viewer {f.viewer} saw {cid}'s facing before the facings' reveal")
    return out


def unguarded_secrets(frames: list[Frame]) -> list[str]:
    """Secret decisions shown to their seat without a hand-over since another seat had the screen
    (V-OVR-2: the other player may still be looking)."""
    out = []
    for i, f in enumerate(frames):
        if f.secret_for is None or f.viewer != f.secret_for:
            continue
        for g in reversed(frames[:i]):
            if g.viewer == "handover":
                break
            if g.viewer != f.viewer:
                out.append(f"frame {i}: seat {f.viewer}'s secret decision on a screen the other seat had without a "
                           f"hand-over")
                break
    return out


def hot_seat(tmp: Path, scenario: str = "sanctuary", seed: int = 4, shots: Path | None = None,
             controllers: tuple[str, str] = ("human", "human")):
    """(app, scene, driver) after one whole game of ``scenario`` played through the window: the
    human seats by the driver's clicks, bot seats by their bots in the background."""
    from game.ui.app import App

    app = App(pygame.Surface(SIZE), save_dir=tmp)
    app.step([])
    st = new_versus(scenario, None, seed)
    names = [(("Ada", "Bo")[i] if c == "human" else "Bot") for i, c in enumerate(controllers)]
    sc = VersusScene(app, st, names, list(controllers))
    app.stack = [sc]
    d = Driver(app, sc, seed, shots)
    d.play()
    return app, sc, d


if __name__ == "__main__":  # python -m tests.versus_ui_drive OUT_DIR [SEED [SCENARIO [SEAT1 SEAT2]]]
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    out = Path(sys.argv[1])
    a = sys.argv[2:]
    _app, _sc, drv = hot_seat(Path(tempfile.mkdtemp()), a[1] if len(a) > 1 else "sanctuary",
                              int(a[0]) if a else 4, shots=out,
                              controllers=(a[2], a[3]) if len(a) > 3 else ("human", "human"))
    for name, why in sorted(drv.shot_names.items()):
        print(f"{name}.png: {why}")
    print("unreachable:", drv.unreachable[:10])
    print("winner:", VsView(_sc.state, None).winner, "round", VsView(_sc.state, None).round)
