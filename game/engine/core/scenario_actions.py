"""Scenario Actions (R-SCEN-4): actions a brief defines, with requirements and effects written in
the effect vocabulary, and the marker objectives they serve (R-SCEN-8)."""
from __future__ import annotations

from ..actions import Action, ActionKind
from ..machine import action, task
from ..messages import marker as marker_ref
from ..state import CharState


class ScenarioActions:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def scenario_action_def(self, aid: str):
        """The brief's scenario action ``aid``. Raises KeyError."""
        for d in self.brief.scenario_actions:
            if d.id == aid:
                return d
        raise KeyError(aid)

    def scenario_action_options(self, c: CharState) -> list[Action]:
        """R-SCEN-4: the brief's actions whose requirements ``c`` meets now."""
        out = []
        s = self.s
        for d in self.brief.scenario_actions:
            if d.once and d.id in s.core.done_actions:
                continue
            if any(m not in s.core.markers for m in d.needs_markers):
                continue
            if d.at is not None and not any(
                    t.pos == c.pos and t.kind == d.at and (d.at_label is None or str(t.props.get("label")) == d.at_label)
                    for t in s.tokens):
                continue
            if d.item is not None and self.held_item(c, d.item) is None:
                continue
            out.append(Action(kind=ActionKind.SCENARIO, target=d.id))
        return out

    def held_item(self, c: CharState, item_id: str) -> str | None:
        """The uid of a card of design ``item_id`` in ``c``'s inventory, or None."""
        for slot in c.inventory:
            for u in slot:
                if self.s.cards[u].defn == item_id:
                    return u
        return None

    @action(ActionKind.SCENARIO)
    def do_scenario(self, c: CharState, a: Action) -> None:
        """R-SCEN-4: carry out a scenario action: use up its item, set its marker, resolve its effects."""
        s = self.s
        d = self.scenario_action_def(a.target)
        used = None
        if d.item is not None and d.consume:
            used = self.held_item(c, d.item)
            if used is not None:
                c.inventory.remove(self.find_slot(c, used))
                s.piles["removed"].append(used)
        s.core.done_actions.append(d.id)
        self.emit("scenario_action", "R-SCEN-4", "scenario.action_text" if d.text else "scenario.action",
                  {"char": self.r_who(c), "action": {"t": "text", "v": d.label}, "text": {"t": "text", "v": d.text or ""}},
                  char=c.cid, action=d.id, label=d.label, item=used)
        # its effects resolve first, then its marker is set (an objective it completes ends the game)
        self.push(*[{"t": "op", "op": op.model_dump(), "card": ""} for op in d.effect if op.op != "NONE"],
                  *([{"t": "marker", "name": d.marker}] if d.marker else []))

    @task("marker")
    def t_marker(self, task: dict) -> None:
        self.set_marker(task["name"])

    def set_marker(self, marker: str) -> None:
        """Set a scenario marker once (R-SCEN-4); objectives may ask for it (R-SCEN-8)."""
        if marker not in self.s.core.markers:
            self.s.core.markers.append(marker)
            self.emit("marker", "R-SCEN-4", "scenario.marker", {"marker": marker_ref(marker)}, marker=marker)

    def markers_met(self) -> bool:
        """Every objective marker of the brief is set."""
        return all(m in self.s.core.markers for m in self.brief.objective_markers)
