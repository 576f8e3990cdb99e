"""Art is made by scripts in tools/, sources and PNGs committed, and nothing silently falls back (issue 30
item 3, STANDARDS): every sprite a tool makes is in the checkout and in ``assets/sprites/INDEX.txt``; the
game imports no tool at run time (the sprites and the campaign's ending pictures were drawn by the tools
when a PNG was missing; the versus pictures were drawn with pygame's shapes every frame); a sprite of the
index that is missing or damaged is a clear error naming the file and the tool to run."""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.usefixtures("display")


def test_every_sprite_the_tools_make_is_committed_and_indexed():
    from tools.art_index import problems

    assert problems() == []


def test_the_game_imports_no_tool_at_run_time():
    found = []
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "tools":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif isinstance(node, ast.Import) and any(a.name.split(".")[0] == "tools" for a in node.names):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_versus_pictures_are_sprites_not_shapes_drawn_in_the_window():
    src = (ROOT / "game" / "ui" / "versus" / "art.py").read_text(encoding="utf-8")
    assert "pygame.draw" not in src


def test_a_missing_or_damaged_sprite_names_its_file_and_tool_and_an_unknown_name_is_none(tmp_path):
    from game.ui.art import Art, ArtMissing

    folder = tmp_path / "sprites"
    shutil.copytree(ROOT / "assets" / "sprites", folder)
    (folder / "enemy_zombie.png").unlink()
    (folder / "vs_die_3.png").write_bytes(b"not a png")
    art = Art(folder)
    with pytest.raises(ArtMissing) as ex:
        art.raw("enemy_zombie")
    assert "enemy_zombie.png: missing" in str(ex.value) and "python -m tools.make_sprites" in str(ex.value)
    with pytest.raises(ArtMissing) as ex:
        art.get("vs_die_3", 20)
    assert "vs_die_3.png: cannot be read" in str(ex.value) and "tools.make_versus_art" in str(ex.value)
    assert art.raw("no_tool_makes_this") is None
    assert art.raw("enemy_crawler") is not None


def test_a_versus_model_is_put_together_from_its_sprites_and_a_missing_one_fails_clearly(tmp_path, monkeypatch):
    from game.ui.art import Art, ArtMissing
    from game.ui.versus import art as A

    surf = pygame.Surface((120, 120))
    surf.fill((0, 0, 0))
    A.model(surf, "mara", "directorate", "E", "wounded", False, (60, 60), 30)
    px = {surf.get_at((x, y))[:3] for x in range(0, 120, 3) for y in range(0, 120, 3)}
    assert (0, 0, 0) in px and len(px) > 20  # the base, arcs, glyph, band, pointer and badge were put down
    assert surf.get_at((60 + 30 + 12, 60))[:3] != (0, 0, 0)  # the pointer outside the base on its east side
    folder = tmp_path / "sprites"
    shutil.copytree(ROOT / "assets" / "sprites", folder)
    (folder / "vs_glyph_kenji.png").unlink()
    monkeypatch.setattr(A, "_ART", [Art(folder)])
    with pytest.raises(ArtMissing, match="vs_glyph_kenji.png: missing.*tools.make_versus_art"):
        A.model(surf, "kenji", "directorate", "N", "healthy", False, (60, 60), 30)
