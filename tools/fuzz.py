"""Random games from outside: bots mixed with random legal actions, every invariant checked
after every step, replay and mid-game save/load checked (issue 13 deliverable 3).

    python -m tools.fuzz --games 200 --scenario outskirts
    python -m tools.fuzz --games 50 --scenario all --random 0.5 --seed 1000
    python -m tools.fuzz --files 500          # hostile files: mutated saves, card files, briefs

Each game g uses seed S+g for the engine, the bot and the tools' own chooser; the party size is
drawn from the seed (1-4) unless ``--players`` is given. At each step the chooser takes the
bot's action (game.ai.bot) or, with probability ``--random``, a uniformly random legal action.
After every step :func:`game.engine.invariants.check_state` runs; every ``--save-every`` steps
(on average) the game is saved and loaded through game.content.saves, the loaded state must
equal the live one, and play goes on from the loaded copy. At the end the record must replay
to the same state. A game that does not end within ``--max-steps`` is a failure (an endless
sequence of legal actions). Only the public API is used (new_game, legal_actions, apply,
replay, the bot, saves).

With ``--files N`` it mutates N saves (truncated, bytes flipped, values replaced by odd ones,
deleted, swapped), N card files and N briefs (truncated, odd text inserted: deep brackets,
aliases, huge numbers, tags; numbers replaced; lines deleted) and counts, per kind, valid loads,
clean refusals (a ContentError naming the file) and failures (anything else, or over 20 s).

Prints one line per failure (``FAIL scenario=... seed=... players=... step=...: what``) and a
summary (``name: value unit``); exit code 1 if anything broke.
"""
from __future__ import annotations

import argparse
import json
import re
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Failure:
    scenario: str
    seed: int
    players: int
    step: int
    what: str

    def __str__(self) -> str:
        return f"FAIL scenario={self.scenario} seed={self.seed} players={self.players} step={self.step}: {self.what}"


@dataclass
class Report:
    games: int = 0
    steps: int = 0
    saves: int = 0
    results: dict = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)


def play_one(scn, seed: int, players: int | None = None, p_random: float = 0.3, save_every: int = 40,
             max_steps: int = 5000, save_dir: Path | None = None, check_every: int = 1,
             name: str | None = None, load_scenario=None) -> tuple[str, int, list[Failure]]:
    """Play one fuzzed game of scenario ``scn``. Returns (result, steps, failures); stops at the
    first failure of the game. ``save_every`` 0 turns the save/load check off. With
    ``load_scenario(sid, map_path)`` (the plain brief, as the window's Continue loads it) the save
    is opened as Continue opens it (:func:`game.content.saves.open_save`: the save's set-up
    rebuilds a standalone or easy scenario); else with ``scn`` itself. ``name``: the variant's
    name in failures (default the brief's id)."""
    from game.__main__ import default_party
    from game.ai.modes import bot_for
    from game.content.saves import load_game, open_save, save_game
    from game.engine import apply, legal_actions, new_game, replay
    from game.engine.invariants import check_state

    rnd = random.Random(seed * 7919 + 17)
    n = players or rnd.randint(1, 4)
    party = default_party(n, scn.content)
    if len(scn.board.start) < 2:
        party = [(cid, 1) for cid, _ in party]
    sid = name or scn.brief.id

    def fail(step: int, what: str) -> tuple[str, int, list[Failure]]:
        return "broken", step, [Failure(sid, seed, n, step, what)]

    try:
        s = new_game(scn, party, seed)
    except Exception as ex:  # the tool reports engine errors; it does not fix them
        return fail(0, f"new_game raised {ex.__class__.__name__}: {ex}")
    probs = check_state(s)
    if probs:
        return fail(0, probs[0])
    bot = bot_for(s, seed)  # the rule set's own bot (the manor's decisions)
    step = 0
    while not s.over:
        if step >= max_steps:
            return fail(step, f"no end after {max_steps} steps (an endless sequence of legal actions?); "
                        f"pending '{s.pending.kind if s.pending else None}'")
        try:
            legal = legal_actions(s)
            if not legal:
                return fail(step, f"no legal action while the game is not over (pending "
                            f"'{s.pending.kind if s.pending else None}')")
            a = rnd.choice(legal) if rnd.random() < p_random else bot.choose(s)
            ev = apply(s, a)
        except Exception as ex:
            tb = traceback.extract_tb(ex.__traceback__)[-1]
            return fail(step + 1, f"{ex.__class__.__name__}: {ex} (at {Path(tb.filename).name}:{tb.lineno})")
        step += 1
        if len(ev) == 1 and ev[0].kind == "impossible":
            return fail(step, f"a legal action was refused: {ev[0].text}")
        if step % check_every == 0 or s.over:
            probs = check_state(s)
            if probs:
                more = f" (and {len(probs) - 1} more)" if len(probs) > 1 else ""
                return fail(step, probs[0] + more)
        if save_every and save_dir is not None and not s.over and rnd.random() < 1 / save_every:
            path = save_dir / f"fuzz_{seed}.json"
            try:
                save_game(path, s, party)
                notes: list[str] = []
                if load_scenario is not None:
                    loaded, lparty, _doc = open_save(path, load_scenario, notes=notes)
                else:
                    loaded, lparty = load_game(path, scn, notes=notes)
            except Exception as ex:
                return fail(step, f"save/load failed: {ex.__class__.__name__}: {ex}")
            if not loaded.same_as(s) or lparty != party or notes or type(loaded) is not type(s):
                return fail(step, "the loaded save differs from the game saved" + (f" ({notes[0]})" if notes else ""))
            s = loaded
    try:
        again = replay(scn, party, seed, s.record, s.manual)
    except Exception as ex:
        return fail(step, f"replay raised {ex.__class__.__name__}: {ex}")
    if not again.same_as(s):
        return fail(step, "the record does not replay to the same state")
    return s.result or "unfinished", step, []


