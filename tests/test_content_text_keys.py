"""Issue 23 item 1: content texts (cards, items, stories, names) are looked up by a stable key in the
content data (game.content.keys), never by their English words. Events and prompts carry the key
(``k`` in a reference); the UI words a content text through the content catalogue by that key.

The tests put a poisoned translation under every content text's English words in the UI catalogue
(what an English-matching lookup would find) and check that nothing a player reads takes it."""
from __future__ import annotations

import pytest

from game import i18n
from game.content.keys import give_keys, keyed_texts
from game.engine.messages import Keyed, keyed
from game.i18n.messages import render

POISON = "⚠EN-MATCH"


def all_packs():
    from game.content.campaign_pack import load_pack
    from game.content.dungeon_pack import dungeon_pack
    from game.content.loader import load_content
    from game.content.mansion_pack import load_mansion_pack, mansion_content

    ct, mt = load_content(), mansion_content()
    return [ct.__dict__, mt.__dict__, dungeon_pack(), load_pack("city", ct), load_mansion_pack(mt)]


@pytest.fixture()
def poisoned(monkeypatch):
    """Japanese, with the UI catalogue (looked up by English words) answering POISON for every content
    text's English, and the content catalogue as shipped."""
    from tools.i18n import content_keys

    texts = {k: en for k, (en, _where) in content_keys().items()}  # (the maps' rooms too)
    ui = dict(i18n.catalogue("ja"))
    for en in texts.values():
        ui[en] = ui[en.strip()] = POISON
    monkeypatch.setitem(i18n._state["catalogues"], "ja", ui)
    monkeypatch.setitem(i18n._state, "lang", "ja")
    from game.i18n import messages as M

    M._cache.clear()
    yield texts
    M._cache.clear()


def test_every_content_text_has_a_stable_key_and_a_japanese_entry_under_it():
    """Every name and text of the city's, the manor's and the dungeon's content and of both campaign
    packs is a Keyed string; its key names its place (pack, table, id, field), and the Japanese
    content catalogue translates every key (tools.i18n --check reports none missing or stale)."""
    from tools import i18n as tool

    ct = all_packs()[0]
    knife = ct["items"]["knife"]
    assert isinstance(knife.name, Keyed) and knife.name.key == "city.items.knife.name"
    assert ct["scenarios"]["ut1"].description.key == "brief.ut1.description"
    keys = tool.content_keys()
    assert len(keys) > 700
    assert tool.content_problems() == []
    assert i18n.content_catalogue("ja")["city.items.knife.name"] != "Knife"


def test_ui_lookup_is_by_key_not_by_english_words(poisoned):
    """``_`` on a content text answers the content catalogue's entry for its key for every content
    text of every pack, never the (poisoned) entry for its English words."""
    cat = i18n.content_catalogue("ja")
    bad = [k for k, en in poisoned.items() if i18n._(_find(k, en)) != cat.get(k, en)]
    assert not bad, f"looked up by English words: {bad[:5]}"
    # a text that lost its key (a plain str with the same words) is the one that would take the poison
    assert i18n._(str(all_packs()[0]["items"]["knife"].name)) == POISON


def _find(key: str, en: str) -> Keyed:
    return Keyed(en, key)


def test_keyed_writes_the_key_into_references_and_keeps_other_values():
    name = Keyed("Knife", "city.items.knife.name")
    params = {"item": {"t": "item", "id": "A1", "name": name}, "n": 2,
              "why": {"t": "msg", "id": "x.y", "params": {"text": {"t": "text", "v": Keyed("Run.", "k.text")}}},
              "bare": Keyed("Bite", "city.enemies.zombie.special.name")}
    out = keyed(params)
    assert out["item"] == {"t": "item", "id": "A1", "name": "Knife", "k": "city.items.knife.name"}
    assert type(out["item"]["name"]) is str
    assert out["why"]["params"]["text"] == {"t": "text", "v": "Run.", "k": "k.text"}
    assert out["bare"] == {"t": "text", "v": "Bite", "k": "city.enemies.zombie.special.name"}
    plain = {"a": {"t": "char", "id": "vera", "name": "Vera"}, "n": 1}
    assert keyed(plain) is plain


def test_give_keys_keys_list_items_by_id_and_leaves_ids_alone():
    from game.engine.defs import NarrativeCardDef

    card = NarrativeCardDef.model_validate({"id": "c1", "name": "Lost", "text": "A voice.",
                                            "options": [{"label": "Go", "text": "You go.", "effect": []}]})
    give_keys({"c1": card}, "city.narrative")
    assert card.name.key == "city.narrative.c1.name" and card.options[0].label.key == "city.narrative.c1.options.0.label"
    assert not isinstance(card.id, Keyed)


def _content_refs(v, out):
    if isinstance(v, dict):
        t = v.get("t")
        if t in ("char", "enemy", "item", "card", "text", "room"):
            out.append(v)
        elif t == "sq" and v.get("room"):  # a square's room: its key as ``rk``
            out.append({"t": "sq", "name": v["room"], "k": v.get("rk")})
        for x in v.values():
            _content_refs(x, out)
    elif isinstance(v, list):
        for x in v:
            _content_refs(x, out)


