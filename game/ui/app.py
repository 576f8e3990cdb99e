"""The application: one render loop on the logical 1280x720 screen (shown in the window at its
real size by game.ui.window, text redrawn sharp) and a scene stack changed only by the commands
scenes return, applied in one place (:meth:`App.apply`).

``App.step(events, dt)`` processes exactly one frame (input, update of the top scene, drawing),
so tests drive the whole UI with posted events and no real clock.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from .. import i18n
from ..content.errors import ContentError
from ..content.saves import (SaveInfo, atomic_write_text, clean_stale_temps, inspect_slot, open_save, save_game,
                             slot_key, user_data_dir)
from .numbers import numbering_of
from . import theme as T
from .art import Art
from .idle import SignalWake, at_rest, draw_if_changed, still_key, wait_event
from .memory import give_back
from .menus import MainMenu, PartySetup
from .ruleids import set_show_rule_ids
from .scene import Command, Pop, Push, Quit, Replace, Reset, Scene
from .settings_file import DEFAULTS, SETTINGS_NAME, Settings, menu_note, read_settings
from .widgets import dim
from .window import UI_SCALES, Presenter

if TYPE_CHECKING:  # the engine is imported when a game starts, not for the first menu frame (cold start)
    from ..engine import Scenario
    from ..engine.query import Game

MIN_WINDOW = (960, 540)  # the smallest window: 3/4 of the logical 1280x720 screen
SURVIVOR_ORDER = ["vera", "mateo", "anton", "grigor"]
SAVE_NAME = "save.json"
# the player's preferences: a typed model with every default and range (game/ui/settings_file.py)
DEFAULT_SETTINGS: dict = DEFAULTS


class App:
    """Scene stack + services the scenes share (art, scenario loading, saves)."""

    def __init__(self, screen: pygame.Surface | None = None, *, scenario_id: str = "intro",
                 map_path: str | None = None, seed: int | None = None, players: int = 1, bot: bool = False,
                 save_dir: str | os.PathLike | None = None,
                 scenario_factory: Callable[[str, str | None, bool], Scenario] | None = None,
                 bot_speed: float = 1.0):
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        self.window = screen is None
        self.presenter: Presenter | None = None
        self.art = Art()  # (one for the backdrop and every screen: the menu's picture is read once)
        if screen is None:
            ui_scale = self.load_settings_from(save_dir).get("ui_scale", 0.0)
            open_window(ui_scale)
            self.presenter = Presenter(pygame.Surface((T.W, T.H)).convert())
            self.presenter.backdrop = self.art.raw("menu_bg")  # the menu's backdrop fills a screen of another shape
            screen = self.presenter.frame
        self.screen = screen  # the logical 1280x720 screen every scene draws on
        self.scenario_id = scenario_id
        self.map_path = map_path
        self.seed = seed
        self.players = players
        self.save_dir = Path(save_dir) if save_dir else user_data_dir()
        self.scenario_factory = scenario_factory
        self.bot_speed = bot_speed
        self.running = True
        self.exit_code = 0
        self.settings_version = 0  # counts set_setting calls (a cached picture of the screens below a menu)
        self._below: tuple | None = None  # (what was below, its dimmed picture) under a still_below overlay
        self._scenario_cache: tuple[tuple[str, str | None], Scenario] | None = None
        self._slot_cache: tuple[tuple, SaveInfo] | None = None
        clean_stale_temps(self.save_dir)  # temp files of a game killed while saving
        self.settings: Settings
        self.settings, self.settings_notes = read_settings(self.save_dir)  # bad values: defaults, and notes
        set_show_rule_ids(self.settings.get("show_rule_ids", False))
        self.language_note = self.set_language(self.settings.get("language", "en"), save=False)
        T.apply_palette(self.settings.get("palette", "standard"))
        from .presenters.sound import Sound

        self.sound = Sound(self.settings)
        self.stack: list[Scene] = []
        if bot:
            try:
                self.stack.append(self.start_game(self.default_party(players), ["bot"] * players))
            except ContentError as ex:
                menu = MainMenu()
                from .errortext import error_text

                menu.message = error_text(ex)
                self.stack.append(menu)
        else:
            self.stack.append(MainMenu())
            # a damaged settings.json (defaults kept) or a language that cannot be shown
            self.stack[-1].message = menu_note(([self.language_note] if self.language_note else []) + self.settings_notes)
            if map_path:  # --map (Tiled's "Play this map" command): straight to choosing 1-4 survivors
                self.stack.append(PartySetup(self))
        self.stack[-1].enter(self)
        if self.window and self.settings.get("fullscreen"):
            self.settings["fullscreen"] = False
            self.toggle_fullscreen()

    # ------------------------------------------------------------------ settings
    def load_settings(self) -> Settings:
        """Player preferences (``settings.json`` next to the save); defaults for anything missing or bad."""
        return self.load_settings_from(self.save_dir)

    @staticmethod
    def load_settings_from(save_dir) -> Settings:
        """The settings file in ``save_dir`` (None: the user's data folder) as a validated
        :class:`~game.ui.settings_file.Settings`: defaults for anything missing or bad, numbers in
        their ranges, the UI scale only if it is one of ``window.UI_SCALES``."""
        return read_settings(Path(save_dir) if save_dir else user_data_dir())[0]

    def set_language(self, lang: str, save: bool = True) -> str:
        """Switch the language of every screen now (game.i18n). Returns '' or, when it cannot be
        switched (no Japanese font, a broken catalogue), the reason; the language then stays as it was."""
        try:
            i18n.set_language(lang)
        except (i18n.FontMissing, ValueError, OSError) as ex:
            return str(ex)
        if save:
            self.set_setting("language", lang)
        return ""

    def set_setting(self, key: str, value) -> None:
        """Change one preference and write the settings file (a write failure keeps it for this run)."""
        self.settings[key] = value  # validated by the model: a wrong value raises (a bug, not the player's)
        self.settings_version = getattr(self, "settings_version", 0) + 1
        if key == "show_rule_ids":
            set_show_rule_ids(value)
        if hasattr(self, "sound"):
            self.sound.apply_volumes()
        try:
            atomic_write_text(self.save_dir / SETTINGS_NAME, self.settings.to_json())
        except OSError:
            pass

    # ------------------------------------------------------------------ services
    def load_scenario(self, sid: str | None = None, map_path: str | None = None, fresh: bool = False) -> Scenario:
        """The scenario (brief + board + content). ``fresh`` re-reads every file from disk (F5)."""
        sid = sid or self.scenario_id
        map_path = map_path if map_path is not None else self.map_path
        if self.scenario_factory is not None:
            return self.scenario_factory(sid, map_path, fresh)
        key = (sid, str(map_path) if map_path else None)
        if not fresh and self._scenario_cache is not None and self._scenario_cache[0] == key:
            return self._scenario_cache[1]
        from ..content.loader import load_content, load_scenario

        scn = load_scenario(sid, load_content(), map_path=map_path)
        self._scenario_cache = (key, scn)
        return scn

    def scenario_briefs(self) -> list:
        """Every scenario brief in the content (the Introduction first), for the scenario picker.

        Raises ContentError if the scenario files cannot be read."""
        from ..content.loader import load_content

        briefs = list(load_content().scenarios.values())
        return sorted(briefs, key=lambda b: (not b.intro, b.tier, b.name))

    def default_party(self, n: int) -> list[tuple[str, int]]:
        """Survivors in seat order, start squares alternating 1, 2 (R-SCEN-5)."""
        n = max(1, min(4, n))
        from ..content.loader import party_for

        return party_for(self.load_scenario().content, n)  # raises ContentError if the content has too few

    def manual_switches(self) -> list[str]:
        """The automation switches turned off in the settings (issue 12): "dice" (roll at the table
        and enter the faces) and "tension" (draw from a physical tension deck and name the card)."""
        return [k for k in ("dice", "tension") if self.settings.get(f"manual_{k}")]

    def start_game(self, party: list[tuple[str, int]], controllers: list[str], seed: int | None = None,
                   scenario: Scenario | None = None, manual: list[str] | None = None,
                   names: list[str] | None = None) -> Scene:
        """A new game on the play screen; ``manual`` defaults to the settings' automation switches;
        ``names`` are the players' names per seat ("" = "Player N")."""
        from .play import PlayScene

        scn = scenario or self.load_scenario()
        if len(scn.board.start) < 2:
            party = [(cid, 1) for cid, _ in party]
        if seed is None:
            seed = self.seed if self.seed is not None else int.from_bytes(os.urandom(3), "little")
        from ..engine import new_game_events

        state, events = new_game_events(scn, party, seed, self.manual_switches() if manual is None else manual)
        return PlayScene(self, state, party, controllers, self.map_path, events=events, names=names)

    def start_tutorial(self) -> Scene:
        """The Introduction with Vera alone, a fixed seed and the tutorial's prompts (game.ui.tutorial).
        Raises ContentError if the Introduction cannot be loaded."""
        from .tutorial import TUTORIAL_PARTY, TUTORIAL_SEED, Tutorial

        scn = self.load_scenario("intro", "")
        play = self.start_game(list(TUTORIAL_PARTY), ["human"], seed=TUTORIAL_SEED, scenario=scn, manual=[])
        play.tutorial = Tutorial()
        return play

    def save_path(self) -> Path:
        return self.save_dir / SAVE_NAME

    def save(self, state: Game, party: list[tuple[str, int]], controllers: list[str] | None = None,
             map_path: str | None = None, names: list[str] | None = None) -> Path:
        """Write the save atomically (game.content.saves), stamped with the map's hash. The --map
        override, which seats are bots and the players' names travel in the save's ``extra`` so
        Continue restores them. Raises OSError."""
        p = self.save_path()
        extra = {"map": str(Path(map_path).resolve()) if map_path else None,  # absolute: Continue from anywhere
                 "controllers": list(controllers) if controllers else ["human"] * len(party)}
        if names and any(names):
            extra["names"] = list(names)[: len(party)]
        save_game(p, state, party, extra=extra, map_file=map_path or None)
        return p

    def save_info(self, wait: bool = True) -> SaveInfo:
        """What the save slot holds, fully checked (shape, meaning, map hash; cached by the files' mtime, size
        and inode); ``wait=False``: a save not checked yet is "checking" (issue 30 item 3: not on the first frame)."""
        key, c = slot_key(self.save_path()) + (self.map_path,), self._slot_cache
        if c is None or c[0] != key or (wait and c[1].status == "checking"):
            unread = not wait and any(k is not None for k in key[1:3])  # (checking: loads and replays the game)
            self._slot_cache = (key, SaveInfo("checking", self.save_path()) if unread else
                                inspect_slot(self.save_path(), self._save_scenario, trusted_map=self.map_path))
        return self._slot_cache[1]

    def _save_scenario(self, sid: str, map_path: str | None) -> Scenario:
        """The scenario a save names (its map override, or "" for the brief's own map)."""
        return self.load_scenario(sid, map_path or "")

    def continue_game(self) -> Scene:
        """The play scene for the saved game (the previous save when the last one is damaged),
        with its map override and bot seats. Raises ContentError (with the file) if it is bad."""
        from .play import PlayScene

        info = self.save_info()
        if info.status == "none":
            raise ContentError(str(self.save_path()), "", "there is no saved game", "start a new game")
        if info.status == "damaged":
            raise info.error or ContentError(str(self.save_path()), "", "the save is damaged", "start a new game")
        state, party, doc = open_save(info.path, self._save_scenario, trusted_map=self.map_path)
        ctrl = (list(doc.extra.controllers) + ["human"] * len(party))[: len(party)]
        self.scenario_id = doc.scenario
        return PlayScene(self, state, party, ctrl, doc.extra.map or "", names=list(doc.extra.names))

    # ------------------------------------------------------------------ the top scenes
    def main_menu(self) -> Scene:
        """The main menu ("Quit to menu", the results screen, a campaign's end): scenes below it ask
        here instead of importing it, so the import arrows point down (docs/architecture.md)."""
        return MainMenu()

    def party_setup(self) -> Scene:
        """Party set-up for a new game (the results screen's "Play again")."""
        return PartySetup(self)

    def open_campaign(self, path: Path) -> Any:
        """The session of a saved campaign of any kind (:func:`game.ui.campaigns.open_slot`).
        Raises ContentError naming the file."""
        from .campaigns import open_slot  # the engine: not for the first menu frame (cold start)

        return open_slot(self, path)

    # ------------------------------------------------------------------ the stack
    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def apply(self, cmd: Command) -> None:
        """The one place where the scene stack changes."""
        if cmd is None:
            return
        if isinstance(cmd, Push):
            self.stack.append(cmd.scene)
        elif isinstance(cmd, Pop):
            if len(self.stack) > 1:
                self.stack.pop()
            else:
                self.running = False
        elif isinstance(cmd, (Replace, Reset)):
            left, self.stack = self.stack[-1], [cmd.scene] if isinstance(cmd, Reset) else self.stack[:-1] + [cmd.scene]
            if isinstance(cmd, Reset) or left.holds_game:  # a game left (a scenario ended too)
                give_back()  # what the screens left held (a game, a campaign) goes back to the system
        elif isinstance(cmd, Quit):
            self.running = False
            self.exit_code = cmd.code
            return
        if not any(getattr(sc, "plays_ambient", False) for sc in self.stack):
            self.sound.stop_music()  # menus and the results screen are quiet
        self.top.enter(self)

    def step(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60) -> bool:
        """One frame: input to the top scene, update the top scene, draw. Returns ``running``."""
        with numbering_of(self.stack):  # enemies named with the play screen's numbers (game.ui.numbers)
            return self._frame(events, dt)

    def _frame(self, events: list[pygame.event.Event] | None, dt: float) -> bool:
        if events is None:
            events = self.poll()
        for ev in events:
            if ev.type == pygame.QUIT:
                self.running = False
                break
            if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1 and self.clickable(ev.pos):
                self.sound.play("click")
            if ev.type == pygame.KEYDOWN and (ev.key == pygame.K_F11 or (
                    ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and getattr(ev, "mod", 0) & pygame.KMOD_ALT)):
                self.toggle_fullscreen()
                continue
            self.apply(self.top.handle(ev, self))
            if not self.running:
                break
        self.sound.update(dt)
        if self.running:
            self.apply(self.top.update(dt, self))
        if self.running:
            draw_if_changed(self, events)  # a frame like the last draws nothing (game.ui.idle)
        return self.running

    frames_drawn, _drawn_key = 0, None  # frames drawn so far and the key of the last one (game.ui.idle)
    still_key = still_key  # what the picture depends on while nothing moves by itself (game.ui.idle)

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter: fullscreen on or off (kept in settings.json). The picture keeps its aspect
        (pygame.SCALED letterboxes); a display that cannot switch keeps the window and says so."""
        on = not self.settings.get("fullscreen", False)
        if self.window:
            try:  # a new display surface: the desktop's size (no mode change), or the window's size back;
                # the presenter scales the picture into whatever size the display has, aspect kept
                if on:
                    pygame.display.set_mode((0, 0), pygame.FULLSCREEN)  # checked under Xvfb + openbox
                else:
                    pygame.display.set_mode(window_size(desktop_size(), "", self.settings.get("ui_scale", 0.0)),
                                            pygame.RESIZABLE)
                    _window().position = pygame.WINDOWPOS_CENTERED
            except (pygame.error, AttributeError) as ex:
                if hasattr(self.top, "toast"):
                    self.top.toast(f"Fullscreen is not available here ({ex})")
                on = False
        self.set_setting("fullscreen", on)
        if self.presenter is not None:
            self.presenter.invalidate()  # a new display surface: draw it whole

    def set_ui_scale(self, value: float) -> None:
        """The UI scale setting (``window.UI_SCALES``): saved, and a window (not fullscreen) takes the
        new size at once."""
        value = value if value in UI_SCALES else 0.0
        self.set_setting("ui_scale", value)
        if self.window and not self.settings.get("fullscreen"):
            try:
                win = _window()
                win.size = window_size(desktop_size(), "", value)
                win.position = pygame.WINDOWPOS_CENTERED
            except (pygame.error, AttributeError):
                pass
        if self.presenter is not None:
            self.presenter.invalidate()

    def clickable(self, pos) -> bool:
        """True if ``pos`` is on a button or zone of the top scene (a UI click sound plays)."""
        top = self.top
        zones = [getattr(top, "zones", None), getattr(getattr(top, "view", None), "zones", None)]
        return any(z is not None and z.at(pos) is not None for z in zones)

    def draw(self) -> None:
        surf = self.screen
        display = pygame.display.get_surface() if self.presenter is not None else None
        if display is not None:
            self.presenter.begin(display.get_size())
        base = len(self.stack) - 1
        while base > 0 and self.stack[base].overlay:
            base -= 1
        top = self.stack[-1]
        still = getattr(top, "still_below", False)
        below = (tuple(map(id, self.stack[:-1])), getattr(self, "settings_version", 0), i18n.language())
        cached = getattr(self, "_below", None)
        if base < len(self.stack) - 1 and still and cached is not None and cached[0] == below:
            surf.blit(cached[1], (0, 0))  # the screens below a menu overlay, drawn and dimmed once
        else:
            self.stack[base].draw(surf, self)
            for sc in self.stack[base + 1:-1]:
                dim(surf, sc.dim_alpha)  # overlays draw the scene below dimmed
                sc.draw(surf, self)
            if base < len(self.stack) - 1:
                dim(surf, top.dim_alpha)
                self._below = (below, surf.copy()) if still else None
        if base < len(self.stack) - 1:
            top.draw(surf, self)
        shown = True
        if display is not None:
            shown = self.presenter.present(display)  # False: the frame is the one the window shows
        if self.window and shown:
            pygame.display.flip()

    def poll(self, first: pygame.event.Event | None = None) -> list[pygame.event.Event]:
        """The window's events (``first`` before the queued ones), in logical pixels; an exposed or
        resized window is drawn whole at the next frame."""
        events = ([first] if first is not None else []) + pygame.event.get()
        if self.presenter is not None:
            if any(ev.type in _REDRAW_EVENTS for ev in events):
                self.presenter.invalidate()
            self.presenter.resized(pygame.display.get_surface())  # mapped by the size now (issue 25)
            events = [self.presenter.event(ev) for ev in events]  # window pixels -> logical pixels
        return events

    def run(self) -> int:
        """The window's loop: 60 frames a second while anything moves; after ``IDLE_AFTER_S`` of the same
        picture and no input it sleeps until the next event, with no timeout when nothing will change
        without input (``game.ui.idle.at_rest``), else for at most ``IDLE_WAIT_MS`` (timers step; a
        screen at rest draws nothing: game.ui.idle). A SIGTERM/SIGINT (a logout, Ctrl+C) stops the game: the
        frame ends, what the autosave would save is saved (:meth:`save_on_stop`), exit code 128 +
        the signal's number (issue 29 item 8)."""
        clock = pygame.time.Clock()
        still = 0.0  # seconds the picture has not changed, with no input
        old = install_stop_handlers(self)
        wake = SignalWake()  # a stop signal ends a wait with no timeout too
        try:
            while self.running and self.stop_signal is None:
                if still >= IDLE_AFTER_S:  # at rest: until the next event; else timers step every IDLE_WAIT_MS
                    ev = wait_event(None if wake.active and at_rest(self) else IDLE_WAIT_MS)
                    events = self.poll(ev if ev.type != pygame.NOEVENT else None)
                    dt = min(clock.tick() / 1000.0, IDLE_WAIT_MS / 1000 + 0.05)  # timers keep real time
                else:
                    dt = min(clock.tick(60) / 1000.0, 0.1)
                    events = self.poll()
                if self.stop_signal is not None:
                    break
                self.step(events, dt)
                quiet = not events and self.presenter is not None and not self.presenter.changed
                still = still + dt if quiet else 0.0
        finally:
            wake.close()
            restore_handlers(old)
        if self.stop_signal is not None:
            self.save_on_stop()
            return 128 + self.stop_signal
        return self.exit_code

    #: the signal that asked the game to stop (SIGTERM, SIGINT), None while it runs
    stop_signal: int | None = None

    def request_stop(self, signum: int) -> None:
        """A stop signal arrived: the frame loop ends at its next check (no drawing, no waiting)."""
        self.stop_signal = signum
        self.running = False

    def save_on_stop(self) -> str:
        """Save what the autosave would have saved when the game is stopped from outside: a campaign
        on the stack writes its slot (with the game in progress when it is not over, as at the start
        of every turn, R-END-X2); a game outside a campaign has no autosave and its save slot is left
        as the player last saved it. Returns the slot written ('' if none); never raises."""
        session, gs = self.campaign_on_stack()
        if session is None:
            return ""
        try:
            from ..engine import View  # (the game's state is read through View: issue 23 item 3)

            session.autosave(gs if gs is not None and not View.of(gs).over else None)
        except Exception:  # (autosave reports write errors itself; a stop must never hang or crash)
            return ""
        return "" if session.save_error else str(session.slot)

    def campaign_on_stack(self) -> tuple[Any, Any]:
        """(the campaign session of the topmost campaign scene, the game it is playing or None), or
        (None, None) outside a campaign."""
        import sys

        campaign = sys.modules.get(__package__ + ".campaign.session")
        if campaign is None:  # never imported: no campaign is being played (and a stop imports nothing)
            return None, None
        CampaignSession = campaign.CampaignSession
        for sc in reversed(self.stack):
            for name in ("campaign", "s", "session"):
                session = getattr(sc, name, None)
                if isinstance(session, CampaignSession):
                    gs = getattr(sc, "state", None) if name == "campaign" else session.gs
                    return session, gs
        return None, None


IDLE_AFTER_S = 1.0  # the picture unchanged this long with no input: the loop waits for events
IDLE_WAIT_MS = 250  # ... or this long (timers: toasts, hover cards, the decision timer)
_REDRAW_EVENTS = (pygame.VIDEOEXPOSE, pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED,
                  pygame.WINDOWSIZECHANGED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWSHOWN)


def _window() -> "pygame.Window":
    """The display module's window as a pygame.Window (size, minimum size, fullscreen). pygame-ce
    warns that surface drawing should move to Window.get_surface; we only set window properties."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def desktop_size() -> tuple[int, int]:
    """The first desktop's size (1280x720 when it cannot be read)."""
    try:
        return tuple(pygame.display.get_desktop_sizes()[0])
    except (pygame.error, IndexError):
        return (T.W, T.H)


def open_window(ui_scale: float = 0.0) -> pygame.Surface:
    """The resizable window, sized by :func:`window_size` for ``ui_scale``; returns its surface
    (game.ui.window.Presenter shows the logical screen in it at its real size)."""
    pygame.display.set_caption("Dreadboard")
    try:
        icon = Art().raw("enemy_zombie")
        if icon is not None:
            pygame.display.set_icon(icon)
    except pygame.error:
        pass
    desktop = desktop_size()
    size = window_size(desktop, os.environ.get("DREADBOARD_WINDOW", ""), ui_scale)
    try:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error:
        return pygame.display.set_mode((T.W, T.H))
    try:  # below MIN_WINDOW the smallest text would no longer be readable
        win = _window()
        win.minimum_size = (min(MIN_WINDOW[0], desktop[0]), min(MIN_WINDOW[1], desktop[1]))
    except (pygame.error, AttributeError):
        pass
    return screen


def window_size(desktop: tuple[int, int], asked: str = "", ui_scale: float = 0.0) -> tuple[int, int]:
    """The window's size: ``asked`` ("WxH", the DREADBOARD_WINDOW variable) if given; with a UI
    scale (not 0) 1280x720 times it, made smaller (16:9 kept) where the desktop is smaller; on a large
    (high-DPI) desktop the largest whole multiple of the logical 1280x720 that fits in 90 % of it
    (2560x1440 on a 3840x2160 screen: every logical pixel becomes exactly 2x2, so text is not
    smeared and not tiny); else 1280x720 when it fits, else the largest 16:9 size that does (never
    below the minimum the desktop allows). The picture is scaled into it, aspect kept."""
    if asked:
        try:
            w, h = (int(v) for v in asked.lower().split("x"))
            return max(320, w), max(180, h)
        except ValueError:
            pass
    fit = min(desktop[0] * 0.9 / T.W, desktop[1] * 0.9 / T.H)
    if ui_scale:
        k = min(ui_scale, min(desktop[0] / T.W, desktop[1] / T.H))
    else:
        k = float(int(fit)) if fit >= 2 else min(1.0, fit)
    w, h = int(T.W * k), int(T.H * k)
    lo = (min(MIN_WINDOW[0], desktop[0]), min(MIN_WINDOW[1], desktop[1]))
    return max(w, lo[0]), max(h, lo[1])


def install_stop_handlers(app: "App") -> dict:
    """SIGTERM and SIGINT (and SIGHUP where it exists) make ``app`` stop at its next frame
    (:meth:`App.request_stop`) instead of SDL's quit event, which a scene could miss or the dummy
    video driver never deliver (issue 29 item 8). Only from the main thread; returns the handlers
    replaced, for :func:`restore_handlers`."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return {}
    old = {}
    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            old[sig] = signal.signal(sig, lambda signum, frame: app.request_stop(signum))
    return old


def restore_handlers(old: dict) -> None:
    """Put back the signal handlers :func:`install_stop_handlers` replaced."""
    import signal

    for sig, handler in old.items():
        signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


def run_app(scenario: str = "intro", map_path: str | None = None, seed: int | None = None, players: int = 1,
            bot: bool = False) -> int:
    """Open the window and run until the player quits. Returns the process exit code."""
    # Windows: real pixels (not stretched, blurred, on a high-DPI screen); pygame-ce's DPI-awareness hint
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # SIGTERM/SIGINT are the App's (install_stop_handlers)
    pygame.display.init()
    pygame.font.init()
    try:
        app = App(scenario_id=scenario, map_path=map_path, seed=seed, players=players, bot=bot)
        return app.run()
    finally:
        pygame.quit()

__all__ = ["App", "run_app", "user_data_dir"]
