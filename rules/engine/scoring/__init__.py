"""Scoring: what a finished hand is worth and who pays it.

``score`` scores a hand (yaku, fu, limits) through the ``mahjong`` library, with
``checks`` (is the hand and its situation possible) and ``library`` (the library's
inputs) beside it and ``situation`` (what the scorer is told and answers) below; ``yaku`` is the catalogue, ``fu`` the fu breakdown, ``payments``
the points that change hands; ``handvalue`` and
``scoresheet`` keep a game from declared hand values (a real table's score sheet).
Import the public names from the engine's door, ``rules.engine``.
"""
