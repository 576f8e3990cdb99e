"""Issue 12, "any keyword in the UI (log, cards, buttons, hover cards) can be hovered or clicked for its
definition": a button whose label names a glossary word shows the word's meaning when the pointer rests
on it, and F1 there opens the word's section (a click still presses the button); an enemy's hover card
carries the meanings of the keywords on it, and F1 over an enemy opens the enemies section."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.rulebook import RulebookScene, label_terms, rulebook  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")
    T.SHOWN = None


def _play(tmp_path, sid="dt1"):
    from tests.ui_kit import play_at_act

    return play_at_act(tmp_path, sid)


def _move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def _shown(app):
    T.SHOWN = []
    try:
        app.step([], 0.02)
        return " ".join(T.SHOWN)
    finally:
        T.SHOWN = None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue12_a_button_naming_a_keyword_explains_it_on_hover_and_F1_opens_its_section(tmp_path, lang):
    i18n.set_language(lang)
    (tmp_path / "settings.json").write_text('{"language": "%s"}' % lang)  # the App reads its language here
    app, play = _play(tmp_path)
    assert i18n.language() == lang
    buttons = [z for z in play.view.zones.items if z.label and z.enabled and label_terms(z.label)]
    assert buttons, [z.label for z in play.view.zones.items if z.label]
    z = buttons[0]
    term = label_terms(z.label)[0]
    app.step([_move(z.rect.center)], 0.05)
    assert term.text[:12] not in _shown(app)  # not at once: tooltips wait a moment
    for _ in range(8):
        app.step([], 0.1)
    assert term.text[:12] in _shown(app), term.text
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")], 0.05)
    assert isinstance(app.top, RulebookScene) and app.top.current == term.see


def test_issue12_an_enemy_hover_card_carries_the_meaning_of_its_keywords_and_F1_opens_enemies(tmp_path):
    from game.ui.hud.cards import enemy_card_lines

    app, play = _play(tmp_path, "practice-burrower")
    s = play.state
    e = next(e for e in s.enemies)
    words = rulebook().terms_in(" ".join(str(ln[0]) for ln in enemy_card_lines(s, e, [])[1:]))
    assert words, "the boss's card names no glossary word"
    play.ui.marks.hover_enemy = e.uid
    surf = pygame.Surface((1280, 720))
    T.SHOWN = []
    try:
        play.view.enemy_card(surf, s, e, (400, 300), [])
        shown = " ".join(T.SHOWN)
    finally:
        T.SHOWN = None
    assert words[0].term in shown
    play.ui.mouse = (5, 5)
    r = play.on_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""), app)
    assert isinstance(r.scene, RulebookScene) and r.scene.current == "enemies"


def test_issue12_F1_in_a_manor_game_opens_the_manor_rules(tmp_path):
    """play4: the rules reference opened from a manor game began with the city's topics."""
    from game.content.mansion_pack import MANSION_PARTY, load_standalone_scenario
    from game.engine import apply, legal_actions, new_game
    from game.ui.play import PlayScene

    party = [(c, i + 1) for i, c in enumerate(MANSION_PARTY[:2])]
    s = new_game(load_standalone_scenario("m_w2b"), party, 3)
    while s.pending.kind != "act":
        apply(s, legal_actions(s)[0])
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    play = PlayScene(app, s, party, ["human", "human"])
    app.stack = [play]
    app.step([], 0.1)
    play.ui.mouse = (5, 5)
    r = play.on_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""), app)
    assert isinstance(r.scene, RulebookScene) and r.scene.current == "manor"
