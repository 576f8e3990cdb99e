"""Write the stub maps and briefs the city campaign plays until the 14 real maps exist.

    python -m tools.make_campaign_maps      # writes maps/city/*.tmx and scenarios/city/*.yaml

Each district scenario is a one-row street (12 squares, two board tiles, a door between them,
the exit at the far end) holding the scenario's Item C tokens and progression tokens (DV-19) on
the way, so every token is passed by whoever walks to the exit. DT3 and CT2 copy the practice
boss arenas and add DT3's two Item C tokens near the start. The outputs are committed; the
campaign pack (assets/campaigns/city.yaml) names the briefs and checks the token counts at load.
"""
from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]

# scenario id -> (name, tier, Item C tokens, progression labels, Item B list)
STUBS = {
    "DT1": ("Burning Streets", 1, 1, ["DT2"], ["first_aid_spray", "handgun_ammo", "green_herb"]),
    "UT1": ("Barricaded Avenue", 1, 2, ["UT2"], ["first_aid_spray", "shotgun", "shotgun_shells"]),
    "CM1": ("Shopping Arcade", 1, 1, ["CM2", "PR1"], ["first_aid_spray", "handgun_ammo", "red_herb"]),
    "DT2": ("Subway Concourse", 2, 1, ["DT3"], ["first_aid_spray", "assault_rifle", "rifle_ammo", "storeroom_key"]),
    "UT2": ("Gas Station", 2, 1, ["UT3"], ["first_aid_spray", "shotgun", "shotgun_shells", "valve_handle"]),
    "CM2": ("Newspaper Office", 2, 1, ["CM3"], ["first_aid_spray", "grenade_launcher", "grenade_rounds", "office_key"]),
    "PR1": ("Precinct Lobby", 2, 1, ["PR2"], ["first_aid_spray", "falcon50", "handgun_ammo", "security_card"]),
    "PR2": ("Precinct Archives", 3, 2, ["PR3", "CLOCK_TOWER_ROUTE"], ["first_aid_spray", "green_herb", "locker_key"]),
    "UT3": ("Hospital Annex", 3, 0, [], ["first_aid_spray", "first_aid_spray", "green_herb", "red_herb"]),
    "CM3": ("Sewer Depot", 3, 0, [], ["ranger_custom", "shotgun_shells", "first_aid_spray"]),
    "PR3": ("Precinct Garage", 3, 0, [], ["magnum", "magnum_rounds", "first_aid_spray"]),
    "CT1": ("Tower Approach", 4, 0, [], ["first_aid_spray", "grenade_rounds", "magnum_rounds", "winch_lever"]),
}
BOSSES = {
    "DT3": ("Cemetery Park", 3, "practice_burrower.tmx", [(0, 2), (2, 4)],
            ["first_aid_spray", "first_aid_spray", "shotgun_shells", "handgun_ammo"]),
    "CT2": ("The Clock Tower", 4, "practice_stalker.tmx", [],
            ["first_aid_spray", "first_aid_spray", "magnum_rounds", "grenade_rounds", "handgun_ammo"]),
}
LENGTH = 12
# DV-19: the optional scenarios carry the campaign's danger relief as fixed events
RELIEF = {
    "UT3": ("field_hospital", {"name": "Field Hospital", "text": "A ward with clean sheets and a working generator. "
            "Someone left the medicine cabinet open.", "effect": [{"op": "RECOVER", "n": 99, "who": "all"},
                                                                   {"op": "DANGER", "n": -2}]}),
    "CM3": ("pump_station", {"name": "Pump Station", "text": "You get the flood pumps running; the lower streets "
            "drain and the dead wade elsewhere.", "effect": [{"op": "DANGER", "n": -1}]}),
    "PR3": ("radio_room", {"name": "Radio Room", "text": "The precinct radio still reaches the National Guard. "
            "They promise to hold the bridges.", "effect": [{"op": "DANGER", "n": -2}]}),
}


def _obj(oid: int, kind: str, x: int, y: int, props: dict | None = None, templates: str = "../templates") -> str:
    """A Tiled object from template ``kind`` on square (x, y); ``templates``: the templates folder
    relative to the map (the manor's stubs sit one folder deeper)."""
    px, py = x * 64 + 32, y * 64 + 32
    body = ""
    if props:
        body = " <properties>\n" + "".join(
            f'   <property name="{k}" type="string" propertytype="{k}" value="{v}"/>\n' if k == "letter"
            else f'   <property name="{k}" value="{v}"/>\n' for k, v in props.items()) + "  </properties>\n  "
    return (f'  <object id="{oid}" template="{templates}/{kind}.tx" x="{px}" y="{py}"' +
            (f">\n  {body}</object>\n" if body else "/>\n"))


