"""Short animations built from engine events: tokens slide (~0.2 s), spawns and kills flash,
attacks draw a strike line. They only change where things are drawn for a moment; the state
is already final and the log already holds every event, so nothing is hidden.

Time is passed in (``update(dt)``), never read from a clock, so tests drive it exactly.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine import Event
from ...engine import parse_edge_id
from ..kit import ModeKit
from ..words import Said

Key = tuple[str, str]  # ("c", character id) | ("e", enemy uid)

MOVE_S = 0.2  # a survivor's slide
ENEMY_MOVE_S = 0.32  # an enemy's slide: slow enough to follow each reacting enemy in turn
FLASH_S = 0.3
STRIKE_S = 0.45
CAPTION_S = 0.3
DIE_S = 0.8  # an encounter die face pops up in the board's corner (exploration, corpses)
BLAST_S = 0.4  # a barrel's blast: short, so the board is hidden only for a moment
BOSS_LINE_S = 0.45  # a behaviour-card line lights up before its events play (R-BOSS-12)
SWEEP_S = 0.5  # a sweep's arc from the boss (R-BOSS-14)
STORY_S = 0.1  # a narrative event: the dialog opens when this step is reached
MAX_TOTAL_S = 6.0  # a long reaction phase is sped up to fit (then scaled by the animation-speed setting)
ROLL_S = 0.45  # dice tumble this long before their faces settle (render.draw_rolls)
FLIP_S = 0.35  # a tension or behaviour card turns over
# issue 25 item 1, a watchable enemy phase: the reaction and tension phases play one beat at a time (each
# enemy's move and attack, each tension card), each beat held long enough to read (then scaled by the
# animation-speed setting; a click skips the rest)
BEAT_S = 1.1  # the pause that opens a beat: its caption says who acts and what it does
CARD_S = 2.2  # a tension card held face up with what it did
PACED_MAX_S = 40.0  # a very long enemy phase is still sped up to fit this
#: event kinds that open a beat of the enemy phase (an enemy acting, a tension card drawn)
BEAT_KINDS = frozenset({"enemy_move", "evade", "enemy_attack", "enemy_idle", "tension", "stalker", "lunge"})


@dataclass
class Step:
    kind: str  # move | spawn | killed | damage | heal | strike | explosion | fire | die | caption | story
    #          | boss_line | phase (a zero-length mark where a phase begins)
    dur: float
    key: Key | None = None
    frm: tuple[int, int] | None = None
    to: tuple[int, int] | None = None
    caption: str = ""
    data: dict | None = None  # die: face, label, tile, hazard
    boss: bool = False  # part of a behaviour card's resolution (R-BOSS-11)
    beat: int | None = None  # the enemy-phase beat it belongs to (paced batches, issue 25 item 1)


class Animator:
    """A queue of steps played one after another."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.kit = ModeKit()  # the mode's kit (game.ui.kit): the play scene gives its own
        self.t = 0.0
        self.caption_hold = 0.0
        self.last_caption = ""
        self.shown_line: tuple[str, int] | None = None  # (card, line) of the last behaviour line played
        self.seq_played = 0  # the highest event seq (boss.BossTracker) whose step has played
        self.trails: list[tuple[tuple[int, int], tuple[int, int]]] = []  # enemy moves shown in this batch
        self.roll_t = ROLL_S  # time since the newest dice were thrown (they tumble until ROLL_S)
        self.flip_t = FLIP_S  # time since the tension card on show changed (it turns over until FLIP_S)
        self.bflip_t = FLIP_S  # the same for the boss's behaviour card (boss.draw_boss_column)
        self.bflip_key: str | None = None  # the behaviour card last shown

    @property
    def rolling(self) -> float | None:
        """Progress 0..1 of the dice tumble, or None once the faces have settled."""
        return self.roll_t / ROLL_S if self.roll_t < ROLL_S else None

    @property
    def flipping(self) -> float | None:
        """Progress 0..1 of the card turning over, or None when it lies face up."""
        return self.flip_t / FLIP_S if self.flip_t < FLIP_S else None

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def finish(self) -> None:
        """Jump to the end (a click during an animation never waits)."""
        if self.steps:
            self.last_caption = self.steps[-1].caption or self.last_caption
        for st in self.steps:
            self._played(st)
        self.steps.clear()
        self.trails = []
        self.roll_t, self.flip_t, self.bflip_t = ROLL_S, FLIP_S, FLIP_S  # dice settled, cards face up
        self.t = 0.0

    def update(self, dt: float, hold_phase: bool = False) -> None:
        """Play ``dt`` seconds; with ``hold_phase`` the queue stops at a "phase" mark (a story card is open)."""
        self.roll_t += dt
        self.flip_t += dt
        self.bflip_t += dt
        self.t += dt
        while self.steps and self.t >= self.steps[0].dur:
            if hold_phase and self.steps[0].kind == "phase":
                self.t = 0.0
                break
            self.t -= self.steps[0].dur
            st = self.steps.pop(0)
            self._played(st)
            if st.caption:
                self.last_caption = st.caption
                self.caption_hold = 1.6
        if not self.steps:
            self.t = 0.0
            self.trails = []
            self.caption_hold = max(0.0, self.caption_hold - dt)

    def _played(self, st: Step) -> None:
        if st.kind == "move" and st.key and st.key[0] == "e" and st.frm and st.to:
            self.trails.append((st.frm, st.to))  # the path stays drawn until the batch ends
        if st.data and st.data.get("seq"):
            self.seq_played = max(self.seq_played, int(st.data["seq"]))
        if st.kind == "boss_line" and st.data:
            self.shown_line = (str(st.data.get("card")), int(st.data.get("line", 0)))

    def seq_now(self) -> int:
        """The highest event seq shown so far, counting the step playing now."""
        front = self.steps[0].data.get("seq", 0) if self.steps and self.steps[0].data else 0
        return max(self.seq_played, int(front or 0))

    @property
    def boss_turn(self) -> bool:
        """A behaviour card is still being played out on the board."""
        return any(s.boss for s in self.steps)

    def boss_line_now(self) -> tuple[str, int] | None:
        """(card, line) of the behaviour line lit now: the one playing, else the last one played."""
        if self.steps and self.steps[0].kind == "boss_line" and self.steps[0].data:
            d = self.steps[0].data
            return str(d.get("card")), int(d.get("line", 0))
        return self.shown_line

    @property
    def caption(self) -> str:
        if self.steps:
            for st in self.steps[:1]:
                if st.caption:
                    return st.caption
            return self.last_caption if self.caption_hold > 0 else ""
        return self.last_caption if self.caption_hold > 0 else ""

    # ---------------------------------------------------------------- building
    def beat_now(self) -> int | None:
        """The enemy-phase beat playing now or next (an index into the beats of :func:`beats_of`),
        or None when no beat is left to play."""
        return next((st.beat for st in self.steps if st.beat is not None), None)

    def add_events(self, events: list[Event], start_pos: dict[Key, tuple[int, int]],
                   tags: dict[int, dict] | None = None, beats: list[int] | None = None,
                   first_beat: int = 0) -> None:
        """Queue steps for ``events``; ``start_pos`` = where each model stood before them; ``tags``
        (event index -> extra) mark behaviour-card lines and sweep attacks (boss.BossTracker).
        ``beats`` (event index -> beat, or -1: no beat; :func:`beats_of`) paces an enemy phase:
        each beat opens with a pause (a tension card's is longer, the card held face up) and the
        batch is not squeezed into ``MAX_TOTAL_S`` (issue 25 item 1). ``first_beat``: beats below it
        opened in an earlier batch of the same phase (a tie settled between them)."""
        pos = dict(start_pos)
        new: list[Step] = []
        tags = tags or {}
        opened: set[int] = set(range(first_beat))
        paced = False

        def cap(e: Event) -> str:
            # (a Said: drawn in the language of the moment from its message id; its typed rule ID is drawn
            # beside it by the caption bar, never written into the sentence; issue 23)
            return Said(e.text, e.msg, e.params, e.rule)

        for i, e in enumerate(events):
            d = e.data
            k = e.kind
            tag = tags.get(i, {})
            b = beats[i] if beats is not None and i < len(beats) and beats[i] >= 0 else None
            if b is not None and b not in opened:  # a beat opens: its caption, held a moment
                opened.add(b)
                new.append(Step("card" if k == "tension" else "beat", CARD_S if k == "tension" else BEAT_S,
                                None, None, None, cap(e), beat=b))
            first = len(new)
            if k == "boss_line" and "boss_line" in tag:
                new.append(Step("boss_line", BOSS_LINE_S, None, None, None, cap(e),
                                {"card": tag.get("card"), "line": tag["boss_line"]}))
            elif k == "door" and e.rule == "R-STALK-5" and d.get("edge"):  # forced entry: the door bursts
                try:
                    a_, b_ = parse_edge_id(d["edge"])
                except (ValueError, TypeError):
                    a_ = b_ = None
                if a_ is not None:
                    new.append(Step("smash", FLASH_S * 1.5, None, tuple(a_), tuple(b_), cap(e)))
            elif k == "behaviour":  # the card is turned over (R-BOSS-11)
                new.append(Step("caption", BOSS_LINE_S, None, None, None, cap(e)))
            elif k == "narrative" and d.get("name"):
                new.append(Step("story", STORY_S, None, None, None, cap(e)))
            elif k == "phase":  # a phase begins: an open story card holds the board here (game.ui.narrative)
                new.append(Step("phase", 0.0, None, None, None, ""))
            elif k == "evade" and tag.get("sweep") and d.get("frm") is not None and d.get("to") is not None:
                new.append(Step("strike", SWEEP_S, None, tuple(d["frm"]), tuple(d["to"]), cap(e),
                                {"sweep": True, "range": tag.get("range", 1), "success": bool(d.get("success"))}))
            elif k == "evade" and d.get("enemy") and d.get("char") and d.get("frm") is None:  # e.g. Tremor
                p = pos.get(("c", d["char"]))
                if p is not None:
                    new.append(Step("quake", STRIKE_S, ("c", d["char"]), p, p, cap(e),
                                    {"success": bool(d.get("success"))}))
            elif k == "stun" and d.get("char") and pos.get(("c", d["char"])) is not None:
                p = pos[("c", d["char"])]
                new.append(Step("damage", FLASH_S, ("c", d["char"]), p, p, cap(e)))
            elif k == "enrage" and pos.get(("e", d.get("enemy", ""))) is not None:
                p = pos[("e", d["enemy"])]
                new.append(Step("enrage", FLASH_S * 2, ("e", d["enemy"]), p, p, cap(e)))
            elif k in ("move", "enemy_move", "push") and d.get("frm") is not None and d.get("to") is not None:
                key: Key = ("c", d["char"]) if d.get("char") else ("e", d.get("enemy", ""))
                frm, to = tuple(d["frm"]), tuple(d["to"])
                new.append(Step("move", ENEMY_MOVE_S if key[0] == "e" else MOVE_S, key, frm, to,
                                cap(e) if k != "move" else ""))
                pos[key] = to
            elif k == "spawn" and d.get("pos") is not None:
                key = ("e", d.get("enemy", ""))
                new.append(Step("spawn", FLASH_S, key, tuple(d["pos"]), tuple(d["pos"]), cap(e)))
                pos[key] = tuple(d["pos"])
            elif k == "explosion" and d.get("pos") is not None:
                new.append(Step("explosion", BLAST_S, None, tuple(d["pos"]), tuple(d["pos"]), cap(e)))
            elif k == "fire" and d.get("pos") is not None:
                new.append(Step("fire", FLASH_S, None, tuple(d["pos"]), tuple(d["pos"]), cap(e)))
            elif k == "explore" and d.get("roll") is not None and self.kit.explore_die(e):  # else a card, no die
                spawn = d.get("spawn") or []
                what = str(d.get("what", ""))
                label = (f"{what or len(spawn)} appear{'s' if len(spawn) == 1 else ''}" if spawn
                         else "nothing appears")
                new.append(Step("die", DIE_S, None, None, None, cap(e),
                                {"face": int(d["roll"]), "label": label, "tile": d.get("tile"), "hazard": False,
                                 "title": "Exploration", "event": e}))  # (worded when drawn: board.effects)
            elif k == "corpse" and d.get("roll") is not None:
                hz = bool(d.get("hazard"))
                new.append(Step("die", DIE_S, None, None, None, cap(e),
                                {"face": int(d["roll"]), "label": "hazard: the dead rise!" if hz else "nothing stirs",
                                 "hazard": hz, "title": "Corpse check", "event": e}))
            elif k == "killed" and d.get("pos") is not None:
                new.append(Step("killed", FLASH_S, ("e", d.get("enemy", "")), tuple(d["pos"]), tuple(d["pos"]), cap(e)))
            elif k in ("damage", "recover", "revive") and d.get("char"):
                key = ("c", d["char"])
                p = pos.get(key)
                if p is not None:
                    new.append(Step("damage" if k == "damage" else "heal", FLASH_S, key, p, p, cap(e),
                                    {"n": int(d.get("n") or 0)}))
            elif k == "wounded" and pos.get(("e", d.get("enemy", ""))) is not None:  # a hit: flash and '-n'
                p = pos[("e", d["enemy"])]
                new.append(Step("wound", FLASH_S, ("e", d["enemy"]), p, p, cap(e), {"n": int(d.get("n") or 0)}))
            elif k in ("evade", "enemy_attack") and d.get("frm") is not None and d.get("to") is not None:
                new.append(Step("strike", STRIKE_S, None, tuple(d["frm"]), tuple(d["to"]), cap(e)))
            elif k == "attack" and d.get("target_pos") is not None and d.get("char"):
                p = pos.get(("c", d["char"]))
                if p is not None:
                    new.append(Step("strike", STRIKE_S, None, p, tuple(d["target_pos"]), cap(e)))
            elif k in ("tension", "unresolvable", "reshuffle", "exit", "door", "barricade", "result",
                       "typewriter", "stash", "sustain", "sustain_end", "danger", "behaviour", "boss_idle",
                       "boss_special", "stalker", "shove", "peek", "gear", "narrative_result"):
                new.append(Step("caption", CAPTION_S, None, None, None, cap(e)))
            if tag.get("seq"):
                for st in new[first:]:
                    st.data = {**(st.data or {}), "seq": tag["seq"]}
            if b is not None:
                paced = True
                for st in new[first:]:
                    st.beat = b
        total = sum(s.dur for s in new) + sum(s.dur for s in self.steps)
        card = any(s.kind == "boss_line" for s in new)
        cap_s = MAX_TOTAL_S + (1.0 if card else 0.0)  # a boss card reads longer
        if paced:
            cap_s = PACED_MAX_S
        for s in new:
            s.boss = card
        if total > cap_s:
            # (the beats of an enemy phase still playing keep their pace: a short batch after them,
            # e.g. the first action of the next turn, is not allowed to squeeze them into a flash)
            squeeze = [s for s in new + self.steps if paced or s.beat is None]
            total = sum(s.dur for s in squeeze)
            if total > cap_s:
                k = cap_s / total
                for s in squeeze:
                    s.dur *= k
        self.steps.extend(new)

    # ---------------------------------------------------------------- queries for drawing
    def positions(self) -> dict[Key, tuple[float, float]]:
        """Fractional square positions of models whose moves are queued or playing."""
        out: dict[Key, tuple[float, float]] = {}
        for i, st in enumerate(self.steps):
            if st.kind != "move" or st.key is None or st.key in out:
                continue
            if i == 0:
                u = min(1.0, self.t / st.dur) if st.dur > 0 else 1.0
                u = u * u * (3 - 2 * u)  # smoothstep
                out[st.key] = (st.frm[0] + (st.to[0] - st.frm[0]) * u, st.frm[1] + (st.to[1] - st.frm[1]) * u)
            else:
                out[st.key] = (float(st.frm[0]), float(st.frm[1]))
        return out

    def waiting(self) -> dict[Key, tuple[int, int]]:
        """Squares of the models whose first queued move is not the one playing now: they stand on
        their square until their step comes, drawn with the other models there (in its slots, with
        its count), not at the square's centre on top of each other (two zombies sharing a square
        looked like one while a third moved: the recheck of issue 25)."""
        out: dict[Key, tuple[int, int]] = {}
        seen: set[Key] = set()
        for i, st in enumerate(self.steps):
            if st.kind != "move" or st.key is None or st.key in seen:
                continue
            seen.add(st.key)
            if i > 0 and st.frm is not None:
                out[st.key] = (int(st.frm[0]), int(st.frm[1]))
        return out

    def paths(self) -> list[tuple[tuple[float, float], tuple[float, float], float]]:
        """Enemy moves of this batch as (from, to, progress 0..1): those played (1.0) and the one
        playing now, so a player can follow where each reacting enemy went (drawn as arrows)."""
        out = [(a, b, 1.0) for a, b in self.trails]
        if self.steps and self.steps[0].kind == "move" and self.steps[0].key and self.steps[0].key[0] == "e":
            st = self.steps[0]
            out.append((st.frm, st.to, min(1.0, self.t / st.dur) if st.dur > 0 else 1.0))
        return out

    def hidden(self) -> set[Key]:
        """Enemies whose spawn has not been shown yet."""
        return {st.key for i, st in enumerate(self.steps) if st.kind == "spawn" and i > 0 and st.key}

    def effects(self) -> list[dict]:
        """The flash or strike line of the step playing now, with its progress t in 0..1."""
        if not self.steps:
            return []
        st = self.steps[0]
        if st.kind in ("spawn", "killed", "damage", "heal", "strike", "explosion", "fire", "die", "quake", "enrage",
                       "smash", "wound"):
            t = min(1.0, self.t / st.dur) if st.dur > 0 else 1.0
            return [{"kind": st.kind, "pos": st.frm, "to": st.to, "t": t, "data": st.data or {}}]
        return []


