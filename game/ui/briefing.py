"""A scenario brief's own rules in the player's words: the briefing paragraph party set-up shows and
the play log opens with (R-SCEN-1, R-SCEN-2, R-SCEN-8). Level 1 of the UI's map: words only, no
pygame, no engine (the first menu frame imports it)."""
from __future__ import annotations

from typing import Any

from ..i18n import _, _f


def briefing_rules(brief: Any) -> str:
    """The brief's special rules and extra failure conditions as one briefing paragraph
    (R-SCEN-1, R-SCEN-2 ``special_rules``, R-SCEN-8 (c) ``extra_failure``); '' when it has none."""
    parts = [_f("{name}: {text}", name=_(r.name), text=_(r.text)) for r in getattr(brief, "special_rules", [])]
    parts += [_f("Fails if: {text}", text=_(f.text)) for f in getattr(brief, "extra_failure", [])]
    return "  ·  ".join(p.strip() for p in parts)
