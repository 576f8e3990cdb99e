"""The dungeon crawl in the window (issue 26 item 4; rules/dungeon.md): the mode's own package.

Light on purpose: the main menu reads its registration (``mode``: the "Dungeon crawl" row,
:mod:`game.ui.modes`) on its first frame, which imports no engine; the screens are imported when the
row is chosen.

- ``kit``: :class:`DungeonKit` (``game.ui.kit.ModeKit``), registered with ``register_kit``: claims
  dungeon games, its bot, its F1 section;
- ``words``: what the screens say about heroes, enemies, dice and actions (English in ``_``/``N_``
  ids, Japanese in the catalogue); every rule's answer comes from the engine's ``DungeonView``;
- ``board``: the dungeon drawn card by card from the View (terrain, exits, heroes, enemy dice);
- ``setup``: choosing the dungeon, the heroes and who plays them;
- ``play``: the play screen (legal actions clickable, the enemy phase step by step, the rolls,
  the end screens).
"""
