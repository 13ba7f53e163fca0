"""Events played on other sites: a round's game added to an event by its log.

Many online tournaments are played in Tenhou or Mahjong Soul lobbies and scored here.
An organizer or referee of the event uploads the game's log for a round
(:func:`add_game`): the log is read and checked as any import is
(:mod:`history.logs.importer`), its four players are matched to the event's
registered players by the in-game names they linked on their settings page
(``Player.tenhou_name`` / ``Player.mahjongsoul_name``), and the game becomes a new
table of the round whose result is the log's own final scores. The game is stored in
the club's history as well (reviewable, with its replay), or, when it was imported
before, the stored game is used.

A result filed this way by an organizer or referee is agreed at once (it carries them
as ``confirmed_by`` and ``decided_by``). A *seated player* (a registered player whose
linked name is one of the log's four seats) may add that game too; their result is
then a player's confirmation under :mod:`.agreement`: it waits until another seated
member agrees (or an organizer or referee; under "results need a referee" only they),
and those asked are notified. Any other member may not add a game
(:func:`may_open`, :func:`unseated`, and the check again in :func:`add_game`).

Nothing is filed unless everything fits: a log that cannot be read, a game without
final scores, a seat whose name no registered player has linked (the message names
the seat and the name), two seats matching one player, a game already filed for the
event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from history.logs.importer import FileReport, import_logs
from players.models import Player
from tables.models import Game

from . import agreement, records
from .models import Registration, Result, Round, Tournament
from .models import TournamentTable as Table

WIND_NAMES = ("East", "South", "West", "North")
SITE_FIELDS = {"tenhou": "tenhou_name", "mahjongsoul": "mahjongsoul_name"}
SITE_WORDS = {"tenhou": "Tenhou", "mahjongsoul": "Mahjong Soul"}


@dataclass
class Added:
    """What became of one game of an uploaded file."""

    name: str
    report: FileReport | None = None
    table: Table | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.table is not None

    @property
    def waiting(self) -> bool:
        """Whether the result waits for agreement (a seated player added it)."""
        return self.table is not None and self.table.result.status != Result.AGREED


def may_add(tournament: Tournament, user) -> bool:
    """Organizers and referees of the event add games by their logs."""
    return tournament.is_organizer(user) or tournament.is_referee(user)


def is_registered(tournament: Tournament, user) -> bool:
    return bool(
        getattr(user, "is_authenticated", False)
        and Registration.objects.filter(
            tournament=tournament, player_id=user.pk, withdrawn__isnull=True
        ).exists()
    )


def may_open(tournament: Tournament, user) -> bool:
    """Who may open the page: the staff, and registered players (for their own games)."""
    return may_add(tournament, user) or is_registered(tournament, user)


def _linked(user) -> set[str]:
    names = (getattr(user, "tenhou_name", ""), getattr(user, "mahjongsoul_name", ""))
    return {n.strip().casefold() for n in names if n and n.strip()}


def unseated(tournament: Tournament, filename: str, data: bytes, user) -> list[str]:
    """The readable games of a file in whose four seats ``user``'s linked names are not.

    A player adds only a game they played in; one such game refuses the whole upload.
    """
    mine = _linked(user)
    out = []
    for report in import_logs(filename, data, ruleset=tournament.engine_ruleset(), save=False):
        if report.error:
            continue  # unreadable: add_game names the problem and stores nothing
        if not mine & {n.strip().casefold() for n in report.names}:
            out.append(report.name)
    return out


def _registered(tournament: Tournament) -> list[Player]:
    ids = Registration.objects.filter(tournament=tournament, withdrawn__isnull=True).values_list(
        "player_id", flat=True
    )
    return list(Player.objects.filter(pk__in=list(ids)))


def match_players(
    tournament: Tournament, names: tuple[str, ...], site: str
) -> tuple[list[Player | None], list[str]]:
    """Each seat's registered player by linked in-game name, and what does not fit."""
    players = _registered(tournament)
    problems = []
    matched: list[Player | None] = []
    for seat, name in enumerate(names):
        wanted = name.strip().casefold()
        found = [
            p
            for p in players
            if wanted in (p.tenhou_name.strip().casefold(), p.mahjongsoul_name.strip().casefold())
        ]
        # the site the game was played on decides between two members' names
        preferred = [
            p for p in found if getattr(p, SITE_FIELDS.get(site, ""), "").casefold() == wanted
        ]
        found = preferred or found
        where = f"{WIND_NAMES[seat]} (seat {seat + 1}, {name!r})"
        if not found:
            matched.append(None)
            problems.append(
                f"{where}: no registered player has linked this name. The player adds it as "
                f"their {SITE_WORDS.get(site, 'in-game')} name on their settings page, "
                "then upload the log again."
            )
        elif len(found) > 1:
            matched.append(None)
            problems.append(
                f"{where}: the name is linked by more than one registered player "
                f"({', '.join(p.name for p in found)})."
            )
        else:
            matched.append(found[0])
    seen: dict[int, int] = {}
    for seat, player in enumerate(matched):
        if player is None:
            continue
        if player.pk in seen:
            problems.append(
                f"{WIND_NAMES[seat]} (seat {seat + 1}) and {WIND_NAMES[seen[player.pk]]} "
                f"(seat {seen[player.pk] + 1}) are both {player.name}."
            )
        seen[player.pk] = seat
    return matched, problems


