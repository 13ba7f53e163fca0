"""Hook between a published online round and the live tables app.

TODO(tables app): the tables app does not create tournament tables yet. When it
can, :func:`open_tables` should, for each table of the round:

1. create a live table with the event's ruleset (``round_.tournament.engine_ruleset()``)
   and the four seated players in seat order (East first), dealt from
   ``round_.seed`` when the round is ``duplicate`` (every table the same wall);
2. store the new live table's id in ``TournamentTable.table_id``.

Results then come back on their own: the tables app sends
``tables.signals.game_finished`` and :mod:`tournaments.receivers` files the
result under the table whose ``table_id`` matches. Until then staff can link a
table by hand on the round page, or enter its result like an offline one.
"""

from __future__ import annotations


def open_tables(round_) -> list[int]:
    """Create the live tables of a published online round; returns their ids (none yet)."""
    return []
