"""Which seats have a socket open in this process.

The Seat row's ``connected`` flag is shared by every process, but a process that
dies cannot clear it. So each process keeps its own count here and its driver
renews ``last_seen`` for these seats; a flag whose ``last_seen`` has gone stale is
not believed (see ``autoplay.SeatPolicy.present``).

The count lives in this process's runtime: ``RUNTIME.live_seats`` (seat pk -> sockets
open here; see :mod:`tables.runtime`). ``RUNTIME.watching`` counts the sockets that
show each game (players and spectators): when the last one of a finished game
closes, the game leaves this process's caches.
"""

from tables.runtime import RUNTIME


def change(seat_pk: int, by: int) -> None:
    """``by`` more (or fewer) sockets of the seat ``seat_pk`` are open in this process."""
    live = RUNTIME.live_seats
    live[seat_pk] += by
    if live[seat_pk] <= 0:
        del live[seat_pk]


def live_seats() -> list[int]:
    """The seats with a socket open in this process."""
    return [pk for pk, count in RUNTIME.live_seats.items() if count > 0]


def sockets_of(seat_pk: int) -> int:
    """How many sockets of the seat ``seat_pk`` are open in this process."""
    return RUNTIME.live_seats.get(seat_pk, 0)


def watch(game_id: int, by: int) -> int:
    """``by`` more (or fewer) sockets of this process show game ``game_id``; how many now."""
    watching = RUNTIME.watching
    watching[game_id] += by
    left = watching[game_id]
    if left <= 0:
        del watching[game_id]
    return max(left, 0)
