"""What people do in the lobby: open tables, sit down, leave, bring bots, start.

Each function checks everything first and raises :class:`LobbyError` with a
readable message before changing anything; the views turn that into a message on
the page. Seats are locked while they change so two people cannot take one seat.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from players import bots, names
from players.models import Player
from rules.models import Ruleset
from tables import table_options
from tables.play import submit
from tables.socket import limits

from .models import BOT_DELAYS, BOT_LEVELS, GAME_LENGTHS, Seat, Table

LEVELS = dict(BOT_LEVELS)
LENGTHS = dict(GAME_LENGTHS)
DELAYS = dict(BOT_DELAYS)


class LobbyError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def bot_player(level: str) -> Player:
    """The club's bot player of a level (bots are players, so histories stay simple).

    Found by its flag as well as its name: a member can never be handed a bot's seat.
    """
    player = Player.objects.filter(is_bot=True, username=bots.username(level)).first()
    return player or bots.ensure_bots(Player)[level]


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise LobbyError(f"'{level}' is not a bot level: choose {', '.join(LEVELS)}")
    return level


def check_length(game_type: str) -> str:
    if game_type not in LENGTHS:
        raise LobbyError("choose East only or hanchan for the game's length")
    return game_type


def check_bot_delay(text) -> int | None:
    """The bots' thinking time in milliseconds from the form ("" keeps the club's)."""
    if text in (None, ""):
        return None
    try:
        delay = int(text)
    except (TypeError, ValueError):
        delay = -1
    if delay not in DELAYS:
        raise LobbyError(
            "choose how long the bots think: " + ", ".join(str(label) for _, label in BOT_DELAYS)
        )
    return delay


def visible_tables(user):
    """Tables the lobby lists for ``user``: public ones, and private ones they are part of."""
    tables = Table.objects.filter(status__in=[Table.OPEN, Table.PLAYING])
    if user.is_authenticated:
        tables = tables.filter(
            Q(is_private=False) | Q(created_by=user) | Q(seats__player=user, seats__bot_level="")
        )
    else:
        tables = tables.filter(is_private=False)
    return (
        tables.distinct()
        .select_related("ruleset", "created_by")
        .prefetch_related("seats__player")
        .order_by("status", "-created")
    )


def may_see(table: Table, user, token: str = "") -> bool:
    """Private tables are for their creator, the people seated and invite holders."""
    if not table.is_private:
        return True
    if token and token == table.invite_token:
        return True
    if not user.is_authenticated:
        return False
    return table.created_by_id == user.pk or _seated(table, user)


def _seated(table: Table, user) -> bool:
    """Whether ``user`` sits at ``table`` in person (a bot's seat is never a member's)."""
    return table.seats.filter(player=user, bot_level="").exists()


def may_manage(table: Table, user) -> bool:
    """The creator and anyone seated may bring bots and start the game."""
    return user.is_authenticated and (table.created_by_id == user.pk or _seated(table, user))


def _signed_in(user) -> None:
    if not user.is_authenticated:
        raise LobbyError("sign in first")


def _open(table: Table) -> None:
    if table.status != Table.OPEN:
        raise LobbyError("this table has already started")


def _seat(table: Table, index) -> Seat:
    try:
        number = int(index)
    except (TypeError, ValueError):
        raise LobbyError("choose a seat from 0 to 3") from None
    if not 0 <= number <= 3:
        raise LobbyError("choose a seat from 0 to 3")
    return Seat.objects.select_for_update().get(table=table, index=number)


def create_table(
    user,
    name: str,
    ruleset_id,
    is_private: bool,
    bot_level: str = "",
    sit: bool = True,
    game_type: str = "",
    bot_delay="",
    options=None,
) -> Table:
    _signed_in(user)
    name = (name or "").strip()
    if not name:
        raise LobbyError("give the table a name")
    if len(name) > 60:
        raise LobbyError("the name is too long (60 characters at most)")
    # PostgreSQL cannot store a NUL and would answer 500 (found by the fuzzer); no
    # control character belongs in a name shown to everyone in the lobby, nor a mark
    # that reorders the text around it (the check members' names get).
    try:
        names.check_characters(name)
    except ValidationError as exc:
        raise LobbyError(exc.messages[0].replace("Names", "the name", 1)) from None
    if bot_level:
        check_level(bot_level)
    game_type = check_length(game_type or "")
    delay_ms = check_bot_delay(bot_delay)
    try:
        ruleset = Ruleset.offered().get(pk=int(ruleset_id))
    except (TypeError, ValueError, Ruleset.DoesNotExist):
        raise LobbyError("choose one of the club's rulesets") from None
    try:
        chosen = table_options.from_form(options or {})
        table_options.check(ruleset.engine_ruleset(), chosen)
    except table_options.OptionError as exc:
        raise LobbyError(exc.message) from None
    with transaction.atomic():
        _lock_member(user)
        _below_open_limit(user)
        table = Table.objects.create(
            name=name,
            ruleset=ruleset,
            is_private=bool(is_private),
            created_by=user,
            game_type=game_type,
            bot_delay_ms=delay_ms,
            options=chosen,
        )
        bot = bot_player(bot_level) if bot_level else None
        for index in range(4):
            if index == 0 and sit:
                Seat.objects.create(table=table, index=0, player=user)
            elif bot:
                Seat.objects.create(table=table, index=index, player=bot, bot_level=bot_level)
            else:
                Seat.objects.create(table=table, index=index)
    return table


def _lock_member(user) -> None:
    """Lock the member's row until the transaction ends.

    Every change that counts towards a member's open tables (opening one, sitting
    down) takes this lock first, so the count and the change that relies on it are
    one step: parallel requests of one member wait for each other instead of each
    counting the same tables (under SQLite the write lock does this already). The
    member's lock comes before any table's, in every path, so no two paths deadlock.
    """
    Player.objects.select_for_update().filter(pk=user.pk).exists()


def play_again(old: Table, user) -> Table:
    """A new table like a finished one: same ruleset, length, bot timing and privacy;
    the same bots in the same seats and ``user`` in their own; other players' seats
    stay open for them to take."""
    _signed_in(user)
    seats = sorted(old.seats.all(), key=lambda s: s.index)
    mine = next((s for s in seats if s.player_id == user.pk and not s.bot_level), None)
    if mine is None:
        raise LobbyError("only a player of this table can open it again")
    if old.status != Table.FINISHED:
        raise LobbyError("the game at this table is still being played")
    with transaction.atomic():
        _lock_member(user)
        _below_open_limit(user)
        table = Table.objects.create(
            name=old.name,
            ruleset=old.ruleset,
            is_private=old.is_private,
            created_by=user,
            game_type=old.game_type,
            bot_delay_ms=old.bot_delay_ms,
            options=old.options,
        )
        for seat in seats:
            if seat.bot_level:
                Seat.objects.create(
                    table=table, index=seat.index, player=seat.player, bot_level=seat.bot_level
                )
            else:
                Seat.objects.create(
                    table=table, index=seat.index, player=user if seat is mine else None
                )
    return table


def _below_open_limit(user) -> None:
    """Refuse one more table to a member who already has the most allowed unfinished."""
    limit = limits.open_table_limit()
    if limits.open_tables(user) >= limit:
        raise LobbyError(
            f"you already have {limit} unfinished table{'' if limit == 1 else 's'}: "
            "finish or leave one first"
        )


def join(table: Table, user, index, token: str = "") -> Seat:
    _signed_in(user)
    if not may_see(table, user, token):
        raise LobbyError("this table is private: you need its invite link")
    with transaction.atomic():
        _lock_member(user)
        table = Table.objects.select_for_update().get(pk=table.pk)
        _open(table)
        if _seated(table, user):
            raise LobbyError("you already sit at this table")
        # Sitting down at someone else's table counts towards the limit as well.
        if table.created_by_id != user.pk:
            _below_open_limit(user)
        seat = _seat(table, index)
        if not seat.is_empty:
            raise LobbyError(f"seat {seat.index} is taken by {seat.occupant}")
        seat.player = user
        seat.save(update_fields=["player"])
    return seat


def leave(table: Table, user) -> None:
    _signed_in(user)
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        _open(table)
        seats = table.seats.select_for_update().filter(player=user, bot_level="")
        if not seats.exists():
            raise LobbyError("you are not seated at this table")
        seats.update(player=None)


def add_bot(table: Table, user, index, level: str) -> Seat:
    _signed_in(user)
    check_level(level)
    if not may_manage(table, user):
        raise LobbyError("only the table's creator or a seated player may add bots")
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        _open(table)
        seat = _seat(table, index)
        if not seat.is_empty:
            raise LobbyError(f"seat {seat.index} is taken by {seat.occupant}")
        seat.player = bot_player(level)
        seat.bot_level = level
        seat.save(update_fields=["player", "bot_level"])
    return seat


def remove_bot(table: Table, user, index) -> Seat:
    _signed_in(user)
    if not may_manage(table, user):
        raise LobbyError("only the table's creator or a seated player may remove bots")
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        _open(table)
        seat = _seat(table, index)
        if not seat.bot_level:
            raise LobbyError(f"there is no bot at seat {seat.index}")
        seat.player = None
        seat.bot_level = ""
        seat.save(update_fields=["player", "bot_level"])
    return seat


def start(table: Table, user, *, seed: int | None = None):
    _signed_in(user)
    if not may_manage(table, user):
        raise LobbyError("only the table's creator or a seated player may start the game")
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        _open(table)
        empty = [s.index for s in table.seats.all() if s.is_empty]
        if empty:
            raise LobbyError(
                f"seat {', '.join(map(str, empty))} {'is' if len(empty) == 1 else 'are'} "
                "still empty: fill every seat first"
            )
        return submit.start_game(table, seed=seed)
