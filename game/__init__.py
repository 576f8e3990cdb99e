"""Dreadboard: cooperative survival-horror board games on screen."""
__version__ = "0.1.0"
