"""The club's members (and its bots) as one custom user model."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

# The words the site uses for the game: Japanese terms (riichi, pon, ron) or their
# English names. Each is a language code: the English names are a message file
# (locale/en_names), so another language is one more file (see the README).
JAPANESE_TERMS, ENGLISH_NAMES = "en", "en-names"
TERMS = [
    (JAPANESE_TERMS, _("Japanese terms (riichi, pon, ron)")),
    (ENGLISH_NAMES, _("English names (declare ready, triplet, win on a discard)")),
]

# The language of the whole site for a member (players.terms): English, whose game words
# are the choice above, or Japanese, whose game words are the Japanese writing (立直, ロン).
ENGLISH, JAPANESE = "en", "ja"
SITE_LANGUAGES = [(ENGLISH, "English"), (JAPANESE, "日本語 (Japanese)")]


class Player(AbstractUser):
    """A member of the club. Bots are players too, so histories need no special case,
    but ``is_bot`` keeps them out of the human ranking."""

    display_name = models.CharField(max_length=60, blank=True)
    is_bot = models.BooleanField(default=False)
    is_placeholder = models.BooleanField(
        default=False, help_text="Created by a log import; nobody signs in as it."
    )
    terms = models.CharField(
        _("words at the table"), max_length=12, choices=TERMS, default=JAPANESE_TERMS
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=SITE_LANGUAGES,
        default=ENGLISH,
        help_text=_(
            "The language of the whole site. In Japanese the game's words are "
            "written in Japanese (立直, ロン), whatever the words at the table say."
        ),
    )
    learning_aids = models.BooleanField(
        _("learning aids"),
        default=False,
        help_text=_(
            "At your own table: how far you are from ready, your waits and how many "
            "are left, furiten and no-yaku warnings, and which discards keep you ready for "
            "riichi. Never shown in tournament games."
        ),
    )
    table_sounds = models.BooleanField(
        default=False, help_text="Play a sound at the table for a discard, a call and one's turn."
    )

    # Who is online (the lobby): a page of the site open in the last minutes, unless hidden.
    hide_online = models.BooleanField(
        _("hide me from who is online"),
        default=False,
        help_text=_("The lobby does not list you among the members online, waiting or playing."),
    )
    last_seen = models.DateTimeField(
        null=True, blank=True, help_text="When a page of the site last told us it was open."
    )

    tenhou_name = models.CharField(
        _("Tenhou name"),
        max_length=60,
        blank=True,
        help_text=_(
            "Your name on Tenhou: imported Tenhou games under this name link to your "
            "profile, and organizers can add your Tenhou games to events."
        ),
    )
    mahjongsoul_name = models.CharField(
        _("Mahjong Soul name"),
        max_length=60,
        blank=True,
        help_text=_("Your in-game name on Mahjong Soul, the same for Mahjong Soul games."),
    )

    mail_notices = models.JSONField(
        "notices by e-mail",
        default=list,
        blank=True,
        help_text="The kinds of notices also sent to your e-mail address.",
    )

    class Meta:
        ordering = ["username"]

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def name(self) -> str:
        return self.display_name or self.username

    def get_absolute_url(self) -> str:
        return reverse("history:profile", args=[self.username])


# The kinds of notices (players.notices.notify); a member chooses which also come by mail.
SEATING, AGREEMENT, DISPUTE, REFEREE_CALL, PENALTY, INVITATION = (
    "seating",
    "agreement",
    "dispute",
    "referee_call",
    "penalty",
    "invitation",
)
NOTICE_KINDS = [
    (SEATING, _("A round's seating is published (your table and wind)")),
    (AGREEMENT, _("A result waits for your agreement")),
    (DISPUTE, _("A disputed result waits for you to settle it")),
    (REFEREE_CALL, _("A player calls you as referee")),
    (PENALTY, _("A penalty is given to you")),
    (INVITATION, _("A member invites you to a game")),
]


class Notice(models.Model):
    """One thing the site tells one member: shown under the bell until read."""

    member = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=20, choices=NOTICE_KINDS)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField()
    read = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["member", "read"], name="notice_unread")]

    def __str__(self) -> str:
        return self.text


class MailOut(models.Model):
    """One e-mail waiting to be sent (players.mail_queue works them off).

    ``next_try`` is when a worker may take it: a worker claims a row by moving it
    forward (a lease), so two processes never send the same mail; a failure moves it
    further with back-off, and ``sent`` marks it done.
    """

    to = models.EmailField()
    subject = models.CharField(max_length=200)
    body = models.TextField()
    notice = models.ForeignKey(Notice, on_delete=models.SET_NULL, null=True, blank=True)
    created = models.DateTimeField()
    next_try = models.DateTimeField(db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    sent = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["next_try", "pk"]

    def __str__(self) -> str:
        return f"{self.to}: {self.subject}"
