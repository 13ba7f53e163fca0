from collections.abc import Callable
from typing import Any, TypeVar

from asgiref.sync import SyncToAsync

_R = TypeVar("_R")

class DatabaseSyncToAsync(SyncToAsync[..., Any]): ...

def database_sync_to_async(func: Callable[..., _R]) -> Callable[..., Any]: ...
async def aclose_old_connections() -> None: ...
