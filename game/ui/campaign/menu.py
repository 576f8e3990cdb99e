"""The campaign menu: a new campaign, the save slots (continue, rename, delete, a damaged save's
previous one)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame

from ...content.campaign_saves import (delete_campaign, good_previous, list_slots, read_campaign_doc, rename_campaign,
                                       restore_previous)
from ...content.errors import ContentError
from ...engine.campaign import standalone_scenario
from ... import i18n
from ...i18n import _, _f, N_
from .. import theme as T
from ..errortext import error_text
from ..modes import campaign_kinds
from ..ruleids import tagged
from ..scene import Command, left_click, PickScene, Pop, Push, Replace
from ..theme import fit
from ..widgets import button, panel, TextField, Zone
from .common import campaign_folder, DISTRICT_NAMES, pack_content, SURVIVORS
from .session import CampaignSession


class CampaignMenu(PickScene):
    """New campaign (party size, easy mode, a name the players type) and the campaign save slots
    (name, scenario, turn, danger, date; Rename; damaged ones with their reason; a finished
    campaign cannot be continued). Scenarios are shown by name, never by code.

    The list of saves, renaming and opening a save are the same for every campaign; another
    campaign's menu (another mode's, in its own package) sets the class attributes below and draws its
    own "new campaign" side (:meth:`draw_new`)."""

    SESSION = CampaignSession
    PACK_FILTER: str | None = None  # list only the saves of this pack (None: every campaign's)
    # saves of the campaigns with a menu of their own, not listed here (play4: the city list showed
    # another campaign's saves with card codes, "E2B · between scenarios"): None, every other campaign
    # kind's pack (game.ui.modes.campaign_kinds); a save of an unknown pack stays listed
    PACK_HIDE: tuple[str, ...] | None = None
    SAVED_TITLE = N_("Saved campaigns")

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the campaign slots, the fields typed and the pointer; nothing moves."""
        return self.plain_key(app)

    def hidden_packs(self) -> tuple[str, ...]:
        """The packs whose saves this menu leaves out: :attr:`PACK_HIDE`, or (None) the packs of the
        other campaign kinds the modes registered (they list their saves in their own menus)."""
        if self.PACK_HIDE is not None:
            return self.PACK_HIDE
        return tuple(k.pack for k in campaign_kinds() if k.pack != self.SESSION.PACK_ID)
    NO_SAVES = N_("No campaign saved yet.")
    SAVED_LINE = N_("{scenario} · turn {turn} · danger {d} · {when}")
    SAVED_LEFT = 480  # where the saves' panel starts
    MAX_ROWS = 12

    def __init__(self):
        super().__init__()
        self.players = 2
        self.chosen: list[str] = SURVIVORS[:2]  # the city's survivors in seat order (issue 25 item 9)
        self.easy = False
        self.message = ""
        self._slots: list | None = None
        self.first = 0  # the first saved campaign listed (more saves than rows: Newer / Older, the wheel)
        self.name_field = TextField(placeholder="")
        self.failed: dict[Path, ContentError] = {}  # saves that were listed as fine but did not open
        self.renaming: Path | None = None  # the save being renamed
        self.rename_field = TextField()
        self.row_focus: Path | None = None  # the save the keyboard is on (Up/Down; Enter continues, Delete deletes)

    def pack(self, app):
        if getattr(self, "_pack", None) is None:
            self._pack = self.SESSION.pack_and_content()[0]
        return self._pack

    def slots(self, app) -> list:
        """The saves this menu lists (a damaged one always, with its reason)."""
        if self._slots is None:
            def opens(q: Path) -> None:  # the previous save is offered only if it opens fully (issue 25 item 10)
                app.open_campaign(q)

            rows = []
            hide = self.hidden_packs()
            for info in list_slots(campaign_folder(app)):
                if (self.PACK_FILTER is not None or hide) and info.status != "damaged":
                    try:
                        pack = read_campaign_doc(info.path).get("pack")
                    except ContentError:
                        continue
                    if pack in hide or (self.PACK_FILTER is not None and pack != self.PACK_FILTER):
                        continue
                if info.status != "damaged" and info.path in self.failed:  # listed as fine, but it did not
                    err = self.failed[info.path]  # open (issue 29 item 4): its row says so from now on
                    info = dataclasses.replace(info, status="damaged", reason=str(err), error=err,
                                               prev=good_previous(info.path))
                if info.prev is not None:
                    info = dataclasses.replace(info, prev=good_previous(info.path, opens))
                rows.append(info)
            self._slots = rows
        return self._slots

    def scenario_name(self, app, sid) -> str:
        """A saved scenario id as its name ("Burning Streets"); an unknown id stays as it is."""
        if not sid:
            return _("none yet")
        if sid == "intro":
            return _("the Introduction")
        try:
            return _(self.pack(app).scenario_def(str(sid)).name)
        except (KeyError, ContentError):
            return str(sid)[:20]

    def default_name(self, app) -> str:
        """'Campaign N' in the language of the moment: the first number no saved campaign is called
        by in any language ("Campaign 1" takes 1 from "キャンペーン1" too: a Japanese default name
        restarted at 1 beside an English "Campaign 1", issue 25's third play-test 11)."""
        taken = {info.name for info in self.slots(app)}
        forms = {"Campaign {n}", _("Campaign {n}")}
        for lang in i18n.LANGUAGES:
            if lang != "en":
                forms.add(i18n.catalogue(lang).get("Campaign {n}", "Campaign {n}"))
        return next(_f("Campaign {n}", n=n) for n in range(1, 10_000)
                    if not any(f.format(n=n) in taken for f in forms))

    def handle(self, ev, app) -> Command:
        for field, done in ((self.name_field, None), (self.rename_field, "rename_ok")):
            if not field.active:
                continue
            what = field.handle(ev)
            if what == "submit":
                field.focus(False)
                return self.pick(done, None, app) if done else None
            if what == "cancel":
                field.focus(False)
                if done:
                    self.renaming = None
                return None
            if what is not None:
                return None
        if left_click(ev) and self.name_field.active:
            z = self.zones.at(ev.pos)
            if z is None or z.key != "name":
                self.name_field.focus(False)
        if ev.type == pygame.MOUSEWHEEL and any(z.key == "saves_from" for z in self.zones.items):
            self.first = max(0, self.first - 3 * ev.y)  # wheel up: newer saves; the draw keeps it in range
            return None
        return super().handle(ev, app)

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_ESCAPE:
            return Pop()
        if self.name_field.active or self.rename_field.active:
            return None
        # the saved list by keyboard: Up/Down choose a save, Enter continues it, Delete asks to delete it
        rows = self.slots(app)
        paths = [i.path for i in rows]
        if not paths:
            return None
        at = paths.index(self.row_focus) if self.row_focus in paths else -1
        if ev.key in (pygame.K_DOWN, pygame.K_UP):
            at = min(len(paths) - 1, at + 1) if ev.key == pygame.K_DOWN else max(0, at - 1)
            self.row_focus = paths[at]
            per = self.MAX_ROWS - 1  # keep the chosen save in the rows shown (more saves than rows: Newer / Older)
            if len(paths) > self.MAX_ROWS:
                self.first = at if at < self.first else max(self.first, at - per + 1)
        elif at >= 0 and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and rows[at].status != "damaged":
            return self.pick("load", paths[at], app)
        elif at >= 0 and ev.key == pygame.K_DELETE:
            return self.pick("delete", paths[at], app)
        return None

    def delete_slot(self, app, info) -> None:
        """Delete the campaign save ``info`` (its file and the previous save kept beside it); the list
        is read again, the other slots are not touched. A failure is said on the menu."""

        paths = [i.path for i in self.slots(app)]
        try:
            delete_campaign(info.path)
        except (OSError, ValueError) as ex:
            self.message = _f("Could not delete {name}: {why}", name=info.name, why=getattr(ex, "strerror", None) or ex)
            return
        self.message = _f("Deleted {name}.", name=info.name)
        if self.row_focus == info.path:  # the keyboard goes on to the next save
            at = paths.index(info.path)
            rest = paths[:at] + paths[at + 1:]
            self.row_focus = rest[min(at, len(rest) - 1)] if rest else None
        self._slots = None

    def pick(self, key, value, app) -> Command:
        self.message = ""
        if key == "who":  # a survivor in or out of the party, in the order chosen (seat order)
            self.message = ""
            if value in self.chosen:
                self.chosen.remove(value)
            elif len(self.chosen) < 4:
                self.chosen.append(value)
            self.players = max(1, len(self.chosen))
            return None
        if key == "players":
            self.players = value
            self.chosen = SURVIVORS[:value]
        elif key == "easy":
            self.easy = not self.easy
        elif key == "name":
            self.renaming = None
            self.rename_field.focus(False)
            self.name_field.focus(True)
        elif key == "rename":
            self.renaming = value
            info = next((i for i in self.slots(app) if i.path == value), None)
            self.rename_field = TextField(info.name if info else "")
            self.rename_field.focus(True)
        elif key == "rename_field":
            self.rename_field.focus(True)
        elif key == "rename_ok" and self.renaming is not None:

            try:
                rename_campaign(self.renaming, self.rename_field.text)
            except ValueError as ex:
                self.message = error_text(ex)
                return None
            except (ContentError, OSError) as ex:
                self.message = _f("Could not rename: {why}", why=ex)
            self.rename_field.focus(False)
            self.renaming = None
            self._slots = None
        elif key == "back":
            return Pop()
        elif key == "delete":  # asks first, naming the save (play4: a save could not be deleted at all)
            info = next((i for i in self.slots(app) if i.path == value), None)
            if info is not None:
                self.row_focus = info.path
                return Push(DeleteSaveDialog(self, info))
        elif key == "saves_from":  # the saved list's older / newer rows
            self.first = max(0, int(value))
        elif key == "new":
            self.name_field.focus(False)
            try:
                s = self.new_session(app)
            except ContentError as ex:
                self.message = error_text(ex)
                return None
            return None if s is None else Replace(s.next_scene(app))
        elif key == "load":
            try:
                s = app.open_campaign(value)
                return Replace(s.open_next(app))  # a save the rules cannot go on with is said, never a crash
            except ContentError as ex:
                self.message = error_text(ex)
                self.failed[value] = ex  # its row says so now, and offers the previous save if that opens
                self._slots = None
                return None
        elif key == "restore":  # issue 25 item 10: the previous save kept beside a damaged one

            info = next((i for i in self.slots(app) if i.path == value), None)
            try:
                restore_previous(value)
            except (ContentError, OSError) as ex:
                self.message = _f("Could not restore: {why}", why=error_text(ex) if isinstance(ex, ContentError) else ex)
                return None
            self.failed.pop(value, None)
            self._slots = None
            self.message = _f("Restored the previous save of {name}.", name=info.name if info else Path(value).stem)
        elif key == "stand":  # R-STAND: any scenario alone, easy and solo combine (R-EASY-7, R-SOLO-8)
            return self.standalone(app, value)
        return None

    def new_session(self, app) -> CampaignSession | None:
        """The new campaign the players set up (None, with a message, if it cannot start yet).
        Raises ContentError."""
        if not self.chosen:
            self.message = _("Choose at least one survivor.")
            return None
        s = self.SESSION.new(app, list(self.chosen), easy=self.easy, seed=app.seed,
                             name=self.name_field.text or self.default_name(app))
        s.ask_seats = True  # the map opens on "Seats and players": names, person or bot (issue 25 item 9)
        return s

    def standalone(self, app, sid: str) -> Command:

        try:
            scn = standalone_scenario(self.pack(app), self.SESSION.scenario_of(self.pack(app), sid))
        except ContentError as ex:
            self.message = error_text(ex)
            return None
        if self.easy:  # (replace keeps the pack it was set up from: the save names it, issue 29 item 2)
            scn = dataclasses.replace(scn, brief=scn.brief.model_copy(update={"easy": True}))
        party = app.default_party(self.players)
        cli_map, app.map_path = app.map_path, None  # played on the pack's own map, not a --map override
        try:
            return Replace(app.start_game(party, ["human"] * len(party), scenario=scn))
        finally:
            app.map_path = cli_map

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        self.draw_new(surf, app)
        self.draw_saved(surf, app, pygame.Rect(self.SAVED_LEFT, 110, T.W - self.SAVED_LEFT - 40, T.H - 200))
        button(surf, self.zones, pygame.Rect(40, T.H - 70, 160, 44), _("Back"), "back", hover=self.mouse, size=17)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(220, T.H - 70, T.W - 260, 44), 14, T.BAD, max_lines=2)

    def draw_new(self, surf, app) -> None:
        """The menu's title and its "new campaign" side: the city's party size, easy mode, name
        and the standalone scenarios."""
        T.text(surf, _("THE CITY CAMPAIGN"), (40, 30), 30, T.ACCENT_HI, bold=True)
        T.text(surf, _("From the first streets to the Clock Tower: what you carry, you keep."), (42, 72), 16, T.MUTED)
        r = panel(surf, pygame.Rect(40, 110, 420, 262), _("New campaign"))
        # the survivors, chosen in seat order like another campaign's characters (issue 25 item 9: two were
        # assigned and no name asked); names, person or bot follow on the map's "Seats and players"
        try:
            ct = pack_content()
        except ContentError:
            ct = None
        cw = (r.width - 3 * 6) // 4
        for i, cid in enumerate(SURVIVORS):
            cr = pygame.Rect(r.left + i * (cw + 6), r.top, cw, 62)
            sel = cid in self.chosen
            pygame.draw.rect(surf, T.PANEL_HI if sel else (32, 28, 34), cr, border_radius=8)
            pygame.draw.rect(surf, T.GOLD if sel else (90, 80, 86), cr, 3 if sel else 1, border_radius=8)
            d = ct.characters.get(cid) if ct is not None else None
            app.art.portrait(surf, cid, (cr.left + 22, cr.top + 22), 16, tuple(d.colour) if d is not None else None)
            first = (_(d.name) if d is not None else cid).split("・")[0].split()[0]
            room = cr.right - 3 - (cr.left + 40)  # inside its tile ("グリゴール" ran past it: retest finding 9)
            size = next((z for z in (13, 12, 11) if T.font_for(first, z, True).size(first)[0] <= room), 11)
            T.text(surf, fit(first, size, room, bold=True), (cr.left + 40, cr.top + 8 + (13 - size)), size, T.TEXT,
                   bold=True)
            if sel:
                T.text(surf, _f("player {n}", n=self.chosen.index(cid) + 1), (cr.left + 6, cr.bottom - 20), 12, T.GOLD,
                       bold=True)
            else:
                T.text(surf, _("not playing"), (cr.left + 6, cr.bottom - 20), 12, T.DIM)
            self.zones.add(Zone(cr, "who", cid))
        n = len(self.chosen)
        T.text(surf, tagged(_("One survivor is solo mode."), "rules 21.2", None, "()") if n == 1 else
               _f("{n} survivors chosen, in seat order; names next, on the map.", n=n), (r.left, r.top + 68), 13, T.DIM)
        button(surf, self.zones, pygame.Rect(r.left, r.top + 88, 200, 32),
               _f("Easy mode: {v}", v=_("on") if self.easy else _("off")),
               "easy", hover=self.mouse, selected=self.easy, size=15)
        T.text(surf, _("Name"), (r.left, r.top + 136), 15, T.TEXT)
        self.name_field.placeholder = self.default_name(app)
        self.name_field.draw(surf, self.zones, pygame.Rect(r.left + 100, r.top + 128, r.width - 100, 34), "name")
        button(surf, self.zones, pygame.Rect(r.left, r.bottom - 50, 240, 46), _("Begin the campaign"), "new",
               hover=self.mouse, primary=bool(self.chosen), enabled=bool(self.chosen), size=18)
        st = panel(surf, pygame.Rect(40, 384, 420, T.H - 474), _("Standalone: one scenario on its own"))
        T.text_block(surf, tagged(_("The tier's gear and danger start, no campaign to lose."), "rules 21.3", None, "()"),
                     pygame.Rect(st.left, st.top, st.width, 20), 12, T.DIM, max_lines=1)
        try:
            slots = self.pack(app).scenarios
        except ContentError as ex:
            slots = []
            self.message = error_text(ex)
        half = (len(slots) + 1) // 2
        bw = (st.width - 6) // 2
        for i, sl in enumerate(slots):  # by name, in the pack's order (districts, tiers)
            col, row = divmod(i, half)
            tier = _("finale") if sl.tier == 4 else _f("tier {n}", n=sl.tier)  # which is harder, at a glance (play3)
            button(surf, self.zones, pygame.Rect(st.left + col * (bw + 6), st.top + 22 + row * 27, bw, 24),
                   f"{_(sl.name)} · {tier}", "stand", sl.id, hover=self.mouse, size=13,
                   tip=_f("{district}, tier {n}", district=_(DISTRICT_NAMES.get(sl.district, sl.district)), n=sl.tier))

    def draw_saved(self, surf, app, rect: pygame.Rect) -> None:
        """The saved campaigns, newest first: name (Rename), where it stands, Continue or Open; a
        damaged save with its reason."""
        sr = panel(surf, rect, _(self.SAVED_TITLE))
        y = sr.top
        rows = self.slots(app)
        if not rows:
            T.text(surf, _(self.NO_SAVES), (sr.left, y), 15, T.DIM)
        shown = rows[:self.MAX_ROWS]
        if len(rows) > self.MAX_ROWS:
            # more saves than rows: older ones a click (or the wheel) away, never silently left out (play4)
            per = self.MAX_ROWS - 1
            self.first = max(0, min(self.first, len(rows) - per))
            shown = rows[self.first:self.first + per]
            by = sr.top + per * 46 + 4
            T.text(surf, _f("Saves {a}-{b} of {n}", a=self.first + 1, b=self.first + len(shown), n=len(rows)),
                   (sr.left, by + 8), 14, T.MUTED)
            button(surf, self.zones, pygame.Rect(sr.right - 224, by, 104, 32), _("Newer"), "saves_from",
                   max(0, self.first - per), hover=self.mouse, size=14, enabled=self.first > 0)
            button(surf, self.zones, pygame.Rect(sr.right - 110, by, 104, 32), _("Older"), "saves_from",
                   self.first + per, hover=self.mouse, size=14, enabled=self.first + per < len(rows))

        T.text(surf, _("Up/Down: choose · Enter: continue · Delete: delete"), (rect.right - 10, rect.top + 7), 12,
               T.DIM, anchor="topright")
        for info in shown:
            rr = pygame.Rect(sr.left, y, sr.width, 40)
            if info.path == self.row_focus:  # the save the keyboard is on
                pygame.draw.rect(surf, T.GOLD, rr.inflate(6, 4), 1, border_radius=4)
            # Delete, Rename and Continue/Open on the right; the words on the left stop short of them
            button(surf, self.zones, pygame.Rect(rr.right - (96 if info.status == "damaged" else 262), rr.top + 4, 74, 32),
                   _("Delete"), "delete", info.path, hover=self.mouse, size=13)
            if info.status == "damaged":
                words = rr.width - (104 if info.prev is None else 270)
                if info.prev is not None:  # issue 25 item 10: the last good copy, offered back
                    button(surf, self.zones, pygame.Rect(rr.right - 262, rr.top + 4, 158, 32), _("Restore previous"),
                           "restore", info.path, hover=self.mouse, size=13, primary=True)
                T.text(surf, fit(_f("{name}: damaged", name=info.name), 15, words, True), (rr.left, rr.top + 2),
                       15, T.BAD, bold=True)
                T.text_block(surf, error_text(info.error) if info.error else info.reason,
                             pygame.Rect(rr.left, rr.top + 20, words, 18), 12, T.MUTED, max_lines=1)
            else:
                words = rr.width - 270
                when = info.saved_at.replace("T", " ")[:16]
                if self.renaming == info.path:
                    self.rename_field.draw(surf, self.zones, pygame.Rect(rr.left, rr.top, words, 22),
                                           "rename_field", size=14)
                    button(surf, self.zones, pygame.Rect(rr.right - 184, rr.top + 4, 84, 32), _("OK"), "rename_ok",
                           hover=self.mouse, size=13, primary=True)
                else:
                    T.text(surf, fit(info.name, 15, words, True), (rr.left, rr.top + 2), 15, T.TEXT, bold=True)
                    button(surf, self.zones, pygame.Rect(rr.right - 184, rr.top + 4, 84, 32), _("Rename"), "rename",
                           info.path, hover=self.mouse, size=13)
                # between scenarios the row says what was last played, not "turn 0" of it (play3)
                row = _f(self.SAVED_LINE, scenario=self.scenario_name(app, info.scenario), turn=info.turn,
                         d=info.danger, when=when) if info.playing and info.scenario else \
                    _f("after {scenario} · between scenarios · danger {d} · {when}",
                       scenario=self.scenario_name(app, info.scenario), d=info.danger, when=when) if info.scenario else \
                    _f("nothing played yet · danger {d} · {when}", d=info.danger, when=when)  # not "none yet · turn 0"
                T.text(surf, fit(row + (" · " + _("finished") if info.status == "finished" else ""), 13, words),
                       (rr.left, rr.top + 23), 13, T.MUTED)
                button(surf, self.zones, pygame.Rect(rr.right - 96, rr.top + 4, 92, 32),
                       _("Open") if info.status == "finished" else _("Continue"), "load", info.path, hover=self.mouse, size=13)
            y += 46


