"""The fuzzer's last check: a fuzzed game's stored rows against a replay of its log.

After the run, every game the fuzzer played must be exactly what its accepted actions
replay to: version, hand in play, end, final standings and hand records.
"""

from __future__ import annotations

from rules.engine import apply
from rules.engine.actions import parse_action
from tables import records, states


def check_game(game) -> list[str]:
    """How the stored game differs from a replay of its action log (empty: it does not)."""
    from tables.models import HandRecord

    problems = []
    where = f"game {game.pk} (table {game.table_id})"
    if len(game.log) != game.version:
        problems.append(f"{where}: version {game.version} but {len(game.log)} logged actions")
    setup = states.setup_of(game)
    state = states.replay_log(setup, [])
    expected_hands = []
    for number, text in enumerate(game.log):
        before = state
        try:
            state, _ = apply(before, parse_action(text))
        except Exception as exc:
            return [f"{where}: logged action {number} {text!r} does not replay: {exc}"]
        if state.hand_index != before.hand_index or (state.finished and not before.finished):
            start, end = records.hand_bounds(state, before.hand_index)
            expected_hands.append(
                records.hand_record(game, before.hand_index, state.last_result, start, end)
            )
    whole = states.replay_log(setup, game.log)
    if whole.scores != state.scores or whole.hand_index != state.hand_index:
        problems.append(f"{where}: replaying at once and step by step disagree")
    if state.hand_index != game.hand_index:
        problems.append(f"{where}: stored hand {game.hand_index}, replayed {state.hand_index}")
    if bool(game.finished) != state.finished:
        problems.append(
            f"{where}: stored finished={bool(game.finished)}, replayed {state.finished}"
        )
    if state.finished and game.final != records.standings_json(state.final):
        problems.append(f"{where}: stored final standings differ from the replay")
    # Read after the game row: a hand stored later has an index past these.
    stored = {
        h.index: h
        for h in HandRecord.objects.filter(game_id=game.pk, index__lt=len(expected_hands))
    }
    for want in expected_hands:
        have = stored.get(want.index)
        fields = ("result_type", "deltas", "scores_after", "log_start", "log_end", "winners")
        if have is None:
            problems.append(f"{where}: hand {want.index} has no record")
        elif any(getattr(have, f) != getattr(want, f) for f in fields):
            problems.append(f"{where}: hand {want.index}'s record differs from the replay")
    return problems
