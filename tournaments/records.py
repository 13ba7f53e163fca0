"""Reading and writing an event's results in the database.

Every write of a result goes through this module, which also schedules the live
standings broadcast once the transaction commits (through :mod:`.signals`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from tables.play import twins

from . import signals
from .leaderboard import Adjustment, Entry, Game
from .models import (
    WIND_NAMES,
    Chombo,
    Correction,
    Penalty,
    Registration,
    Result,
    Seat,
    Tournament,
)
from .models import TournamentTable as Table

Clock = Callable[[], datetime.datetime]


def entries_of(tournament: Tournament) -> dict[int, Entry]:
    """Registered players (withdrawn ones too) as standings entries, by player id."""
    out = {}
    for reg in tournament.entries.select_related("player"):
        out[reg.player_id] = Entry(
            name=reg.player.name,
            team=reg.team,
            substitute=reg.substitute,
            withdrawn=not reg.active,
        )
    return out


def sealed_links() -> set[int]:
    """Live tables whose finished game must not show its result yet (a twin still
    runs: see ``tables.play.twins``)."""
    return twins.sealed_table_ids()


def result_shown(table: Table, sealed: set[int]) -> bool:
    """Whether ``table``'s result may show, given :func:`sealed_links`."""
    return hasattr(table, "result") and table.table_id not in sealed


def played_tables(tournament: Tournament, start=None, end=None):
    """Tables of the event whose result counts (agreed: see :mod:`.agreement`) and may
    show, oldest first, everything prefetched."""
    tables = (
        Table.objects.filter(tournament=tournament, result__status=Result.AGREED)
        .exclude(table_id__in=sealed_links())
        .select_related("result", "round")
        .prefetch_related("seats__player", "chombos", "penalties")
        .order_by("round__number", "result__finished_at", "number", "pk")
    )
    if start:
        tables = tables.filter(result__finished_at__date__gte=start)
    if end:
        tables = tables.filter(result__finished_at__date__lte=end)
    return tables


def as_game(table: Table) -> Game:
    seats = {s.wind: s for s in table.seats.all()}
    result = table.result
    chombos = [0, 0, 0, 0]
    for chombo in table.chombos.all():
        chombos[chombo.wind] += 1
    penalty_points = [0, 0, 0, 0]
    penalty_chombos = [0, 0, 0, 0]
    for penalty in table.penalties.all():
        penalty_points[penalty.wind] += penalty.points
        penalty_chombos[penalty.wind] += penalty.kind == "chombo"
    return Game(
        key=table.pk,
        players=tuple(seats[w].player_id if w in seats else None for w in range(4)),
        scores=tuple(result.scores),
        leftover_sticks=result.leftover_sticks,
        chombos=tuple(chombos),
        round=table.round.number if table.round else None,
        table=table.number,
        seed=result.seed
        if result.seed is not None
        else (table.round.seed if table.round else None),
        duplicate=bool(table.round and table.round.duplicate),
        finished_at=result.finished_at,
        penalties=tuple(penalty_points),
        penalty_chombos=tuple(penalty_chombos),
    )


def games_of(tournament: Tournament, start=None, end=None) -> list[Game]:
    return [as_game(t) for t in played_tables(tournament, start, end)]


def pending_penalties(tournament: Tournament, start=None, end=None) -> list[Adjustment]:
    """Referees' penalties at the event's tables whose game is not counted yet.

    A penalty counts from the moment it is recorded (a club expects a referee's
    decision in the standings at once, not only once the table is confirmed, and
    a table that never reaches a result keeps its penalties); once the table's
    result counts, the penalty is part of that game (:func:`as_game`) instead.
    """
    counted = set(played_tables(tournament, start, end).values_list("pk", flat=True))
    penalties = (
        Penalty.objects.filter(table__tournament=tournament)
        .exclude(table_id__in=counted)
        .select_related("table__round")
        .prefetch_related("table__seats")
    )
    if start:
        penalties = penalties.filter(recorded_at__date__gte=start)
    if end:
        penalties = penalties.filter(recorded_at__date__lte=end)
    out = []
    for penalty in penalties:
        seat = next((s for s in penalty.table.seats.all() if s.wind == penalty.wind), None)
        if seat is None or seat.player_id is None:  # a guest is in no standings
            continue
        table = penalty.table
        out.append(
            Adjustment(
                player=seat.player_id,
                points=penalty.points,
                chombo=penalty.kind == Penalty.CHOMBO,
                step=table.round.number if table.round else penalty.recorded_at.date(),
            )
        )
    return out