def _play_all(monkeypatch):
    """(message id, params) of every event and prompt of bot games: the city (a boss fight and a
    scenario with narrative cards), the manor (a campaign's first scenarios) and the dungeon."""
    from game.ai.dungeon_bot import party as dparty
    from game.ai.dungeon_bot import play as dplay
    from game.ai.mansion_bot import play_mansion_campaign
    from game.content.dungeon_pack import dungeon_scenario
    from game.content.mansion_pack import MANSION_PARTY, load_mansion_pack, mansion_content
    from game.engine.machine import Machine
    from tools.golden import playthrough

    seen: list = []
    real_emit, real_ask, real_wait = Machine.emit, Machine.ask, Machine.wait

    def emit(self, kind, rule, msg, params=None, /, **data):
        real_emit(self, kind, rule, msg, params, **data)
        seen.append((self.ev[-1].msg, self.ev[-1].params))

    def ask(self, kind, seat, prompt, options, ctx, params=None, **kw):
        real_ask(self, kind, seat, prompt, options, ctx, params, **kw)
        if self.s.pending is not None and self.s.pending.kind == kind:
            seen.append((self.s.pending.prompt, self.s.pending.params))

    def wait(self, kind, seat, prompt, options, ctx=None, params=None, **kw):
        real_wait(self, kind, seat, prompt, options, ctx, params, **kw)
        seen.append((self.s.pending.prompt, self.s.pending.params))

    monkeypatch.setattr(Machine, "emit", emit)
    monkeypatch.setattr(Machine, "ask", ask)
    monkeypatch.setattr(Machine, "wait", wait)
    playthrough("practice-stalker", 2, 4)
    playthrough("outskirts", 3, 5)
    ct = mansion_content()
    play_mansion_campaign(load_mansion_pack(ct), ct, list(MANSION_PARTY[:2]), 1, max_scenarios=2)
    dplay(dungeon_scenario("sunken_reliquary"), dparty(2), 3, max_steps=400)
    return seen


def test_events_and_prompts_of_played_games_carry_keys_and_are_worded_by_them(monkeypatch, poisoned):
    """Every reference to a content text in the events and prompts of city, manor and dungeon bot
    games carries its stable key (``k``; a square's room ``rk``, a room of a Tiled map), and the Japanese sentence never holds the words an
    English-matching lookup finds (the poison)."""
    seen = _play_all(monkeypatch)
    refs: list = []
    for _mid, params in seen:
        _content_refs(params, refs)
    kinds = {r["t"] for r in refs}
    assert {"char", "enemy", "item", "card", "text", "sq"} <= kinds, kinds
    missing = [r for r in refs if not r.get("k") and (r.get("name") or r.get("v"))]
    assert not missing, f"{sorted(set(map(str, missing)))} {len(missing)} of {len(refs)} content references without a key, e.g. {missing[:3]}"
    lines = [render(mid, params, "ja") for mid, params in seen]
    assert not [x for x in lines if POISON in x]


def test_a_save_made_before_keys_loads_with_them_and_no_rules_changed_note(tmp_path):
    """Migration: a save whose message references have no stable keys (written before issue 23 item 1)
    loads as the replay of its record, which has them, without the "rules changed" note."""
    import json

    from game.__main__ import default_party
    from game.content.loader import load_scenario
    from game.content.saves import _without_text_keys, load_game, save_game
    from game.engine import new_game

    scn = load_scenario("practice-stalker")
    s = new_game(scn, default_party(2), 4)
    assert '"k":' in s.model_dump_json(), "the pending decision names content texts by key"
    path = tmp_path / "old.json"
    save_game(path, s, default_party(2))
    doc = json.loads(path.read_text())
    doc["state"] = _without_text_keys(doc["state"])
    path.write_text(json.dumps(doc))
    assert '"k":' not in path.read_text()
    notes: list = []
    loaded, _party = load_game(path, scn, notes=notes)
    assert notes == [] and loaded.same_as(s)


def test_the_narrative_card_dialog_words_its_card_by_key(poisoned):
    """The narrative card's dialog takes the card's name, story and options from the event's data
    (Keyed texts) and words them by key: in Japanese none of them is the poisoned English match."""
    from game.content.loader import load_content
    from game.engine.actions import Event
    from game.ui.narrative import NarrativeDialog

    card = next(d for d in load_content().narrative.values() if d.options)
    e = Event("narrative", "R-NARR-3", data={"name": card.name, "story": card.text, "card": card.id, "options": [
        {"label": o.label, "text": o.text, "available": True} for o in card.options]})
    d = NarrativeDialog(None, e)
    cat = i18n.content_catalogue("ja")
    assert d.name == cat[card.name.key] and d.story == cat[card.text.key]
    assert [o["label"] for o in d.options] == [cat[o.label.key] for o in card.options]


def test_an_emitted_event_writes_the_keys_when_its_params_are_read():
    """Issue 30 item 5: ``Machine.emit`` leaves the keying of an event's parameters until they are
    first read (most events of a search's playout never are): what is read, compared, copied or
    pickled is what keying at once gave."""
    import copy
    import pickle

    from game.engine.actions import Event

    raw = {"item": {"t": "item", "id": "A1", "name": Keyed("Knife", "city.items.knife.name")}, "n": 2}
    eager = keyed(raw)
    for e in (Event.emitted("take", "R-X-1", "take.item", raw, {}),):
        assert e == Event("take", "R-X-1", msg="take.item", params=eager)
        assert e.params == eager and e.params is e.params  # keyed once, then kept
    assert copy.deepcopy(Event.emitted("take", "", "take.item", raw, {})).params == eager
    assert pickle.loads(pickle.dumps(Event.emitted("take", "", "take.item", raw, {}))).params == eager
    assert Event.emitted("take", "", "take.item", None, {}).params == {}