def beats_of(events: list[Event], start: tuple | None = None) -> list[int]:
    """Which beat of the enemy phase each event belongs to (issue 25 item 1), -1 for none: after
    the reaction phase begins (R-TURN-2), each enemy that acts (R-REACT) and each tension card
    drawn (R-TENSION-1) opens a beat; the events that follow (damage, a push, spawns of a card)
    belong to it, until the next turn begins. All -1 when the batch has no enemy phase.
    ``start``: :func:`beat_state` of the batch before, when the phase goes on in this one."""
    return beat_state(events, start)[0]


def beat_state(events: list[Event], start: tuple | None = None) -> tuple[list[int], tuple]:
    """(:func:`beats_of` ``events``, the state after them): the state is (phase open, last beat,
    who acts in it). An enemy phase stopped by a tie or an order decision the game or a person
    settles (R-REACT-8, R-DOC-5) goes on in the next batch, which has no R-TURN-2 of its own
    (issue 25 retest finding 1: such phases were not staged at all): pass this batch's state as
    the next one's ``start`` and its beats go on from here."""
    out = [-1] * len(events)
    on, n, who = start if start is not None else (False, -1, None)
    for i, e in enumerate(events):
        d = e.data or {}
        if e.kind == "phase" and e.rule == "R-TURN-2":
            on, n, who = True, -1, None
            continue
        if e.kind == "turn":
            on = False
            continue
        if not on:
            continue
        if e.kind in BEAT_KINDS:
            me = ("card", n + 1) if e.kind == "tension" else ("enemy", d.get("enemy"))
            if me != who:
                n += 1
                who = me
        if n >= 0:
            out[i] = n
    return out, (on, n, who)
