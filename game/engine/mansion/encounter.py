"""The encounter deck (M-ENC-1..5, MDV-6): drawn instead of rolling the encounter die when a
tile is explored (M-ENC-2) and for corpse checks and ``RISE`` (M-ENC-3); reshuffled from its
discard pile when empty (M-ENC-4)."""
from __future__ import annotations

from ..actions import Action
from ..board import Tile
from ..state import CharState

#: the mansion's own decks drawn during play, as the ``enter`` decision names them (``ctx["what"]``)
#: with the card switch off: deck key in ``MansionSub.decks`` -> (what, prompt)
TABLE_DECKS = {  # deck key -> (what is entered, the prompt's message id)
    "encounter": ("encounter", "ask.draw_encounter"),
    "events": ("scenario_event", "ask.draw_event"),
    "missions": ("mission", "ask.draw_mission"),
    "survivors": ("survivor", "ask.draw_survivor"),
}


class Encounter:
    """Mixin of the mansion rule set (see :mod:`game.engine.mansion`)."""

    def table_cards(self) -> bool:
        """Issue 12, the card switch ("tension" in ``state.manual``: draw from physical decks and
        name the card) also covers the mansion's own decks (encounter M-ENC-1, scenario events
        M-EVENT-3, missions M-MISSION-2, survivors M-RESERVE-1)."""
        return "tension" in self.s.manual

    def top_card(self, key: str) -> str:
        """Take the top card of the mansion deck ``key`` (``TABLE_DECKS``; the deck must not be
        empty). With the card switch off the players draw it from their own deck and name it (the
        ``enter`` decision): one option per card left in the deck, sorted by card id, so the
        options say nothing about the deck's order; the RNG is not used."""
        deck = self.s.mansion.decks[key]
        if not self.table_cards():
            return deck.pop(0)
        what, prompt = TABLE_DECKS[key]
        opts = [Action(kind="draw", item=x, target=what) for x in sorted(set(deck))]
        card = self.entry(what, self.s.active_char.seat, prompt, opts).item or opts[0].item
        deck.remove(card)
        return card

    def shuffle_deck(self, deck: list[str]) -> None:
        """Shuffle a mansion deck with the state's RNG; with the card switch off the table
        shuffles its own deck and the engine's order means nothing, so the RNG is left alone."""
        if not self.table_cards():
            self.s.rng.shuffle(deck)

    def draw_encounter(self, purpose: str) -> str | None:
        """The top encounter card (M-ENC-4: an empty deck is rebuilt from the shuffled discard
        pile first). None only if every card is set aside in a mission."""
        d = self.s.mansion.decks
        deck = d.setdefault("encounter", [])
        if not deck and d.get("encounter_discard"):
            deck.extend(d["encounter_discard"])
            d["encounter_discard"] = []
            self.shuffle_deck(deck)
            self.emit("reshuffle", "M-ENC-4", "encounter.reshuffle")
        if not deck:
            return None
        card = self.top_card("encounter")
        e = self.ct.encounter[card]
        self.emit("encounter", "M-ENC-1", "encounter.card", {"card": {"t": "card", "id": card, "name": e.name}}, card=card, name=e.name, purpose=purpose,
                  clues=e.clues, wounds=e.wounds, hazard=e.hazard)
        return card

    def discard_encounter(self, card: str) -> None:
        self.s.mansion.decks.setdefault("encounter_discard", []).append(card)

    def explore(self, c: CharState, tile: Tile) -> list[dict]:
        """M-ENC-2 (replaces the die of R-EXPLORE-3): draw an encounter card; resolve its special
        text, or spawn its row for the tile's colour; discard it. Green tiles draw nothing."""
        s = self.s
        s.explored.append(tid := tile.id)
        s.explored.sort()
        colour = tile.colour.value
        if colour == "green":  # R-EXPLORE-2
            return []
        card = self.draw_encounter("explore")
        if card is None:
            return []
        e = self.ct.encounter[card]
        self.discard_encounter(card)
        where = {"char": self.r_who(c), "tile": {"t": "room", "id": tid, "name": tile.name},
                 "colour": {"t": "msg", "id": "colour." + colour}, "card": {"t": "card", "id": card, "name": e.name}}
        if e.special:
            what = e.text or e.name
            self.emit("explore", "M-ENC-2", "encounter.explore_special", dict(where, what={"t": "text", "v": what}), tile=tid, roll=0, spawn=[],
                      hazard=e.hazard)
            return [{"t": "op", "op": op.model_dump(), "card": ""} for op in e.special
                    if op.op != "NONE" and self.op_needs(op)]
        spawn = list(e.rows[colour])
        self.emit("explore", "M-ENC-2", "encounter.explore", dict(where, what={
            "t": "list", "v": [{"t": "enemy", "id": None, "type": x, "name": self.ct.enemies[x].name} for x in spawn]}
            if spawn else {"t": "msg", "id": "explore.nothing"}), tile=tid, roll=0, spawn=spawn,
                  hazard=e.hazard)
        return [{"t": "spawn", "tile": tid, "types": spawn, "ref": list(c.pos)}] if spawn else []

    def hazard_check(self, why: str) -> tuple[int, bool, dict]:
        """M-ENC-3 (replaces R-DIE-1 for corpses and RISE): draw an encounter card and discard
        it; its hazard mark makes the corpses rise."""
        card = self.draw_encounter("corpse")
        if card is None:
            return 0, False, {"t": "msg", "id": "hazard.no_card"}
        self.discard_encounter(card)
        e = self.ct.encounter[card]
        return 0, e.hazard, {"t": "msg", "id": "hazard.card", "params": {"card": {"t": "card", "id": card, "name": e.name}}}
