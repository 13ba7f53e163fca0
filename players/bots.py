"""The club's bot accounts: who they are, and the names nobody else may take.

Bots are players, so histories and standings need no special case, but they are not
accounts anyone signs in as. A bot is a player whose ``is_bot`` flag is set; a name
alone never makes anyone a bot. The names are reserved all the same (in any letter
case), so that no member can pass for a bot at a table or in the lobby.

The bot rows are created by a data migration (``players`` 0002) with
:func:`ensure_bots`, again after every ``migrate`` or flush (``players.apps``), and by
the lobby when a row is missing (an organizer who deleted one).
"""

from __future__ import annotations

from django.contrib.auth.hashers import make_password

# Level -> the name shown at the table. The levels are the bots of rules.engine.bots.
BOTS: dict[str, str] = {
    "tsumogiri": "Tsumogiri bot",
    "efficient": "Efficient bot",
    "careful": "Careful bot",
}
USERNAME_PREFIX = "bot-"


def username(level: str) -> str:
    return f"{USERNAME_PREFIX}{level}"


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


RESERVED = frozenset(
    {_fold(username(level)) for level in BOTS} | {_fold(shown) for shown in BOTS.values()}
)


def is_reserved(name: str) -> bool:
    """Whether ``name`` (a username or a display name) is kept for the bots.

    Any name starting with ``bot-`` is kept, so a future bot level needs no migration
    of members' names; so are the bots' display names, in any letter case.
    """
    folded = _fold(name)
    return folded.startswith(USERNAME_PREFIX) or folded in RESERVED


def ensure_bots(player_model) -> dict[str, object]:
    """Create (or repair) the bot players, idempotently; return them by level.

    ``player_model`` is the Player class, or its historical version in a migration.
    A member who took a bot's name before the names were reserved keeps the account
    and its games under a new username (``member-<id>-<name>``), and loses a bot's
    display name; the name goes to the bot. A bot's password is unusable: nobody signs
    in as a bot.
    """
    for member in player_model.objects.filter(is_bot=False, display_name__icontains="bot"):
        if is_reserved(member.display_name):
            member.display_name = ""
            member.save(update_fields=["display_name"])
    found = {}
    for level, shown in BOTS.items():
        name = username(level)
        for member in player_model.objects.filter(username__iexact=name, is_bot=False):
            member.username = f"member-{member.pk}-{member.username}"
            member.save(update_fields=["username"])
        bot, created = player_model.objects.get_or_create(
            username=name,
            defaults={"display_name": shown, "is_bot": True, "password": make_password(None)},
        )
        if not created and not (bot.is_bot and bot.display_name == shown):
            bot.is_bot, bot.display_name = True, shown
            bot.save(update_fields=["is_bot", "display_name"])
        found[level] = bot
    return found
