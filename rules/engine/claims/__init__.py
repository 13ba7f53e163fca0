"""Claimed wins: the real-table procedure (call, claim, answers, review, chombo).

``procedure`` holds the claim's data and the legality of each step, ``settlement``
moves the game through them, ``values`` the actions' numbers and their text. Import
the public names from the engine's door, ``rules.engine``.
"""
