"""Open the window in the middle of a bot-played city campaign (for screenshots and playtests).

    python -m tools.campaign_demo --seed 1 --scenarios 6 --at end     # the end phase of the 6th scenario
    python -m tools.campaign_demo --seed 1 --scenarios 6 --at map     # the city map after it
    python -m tools.campaign_demo --seed 1 --scenarios 6 --at sheet   # the campaign sheet over the map
    python -m tools.campaign_demo --seed 1 --at over                  # play to the end: victory or loss screen
    python -m tools.campaign_demo --seed 1 --scenarios 2 --at menu    # the campaign menu listing that save
    python -m tools.campaign_demo --at victory                        # a staged finale: the bot wins Clock
                                                                      # Tower 2 and the victory screen opens

Bots play the first scenarios (game.ai.campaign_bot); the campaign is saved in a temporary slot
folder, never in the player's own saves.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile


#: the gear a party that reached the Clock Tower would carry (Item B pool cards, full dials)
FINALE_GEAR = ["magnum", "assault_rifle", "shotgun", "grenade_launcher", "first_aid_spray", "first_aid_spray"]


def stage_finale(cs) -> None:
    """Stage the campaign's last step by hand (a demo and test set-up, not a played campaign):
    Clock Tower 1 completed, Clock Tower 2 open (R-CAMP-16), and FINALE_GEAR dealt round the
    party from the Item B pool with full dials. Raises StopIteration if a card is not in the pool."""
    pack, ct = cs.pack_def, cs.content
    cs.slots[pack.first_finale] = "open"
    cs.slots[pack.final] = "open"
    cs.completed.append(pack.first_finale)
    for i, k in enumerate(FINALE_GEAR):
        c = cs.characters[i % len(cs.characters)]
        u = next(u for u in cs.piles["b_pool"] if cs.cards[u].defn == k)
        cs.piles["b_pool"].remove(u)
        w = ct.items[k].weapon
        if w is not None and w.capacity:
            cs.cards[u].ammo = w.capacity
        c.inventory.append([u])
    cs.touch()


def finale_seed(party: list[str], first: int = 0, tries: int = 30) -> int | None:
    """The first campaign seed from ``first`` whose staged finale (:func:`stage_finale`) the bot
    wins: Clock Tower 2 played to success by game.ai.bot. None if none of ``tries`` seeds does."""
    from game.ai.bot import Bot
    from game.content.campaign_pack import load_campaign_scenario, load_pack
    from game.content.loader import load_content
    from game.engine import Action, apply as gapply
    from game.engine.campaign import apply, begin_scenario, start_campaign

    ct = load_content()
    pack = load_pack("city", ct)
    scn = load_campaign_scenario(pack, pack.final, ct)
    for seed in range(first, first + tries):
        cs = start_campaign(pack, ct, list(party), seed)
        stage_finale(cs)
        apply(cs, Action(kind="choose", target=pack.final))
        gs = begin_scenario(cs, scn)
        bot, n = Bot(gs.seed), 0
        while not gs.over and n < 5000:
            gapply(gs, bot.choose(gs))
            n += 1
        if gs.result == "success":
            return seed
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--scenarios", type=int, default=6)
    ap.add_argument("--name", default="", help="the campaign's name (default: Campaign <seed>)")
    ap.add_argument("--easy", action="store_true", help="easy mode (R-EASY)")
    ap.add_argument("--at", choices=["end", "map", "sheet", "over", "menu", "victory"], default="end")
    a = ap.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ai.bot import Bot
    from game.ai.campaign_bot import choose
    from game.engine import Action, apply as gapply
    from game.engine.campaign import apply, begin_scenario
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, CampaignSheetScene, CityMapScene, EndPhaseScene
    from game.ui.scene import Push, Reset

    pygame.display.init()
    pygame.font.init()
    app = App(save_dir=tempfile.mkdtemp(prefix="dreadboard-demo-"))
    if a.at == "victory":  # a seed whose finale the bot wins, from --seed on
        a.seed = finale_seed(["vera", "mateo", "anton", "grigor"][: a.players], a.seed) or a.seed
    s = CampaignSession.new(app, ["vera", "mateo", "anton", "grigor"][: a.players], seed=a.seed, name=a.name,
                            easy=a.easy)
    cs = s.cs
    scene = None
    if a.at == "victory":  # staged: only the final scenario is played (by the bot)
        stage_finale(cs)
        apply(cs, Action(kind="choose", target=cs.pack_def.final))
    while not cs.over:
        if cs.phase == "playing":
            gs = begin_scenario(cs, s.scenario(cs.chosen))
            bot = Bot(gs.seed)
            while not gs.over:
                gapply(gs, bot.choose(gs))
            scene = s.after_scenario(app, gs)
            if len(cs.history) >= a.scenarios and a.at not in ("over", "victory"):
                break
        else:
            apply(cs, choose(cs))
    if a.at in ("over", "victory"):
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
