"""The city campaign's words and small pictures shared by its screens: district and state names,
the icons of a scenario's state, the danger track, inventory lines, a campaign action as a button
label, the slot folder, the seats and names a slot keeps."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...content.loader import load_content
from ...engine import Action, Event, is_message_id as is_id
from ...engine.campaign import CampaignState
from ...i18n import _, _f, N_
from .. import theme as T
from ..scene import Command, Push
from ..seats import clean_name, SeatsScene
from ..words import Said

if TYPE_CHECKING:
    from .session import CampaignSession
    from ..app import App


#: the end phase's "what changed, and why" lines a slot keeps (the last ones; CampaignSession.LINES_KEPT)
LINES_KEPT = 80
DISTRICTS = ["Downtown", "Uptown", "Commercial", "Precinct", "Clock Tower"]


DISTRICT_WORDS = {"Downtown": N_("DOWNTOWN"), "Uptown": N_("UPTOWN"), "Commercial": N_("COMMERCIAL"),
                  "Precinct": N_("PRECINCT"), "Clock Tower": N_("CLOCK TOWER")}


STATE_WORDS = {"open": N_("OPEN"), "locked": N_("LOCKED"), "completed": N_("COMPLETED"),
               "unreachable": N_("NOT YET REACHABLE")}


DISTRICT_NAMES = {"Downtown": N_("Downtown"), "Uptown": N_("Uptown"), "Commercial": N_("Commercial"),
                  "Precinct": N_("Precinct"), "Clock Tower": N_("Clock Tower")}


RESULT_WORDS = {"success": N_("success"), "failure": N_("failure")}


BAND_WORDS = {"low": N_("low"), "high": N_("high"), "extreme": N_("extreme")}  # pack.band (R-DANGER-3)


STATE_COLOURS = {"open": T.OK, "locked": T.WARN, "completed": T.GOLD, "unreachable": T.DIM}


SURVIVORS = ["vera", "mateo", "anton", "grigor"]


def end_line(e: Event) -> str:
    """An end-phase line as the "What changed, and why" panel keeps it: the English sentence, with its
    message id for the player's language (:class:`game.ui.words.Said`). R-END-S2's healing of a survivor
    already at the top of the dial is said by the engine itself (messages ``camp.already_full``,
    ``camp.recovers_full``), not rebuilt here."""
    return Said.of(e)


def seat_controllers(extra: dict) -> list[str] | None:
    """The seats' controllers kept in a slot's ``extra`` ("human" or "bot" each), or None."""
    ctrl = extra.get("controllers") if isinstance(extra, dict) else None
    if not isinstance(ctrl, list) or not ctrl:
        return None
    return ["bot" if c == "bot" else "human" for c in ctrl[:8]]


def saved_lines(extra: dict) -> list[tuple[str, str]]:
    """The end phase's (rule, text) lines a slot kept (:meth:`CampaignSession.slot_extra`); anything
    that is not a short list of pairs of strings is dropped (a save edited by hand)."""
    raw = extra.get("lines")
    if not isinstance(raw, list):
        return []
    out = []
    for item in raw[-LINES_KEPT:]:
        if isinstance(item, list) and len(item) in (2, 3) and all(isinstance(x, str) and len(x) <= 600 for x in item[:2]):
            said = item[2] if len(item) == 3 and isinstance(item[2], dict) else {}
            mid, params = said.get("msg"), said.get("params")
            ok = isinstance(mid, str) and is_id(mid) and isinstance(params, dict)
            out.append((item[0], Said(item[1], mid, params) if ok else item[1]))
    return out


def seat_names(extra: dict, n: int) -> list[str]:
    """The seats' player names kept in a slot's ``extra`` (cleaned; "" = "Player N"), ``n`` of them."""

    names = extra.get("names") if isinstance(extra, dict) else None
    names = [clean_name(x) for x in names[:8]] if isinstance(names, list) else []
    return (names + [""] * n)[:n]


def pack_content():

    return load_content()


def campaign_folder(app: "App") -> Path:
    """The campaign slots' folder: ``campaigns`` under the app's save folder (platformdirs by default)."""
    return Path(app.save_dir) / "campaigns"


def describe(cs: CampaignState, a: Action) -> str:
    """A campaign action as a button label."""
    ct, pack = cs.content, cs.pack_def

    def item(uid):
        return _(ct.items[cs.cards[uid].defn].name) if uid in cs.cards else str(uid)

    def path(card):  # a path card by the scenario it opens: 'Flip P-DT2' told a player nothing (issue 25)
        return _(pack.slot(pack.path_cards[card].opens).name) if card in pack.path_cards else str(card)

    def who(cid):
        return _(ct.characters[cid].name).split("・")[0].split()[0] if cid in ct.characters else str(cid)

    if a.kind == "done":
        return _("Done")
    if a.kind == "choose" and a.item:
        return _f("Flip {slot}: give up the {item}", slot=path(a.target), item=item(a.item))
    if a.kind == "choose":
        return _("The Introduction") if a.target == "intro" else _(pack.slot(a.target).name)
    if a.kind == "use" and a.item2:
        return _f("{who}: {item} → {item2}", who=who(a.target), item=item(a.item), item2=item(a.item2))
    if a.kind == "use":
        return _f("{item} on {who}", item=item(a.item), who=who(a.target))
    if a.kind == "mix":
        return _f("Mix {item} + {item2}", item=item(a.item), item2=item(a.item2))
    if a.kind == "give":
        return _f("Give {item} to {who}", item=item(a.item), who=who(a.target))
    if a.kind == "put":
        return _f("{who}: {item} → box", who=who(a.target), item=item(a.item))
    if a.kind == "take":
        return _f("{who} takes {item}", who=who(a.target), item=item(a.item))
    if a.kind == "pick":
        return _f("Play as {name}", name=who(a.target))
    return a.kind


def draw_check(surf, x, y, colour) -> None:
    pygame.draw.lines(surf, colour, False, [(x, y + 6), (x + 4, y + 10), (x + 12, y)], 3)


def draw_cross(surf, x, y, colour) -> None:
    pygame.draw.line(surf, colour, (x + 1, y + 1), (x + 11, y + 11), 3)
    pygame.draw.line(surf, colour, (x + 11, y + 1), (x + 1, y + 11), 3)


def draw_lock(surf, x, y, colour) -> None:
    pygame.draw.rect(surf, colour, (x, y + 5, 12, 9), border_radius=2)
    pygame.draw.arc(surf, colour, (x + 2, y - 1, 8, 12), 0, 3.15, 2)


def draw_open(surf, x, y, colour) -> None:
    pygame.draw.circle(surf, colour, (x + 6, y + 7), 6)


def draw_dashed(surf, x, y, colour) -> None:
    pygame.draw.circle(surf, colour, (x + 6, y + 7), 6, 1)


ICONS = {"open": draw_open, "locked": draw_lock, "completed": draw_check, "unreachable": draw_dashed}


def seats_first(session: "CampaignSession") -> Command:
    """The first frame of a new campaign's map: its "Seats and players" screen (issue 25 item 9)."""
    if getattr(session, "ask_seats", False):
        session.ask_seats = False
        # one survivor: no seat to share out (the third play-test 6: it opened by itself for one character)
        return Push(SeatsScene(session)) if len(session.seat_cids()) > 1 else None
    return None


