"""Load a campaign pack (assets/campaigns/<name>.yaml) and the scenarios it plays.

The pack's unlock graph is checked when it is built (:class:`game.engine.campaign.CampaignPack`);
here the file is read with the safe YAML loader, its items are checked against the content,
and each slot's map is checked against the pack (as many Item C tokens as the pack says, the
progression tokens it names). Errors are :class:`ContentError` naming the file and the place.
"""
from __future__ import annotations

from pathlib import Path

from ..engine.campaign.carry import token_key
from ..engine.campaign.pack import CampaignPack
from ..engine.defs import ScenarioDef
from ..engine.scenario import Content, Scenario
from .errors import ContentError, P_
from .keys import give_keys
from .loader import load_content
from .readers import ROOT, check_board_against_content, read_yaml, rel, validate

CAMPAIGNS = ROOT / "assets" / "campaigns"
CITY_SCENARIOS = ROOT / "scenarios" / "city"


def load_pack(name: str = "city", content: Content | None = None, folder: Path | None = None) -> CampaignPack:
    """The campaign pack ``name``. Raises ContentError (file, line, what to do)."""
    path = (folder or CAMPAIGNS) / f"{name}.yaml"
    data, node = read_yaml(path)
    pack = validate(CampaignPack, data, path, node, (), f"campaign '{name}'")
    ct = content or load_content()
    missing = pack.unknown_items(set(ct.items))
    if missing:
        raise ContentError(rel(path), "", P_("unknown item(s) {x}", x=", ".join(missing)),
                           P_("use item ids from assets/data/items.yaml"))
    briefs = campaign_briefs()
    for sl in pack.scenarios:
        if sl.brief not in briefs and sl.brief not in ct.scenarios:
            raise ContentError(rel(path), P_("scenario {x}", x=sl.id), P_("no brief '{x}'", x=sl.brief),
                               P_("add scenarios/city/<name>.yaml with id {x}", x=sl.brief))
        brief = briefs[sl.brief][0] if sl.brief in briefs else ct.scenarios[sl.brief]
        _check_brief_against_slot(brief, sl, path)
    if pack.intro and pack.intro not in ct.scenarios:
        raise ContentError(rel(path), P_("intro"), P_("no scenario '{x}'", x=pack.intro), P_("name an existing scenario id"))
    return give_keys(pack, f"campaign.{name}")  # stable keys of its texts (game.content.keys)


def _check_brief_against_slot(brief: ScenarioDef, sl, path: Path) -> None:
    """R-SCEN-2 / DV-19: a campaign brief's district, progression tokens and tier are the ones
    the pack's slot gives (the pack and the scenario book must tell the same story)."""
    from .readers import BRIEF_FILES, SCENARIOS

    if brief.district is None:
        return  # not a campaign brief (a test or tutorial brief standing in for a slot)
    bf = rel(BRIEF_FILES.get(brief.id) or SCENARIOS / f"{brief.id}.yaml")
    for field, mine, theirs in (("district", brief.district, sl.district),
                                ("progression", dict(brief.progression), dict(sl.progression)),
                                ("tier", brief.tier, sl.tier)):
        if mine != theirs:
            raise ContentError(bf, P_("scenario '{x}': {y}", x=brief.id, y=field),
                               P_("the brief says {x}, the campaign pack {y} says {z} for {w}", x=repr(mine), y=rel(path),
                                  z=repr(theirs), w=sl.id),
                               P_("make the brief match the campaign pack{rule}", rule="DV-19"))


def campaign_briefs(folder: Path | None = None) -> dict[str, tuple[ScenarioDef, Path]]:
    """The campaign briefs under scenarios/city/ by id."""
    out: dict[str, tuple[ScenarioDef, Path]] = {}
    for p in sorted((folder or CITY_SCENARIOS).glob("*.yaml")):
        data, node = read_yaml(p)
        sc = validate(ScenarioDef, data, p, node, (), f"scenario in {p.name}")
        out[sc.id] = (sc, p)
    return out


def load_campaign_scenario(pack: CampaignPack, sid: str, content: Content | None = None) -> Scenario:
    """The scenario played for slot ``sid`` (or the Introduction for ``"intro"``): brief + board.
    Raises ContentError when the map's campaign tokens do not match the pack (DV-19)."""
    from .loader import load_scenario
    from .tiled import load_board

    ct = content or load_content()
    if sid == "intro":
        return load_scenario(pack.intro or "intro", ct)
    sl = pack.slot(sid)
    briefs = campaign_briefs()
    if sl.brief in briefs:
        brief, bpath = briefs[sl.brief]
    elif sl.brief in ct.scenarios:  # a brief under scenarios/ (the 14 city scenarios, issue 10)
        brief = ct.scenarios[sl.brief]
    else:
        return load_scenario(sl.brief, ct)
    path = ROOT / brief.map
    board = load_board(path)
    check_board_against_content(board, ct, path)
    keys = [token_key(p.kind, p.square, dict(p.props)) for p in board.placements]
    n_c = sum(1 for k in keys if k and k.startswith("C@"))
    labels = sorted(k[2:] for k in keys if k and k.startswith("P@"))
    if n_c != sl.item_c_tokens:
        if "item_c_tokens" not in sl.model_fields_set:  # the pack is silent (0 by default): its file is to blame
            raise ContentError(rel(CAMPAIGNS / f"{pack.id}.yaml"), P_("scenario {x}", x=sid),
                               P_("the slot gives no item_c_tokens (so 0), its map {x} has {n} Item C token(s)",
                                  x=rel(path), n=n_c),
                               P_("add 'item_c_tokens: {n}' to slot {x}{rule}", rule="DV-19", n=n_c, x=sid))
        raise ContentError(rel(path), P_("scenario {x}", x=sid),
                           P_("{n} Item C token(s) on the map, the campaign pack says {m}", n=n_c, m=sl.item_c_tokens),
                           P_("add or remove item tokens with letter C{rule}", rule="DV-19"))
    if labels != sorted(sl.progression):
        raise ContentError(rel(path), P_("scenario {x}", x=sid),
                           P_("progression tokens {x}, the campaign pack says {y}", x=labels, y=sorted(sl.progression)),
                           P_("give each progression token the label the pack uses"))
    return Scenario(brief=brief, board=board, content=ct)
