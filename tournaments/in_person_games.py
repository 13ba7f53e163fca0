"""The confirmed in-person games of this app, as :mod:`history.in_person` rates and counts them.

An in-person game is a table whose result was entered at the club (``Result.OFFLINE``):
a scored table kept hand by hand, a table whose final scores an organizer entered, a
league game recorded after the fact, or a casual table. Placements and final points
are the engine's (:func:`rules.engine.standings.final_standings`, with the table's
chombos; a referee's penalty points come off the final result); win, deal-in and
riichi counts come from the declared hands, when the table kept them.
"""

from __future__ import annotations

import logging

from history.in_person import InPersonGame, InPersonSeat
from rules.engine import EngineError, final_standings

from . import penalties, scored_tables
from .models import Result
from .models import TournamentTable as Table

log = logging.getLogger(__name__)


def _hand_counts(table: Table) -> tuple[int, list[int], list[int], list[int]]:
    wins, deal_ins, riichi = [0] * 4, [0] * 4, [0] * 4
    hands = 0
    for row in table.hands.all():
        declared = row.declared
        hands += 1
        for win in declared.get("wins", ()):
            wins[win["seat"]] += 1
        if declared.get("outcome") == "ron" and declared.get("discarder") is not None:
            deal_ins[declared["discarder"]] += 1
        for seat in declared.get("riichi", ()):
            riichi[seat] += 1
    return hands, wins, deal_ins, riichi


def as_in_person(table: Table) -> InPersonGame:
    result = table.result
    chombos = [0, 0, 0, 0]
    for chombo in table.chombos.all():
        chombos[chombo.wind] += 1
    standings = {
        s.seat: s
        for s in final_standings(
            result.scores, scored_tables.ruleset_of(table), result.leftover_sticks, chombos, 0
        )
    }
    points, _ = penalties.by_seat(table)
    hands, wins, deal_ins, riichi = _hand_counts(table)
    players = {s.wind: s.player_id for s in table.seats.all()}
    return InPersonGame(
        key=f"table {table.pk}",
        finished=result.finished_at,
        hands=hands,
        seats=tuple(
            InPersonSeat(
                player_id=players.get(w),
                place=standings[w].place,
                final=standings[w].final - points[w],
                wins=wins[w],
                deal_ins=deal_ins[w],
                riichi=riichi[w],
            )
            for w in range(4)
        ),
    )


def confirmed_games() -> list[InPersonGame]:
    tables = (
        # only an agreed result counts (tournaments.agreement)
        Table.objects.filter(result__source=Result.OFFLINE, result__status=Result.AGREED)
        .select_related("result", "tournament__ruleset", "ruleset")
        .prefetch_related("seats", "hands", "chombos", "penalties")
    )
    out = []
    for table in tables:
        try:
            out.append(as_in_person(table))
        except EngineError:  # a ruleset edited into an impossible one: leave the game out
            log.warning("in-person table %s cannot be scored by its ruleset", table.pk)
    return out
