"""What one seat's table frame costs: bytes on the wire and time to render.

Plays one bot game (fixed seed) and, after every move, renders the frame each of
the four seats and one spectator would be sent, exactly as a live socket does
(:class:`tables.frames.SeatFrames`, sending only the sections that changed). Prints
the average frame size, the average and 99th-percentile render time, and the size
of a full frame (what a page load or a reconnect carries).

    python manage.py bench_frames --seed 1 --games 1
"""

from __future__ import annotations

import datetime as dt
import statistics
import time

from django.core.management.base import BaseCommand

from rules.engine import bots as bot_registry
from rules.engine import new_game, pending_seats
from rules.engine.presets import preset
from rules.engine.simulate import bot_move, bot_rng
from tables import frames


class Command(BaseCommand):
    help = "Average bytes and render time of one seat's table frame over a bot game."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--games", type=int, default=1)

    def handle(self, *args, **options):
        ruleset = preset("ronin")
        names = [{"name": f"Player {i + 1}", "bot": "", "connected": True} for i in range(4)]
        now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
        sizes: list[int] = []
        times: list[float] = []
        full_sizes: list[int] = []
        for game in range(options["games"]):
            seed = options["seed"] + game
            bot = bot_registry.get("efficient")
            rngs = [bot_rng(seed, s) for s in range(4)]
            state = new_game(ruleset, seed=seed, robots=range(4))
            frames.clear()
            sockets = [frames.SeatFrames(seat) for seat in (0, 1, 2, 3, None)]
            version = 0
            for socket in sockets:
                socket.render(state, version, names, None, now, full=True)
            while not state.finished:
                seat = pending_seats(state)[0]
                _, state, _ = bot_move(state, seat, bot, rngs[seat])
                version += 1
                for socket in sockets:
                    started = time.perf_counter()
                    text = socket.render(state, version, names, None, now)
                    times.append(time.perf_counter() - started)
                    sizes.append(len(text.encode()))
                if version % 50 == 0:
                    full = frames.SeatFrames(0).render(state, version, names, None, now, full=True)
                    full_sizes.append(len(full.encode()))
        times.sort()
        p99 = times[int(len(times) * 0.99)]
        self.stdout.write(
            f"frames {len(sizes)}  average bytes {statistics.mean(sizes):.0f}  "
            f"render mean {statistics.mean(times) * 1e6:.0f} us  p99 {p99 * 1e6:.0f} us  "
            f"full frame {statistics.mean(full_sizes):.0f} bytes"
        )
