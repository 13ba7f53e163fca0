from collections.abc import Awaitable, Callable
from typing import Any

from .layers import BaseChannelLayer

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

def get_handler_name(message: dict[str, Any]) -> str: ...

class AsyncConsumer:
    channel_layer_alias: str
    scope: Scope
    # Channels leaves it None when no layer is configured; the site always has one
    # (settings.CHANNEL_LAYERS), and a consumer with groups needs one.
    channel_layer: BaseChannelLayer
    channel_name: str
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None: ...
    async def dispatch(self, message: dict[str, Any]) -> None: ...
    async def send(self, message: dict[str, Any]) -> None: ...
    @classmethod
    def as_asgi(cls, **initkwargs: Any) -> Callable[[Scope, Receive, Send], Awaitable[None]]: ...
