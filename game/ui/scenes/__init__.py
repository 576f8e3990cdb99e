"""Scenes every mode shares (issue 24 item 1): the menu base and the pop-up choice, the hand-over
screen, the pause menu, the results screen.

What they may import: the UI's building blocks and views (``theme``, ``widgets``, ``scene``, ``keys``,
``ruleids``, ``rulebook``, ``settings_menu``, ``results`` ...), never ``app``, the main menu, the play
screen or a mode's package (docs/architecture.md, "The map in words"). A scene that leads up the
map (back to the main menu, a new party) asks the App for it (``app.main_menu()``,
``app.party_setup()``): the App is the one place that knows every top scene.
"""
