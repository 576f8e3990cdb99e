"""Draw the campaign's city picture and write the city map that places each scenario on it.

    python -m tools.make_city_map          # rewrite assets/campaigns/city_map.png and city.tmx
    python -m tools.make_city_map --check  # exit 1 if city.tmx differs from what this writes

* ``assets/campaigns/city_map.png`` (872 x 560 px): Halloway City at night, one band per district
  (Downtown, Uptown, Commercial, Precinct, Clock Tower) with its name, streets and blocks, drawn
  here with pygame (no randomness: the same picture every run).
* ``assets/campaigns/city.tmx``: a Tiled map the size of the picture (8 px cells) with the picture
  as an image layer and, in the object layer ``slots``, one rectangle of type ``campaign_slot``
  per scenario of ``assets/campaigns/city.yaml``: its name is the scenario id, its ``district``
  property the district, its rectangle where the scenario's card sits on the city map screen.
  A campaign author moves the cards (or repaints the picture) in Tiled; the game checks the map
  against the pack (:mod:`game.content.campaign_map`).

Only the .tmx is compared by ``--check``; the picture is written when missing or with ``--picture``.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "campaigns"
WIDTH, HEIGHT, CELL = 872, 560, 8
CARD_W, CARD_H, COL_W, ROW_H, TOP = 168, 122, 176, 128, 30
DISTRICTS = ["Downtown", "Uptown", "Commercial", "Precinct", "Clock Tower"]
TINTS = [(34, 22, 24), (22, 26, 34), (30, 28, 20), (20, 30, 28), (30, 22, 34)]


def slots(pack_scenarios) -> list[tuple[str, str, int, int]]:
    """(id, district, x, y) of each scenario card: one column per district, in pack order."""
    out = []
    rows = {d: 0 for d in DISTRICTS}
    for sl in pack_scenarios:
        d = sl.district if sl.district in DISTRICTS else DISTRICTS[-1]
        out.append((sl.id, sl.district, DISTRICTS.index(d) * COL_W, TOP + rows[d] * ROW_H))
        rows[d] += 1
    return out


def city_tmx(pack_scenarios) -> str:
    """The city map's text."""
    objs = []
    for i, (sid, district, x, y) in enumerate(slots(pack_scenarios), start=1):
        objs.append(f'  <object id="{i}" name={quoteattr(sid)} type="campaign_slot" x="{x}" y="{y}" '
                    f'width="{CARD_W}" height="{CARD_H}">\n'
                    f'   <properties>\n    <property name="district" value={quoteattr(district)}/>\n'
                    f'   </properties>\n  </object>')
    n = len(objs)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{WIDTH // CELL}" height="{HEIGHT // CELL}" tilewidth="{CELL}" tileheight="{CELL}" '
            f'infinite="0" nextlayerid="3" nextobjectid="{n + 1}">\n'
            ' <properties>\n  <property name="title" value="Halloway City"/>\n </properties>\n'
            ' <imagelayer id="1" name="picture">\n'
            f'  <image source="city_map.png" width="{WIDTH}" height="{HEIGHT}"/>\n'
            ' </imagelayer>\n'
            ' <objectgroup id="2" name="slots">\n' + "\n".join(objs) + "\n </objectgroup>\n</map>\n")


def draw_picture(path: Path) -> None:
    """The night-time city: district bands, streets, blocks with a few lit windows, a river."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    surf = pygame.Surface((WIDTH, HEIGHT))
    surf.fill((12, 12, 14))
    for d, name in enumerate(DISTRICTS):
        band = pygame.Rect(d * COL_W - 4, 0, COL_W, HEIGHT)
        surf.fill(TINTS[d], band)
        # blocks between streets (a fixed pattern per district)
        for by in range(TOP + 6, HEIGHT - 20, 46):
            for bx in range(band.left + 10, band.right - 20, 38):
                k = (bx * 7 + by * 13 + d * 31) % 11
                block = pygame.Rect(bx, by, 30 if k % 3 else 24, 36 if k % 2 else 28)
                pygame.draw.rect(surf, tuple(min(255, c + 14) for c in TINTS[d]), block, border_radius=2)
                if k in (2, 7):  # a lit window: someone still alive
                    surf.fill((150, 120, 60), pygame.Rect(block.left + 6, block.top + 8, 4, 5))
        pygame.draw.line(surf, (60, 20, 22), (band.right, 0), (band.right, HEIGHT), 2)  # district border
        # no district names in the picture: the city map screen writes them in the player's language
    # the river under the Clock Tower and the cable car line over it
    pts = [(WIDTH - 190 + int(22 * math.sin(y / 70)), y) for y in range(0, HEIGHT + 10, 8)]
    pygame.draw.lines(surf, (24, 40, 62), False, pts, 14)
    pygame.draw.line(surf, (120, 110, 90), (COL_W * 3, HEIGHT - 24), (WIDTH - 8, 40), 2)
    pygame.image.save(surf, str(path))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare city.tmx; exit 1 if out of date")
    ap.add_argument("--picture", action="store_true", help="redraw city_map.png too")
    args = ap.parse_args(argv)
    from game.content.campaign_pack import load_pack

    text = city_tmx(load_pack("city").scenarios)
    tmx = OUT / "city.tmx"
    old = tmx.read_text(encoding="utf-8") if tmx.exists() else None
    if args.check:
        if old != text:
            print(f"out of date: {tmx.relative_to(ROOT)}")
            return 1
        return 0
    if old != text:
        tmx.write_text(text, encoding="utf-8")
        print(f"wrote {tmx.relative_to(ROOT)}")
    png = OUT / "city_map.png"
    if args.picture or not png.exists():
        draw_picture(png)
        print(f"wrote {png.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
