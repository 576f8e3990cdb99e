"""The pygame-ce front end: scenes, board renderer, screenshots (DESIGN: game/ui)."""
