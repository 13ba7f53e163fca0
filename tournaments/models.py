"""Tournaments and club leagues: who plays, where they sit, and what they scored.

A *tournament* runs a fixed number of rounds; each round seats the field at
tables of four. A *league* is an open-ended season: its games are not seated
here, any finished game between its registered members counts, and its standings
cover a range of dates.

Seats are stored East first (East, South, West, North of the first hand), which
is also the order of a result's scores and the order
:func:`rules.engine.standings.final_standings` expects with the starting dealer at
seat 0.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from players import names
from rules.engine import Ruleset, ruleset_from_dict

WIND_NAMES = ("East", "South", "West", "North")
CLOSES_HELP = _("Members may register themselves until then (empty: no closing date).")
CAP_HELP = _("The most players in the field; later ones join a waiting list (empty: no cap).")


class Tournament(models.Model):
    ONLINE, OFFLINE, LEAGUE = "online", "offline", "league"
    FORMATS = [
        (OFFLINE, _("Offline: played at the club, results entered by staff")),
        (ONLINE, _("Online: tables played live on this site")),
        (LEAGUE, _("League: a season where every game between members counts")),
    ]

    name = models.CharField(max_length=120)
    format = models.CharField(max_length=10, choices=FORMATS, default=OFFLINE)
    start_date = models.DateField()
    end_date = models.DateField(null=True, blank=True, help_text=_("Leave empty for no end yet."))
    ruleset = models.ForeignKey("rules.Ruleset", on_delete=models.PROTECT, related_name="+")
    overrides = models.JSONField(
        default=dict,
        blank=True,
        help_text="Engine settings that differ from the ruleset for this event, as JSON.",
    )
    rounds = models.PositiveSmallIntegerField(default=4, help_text=_("Ignored by leagues."))
    registration_open = models.BooleanField(default=True)
    # self-registration limits (see tournaments.self_registration)
    registration_closes = models.DateTimeField(null=True, blank=True, help_text=CLOSES_HELP)
    registration_cap = models.PositiveSmallIntegerField(null=True, blank=True, help_text=CAP_HELP)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created"
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="tournaments_organized"
    )
    referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="tournaments_refereed",
        help_text="May correct scored hands and record penalties at this event.",
    )
    closed = models.DateTimeField(
        null=True, blank=True, help_text="When the event was closed: no more hands or results."
    )
    FINISH_HAND, ONE_MORE_HAND = "finish_hand", "one_more_hand"
    TIME_END_RULES = [
        (FINISH_HAND, _("When time is up, finish the hand in play")),
        (ONE_MORE_HAND, _("When time is up, play one more hand after the one in play")),
    ]
    time_end_rule = models.CharField(
        max_length=16, choices=TIME_END_RULES, default=FINISH_HAND, help_text=_("In-person rounds.")
    )
    # who makes a result entered at a scored table count (see tournaments.agreement)
    PLAYERS_AGREE, REFEREE_AGREES = "players", "referee"
    AGREEMENT_RULES = [
        (PLAYERS_AGREE, _("The players' agreement is enough")),
        (REFEREE_AGREES, _("Results need a referee")),
    ]
    result_agreement = models.CharField(
        max_length=10,
        choices=AGREEMENT_RULES,
        default=PLAYERS_AGREE,
        verbose_name=_("Results entered at a table count"),
        help_text=_(
            "A result entered by a player counts once another seated member agrees, "
            "or only once an organizer or referee agrees."
        ),
    )
    # hidden finish (tournaments.hidden_finish): the last rounds' standings are hidden
    hide_last_rounds = models.PositiveSmallIntegerField(
        default=0, help_text="Hide the standings from players for this many last rounds."
    )
    revealed = models.DateTimeField(null=True, blank=True)
    projector_calls = models.BooleanField(
        "show referee calls on the projector",
        default=False,
        help_text="The projector's corner shows each open call with its table and time.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    @property
    def is_league(self) -> bool:
        return self.format == self.LEAGUE

    @property
    def is_online(self) -> bool:
        return self.format == self.ONLINE

    def engine_ruleset(self) -> Ruleset:
        """The stored ruleset with this event's overrides on top."""
        return ruleset_from_dict(self.overrides or {}, base=self.ruleset.engine_ruleset())

    def is_organizer(self, user) -> bool:
        """Organizers (the creator and the staff they added) may change the event."""
        if not getattr(user, "is_authenticated", False):
            return False
        if user.is_superuser or user.pk == self.created_by_id:
            return True
        return self.organizers.filter(pk=user.pk).exists()

    def is_referee(self, user) -> bool:
        """Referees and organizers may correct scored hands after confirmation."""
        if self.is_organizer(user):
            return True
        return bool(
            getattr(user, "is_authenticated", False) and self.referees.filter(pk=user.pk).exists()
        )


