"""Telling members, in whatever process holds their sockets, what Play now did.

Each signed-in member's Play now sockets (:mod:`tables.socket.play_socket`) are in the group
:func:`member_group`; a match (made by a join in one process, or by any process's
driver when bots are due) is sent there and to the tables' groups, so no process needs
another's memory.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from django.urls import reverse

from tables.socket import broadcast
from tables.socket.messages import PlayInvited, PlayMatched, TableStarted


def member_group(member_pk: int) -> str:
    return f"play-member-{member_pk}"


async def announce(made) -> None:
    """Tell each seated member where to go; a game that began, to its table's group and
    every driver; the lobby, that its list changed."""
    for matched in made:
        url = reverse("tables:table", args=[matched.table_id])
        if not matched.members_told:  # a page told twice would load the table again
            for member in matched.members:
                await broadcast.send(member_group(member), PlayMatched(url, matched.table_id))
        if matched.started:
            await started(matched.table_id, matched.game_id)
    if made:
        await broadcast.lobby_changed_async()


async def started(table_id: int, game_id: int) -> None:
    await broadcast.send(broadcast.table_group(table_id), TableStarted(game_id))
    await broadcast.send_claim()


def announce_sync(made) -> None:
    async_to_sync(announce)(made)


def invited(member_pk: int, html: str) -> None:
    """From a view: show ``member_pk``'s open pages an invitation (a rendered notice)."""
    broadcast.send_sync(member_group(member_pk), PlayInvited(html))
