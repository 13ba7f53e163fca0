"""The wire tests' shared set-up: every seat's socket and a spectator's at one table,
the frames each one got, and the check that no frame shows a hidden tile."""

import re

from rules.engine import apply, parse_action
from tables.play import hidden_claims, states

from .sockets import actions_of, error_of, next_frame, open_socket, read_until, version_of

SEATS_AND_SPECTATOR = (0, 1, 2, 3, None)


class Watched:
    """Four players' sockets and a spectator's at one table, and every frame each got."""

    def __init__(self, sockets, watcher):
        self.sockets = sockets
        self.watcher = watcher
        self.recorded = {seat: [] for seat in SEATS_AND_SPECTATOR}

    @classmethod
    async def open(cls, table_id: int, people) -> "Watched":
        sockets = [await open_socket(table_id, person) for person in people]
        return cls(sockets, await open_socket(table_id, None))

    def everyone(self):
        return [*zip((0, 1, 2, 3), self.sockets, strict=True), (None, self.watcher)]

    async def drain(self) -> None:
        """Record every frame that is waiting on any of the sockets. Only to record as
        it goes: a frame that comes later is recorded by the next drain, ``reach`` or
        ``catch_up``; what a test needs to have come, it waits for with those."""
        for seat, socket in self.everyone():
            while not await socket.receive_nothing(timeout=0.001):
                self.recorded[seat].append(await next_frame(socket))

    async def reach(self, seat, version: int) -> str:
        """The first frame ``seat`` (None: the spectator) got showing ``version`` or
        later, reading its socket on (and recording every frame) until one comes."""
        for frame in self.recorded[seat]:
            if (version_of(frame) or -1) >= version:
                return frame
        socket = self.watcher if seat is None else self.sockets[seat]
        read = await read_until(socket, lambda frame: (version_of(frame) or -1) >= version)
        self.recorded[seat] += read
        return read[-1]

    async def catch_up(self, version: int) -> None:
        """Record every socket's frames until each has one showing ``version`` (a shown
        version every seat is sent, such as the last of a finished game) or later."""
        for seat, _socket in self.everyone():
            await self.reach(seat, version)

    def check_privacy(self, all_states, reds, *, versioned_only: bool = False) -> int:
        """Run :func:`check_frame_privacy` on every frame but error frames (and, with
        ``versioned_only``, frames without a version); how many were checked. Every
        seat and the spectator must have got frames, so the check is never vacuous."""
        checked = 0
        for seat, frames in self.recorded.items():
            assert frames, f"seat {seat} got no frames"
            for frame in frames:
                if error_of(frame) or (versioned_only and version_of(frame) is None):
                    continue
                check_frame_privacy(frame, seat, all_states, reds)
                checked += 1
        assert checked, "no frame was checked"
        return checked

    async def close(self) -> None:
        for socket in [*self.sockets, self.watcher]:
            await socket.disconnect()


def check_frame_privacy(frame: str, seat, all_states, reds) -> None:
    """No concealed tile of another seat, no wall tile, no unrevealed ura indicator."""
    version = version_of(frame)
    assert version is not None, "every frame carries its version"
    state = all_states[version]
    if isinstance(state, list):  # the states behind a shown version (see shown_states)
        state = state[-1]  # the most a frame at this shown version may show
    # every face-up tile image is accounted for by a physical identity (or is a kind)
    faces = len(re.findall(r'<img src="/static/tiles\.svg#(?!Back)', frame))
    marked = len(re.findall(r"data-tile=", frame)) + len(re.findall(r"data-kind=", frame))
    assert faces == marked
    hand = state.hand_index
    visible = set()
    for other in range(4):
        visible.update(d.tile for d in state.discards[other])
        for meld in state.melds[other]:
            visible.update(meld.tiles)
        if state.open_riichi[other]:
            visible.update(state.hands[other])
    visible.update(state.wall[126 : 126 + state.dora_shown])
    if seat is not None:
        visible.update(state.hands[seat])
    if state.win_claim is not None:  # a claimed win shows the claimant's hand to all
        visible.update(state.win_claim.hand)
        for earlier in state.win_claim.earlier:  # and the wins fixed on the same tile
            visible.update(earlier.hand)
    revealed = set()
    result = state.last_result
    if result is not None:
        for win in result.wins:
            revealed.update(win.hand)
            for meld in win.melds:
                revealed.update(meld.tiles)
        for shown in result.hands:
            revealed.update(shown or ())
        revealed.update(result.dora_indicators)
        revealed.update(result.ura_indicators)
        if result.ura_indicators:
            assert any(
                any(
                    name.lower().startswith(("riichi", "double riichi")) for name, _ in w.score.yaku
                )
                for w in result.wins
            )
    result_hand = hand if state.finished else hand - 1
    for hand_text, tile_text in re.findall(r'data-tile="(\d+):(\d+)"', frame):
        tile_hand, tile = int(hand_text), int(tile_text)
        allowed = (visible if tile_hand == hand else set()) | (
            revealed if tile_hand == result_hand else set()
        )
        assert tile in allowed, (
            f"seat {seat} was sent tile {tile} of hand {tile_hand} at version {version}"
        )
    for action in actions_of(frame):
        assert seat is not None and action.startswith(f"{seat}:")


def replay_all(game_row):
    """The state at every version of a stored game."""
    state = states.replay_log(states.setup_of(game_row), [])
    out = [state]
    for text in game_row.log:
        state, _ = apply(state, parse_action(text))
        out.append(state)
    return out


def shown_states(game_row) -> dict:
    """The states behind each shown version of a stored game (frames carry those), in order.

    A frame at shown version v shows one of them, and at most what the last one holds
    (the rivers and melds only grow between them).
    """
    every_state = replay_all(game_row)
    out: dict[int, list] = {}
    for version, shown in enumerate(hidden_claims.shown_versions(game_row.log)):
        out.setdefault(shown, []).append(every_state[version])
    return out
