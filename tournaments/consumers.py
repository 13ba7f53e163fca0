"""The standings socket: a read-only feed of re-rendered standings for one event."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import referee_calls
from .broadcast import group_name

# The largest primary key the databases hold (a signed 64-bit integer).
MAX_ID = 2**63 - 1


class StandingsConsumer(AsyncWebsocketConsumer):
    """Joins the event's group and forwards each standings fragment to the browser."""

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

    async def standings_update(self, event):
        await self.send(text_data=event["html"])


@database_sync_to_async
def _referees(tournament_id: int, user) -> bool:
    from .models import Tournament

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    return tournament is not None and tournament.is_referee(user)


class RefereeCallsConsumer(AsyncWebsocketConsumer):
    """The referees' feed of one event's open calls; anyone else is refused."""

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

    async def calls_update(self, event):
        await self.send(text_data=event["html"])
