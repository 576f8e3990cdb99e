"""Issue 26 leftover: ``check_party`` raised an English sentence (a bare ValueError), which the hero
builder showed as it was, in English even in Japanese. It now raises ``PartyRefused``: a ValueError
with a message id (``dungeon.party.<code>``) and typed parameters (seat numbers, card references,
the skill as a message), worded by the UI's catalogues in both languages (D-OVR-1, D-SETUP-3,
D-SETUP-4, D-SETUP-5/6)."""
from __future__ import annotations

import re

import pygame
import pytest

from game.content.dungeon_pack import dungeon_pack, dungeon_scenario
from game.engine.api import new_game
from game.engine.dungeon.party import PartyRefused
from game.ui.words import words

SR = dungeon_scenario("sunken_reliquary")
LATIN = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("party, msg, rule, en", [
    ([], "dungeon.party.party_size", "D-OVR-1", "A party is 1 to 4 heroes, not 0."),
    ([("sela", "warbrand", "fleetfoot")], "dungeon.party.requires", "D-SETUP-3",
     "Hero 1: Warbrand requires Might +2, and Sela Wren with Fleetfoot has Might +0."),
    ([("brannoc", "warbrand", "battle_surge"), ("brannoc", "oathguard", "fleetfoot")], "dungeon.party.duplicate",
     "D-SETUP-4", "Hero 2: Brannoc Hale is already another hero's character; each character plays once."),
    ([("brannoc", "oathguard", "fleetfoot"), ("sela", "oathguard", "fleetfoot"), ("corvin", "oathguard", "fleetfoot")],
     "dungeon.party.copies", "D-SETUP-5/6",
     "Hero 3: every copy of Oathguard Blade & Buckler is taken (2 copies of each card with this many heroes)."),
])
def test_a_refused_party_is_a_message_id_with_typed_parameters_worded_in_both_languages(party, msg, rule, en):
    """D-OVR-1, D-SETUP-3, D-SETUP-4, D-SETUP-5/6: the refusal names its rule and says it by id."""
    with pytest.raises(PartyRefused) as got:
        new_game(SR, party, 1)
    ex = got.value
    assert isinstance(ex, ValueError) and ex.msg == msg and ex.rule == rule
    assert words(ex, "en") == en
    ja = words(ex, "ja")
    assert ja != en and not LATIN.search(ja), ja  # every name and the skill come from the Japanese catalogues
    assert all(not isinstance(v, str) or v.isdigit() for v in ex.params.values())  # typed: numbers and references


def test_the_hero_builder_words_a_refusal_in_the_players_language(tmp_path, monkeypatch):
    """The builder shows the engine's refusal through the catalogue, not its English ``str``."""
    from game.ui.app import App
    from game.ui.dungeon.builder import HeroBuilder
    from tests.ui_kit import SIZE, japanese_dir

    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path))
    b = HeroBuilder(dungeon_pack(), SR, [("brannoc", "warbrand", "battle_surge"), ("brannoc", "oathguard", "fleetfoot")],
                    ["human", "human"])
    monkeypatch.setattr(b, "preview", lambda: [{"problems": []}, {"problems": []}])  # (as if the preview had missed it)
    assert b.pick("start", None, app) is None
    assert b.message.startswith("英雄2：") and "character" not in b.message, b.message
