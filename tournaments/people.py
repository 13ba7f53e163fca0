"""People registered by name: an event's players who have no account (yet).

An organizer registers a person by name alone, with an optional e-mail address. The
person becomes a :class:`players.models.Player` of their own (``is_placeholder``, no
usable password, a username starting with ``players.names.NAMED_PREFIX``), so they
are seated, substituted, scored and ranked exactly like members. Their name passes
the checks of a guest's (:func:`players.names.check_guest_name`): no member's name or
a look-alike of one, no bot's, no control characters.

When the person signs up later (or is already a member), they *take over* the record:
every row that points at it (registrations, seats, results, answers, history) is moved
to the member's account, and the record goes. A takeover needs a confirmation: the
signed link mailed to the record's e-mail address, opened while signed in as the
member who asked, or an organizer of an event the person is registered at. A member's
own account is never a record anyone can take over.
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players import names

from .models import Registration, TakeoverRequest, Tournament

TOKEN_SALT = "tournaments.people.takeover"
TOKEN_DAYS = 7


class Refused(Exception):
    """A change refused with a message for the person who asked; nothing was changed."""


def is_named(player) -> bool:
    """Whether ``player`` is a person registered by name (not a member's account)."""
    return bool(player.is_placeholder and player.username.startswith(names.NAMED_PREFIX))


def _check_name(tournament: Tournament, name: str) -> str:
    Player = get_user_model()
    name = " ".join(name.split())
    if not name:
        raise Refused(_("Give the person's name."))
    if len(name) > 60:
        raise Refused(_("“%(name)s…” is too long: 60 characters at most.") % {"name": name[:60]})
    try:
        names.check_guest_name(name, Player)
    except ValidationError as error:
        raise Refused(error.messages[0]) from None
    for entry in tournament.entries.select_related("player"):
        if names.look_alike(name, entry.player.name):
            raise Refused(
                _("“%(name)s” is already registered at this event (%(entry)s).")
                % {"name": name, "entry": entry.player.name}
            )
    return name


def _check_email(email: str) -> str:
    email = email.strip()
    if not email:
        return ""
    try:
        validate_email(email)
    except ValidationError:
        raise Refused(_("“%(email)s” is not an e-mail address.") % {"email": email}) from None
    member = get_user_model().objects.filter(is_placeholder=False, email__iexact=email).first()
    if member is not None:
        raise Refused(
            _(
                "The e-mail address %(email)s belongs to the member %(username)s; "
                "add them by their username instead."
            )
            % {"email": email, "username": member.username}
        )
    return email


def _new_person(name: str, email: str):
    Player = get_user_model()
    base = names.NAMED_PREFIX + (re.sub(r"[^\w.@+-]+", "_", name).strip("_")[:130] or "player")
    username, n = base, 2
    while Player.objects.filter(username=username).exists():
        username, n = f"{base}-{n}", n + 1
    person = Player(username=username, display_name=name, email=email, is_placeholder=True)
    person.set_unusable_password()
    person.save()
    return person


def register_by_name(
    tournament: Tournament, name: str, email: str = "", team: str = "", substitute=False
) -> Registration:
    """Register a person without an account at ``tournament``; :class:`Refused` when the
    name or e-mail address cannot be used (nothing is changed then)."""
    name = _check_name(tournament, name)
    email = _check_email(email)
    if len(team) > 60:
        raise Refused(_("The team name is too long (60 characters at most)."))
    with transaction.atomic():
        person = _new_person(name, email)
        return Registration.objects.create(
            tournament=tournament, player=person, team=team.strip(), substitute=substitute
        )


def split_line(line: str) -> tuple[str, str]:
    """A pasted line "Name" or "Name, e-mail" as (name, e-mail)."""
    name, _comma, rest = line.rpartition(",")
    if name and "@" in rest:
        return name.strip(), rest.strip()
    return line.strip(), ""


# --- takeover


def takeover_token(person, member) -> str:
    return signing.dumps({"p": person.pk, "m": member.pk}, salt=TOKEN_SALT)


def send_takeover_mail(person, member, url: str) -> None:
    """The confirmation link, to the address the organizers gave for ``person``.

    The one place this mail is sent, so that it can go through a mail queue later."""
    send_mail(
        subject="Confirm that your mahjong results are yours",
        message=(
            f"{member.name} ({member.username}) asked to take over the results that "
            f"were registered for {person.name} at the club.\n\n"
            f"If that is you, open this link while signed in as {member.username} "
            f"(it works for {TOKEN_DAYS} days):\n{url}\n\n"
            "If it is not you, ignore this mail: nothing changes without it."
        ),
        from_email=None,
        recipient_list=[person.email],
    )


def _check_pair(person, member) -> None:
    if not is_named(person):
        raise Refused(
            _(
                "%(name)s is a member's own account, not a person registered by name; "
                "nobody can take it over."
            )
            % {"name": person.name}
        )
    if not getattr(member, "is_authenticated", False) or member.is_bot or member.is_placeholder:
        raise Refused(_("Only a member's account can take over a record."))


def ask(tournament: Tournament, person, member, link_for) -> str:
    """A member says "this is me" about a person registered by name at ``tournament``.

    The request waits for an organizer; when the record has an e-mail address the
    signed link (``link_for(token)`` makes its URL) goes there as well. Returns what
    the member is told."""
    _check_pair(person, member)
    if not tournament.entries.filter(player=person).exists():
        raise Refused(_("%(name)s is not registered at this event.") % {"name": person.name})
    TakeoverRequest.objects.get_or_create(
        tournament=tournament,
        person=person,
        member=member,
        defaults={"requested_at": timezone.now()},
    )
    if person.email:
        send_takeover_mail(person, member, link_for(takeover_token(person, member)))
        return _(
            "A confirmation link went to the e-mail address the organizers have for "
            "%(name)s; open it while signed in. An organizer can also confirm it."
        ) % {"name": person.name}
    return _("An organizer of %(event)s will confirm that you are %(name)s.") % {
        "event": tournament.name,
        "name": person.name,
    }


def read_token(token: str, member):
    """The person a signed link is about, for the member who opened it."""
    try:
        data = signing.loads(token, salt=TOKEN_SALT, max_age=TOKEN_DAYS * 86400)
    except signing.SignatureExpired:
        raise Refused(_("This link has expired; ask again from the event's page.")) from None
    except signing.BadSignature:
        raise Refused(_("This link is not valid; nothing was changed.")) from None
    if data.get("m") != getattr(member, "pk", None):
        raise Refused(
            _(
                "This link confirms another member's request; a record can only be taken "
                "over by the member who asked. Nothing was changed."
            )
        )
    person = get_user_model().objects.filter(pk=data.get("p")).first()
    if person is None:
        raise Refused(_("That record has already been taken over; nothing was changed."))
    return person


def take_over(person, member) -> None:
    """Move everything of ``person`` (registered by name) to ``member`` and delete the
    record; :class:`Refused` (nothing changed) when the two cannot be one player."""
    _check_pair(person, member)
    both = Registration.objects.filter(player=member, tournament__entries__player=person)
    clash = both.select_related("tournament").first()
    if clash is not None:
        raise Refused(
            _(
                "%(member)s is already registered at %(event)s, where %(person)s played too; "
                "an organizer must withdraw one first. Nothing was changed."
            )
            % {"member": member.name, "event": clash.tournament.name, "person": person.name}
        )
    try:
        with transaction.atomic():
            TakeoverRequest.objects.filter(person=person).delete()
            _move_rows(person, member)
            person.delete()
    except IntegrityError:
        raise Refused(
            _(
                "%(member)s and %(person)s sat at the same table; they cannot be one "
                "player. Nothing was changed."
            )
            % {"member": member.name, "person": person.name}
        ) from None


def _move_rows(person, member) -> None:
    """Point every row that refers to ``person`` at ``member`` instead (every app's
    foreign keys, also those without a reverse name, and the tables behind
    many-to-many links to the player model)."""
    for rel in type(person)._meta.get_fields(include_hidden=True):
        if not rel.auto_created or rel.concrete or rel.many_to_many:
            continue  # not a reverse foreign key (many-to-many: their tables' keys are)
        rows = rel.related_model._base_manager.filter(**{rel.field.name: person})
        rows.update(**{rel.field.name: member})


def link(tournament: Tournament, person, member) -> None:
    """An organizer of ``tournament`` confirms that ``member`` is ``person``."""
    _check_pair(person, member)
    if not tournament.entries.filter(player=person).exists():
        raise Refused(_("%(name)s is not registered at this event.") % {"name": person.name})
    take_over(person, member)
