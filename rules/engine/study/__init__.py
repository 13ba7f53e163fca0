"""Studying games rather than playing them: nothing here moves a game.

``review`` compares a seat's decisions with the careful bot's (``review_values``: waits
and their value; ``review_data``: the stored form), ``aids`` are the learning aids of a
seat's own view, ``simulate`` plays bots against each other and times them. Import the
public names from the engine's door, ``rules.engine``.
"""
