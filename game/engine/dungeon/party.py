"""The dungeon's party: a hero from three cards and their faces (D-COMP-1/5/6, D-SETUP-1..7),
the party's set-up checks (D-OVR-1, D-SETUP-3..6), and how a save names the party (the rule
set's ``read_party``/``party_of`` hooks, :class:`~game.engine.machine.RuleSet`).

A party entry is ``(character, equipment, ability)``, each ``"card"`` for its first face or
``"card:2"`` for its second (``"card:1"`` is the first face too).
"""
from __future__ import annotations

import re
from typing import Any

from .defs import DungeonPack
from .state import DungeonState, HeroState

#: a card choice as a save may name it: a card id, then ``:1`` or ``:2`` (its face)
_CHOICE = re.compile(r"^[a-z0-9_]{1,40}(:[12])?$")


def parse_choice(text: str) -> tuple[str, int]:
    """``"card"`` or ``"card:2"`` (the second face, D-COMP-5/6) -> (card id, face index)."""
    cid, _, face = str(text).partition(":")
    if face not in ("", "1", "2"):
        raise ValueError(f"hero card {text!r}: the face is :1 or :2, not :{face}")
    return cid, (int(face) - 1 if face else 0)


def new_hero(pack: DungeonPack, seat: int, choice: Any) -> HeroState:
    """A hero from ``choice`` = (character, equipment, ability), each ``"card"`` or
    ``"card:2"`` for its second face (D-COMP-1/5/6), at full life, 0 treasure, 0 energy
    (D-SETUP-7). Raises ValueError naming an unknown card or face."""
    if len(choice) != 3:
        raise ValueError(f"hero {seat + 1}: a hero is three cards (character, equipment, ability), got {choice!r}")
    picks = [parse_choice(c) for c in choice]
    for (cid, face), table, what in zip(picks, (pack.characters, pack.equipment, pack.abilities),
                                        ("character", "equipment", "ability")):
        if cid not in table:
            raise ValueError(f"hero {seat + 1}: unknown {what} card {cid!r} (known: {', '.join(sorted(table))})")
        if face >= len(table[cid].faces):  # D-COMP-6: a card without a second face skips the choice
            raise ValueError(f"hero {seat + 1}: the {what} card {cid!r} has no face {face + 1}")
    h = HeroState(uid=f"h{seat + 1}", seat=seat, character=picks[0][0], equipment=picks[1][0], ability=picks[2][0],
                  faces=[picks[0][1], picks[1][1], picks[2][1]])
    h.life = pack.characters[h.character].faces[h.faces[0]].life  # D-SETUP-7
    return h


class PartyRefused(ValueError):
    """A party the rules refuse (D-OVR-1, D-SETUP-3..6), raised by :func:`check_party`: ``msg`` a
    message id (``dungeon.party.<code>``) and ``params`` its typed parameters (hero seat numbers
    from 1, card references, the skill as a message), which the UI words through its catalogues;
    ``rule`` the rule ID, ``code`` and ``seat`` (0-based, None for the party) as in
    :func:`party_problems`. ``str(ex)`` is the English sentence, for logs and tools."""

    def __init__(self, problem: dict) -> None:
        super().__init__(problem["text"])
        self.code, self.rule, self.seat = problem["code"], problem["rule"], problem["seat"]
        self.msg, self.params = problem["msg"], dict(problem["said"])


def _card(kind: str, cid: str, face: Any) -> dict:
    return {"t": "card", "id": cid, "kind": kind, "name": face.name}


