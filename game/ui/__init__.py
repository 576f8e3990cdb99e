"""The pygame-ce front end: scenes, board renderer, screenshots (DESIGN: game/ui).

Packages and modules (the map in words, with what each may import: docs/architecture.md)
    app       App (one render loop, the scene stack, ``step(events, dt)`` = one frame), run_app; the
              top scenes scenes below ask it for (``main_menu``, ``party_setup``, ``open_campaign``)
    menus     MainMenu, PartySetup
    scenes/   the scenes every mode shares: menu (Menu, ChoiceMenu, PassDevice), pause, game_over (Results)
    play/     PlayScene by concern: scene, input, logbook, drawing, dialogs (a dialog per decision kind)
    render    PlayView put together from board/ (layout, floor, edges, pieces, effects, surface) and
              hud/ (bars, log, side, dice, tension, hover, cards); screenshot_board(state, path)
    playui    the play screen's records (PlayUI, Marks, LogLine, Roll) and rectangles
    presenters/  events to what is shown and heard: anim (animations), sound, logtext (log lines), rolls (dice rows), rooms
    kit, modes   a mode's kit (ModeKit); the modes' registrations (each mode package's mode.py: its kit,
              main-menu rows, campaigns), kit_for / register_kit
    campaign/    the city's campaign screens (and the base every campaign builds on); campaigns: the
              "Choose a campaign" screen over the campaigns the modes registered
    <mode>/   one package per mode with its mode.py, kit and screens (the only place naming that mode)
    narrative, entry, dialogs, boss, dashboard, choices, words, ruleids, rulebook, theme, widgets, art, keys

Scene map
    MainMenu --New game--> PartySetup (scenario, survivors) --Start--> PlayScene --game over--> Results --> MainMenu
    MainMenu --Continue (a save exists; restores --map and bot seats)--> PlayScene
    MainMenu --Watch the bot play--> PlayScene (all bots)
    PlayScene --Esc--> Pause (Resume / Save / Quit to menu);  PlayScene --seat change--> PassDevice
    (deaf to keys and clicks for its first 0.4 s, so a double press cannot skip it)
    PlayScene --several options for one click--> ChoiceMenu;  run_app(bot=True) starts in PlayScene
    PlayScene --narrative event--> NarrativeDialog --Continue--> PlayScene (or --peek--> PeekDialog)
    PlayScene --peek decision--> PeekDialog --Confirm--> PlayScene

Party setup: Left/Right change the scenario, 1-4 players, Enter start.
Keys in play: Esc pause, Space/Enter end phase (with actions left: press twice within 3 s) or confirm
(Done/Auto), 1-9 pick a prompt option,
F5 reload map + content and replay the record, arrows/Home pan the board, PgUp/PgDn scroll the log,
mouse wheel or +/- zoom the board (about the pointer), right- or middle-drag pans it.
Narrative dialog: 1-9 or click an option, Up/Down + Enter, Enter continues; the "immersive" switch
hides consequences (app.settings, also in the pause menu). Peek: click cards in draw order, Enter.
Board clicks: a square to move, an enemy or barrel to attack, a door, the item box (stash/search),
the typewriter, a survivor (trade, or search when unconscious). Hover anything for its card.
"""