class Registration(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    team = models.CharField(max_length=60, blank=True)
    substitute = models.BooleanField(
        default=False, help_text="Plays only to fill a seat; not ranked in the standings."
    )
    withdrawn = models.DateTimeField(null=True, blank=True)
    self_registered = models.BooleanField(default=False, help_text="Registered themselves.")
    refused = models.DateTimeField(null=True, blank=True, help_text="Refused by an organizer.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"

    @property
    def active(self) -> bool:
        return self.withdrawn is None


class Round(models.Model):
    RANDOM, SWISS, MANUAL = "random", "swiss", "manual"
    METHODS = [
        (RANDOM, _("Random, avoiding repeated opponents")),
        (SWISS, _("Swiss, by current standings")),
        (MANUAL, _("Uploaded by staff")),
    ]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    method = models.CharField(max_length=10, choices=METHODS, default=RANDOM)
    seating_seed = models.BigIntegerField(default=0, help_text="Seed of the seating draw.")
    duplicate = models.BooleanField(
        default=False, help_text="Every table plays the same wall (online rounds)."
    )
    seed = models.BigIntegerField(null=True, blank=True, help_text="The wall seed of the round.")
    published = models.DateTimeField(null=True, blank=True)
    # the round timer (in-person rounds): see tournaments.round_timer
    timer_minutes = models.PositiveSmallIntegerField(default=90)
    timer_started = models.DateTimeField(null=True, blank=True)
    timer_paused = models.DateTimeField(null=True, blank=True)
    timer_used = models.PositiveIntegerField(default=0, help_text="Seconds run before a pause.")
    timer_extra = models.PositiveIntegerField(default=0, help_text="Seconds added by extensions.")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.tournament_id, self.number])

    # what the round timer (tournaments.round_timer) asks of whatever it times
    @property
    def timer_end_rule(self) -> str:
        return self.tournament.time_end_rule

    @property
    def timer_end_rule_text(self) -> str:
        return self.tournament.get_time_end_rule_display()

    @property
    def timer_label(self) -> str:
        return str(_("Round %(number)s") % {"number": self.number})


class RoundBye(models.Model):
    """A registered player who sits this round out."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="one_bye")]

    def __str__(self) -> str:
        return f"bye for {self.player} in {self.round}"


class TournamentTable(models.Model):
    """One game of the event: a seated table of a round, or a league game.

    ``table_id`` is the live table's id in the tables app, kept as a plain integer
    so this app needs no migration of that one.
    """

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="tables",
        help_text="Empty for a casual scored table opened on its own.",
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, null=True, blank=True, related_name="tables"
    )
    number = models.PositiveSmallIntegerField()
    table_id = models.IntegerField(null=True, blank=True, help_text="The live table's id.")
    # a casual scored table (no event): its ruleset and who opened it (who runs it)
    ruleset = models.ForeignKey(
        "rules.Ruleset", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # a casual table's own round timer (an event's tables use their round's): see
    # tournaments.round_timer; 0 minutes is a table without a timer
    timer_minutes = models.PositiveSmallIntegerField(
        default=0, help_text="A casual table's time limit in minutes (0: no timer)."
    )
    timer_started = models.DateTimeField(null=True, blank=True)
    timer_paused = models.DateTimeField(null=True, blank=True)
    timer_used = models.PositiveIntegerField(default=0, help_text="Seconds run before a pause.")
    timer_extra = models.PositiveIntegerField(default=0, help_text="Seconds added by extensions.")
    time_end_rule = models.CharField(
        max_length=16,
        choices=Tournament.TIME_END_RULES,
        default=Tournament.FINISH_HAND,
        help_text="A casual table's rule when its time is up.",
    )

    class Meta:
        ordering = ["round__number", "number", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "table_id"], name="one_link_per_live_table"
            ),
        ]

    def __str__(self) -> str:
        return f"table {self.number}"

    @property
    def timer_end_rule(self) -> str:
        return self.time_end_rule

    @property
    def timer_end_rule_text(self) -> str:
        return self.get_time_end_rule_display()

    @property
    def timer_label(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})

    def seat_list(self) -> list[Seat]:
        """The four seats, East first (prefetched ``seats`` are used when present)."""
        return sorted(self.seats.all(), key=lambda s: s.wind)


class Seat(models.Model):
    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="seats")
    wind = models.PositiveSmallIntegerField(choices=list(enumerate(WIND_NAMES)))
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty for a bot.",
    )
    substitute_for = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    guest_name = models.CharField(
        max_length=40, blank=True, help_text="A guest without an account (scored tables)."
    )

    class Meta:
        ordering = ["table", "wind"]
        constraints = [models.UniqueConstraint(fields=["table", "wind"], name="one_player_a_seat")]

    def __str__(self) -> str:
        return f"{self.wind_name}: {self.player_name}"

    @property
    def wind_name(self) -> str:
        return WIND_NAMES[self.wind]

    @property
    def player_name(self) -> str:
        if self.player:
            return self.player.name
        if not self.guest_name:
            return "Bot"
        name = self.guest_name
        if any(c in names.BIDI_CONTROLS for c in name):
            # a name stored before such names were refused: isolated, so that its
            # direction marks cannot turn the label after it around
            name = f"\u2068{name}\u2069"
        return f"{name} (guest)"


class Result(models.Model):
    """A table's final raw scores, East first, and the riichi sticks left over."""

    ONLINE, OFFLINE = "online", "offline"

    table = models.OneToOneField(TournamentTable, on_delete=models.CASCADE, related_name="result")
    scores = models.JSONField(help_text="Four final raw scores, East first.")
    leftover_sticks = models.PositiveSmallIntegerField(default=0)
    source = models.CharField(max_length=10, choices=[(ONLINE, "online"), (OFFLINE, "offline")])
    seed = models.BigIntegerField(null=True, blank=True, help_text="The wall seed, if known.")
    finished_at = models.DateTimeField()
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Only an agreed result counts in standings, ratings and statistics (see
    # tournaments.agreement); results from before agreement existed are agreed.
    WAITING, DISPUTED, AGREED = "waiting", "disputed", "agreed"
    STATUSES = [
        (WAITING, _("waiting for agreement")),
        (DISPUTED, _("disputed")),
        (AGREED, _("agreed")),
    ]
    status = models.CharField(max_length=10, choices=STATUSES, default=AGREED)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The organizer or referee who agreed or settled it (empty: the players).",
    )

    class Meta:
        ordering = ["finished_at", "pk"]

    def __str__(self) -> str:
        return f"result of {self.table}: {self.scores}"

    def chombo_counts(self) -> tuple[int, int, int, int]:
        counts = [0, 0, 0, 0]
        for chombo in self.table.chombos.all():
            counts[chombo.wind] += 1
        return tuple(counts)