def draw_danger(surf, cs: CampaignState, rect: pygame.Rect, label: str = N_("CITY DANGER")) -> None:
    """The city danger track 0..17 with its bands named (R-DANGER-3, DV-4) and the marker; the
    campaign's map passes its own ``label`` (M-DANGER-1)."""
    pack = cs.pack_def
    n = pack.danger_max + 1
    w = rect.width // n
    T.text(surf, _(label), (rect.left, rect.top - 28), 13, T.MUTED, bold=True)  # above the marker
    for name, lo, hi, col in T.DANGER_BANDS:
        br = pygame.Rect(rect.left + lo * w, rect.top, (hi - lo + 1) * w, rect.height)
        pygame.draw.rect(surf, T.shade(col, 0.35), br)
        pygame.draw.rect(surf, col, br, 1)
        T.text(surf, _(name), (br.centerx, br.bottom + 2), 12, col, bold=True, anchor="midtop")
    m = pygame.Rect(rect.left + cs.danger * w, rect.top, w, rect.height)
    pygame.draw.rect(surf, T.TEXT, m)  # the marker: a light square with a dark number (not colour alone)
    for i in range(n):
        cr = pygame.Rect(rect.left + i * w, rect.top, w, rect.height)
        pygame.draw.line(surf, (0, 0, 0), cr.topleft, cr.bottomleft)
        T.text(surf, str(i), cr.center, 12, T.TEXT if i != cs.danger else (0, 0, 0), bold=i == cs.danger,
               anchor="center")
    pygame.draw.rect(surf, T.GOLD, m, 2)
    pygame.draw.polygon(surf, T.TEXT, [(m.centerx, m.top - 2), (m.centerx - 6, m.top - 10), (m.centerx + 6, m.top - 10)])


def inventory_lines(cs: CampaignState) -> list[tuple[str, tuple]]:
    ct = cs.content
    out = []
    for c in cs.characters:
        cd = ct.characters[c.cid]
        health = _(T.HEALTH_LABELS.get(c.health, "?")) + (_(" (poisoned)") if c.poisoned else "")
        out.append((f"{_(cd.name)} - {health} - {len(c.inventory)}/{cd.inventory_limit + c.limit_bonus}", T.GOLD))
        for sl in c.inventory:
            names = []
            for u in sl:
                d = ct.items[cs.cards[u].defn]
                ammo = cs.cards[u].ammo
                names.append(_(d.name) + (f" [{ammo}/{d.weapon.capacity}]" if d.weapon and ammo is not None
                                       and d.weapon.capacity else ""))
            out.append(("   " + " + ".join(names), T.TEXT))
    box = [" + ".join(_(ct.items[cs.cards[u].defn].name) for u in sl) for sl in cs.item_box]
    out.append((_f("Item box {n}/{max}", n=len(cs.item_box), max=24 if cs.mode.solo else 8), T.GOLD))
    out += [("   " + b, T.TEXT) for b in box] or [("   " + _("(empty)"), T.DIM)]
    return out


STEP_NAMES = {"sustained": N_("Sustained effects end"), "poison": N_("Poison cured"), "overrun": N_("Overrun check"),
              "victory": N_("Victory check"), "unlock": N_("Unlock step"), "ammo": N_("Ammunition"),
              "heal": N_("Healing"), "scenario_items": N_("Scenario items discarded"),
              "item_a": N_("Item A discards back"), "spray": N_("First-Aid Spray"), "danger": N_("Danger rises"),
              "ribbons": N_("Ink ribbons discarded"), "tension": N_("Tension deck refreshed"),
              "completion": N_("Completion token"), "transfer": N_("Item box transfers"),
              "unlock2": N_("Second unlock step"), "choose": N_("Choose the next scenario"),
              "return": N_("Item B / C found go back"), "refill": N_("Ammo dials refilled"),
              "fine": N_("Everybody to Fine"), "reserve_heal": N_("Reserve wounds heal")}
