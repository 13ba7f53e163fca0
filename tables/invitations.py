"""Invitations: a member asks one to three others to a private table.

The host's private table opens with the host at East and the other seats kept for the
invited. Each invited member gets a notice (``players.notices.notify``: under the bell on
every page, by mail if they chose invitations by mail, and live on any open page through
their Play now socket) and accepts or declines. Accepting seats them; the game starts
when all have accepted (bots in any seat left, when fewer than three were invited), or
when the host fills the rest with bots (invitations not yet answered are then withdrawn). Every function checks first and raises
:class:`~tables.lobby.LobbyError` before changing anything.
"""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from players import notices
from players.models import INVITATION, Player
from tables import lobby, matchmaking
from tables.play import submit

from . import clock as clocks
from .models import Game, Invitation, Seat, Table

MOST = 3


def _invitees(host, names: list[str]) -> list[Player]:
    wanted = [n.strip() for n in names if n and n.strip()]
    if not wanted:
        raise lobby.LobbyError("name at least one member to invite")
    if len(wanted) > MOST:
        raise lobby.LobbyError(f"invite {MOST} members at most")
    found = []
    for name in wanted:
        player = Player.objects.filter(
            username__iexact=name, is_bot=False, is_placeholder=False, is_active=True
        ).first()
        if player is None:
            raise lobby.LobbyError(f"there is no member called “{name[:60]}”")
        if player.pk == host.pk:
            raise lobby.LobbyError("you sit at your own table already: invite others")
        if player in found:
            raise lobby.LobbyError(f"{player.name} is named twice")
        found.append(player)
    return found


def invite(host, names: list[str], ruleset_id, length: str, *, clock=None) -> Table:
    """Open ``host``'s private table and invite the members named (their usernames)."""
    if not host.is_authenticated:
        raise lobby.LobbyError("sign in first")
    if length not in matchmaking.LENGTHS:
        raise lobby.LobbyError("choose East only or hanchan for the game's length")
    invited = _invitees(host, names)
    now = (clock or clocks.current()).now()
    with transaction.atomic():
        table = lobby.create_table(host, f"{host.name}'s game", ruleset_id, True, game_type=length)
        for member in invited:
            invitation = Invitation.objects.create(
                table=table, host=host, member=member, created=now
            )
            # written in the invited member's words, whoever's request invites them
            with translation.override(notices.words_of(member)):
                words = {
                    "host": host.name,
                    "ruleset": table.ruleset.name,
                    "length": matchmaking.LENGTHS[length],
                }
                text = gettext("%(host)s invites you to a game (%(ruleset)s, %(length)s)") % words
                subject = gettext("%(host)s invites you to a game of mahjong") % words
            notices.notify(
                member,
                INVITATION,
                text,
                reverse("tables:invitation", args=[invitation.pk]),
                mail_subject=subject,
                clock=lambda: now,
            )
    return table


def pending_for(user) -> list[Invitation]:
    if not user.is_authenticated:
        return []
    return list(
        Invitation.objects.filter(member=user, status=Invitation.PENDING)
        .select_related("host", "table__ruleset")
        .order_by("-created")
    )


def answer(invitation: Invitation, user, accept: bool, *, clock=None) -> Game | None:
    """The invited member's answer; the game, if this answer filled the table."""
    if not user.is_authenticated or invitation.member_id != user.pk:
        raise lobby.LobbyError("this invitation is not yours")
    now = (clock or clocks.current()).now()
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.status != Invitation.PENDING:
            raise lobby.LobbyError(
                f"this invitation is already {invitation.get_status_display().lower()}"
            )
        if not accept:
            invitation.status, invitation.answered = Invitation.DECLINED, now
            invitation.save(update_fields=["status", "answered"])
            return None
        table = Table.objects.select_for_update().get(pk=invitation.table_id)
        if table.status != Table.OPEN:
            raise lobby.LobbyError("this table has already started")
        if matchmaking.playing_at(user) is not None:
            raise lobby.LobbyError("you are playing at another table: finish that game first")
        seat = (
            Seat.objects.filter(table=table, player__isnull=True, bot_level="")
            .order_by("index")
            .first()
        )
        if seat is None:
            raise lobby.LobbyError("every seat at this table is taken")
        seat.player = user
        seat.save(update_fields=["player"])
        matchmaking.leave(user)  # one game at a time: out of any queue
        invitation.status, invitation.answered = Invitation.ACCEPTED, now
        invitation.save(update_fields=["status", "answered"])
        answers = set(table.invitations.values_list("status", flat=True))
        if answers == {Invitation.ACCEPTED}:  # everyone said yes: bots take any seat left
            _bots_in_empty_seats(table, matchmaking.BOT_LEVEL)
            return submit.start_game(table, clock=clock)
    return None


def _bots_in_empty_seats(table: Table, level: str) -> None:
    Seat.objects.filter(table=table, player__isnull=True, bot_level="").update(
        player=lobby.bot_player(level), bot_level=level
    )


def fill_with_bots(table: Table, user, level: str = matchmaking.BOT_LEVEL, *, clock=None):
    """The host starts now: bots take the empty seats, unanswered invitations are withdrawn."""
    if not user.is_authenticated or table.created_by_id != user.pk:
        raise lobby.LobbyError("only the host may fill the table with bots")
    lobby.check_level(level)
    now = (clock or clocks.current()).now()
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.status != Table.OPEN:
            raise lobby.LobbyError("this table has already started")
        _bots_in_empty_seats(table, level)
        table.invitations.filter(status=Invitation.PENDING).update(
            status=Invitation.WITHDRAWN, answered=now
        )
        return submit.start_game(table, clock=clock)
