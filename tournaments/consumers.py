"""The standings socket: a read-only feed of re-rendered standings for one event."""

from channels.generic.websocket import AsyncWebsocketConsumer

from .broadcast import group_name


class StandingsConsumer(AsyncWebsocketConsumer):
    """Joins the event's group and forwards each standings fragment to the browser."""

    async def connect(self):
        self.group = group_name(int(self.scope["url_route"]["kwargs"]["tournament_id"]))
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
