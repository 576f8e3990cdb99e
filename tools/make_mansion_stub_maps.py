"""Write the stub maps and briefs the mansion campaign plays until `manor`'s 13 real maps land.

    python -m tools.make_mansion_stub_maps   # writes maps/manor/stub/*.tmx and scenarios/manor/stub/*.yaml

Each card's stub is a short manor corridor: a green start room, an amber unexplored hall and a red
unexplored far room with the exit, holding the card's Item C tokens (assets/campaigns/mansion.yaml),
a corpse, an event-card token and the card's MDV-4 extras (E1B's and E2B's scenario event entries,
W2B's mission token). Courtyard and Laboratory 4 copy the practice boss arenas with the mansion
bosses. The Grand Hall copies the Introduction map. A real brief in scenarios/manor/ with the same
id always wins (the loader reads the stubs only for ids it lacks), so nothing here overwrites them.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from tools.make_campaign_maps import _obj as city_obj

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps" / "manor" / "stub"
BRIEFS = ROOT / "scenarios" / "manor" / "stub"

# card -> (brief id, name, tier, Item C tokens, Item B list, extras)
STUBS = {
    "W1A": ("m_w1a", "West Parlour", 1, 1, ["first_aid_spray", "handgun_ammo", "green_herb"], {}),
    "E1A": ("m_e1a", "East Dining Room", 1, 1, ["first_aid_spray", "shotgun", "shotgun_shells"], {}),
    "W2A": ("m_w2a", "West Gallery", 1, 1, ["first_aid_spray", "handgun_ammo", "red_herb"], {}),
    "E2A": ("m_e2a", "East Bedrooms", 1, 1, ["first_aid_spray", "green_herb", "handgun_ammo"], {}),
    "BSMT": ("m_bsmt", "Wine Cellar", 2, 1, ["first_aid_spray", "assault_rifle", "rifle_ammo"], {}),
    "W1B": ("m_w1b", "Music Room", 2, 1, ["first_aid_spray", "shotgun_shells", "green_herb"], {}),
    "E1B": ("m_e1b", "Armoury Hall", 2, 0, ["first_aid_spray", "grenade_launcher", "grenade_rounds"],
            {"fixed": ("survivor", {"name": "Behind the Armour Stand", "text": "A team-mate is wedged behind a toppled "
                                    "suit of armour, alive.", "effect": [{"op": "RESCUE"}]})}),
    "W2B": ("m_w2b", "Nursery Wing", 2, 0, ["first_aid_spray", "green_herb", "red_herb"], {"mission": True}),
    "E2B": ("m_e2b", "Master Suite", 2, 0, ["first_aid_spray", "magnum", "magnum_rounds"],
            {"fixed": ("radio", {"name": "The Suite's Radio", "text": "A voice on the team channel: one of yours is "
                                 "holed up in the attic, and has a job for the others.",
                                 "effect": [{"op": "RESCUE"}, {"op": "MISSION"}]})}),
    "GD": ("m_gd", "Guardhouse", 3, 1, ["first_aid_spray", "first_aid_spray", "shotgun_shells", "handgun_ammo"], {}),
}
BOSSES = {
    "CY": ("m_cy", "Courtyard", 3, "practice_burrower.tmx", "burrower", "great_serpent", [(0, 2)],
           ["first_aid_spray", "first_aid_spray", "shotgun_shells", "handgun_ammo"]),
    "LAB4": ("m_lab4", "Laboratory 4", 4, "practice_stalker.tmx", "stalker_two", "apex_prototype", [],
             ["first_aid_spray", "first_aid_spray", "magnum_rounds", "grenade_rounds", "handgun_ammo"]),
}
LENGTH = 12


def _obj(oid: int, kind: str, x: int, y: int, props: dict | None = None) -> str:
    return city_obj(oid, kind, x, y, props, templates="../../templates")


def _tile(oid: int, name: str, x0: int, w: int, colour: str | None) -> str:
    props = ""
    if colour:
        props = (f'>\n   <properties>\n    <property name="colour" type="string" propertytype="colour" value="{colour}"/>\n'
                 f'    <property name="unexplored" type="bool" value="true"/>\n   </properties>\n  </object>\n')
    return (f'  <object id="{oid}" template="../../templates/board_tile.tx" name="{name}" x="{x0 * 64}" y="0" '
            f'width="{w * 64}" height="128"' + (props if props else "/>\n"))


def corridor(card: str, name: str, c_tokens: int, extras: dict) -> str:
    """Three rooms two squares deep: start room (green), hall (amber), far room (red) with the exit."""
    a, b = 4, 8
    floor = ",\n".join(",".join(["1"] * a + ["2"] * (b - a) + ["3"] * (LENGTH - b)) for _ in range(2))
    objs = [_tile(1, "start_room", 0, a, None), _tile(2, "hall", a, b - a, "amber"),
            _tile(3, "far_room", b, LENGTH - b, "red"),
            f'  <object id="4" template="../../templates/door.tx" x="{a * 64}" y="32"/>\n',
            f'  <object id="5" template="../../templates/door.tx" x="{b * 64}" y="96"/>\n']
    oid = 6
    objs.append(_obj(oid, "start", 0, 0)); oid += 1
    objs.append(_obj(oid, "start", 0, 1, {"number": 2})); oid += 1
    objs.append(_obj(oid, "exit", LENGTH - 1, 1)); oid += 1
    for x, y in ((a + 2, 0), (b + 2, 0), (LENGTH - 1, 0)):
        objs.append(_obj(oid, "spawn", x, y)); oid += 1
    objs.append(_obj(oid, "item", 2, 0)); oid += 1
    objs.append(_obj(oid, "item", a + 1, 1, {"letter": "B"})); oid += 1
    objs.append(_obj(oid, "item", b + 1, 0, {"letter": "B"})); oid += 1
    for k in range(c_tokens):
        objs.append(_obj(oid, "item", [3, b - 1][k], 1, {"letter": "C"})); oid += 1
    objs.append(_obj(oid, "corpse", a + 2, 1)); oid += 1
    objs.append(_obj(oid, "narrative", a + 1, 0)); oid += 1
    objs.append(_obj(oid, "typewriter", 1, 0)); oid += 1
    objs.append(_obj(oid, "enemy", b + 2, 1)); oid += 1
    if "fixed" in extras:
        objs.append(_obj(oid, "fixed_narrative", 2, 1, {"label": extras["fixed"][0]})); oid += 1
    if extras.get("mission"):
        objs.append(_obj(oid, "mission", a + 3, 0)); oid += 1
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{LENGTH}" height="2" tilewidth="64" tileheight="64" infinite="0" '
            f'nextlayerid="3" nextobjectid="{oid}">\n <properties>\n  <property name="title" value="{name} (stub)"/>\n'
            f' </properties>\n <tileset firstgid="1" source="../../../assets/tiles/dreadboard.tsx"/>\n'
            f' <layer id="1" name="floor" width="{LENGTH}" height="2">\n  <data encoding="csv">\n{floor}\n</data>\n </layer>\n'
            f' <objectgroup id="2" name="rules">\n')
    return head + "".join(objs) + " </objectgroup>\n</map>\n"


def copied(src: str, title: str, swap: tuple[str, str] | None, c_squares: list) -> str:
    text = (ROOT / "maps" / src).read_text(encoding="utf-8")
    text = text.replace('source="../assets/', 'source="../../../assets/').replace('template="templates/',
                                                                                 'template="../../templates/')
    text = text.replace('<property name="title" value="', f'<property name="title" value="{title} (stub) - ', 1)
    if swap:
        text = text.replace(f'value="{swap[0]}"', f'value="{swap[1]}"')
    extra = "".join(_obj(900 + k, "item", x, y, {"letter": "C"}) for k, (x, y) in enumerate(c_squares))
    i = text.rindex(" </objectgroup>")
    return text[:i] + extra + text[i:]


def brief(bid: str, name: str, tier: int, item_b: list[str], boss: bool) -> dict:
    return {"id": bid, "name": f"{name} (stub map)", "map": f"maps/manor/stub/{bid}.tmx",
            "description": f"A stand-in for the {name} map until the real one is drawn.",
            "objective": "kill_boss" if boss else "all_exit",
            "objective_text": "Kill the creature." if boss else "Get everyone out through the far door.",
            "item_a_standard": True, "item_b": item_b, "tension_campaign": True, "tier": tier}


def write(bid: str, tmx: str, b: dict) -> None:
    (MAPS / f"{bid}.tmx").write_text(tmx, encoding="utf-8")
    (BRIEFS / f"{bid}.yaml").write_text("# Stub brief (tools/make_mansion_stub_maps.py); the real one in scenarios/manor/ "
                                        "wins.\n" + yaml.safe_dump(b, sort_keys=False, width=100), encoding="utf-8")


def main() -> int:
    MAPS.mkdir(parents=True, exist_ok=True)
    BRIEFS.mkdir(parents=True, exist_ok=True)
    for card, (bid, name, tier, c, item_b, extras) in STUBS.items():
        b = brief(bid, name, tier, item_b, False)
        if "fixed" in extras:
            b["fixed_events"] = {extras["fixed"][0]: extras["fixed"][1]}
        write(bid, corridor(card, name, c, extras), b)
    for card, (bid, name, tier, src, old, new, cs, item_b) in BOSSES.items():
        write(bid, copied(src, name, (old, new), cs), brief(bid, name, tier, item_b, True))
    gh = yaml.safe_load((ROOT / "scenarios" / "intro.yaml").read_text(encoding="utf-8"))
    gh.update({"id": "m_gh", "name": "The Grand Hall (stub map)", "map": "maps/manor/stub/m_gh.tmx",
               "description": "The helicopter is down and the only lights for miles are the manor's. Get everyone "
                              "across the Grand Hall and out the far door."})
    write("m_gh", copied("intro.tmx", "The Grand Hall", None, []), gh)
    print(f"wrote {len(STUBS) + len(BOSSES) + 1} stub maps and briefs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