def names_of(games: Sequence[Game], entries: dict[int, Entry]) -> dict[int, str]:
    """Display names of everyone in ``entries`` or in ``games``."""
    names = {pid: e.name for pid, e in entries.items()}
    missing = {p for g in games for p in g.players if p is not None and p not in names}
    if missing:
        for player in get_user_model().objects.filter(pk__in=missing):
            names[player.pk] = player.name
    return names


# --- writing results


def _changed(field: str, old, new, reason: str, table: Table, user, now) -> Correction:
    return Correction(
        table=table,
        field=field,
        old_value=str(old),
        new_value=str(new),
        reason=reason,
        changed_by=user if getattr(user, "is_authenticated", False) else None,
        changed_at=now,
    )


def _chombo_text(reasons: Sequence[str]) -> str:
    return "; ".join(reasons) if reasons else "none"


@transaction.atomic
def save_result(
    table: Table,
    scores: Sequence[int],
    leftover_sticks: int,
    chombo_counts: Sequence[int],
    chombo_reasons: Sequence[str],
    user,
    *,
    reason: str = "",
    source: str = Result.OFFLINE,
    seed: int | None = None,
    finished_at: datetime.datetime | None = None,
    clock: Clock = timezone.now,
    status: str = Result.AGREED,
) -> list[Correction]:
    """Record a table's result, or correct it with an audit line per changed value.

    ``status`` is :attr:`Result.AGREED` when an organizer or referee writes it (they
    are then its ``decided_by``; a correction by them settles a disputed result), or
    :attr:`Result.WAITING` for a result a player entered (see :mod:`.agreement`).

    ``chombo_counts`` and ``chombo_reasons`` are per seat, East first: a count of
    chombos with one reason that applies to all of them. On a correction the
    chombos of a seat whose count or reason changed are replaced.
    """
    now = clock()
    table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    seats = {s.wind: s for s in table.seats.select_related("player")}
    existing = Result.objects.filter(table=table).first()
    corrections: list[Correction] = []
    if existing is None:
        Result.objects.create(
            table=table,
            scores=list(scores),
            leftover_sticks=leftover_sticks,
            source=source,
            seed=seed,
            finished_at=finished_at or now,
            confirmed_by=user if getattr(user, "is_authenticated", False) else None,
            confirmed_at=now if getattr(user, "is_authenticated", False) else None,
            status=status,
            decided_by=user
            if status == Result.AGREED and getattr(user, "is_authenticated", False)
            else None,
        )
    else:
        for w in range(4):
            if existing.scores[w] != scores[w]:
                name = seats[w].player_name if w in seats else WIND_NAMES[w]
                corrections.append(
                    _changed(
                        f"{WIND_NAMES[w]} score ({name})",
                        existing.scores[w],
                        scores[w],
                        reason,
                        table,
                        user,
                        now,
                    )
                )
        if existing.leftover_sticks != leftover_sticks:
            corrections.append(
                _changed(
                    "Leftover riichi sticks",
                    existing.leftover_sticks,
                    leftover_sticks,
                    reason,
                    table,
                    user,
                    now,
                )
            )
        existing.scores = list(scores)
        existing.leftover_sticks = leftover_sticks
        existing.confirmed_by = user if getattr(user, "is_authenticated", False) else None
        existing.confirmed_at = now
        if existing.status != Result.AGREED:
            corrections.append(
                _changed(
                    "Agreement", existing.get_status_display(), "agreed", reason, table, user, now
                )
            )
        existing.status = Result.AGREED
        existing.decided_by = user if getattr(user, "is_authenticated", False) else None
        existing.save()
    old_chombos = {w: [] for w in range(4)}
    for chombo in table.chombos.all():
        old_chombos[chombo.wind].append(chombo)
    for w in range(4):
        old = old_chombos[w]
        count = chombo_counts[w]
        why = chombo_reasons[w] if count else ""
        old_text = f"{len(old)} ({_chombo_text([c.reason for c in old])})" if old else "0"
        new_text = f"{count} ({why})" if count else "0"
        if old_text == new_text:
            continue
        if existing is not None:
            name = seats[w].player_name if w in seats else WIND_NAMES[w]
            corrections.append(
                _changed(
                    f"{WIND_NAMES[w]} chombos ({name})",
                    old_text,
                    new_text,
                    reason,
                    table,
                    user,
                    now,
                )
            )
        Chombo.objects.filter(pk__in=[c.pk for c in old]).delete()
        Chombo.objects.bulk_create(
            Chombo(
                table=table,
                wind=w,
                reason=why,
                recorded_by=user if getattr(user, "is_authenticated", False) else None,
                recorded_at=now,
            )
            for _ in range(count)
        )
    Correction.objects.bulk_create(corrections)
    signals.results_changed(table.tournament_id)
    return corrections


