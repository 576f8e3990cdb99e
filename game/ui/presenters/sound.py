"""Sound: engine events mapped to our synthesised effects (assets/sounds/*.wav, made by
tools/make_sounds.py), an ambient loop per district and one for boss fights, and the player's
volume settings (``sfx_volume``, ``music_volume`` 0..1 and ``mute`` in settings.json).

Every sound asked for is recorded in :attr:`Sound.played` (name, time) whether or not the
mixer could open, so tests running with ``SDL_AUDIODRIVER=dummy`` see what a player would hear.
Effects from one engine step are spread out in time (``GAP_S`` apart, scaled by the animation
speed) so an enemy phase is heard in the order it is shown, not as one burst.

Only this module maps event kinds and ids to sounds (STYLE: rules hold ids).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from ...paths import ASSETS
from ..modes import all_kits


def _warn(msg: str, *args: Any) -> None:
    """A warning in the log (logging imported only when there is something to say: cold start)."""
    import logging

    logging.getLogger(__name__).warning(msg, *args)


SOUNDS = ASSETS / "sounds"
FADE_IN_S = 0.8  # an ambient loop fades in over this long
GAP_S = 0.16  # between two effects of one engine step (at animation speed 1)
MAX_QUEUE = 24
VOICE_GAP_S = 6.0  # an enemy's moan as it moves, at most this often  # a huge step never queues more than this many effects

# weapon id -> shot sound (R-ATK-2); anything else with a weapon row sounds like a handgun
WEAPON_SOUNDS = {"knife": "knife", "handgun": "shot_handgun", "falcon50": "shot_handgun",
                 "magnum": "shot_magnum", "shotgun": "shot_shotgun", "ranger_custom": "shot_shotgun",
                 "assault_rifle": "shot_rifle", "grenade_launcher": "shot_grenade"}
# enemy type -> its voice (spawns, moves into sight); the Stalker's bands all roar
ENEMY_VOICES = {"zombie": "moan_zombie", "zombie_dog": "growl_dog", "crawler": "screech_crawler",
                "burrower": "roar_boss", "stalker_two": "roar_boss"}
# scenario id -> its district's ambient loop; boss fights use amb_boss
DISTRICT_LOOPS = {"intro": "amb_warehouse", "outskirts": "amb_outskirts"}
DEFAULT_LOOP = "amb_city"
BOSS_LOOP = "amb_boss"


# engine event kinds that make no sound of their own, and why (a test checks every other kind sounds)
SILENT_EVENTS: dict[str, str] = {
    "impossible": "a refusal is told on screen; the click sound already played",
    "setup": "the start of a game is heard as its ambient loop",
    "turn": "bookkeeping: the next survivor's first action is heard",
    "phase": "bookkeeping", "end_phase": "bookkeeping", "forfeit": "bookkeeping",
    "action_failed": "told on screen with the reason",
    "shaken": "its tension card already flipped with a sound",
    "wounded": "the attack's hit sound covers it",
    "react_group": "the enemies' own steps and attacks are heard",
    "enemy_idle": "an enemy that stays makes no noise",
    "tension_stop": "bookkeeping", "unresolvable": "the card flip was heard",
    "stir": "bookkeeping of the tension deck (told in the log)",
    "corpse_moved": "follows a push, which is heard", "sustain_end": "bookkeeping",
    "spawn_skip": "nothing appears", "narrative_result": "the narrative card flip was heard",
    "behaviour_end": "the behaviour card was heard", "boss_line": "each line's move or attack is heard",
    "boss_idle": "the boss does nothing", "marker": "bookkeeping of scenario markers",
    "discard_tokens": "bookkeeping", "stash_item": "the stash itself is heard once",
    "trade_item": "the finished trade is heard once", "trade": "the finished trade is heard (trade_done)", "oos": "the attack that follows is heard",
    "ribbon_exchange": "the typewriter sound covers it", "sustain": "its tension card flip was heard",
}


def enemy_voice(etype: str) -> str:
    if etype.startswith("stalker_one") or etype == "stalker":
        return "roar_stalker"
    return ENEMY_VOICES.get(etype, "moan_zombie")


def _enemy_type(state: Any, uid: str | None, fallback: str = "") -> str:
    for e in getattr(state, "enemies", []) or []:
        if e.uid == uid:
            return e.type
    return fallback or (uid or "").rstrip("0123456789_")


def _weapon_id(state: Any, item_uid: str | None) -> str:
    if not item_uid:
        return ""
    try:
        from ...engine.query import View

        return View.of(state).item(item_uid).id
    except (KeyError, AttributeError, TypeError):
        return str(item_uid).split("#")[0]


def sounds_for(state: Any, ev: Any) -> list[str]:
    """The effects one engine event makes, in order (may be empty). ``state`` is the state after
    the step (used to look up enemy types and weapon ids). A mode's own event kinds sound as its
    kit says (``ModeKit.event_sounds``)."""
    k, d = ev.kind, ev.data or {}
    if k == "attack":
        if d.get("enemy") is None and getattr(ev, "msg", "") == "attack.barrel":  # R-BARREL-1 (by message id)
            return [WEAPON_SOUNDS.get(_weapon_id(state, d.get("weapon")), "shot_handgun")]
        out = [WEAPON_SOUNDS.get(_weapon_id(state, d.get("weapon")), "shot_handgun"), "dice"]
        out.append("hit" if d.get("hit") else "miss")
        return out
    if k == "evade":
        return ["enemy_attack", "dice", "evade" if d.get("success") else "hurt"]
    if k == "enemy_attack":
        return ["enemy_attack"]
    if k == "damage":
        return ["hurt"]
    if k == "wounded":
        return []
    if k == "killed":
        return ["killed"]
    if k == "door":
        if ev.msg == "door.smashed":  # R-STALK-5: the stalker breaks the door (by message id, not words)
            return ["door_smash"]
        return ["door_open" if d.get("open") else "door_close"]
    if k == "barricade":
        return ["barricade"]
    if k == "spawn":
        return [enemy_voice(str(d.get("type", "")))]
    if k == "stalker":
        return ["roar_stalker"]
    if k == "enemy_move":
        return ["enemy_step"]
    if k == "move":
        return ["step"]
    if k in ("tension", "narrative"):
        return ["card_flip", "tension"] if k == "tension" else ["card_flip"]
    if k in ("draw", "discard", "reshuffle", "peek"):
        return ["card_draw"]
    if k == "danger":
        return ["danger"]
    if k == "behaviour":
        return ["card_flip", "behaviour"]
    if k in ("boss_special", "enrage", "shove"):
        return ["roar_boss"]
    if k in ("explosion",):
        return ["explosion"]
    if k == "fire":
        return ["fire"]
    if k in ("search", "take", "gear", "stash", "trade_done"):
        return ["pickup"]
    if k in ("use", "revive", "cure", "recover", "mix"):
        return ["heal"]
    if k == "reload":
        return ["reload"]
    if k == "explore":
        return ["explore", "dice"]
    if k == "corpse":
        return ["dice"]
    if k == "typewriter":
        return ["typewriter"]
    if k in ("unconscious", "death"):
        return ["heartbeat"]
    if k == "result":
        return ["win" if d.get("result") == "success" else "lose"]
    if k == "exit":  # a survivor leaves the play area (R-SCEN-6)
        return ["door_open", "step"]
    if k == "reroll":
        return ["dice"]
    if k in ("special", "lunge"):  # an enemy's special attack, a lunge
        return ["enemy_attack"]
    if k in ("poison", "stun"):
        return ["hurt"]
    if k == "push":
        return ["hit"]
    if k == "extinguish":
        return ["fire"]
    if k in ("scenario_action", "progression"):
        return ["pickup"]
    # a mode's own event kinds (each rule set's kinds are its own): as its kit says
    return next((list(kit.event_sounds[k]) for kit in all_kits() if k in kit.event_sounds), [])


def ambient_for(state: Any) -> str:
    """The loop for this scenario: boss fights get ``amb_boss``, others their district's loop."""
    if any(getattr(e, "type", "") in ("burrower", "stalker_two") for e in getattr(state, "enemies", []) or []):
        return BOSS_LOOP
    return DISTRICT_LOOPS.get(getattr(state, "scenario_id", ""), DEFAULT_LOOP)


