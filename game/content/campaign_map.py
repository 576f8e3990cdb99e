"""The campaign's city map, a Tiled map in the campaign pack: ``assets/campaigns/<pack>.tmx``.

A picture layer (the city) and, in any object layer, one rectangle of type/class
``campaign_slot`` per scenario of the pack: its *name* is the scenario id, its ``district``
property the scenario's district, its rectangle where the scenario's card sits on the city map
screen (pixels of the picture). ``tools/make_city_map.py`` writes the shipped one; a campaign
author edits it in Tiled like any board (.tmx or .tmj).

``load_city_map(pack)`` checks it against the pack's scenario list and raises the first problem;
``check_city_map(pack)`` returns them all. Each problem names the file and the object.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ContentError, MapError, P_
from .loader import ROOT, rel
from .tiled import read_picture_map

CAMPAIGNS = ROOT / "assets" / "campaigns"
SLOT = "campaign_slot"


@dataclass(frozen=True)
class CityMap:
    """``picture``: the image file; ``size``: (width, height) px; ``slots``: scenario id ->
    (x, y, width, height) px of its card on the picture."""

    file: str
    picture: Path
    size: tuple[int, int]
    slots: dict[str, tuple[int, int, int, int]]


def map_path(pack) -> Path:
    """The city map of a pack: assets/campaigns/<pack id>.tmx, or .tmj when only that exists."""
    tmx = CAMPAIGNS / f"{pack.id}.tmx"
    tmj = CAMPAIGNS / f"{pack.id}.tmj"
    return tmj if (not tmx.exists() and tmj.exists()) else tmx


def check_city_map(pack, path: str | Path | None = None) -> tuple[CityMap | None, list[ContentError]]:
    """(the city map, []) or (None, every problem) for ``pack`` (a CampaignPack)."""
    p = Path(path) if path is not None else map_path(pack)
    f = rel(p)
    width, height, picture, objs, problems = read_picture_map(p)
    out: list[ContentError] = list(problems)
    if problems:
        return None, out
    if picture is None:
        out.append(MapError(f, "", P_("the city map has no picture layer"),
                            P_("add an image layer (Layer > New > Image Layer) with the city picture")))
    districts = {sl.id: sl.district for sl in pack.scenarios}
    slots: dict[str, tuple[int, int, int, int]] = {}
    obj_of: dict[str, int] = {}
    named: set[str] = set()  # scenario ids some object names (a broken one too): not reported missing
    for o in objs:
        where = P_("object {n} ({x})", n=o.id, x=P_("{what} '{x}'", what=P_(o.element) if o.element else P_("no class"),
                                                        x=o.name))
        named.add(o.name)
        if o.element != SLOT:
            out.append(MapError(f, where, P_("only {x} objects belong on the city map", x=SLOT),
                                P_("set its type/class to {x}, or delete it", x=SLOT)))
            continue
        if o.name not in districts:
            out.append(MapError(f, where, P_("'{x}' is no scenario of the campaign pack '{y}'", x=o.name, y=pack.id),
                                P_("name the rectangle after a scenario id: {names}", names=", ".join(districts))))
            continue
        if o.name in slots:
            out.append(MapError(f, where, P_("scenario {x} already has a card (object {y})", x=o.name, y=obj_of[o.name]),
                                P_("keep one campaign_slot per scenario")))
            continue
        district = o.properties.get("district")
        if district is None or district.value != districts[o.name]:
            got = district.value if district is not None else "not set"
            out.append(MapError(f, where, P_("its district is {x}; the pack puts {y} in {z}", x=repr(got), y=o.name,
                                             z=repr(districts[o.name])),
                                P_("set the 'district' property to the pack's district")))
            continue
        if o.shape != "rectangle" or o.rotation or o.width <= 0 or o.height <= 0:
            out.append(MapError(f, where, P_("a campaign_slot must be an unrotated rectangle"),
                                P_("draw it with the rectangle tool")))
            continue
        if o.x < 0 or o.y < 0 or o.x + o.width > width or o.y + o.height > height:
            out.append(MapError(f, where, P_("the card reaches outside the {w}x{h} px map", w=width, h=height),
                                P_("move it inside the picture")))
            continue
        box = (round(o.x), round(o.y), round(o.width), round(o.height))
        for other, ob in slots.items():
            if (box[0] < ob[0] + ob[2] and ob[0] < box[0] + box[2]
                    and box[1] < ob[1] + ob[3] and ob[1] < box[1] + box[3]):
                out.append(MapError(f, where, P_("the card of {x} overlaps the card of {y} (object {n})", x=o.name, y=other,
                                                 n=obj_of[other]), P_("move the rectangles apart")))
                break
        else:
            slots[o.name] = box
            obj_of[o.name] = o.id
    for sid in districts:
        if sid not in slots and sid not in named:
            out.append(MapError(f, "", P_("scenario {x} ({y}) has no card on the city map", x=sid, y=districts[sid]),
                                P_("add a rectangle of type {x} named {y}", x=SLOT, y=sid)))
    if out:
        return None, out
    assert picture is not None
    return CityMap(f, picture, (width, height), slots), []


def load_city_map(pack, path: str | Path | None = None) -> CityMap:
    """The pack's city map. Raises the first problem (a MapError naming the file and object)."""
    city, problems = check_city_map(pack, path)
    if problems:
        raise problems[0]
    assert city is not None
    return city