def street(sid: str, name: str, c_tokens: int, labels: list[str]) -> str:
    """A one-row street: start squares 0 and 1, tokens on the way, the exit at the end."""
    half = LENGTH // 2
    floor = ",".join(["1"] * half + ["2"] * half)
    objs = [
        f'  <object id="1" template="../templates/board_tile.tx" name="street" x="0" y="0" width="{half * 64}" height="64"/>\n',
        f'  <object id="2" template="../templates/board_tile.tx" name="far_block" x="{half * 64}" y="0" '
        f'width="{half * 64}" height="64">\n   <properties>\n    <property name="colour" type="string" '
        f'propertytype="colour" value="yellow"/>\n    <property name="unexplored" type="bool" value="true"/>\n'
        f'   </properties>\n  </object>\n',
        f'  <object id="3" template="../templates/door.tx" x="{half * 64}" y="32"/>\n',
    ]
    oid = 4
    objs.append(_obj(oid, "start", 0, 0)); oid += 1
    objs.append(_obj(oid, "start", 1, 0, {"number": 2})); oid += 1
    objs.append(_obj(oid, "exit", LENGTH - 1, 0)); oid += 1
    for x in (half, LENGTH - 4, LENGTH - 2):
        objs.append(_obj(oid, "spawn", x, 0)); oid += 1
    objs.append(_obj(oid, "item", 2, 0)); oid += 1  # an Item A token
    objs.append(_obj(oid, "item", half + 1, 0, {"letter": "B"})); oid += 1
    objs.append(_obj(oid, "item", half + 3, 0, {"letter": "B"})); oid += 1
    spots = [3, half - 1, half + 2, half + 4]
    for k in range(c_tokens):
        objs.append(_obj(oid, "item", spots[k], 0, {"letter": "C"})); oid += 1
    for k, label in enumerate(labels):
        objs.append(_obj(oid, "progression", [4, half + 5][k], 0, {"label": label})); oid += 1
    objs.append(_obj(oid, "enemy", half + 2, 0)); oid += 1
    if sid in RELIEF:
        objs.append(_obj(oid, "fixed_narrative", 5, 0, {"label": RELIEF[sid][0]})); oid += 1
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{LENGTH}" height="1" tilewidth="64" tileheight="64" infinite="0" '
            f'nextlayerid="3" nextobjectid="{oid}">\n <properties>\n  <property name="title" value="{name} (stub)"/>\n'
            f' </properties>\n <tileset firstgid="1" source="../../assets/tiles/dreadboard.tsx"/>\n'
            f' <layer id="1" name="floor" width="{LENGTH}" height="1">\n  <data encoding="csv">\n{floor}\n</data>\n </layer>\n'
            f' <objectgroup id="2" name="rules">\n')
    return head + "".join(objs) + " </objectgroup>\n</map>\n"


def boss_arena(src: str, name: str, c_squares: list[tuple[int, int]]) -> str:
    text = (ROOT / "maps" / src).read_text(encoding="utf-8")
    text = text.replace('source="../assets/', 'source="../../assets/').replace('template="templates/', 'template="../templates/')
    text = text.replace('<property name="title" value="', f'<property name="title" value="{name} (stub) - ', 1)
    extra = "".join(_obj(900 + k, "item", x, y, {"letter": "C"}) for k, (x, y) in enumerate(c_squares))
    i = text.rindex(" </objectgroup>")
    return text[:i] + extra + text[i:]


def brief(sid: str, name: str, tier: int, item_b: list[str], mapfile: str, boss: bool) -> dict:
    return {"id": f"city-{sid.lower()}", "name": f"{name} (stub map)", "map": f"maps/city/{mapfile}",
            "description": f"A stand-in for the {name} map until the real one is drawn: the street, its tokens "
                           "and the exit at the far end.",
            "objective": "kill_boss" if boss else "all_exit",
            "objective_text": "Kill the boss." if boss else "Get every survivor out through the exit at the end of the street.",
            "item_a_standard": True, "item_b": item_b, "tension_campaign": True, "tier": tier,
            "narrative_deck": True, "tension_reshuffle": tier == 1}


def authored(sid: str) -> bool:
    """A slot whose real map and brief exist (scenarios/<id>.yaml, issue 10) is never overwritten."""
    return (ROOT / "scenarios" / f"{sid.lower()}.yaml").is_file()


def main() -> int:
    for sid, (name, tier, c, labels, item_b) in STUBS.items():
        if authored(sid):
            continue
        (ROOT / "maps" / "city" / f"{sid.lower()}.tmx").write_text(street(sid, name, c, labels), encoding="utf-8")
        b = brief(sid, name, tier, item_b, f"{sid.lower()}.tmx", False)
        if sid in RELIEF:
            b["fixed_events"] = {RELIEF[sid][0]: RELIEF[sid][1]}
        (ROOT / "scenarios" / "city" / f"{sid.lower()}.yaml").write_text(
            "# Stub brief (tools/make_campaign_maps.py); replaced when the real map lands.\n" +
            yaml.safe_dump(b, sort_keys=False, width=100), encoding="utf-8")
    for sid, (name, tier, src, cs, item_b) in BOSSES.items():
        if authored(sid):
            continue
        (ROOT / "maps" / "city" / f"{sid.lower()}.tmx").write_text(boss_arena(src, name, cs), encoding="utf-8")
        b = brief(sid, name, tier, item_b, f"{sid.lower()}.tmx", True)
        (ROOT / "scenarios" / "city" / f"{sid.lower()}.yaml").write_text(
            "# Stub brief (tools/make_campaign_maps.py); replaced when the real map lands.\n" +
            yaml.safe_dump(b, sort_keys=False, width=100), encoding="utf-8")
    print(f"wrote {len(STUBS) + len(BOSSES)} stub maps and briefs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
