"""The audit of a load or fault run: the scripted players' moves against the stored games.

:mod:`devtools.scripted` keeps every move a player sent, grouped by socket with the
exact number the server refused. :func:`audit_moves` checks them against the stored
logs (every move at most once, as many stored per socket as the server took) and
:func:`audit_game` checks that a stored game is what its log replays to.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rules.engine import apply, parse_action
from tables import records
from tables.play import hidden_claims, states

from .scripted import SentMove, SocketRecord


def seat_of(text: str) -> int:
    return int(text.split(":", 1)[0])


def shown_windows(log: list[str]) -> dict[int, range]:
    """For each shown version of a game, the log positions a move sent at it may fill.

    Frames carry the shown version (see :mod:`tables.play.hidden_claims`): the stored
    versions from a settled step up to the answer that settles the claim after it all
    show the same number, so a move sent at shown version v goes in at one of those
    positions (an answer after other seats' answers, say). A new hand always starts a
    new window: the action that ends a hand is public.
    """
    windows: dict[int, range] = {}
    shown = hidden_claims.shown_versions(log)
    for position in range(len(log)):
        first = windows.get(shown[position])
        windows[shown[position]] = range(first.start if first else position, position + 1)
    return windows


def copies_in_log(
    log: list[str], move: SentMove, windows: dict[int, range] | None = None
) -> list[int]:
    """Where ``move`` was stored: the log positions that hold it."""
    if windows is None:
        windows = shown_windows(log)
    return [i for i in windows.get(move.version, ()) if log[i] == move.action]


@dataclass
class MoveAudit:
    sent: int = 0  # moves the clients sent
    stored: int = 0  # log entries the moves fill
    refused: int = 0  # ... the server refused
    lost: int = 0  # taken by the server (no refusal) but in no log
    duplicated: list[str] = field(default_factory=list)  # in a log more than once
    phantom: int = 0  # more moves stored than the server took
    server_passed: int = 0  # refused answers whose seat the server passed for itself
    unanswered_sockets: int = 0  # sockets that dropped before every answer was read
    from_clients: int = 0  # log entries made by the clients' moves
    log_entries: int = 0  # all log entries of the audited games (server moves too)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.phantom)


def audit_moves(
    sockets: list[SocketRecord], logs: dict[int, list[str]], *, server_passes: bool = False
) -> MoveAudit:
    """Check the clients' moves against the stored logs (game id -> log).

    Per socket: no move is in a log twice, and its moves fill as many log entries as
    the server took (sent minus refused); a socket that dropped with answers unread may
    have filled fewer, never more.

    ``server_passes``: the server passes for a seat itself (a call window that ended,
    see tables.play.call_window), and a player's pass that arrives after that is refused
    while the log holds the server's pass, at the same shown version and with the same
    text. Such a pass cannot be told from the player's, so a socket's surplus of
    passes is counted as the server's (``server_passed``), not as stored though refused.
    """
    out = MoveAudit(log_entries=sum(len(log) for log in logs.values()))
    # Which socket's move filled each log entry. A player may send a move again: on
    # the same socket after the table moved on (another seat's answer went in first),
    # or on a new socket after the server could not take it. Both sends then find the
    # one entry; it belongs to the last send (a send before it was refused, or not
    # stored at all), so each socket counts only the entries it owns.
    owner: dict[tuple[int, int], int] = {}
    windows = {game_id: shown_windows(log) for game_id, log in logs.items()}
    for number, socket in enumerate(sockets):  # each player's sockets in the order used
        for move in socket.moves:
            where = copies_in_log(logs.get(move.game_id, []), move, windows.get(move.game_id))
            if len(where) > 1:
                out.duplicated.append(f"game {move.game_id} v{move.version} {move.action}")
            for index in where:
                owner[(move.game_id, index)] = number
    owned = Counter(owner.values())
    passes = Counter(
        number
        for (game_id, index), number in owner.items()
        if logs[game_id][index].endswith(":pass")
    )
    for number, socket in enumerate(sockets):
        found = owned[number]
        taken = len(socket.moves) - socket.refused
        surplus = max(0, found - taken)
        if server_passes:
            theirs = min(surplus, passes[number])
            out.server_passed += theirs
            surplus, found = surplus - theirs, found - theirs
        out.sent += len(socket.moves)
        out.stored += found
        out.refused += socket.refused
        out.phantom += surplus
        if socket.answered:
            out.lost += max(0, taken - found)
        else:
            out.unanswered_sockets += 1
    out.from_clients = len(owner) - out.server_passed
    return out


def audit_game(game) -> list[str]:
    """How a stored game differs from a replay of its action log (empty: it does not).

    Replays the log action by action, as ``submit`` applied it, and compares the
    version, the hand in play, the end of the game, its final standings and the stored
    record of every hand the log ends with what the replay gives; the log replayed at
    once must agree with the step by step replay.
    """
    problems: list[str] = []
    if len(game.log) != game.version:
        problems.append(f"version {game.version} but {len(game.log)} logged actions")
    setup = states.setup_of(game)
    state = states.replay_log(setup, [])
    expected_hands = []
    for number, text in enumerate(game.log):
        before = state
        try:
            state, _ = apply(before, parse_action(text))
        except Exception as exc:
            return [*problems, f"logged action {number} {text!r} does not replay: {exc}"]
        if state.hand_index != before.hand_index or (state.finished and not before.finished):
            start, end = records.hand_bounds(state, before.hand_index)
            expected_hands.append(
                records.hand_record(game, before.hand_index, state.last_result, start, end)
            )
    whole = states.replay_log(setup, game.log)
    if whole.scores != state.scores or whole.hand_index != state.hand_index:
        problems.append("replaying at once and step by step disagree")
    if state.hand_index != game.hand_index:
        problems.append(f"stored hand {game.hand_index}, replayed {state.hand_index}")
    if bool(game.finished) != state.finished:
        problems.append(f"stored finished={bool(game.finished)}, replayed {state.finished}")
    if state.finished and game.final != records.standings_json(state.final):
        problems.append("stored final standings differ from the replay")
    # Read after the game row: a hand stored later (the game went on) has an index past these.
    stored = {h.index: h for h in game.hands.filter(index__lt=len(expected_hands))}
    fields = ("result_type", "deltas", "scores_after", "log_start", "log_end", "winners")
    for want in expected_hands:
        have = stored.get(want.index)
        if have is None:
            problems.append(f"hand {want.index} has no record")
        elif any(getattr(have, f) != getattr(want, f) for f in fields):
            problems.append(f"hand {want.index}'s record differs from the replay")
    return problems
