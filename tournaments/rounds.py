"""Rounds in the database: drawing, storing and measuring a round's seating.

The seating itself is decided by :mod:`tournaments.seating`; this module feeds it
the event's history and stores what it returns. A round is a draft until staff
publish it; a draft may be drawn again as often as wanted.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from . import event_notices, leaderboard, live, records, seating, stages
from .models import Registration, Round, RoundBye, Seat, Tournament, TournamentTable

SEED_LIMIT = 2**62


class SeatingError(ValueError):
    """A seating that cannot be drawn or stored; the message says why."""


def history(tournament: Tournament, before: int) -> list[list[int | None]]:
    """Player ids of every table of the rounds numbered below ``before``, East first."""
    tables = (
        TournamentTable.objects.filter(tournament=tournament, round__number__lt=before)
        .prefetch_related("seats")
        .order_by("round__number", "number")
    )
    out = []
    for table in tables:
        seats = {s.wind: s.player_id for s in table.seats.all()}
        out.append([seats.get(w) for w in range(4)])
    return out


def byes_so_far(tournament: Tournament, before: int) -> Counter:
    return Counter(
        RoundBye.objects.filter(round__tournament=tournament, round__number__lt=before).values_list(
            "player_id", flat=True
        )
    )


def ranked_player_ids(tournament: Tournament) -> list[int]:
    """Player ids in current standings order (for swiss seating)."""
    board = leaderboard.build(
        records.games_of(tournament), tournament.engine_ruleset(), records.entries_of(tournament)
    )
    return [r.player for r in board.rows]


@dataclass
class Field:
    players: list[int]  # seated this round
    byes: list[int]  # registered players sitting out


def field_for(
    tournament: Tournament, number: int, rng: random.Random, use_substitutes: bool
) -> Field:
    """Who plays round ``number``: the active field, topped up by substitutes or cut by byes.

    When the field is not a multiple of four, substitutes fill the missing seats if
    asked and enough are available; otherwise the players with the fewest byes so
    far (by lot among equals) sit out.
    """
    entries = Registration.objects.filter(tournament=tournament, withdrawn__isnull=True)
    players = list(entries.filter(substitute=False).values_list("player_id", flat=True))
    subs = list(entries.filter(substitute=True).values_list("player_id", flat=True))
    short = (-len(players)) % seating.TABLE_SIZE
    if short and use_substitutes and len(subs) >= short:
        rng.shuffle(subs)
        return Field(players=players + subs[:short], byes=[])
    extra = len(players) % seating.TABLE_SIZE
    byes = seating.choose_byes(players, extra, byes_so_far(tournament, number), rng)
    return Field(players=[p for p in players if p not in byes], byes=byes)


def _stage_due(tournament: Tournament, number: int):
    try:
        return stages.cut_if_due(tournament, number)
    except stages.Refused as exc:
        raise SeatingError(str(exc)) from exc


def new_seed() -> int:
    import secrets

    return secrets.randbelow(SEED_LIMIT)


@transaction.atomic
def draw(
    tournament: Tournament,
    method: str,
    *,
    seating_seed: int,
    use_substitutes: bool = True,
    duplicate: bool = False,
    manual: Sequence[Sequence] | None = None,
    round_: Round | None = None,
    wall_seed: int | None = None,
) -> Round:
    """Draw (or draw again) the seating of the next round, as a draft.

    ``manual`` is the uploaded seating: tables of players, East first, used as
    given; the registered players left out of it get byes. An online round also
    gets its wall seed: ``wall_seed`` when given (tests, a replayed event), else a
    fresh secret one.
    """
    if round_ is not None and round_.published:
        raise SeatingError("This round is published: its seating can no longer be drawn again.")
    number = round_.number if round_ else tournament.round_set.count() + 1
    if round_ is None and number > tournament.rounds:
        raise SeatingError(f"All {tournament.rounds} rounds of this event are already drawn.")
    rng = random.Random(seating_seed)
    if method == Round.MANUAL:
        if not manual:
            raise SeatingError("Upload the seating: one table per line, four names.")
        tables = [[p.pk for p in t] for t in manual]
        seated = {p for t in tables for p in t}
        active = Registration.objects.filter(
            tournament=tournament, withdrawn__isnull=True, substitute=False
        ).values_list("player_id", flat=True)
        byes = [p for p in active if p not in seated]
    elif (stage := _stage_due(tournament, number)) is not None:
        # a final stage: its finalists only, seated by place or drawn among themselves
        finalists = stages.finalists_in_order(tournament, stage)
        if stage.seating == stage.BY_PLACE:
            method = Round.SWISS  # seated by the standings, as the round page says
            tables = stages.tables_by_place(finalists)
        else:
            tables = seating.plan_round(
                finalists,
                Round.RANDOM,
                history(tournament, number),
                rng,
                rounds_after=max(0, tournament.rounds - number),
            )
        byes = []
    else:
        field = field_for(tournament, number, rng, use_substitutes)
        if len(field.players) < seating.TABLE_SIZE:
            raise SeatingError("At least four active players are needed to seat a round.")
        ranked = ranked_player_ids(tournament) if method == Round.SWISS else None
        tables = seating.plan_round(
            field.players,
            method,
            history(tournament, number),
            rng,
            ranked=ranked,
            rounds_after=max(0, tournament.rounds - number),
        )
        byes = field.byes
    if round_ is None:
        round_ = Round.objects.create(tournament=tournament, number=number)
    else:
        round_.tables.all().delete()
        round_.byes.all().delete()
    round_.method = method
    round_.seating_seed = seating_seed
    round_.duplicate = duplicate and tournament.is_online
    # The wall seed is secret until the round's games are over: it is not drawn from
    # the seating seed, which the round page shows and staff may choose.
    if tournament.is_online:
        round_.seed = wall_seed if wall_seed is not None else new_seed()
    else:
        round_.seed = None
    round_.save()
    for n, table in enumerate(tables, start=1):
        row = TournamentTable.objects.create(tournament=tournament, round=round_, number=n)
        Seat.objects.bulk_create(Seat(table=row, wind=w, player_id=p) for w, p in enumerate(table))
    RoundBye.objects.bulk_create(RoundBye(round=round_, player_id=p) for p in byes)
    return round_


@transaction.atomic
def publish(round_: Round, clock=timezone.now) -> list[int]:
    """Publish a round (once: publishing again keeps the first time).

    An online round's tables go live at once (see :func:`tournaments.live.open_tables`);
    returns their live table ids, none for an offline round.
    """
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    first = locked.published is None
    if first:
        locked.published = clock()
        locked.save(update_fields=["published"])
    round_.published = locked.published
    ids = live.open_tables(locked) if round_.tournament.is_online else []
    if round_.tournament.is_online:
        round_.seed = Round.objects.values_list("seed", flat=True).get(pk=round_.pk)
    if first:  # each seated member hears their table and wind once
        event_notices.seating_published(locked)
    return ids


def quality(round_: Round) -> seating.Quality:
    """Repeats and wind balance of a round's seating against the rounds before it."""
    before = history(round_.tournament, round_.number)
    tables = history_of_round(round_)
    return seating.quality(tables, seating.meetings_from(before), seating.wind_counts_from(before))


def history_of_round(round_: Round) -> list[list[int | None]]:
    out = []
    for table in round_.tables.prefetch_related("seats").order_by("number"):
        seats = {s.wind: s.player_id for s in table.seats.all()}
        out.append([seats.get(w) for w in range(4)])
    return out


@transaction.atomic
def substitute(seat: Seat, player_id: int) -> None:
    """Put ``player_id`` in a seat for this round, remembering whom they replace."""
    if hasattr(seat.table, "result"):
        raise SeatingError("This table already has a result; correct the result instead.")
    if seat.table.table_id is not None:
        raise SeatingError(
            "This table is already playing on its live table; its seats can no longer change."
        )
    if seat.substitute_for_id is None:
        seat.substitute_for_id = seat.player_id
    seat.player_id = player_id
    seat.save(update_fields=["player", "substitute_for"])
