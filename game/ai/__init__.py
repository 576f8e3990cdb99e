"""Bots: players that choose among legal actions (never read hidden deck order)."""
