"""What one seat's table frame costs: bytes on the wire and time to render.

Plays bot games (fixed seeds) and records every state; then renders, state after
state, the frame each of the four seats and one spectator would be sent, exactly as
live sockets in one process do (:class:`tables.drawing.frames.SeatFrames`, sending only the
sections that changed, the shared part of a state drawn once for all of them).
Only the rendering is timed, as CPU time. Prints the average frame size, the
average and 99th-percentile render time per frame, the CPU time per move (all five
frames of a move), the size of a full frame (what a page load or a reconnect
carries) and a digest of every frame's text, so a change that should leave the
frames as they were can be checked to do so. A second line weighs the update frames of
the seated viewers (every frame after the first, full one): their median and largest,
the median of those a seat gets for its own discard, and the bytes seat 0 gets per
round of turns (four discards at the table).

With ``--refusals`` two seats have a move refused every eleventh state, as a socket
does then: the error line, then a full frame (both go into the digest).

    python manage.py bench_frames --seed 1 --games 2 [--repeat 3] [--profile] [--aids]
        [--refusals]
"""

from __future__ import annotations

import cProfile
import datetime as dt
import hashlib
import io
import pstats
import statistics
import time

from django.core.management.base import BaseCommand

from rules.engine import bot_move, bot_rng, new_game, pending_seats, preset
from rules.engine import bots as bot_registry
from tables.drawing import frames

NAMES = [{"name": f"Player {i + 1}", "bot": "", "connected": True} for i in range(4)]
NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
VIEWERS = (0, 1, 2, 3, None)


def recorded_game(seed: int, movers: list | None = None) -> list:
    """The states of one bot game, from the deal to the end (``movers`` gets, for every
    state after the first, the seat that made it and whether it was a discard)."""
    ruleset = preset("ronin")
    bot = bot_registry.get("efficient")
    rngs = [bot_rng(seed, s) for s in range(4)]
    state = new_game(ruleset, seed=seed, robots=range(4))
    out = [state]
    while not state.finished:
        seat = pending_seats(state)[0]
        action, state, _ = bot_move(state, seat, bot, rngs[seat])
        if movers is not None:
            movers.append((seat, action.type in DISCARDS))
        out.append(state)
    return out


DISCARDS = ("discard", "riichi", "open_riichi")  # the moves that put a tile in a pond


REFUSED = (0, 2)  # the seats whose moves are refused with --refusals
REFUSAL_EVERY = 11


def render_game(
    game_states: list,
    timed: list,
    sizes: list,
    moves: list,
    digest,
    aids: bool = False,
    refusals: bool = False,
    updates: list | None = None,
) -> list[int]:
    """Every viewer's frames over one game (``aids``: the seats have the learning aids
    on; ``refusals``: some moves refused); returns the sizes of some full frames.
    ``updates`` gets ``(viewer, version, bytes)`` of every update frame (not full)."""
    frames.clear()
    sockets = [frames.SeatFrames(seat, aids=aids) for seat in VIEWERS]
    full_sizes = []
    for socket in sockets:
        digest.update(socket.render(game_states[0], 0, NAMES, None, NOW, full=True).encode())
    for version, state in enumerate(game_states[1:], start=1):
        move_started = time.process_time()
        for socket in sockets:
            refused = refusals and version % REFUSAL_EVERY == 0 and socket.seat in REFUSED
            started = time.process_time()
            if refused:  # a bad move: the error line, then the whole view again
                socket.error_shown = True
                text = frames.error_frame("illegal", "That move is not allowed now.")
                text += socket.render(state, version, NAMES, None, NOW, full=True)
            else:
                text = socket.render(state, version, NAMES, None, NOW)
            timed.append(time.process_time() - started)
            data = text.encode()
            sizes.append(len(data))
            if updates is not None and not refused:
                updates.append((socket.seat, version, len(data)))
            digest.update(data)
        moves.append(time.process_time() - move_started)
        if version % 50 == 0:
            full = frames.SeatFrames(0).render(state, version, NAMES, None, NOW, full=True)
            full_sizes.append(len(full.encode()))
            digest.update(full.encode())
    return full_sizes


