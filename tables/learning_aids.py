"""Who sees the learning aids at a table.

A member turns the aids on in their settings; they stay off at tables opened for a
tournament or a league, whatever the setting, and at an ordinary table whose game
counts for a running league: ``start_game`` asks the ``game_starting`` signal (the
leagues answer) and marks such a table like a tournament's. The numbers themselves
come from :func:`rules.engine.study.aids.learning_aids`, which reads only the seat's own
view; :mod:`tables.drawing.coaching` draws them.
"""

from __future__ import annotations

from typing import Any


def aids_on(player: Any, table: Any) -> bool:
    """Whether ``player`` sees the aids at ``table`` (never at a tournament's)."""
    return bool(getattr(player, "learning_aids", False)) and not table.is_tournament
