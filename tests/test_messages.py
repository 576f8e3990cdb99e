"""Messages by id (issue 23 item 1): the engine emits message ids with typed parameters; English
is a catalogue like Japanese; ``python -m tools.i18n`` reports ids a catalogue lacks."""
import re

from game.engine import Action, apply, new_game_events
from game.engine.actions import Event
from game.i18n.messages import LANGS, read_catalogue, render
from tools import i18n as tool

#: emit sites in game/engine that still pass an English sentence (issue 23 transition). This number
#: may only go down: convert a site to a message id and lower it.
ENGLISH_EMIT_SITES = 0


def test_R_DOC_4_no_message_id_is_missing_from_a_catalogue():
    """Every id the engine emits (and the renderer builds) is in the English and the Japanese catalogue."""
    assert tool.missing_messages() == []


def test_english_emit_sites_only_go_down():
    _used, english = tool.engine_messages()
    assert len(english) <= ENGLISH_EMIT_SITES, "\n".join(english[ENGLISH_EMIT_SITES:])
    if len(english) < ENGLISH_EMIT_SITES:  # keep the ratchet tight
        raise AssertionError(f"only {len(english)} English emit sites are left: lower ENGLISH_EMIT_SITES")


def test_catalogues_keep_every_blank_of_the_english_message():
    # (keyed by context and id: a message's "short" form is a message of its own)
    en = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string for m in read_catalogue("en") if m.id}
    for lang in LANGS:
        for m in read_catalogue(lang):
            if not m.id:
                continue
            mid = (m.context, m.id if isinstance(m.id, str) else m.id[0])
            want = set(re.findall(r"\{(\w+)\}", " ".join(en[mid]) if isinstance(en[mid], (list, tuple)) else en[mid]))
            strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
            for s in strings:
                assert set(re.findall(r"\{(\w+)\}", s)) <= want, (lang, mid, s)


def test_plural_forms_follow_each_catalogue():
    vera = {"t": "char", "id": "vera", "name": "Vera Castellan", "k": "city.characters.vera.name"}  # (its stable key)
    assert render("turn.shaken", {"char": vera, "n": 1}, "en") == "Vera Castellan is shaken: only 1 action this turn."
    assert render("turn.shaken", {"char": vera, "n": 3}, "en") == "Vera Castellan is shaken: only 3 actions this turn."
    assert "3" in render("turn.shaken", {"char": vera, "n": 3}, "ja") and "Vera" not in render(
        "turn.shaken", {"char": vera, "n": 3}, "ja")


def test_events_carry_ids_and_typed_names_rendered_per_language(intro_scenario=None):
    from game.__main__ import default_party
    from game.content.loader import load_scenario

    s, ev = new_game_events(load_scenario("intro"), default_party(2), 7)
    turn = next(e for e in ev if e.kind == "turn")
    assert turn.msg == "turn.start" and turn.params["char"] == {"t": "char", "id": "vera", "name": "Vera Castellan",
                                                                 "k": "city.characters.vera.name"}
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


def _ids(mid, params, out):
    out.add(mid)
    for v in (params or {}).values():
        _walk(v, out)


def _walk(v, out):
    if isinstance(v, dict) and v.get("t") == "msg":
        _ids(v["id"], v.get("params"), out)
    elif isinstance(v, dict) and v.get("t") == "list":
        for x in v.get("v", []):
            _walk(x, out)


def test_every_id_of_played_games_is_in_both_catalogues_and_fills_its_blanks(monkeypatch):
    """Ids the engine computes (held in a name, built from data) are checked where they are used: bot games
    of the city and the manor (a campaign's first scenarios and end phases), every event and every prompt
    (a pending decision's question) rendered."""
    from game.__main__ import default_party
    from game.ai.mansion_bot import play_mansion_campaign
    from game.content.mansion_pack import MANSION_PARTY, load_mansion_pack, mansion_content
    from game.engine.machine import Machine
    from game.i18n.messages import ids
    from tools.golden import playthrough

    seen: list = []
    real = Machine.emit

    def spy(self, kind, rule, msg, params=None, /, **data):
        seen.append((msg, params))
        return real(self, kind, rule, msg, params, **data)

    monkeypatch.setattr(Machine, "emit", spy)
    real_ask, real_wait = Machine.ask, Machine.wait

    def ask(self, kind, seat, prompt, options, ctx, params=None, **kw):
        seen.append((prompt, params))
        return real_ask(self, kind, seat, prompt, options, ctx, params, **kw)

    def wait(self, kind, seat, prompt, options, ctx=None, params=None, **kw):
        seen.append((prompt, params))
        return real_wait(self, kind, seat, prompt, options, ctx, params, **kw)

    monkeypatch.setattr(Machine, "ask", ask)
    monkeypatch.setattr(Machine, "wait", wait)
    playthrough("practice-stalker", 2, 4)
    playthrough("outskirts", 3, 5)
    ct = mansion_content()
    play_mansion_campaign(load_mansion_pack(ct), ct, list(MANSION_PARTY[:2]), 1, max_scenarios=3)
    used: set = set()
    for mid, params in seen:
        assert mid and " " not in mid, f"an English sentence was emitted or asked: {mid!r}"
        _ids(mid, params, used)
    for lang in LANGS:
        assert sorted(used - ids(lang)) == [], lang
        for mid, params in seen:
            line = render(mid, params, lang)
            assert "{" not in line and mid not in line, (lang, mid, line)
    assert len(used) > 60


def test_issue23_a_record_that_does_not_replay_says_why_by_message_id():
    """A corrupt record (an action not legal at its step) raises IllegalAction carrying message
    ``error.record_step`` with the step and the refusal's own message nested; both catalogues word it."""
    import pytest

    from game.content.loader import load_scenario
    from game.engine import IllegalAction, replay

    with pytest.raises(IllegalAction) as err:
        replay(load_scenario("intro"), [("vera", 1), ("mateo", 2)], 7, [{"kind": "move", "to": [99, 99]}])
    e = err.value
    assert e.msg == "error.record_step" and e.params["step"] == 1 and e.params["why"]["id"].startswith("impossible.")
    assert render(e.msg, e.params, "en") == str(e)
    assert "記録の1手目" in render(e.msg, e.params, "ja")


def test_issue23_a_refused_action_is_named_by_message_not_by_its_fields():
    """impossible.not_legal names the action by its kind's message (``act.move``: 「移動」 in Japanese),
    not by a developer's dump of its fields ("move to=(99, 99)")."""
    from game.content.loader import load_scenario
    from game.engine import new_game

    s = new_game(load_scenario("intro"), [("vera", 1), ("mateo", 2)], 7)
    ev = apply(s, Action(kind="move", to=(99, 99)))
    assert [e.msg for e in ev] == ["impossible.not_legal"] and ev[0].params == {"action": {"t": "msg", "id": "act.move"}}
    assert render(ev[0].msg, ev[0].params, "en") == "Not a legal choice now: move."
    assert "移動" in render(ev[0].msg, ev[0].params, "ja")
