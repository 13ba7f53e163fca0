"""A tournament's final stage in the database: its settings, the cut, its seating.

The organizer sets the stage on the event's "Stages and finish" page: after round
K the top N by the standings (ties broken as the event chose) play M more rounds,
their scores carried, halved or reset. The cut is made by the organizer once round
K is complete, or by drawing round K + 1 (:func:`tournaments.rounds.draw` asks
:func:`cut_if_due`). The arithmetic is :mod:`tournaments.stage_board`.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence

from django import forms
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import leaderboard, records, stage_board
from .models import Registration, Result, Stage, Tournament, TournamentTable
from .seating import TABLE_SIZE

Clock = Callable[[], datetime.datetime]


class Refused(Exception):
    """A stage setting or cut that cannot be made; the message says why."""


def stage_of(tournament: Tournament) -> Stage | None:
    return Stage.objects.filter(tournament=tournament).first()


def field_size(tournament: Tournament) -> int:
    return Registration.objects.filter(
        tournament=tournament, withdrawn__isnull=True, substitute=False
    ).count()


class StageForm(forms.ModelForm):
    class Meta:
        model = Stage
        fields = ["after_round", "advance", "rounds", "scores", "seating", "ties"]
        labels = {"scores": _("Scores"), "seating": _("Seating")}
        widgets = {
            "scores": forms.RadioSelect,
            "seating": forms.RadioSelect,
            "ties": forms.RadioSelect,
        }

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        for name in ("after_round", "advance", "rounds"):
            self.fields[name].widget.attrs.update(min=1, max=50)

    def clean(self):
        data = super().clean()
        if self.instance.pk and self.instance.is_cut:
            raise forms.ValidationError(_("The cut is made: the stage can no longer change."))
        after, advance, rounds = (data.get(k) for k in ("after_round", "advance", "rounds"))
        if after is not None and after < 1:
            self.add_error("after_round", _("The cut comes after round 1 at the earliest."))
        if rounds is not None and not 1 <= rounds <= 49:
            self.add_error("rounds", _("The final stage plays between 1 and 49 rounds."))
        if after and rounds and after + rounds > 50:
            self.add_error("rounds", _("An event has at most 50 rounds in all."))
        drawn = self.tournament.round_set.count()
        if after is not None and after < drawn:
            self.add_error(
                "after_round",
                _("%(drawn)s rounds are drawn already: the cut cannot come before round %(drawn)s.")
                % {"drawn": drawn},
            )
        if advance is not None:
            field = field_size(self.tournament)
            if advance < TABLE_SIZE or advance % TABLE_SIZE:
                self.add_error(
                    "advance", _("The players who go on fill whole tables: 4, 8, 12 and so on.")
                )
            elif advance > field:
                self.add_error(
                    "advance",
                    _(
                        "The field has %(field)s players: a cut of %(advance)s is larger than the field."
                    )
                    % {"field": field, "advance": advance},
                )
        return data

    @transaction.atomic
    def save(self, commit=True):
        stage = super().save(commit=False)
        stage.tournament = self.tournament
        stage.save()
        # the event's number of rounds follows its stage
        Tournament.objects.filter(pk=self.tournament.pk).update(
            rounds=stage.after_round + stage.rounds
        )
        self.tournament.rounds = stage.after_round + stage.rounds
        return stage


def round_complete(tournament: Tournament, number: int) -> bool:
    """Every table of round ``number`` has a result that counts."""
    tables = TournamentTable.objects.filter(tournament=tournament, round__number=number)
    if not tables.exists():
        return False
    return not tables.exclude(result__status=Result.AGREED).exists()


def board_before(tournament: Tournament, stage: Stage) -> leaderboard.Leaderboard:
    return stage_board.before_cut(
        records.games_of(tournament),
        tournament.engine_ruleset(),
        records.entries_of(tournament),
        records.pending_penalties(tournament),
        stage.after_round,
    )


@transaction.atomic
def cut(tournament: Tournament, user=None, *, clock: Clock = timezone.now) -> Stage:
    """Make the cut: the top N at round K go on. Refused (nothing changed) when the
    event has no stage, the cut is made, round K is not complete, or the field is
    smaller than the cut."""
    stage = Stage.objects.select_for_update().filter(tournament=tournament).first()
    if stage is None:
        raise Refused(_("This event has no final stage: set one first."))
    if stage.is_cut:
        raise Refused(_("The cut is already made."))
    k = stage.after_round
    if not round_complete(tournament, k):
        raise Refused(
            _(
                "The cut comes after round %(round)s: round %(round)s must be drawn and every "
                "one of its tables have a result that counts first."
            )
            % {"round": k}
        )
    order = stage_board.order_at_cut(board_before(tournament, stage), stage.ties, k)
    if stage.advance > len(order):
        raise Refused(
            _("Only %(ranked)s players are ranked: a cut of %(advance)s is larger than the field.")
            % {"ranked": len(order), "advance": stage.advance}
        )
    stage.qualified = [r.player for r in order[: stage.advance]]
    stage.places = {str(r.player): place for place, r in enumerate(order, start=1)}
    stage.cut_at = clock()
    stage.cut_by = user if getattr(user, "is_authenticated", False) else None
    stage.save()
    return stage


def cut_if_due(tournament: Tournament, number: int) -> Stage | None:
    """Before round ``number`` is drawn: the stage, cut now if this is the first
    round after it (None when the round is not in a final stage)."""
    stage = stage_of(tournament)
    if stage is None or number <= stage.after_round:
        return None
    if not stage.is_cut:
        stage = cut(tournament)
    return stage


def as_cut(stage: Stage) -> stage_board.Cut:
    return stage_board.Cut(
        after_round=stage.after_round,
        qualified=tuple(stage.qualified),
        places={int(p): place for p, place in stage.places.items()},
        scores=stage.scores,
    )


def board(tournament, games, ruleset, entries, adjustments) -> leaderboard.Leaderboard:
    """The event's standings: with its final stage once the cut is made."""
    stage = stage_of(tournament)
    if stage is None or not stage.is_cut:
        return leaderboard.build(games, ruleset, entries, adjustments)
    return stage_board.build(games, ruleset, entries, adjustments, as_cut(stage))


