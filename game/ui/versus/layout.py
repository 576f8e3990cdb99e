"""Where the versus screen's parts sit on the logical 1280x720 screen, and the highlight colours
(teal: a step; red: a target; light blue: a door; gold: a model to pick). Shapes and labels go
with each highlight, never colour alone."""
from __future__ import annotations

import pygame

BOARD_AREA = pygame.Rect(8, 44, 832, 604)
SIDE = pygame.Rect(848, 44, 424, 668)
MOVE_COL, TARGET_COL, DOOR_COL, PICK_COL = (64, 214, 200), (255, 70, 56), (120, 230, 255), (250, 210, 80)
