"""Hook between a published online round and the live tables app.

When an online round is published, :func:`open_tables` gives every table of the
round a live :class:`tables.models.Table` and starts its game at once:

* the live table uses the event's stored ruleset, and its game is played by the
  event's rules (the ruleset with the event's overrides on top);
* the four seated players sit in seat order, East first (a seat without a player
  gets a bot of :data:`BOT_LEVEL`);
* the walls come from the round's wall seed ``round_.seed`` (drawn with the seating,
  secret, and not derived from the public seating seed; a round drawn without one
  gets one here): in a ``duplicate`` round every table is dealt from that very seed
  (the same walls at every table), otherwise each table gets its own seed, derived
  from the round's seed and the table number by :func:`table_seed`, so every game
  can be dealt again from the round's seed;
* the new live table's id goes in ``TournamentTable.table_id``. A table that
  already has one (opened by an earlier call, or linked by hand by staff) is left
  alone, so calling it again, or publishing twice, opens nothing new.

The game starts through :func:`tables.play.submit.start_game`, the function the lobby's
"start" uses, and once the transaction commits the table processes are told (as
after a start in the lobby) so their drivers pick the game up.

Results come back on their own: the tables app sends
``tables.signals.game_finished`` and :mod:`tournaments.receivers` files the result
under the table whose ``table_id`` matches. ``tables`` never imports this app.
"""

from __future__ import annotations

import hashlib
import logging
import secrets

from django.db import transaction

from tables import lobby
from tables.models import Game
from tables.models import Seat as LiveSeat
from tables.models import Table as LiveTable
from tables.play import submit, timers
from tables.socket import broadcast as table_broadcast

from .models import Round, TournamentTable

log = logging.getLogger(__name__)

SEED_LIMIT = 2**62
BOT_LEVEL = "efficient"  # who plays a seat the seating left empty
NAME_LENGTH = 60  # tables.models.Table.name


def table_seed(round_seed: int, table_number: int, duplicate: bool) -> int:
    """The wall seed of one table: the round's own in a duplicate round, else derived."""
    if duplicate:
        return round_seed
    digest = hashlib.blake2b(
        f"tournament-table:{round_seed}:{table_number}".encode(), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big") % SEED_LIMIT


def table_name(table: TournamentTable, round_: Round) -> str:
    suffix = f" · round {round_.number}, table {table.number}"
    return round_.tournament.name[: NAME_LENGTH - len(suffix)] + suffix


@transaction.atomic
def open_tables(round_: Round, *, clock=None) -> list[int]:
    """Give each table of a published online round a live table with its game started.

    Returns the live table ids of the round's tables, table by table (those opened
    now and those already linked). Does nothing for an offline event or a draft.
    ``clock`` is a tables clock (default: the one the tables app uses).
    """
    round_ = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament__ruleset")
        .get(pk=round_.pk)
    )
    tournament = round_.tournament
    if not tournament.is_online or round_.published is None:
        return []
    if round_.seed is None:
        round_.seed = secrets.randbelow(SEED_LIMIT)
        round_.save(update_fields=["seed"])
    ruleset = tournament.engine_ruleset()
    ids: list[int] = []
    started: list[tuple[int, int]] = []
    for table in round_.tables.prefetch_related("seats").order_by("number"):
        if table.table_id is not None:
            ids.append(table.table_id)
            continue
        live = LiveTable.objects.create(
            name=table_name(table, round_),
            ruleset=tournament.ruleset,
            is_private=False,
            is_tournament=True,  # learning aids stay off
        )
        players = {s.wind: s.player_id for s in table.seats.all()}
        for index in range(4):
            player_id = players.get(index)
            if player_id is None:
                bot = lobby.bot_player(BOT_LEVEL)
                LiveSeat.objects.create(table=live, index=index, player=bot, bot_level=BOT_LEVEL)
            else:
                LiveSeat.objects.create(table=live, index=index, player_id=player_id)
        game = submit.start_game(
            live, seed=table_seed(round_.seed, table.number, round_.duplicate), clock=clock
        )
        _play_by(game, ruleset)
        table.table_id = live.pk
        table.save(update_fields=["table_id"])
        ids.append(live.pk)
        started.append((live.pk, game.pk))
    if started:
        transaction.on_commit(lambda: _announce(started))
    return ids


def _play_by(game: Game, ruleset) -> None:
    """Make a just-started game use the event's rules when its overrides change any.

    ``start_game`` snapshots the live table's stored ruleset; an event's overrides
    (e.g. a shorter thinking time) are applied here, before the first move, together
    with the timers that depend on them.
    """
    from rules.engine import ruleset_to_dict

    if game.engine_ruleset() == ruleset:
        return
    fresh = timers.start(ruleset, game.started)
    game.ruleset = ruleset_to_dict(ruleset)
    game.turn_started, game.deadline, game.bank_ms = fresh
    Game.objects.filter(pk=game.pk, version=0).update(
        ruleset=game.ruleset,
        turn_started=game.turn_started,
        deadline=game.deadline,
        bank_ms=game.bank_ms,
    )


def _announce(started: list[tuple[int, int]]) -> None:
    """Tell the table processes (drivers, open pages, the lobby) the games began."""
    try:
        for table_id, game_id in started:
            table_broadcast.send_started(table_id, game_id)
        table_broadcast.lobby_changed()
    except Exception:  # the games are stored; drivers also find them on their next tick
        log.exception("could not announce the live tables %s", [t for t, _ in started])
