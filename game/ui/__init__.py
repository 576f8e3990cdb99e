"""The pygame-ce front end: scenes, board renderer, screenshots (DESIGN: game/ui).

Modules
    app      App (one render loop, the scene stack, ``step(events, dt)`` = one frame), run_app
    scene    Scene base class and the stack commands Push / Pop / Replace / Reset / Quit
    menus    MainMenu, PartySetup, PassDevice, Pause, Results, ChoiceMenu (modal pop-up)
    play     PlayScene: clicks and keys -> legal actions -> engine.apply -> log, dice, animations
    render   PlayView (board, side panel, prompt bar, log), screenshot_board(state, path)
    dashboard  danger track, ink ribbons, sustained effects, tension symbol (read via engine.query.View)
    dialogs  exchange dialog over the board: item box stash/take, unconscious search, trade; set-up gear
    narrative  NarrativeDialog (a narrative card over the board, R-NARR), PeekDialog (reorder the tension deck)
    boss     BossTracker (behaviour card from events) and the boss column: health dial, Enrage, card lines
    choices  legal actions grouped by what the player clicks; button labels
    anim     event -> short animation steps (slides, flashes, strike lines) with captions
    art      sprites from assets/sprites (tools/make_sprites.py), scaled and cached
    theme    palette, id -> colour tables, shipped fonts (assets/fonts: Noto Sans, Fira Code)
    keys     key -> intent tables

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