# ============================================================================ hostile files
def _paths(obj, prefix=()):
    """Every (path) to a value inside a JSON document."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


def _set(doc, path, value):
    cur = doc
    for k in path[:-1]:
        cur = cur[k]
    if isinstance(cur, list) and value is _DELETE:
        del cur[path[-1]]
    elif isinstance(cur, dict) and value is _DELETE:
        cur.pop(path[-1], None)
    else:
        cur[path[-1]] = value


_DELETE = object()

def mutate(text: str, muts) -> bytes:
    """A JSON document with mutations applied: (kind, where 0..1, arg), kind one of value
    (replace a value), delete, swap (two values), truncate, flip (overwrite bytes)."""
    data = text.encode()
    doc = json.loads(text)
    structural = False
    for kind, where, arg in muts:
        paths = [p for p in _paths(doc) if p]
        p = paths[int(where * (len(paths) - 1))]
        if kind == "value":
            _set(doc, p, arg)
            structural = True
        elif kind == "delete":
            _set(doc, p, _DELETE)
            structural = True
        elif kind == "swap":
            q = paths[int(arg * (len(paths) - 1))]
            try:
                a, b = _get(doc, p), _get(doc, q)
                _set(doc, p, b)
                _set(doc, q, a)
                structural = True
            except (KeyError, IndexError, TypeError):
                pass
    if structural:
        data = json.dumps(doc).encode()
    for kind, where, arg in muts:
        if kind == "truncate":
            data = data[:int(where * len(data))]
        elif kind == "flip":
            i = int(where * max(0, len(data) - 1))
            data = data[:i] + arg + data[i + len(arg):]
    return data


def _get(doc, path):
    cur = doc
    for k in path:
        cur = cur[k]
    return cur


def mutate_text(text: str, muts) -> str:
    """``text`` with text mutations applied: (kind, where 0..1, arg), kind one of truncate,
    insert, replace_number, delete_line."""
    for kind, where, arg in muts:
        i = int(where * len(text))
        if kind == "truncate":
            text = text[:i]
        elif kind == "insert":
            text = text[:i] + arg + text[i:]
        elif kind == "replace_number":
            nums = list(re.finditer(r"\b\d+\b", text))
            if nums:
                m = nums[int(where * (len(nums) - 1))]
                text = text[:m.start()] + arg + text[m.end():]
        elif kind == "delete_line":
            lines = text.splitlines(True)
            if lines:
                del lines[int(where * (len(lines) - 1))]
                text = "".join(lines)
    return text



TEXT_INSERTS = ["9" * 60, "-", "[", "{", "&a", "*a", ": ", "\n- ", "  ", "\t", "1000000000", "!!python/object:os.system",
                "'", "~", "null", "\n  n: 99999999\n", "[[[[[[[[", "\x00", "99999999999999999999999999",
                "[" * 5000, "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b]\n"]
NUMBERS = ["0", "-1", "1000000000", "7", "1e9", "x", "9" * 5000]
JSON_ODD = [None, True, -1, 0, 10 ** 30, 1.5, "", "zombie", "e1", "t2", "vera", "A1:green_herb", [], {}, [[0, 0]],
            {"t": "spawn"}, [99, 99], "x" * 300]


def random_json_mutations(rnd: random.Random) -> list:
    out = []
    for _ in range(rnd.randint(1, 3)):
        kind = rnd.choice(["truncate", "flip", "value", "value", "delete", "swap"])
        arg = {"truncate": None, "flip": bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 3))),
               "value": rnd.choice(JSON_ODD), "delete": None, "swap": rnd.random()}[kind]
        out.append((kind, rnd.random(), arg))
    return out


def random_text_mutations(rnd: random.Random) -> list:
    out = []
    for _ in range(rnd.randint(1, 3)):
        kind = rnd.choice(["truncate", "insert", "insert", "replace_number", "replace_number", "delete_line"])
        arg = rnd.choice(TEXT_INSERTS) if kind == "insert" else rnd.choice(NUMBERS) if kind == "replace_number" else ""
        out.append((kind, rnd.random(), arg))
    return out


class _Timeout(Exception):
    pass


def _timed(fn, seconds: int):
    """Run ``fn()``; raise _Timeout after ``seconds`` (SIGALRM, POSIX main thread)."""
    import signal

    def on_alarm(signum, frame):
        raise _Timeout()
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        return fn()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def fuzz_files(n: int, seed: int, out=print, time_limit: int = 20) -> dict[str, dict[str, int]]:
    """Mutate ``n`` saves, ``n`` card files and ``n`` briefs; count, per kind, valid loads,
    clean refusals (ContentError naming the file) and failures (anything else, or over
    ``time_limit`` seconds). Prints each failure."""
    import shutil

    from game.content.errors import ContentError
    from game.content.loader import DATA, SCENARIOS, load_content, load_scenario
    from game.content.saves import inspect_slot, open_save, save_game
    from game.engine import apply, legal_actions, new_game
    from game.engine.invariants import check_state

    rnd = random.Random(seed)
    counts = {k: {"files": 0, "loaded": 0, "refused": 0, "failed": 0} for k in ("save", "card", "brief")}
    ct0 = load_content()
    intro = load_scenario("intro", ct0)
    cards = ["enemies.yaml", "tension.yaml", "items.yaml", "decks.yaml", "behaviour.yaml", "narrative.yaml",
             "characters.yaml"]
    briefs = sorted(p.name for p in SCENARIOS.glob("*.yaml"))
    with tempfile.TemporaryDirectory(prefix="dreadboard-filefuzz-") as tmp:
        tmp = Path(tmp)
        models = []
        for k, sid in enumerate(sorted(ct0.scenarios)):
            scn = load_scenario(sid, ct0)
            s = new_game(scn, default_party_for(scn, 2), seed + k)
            for i in range(rnd.randint(5, 60)):
                if s.over:
                    break
                legal = legal_actions(s)
                apply(s, legal[rnd.randrange(len(legal))])
            p = tmp / f"model_{sid}.json"
            save_game(p, s, default_party_for(scn, 2))
            models.append((scn, p.read_text()))
        data, scen = tmp / "data", tmp / "scenarios"
        shutil.copytree(DATA, data)
        scen.mkdir()
        for p in SCENARIOS.glob("*.yaml"):
            shutil.copy(p, scen / p.name)

        def record(kind: str, what: str, fn) -> None:
            counts[kind]["files"] += 1
            try:
                ok = _timed(fn, time_limit)
                counts[kind]["loaded" if ok else "refused"] += 1
            except _Timeout:
                counts[kind]["failed"] += 1
                out(f"FAIL {kind} {what}: over {time_limit} s")
            except Exception as ex:
                counts[kind]["failed"] += 1
                tb = traceback.extract_tb(ex.__traceback__)[-1]
                out(f"FAIL {kind} {what}: {ex.__class__.__name__}: {str(ex)[:200]} (at {Path(tb.filename).name}:"
                    f"{tb.lineno})")

        for i in range(n):  # saves
            scn, text = models[i % len(models)]
            muts = random_json_mutations(rnd)
            folder = tmp / f"slot{i}"
            folder.mkdir()
            (folder / "save.json").write_bytes(mutate(text, muts))

            def one_save():
                info = inspect_slot(folder / "save.json", lambda sid, mp: scn if sid == scn.id else load_scenario(sid))
                if info.status == "damaged":
                    if "save.json" not in info.reason:
                        raise AssertionError(f"refusal does not name the file: {info.reason}")
                    return False
                state, _, _ = open_save(folder / "save.json", lambda sid, mp: scn)
                if check_state(state):
                    raise AssertionError(f"loaded a state breaking an invariant: {check_state(state)[0]}")
                if not state.over:
                    apply(state, legal_actions(state)[0])
                return True
            record("save", f"#{i} of {scn.id} mutations={muts!r:.200}", one_save)
            shutil.rmtree(folder, ignore_errors=True)

        for kind, names, folder, orig in (("card", cards, data, DATA), ("brief", briefs, scen, SCENARIOS)):
            for i in range(n):
                name = names[i % len(names)]
                muts = random_text_mutations(rnd)
                (folder / name).write_text(mutate_text((orig / name).read_text(), muts), encoding="utf-8")

                def one_file():
                    try:
                        ct = load_content(data, scen)
                        for sid in ct.scenarios:
                            scn = load_scenario(sid, ct)
                        scn = load_scenario("intro", ct) if "intro" in ct.scenarios else scn
                        s = new_game(scn, default_party_for(scn, 1), 3)
                        for _ in range(10):
                            if s.over:
                                break
                            apply(s, legal_actions(s)[0])
                        return True
                    except ContentError as ex:
                        if not ex.file:
                            raise AssertionError(f"refusal names no file: {ex}")
                        return False
                record(kind, f"{name} mutations={muts!r:.200}", one_file)
                shutil.copy(orig / name, folder / name)
    return counts


def default_party_for(scn, n: int) -> list[tuple[str, int]]:
    from game.content.loader import party_for

    party = party_for(scn.content, n)
    return [(c, 1) for c, _ in party] if len(scn.board.start) < 2 else party


# ============================================================================ whole campaigns
def play_campaign_fuzzed(kind: str, seed: int, save_dir: Path, p_random: float = 0.2, max_scenarios: int = 6,
                         max_steps: int = 3000, p_campaign: float | None = None) -> tuple[str, int, int, list[Failure]]:
    """One random campaign of ``kind`` ("city" or "manor"): campaign decisions by the campaign bot
    or, with probability ``p_random``, a random legal one; each scenario played by the bot mixed with
    random legal actions (cut at ``max_steps`` as the campaign bots do), saved and loaded once in
    the middle; the campaign saved and loaded between every two scenarios (the loaded state must
    equal the saved one), at most ``max_scenarios`` scenarios; at the end the campaign's own record
    and its scenarios' records must replay to the same state. Returns (result, scenarios,
    round trips, failures)."""
    from game.ai import campaign_bot, mansion_bot
    from game.ai.bot import Bot
    from game.content.campaign_saves import load_campaign, save_campaign
    from game.engine import apply as gapply
    from game.engine import legal_actions
    from game.engine.api import give_up
    from game.engine.campaign import (apply, attempt_records, begin_scenario, conservation, finish_scenario, legal,
                                      replay_campaign, start_campaign)
    from game.engine.campaign.checks import impossible

    rnd = random.Random(seed * 104729 + 7)
    if kind == "manor":
        from game.content.mansion_pack import load_card_scenario, load_mansion_pack, mansion_content
        ct = mansion_content()
        pack = load_mansion_pack(ct)
        chars = list(ct.characters)
        choose, bot_class = mansion_bot.choose, mansion_bot.MansionBot
        loader = lambda sid: load_card_scenario(pack, sid, ct)  # noqa: E731
    else:
        from game.content.campaign_pack import load_campaign_scenario, load_pack
        from game.content.loader import load_content
        ct = load_content()
        pack = load_pack("city", ct)
        chars = ["vera", "mateo", "anton", "grigor"]
        choose, bot_class = campaign_bot.choose, Bot
        loader = lambda sid: load_campaign_scenario(pack, sid, ct)  # noqa: E731
    cache: dict = {}

    def load(sid):
        if sid not in cache:
            cache[sid] = loader(sid)
        return cache[sid]
    party = chars[:rnd.randint(1, min(4, len(chars)))]
    name = f"campaign-{kind}"
    path = save_dir / f"{kind}_{seed}.json"
    fails: list[Failure] = []

    def fail(step: int, what: str):
        return "broken", scenarios, trips, [Failure(name, seed, len(party), step, what)]
    scenarios = trips = 0
    try:
        cs = start_campaign(pack, ct, party, seed, easy=rnd.random() < 0.3)
    except Exception as ex:
        return "broken", 0, 0, [Failure(name, seed, len(party), 0, f"start_campaign raised {ex!r}")]
    decisions = 0
    while not cs.over and scenarios < max_scenarios:
        if cs.phase == "playing":
            decisions = 0
            try:
                gs = begin_scenario(cs, load(cs.chosen))
            except Exception as ex:
                return fail(scenarios, f"begin_scenario({cs.chosen}) raised {ex.__class__.__name__}: {ex}")
            bot = bot_class(gs.seed)
            cut = rnd.randrange(1, 200)
            n = 0
            while not gs.over and n < max_steps:
                legal_now = legal_actions(gs)
                if not legal_now:
                    return fail(scenarios, f"no legal action in {cs.playing.scenario} at step {gs.step} (not over)")
                try:
                    gapply(gs, rnd.choice(legal_now) if rnd.random() < p_random else bot.choose(gs))
                except Exception as ex:
                    return fail(scenarios, f"{cs.playing.scenario} step {gs.step}: {ex.__class__.__name__}: {ex}")
                n += 1
                if n == cut and not gs.over:  # saved and continued mid-scenario
                    try:
                        save_campaign(path, cs, gs)
                        cs2, gs2 = load_campaign(path, pack, ct, load)
                    except Exception as ex:
                        return fail(scenarios, f"mid-scenario save/load: {ex.__class__.__name__}: {ex}")
                    trips += 1
                    if cs2.model_dump(mode="json") != cs.model_dump(mode="json") or gs2 is None or not gs2.same_as(gs):
                        return fail(scenarios, "the campaign loaded mid-scenario differs from the one saved")
                    cs, gs = cs2, gs2
            give_up(gs)
            try:
                finish_scenario(cs, gs)
            except Exception as ex:
                return fail(scenarios, f"finish_scenario raised {ex.__class__.__name__}: {ex}")
            scenarios += 1
            try:  # between scenarios: saved and continued
                save_campaign(path, cs)
                cs2, _ = load_campaign(path, pack, ct, load)
            except Exception as ex:
                return fail(scenarios, f"save/load between scenarios: {ex.__class__.__name__}: {ex}")
            trips += 1
            if cs2.model_dump(mode="json") != cs.model_dump(mode="json"):
                return fail(scenarios, "the campaign loaded between scenarios differs from the one saved")
            cs = cs2
            continue
        opts = legal(cs)
        if not opts:
            return fail(scenarios, f"the campaign waits on nobody at {cs.phase} (not over)")
        decisions += 1
        if decisions > 400:
            break  # a random walk trading cards back and forth: stop here (not a failure)
        try:
            apply(cs, rnd.choice(opts) if rnd.random() < (p_random if p_campaign is None else p_campaign) else choose(cs))
        except Exception as ex:
            return fail(scenarios, f"campaign decision at {cs.phase}: {ex.__class__.__name__}: {ex}")
        why = impossible(cs) or (conservation(cs) or [None])[0]
        if why:
            return fail(scenarios, f"the campaign reached a state its load check refuses: {why}")
    try:
        # (the party it started with: a solo swap, R-SOLO, changes cs.party on the way)
        again = replay_campaign(pack, ct, party, cs.seed, cs.record, attempt_records(cs), load, easy=cs.mode.easy)
    except Exception as ex:
        return fail(scenarios, f"replay_campaign raised {ex.__class__.__name__}: {ex}")
    if cs.phase != "playing" and again.model_dump(mode="json") != cs.model_dump(mode="json"):
        return fail(scenarios, "the campaign's records do not replay to the same state")
    return cs.result or "unfinished", scenarios, trips, []


def fuzz_campaigns(n: int, seed: int, out=print, p_random: float = 0.2, max_scenarios: int = 6,
                   max_steps: int = 3000) -> dict:
    """``n`` random campaigns, city and manor alternately (:func:`play_campaign_fuzzed`); prints each
    failure; returns the counts."""
    rep = {"campaigns": 0, "scenarios": 0, "round_trips": 0, "failures": 0}
    with tempfile.TemporaryDirectory(prefix="dreadboard-cfuzz-") as tmp:
        for i in range(n):
            result, sc, trips, fails = play_campaign_fuzzed("city" if i % 2 == 0 else "manor", seed + i, Path(tmp),
                                                            p_random, max_scenarios, max_steps)
            rep["campaigns"] += 1
            rep["scenarios"] += sc
            rep["round_trips"] += trips
            for f in fails:
                rep["failures"] += 1
                out(str(f))
    return rep


def fuzz_campaign_saves(n: int, seed: int, out=print, time_limit: int = 20) -> dict:
    """Mutate ``n`` campaign saves (city and manor, between scenarios and mid-scenario) as
    :func:`fuzz_files` mutates scenario saves; each must be refused with a ContentError naming the
    file, or load into a campaign its own checks accept (load check, card conservation, the game's
    invariants) that then takes its next decision or action without an error. Returns the counts
    (``loaded``, ``refused``, ``failed``)."""
    import shutil

    from game.content.campaign_saves import load_campaign, save_campaign
    from game.content.errors import ContentError
    from game.engine import apply as gapply
    from game.engine import legal_actions
    from game.engine.campaign import apply, conservation, legal
    from game.engine.invariants import check_state
    from game.engine.campaign.checks import impossible

    rnd = random.Random(seed)
    counts = {"files": 0, "loaded": 0, "refused": 0, "failed": 0}
    with tempfile.TemporaryDirectory(prefix="dreadboard-csavefuzz-") as tmp:
        tmp = Path(tmp)
        models = []  # (text, pack, content, load)
        for k, kind in enumerate(("city", "manor", "city", "manor")):
            _r, _s, _t, fails = play_campaign_fuzzed(kind, seed + k, tmp, max_scenarios=1 + k // 2, max_steps=400)
            if fails:
                out(f"FAIL model campaign: {fails[0]}")
            p = tmp / f"{kind}_{seed + k}.json"
            if kind == "manor":
                from game.content.mansion_pack import load_card_scenario, load_mansion_pack, mansion_content
                ct = mansion_content()
                pack = load_mansion_pack(ct)
                load = lambda sid, pack=pack, ct=ct: load_card_scenario(pack, sid, ct)  # noqa: E731
            else:
                from game.content.campaign_pack import load_campaign_scenario, load_pack
                from game.content.loader import load_content
                ct = load_content()
                pack = load_pack("city", ct)
                load = lambda sid, pack=pack, ct=ct: load_campaign_scenario(pack, sid, ct)  # noqa: E731
            if p.is_file():
                models.append((p.read_text(), pack, ct, load))
        for i in range(n):
            text, pack, ct, load = models[i % len(models)]
            muts = random_json_mutations(rnd)
            folder = tmp / f"slot{i}"
            folder.mkdir()
            slot = folder / "save.json"
            slot.write_bytes(mutate(text, muts))

            def one() -> bool:
                try:
                    cs, gs = load_campaign(slot, pack, ct, load)
                except ContentError as ex:
                    if "save.json" not in str(ex.file):
                        raise AssertionError(f"refusal does not name the file: {ex}")
                    return False
                why = impossible(cs) or (conservation(cs) or [None])[0] or (check_state(gs) if gs is not None else [None])[0]
                if why:
                    raise AssertionError(f"loaded an impossible state: {why}")
                if gs is not None and not gs.over:
                    gapply(gs, legal_actions(gs)[0])
                elif cs.pending is not None and legal(cs):
                    apply(cs, legal(cs)[0])
                return True
            counts["files"] += 1
            try:
                counts["loaded" if _timed(one, time_limit) else "refused"] += 1
            except _Timeout:
                counts["failed"] += 1
                out(f"FAIL campaign save #{i}: over {time_limit} s (mutations={muts!r:.200})")
            except Exception as ex:
                counts["failed"] += 1
                tb = traceback.extract_tb(ex.__traceback__)[-1]
                out(f"FAIL campaign save #{i}: {ex.__class__.__name__}: {str(ex)[:200]} (at {Path(tb.filename).name}:"
                    f"{tb.lineno}) mutations={muts!r:.200}")
            shutil.rmtree(folder, ignore_errors=True)
    return counts


def variant_names() -> list[str]:
    """Every scenario variant a player can start (issue 29): each city/core brief as New game and
    ``--scenario`` start it, each city campaign scenario from the campaign menu's standalone button
    (``standalone:<slot>``, R-STAND), each manor card as ``--scenario m_...`` plays it (the Grand
    Hall as the manor's Introduction, the others standalone, M-MODE-3)."""
    from game.content.campaign_pack import load_pack
    from game.content.loader import load_content
    from game.content.mansion_pack import mansion_content

    return (sorted(load_content().scenarios) + [f"standalone:{sl.id}" for sl in load_pack("city").scenario_defs]
            + sorted(mansion_content().scenarios))


def load_variant(name: str):
    """The scenario of variant ``name`` (see :func:`variant_names`). Raises ContentError."""
    from game.content.loader import load_content, load_scenario

    if name.startswith("standalone:"):
        from game.content.campaign_pack import load_campaign_scenario, load_pack
        from game.engine.campaign import standalone_scenario

        ct = load_content()
        pack = load_pack("city", ct)
        return standalone_scenario(pack, load_campaign_scenario(pack, name.split(":", 1)[1], ct))
    return load_scenario(name)


def _plain_loader():
    """``load_scenario(sid, map_path)`` as the window's Continue calls it, cached."""
    from functools import lru_cache

    from game.content.loader import load_scenario

    @lru_cache(maxsize=64)
    def load(sid: str, map_path: str | None):
        return load_scenario(sid, map_path=map_path)
    return load


def run(scenarios: list[str], games: int, seed: int, players: int | None, p_random: float, save_every: int,
        max_steps: int, out=print, stop_after: int = 20) -> Report:
    """Fuzz ``games`` games of each scenario variant (:func:`variant_names`); prints failures as
    they come. Saves are opened as Continue opens them."""
    rep = Report()
    load = _plain_loader()
    with tempfile.TemporaryDirectory(prefix="dreadboard-fuzz-") as tmp:
        for sid in scenarios:
            scn = load_variant(sid)
            for g in range(games):
                result, steps, fails = play_one(scn, seed + g, players, p_random, save_every, max_steps, Path(tmp),
                                                name=sid, load_scenario=load)
                rep.games += 1
                rep.steps += steps
                rep.results[result] = rep.results.get(result, 0) + 1
                for f in fails:
                    rep.failures.append(f)
                    if len(rep.failures) <= stop_after:
                        out(str(f))
    return rep


def run_spread(scenarios: list[str], total: int, seed: int, players: int | None, p_random: float, save_every: int,
               max_steps: int, out=print, stop_after: int = 20) -> Report:
    """Fuzz ``total`` games in all, game ``g`` on variant ``g mod len(scenarios)`` with seed
    ``seed + g``; prints failures as they come."""
    rep = Report()
    load = _plain_loader()
    scns: dict = {}
    with tempfile.TemporaryDirectory(prefix="dreadboard-fuzz-") as tmp:
        for g in range(total):
            sid = scenarios[g % len(scenarios)]
            if sid not in scns:
                scns[sid] = load_variant(sid)
            result, steps, fails = play_one(scns[sid], seed + g, players, p_random, save_every, max_steps, Path(tmp),
                                            name=sid, load_scenario=load)
            rep.games += 1
            rep.steps += steps
            rep.results[result] = rep.results.get(result, 0) + 1
            for f in fails:
                rep.failures.append(f)
                if len(rep.failures) <= stop_after:
                    out(str(f))
            if (g + 1) % 100 == 0:
                print(f"fuzz_progress: {g + 1} games, {rep.steps} steps, {len(rep.failures)} failures", file=sys.stderr,
                      flush=True)
    return rep


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Fuzz the engine with bots mixed with random legal actions.")
    ap.add_argument("--games", type=int, default=20, help="games per scenario")
    ap.add_argument("--scenario", default="all", help="scenario id, or 'all' (every shipped scenario)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (games use seed, seed+1, ...)")
    ap.add_argument("--players", type=int, choices=[1, 2, 3, 4], default=None, help="party size (default: 1-4 by seed)")
    ap.add_argument("--random", type=float, default=0.3, help="share of random legal actions (0..1)")
    ap.add_argument("--save-every", type=int, default=40, help="save/load about every N steps (0: never)")
    ap.add_argument("--max-steps", type=int, default=5000, help="a game longer than this is a failure")
    ap.add_argument("--files", type=int, default=0, metavar="N",
                    help="instead of games: mutate N saves, N card files and N briefs and count the outcomes")
    ap.add_argument("--total", type=int, default=0, metavar="N",
                    help="N games in all, spread over the scenario variants (instead of --games per variant)")
    ap.add_argument("--campaigns", type=int, default=0, metavar="N",
                    help="instead of games: N random campaigns (city and manor) with save/load between scenarios")
    ap.add_argument("--campaign-saves", type=int, default=0, metavar="N",
                    help="instead of games: mutate N campaign saves and count the outcomes")
    args = ap.parse_args(argv)
    if args.campaigns:
        t0 = time.perf_counter()
        rep = fuzz_campaigns(args.campaigns, args.seed)
        for k in ("campaigns", "scenarios", "round_trips", "failures"):
            print(f"fuzz_campaign_{k}: {rep[k]} {'campaigns' if k in ('campaigns', 'failures') else k}")
        print(f"fuzz_time: {time.perf_counter() - t0:.1f} s")
        return 1 if rep["failures"] else 0
    if args.campaign_saves:
        t0 = time.perf_counter()
        c = fuzz_campaign_saves(args.campaign_saves, args.seed)
        for k in ("files", "loaded", "refused", "failed"):
            print(f"fuzz_campaign_save_{k}: {c[k]} files")
        print(f"fuzz_time: {time.perf_counter() - t0:.1f} s")
        return 1 if c["failed"] else 0
    if args.files:
        t0 = time.perf_counter()
        counts = fuzz_files(args.files, args.seed)
        failed = 0
        for kind, c in counts.items():
            for k in ("files", "loaded", "refused", "failed"):
                print(f"fuzz_{kind}_{k}: {c[k]} files")
            failed += c["failed"]
        print(f"fuzz_time: {time.perf_counter() - t0:.1f} s")
        return 1 if failed else 0
    from game.content.errors import ContentError
    from game.content.loader import load_content

    try:
        known = variant_names()
        ids = known if args.scenario == "all" else [args.scenario]
        if args.scenario != "all" and args.scenario not in known:
            print(f"error: no scenario '{args.scenario}'; choose one of: {', '.join(known)}", file=sys.stderr)
            return 2
        t0 = time.perf_counter()
        if args.total:
            rep = run_spread(ids, args.total, args.seed, args.players, args.random, args.save_every, args.max_steps)
        else:
            rep = run(ids, args.games, args.seed, args.players, args.random, args.save_every, args.max_steps)
    except ContentError as ex:
        print(f"error: {ex}", file=sys.stderr)
        return 2
    secs = time.perf_counter() - t0
    print(f"fuzz_games: {rep.games} games")
    print(f"fuzz_steps: {rep.steps} steps")
    print(f"fuzz_failures: {len(rep.failures)} games")
    for k in sorted(rep.results):
        print(f"fuzz_result_{k}: {rep.results[k]} games")
    print(f"fuzz_time: {secs:.1f} s")
    return 1 if rep.failures else 0


if __name__ == "__main__":
    sys.exit(main())
