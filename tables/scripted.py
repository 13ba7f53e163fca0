"""A scripted player over a real WebSocket, for the load test and the process tests.

It reads the same frames a browser gets, finds its buttons by their ``data-action``
attributes and answers as a browser would (the JSON htmx's ws-send posts). Its
policy is simple on purpose: win when it can, pass on calls, otherwise throw the
tile it just drew. It measures the time from sending a move to receiving the frame
that shows it.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import dataclass, field

VERSION = re.compile(r'id="table-center"[^>]*data-version="(\d+)"')
ACTION = re.compile(r'data-action="([^"]+)"')
ERROR = re.compile(r'data-error="([a-z_]+)"')
FINAL = "final-panel"


def choose(actions: list[str]) -> str | None:
    """Win, else pass, else discard the drawn tile (the last discard button)."""
    for kind in (":tsumo:", ":ron:"):
        for action in actions:
            if kind in action:
                return action
    for action in actions:
        if action.endswith(":pass"):
            return action
    discards = [a for a in actions if ":discard:" in a]
    return discards[-1] if discards else (actions[0] if actions else None)


@dataclass
class PlayerStats:
    latencies: list[float] = field(default_factory=list)  # seconds, send -> frame
    latency_times: list[float] = field(default_factory=list)  # when each was measured
    connected_at: float | None = None
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    frames: int = 0
    finished: bool = False


class ScriptedPlayer:
    def __init__(
        self,
        url: str,
        headers: dict,
        think: float = 0.0,
        rng: random.Random | None = None,
        on_frame=None,
    ):
        self.url = url
        self.headers = headers
        self.think = think
        self.rng = rng or random.Random(0)
        self.stats = PlayerStats()
        self.version = -1
        self.acted_at = -1
        self.sent: tuple[int, float] | None = None
        self.on_frame = on_frame

    async def play(
        self, until: float | None = None, max_moves: int | None = None, delay: float = 0
    ) -> PlayerStats:
        """Connect (after ``delay`` seconds) and play until the game ends or ``until``."""
        from websockets.asyncio.client import connect

        if delay:
            await asyncio.sleep(delay)
        async with connect(self.url, additional_headers=self.headers, max_size=2**22) as ws:
            self.stats.connected_at = time.monotonic()
            while until is None or time.monotonic() < until:
                timeout = None if until is None else max(0.01, until - time.monotonic())
                try:
                    frame = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    break
                if self.read(frame):
                    break
                if max_moves is not None and self.stats.moves >= max_moves:
                    break
                move = self.next_move(frame)
                if move is None:
                    continue
                if self.think:
                    await asyncio.sleep(self.think * (0.5 + self.rng.random()))
                self.acted_at = self.version
                self.sent = (self.version, time.perf_counter())
                await ws.send(json.dumps({"action": move, "version": self.version}))
                self.stats.moves += 1
        return self.stats

    def read(self, frame: str) -> bool:
        """Take in one frame; True once the game is over."""
        self.stats.frames += 1
        error = ERROR.search(frame)
        if error:
            code = error.group(1)
            self.stats.errors[code] = self.stats.errors.get(code, 0) + 1
            self.acted_at = -1  # the move was refused: the next frame may be acted on
        found = VERSION.search(frame)
        if found:
            version = int(found.group(1))
            if self.sent is not None and version > self.sent[0]:
                now = time.perf_counter()
                self.stats.latencies.append(now - self.sent[1])
                self.stats.latency_times.append(time.monotonic())
                self.sent = None
            self.version = max(self.version, version)
        if self.on_frame is not None:
            self.on_frame(frame)
        if FINAL in frame:
            self.stats.finished = True
            return True
        return False

    def next_move(self, frame: str) -> str | None:
        found = VERSION.search(frame)
        if not found or int(found.group(1)) != self.version or self.acted_at == self.version:
            return None
        return choose(ACTION.findall(frame))
