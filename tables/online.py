"""Who is online: the members with a page of the site open lately, in a queue, or playing.

A page's Play now socket (:mod:`tables.socket.play_socket`) marks its member seen when it
opens, every minute or so while the page stays open, and when it closes; a member seen
within ``PLAY_NOW_ONLINE_MINUTES`` is online. Members who chose to hide themselves
(their settings) are listed nowhere here, bots never.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings

from players.models import Player

from .models import QueueEntry, Seat, Table

SEEN_EVERY = dt.timedelta(seconds=30)  # a member's row is written at most this often


def seen(account: int, now: dt.datetime) -> None:
    """A page of ``account`` is open now (one UPDATE, skipped if written lately)."""
    Player.objects.filter(pk=account).exclude(last_seen__gt=now - SEEN_EVERY).update(last_seen=now)


@dataclass
class Online:
    name: str
    username: str
    state: str  # "playing", "waiting" or "online"
    table: Table | None = None  # where they play, when anyone may watch it
    waiting_for: str = ""


def who(now: dt.datetime) -> list[Online]:
    """Everyone to show, playing first, then waiting, then simply online; by name."""
    since = now - dt.timedelta(minutes=float(settings.PLAY_NOW_ONLINE_MINUTES))
    visible = {"player__is_bot": False, "player__hide_online": False}
    found: dict[int, Online] = {}
    seats = (
        Seat.objects.filter(table__status=Table.PLAYING, bot_level="", **visible)
        .select_related("player", "table")
        .order_by("table_id", "index")
    )
    for seat in seats:
        table = None if seat.table.is_private else seat.table
        found[seat.player_id] = Online(seat.player.name, seat.player.username, "playing", table)
    waiting = QueueEntry.objects.filter(
        member__is_bot=False, member__hide_online=False
    ).select_related("member", "ruleset")
    for entry in waiting:
        if entry.member_id not in found:
            kind = f"{entry.ruleset.name}, {entry.get_length_display()}"
            found[entry.member_id] = Online(
                entry.member.name, entry.member.username, "waiting", waiting_for=kind
            )
    here = Player.objects.filter(
        is_bot=False, is_placeholder=False, hide_online=False, last_seen__gte=since
    )
    for player in here:
        if player.pk not in found:
            found[player.pk] = Online(player.name, player.username, "online")
    order = {"playing": 0, "waiting": 1, "online": 2}
    return sorted(found.values(), key=lambda o: (order[o.state], o.name.lower()))
