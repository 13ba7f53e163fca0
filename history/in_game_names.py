"""Members and the names they play under elsewhere.

A game imported from Tenhou or Mahjong Soul seats placeholder players under their
in-game names. A member claims such a name by linking it on their settings page
(``Player.tenhou_name``, ``Player.mahjongsoul_name``): the placeholder's profile then
names the member, and the member's profile lists the names and their imported games.
"""

from __future__ import annotations

from django.db.models import Q

from players.models import Player
from players.names import NAMED_PREFIX

SITES = (("tenhou_name", "Tenhou"), ("mahjongsoul_name", "Mahjong Soul"))


def member_for(placeholder: Player) -> Player | None:
    """The member who linked this imported player's name, if any."""
    if not placeholder.is_placeholder or placeholder.username.startswith(NAMED_PREFIX):
        return None  # a person registered by name is no imported player
    name = placeholder.display_name.strip()
    if not name:
        return None
    return (
        Player.objects.filter(is_placeholder=False, is_bot=False)
        .filter(Q(tenhou_name__iexact=name) | Q(mahjongsoul_name__iexact=name))
        .first()
    )


def linked_names(member: Player) -> list[tuple[str, str]]:
    """The member's linked names: (site, name)."""
    return [(site, getattr(member, field)) for field, site in SITES if getattr(member, field)]


def placeholders_of(member: Player) -> list[Player]:
    """The imported players whose names the member linked."""
    names = [name for _, name in linked_names(member)]
    if not names:
        return []
    query = Q()
    for name in names:
        query |= Q(display_name__iexact=name)
    imported = Player.objects.filter(is_placeholder=True).exclude(username__startswith=NAMED_PREFIX)
    return list(imported.filter(query))
