"""The standings socket: a read-only feed of re-rendered standings for one event."""

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from tables.socket.messages import CallsUpdate, Garbled, StandingsUpdate, decode, describe

from . import referee_calls
from .broadcast import group_name

log = logging.getLogger(__name__)

# The largest primary key the databases hold (a signed 64-bit integer).
MAX_ID = 2**63 - 1


class FeedConsumer(AsyncWebsocketConsumer):
    """A socket that forwards the fragments of one kind of channel-layer message
    (``feed``, see tables.socket.messages) to the browser. A message is decoded once; a
    garbled one, or one of another kind, is dropped with a log line and the socket stays
    open."""

    feed: type[StandingsUpdate] | type[CallsUpdate] = StandingsUpdate

    async def dispatch(self, message):
        kind = message.get("type")
        if isinstance(kind, str) and kind.startswith("websocket."):
            await super().dispatch(message)  # the socket's own: connect, receive, disconnect
            return
        try:
            news = decode(message)
        except Garbled as exc:
            log.warning(
                "%s dropped a garbled channel-layer message (%s): %s",
                type(self).__name__,
                exc,
                describe(message),
            )
            return
        if isinstance(news, self.feed):
            await self.send(text_data=news.html)
        else:
            log.warning("%s dropped a message not meant for it: %r", type(self).__name__, news)


class StandingsConsumer(FeedConsumer):
    """Joins the event's group and forwards each standings fragment to the browser."""

    feed = StandingsUpdate

    async def connect(self):
        # Parse at the edge: a number no event can have (a 120-digit id would not even
        # make a valid group name) is refused.
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        if not 0 < tournament_id <= MAX_ID:
            await self.close()
            return
        self.group = group_name(tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        # Nothing is accepted from the browser: results go through the forms.
        return


@database_sync_to_async
def _referees(tournament_id: int, user) -> bool:
    from .models import Tournament

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    return tournament is not None and tournament.is_referee(user)


class RefereeCallsConsumer(FeedConsumer):
    """The referees' feed of one event's open calls; anyone else is refused."""

    feed = CallsUpdate

    async def connect(self):
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        user = self.scope.get("user")
        if not 0 < tournament_id <= MAX_ID or not await _referees(tournament_id, user):
            await self.close()
            return
        self.group = referee_calls.group_name(tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        return  # calls are taken and closed through the forms