def finalists_in_order(tournament: Tournament, stage: Stage) -> list[int]:
    """The finalists by the stage's standings now (the cut's order before any final game)."""
    ranked = board(
        tournament,
        records.games_of(tournament),
        tournament.engine_ruleset(),
        records.entries_of(tournament),
        records.pending_penalties(tournament),
    )
    qualified = set(stage.qualified)
    return [r.player for r in ranked.rows if r.player in qualified]


def tables_by_place(players: Sequence[int]) -> list[list[int]]:
    """Table 1 seats places 1-4 (1st East, 2nd South, 3rd West, 4th North), table 2
    places 5-8, and so on."""
    return [list(players[i : i + TABLE_SIZE]) for i in range(0, len(players), TABLE_SIZE)]


def describe(stage: Stage | None) -> str:
    if stage is None:
        return ""
    words = {
        "after": stage.after_round,
        "advance": stage.advance,
        "rounds": stage.rounds,
        "scores": str(stage.get_scores_display()).replace("：", ":").split(":")[0].lower(),
    }
    return (
        ngettext(
            "After round %(after)s the top %(advance)s play %(rounds)s more round; scores %(scores)s.",
            "After round %(after)s the top %(advance)s play %(rounds)s more rounds; scores %(scores)s.",
            stage.rounds,
        )
        % words
    )


def stage_name(tournament: Tournament, number: int) -> str:
    """What a round's pages call its stage: "Final stage", "Stage 1", or nothing."""
    stage = stage_of(tournament)
    if stage is None:
        return ""
    return str(_("Final stage")) if number > stage.after_round else str(_("Stage 1"))
