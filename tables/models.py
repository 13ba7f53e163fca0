"""Tables, their seats, the games played at them and a record of every hand.

A game is stored as ruleset snapshot + seed + action log: replaying the log through
the engine rebuilds the exact state, so nothing else about the game needs saving.
``version`` counts accepted actions and is the compare-and-set that orders writes
from several processes (see ``tables.play.submit.submit``).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from players import bots
from rules.engine import CLAIM_RULES, Ruleset, ruleset_from_dict

BOT_LEVELS = list(bots.BOTS.items())
WINDS = "ESWN"
# How long a game lasts, chosen when the table is opened ("" keeps the ruleset's).
GAME_LENGTHS = [
    ("", _("As the ruleset says")),
    ("tonpuusen", _("East only (tonpuusen)")),
    ("hanchan", _("East and South (hanchan)")),
]
# How long the bots think before each move, in milliseconds (None: the club's
# TABLE_BOT_DELAY). A hanchan against bots at one second a move lasts ten minutes.
BOT_DELAYS = [
    (300, _("Quick (0.3 s)")),
    (1000, _("Steady (1 s)")),
    (2000, _("Relaxed (2 s)")),
]


class Table(models.Model):
    OPEN, PLAYING, FINISHED = "open", "playing", "finished"
    STATUSES = [(OPEN, _("Open")), (PLAYING, _("Playing")), (FINISHED, _("Finished"))]

    name = models.CharField(max_length=60)
    ruleset = models.ForeignKey("rules.Ruleset", on_delete=models.PROTECT, related_name="tables")
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN, db_index=True)
    is_private = models.BooleanField(default=False)
    # Anyone holding the invite link of a private table may sit down or watch.
    invite_token = models.CharField(max_length=32, blank=True, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tables_created",
    )
    created = models.DateTimeField(auto_now_add=True)
    game_type = models.CharField(
        max_length=10, choices=GAME_LENGTHS, blank=True, help_text="Empty: the ruleset's length."
    )
    is_tournament = models.BooleanField(
        default=False, help_text="Opened for a tournament or a league: no learning aids."
    )
    bot_delay_ms = models.PositiveIntegerField(
        null=True, blank=True, choices=BOT_DELAYS, help_text="Empty: the club's default."
    )
    # A table Play now opened for four waiting members: it starts when all four are
    # at it or at this time, whichever comes first (tables.matchmaking).
    play_now_start_by = models.DateTimeField(null=True, blank=True, db_index=True)
    # The usual table options its opener changed from the ruleset (red fives, open
    # tanyao, how wins are settled; see tables.table_options), as ruleset settings.
    options = models.JSONField(
        default=dict, blank=True, help_text="Settings changed from the ruleset for this table."
    )

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        if self.is_private and not self.invite_token:
            self.invite_token = secrets.token_urlsafe(16)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tables:table", args=[self.pk])

    def current_game(self) -> Game | None:
        return self.games.order_by("-pk").first()


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(validators=[MaxValueValidator(3)])
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=12, choices=BOT_LEVELS, blank=True)
    # How many sockets this seat has open (several tabs count once each); the flag
    # says whether that is more than none, which is what the driver asks.
    connections = models.PositiveIntegerField(default=0)
    connected = models.BooleanField(default=False)
    last_seen = models.DateTimeField(
        null=True, blank=True, help_text="When a socket of this seat last opened or closed."
    )
    # The seat's automatic play, applied by the driver with no delay.
    auto_win = models.BooleanField(default=False, help_text="Declare tsumo or ron at once.")
    no_calls = models.BooleanField(default=False, help_text="Pass on chi, pon and kan.")
    auto_riichi_discard = models.BooleanField(
        default=True, help_text="After riichi, throw each drawn tile without asking."
    )
    sort_hand = models.BooleanField(default=True, help_text="Show the hand sorted.")

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index"),
            models.CheckConstraint(condition=models.Q(index__lte=3), name="seat_index_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.index}: {self.occupant}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.player_id is None and not self.bot_level

    @property
    def occupant(self) -> str:
        if self.bot_level:
            # Numbered by seat, so three bots of one level can be told apart.
            return f"{dict(BOT_LEVELS)[self.bot_level]} {self.index + 1}"
        return self.player.name if self.player else "empty"


def default_banks() -> list[int]:
    return [Ruleset().bank_time * 1000] * 4


class Game(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="games")
    # The ruleset as it was when the game started: later edits to the club's
    # ruleset must not change a game in progress or its replay.
    ruleset = models.JSONField()
    seed = models.BigIntegerField()
    # Explicit walls for the first hands (a set puzzle, a bug report turned into a
    # test); later hands are shuffled from the seed.
    walls = models.JSONField(default=list, blank=True)
    # The seats a bot played, fixed when the game starts. The app rule settings' open-riichi
    # setting for robots (ruleset.open_riichi_robot) changes what is legal, so the
    # game is replayed with them; older games, stored without, had no robot seats.
    robots = models.JSONField(default=list, blank=True, help_text="Seats (0-3) played by a bot.")
    # The claimed-win procedure the game is played under (rules.engine.claims): games
    # stored before a claim was kept from its claimant replay under the first one.
    claim_rules = models.PositiveSmallIntegerField(
        default=CLAIM_RULES, help_text="Version of the claimed-win procedure (1 or 2)."
    )
    log = models.JSONField(default=list, blank=True, help_text="Action strings, in order.")
    version = models.PositiveIntegerField(default=0)
    hand_index = models.PositiveIntegerField(default=0)
    started = models.DateTimeField()
    finished = models.DateTimeField(null=True, blank=True)
    final = models.JSONField(null=True, blank=True, help_text="Final standings, first place first.")
    # Timers: the current decision began at turn_started; the base thinking time
    # runs out at deadline, after which each seat spends its own bank.
    turn_started = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    bank_ms = models.JSONField(default=default_banks)
    # What the last step led to is shown to nobody before this (a call window, see
    # tables.play.call_window); empty: it is shown at once.
    reveal_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.table} game {self.pk} (v{self.version})"

    def engine_ruleset(self) -> Ruleset:
        return ruleset_from_dict(self.ruleset)

    @property
    def is_finished(self) -> bool:
        return self.finished is not None


class DriverLease(models.Model):
    """Which process drives a game's timers and bots, until when.

    A process takes a lease when it is free or expired and renews it while alive;
    if it dies the lease runs out and another process takes over.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="lease")
    owner = models.CharField(max_length=80, blank=True)
    expires = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.game}: {self.owner or 'nobody'} until {self.expires}"


