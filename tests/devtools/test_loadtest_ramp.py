"""The load test connects every client within its ramp, whatever the watchers' count."""

import asyncio

from devtools.management.commands import loadtest
from devtools.scripted import IdleWatcher, ScriptedPlayer


def test_every_client_of_the_load_test_connects_within_the_ramp(monkeypatch):
    delays: list[float] = []

    async def play(self, until=None, max_moves=None, delay=0):
        delays.append(delay)  # when this player would open its socket
        return self.stats

    async def watch(self, until):
        return None

    monkeypatch.setattr(ScriptedPlayer, "play", play)
    monkeypatch.setattr(IdleWatcher, "watch", watch)
    command = loadtest.Command()
    monkeypatch.setattr(command, "quiet_tables", lambda count: list(range(900, 900 + count)))
    monkeypatch.setattr(command, "stored_moves", lambda: 0)
    monkeypatch.setattr(command, "progress", lambda *args: None)
    tables = [(n + 1, n + 1, [{}] * 4) for n in range(25)]
    options = {
        "urls": ["ws://127.0.0.1:1"],
        "seed": 1,
        "ramp": 2.5,
        "duration": 5,
        "think": 1.0,
        "watchers": 10,
        "interval": 1,
        "origin": "http://127.0.0.1:1",
    }
    players, watchers = asyncio.run(command.play(tables, options))
    assert len(players) == 100 and len(watchers) == 10
    # 100 players, one after the other over the 2.5 s ramp (not over 25 s: the ramp is
    # divided among the players, not among the watchers).
    assert sorted(delays) == [2.5 * k / 100 for k in range(100)]
