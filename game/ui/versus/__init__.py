"""The versus game's window (issues 27 items 2, 3, 5 and 28's UI part): a mode kit of its own
package, built only on the engine's public contract (``new_game``/``new_versus``, ``legal_actions``,
``apply``, ``View``/``VsView`` per seat, typed actions, events with message ids).

- :mod:`.setup`: the set-up screen (scenario, each seat human or a bot of a chosen strength, names).
- :mod:`.scene`: the play screen (:class:`~.scene.VersusScene`): the board drawn from the looking
  seat's view only, hand-over screens before every secret entry, the side panel, dialogs.
- :mod:`.board`: drawing the board (squares, walls, doors, objects, items, models with facing, arcs).
- :mod:`.words`: names and action labels in the player's language.
- :mod:`.kit`: :class:`~.kit.VersusKit`, registered with :func:`game.ui.modes.register_kit`.

Light on purpose: the main menu reads its registration (``mode``: the "Versus (two players)" row,
:mod:`game.ui.modes`) on its first frame, which imports no engine; the screens are imported when
the row is chosen.
"""