class Sound:
    """The mixer, the loaded effects, the queue of effects waiting their turn, the ambient loop.

    ``settings`` is the app's settings dict (read each time, so a change takes effect at once).
    """

    def __init__(self, settings: dict | None = None, folder: Path = SOUNDS):
        self.settings = settings if settings is not None else {}
        self.folder = folder
        self.played: list[tuple[str, float]] = []  # every effect started (tests read it)
        self.music_log: list[str] = []  # every loop started
        self.queue: list[tuple[float, str]] = []  # (due time, name)
        self.time = 0.0
        self.music_name = ""
        self._cache: dict[str, Any] = {}
        self._music_channel: Any = None
        self._last_voice = -VOICE_GAP_S
        self._fade_t: float | None = None  # seconds into the loop's fade-in, None when done
        self.ok = self._init_mixer()

    def _init_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
            pygame.mixer.set_num_channels(16)
            pygame.mixer.set_reserved(1)
            self._music_channel = pygame.mixer.Channel(0)
            return True
        except pygame.error as ex:  # no audio device: the game plays on, silent, and says so once
            _warn("no sound: the audio device could not be opened (%s)", ex)
            return False

    # ------------------------------------------------------------------ volumes
    def _vol(self, key: str, default: float) -> float:
        if self.settings.get("mute", False):
            return 0.0
        v = self.settings.get(key, default)
        return max(0.0, min(1.0, float(v))) if isinstance(v, (int, float)) else default

    @property
    def sfx_volume(self) -> float:
        return self._vol("sfx_volume", 0.8)

    @property
    def music_volume(self) -> float:
        return self._vol("music_volume", 0.4)

    def apply_volumes(self) -> None:
        """Call after the settings change: the loop's volume follows at once (also while it fades in:
        the fade is ours, ``FADE_IN_S``, so a changed setting is never overridden by the mixer's fade)."""
        if self.ok and self._music_channel is not None:
            k = 1.0 if self._fade_t is None else min(1.0, self._fade_t / FADE_IN_S)
            self._music_channel.set_volume(self.music_volume * k)

    # ------------------------------------------------------------------ playing
    def _load(self, name: str) -> Any:
        if name in self._cache:
            return self._cache[name]
        snd = None
        p = self.folder / f"{name}.wav"
        if self.ok and p.is_file():
            try:
                snd = pygame.mixer.Sound(str(p))
            except pygame.error as ex:
                _warn("sound %s not loaded (%s)", p, ex)
        self._cache[name] = snd
        return snd

    def play(self, name: str) -> None:
        """Start one effect now (recorded even when silent or muted)."""
        self.played.append((name, round(self.time, 3)))
        vol = self.sfx_volume
        if vol <= 0:
            return
        snd = self._load(name)
        if snd is not None:
            snd.set_volume(vol)
            snd.play()

    def events(self, state: Any, events: list, speed: float = 1.0) -> list[str]:
        """Queue the effects of one engine step, spread ``GAP_S / speed`` apart; returns their names."""
        names: list[str] = []
        voiced = False
        for ev in events:
            got = sounds_for(state, ev)
            if ev.kind == "enemy_move" and not voiced and self.time - self._last_voice >= VOICE_GAP_S:
                voiced = True  # the first enemy to move moans or growls (not more often than VOICE_GAP_S)
                self._last_voice = self.time
                got = [enemy_voice(_enemy_type(state, (ev.data or {}).get("enemy")))] + got
            names += got
        # one step is heard, not a wall of sound: repeats of a card or a die in one burst merge
        dedup: list[str] = []
        for n in names:
            if dedup and dedup[-1] == n and n in ("dice", "card_draw", "step", "enemy_step"):
                continue
            dedup.append(n)
        if len(dedup) > MAX_QUEUE:  # a huge step: every different effect once, in order, before repeats
            firsts = [n for i, n in enumerate(dedup) if n not in dedup[:i]]
            rest = [n for i, n in enumerate(dedup) if n in dedup[:i]]
            dedup = (firsts + rest)[:MAX_QUEUE] if len(firsts) <= MAX_QUEUE else firsts[:MAX_QUEUE]
        gap = GAP_S / max(0.25, speed)
        last = max((t for t, _ in self.queue), default=None)
        t0 = self.time if last is None else max(self.time, last + gap)
        for i, n in enumerate(dedup[:MAX_QUEUE]):
            self.queue.append((t0 + i * gap, n))
        return dedup[:MAX_QUEUE]

    def busy(self) -> bool:
        """True while an effect is queued or the music is fading in (``update`` has work on a clock)."""
        return bool(self.queue) or self._fade_t is not None

    def update(self, dt: float) -> None:
        self.time += dt
        if self._fade_t is not None:
            self._fade_t += dt
            self.apply_volumes()
            if self._fade_t >= FADE_IN_S:
                self._fade_t = None
        due = [q for q in self.queue if q[0] <= self.time + 1e-9]
        if due:
            self.queue = [q for q in self.queue if q[0] > self.time + 1e-9]
            for _, n in due:
                self.play(n)

    def flush(self) -> None:
        """Play everything queued now (a skipped animation)."""
        q, self.queue = self.queue, []
        for _, n in q:
            self.play(n)

    def music(self, name: str) -> None:
        """Loop ``name`` on the music channel (no-op if already playing)."""
        if name == self.music_name:
            return
        self.music_name = name
        self.music_log.append(name)
        if not self.ok or self._music_channel is None:
            return
        snd = self._load(name)
        if snd is None:
            self._music_channel.stop()
            return
        self._fade_t = 0.0
        self.apply_volumes()  # silent now, up to the music volume over FADE_IN_S (update)
        self._music_channel.play(snd, loops=-1)

    def stop_music(self) -> None:
        self.music_name = ""
        if self.ok and self._music_channel is not None:
            self._music_channel.fadeout(400)
