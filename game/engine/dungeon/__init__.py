"""The co-operative dungeon crawl (``../shared/rules/dungeon.md``, prefix ``D-``).

Its own rule set on the shared machine, the tactics kernel and flow tables; not a fork of the
city. ``defs`` holds the content shapes the readers in ``game.content`` build.
"""
