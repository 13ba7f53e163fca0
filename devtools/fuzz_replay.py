"""The fuzzer's last check: a fuzzed game's stored rows against a replay of its log.

After the run, every game the fuzzer played must be exactly what its accepted actions
replay to: the check is :func:`devtools.move_audit.audit_game`, each problem labelled
with the game and its table for the fuzzer's report.
"""

from __future__ import annotations

from .move_audit import audit_game


def check_game(game) -> list[str]:
    """How the stored game differs from a replay of its action log (empty: it does not)."""
    where = f"game {game.pk} (table {game.table_id})"
    return [f"{where}: {problem}" for problem in audit_game(game)]