def party_problems(pack: DungeonPack, heroes: list[HeroState]) -> list[dict]:
    """D-OVR-1, D-SETUP-3..6: everything the rules refuse in a party (the hero builder shows them
    all before the game starts), each ``{"code", "rule", "seat" (the hero, or None for the party),
    "params" (typed values a screen words), "text" (the English sentence of :func:`check_party`)}``.
    Codes: ``party_size`` (D-OVR-1: 1-4 heroes), ``requires`` (D-SETUP-3: the equipment's skill
    requirement met by the character's plus the ability's modifier; params skill, need, have),
    ``duplicate`` (D-SETUP-4: a character card a hero before it uses), ``copies`` (D-SETUP-5/6: one
    card set for 1-2 heroes, two for 3-4, each copy used by one hero: the heroes beyond the copies;
    params what, card, sets). Each also has ``msg`` (``dungeon.party.<code>``) and ``said`` (that
    message's typed parameters, :class:`PartyRefused`). [] when the party may play."""
    if not 1 <= len(heroes) <= 4:
        return [{"code": "party_size", "rule": "D-OVR-1", "seat": None, "params": {"n": len(heroes)},
                 "msg": "dungeon.party.party_size", "said": {"n": len(heroes)},
                 "text": f"a party is 1 to 4 heroes (D-OVR-1), not {len(heroes)}"}]
    out: list[dict] = []
    sets = 1 if len(heroes) <= 2 else 2  # D-SETUP-6
    for h in heroes:
        ch = pack.characters[h.character].faces[h.faces[0]]
        eq = pack.equipment[h.equipment].faces[h.faces[1]]
        ab = pack.abilities[h.ability].faces[h.faces[2]]
        for skill, need in eq.requires.items():  # D-SETUP-3
            have = getattr(ch, skill) + getattr(ab, skill)
            if have < need:
                out.append({"code": "requires", "rule": "D-SETUP-3", "seat": h.seat,
                            "params": {"skill": skill, "need": need, "have": have},
                            "msg": "dungeon.party.requires",
                            "said": {"seat": h.seat + 1, "equipment": _card("equipment", h.equipment, eq),
                                     "character": _card("character", h.character, ch),
                                     "ability": _card("ability", h.ability, ab),
                                     "skill": {"t": "msg", "id": f"dungeon.skill.{skill}"}, "need": need, "have": have},
                            "text": f"hero {h.seat + 1}: {eq.name} requires {skill} +{need}, and {ch.name} with "
                                    f"{ab.name} has {skill} +{have} (D-SETUP-3)"})
    chars = [h.character for h in heroes]
    for i, h in enumerate(heroes):
        if h.character in chars[:i]:  # D-SETUP-4
            out.append({"code": "duplicate", "rule": "D-SETUP-4", "seat": h.seat, "params": {"card": h.character},
                        "msg": "dungeon.party.duplicate",
                        "said": {"seat": h.seat + 1, "character": _card("character", h.character,
                                                                          pack.characters[h.character].faces[h.faces[0]])},
                        "text": f"two heroes use the character card {h.character!r}; no two heroes may (D-SETUP-4)"})
    for what, ids in (("equipment", [h.equipment for h in heroes]), ("ability", [h.ability for h in heroes])):
        for i, h in enumerate(heroes):
            if ids[:i].count(ids[i]) >= sets:  # D-SETUP-5/6: every copy is already used
                table = pack.equipment if what == "equipment" else pack.abilities
                face = table[ids[i]].faces[h.faces[1] if what == "equipment" else h.faces[2]]
                out.append({"code": "copies", "rule": "D-SETUP-5/6", "seat": h.seat,
                            "params": {"what": what, "card": ids[i], "sets": sets},
                            "msg": "dungeon.party.copies",
                            "said": {"seat": h.seat + 1, "card": _card(what, ids[i], face), "n": sets},
                            "text": f"{ids.count(ids[i])} heroes use the {what} card {ids[i]!r}, and {len(heroes)} "
                                    f"heroes play with {sets} card set(s), so at most {sets} may (D-SETUP-5/6)"})
    return out


def check_party(pack: DungeonPack, heroes: list[HeroState]) -> None:
    """D-OVR-1, D-SETUP-3..6 (:func:`party_problems`). Raises :class:`PartyRefused` (a
    ValueError with a message id and typed parameters) for the first problem: size before
    requirements before duplicates before copies."""
    problems = party_problems(pack, heroes)
    if problems:
        raise PartyRefused(problems[0])


def choice_text(cid: str, face: int) -> str:
    """The canonical text of card ``cid`` on face index ``face`` (0: ``"cid"``, 1: ``"cid:2"``)."""
    return cid if face == 0 else f"{cid}:{face + 1}"


def read_party(scenario: Any, entry: Any, seat: int) -> tuple[str, str, str]:
    """One saved party entry (as JSON gives it back) -> the canonical ``(character, equipment,
    ability)`` that :func:`setup` takes (D-COMP-1/5/6). Raises ValueError saying what is wrong:
    not three card texts, a malformed one, a card the scenario's pack does not know, a face the
    card does not have."""
    if not isinstance(entry, (list, tuple)) or len(entry) != 3 or not all(isinstance(c, str) for c in entry):
        raise ValueError(f"hero {seat + 1} is not three card names (character, equipment, ability)")
    bad = next((c for c in entry if not _CHOICE.match(c)), None)
    if bad is not None:
        raise ValueError(f"hero {seat + 1}: {bad[:40]!r} is not a card name with an optional face :1 or :2")
    h = new_hero(scenario.pack, seat, entry)
    return (choice_text(h.character, h.faces[0]), choice_text(h.equipment, h.faces[1]),
            choice_text(h.ability, h.faces[2]))


def party_of(state: DungeonState) -> list[tuple[str, str, str]]:
    """The party the state's heroes are, in seat order and in :func:`read_party`'s form (a save
    whose party differs from its heroes is refused)."""
    return [(choice_text(h.character, h.faces[0]), choice_text(h.equipment, h.faces[1]),
             choice_text(h.ability, h.faces[2])) for h in sorted(state.dungeon.heroes, key=lambda h: h.seat)]


__all__ = ["PartyRefused", "check_party", "choice_text", "new_hero", "parse_choice", "party_of", "party_problems", "read_party"]