class DeleteSaveDialog(PickScene):
    """'Delete this campaign save?' over the campaign menu, naming the save: Delete removes its file
    (and the previous save kept beside it), Keep it goes back. By keyboard: Left/Right or Tab move
    between the two, Enter presses the framed one (Keep it at first), Esc keeps the save."""

    overlay = True
    dim_alpha = 200

    def __init__(self, menu: "CampaignMenu", info) -> None:
        super().__init__()
        self.menu, self.info = menu, info
        self.focus = "no"

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the question and the pointer; nothing moves."""
        return self.plain_key(app)

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_ESCAPE:
            return Pop()
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            self.focus = "yes" if self.focus == "no" else "no"
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.pick(self.focus, None, app)
        return None

    def pick(self, key, value, app) -> Command:
        if key == "yes":
            self.menu.delete_slot(app, self.info)
            return Pop()
        return Pop() if key == "no" else None

    def draw(self, surf, app) -> None:
        self.zones.clear()
        r = pygame.Rect(0, 0, 640, 250)
        r.center = (T.W // 2, T.H // 2)
        inner = panel(surf, r, None, fill=(24, 20, 24), edge=T.BAD)
        pygame.draw.rect(surf, T.BAD, r, 2, border_radius=8)
        T.text(surf, _("Delete this campaign save?"), (r.centerx, r.top + 22), 22, T.TEXT, bold=True, anchor="midtop")

        T.text(surf, fit(_f("“{name}”", name=self.info.name), 20, inner.width, True), (r.centerx, r.top + 62), 20,
               T.GOLD, bold=True, anchor="midtop")
        last_good = getattr(self.info, "prev", None) is not None  # issue 25 item 10: never without saying so
        T.text_block(surf, _("Its previous save still opens and is removed too: the last good copy of this campaign. "
                             "Restore previous keeps it.") if last_good else
                     _("It is removed from this computer together with its previous save. This cannot be "
                       "undone."), pygame.Rect(inner.left + 10, r.top + 100, inner.width - 20, 44), 15,
                     T.BAD if last_good else T.MUTED, max_lines=2)
        for key, rect in (("yes", pygame.Rect(r.centerx - 230, r.bottom - 74, 210, 44)),
                          ("no", pygame.Rect(r.centerx + 20, r.bottom - 74, 210, 44))):
            if key == self.focus:  # the button Enter presses, framed (not told by colour alone)
                pygame.draw.rect(surf, T.GOLD, rect.inflate(10, 10), 2, border_radius=8)
            button(surf, self.zones, rect, _("Delete") if key == "yes" else _("Keep it"), key, hover=self.mouse,
                   danger=key == "yes", selected=key == self.focus, size=18)
        T.text(surf, _("Left/Right: choose · Enter: press the framed button · Esc: keep it"), (r.centerx, r.bottom - 10),
               12, T.DIM, anchor="midbottom")
