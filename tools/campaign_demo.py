"""Open the window in the middle of a bot-played city campaign (for screenshots and playtests).

    python -m tools.campaign_demo --seed 1 --scenarios 6 --at end     # the end phase of the 6th scenario
    python -m tools.campaign_demo --seed 1 --scenarios 6 --at map     # the city map after it
    python -m tools.campaign_demo --seed 1 --scenarios 6 --at sheet   # the campaign sheet over the map
    python -m tools.campaign_demo --seed 1 --at over                  # play to the end: victory or loss screen
    python -m tools.campaign_demo --seed 1 --scenarios 2 --at menu    # the campaign menu listing that save

Bots play the first scenarios (game.ai.campaign_bot); the campaign is saved in a temporary slot
folder, never in the player's own saves.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--scenarios", type=int, default=6)
    ap.add_argument("--name", default="", help="the campaign's name (default: Campaign <seed>)")
    ap.add_argument("--easy", action="store_true", help="easy mode (R-EASY)")
    ap.add_argument("--at", choices=["end", "map", "sheet", "over", "menu"], default="end")
    a = ap.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ai.bot import Bot
    from game.ai.campaign_bot import choose
    from game.engine import apply as gapply
    from game.engine.campaign import apply, begin_scenario
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, CampaignSheetScene, CityMapScene, EndPhaseScene
    from game.ui.scene import Push, Reset

    pygame.display.init()
    pygame.font.init()
    app = App(save_dir=tempfile.mkdtemp(prefix="dreadboard-demo-"))
    s = CampaignSession.new(app, ["vera", "mateo", "anton", "grigor"][: a.players], seed=a.seed, name=a.name,
                            easy=a.easy)
    cs = s.cs
    scene = None
    while not cs.over:
        if cs.phase == "playing":
            gs = begin_scenario(cs, s.scenario(cs.chosen))
            bot = Bot(gs.seed)
            while not gs.over:
                gapply(gs, bot.choose(gs))
            scene = s.after_scenario(app, gs)
            if len(cs.history) >= a.scenarios and a.at != "over":
                break
        else:
            apply(cs, choose(cs))
    if a.at == "over":
        from game.ui.campaign import CampaignOverScene

        scene = CampaignOverScene(s)
    elif a.at == "menu":
        from game.ui.campaign import CampaignMenu

        s.autosave()
        scene = CampaignMenu()
    elif a.at != "end":
        while cs.pending is not None and not cs.phase.endswith("choose") and not cs.over:
            s.apply(choose(cs))
        scene = CityMapScene(s)
    app.apply(Reset(scene))
    if isinstance(scene, EndPhaseScene):
        scene.shown = len(s.lines)
    if a.at == "sheet":
        app.apply(Push(CampaignSheetScene(s)))
    try:
        return app.run()
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