def update_bytes(updates: list, movers: list) -> dict[str, float]:
    """What the update frames (not the full ones) of seated viewers weigh: the median
    and largest, the median of those a seat gets for its own discards, and the bytes one
    seat (East, seat 0) gets per round of turns (four discards at the table)."""
    seated = [size for viewer, _, size in updates if viewer is not None]
    own = [
        size
        for viewer, version, size in updates
        if viewer is not None and movers[version - 1] == (viewer, True)
    ]
    discards = sum(1 for _, discarded in movers if discarded)
    east = sum(size for viewer, _, size in updates if viewer == 0)
    return {
        "median": statistics.median(seated),
        "max": max(seated),
        "own": statistics.median(own),
        "round": east / (discards / 4),
    }


def update_summary(updates: list, movers: list) -> str:
    """The update frames' weight over every game, on one line."""
    # a version is the index of its state: game g's movers, offset so versions stay apart
    every_mover: list = []
    offset_updates = []
    for game, game_movers in zip(updates, movers, strict=True):
        offset = len(every_mover)
        offset_updates += [(viewer, version + offset, size) for viewer, version, size in game]
        every_mover += game_movers
    weight = update_bytes(offset_updates, every_mover)
    return (
        f"update frames (seated): median {weight['median']:.0f} bytes  "
        f"max {weight['max']:.0f}  own discards median {weight['own']:.0f}  "
        f"per round of turns (seat 0) {weight['round']:.0f} bytes"
    )


class Command(BaseCommand):
    help = "Average bytes and render time of one seat's table frame over bot games."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--games", type=int, default=1)
        parser.add_argument(
            "--repeat", type=int, default=1, help="render the games this many times (best kept)"
        )
        parser.add_argument("--profile", action="store_true", help="print where the time goes")
        parser.add_argument(
            "--aids", action="store_true", help="the four seats have the learning aids on"
        )
        parser.add_argument(
            "--refusals", action="store_true", help="refuse a move of two seats now and then"
        )

    sort, limit = "tottime", 30

    def handle(self, *args, **options):
        movers: list[list] = [[] for _ in range(options["games"])]
        games = [recorded_game(options["seed"] + g, movers[g]) for g in range(options["games"])]
        best = None
        for _ in range(options["repeat"]):
            timed: list[float] = []
            sizes: list[int] = []
            moves: list[float] = []
            full_sizes: list[int] = []
            updates: list[list] = [[] for _ in games]
            digest = hashlib.sha256()
            profiler = cProfile.Profile() if options["profile"] else None
            if profiler:
                profiler.enable()
            for game_states, game_updates in zip(games, updates, strict=True):
                full_sizes += render_game(
                    game_states,
                    timed,
                    sizes,
                    moves,
                    digest,
                    options["aids"],
                    options["refusals"],
                    game_updates,
                )
            if profiler:
                profiler.disable()
            run = (
                statistics.mean(timed),
                timed,
                sizes,
                moves,
                full_sizes,
                digest.hexdigest(),
                updates,
            )
            if best is None or run[0] < best[0]:
                best = run
        mean, timed, sizes, moves, full_sizes, hexdigest, updates = best
        timed.sort()
        p99 = timed[int(len(timed) * 0.99)]
        self.stdout.write(
            f"frames {len(sizes)}  average bytes {statistics.mean(sizes):.0f}  "
            f"render mean {mean * 1e6:.0f} us  p99 {p99 * 1e6:.0f} us  "
            f"per move (5 viewers) {statistics.mean(moves) * 1e6:.0f} us  "
            f"full frame {statistics.mean(full_sizes):.0f} bytes  digest {hexdigest[:16]}"
        )
        self.stdout.write(update_summary(updates, movers))
        if profiler:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(self.sort).print_stats(self.limit)
            self.stdout.write(out.getvalue())