class HandRecord(models.Model):
    RESULT_TYPES = [
        ("ron", "Ron"),
        ("tsumo", "Tsumo"),
        ("exhaustive", "Exhaustive draw"),
        ("nagashi", "Nagashi mangan"),
        ("abortive", "Abortive draw"),
        ("chombo", "Chombo (hand played again)"),
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    index = models.PositiveIntegerField()
    round_wind = models.CharField(max_length=1, choices=[(w, w) for w in WINDS])
    round_number = models.PositiveSmallIntegerField(help_text="0-3: the dealer's seat.")
    honba = models.PositiveSmallIntegerField(default=0)
    riichi_sticks = models.PositiveSmallIntegerField(default=0, help_text="Left after the hand.")
    result_type = models.CharField(max_length=12, choices=RESULT_TYPES)
    abort_reason = models.CharField(max_length=40, blank=True)
    winners = models.JSONField(default=list, blank=True)
    # The first winner's hand value; every winner's details are in ``wins``.
    yaku = models.JSONField(default=list, blank=True, help_text="[[name, han], ...]")
    han = models.PositiveSmallIntegerField(default=0)
    fu = models.PositiveSmallIntegerField(default=0)
    points = models.IntegerField(default=0)
    limit = models.CharField(max_length=20, blank=True)
    wins = models.JSONField(default=list, blank=True)
    deltas = models.JSONField(default=list)
    scores_after = models.JSONField(default=list)
    # Claimed wins (rules.engine.claims): the seats whose claim the review settled
    # against the engine's reading (a false win fixed, another value, a valid win punished).
    against_reading = models.JSONField(
        default=list, blank=True, help_text="Seats whose claim was settled against the app."
    )
    log_start = models.PositiveIntegerField(help_text="Index of the hand's first action.")
    log_end = models.PositiveIntegerField(help_text="One past the hand's last action.")

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="one_record_per_hand")
        ]

    def __str__(self) -> str:
        return f"{self.game} hand {self.index}: {self.result_type}"

    @property
    def round_label(self) -> str:
        return f"{dict(zip(WINDS, ('East', 'South', 'West', 'North'), strict=True))[self.round_wind]} {self.round_number + 1}"


# --- Play now: the queue, and invitations to a private table (tables.matchmaking) -----------

QUEUE_LENGTHS = [("tonpuusen", _("East only")), ("hanchan", _("Hanchan"))]


class QueueEntry(models.Model):
    """A member waiting in the Play now queue for a ruleset and a length.

    One row per member (the one-to-one): a member is in one queue at most, in every
    process at once, because the database refuses a second row. Matching deletes the
    four rows it seats in the same transaction that opens their table, so a row that is
    gone was seated once and never again.
    """

    member = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    ruleset = models.ForeignKey("rules.Ruleset", on_delete=models.CASCADE, related_name="+")
    length = models.CharField(max_length=10, choices=QUEUE_LENGTHS)
    joined = models.DateTimeField(db_index=True)
    # Set when the member allows bots: from then on the seats nobody took get bots.
    bots_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The socket that joined: when it closes (the tab, the network), the member leaves.
    channel = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["joined", "pk"]
        indexes = [models.Index(fields=["ruleset", "length"], name="queue_kind")]

    def __str__(self) -> str:
        return f"{self.member} waits for {self.length} ({self.ruleset_id})"


class QueueBar(models.Model):
    """A member who left a matched table before it started may not queue until ``until``."""

    member = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_bar"
    )
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.member} until {self.until}"


class Invitation(models.Model):
    PENDING, ACCEPTED, DECLINED, WITHDRAWN = "pending", "accepted", "declined", "withdrawn"
    STATUSES = [
        (PENDING, "Waiting for an answer"),
        (ACCEPTED, "Accepted"),
        (DECLINED, "Declined"),
        (WITHDRAWN, "Withdrawn (the table started without them)"),
    ]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent"
    )
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING, db_index=True)
    created = models.DateTimeField()
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "member"], name="one_invitation_per_member")
        ]

    def __str__(self) -> str:
        return f"{self.host} invites {self.member} to {self.table}: {self.status}"
