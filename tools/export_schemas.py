"""Write JSON Schemas of the content files to docs/schemas/ (for editor autocompletion).

    python -m tools.export_schemas

Point your editor's YAML language server at them, e.g. a first line
``# yaml-language-server: $schema=../../docs/schemas/characters.schema.json``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import BaseModel, create_model

from game.engine.defs import (BehaviourCardDef, CharacterDef, DecksDef, DiceDef, EnemyDef, ItemDef, NarrativeCardDef,
                              ScenarioDef, TensionCardDef)

OUT = Path(__file__).resolve().parents[1] / "docs" / "schemas"
FILES = {"characters": CharacterDef, "enemies": EnemyDef, "items": ItemDef, "tension": TensionCardDef,
         "narrative": NarrativeCardDef, "behaviour": BehaviourCardDef}


def schemas() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for key, model in FILES.items():
        wrapper: type[BaseModel] = create_model(f"{key.title()}File", **{key: (list[model], ...)})
        out[f"{key}.schema.json"] = wrapper.model_json_schema()
    out["decks.schema.json"] = DecksDef.model_json_schema()
    out["dice.schema.json"] = DiceDef.model_json_schema()
    out["scenario.schema.json"] = ScenarioDef.model_json_schema()
    return out


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, sch in schemas().items():
        (OUT / name).write_text(json.dumps(sch, indent=1) + "\n")
        print(f"wrote docs/schemas/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