class Answer(models.Model):
    """A seated member's answer to a result entered at a scored table: agreed, or
    disputed with a reason (see tournaments.agreement)."""

    AGREE, DISPUTE = "agree", "dispute"

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="answers")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    answer = models.CharField(max_length=10, choices=[(AGREE, "agreed"), (DISPUTE, "disputed")])
    reason = models.CharField(max_length=200, blank=True)
    answered_at = models.DateTimeField()

    class Meta:
        ordering = ["answered_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["result", "player"], name="one_answer_per_member")
        ]

    def __str__(self) -> str:
        return f"{self.get_answer_display()} by player {self.player_id}: {self.reason}"


class Chombo(models.Model):
    """One chombo penalty against the player in a seat, with the reason given."""

    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="chombos")
    wind = models.PositiveSmallIntegerField(choices=list(enumerate(WIND_NAMES)))
    reason = models.CharField(max_length=200)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    recorded_at = models.DateTimeField()

    class Meta:
        ordering = ["table", "wind", "pk"]

    def __str__(self) -> str:
        return f"chombo, {WIND_NAMES[self.wind]} at {self.table}: {self.reason}"


class Correction(models.Model):
    """The audit trail: one changed value of a recorded result."""

    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="corrections")
    field = models.CharField(max_length=60)
    old_value = models.CharField(max_length=200)
    new_value = models.CharField(max_length=200)
    reason = models.CharField(max_length=200)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    changed_at = models.DateTimeField()

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.field}: {self.old_value} -> {self.new_value}"


class ScoredHand(models.Model):
    """One hand of a game played with real tiles, as the table declared it.

    ``declared`` is a :class:`rules.engine.scoring.scoresheet.DeclaredHand` as JSON (seats
    East first); the running score is always the engine's replay of the table's
    hands in ``number`` order. ``token`` comes from the entry form: a double tap or
    a retried request carries the same token, and the unique constraint stores it once.
    """

    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64)
    declared = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField()

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "token"], name="one_hand_per_token"),
            models.UniqueConstraint(fields=["table", "number"], name="one_hand_per_number"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.table}"


from .penalty_models import Penalty, PenaltyPreset, WithdrawnPenalty  # noqa: E402,F401
from .people_models import TakeoverRequest, WaitingPlace  # noqa: E402, F401  (one app's models)
from .referee_call_models import RefereeCall  # noqa: E402, F401  (the app's models)
from .stage_models import Stage  # noqa: E402,F401
