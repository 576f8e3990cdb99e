"""Messages by id (issue 23 item 1): the engine emits message ids with typed parameters; English
is a catalogue like Japanese; ``python -m tools.i18n`` reports ids a catalogue lacks."""
import re

from game.engine import Action, apply, new_game_events
from game.engine.actions import Event
from game.i18n.messages import LANGS, read_catalogue, render
from tools import i18n as tool

#: emit sites in game/engine that still pass an English sentence (issue 23 transition). This number
#: may only go down: convert a site to a message id and lower it.
ENGLISH_EMIT_SITES = 87


def test_R_DOC_4_no_message_id_is_missing_from_a_catalogue():
    """Every id the engine emits (and the renderer builds) is in the English and the Japanese catalogue."""
    assert tool.missing_messages() == []


def test_english_emit_sites_only_go_down():
    _used, english = tool.engine_messages()
    assert len(english) <= ENGLISH_EMIT_SITES, "\n".join(english[ENGLISH_EMIT_SITES:])
    if len(english) < ENGLISH_EMIT_SITES:  # keep the ratchet tight
        raise AssertionError(f"only {len(english)} English emit sites are left: lower ENGLISH_EMIT_SITES")


def test_catalogues_keep_every_blank_of_the_english_message():
    en = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in read_catalogue("en") if m.id}
    for lang in LANGS:
        for m in read_catalogue(lang):
            if not m.id:
                continue
            mid = m.id if isinstance(m.id, str) else m.id[0]
            want = set(re.findall(r"\{(\w+)\}", " ".join(en[mid]) if isinstance(en[mid], (list, tuple)) else en[mid]))
            strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
            for s in strings:
                assert set(re.findall(r"\{(\w+)\}", s)) <= want, (lang, mid, s)


def test_plural_forms_follow_each_catalogue():
    vera = {"t": "char", "id": "vera", "name": "Vera Castellan"}
    assert render("turn.shaken", {"char": vera, "n": 1}, "en") == "Vera Castellan is shaken: only 1 action this turn."
    assert render("turn.shaken", {"char": vera, "n": 3}, "en") == "Vera Castellan is shaken: only 3 actions this turn."
    assert "3" in render("turn.shaken", {"char": vera, "n": 3}, "ja") and "Vera" not in render(
        "turn.shaken", {"char": vera, "n": 3}, "ja")


def test_events_carry_ids_and_typed_names_rendered_per_language(intro_scenario=None):
    from game.__main__ import default_party
    from game.content.loader import load_scenario

    s, ev = new_game_events(load_scenario("intro"), default_party(2), 7)
    turn = next(e for e in ev if e.kind == "turn")
    assert turn.msg == "turn.start" and turn.params["char"] == {"t": "char", "id": "vera", "name": "Vera Castellan"}
    assert turn.text == "Turn 1: Vera Castellan (player 1)."
    ev = apply(s, Action(kind="move", to=(0, 3)))
    move = next(e for e in ev if e.kind == "move")
    assert move.msg in ("move.to", "move.within") and move.params["to"]["xy"] == [0, 3]
    room = move.params["to"]["room"]
    assert room and room in move.text and "(0, 3)" not in move.text  # the room, from the map
    ja = render(move.msg, move.params, "ja")
    assert "Vera" not in ja and "(0, 3)" not in ja
    assert move.model_dump(mode="json")["params"]["to"]["xy"] == [0, 3]


def test_an_event_without_an_id_keeps_its_english_text():
    e = Event("impossible", "", "Nothing to decide now.")
    assert e.text == "Nothing to decide now." and e.msg == ""
