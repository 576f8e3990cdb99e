"""The dungeon's events shown one at a time (issue 26 item 4): the engine answers an action with all
its events at once; :class:`Show` plays them back at a pace a new player can follow (a figure walks
its path square by square, a roll stays up long enough to read, an enemy's activation opens with the
sentence saying what it goes for and why), and says what is on screen now.

No rule here: every number, square and reason comes from the events and from the engine's
``DungeonView.enemy_intent`` read before the enemy acted.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..words import words

#: seconds each kind of event stays up before the next one is shown (a walk: per square)
PACE = {"enemy_turn": 1.3, "attack_roll": 1.1, "defence": 0.9, "enemy_defence": 0.7, "skill": 1.1,
        "treasure": 0.7, "explore": 0.8, "enemy_placed": 0.35, "round": 0.9, "turn": 0.35, "result": 0.6,
        "hero_dies": 1.0, "enemy_defeated": 0.6, "map_effect": 0.8, "critical": 0.5, "hero_damage": 0.5,
        "enemy_damage": 0.4, "enemy_holds": 0.8, "claim": 0.8}
STEP_SECS = 0.16  # a figure's walk, per square
OTHER = 0.15
#: events that are a roll of dice (shown in the dice panel)
ROLLS = ("attack_roll", "defence", "enemy_defence", "skill", "treasure", "reroll")


@dataclass
class Walk:
    """A figure (hero or enemy uid) walking ``path`` (squares, its start first) since ``t`` seconds."""

    uid: str
    path: list[tuple[int, int]]
    t: float = 0.0

    def at(self) -> tuple[float, float]:
        """Where the figure is drawn now (between two squares of its path)."""
        if len(self.path) < 2:
            return self.path[-1]
        f = min(len(self.path) - 1.0, self.t / STEP_SECS)
        i = min(len(self.path) - 2, int(f))
        k = f - i
        a, b = self.path[i], self.path[i + 1]
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


@dataclass
class Show:
    """The queue of events still to show and what is on screen now.

    ``log``: the worded lines shown so far (newest last); ``rolls``: the roll events of the last
    roll shown (an attack and its defence dice together); ``walks``: figures walking now;
    ``banner``: the sentence over the board (an enemy's intent, a new round) and its path;
    ``acting``: the enemy activating now (drawn highlighted)."""

    queue: deque = field(default_factory=deque)
    now: Any = None
    left: float = 0.0
    log: list[tuple[str, str]] = field(default_factory=list)
    rolls: list[Any] = field(default_factory=list)
    walks: dict[str, Walk] = field(default_factory=dict)
    banner: str = ""
    banner_path: list = field(default_factory=list)
    acting: str = ""
    intents: dict[str, dict] = field(default_factory=dict)
    speed: float = 1.0
    #: enemies removed by the action whose defeat is not shown yet: uid -> (colour, face, pos, life, max life, type)
    ghosts: dict[str, tuple] = field(default_factory=dict)
    #: the phase the events on screen belong to ("player" / "enemy"; "" before any): the top bar says it
    phase: str = ""

    def feed(self, events: list[Any], before: dict[str, tuple] | None = None) -> None:
        """Queue ``events`` (in the order the engine made them); ``before``: the enemies on the map
        before the action (uid -> colour, face, square, life, max life, type), so one defeated by it
        is still drawn until its defeat is shown."""
        events = [e for e in events if e.kind != "impossible"]
        self.queue.extend(events)
        for e in events:
            uid = (e.data or {}).get("enemy")
            if e.kind == "enemy_defeated" and before and uid in before:
                self.ghosts[uid] = before[uid]

    def queued(self, kind: str, uid: str) -> Any:
        """The first event of ``kind`` about figure ``uid`` still waiting to be shown, or None."""
        for e in self.queue:
            d = e.data or {}
            if e.kind == kind and uid in (d.get("enemy"), d.get("hero")):
                return e
        return None

    def drawn_at(self, uid: str, pos: tuple[int, int]) -> tuple[float, float] | None:
        """Where figure ``uid`` (now on ``pos`` in the state) is drawn: along its walk, at the start of
        a walk not shown yet, or None while its placing is not shown yet (it is not drawn)."""
        if uid in self.walks:
            return self.walks[uid].at()
        if self.queued("enemy_placed", uid) is not None:
            return None
        for kind in ("enemy_move", "move"):
            e = self.queued(kind, uid)
            if e is not None and e.data.get("frm") is not None:
                return tuple(e.data["frm"])
        return tuple(pos)

    @property
    def busy(self) -> bool:
        """Something is still being shown (the game waits for it before its next step)."""
        return self.now is not None or bool(self.queue) or bool(self.walks)

    def tick(self, dt: float, intent_text: Any) -> None:
        """Advance by ``dt`` seconds; ``intent_text(uid, intent) -> str`` words an enemy's intent."""
        for uid, w in list(self.walks.items()):
            w.t += dt * self.speed
            if w.t >= STEP_SECS * (len(w.path) - 1) + 0.05:
                del self.walks[uid]
        if self.now is not None:
            self.left -= dt * self.speed
            if self.left > 0:
                return
            self.now = None
        while self.queue and self.now is None:
            self.start(self.queue.popleft(), intent_text)

    def start(self, e: Any, intent_text: Any) -> None:
        """Put event ``e`` on screen: its log line, its walk, its roll, its banner."""
        d = e.data or {}
        if getattr(e, "msg", ""):
            self.log.append((e.kind, words(e)))
            del self.log[:-200]
        secs = PACE.get(e.kind, OTHER)
        if e.kind in ("move", "enemy_move") and d.get("path"):
            uid = d.get("hero") or d.get("enemy")
            path = [tuple(d["frm"])] + [tuple(q) for q in d["path"]]
            self.walks[uid] = Walk(uid, path)
            secs = STEP_SECS * (len(path) - 1)
        if e.kind in ROLLS:
            if e.kind in ("attack_roll", "skill", "treasure") or not self.rolls:
                self.rolls = []
            self.rolls.append(e)
        if e.kind == "enemy_defeated":
            self.ghosts.pop(d.get("enemy", ""), None)
        if e.kind in ("enemy_turn", "turn", "round"):
            self.phase = "enemy" if e.kind == "enemy_turn" else "player"
        if e.kind == "enemy_turn":
            uid = d.get("enemy", "")
            self.acting = uid
            it = self.intents.get(uid)
            self.banner = intent_text(uid, it) if it is not None else words(e)
            self.banner_path = list(it.get("path") or []) if it else []
        elif e.kind == "round":
            self.acting, self.banner, self.banner_path = "", words(e), []
        elif e.kind == "turn":
            self.acting, self.banner, self.banner_path = "", "", []
        self.now, self.left = e, secs

    def skip(self) -> None:
        """Show everything queued at once (a click while the enemies act; nothing is hidden: the
        log keeps every line)."""
        self.left = 0
        self.walks.clear()
        self.ghosts.clear()
        while self.queue:
            e = self.queue.popleft()
            if getattr(e, "msg", ""):
                self.log.append((e.kind, words(e)))
            if e.kind in ROLLS:
                if e.kind in ("attack_roll", "skill", "treasure") or not self.rolls:
                    self.rolls = []
                self.rolls.append(e)
        self.now = None


__all__ = ["PACE", "ROLLS", "Show", "Walk"]
