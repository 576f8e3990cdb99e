"""The dungeon's content texts in Japanese (issue 26 item 4 "English and Japanese"; issue 23: content
texts by their stable key, game.content.keys): every name, title and text of a hero card face
(character, equipment, ability), enemy card, item card, dungeon (name, story), map card (its
Tiled map's title), map effect and the random delve has a Japanese text in the catalogue, found
the way the UI looks it up (``game.i18n._``), YAML block newline or not."""
from __future__ import annotations

import pytest

from game import i18n
from game.content.dungeon_pack import dungeon_pack
from game.engine.dungeon.delve import DELVE_NAME, DELVE_STORY


def dungeon_texts() -> list[tuple[str, str]]:
    """(where, text) of every dungeon content text a player reads."""
    pack = dungeon_pack()
    out = []
    for what, table in (("character", pack.characters), ("equipment", pack.equipment), ("ability", pack.abilities)):
        for cid, card in table.items():
            for n, face in enumerate(card.faces, 1):
                for field in ("name", "title", "text"):
                    out.append((f"{what} {cid} face {n} {field}", getattr(face, field, "")))
    for what, table in (("enemy", pack.enemies), ("item", pack.items)):
        for k, d in table.items():
            out += [(f"{what} {k} name", d.name), (f"{what} {k} text", d.text)]
    for sid, scn in pack.scenarios.items():
        out += [(f"dungeon {sid} name", scn.name), (f"dungeon {sid} story", scn.story)]
        out += [(f"dungeon {sid} card {cid} name", c.name) for cid, c in scn.cards.items()]
        out += [(f"dungeon {sid} card {cid} story", c.story) for cid, c in scn.cards.items()]
        out += [(f"dungeon {sid} effect on {cid} name", e.name) for cid, e in scn.effects.items()]
    out += [("random delve name", DELVE_NAME), ("random delve story", DELVE_STORY)]
    return [(w, t) for w, t in out if t and t.strip()]


def test_every_dungeon_content_text_has_a_japanese_text_under_its_stable_key():
    """Each text's stable key (its place in the content data, ``dungeon.items.<id>.name``) is in the
    ja content catalogue with a non-empty translation that is not the English."""
    cat = i18n.content_catalogue("ja")
    texts = dungeon_texts()
    assert len(texts) > 120  # every face of 4 characters and the equipment and abilities, 9 enemies, 12 items, 5 dungeons
    unkeyed = [(w, t[:40]) for w, t in texts if not getattr(t, "key", None)]
    assert not unkeyed, f"dungeon texts without a stable key: {unkeyed[:10]}"
    missing = [(w, t[:40]) for w, t in texts if not cat.get(t.key)]
    assert not missing, f"dungeon texts with no Japanese: {missing[:10]} ({len(missing)} in all)"
    same = [(w, t[:40]) for w, t in texts if cat.get(t.key) == i18n.content_key(t)]
    assert not same, f"'translated' as the English itself: {same[:10]}"


@pytest.fixture()
def ja():
    was = i18n.language()
    i18n._state["catalogues"]["ja"] = i18n.catalogue("ja")
    i18n._state["lang"] = "ja"  # (no font needed: only the lookup is tested)
    yield
    i18n._state["lang"] = was


def test_the_ui_lookup_finds_every_dungeon_text_in_japanese(ja):
    """``_`` (what the screens call) gives the Japanese for each text as the content holds it,
    a story's YAML block newline included."""
    english = [(w, t) for w, t in dungeon_texts() if i18n._(t) == t]
    assert not english, english[:10]
