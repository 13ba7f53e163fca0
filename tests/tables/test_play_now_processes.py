"""Play now under concurrency: 40 members joining and leaving at random over three
daphne processes on PostgreSQL and Redis. The queue is the database's, so however the
joins interleave, the tables made are exactly those the final counts allow, nobody is
seated twice, nobody is told of a table they do not sit at, and no kind is left with
four waiting."""

import asyncio
import json
import random
import re
from collections import Counter

import pytest
from django.db import connection

from players.models import Player
from tables.models import QueueEntry, Seat, Table
from tests.conftest import using_services

from .servers import QUICK, Server, session_headers

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.services,
    pytest.mark.skipif(
        not using_services(), reason="needs PostgreSQL and Redis (make test-services)"
    ),
]

MEMBERS = 40
STATE = re.compile(r'id="play-now-status"[^>]*data-state="(\w+)"')
ERROR = re.compile(r'id="play-now-error"[^>]*data-error="(\w+)"')
TABLE_URL = re.compile(r'data-table-url="/tables/(\d+)/"')
PATIENT = 60.0


class Member:
    """One member's socket and script: toggles in and out of one kind's queue."""

    def __init__(self, url: str, headers: dict, kind: str, toggles: int):
        self.url, self.headers, self.kind, self.toggles = url, headers, kind, toggles
        self.matched: list[int] = []  # table ids this member was told of
        self.ws = None

    async def read_reply(self) -> str:
        """Frames until the answer to the last message (a status or an error)."""
        while True:
            frame = await asyncio.wait_for(self.ws.recv(), PATIENT)
            found = TABLE_URL.search(frame)
            if found:
                self.matched.append(int(found.group(1)))
                continue
            if STATE.search(frame) or ERROR.search(frame):
                return frame

    async def connect(self) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, additional_headers=self.headers)
        assert STATE.search(await asyncio.wait_for(self.ws.recv(), PATIENT)).group(1) == "idle"

    async def run(self) -> None:
        for n in range(self.toggles):
            if self.matched:
                return  # seated: the script is over
            what = "join" if n % 2 == 0 else "leave"
            await self.ws.send(json.dumps({"play": what, "kind": self.kind}))
            reply = await self.read_reply()
            error = ERROR.search(reply)
            # seated by another member's join before the news of it reached this socket
            assert error is None or error.group(1) in ("not_waiting", "seated"), reply
            if error is not None:
                return

    async def hear_late_matches(self, expected: int) -> None:
        """Read on until told of ``expected`` tables (a later join may have seated us)."""
        while len(self.matched) < expected:
            frame = await asyncio.wait_for(self.ws.recv(), PATIENT)
            found = TABLE_URL.search(frame)
            if found:
                self.matched.append(int(found.group(1)))


def seated_members() -> list[int]:
    """The members seated so far (from a thread of its own, whose connection it closes)."""
    try:
        return list(
            Seat.objects.filter(player__username__startswith="q").values_list(
                "player_id", flat=True
            )
        )
    finally:
        connection.close()


def test_forty_members_joining_and_leaving_over_three_processes_make_exactly_the_tables_allowed(
    east_only, tmp_path
):
    rng = random.Random(20261127)
    people = [
        Player.objects.create_user(username=f"q{n:02}", password="pw-queue-123")
        for n in range(MEMBERS)
    ]
    env = {**QUICK, "PLAY_NOW_BURST": 1000, "PLAY_NOW_START_WAIT": 3600}
    servers = [Server(tmp_path, f"p{n}", **env).start() for n in range(3)]
    kinds = [f"{east_only.pk}:tonpuusen", f"{east_only.pk}:hanchan"]
    members = [
        Member(
            rng.choice(servers).ws + "/ws/play/",
            session_headers(p),
            rng.choice(kinds),
            rng.randint(1, 6),
        )
        for p in people
    ]

    async def everyone():
        # every socket connects first; then all scripts run at once
        await asyncio.gather(*(m.connect() for m in members))
        await asyncio.gather(*(m.run() for m in members))
        seats = Counter(await asyncio.to_thread(seated_members))
        by_pk = {p.pk: m for p, m in zip(people, members, strict=True)}
        await asyncio.gather(*(by_pk[pk].hear_late_matches(n) for pk, n in seats.items()))
        for m in members:
            await m.ws.close()
        return seats

    try:
        seats = asyncio.run(everyone())
    finally:
        for server in servers:
            server.stop()
    assert max(seats.values(), default=0) == 1, "a member was seated twice"
    tables = list(Table.objects.filter(play_now_start_by__isnull=False))
    assert Seat.objects.filter(table__in=tables).count() == 4 * len(tables)
    for table in tables:  # four distinct members of the table's own kind
        table_seats = list(table.seats.all())
        assert len({s.player_id for s in table_seats}) == 4 and all(
            s.player_id for s in table_seats
        )
    # every member was told of exactly the table they sit at, and nobody else was told
    for person, member in zip(people, members, strict=True):
        sits = [s.table_id for s in Seat.objects.filter(player=person)]
        assert member.matched == sits, (person.username, member.matched, sits)
    # the sockets closed: nobody is left in a queue (closing the tab leaves it) ...
    # ... but before they closed, no kind had four waiting: the final counts allow
    # exactly the tables made. Members whose script ended in a queue and were not seated:
    waiting = Counter()
    for member in members:
        if not member.matched and member.toggles % 2 == 1:
            waiting[member.kind] += 1
    assert all(n < 4 for n in waiting.values()), waiting
    for kind in kinds:
        length = kind.split(":")[1]
        made = sum(1 for t in tables if t.game_type == length)
        ended_in = sum(1 for m in members if m.kind == kind and (m.matched or m.toggles % 2 == 1))
        assert made == ended_in // 4, (kind, made, ended_in)
    assert tables  # the seed's scripts do seat some
    assert not QueueEntry.objects.exists()