def add_game(
    tournament: Tournament,
    round_: Round,
    filename: str,
    data: bytes,
    user,
    *,
    clock=timezone.now,
) -> list[Added]:
    """Add every game of an uploaded file to ``round_``; one :class:`Added` per game."""
    out = []
    checked = import_logs(filename, data, ruleset=tournament.engine_ruleset(), save=False)
    for report in checked:
        added = Added(report.name, report)
        out.append(added)
        if report.error:
            added.problems.append(f"the log cannot be read: {report.error}")
            continue
        if report.final_scores is None:
            added.problems.append(
                "the log does not say how the game ended (it has no final scores), so it "
                "cannot give a result; upload the whole game"
            )
            continue
        start = tournament.engine_ruleset().start_score
        if report.start_score != start:
            added.problems.append(
                f"the game starts at {report.start_score:,} points but this event's rules start "
                f"at {start:,}: its scores cannot count in these standings"
            )
            continue
        players, problems = match_players(tournament, report.names, report.site)
        added.problems += problems
        if problems:
            continue
        if not may_add(tournament, user) and user.pk not in {p.pk for p in players}:
            added.problems.append("you are not seated in this game: add only a game you played")
            continue
        added.table = _file(tournament, round_, filename, data, report, players, user, clock)
        if added.table is None:
            added.problems.append("this game is already a table of this event")
    return out


def _drawn_table(round_: Round, players) -> Table | None:
    """The round's table drawn for these four players that has no result yet."""
    wanted = {p.pk for p in players}
    for table in round_.tables.filter(result__isnull=True).prefetch_related("seats"):
        if {s.player_id for s in table.seats.all()} == wanted:
            return table
    return None


@transaction.atomic
def _file(tournament, round_, filename, data, report, players, user, clock) -> Table | None:
    games = import_logs(
        filename, data, ruleset=tournament.engine_ruleset(), user=user, only=report.name
    )
    stored = next(r for r in games if r.name == report.name)
    game_id = stored.game_id or stored.duplicate_of
    live_table = Game.objects.filter(pk=game_id).values_list("table_id", flat=True).first()
    if (
        live_table is not None
        and Table.objects.filter(Q(tournament=tournament) & Q(table_id=live_table)).exists()
    ):
        return None
    table = _drawn_table(round_, players)
    if table is None:
        table = Table.objects.create(
            tournament=tournament,
            round=round_,
            number=records.next_table_number(tournament, round_),
            table_id=live_table,
        )
    else:
        table.table_id = live_table
        table.save(update_fields=["table_id"])
        table.seats.all().delete()  # seated as the log says they played
    for wind, player in enumerate(players):
        table.seats.create(wind=wind, player=player)
    scores = list(report.final_scores)
    leftover = max(0, (4 * report.start_score - sum(scores)) // 1000)
    now = clock()
    records.save_result(
        table,
        scores,
        leftover,
        [0, 0, 0, 0],
        ["", "", "", ""],
        user,
        source=Result.ONLINE,
        clock=lambda: now,
        status=agreement.status_after_confirm(table, user),
    )
    # a seated player's upload waits for agreement (their upload is their own agreement)
    agreement.confirmed(table, Result.objects.get(table=table), user, now)
    return table
