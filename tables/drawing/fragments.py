"""The lobby's small socket fragments: the trigger that makes a lobby page fetch its list
of tables again, and the lobby socket's error line. Each is swapped in by its id."""

from __future__ import annotations

from django.urls import reverse
from django.utils.safestring import SafeString

from .tile_markup import markup


def lobby_refresh() -> SafeString:
    """Makes each lobby page fetch its own list again (the list differs per person:
    private tables, who may leave which seat; so the socket carries only the trigger)."""
    return markup(
        '<div id="lobby-refresh" hx-swap-oob="true" hx-get="{}" '
        'hx-trigger="load" hx-target="#lobby-tables" hx-swap="innerHTML"></div>',
        reverse("tables:lobby_tables"),
    )


def lobby_error(code: str, message: str) -> SafeString:
    return markup(
        '<div id="lobby-error" hx-swap-oob="true" data-error="{}">{}</div>', code, message
    )
