"""Events to dice rows: every die roll in a batch of events with its faces and what it meant
(DV-1, R-EVADE, R-ATK-4), in the player's language; a mode whose exploration draws a card instead
of rolling says so through its kit (``explore_die``)."""
from __future__ import annotations

from ...engine import Event
from ...engine.query import Game, View
from ...i18n import _, _f, language as i18n_language
from ...i18n.messages import render, value
from .. import theme as T
from ..modes import kit_for
from ..playui import Roll


#: the title of a die roll's row by the event's message id (issue 23: from its parameters, not its text)
ROLL_TITLES = {"evade.roll": "roll.attacks", "boss.tremor_ok": "roll.tremor", "boss.tremor_falls": "roll.tremor",
               "attack.roll": "roll.attack", "attack.rapid": "roll.attack_rapid", "attack.barrel": "roll.barrel"}


def say(mid: str, params: dict) -> str:
    """Message ``mid`` of the message catalogues with ``params``, in the current language."""
    return render(mid, params or {}, i18n_language())


def say_value(v) -> str:
    """One message parameter (a reference, a list, a nested message) in the current language."""
    return value(v, i18n_language())


def rolls_from_events(state: Game, events: list[Event]) -> list[Roll]:
    """Every die roll in ``events`` with faces and meaning (DV-1, R-EVADE, R-ATK-4)."""
    out: list[Roll] = []
    q = View(state)
    for e in events:
        d = e.data
        if e.kind == "evade":
            tier = int(d.get("tier", 1))
            ok = bool(d.get("success"))
            extra = int(d.get("extra", 0))
            why = (" " + (_f("(+{n} extra enemy)", n=extra) if extra == 1 else _f("(+{n} extra enemies)", n=extra))
                   if extra else "")
            mid = ROLL_TITLES.get(e.msg, "roll.attacks")
            out.append(Roll("evade", ["blue"] * len(d.get("faces", [])), list(d.get("faces", [])),
                            _f("{who}: evade roll", who=say(mid, e.params)),
                            _f("Tier {n}", n=tier) + f"{why}: {_(T.TIER_NEEDS.get(tier, ''))} — "
                            + (_("evaded!") if ok else _("hit.")), ok, e.rule,
                            _f("{who}: evade roll", who=say("short|" + mid, e.params))))
        elif e.kind == "reroll":
            ok = bool(d.get("success"))
            out.append(Roll("reroll", ["blue"] * len(d.get("faces", [])), list(d.get("faces", [])),
                            _("Quick Reflexes re-roll"), _("Evaded!") if ok else _("Still hit."), ok, e.rule))
        elif e.kind == "attack" and d.get("faces"):
            faces = list(d.get("faces", []))
            best = d.get("best", "BLANK")
            hit = bool(d.get("hit"))
            face = _(T.FACE_WORDS.get(best, best))
            meaning = _("no hit symbol — miss.")
            if hit:
                try:
                    w = q.item(d["weapon"]).weapon
                    row = {"HIT": w.hit, "HIT_PLUS": w.hit_plus, "CRIT": w.crit}[best]
                    bits = ([_f("{n} damage", n=row.damage)] if row.damage else []) + ([_("push")] if row.push else []) \
                        + ([_("burst")] if row.burst else [])
                    meaning = _f("best {face} → {what}.", face=face, what=" + ".join(bits) or _("no effect"))
                except (KeyError, AttributeError):
                    meaning = _f("best {face}.", face=face)
            ammo = d.get("ammo")
            if ammo is not None:
                meaning += " " + _f("Ammo left {n}.", n=ammo)
            mid = ROLL_TITLES.get(e.msg, "roll.attack")
            out.append(Roll("attack", list(d.get("dice", [])), faces, say(mid, e.params), meaning, hit, e.rule,
                            say("short|" + mid, e.params)))
        elif e.kind == "explore" and kit_for(state).explore_die(e):  # not when the mode draws a card instead
            tile = View.of(state).scenario.board.tiles.get(d.get("tile") or "")
            colour = tile.colour.value if tile is not None else "?"
            what = say_value(e.params.get("what", ""))
            got = (_f("{what} appears", what=what) if len(d.get("spawn") or []) == 1 else
                   _f("{what} appear", what=what)) if d.get("spawn") else _("nothing appears")
            out.append(Roll("explore", ["enc"], [str(d.get("roll", "?"))], say("roll.explores", e.params),
                            _f("{colour} table, {n}: {got}.", colour=_(colour).capitalize(), n=d.get("roll"), got=got),
                            None, e.rule, say("short|roll.explores", e.params)))
        elif e.kind == "corpse":
            hz = bool(d.get("hazard"))
            out.append(Roll("corpse", ["enc"], [str(d.get("roll", "?"))], _("Corpse check"),
                            _("Hazard — the dead rise!") if hz else _("No hazard — nothing stirs."), not hz, e.rule))
    return out
