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

from .errors import ContentError, MapError
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
        out.append(MapError(f, "", "the city map has no picture layer",
                            "add an image layer (Layer > New > Image Layer) with the city picture"))
    districts = {sl.id: sl.district for sl in pack.scenarios}
    slots: dict[str, tuple[int, int, int, int]] = {}
    obj_of: dict[str, int] = {}
    for o in objs:
        where = f"object {o.id} ({o.element or 'no class'} '{o.name}')"
        if o.element != SLOT:
            out.append(MapError(f, where, f"only {SLOT} objects belong on the city map",
                                f"set its type/class to {SLOT}, or delete it"))
            continue
        if o.name not in districts:
            out.append(MapError(f, where, f"'{o.name}' is no scenario of the campaign pack '{pack.id}'",
                                "name the rectangle after a scenario id: " + ", ".join(districts)))
            continue
        if o.name in slots:
            out.append(MapError(f, where, f"scenario {o.name} already has a card (object {obj_of[o.name]})",
                                "keep one campaign_slot per scenario"))
            continue
        district = o.properties.get("district")
        if district is None or district.value != districts[o.name]:
            got = district.value if district is not None else "not set"
            out.append(MapError(f, where, f"its district is {got!r}; the pack puts {o.name} in "
                                f"{districts[o.name]!r}", "set the 'district' property to the pack's district"))
            continue
        if o.shape != "rectangle" or o.rotation or o.width <= 0 or o.height <= 0:
            out.append(MapError(f, where, "a campaign_slot must be an unrotated rectangle",
                                "draw it with the rectangle tool"))
            continue
        if o.x < 0 or o.y < 0 or o.x + o.width > width or o.y + o.height > height:
            out.append(MapError(f, where, f"the card reaches outside the {width}x{height} px map",
                                "move it inside the picture"))
            continue
        box = (round(o.x), round(o.y), round(o.width), round(o.height))
        for other, ob in slots.items():
            if (box[0] < ob[0] + ob[2] and ob[0] < box[0] + box[2]
                    and box[1] < ob[1] + ob[3] and ob[1] < box[1] + box[3]):
                out.append(MapError(f, where, f"the card of {o.name} overlaps the card of {other} "
                                    f"(object {obj_of[other]})", "move the rectangles apart"))
                break
        else:
            slots[o.name] = box
            obj_of[o.name] = o.id
    for sid in districts:
        if sid not in slots and not any(e.where.endswith(f"'{sid}')") for e in out):
            out.append(MapError(f, "", f"scenario {sid} ({districts[sid]}) has no card on the city map",
                                f"add a rectangle of type {SLOT} named {sid}"))
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
