"""Scored real tables: the hands of a game played with real tiles, kept in the database.

A scored table is a :class:`~tournaments.models.TournamentTable` whose players enter
each hand's result on a phone. The stored rows are the declared hands only; the
scores, the round, honba, sticks and the end of the game are always the engine's
replay of them (:func:`rules.engine.scoring.scoresheet.replay_sheet`), so no arithmetic
lives here.

Why in ``tournaments``: events own club nights, rounds and seats, and a confirmed
game becomes an ordinary :class:`~tournaments.models.Result`, so standings, leagues,
exports and the live standings count it with no second path.

Writes:

* :func:`save_hand` stores a hand once per client token (a double tap or a retry
  returns the hand already stored);
* :func:`undo_last` removes the last hand: any seated player until the game is
  confirmed, afterwards only an organizer or referee, with a reason, which also
  takes back the confirmed result; every undo is in the correction log;
* :func:`confirm` turns a finished sheet into the table's result, which counts once
  it is agreed (:mod:`.agreement`).
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules.engine import (
    DeclaredHand,
    InvalidHand,
    ScoreSheet,
    WinValue,
    record,
    replay_sheet,
    round_name,
)

from . import agreement, records, round_timer, signals
from .hand_words import describe
from .leaderboard import Adjustment
from .models import WIND_NAMES, Correction, Result, ScoredHand
from .models import TournamentTable as Table

Clock = Callable[[], datetime.datetime]


class Refused(Exception):
    """A scoring action the visitor may not take now; the message says why."""


@dataclasses.dataclass(frozen=True)
class HandKey:
    """The hand an entry was made for, as the entry page showed it: its number at the
    table, its round ("East 2") and honba (the form's hidden ``hand_*`` fields)."""

    number: int
    round: str
    honba: int

    @classmethod
    def of(cls, sheet: ScoreSheet) -> HandKey:
        return cls(sheet.hand_index + 1, round_name(sheet), sheet.honba)

    @classmethod
    def parse(cls, data) -> HandKey | None:
        number, honba = data.get("hand_number", ""), data.get("hand_honba", "")
        if not (number.isdigit() and honba.isdigit() and len(number) < 5 and len(honba) < 4):
            return None
        return cls(int(number), data.get("hand_round", "")[:20], int(honba))

    def fields(self) -> dict[str, str]:
        """The entry form's hidden fields for this hand."""
        return {
            "hand_number": str(self.number),
            "hand_round": self.round,
            "hand_honba": str(self.honba),
        }

    def __str__(self) -> str:
        return f"hand {self.number} ({self.round}, {self.honba} honba)"


class AlreadyEntered(Refused):
    """An entry for a hand the table has already stored (another phone saved it first,
    or the page was old): the message says who stored what, and when."""

    def __init__(self, message: str, stored: ScoredHand | None = None):
        super().__init__(message)
        self.stored = stored


def key_problem(table: Table, key: HandKey, sheet: ScoreSheet) -> AlreadyEntered | None:
    """Why an entry made for ``key`` cannot be stored on ``sheet`` (None: it can)."""
    if key == HandKey.of(sheet):
        return None
    stored = table.hands.filter(number=key.number).select_related("entered_by").first()
    if stored is not None:
        who = stored.entered_by.name if stored.entered_by_id else "someone"
        when = timezone.localtime(stored.entered_at).strftime("%H:%M:%S")
        return AlreadyEntered(
            f"Hand {key.number} ({key.round}, {key.honba} honba) is already entered: "
            f"{who} at {when}: {describe(from_json(stored.declared), table)}. Nothing was "
            "saved. If that entry is wrong, undo it and enter this hand again.",
            stored,
        )
    return AlreadyEntered(
        f"The table has moved on since this page was loaded (it is at {HandKey.of(sheet)}, "
        f"the page was made for {key}). Nothing was saved; check the hands and enter again."
    )


def to_json(hand: DeclaredHand) -> dict:
    data = dataclasses.asdict(hand)
    data["wins"] = [dataclasses.asdict(w) for w in hand.wins]
    return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def from_json(data: dict) -> DeclaredHand:
    wins = tuple(WinValue(**w) for w in data.get("wins", ()))
    return DeclaredHand(
        outcome=data["outcome"],
        wins=wins,
        discarder=data.get("discarder"),
        riichi=tuple(data.get("riichi", ())),
        tenpai=tuple(data.get("tenpai", ())),
        nagashi=tuple(data.get("nagashi", ())),
        abort=data.get("abort"),
        chombo=data.get("chombo"),
    )


def hands_of(table: Table) -> list[DeclaredHand]:
    return [from_json(h.declared) for h in table.hands.order_by("number")]


def ruleset_of(table: Table):
    """The engine ruleset: the event's (with its overrides), or a casual table's own."""
    if table.tournament_id is None:
        return table.ruleset.engine_ruleset()
    return table.tournament.engine_ruleset()


def is_referee(table: Table, user) -> bool:
    """Who may correct a table: the event's referees and organizers; at a casual table
    without an event, the club's organizers (whoever opened it runs its timer and
    enters hands, but a member alone never corrects a result: see :mod:`.agreement`)."""
    return agreement.may_settle(table, user)


def runs_table(table: Table, user) -> bool:
    """Who runs a casual table's timer: whoever opened it and the club's organizers."""
    if is_referee(table, user):
        return True
    return getattr(user, "is_authenticated", False) and user.pk == table.opened_by_id


def timer_of(table: Table):
    """What times this table: its in-person round, or a casual table's own timer when
    it has one; None otherwise."""
    if table.tournament_id is None:
        return table if table.timer_minutes else None
    round_ = table.round
    if round_ is None or table.tournament.is_online:
        return None
    return round_


def finished(table: Table) -> bool:
    """Whether the table's game is over: confirmed, or its sheet finished (time up too)."""
    if is_confirmed(table):
        return True
    if not table.hands.exists():
        return False
    try:
        return sheet_of(table).finished
    except InvalidHand:
        return False


def all_finished(owner) -> bool:
    """Whether every table a timer times (a round's, or a casual table itself) is over."""
    tables = [owner] if isinstance(owner, Table) else list(owner.tables.all())
    return bool(tables) and all(finished(t) for t in tables)


def stop_timer_when_done(table: Table, clock: Clock = timezone.now) -> None:
    """A finished table stops its own timer, and the last table of a round the round's."""
    owner = timer_of(table)
    if owner is not None and round_timer.started(owner) and all_finished(owner):
        round_timer.stop(owner, clock)


def timed_round(table: Table):
    """The round (or casual table) whose started timer limits this table, or None."""
    owner = timer_of(table)
    if owner is None or not round_timer.started(owner):
        return None
    return owner


def last_hand(table: Table, now: datetime.datetime | None = None) -> int | None:
    """The last hand the round's time allows (see :func:`round_timer.last_hand`)."""
    round_ = timed_round(table)
    if round_ is None:
        return None
    times = list(table.hands.order_by("number").values_list("entered_at", flat=True))
    return round_timer.last_hand(round_, times, now or timezone.now())


def sheet_of(table: Table, now: datetime.datetime | None = None) -> ScoreSheet:
    """The engine's replay of the table's hands, ended early when the round's time is up."""
    return replay_sheet(ruleset_of(table), hands_of(table), last_hand(table, now))


def is_confirmed(table: Table) -> bool:
    return Result.objects.filter(table=table).exists()


def seated(table: Table, user) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return table.seats.filter(player=user).exists()


def may_enter(table: Table, user) -> bool:
    """The four players, the event's organizers and its referees may enter hands (and
    whoever opened a casual table, who may keep its score without playing)."""
    opener = getattr(user, "is_authenticated", False) and user.pk == table.opened_by_id
    if table.tournament_id is None and opener:
        return True
    return seated(table, user) or is_referee(table, user)


def _refuse_closed(table: Table) -> None:
    if table.tournament_id is not None and table.tournament.closed:
        raise Refused(_("This event is closed; nothing can change any more."))


def save_hand(
    table: Table,
    hand: DeclaredHand,
    token: str,
    user,
    *,
    key: HandKey | None = None,
    clock: Clock = timezone.now,
) -> tuple[ScoredHand, ScoreSheet, bool]:
    """Store one hand (once per token). Returns (row, sheet after it, created).

    Raises :class:`InvalidHand` for a hand the engine refuses and :class:`Refused`
    when the table is confirmed or the event closed, or (:class:`AlreadyEntered`) when
    ``key``, the hand the entry was made for, is not the hand in play; nothing is
    stored then. The entry page always sends its key; a caller without one (a script)
    enters the hand in play.
    """
    token = token.strip()[:64]
    if not token:
        raise Refused(_("The form is missing its token; reload the page."))
    try:
        with transaction.atomic():
            locked = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
            existing = ScoredHand.objects.filter(table=locked, token=token).first()
            if existing is not None:
                return existing, sheet_of(locked), False
            _refuse_closed(locked)
            if is_confirmed(locked):
                raise Refused(
                    _("This game is confirmed; ask an organizer or referee to correct it.")
                )
            now = clock()
            hands = hands_of(locked)
            sheet = sheet_of(locked, now)
            problem = key_problem(locked, key, sheet) if key is not None else None
            if problem is not None:
                raise problem
            record(sheet, hand)  # refuses a hand after the game's end
            row = ScoredHand.objects.create(
                table=locked,
                number=len(hands) + 1,
                token=token,
                declared=to_json(hand),
                entered_by=user if getattr(user, "is_authenticated", False) else None,
                entered_at=now,
            )
            signals.results_changed(locked.tournament_id)
            after = sheet_of(locked, now)
            if after.finished:
                stop_timer_when_done(locked, clock)
            return row, after, True
    except IntegrityError:
        # The same token (or the same hand number) won a race with us: that save stands.
        row = ScoredHand.objects.filter(table=table, token=token).first()
        if row is None:
            raise Refused(
                _("Another hand was saved at the same moment; check and retry.")
            ) from None
        return row, sheet_of(table), False


def undo_last(
    table: Table,
    user,
    reason: str = "",
    *,
    number: int | None = None,
    clock: Clock = timezone.now,
) -> int:
    """Remove the last hand; returns its number. See the module docstring for who may.

    ``number`` is the hand the undo was asked for (the page's confirmation names it):
    when another hand has been entered since, nothing is undone."""
    reason = reason.strip()
    with transaction.atomic():
        locked = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
        _refuse_closed(locked)
        last = locked.hands.order_by("-number").first()
        if last is None:
            raise Refused(_("There is no hand to undo."))
        if number is not None and last.number != number:
            raise Refused(
                f"Hand {number} is no longer the last hand (the table has {last.number}); "
                "nothing was undone. Check the hands and try again."
            )
        confirmed = is_confirmed(locked)
        referee = is_referee(locked, user)
        if confirmed and not referee:
            raise Refused(
                "This game is confirmed: only an organizer or referee can undo a hand now."
            )
        if not confirmed and not (referee or seated(locked, user)):
            raise Refused(_("Only the table's players, organizers and referees can undo a hand."))
        if confirmed and not reason:
            raise Refused(_("Give a reason: a correction after confirmation is logged."))
        summary = describe(from_json(last.declared), locked)
        if confirmed:
            Result.objects.filter(table=locked).delete()
            locked.chombos.all().delete()
        Correction.objects.create(
            table=locked,
            field=f"hand {last.number}",
            old_value=summary[:200],
            new_value="undone" + (" (confirmation withdrawn)" if confirmed else ""),
            reason=reason or "undone at the table",
            changed_by=user if getattr(user, "is_authenticated", False) else None,
            changed_at=clock(),
        )
        number = last.number
        last.delete()
        signals.results_changed(locked.tournament_id)
        return number


def confirm(table: Table, user, *, clock: Clock = timezone.now) -> Result:
    """Record the finished game as the table's result (counted in standings from now on)."""
    with transaction.atomic():
        locked = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
        _refuse_closed(locked)
        if not may_enter(locked, user):
            raise Refused(_("Only the table's players, organizers and referees can confirm it."))
        if is_confirmed(locked):
            raise Refused(_("This game is already confirmed."))
        sheet = sheet_of(locked, clock())
        if not sheet.finished:
            raise Refused(_("The game is not over yet: keep entering hands."))
        counts = sheet.chombo_counts
        reasons = ["chombo at the table" if c else "" for c in counts]
        now = clock()
        records.save_result(
            locked,
            list(sheet.scores),
            sheet.riichi_sticks,
            list(counts),
            reasons,
            user,
            source=Result.OFFLINE,
            clock=lambda: now,
            status=agreement.status_after_confirm(locked, user),
        )
        result = Result.objects.get(table=locked)
        agreement.confirmed(locked, result, user, now)
        stop_timer_when_done(locked, lambda: now)
        return result


def chombo_points(sheet: ScoreSheet) -> list[int]:
    """Each seat's chombo penalties so far, taken off after uma (``chombo="penalty"``,
    as EMA plays): nothing moves at the table, so without these a chombo would show
    nowhere until the final result. Under a reverse mangan the scores show it."""
    ruleset = sheet.ruleset
    if ruleset.chombo != "penalty":
        return [0, 0, 0, 0]
    return [count * ruleset.chombo_penalty for count in sheet.chombo_counts]


def pending_chombos(tournament, start=None, end=None) -> list[Adjustment]:
    """The after-uma chombos of the tables in play (hands entered, result not counted
    yet), for the live standings; once the result counts, its game carries them."""
    counted = set(records.played_tables(tournament, start, end).values_list("pk", flat=True))
    tables = (
        Table.objects.filter(tournament=tournament, hands__isnull=False)
        .exclude(pk__in=counted)
        .distinct()
        .select_related("round")
        .prefetch_related("seats")
    )
    out = []
    for table in tables:
        try:
            points = chombo_points(sheet_of(table))
        except InvalidHand:
            continue
        players = {s.wind: s.player_id for s in table.seats.all()}
        for wind, amount in enumerate(points):
            if amount and players.get(wind) is not None:
                step = table.round.number if table.round else None
                out.append(Adjustment(players[wind], amount, chombo=True, step=step))
    return out


def live_tables(tournament) -> list[dict]:
    """Tables being scored and not yet confirmed, with their running scores."""
    tables = (
        Table.objects.filter(tournament=tournament, hands__isnull=False, result__isnull=True)
        .distinct()
        .prefetch_related("seats__player", "penalties")
        .order_by("round__number", "number")
    )
    out = []
    for table in tables:
        try:
            sheet = sheet_of(table)
        except InvalidHand:  # a ruleset edited under a running table: show it as broken
            continue
        seats = {s.wind: s.player_name for s in table.seats.all()}
        penalty_points = [0, 0, 0, 0]
        for p in table.penalties.all():
            penalty_points[p.wind] += p.points
        chombos = chombo_points(sheet)
        out.append(
            {
                "table": table,
                "round": "finished" if sheet.finished else round_name(sheet),
                "honba": sheet.honba,
                "sticks": sheet.riichi_sticks,
                # By wind, never numbered: a numbered list in seat order reads as a ranking.
                "players": [
                    (
                        WIND_NAMES[w],
                        seats.get(w, WIND_NAMES[w]),
                        sheet.scores[w],
                        penalty_points[w],
                        chombos[w],
                    )
                    for w in range(4)
                ],
            }
        )
    return out