# --- results arriving from live tables


def next_table_number(tournament: Tournament, round_=None) -> int:
    top = Table.objects.filter(tournament=tournament, round=round_).aggregate(n=Max("number"))
    return (top["n"] or 0) + 1


@transaction.atomic
def record_online_game(
    *,
    table_id: int,
    seats: Sequence[int | None],
    scores: Sequence[int],
    leftover_sticks: int,
    seed: int | None,
    finished_at: datetime.datetime,
    chombo_counts: Sequence[int] = (0, 0, 0, 0),
) -> list[Table]:
    """File a finished live game under every event it belongs to; return those tables.

    ``chombo_counts`` (East first) are the chombos the review of a claimed win ruled at
    the live table: each becomes a :class:`Chombo` of the filed table, so the standings
    count it (and take the ruleset's penalty when ``chombo`` is ``"penalty"``).

    * A tournament table linked to ``table_id`` gets the result (once: a repeated
      signal for a table that already has one changes nothing). When the seats
      played differ from the seating, the seats are updated to what was played.
    * Every league running on the day the game finished counts it when all four
      players are its registered members (bots never count).
    """
    filed: list[Table] = []
    linked = Table.objects.select_for_update(of=("self",)).filter(table_id=table_id)
    for table in linked.select_related("tournament"):
        if Result.objects.filter(table=table).exists():
            continue
        _seat(table, seats, replace=True)
        _file(table, scores, leftover_sticks, seed, finished_at, chombo_counts)
        filed.append(table)
    for league in leagues_counting(seats, finished_at.date(), table_id):
        table = Table.objects.create(
            tournament=league, round=None, number=next_table_number(league), table_id=table_id
        )
        _seat(table, seats)
        _file(table, scores, leftover_sticks, seed, finished_at, chombo_counts)
        filed.append(table)
    return filed


def leagues_counting(seats: Sequence[int | None], day: datetime.date, table_id: int) -> list:
    """The leagues running on ``day`` whose registered members fill all four ``seats``
    (bots never count), leaving out those that already hold the live table ``table_id``."""
    if any(s is None for s in seats) or len(set(seats)) != 4:
        return []
    leagues = (
        Tournament.objects.filter(format=Tournament.LEAGUE, start_date__lte=day)
        .filter(Q(end_date__isnull=True) | Q(end_date__gte=day))
        .exclude(tables__table_id=table_id)
    )
    out = []
    for league in leagues:
        members = set(
            Registration.objects.filter(
                tournament=league, withdrawn__isnull=True, player_id__in=list(seats)
            ).values_list("player_id", flat=True)
        )
        if members == set(seats):
            out.append(league)
    return out


def _seat(table: Table, players: Sequence[int | None], replace: bool = False) -> None:
    current = {s.wind: s for s in table.seats.all()}
    for wind, player_id in enumerate(players):
        seat = current.get(wind)
        if seat is None:
            Seat.objects.create(table=table, wind=wind, player_id=player_id)
        elif replace and seat.player_id != player_id:
            seat.player_id = player_id
            seat.save(update_fields=["player"])


ONLINE_CHOMBO_REASON = "chombo ruled in the review of a claimed win at the live table"


def _file(table: Table, scores, leftover_sticks, seed, finished_at, chombo_counts) -> None:
    Result.objects.create(
        table=table,
        scores=list(scores),
        leftover_sticks=leftover_sticks,
        source=Result.ONLINE,
        seed=seed,
        finished_at=finished_at,
    )
    Chombo.objects.bulk_create(
        Chombo(table=table, wind=w, reason=ONLINE_CHOMBO_REASON, recorded_at=finished_at)
        for w, count in enumerate(chombo_counts)
        for _ in range(count)
    )
    signals.results_changed(table.tournament_id)
