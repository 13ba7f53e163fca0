"""Members registering themselves for an event, and withdrawing.

An organizer's switch (``Tournament.registration_open``) lets members in, until an
optional closing date (``registration_closes``). With a cap (``registration_cap``)
the field holds that many players (substitutes aside); later members join the
waiting list (:class:`tournaments.models.WaitingPlace`), which moves up, first come
first in, whenever a place frees. The organizers see who registered themselves
(``Registration.self_registered``) and may refuse them (``Registration.refused``);
a member withdraws themself until the first round is drawn.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from .models import Registration, Tournament, WaitingPlace
from .people import Refused


def field_size(tournament: Tournament) -> int:
    return tournament.entries.filter(withdrawn__isnull=True, substitute=False).count()


def is_full(tournament: Tournament) -> bool:
    cap = tournament.registration_cap
    return cap is not None and field_size(tournament) >= cap


def closed_reason(tournament: Tournament, now) -> str:
    """Why members cannot register themselves now ("" when they can)."""
    if not tournament.registration_open or tournament.closed:
        return _("Registration for this event is closed; ask an organizer.")
    closes = tournament.registration_closes
    if closes is not None and now >= closes:
        when = formats.date_format(closes, _("j M Y H:i"))
        return _("Registration closed on %(when)s; ask an organizer.") % {"when": when}
    return ""


def sign_up(tournament: Tournament, member, team: str, now) -> str:
    """Register ``member`` (or put them on the waiting list); what they are told."""
    reason = closed_reason(tournament, now)
    if reason:
        raise Refused(reason)
    if member.is_bot or member.is_placeholder:
        raise Refused(_("Bots cannot enter a tournament."))
    entry = tournament.entries.filter(player=member).first()
    if entry is not None and entry.refused:
        raise Refused(_("The organizers refused your registration for this event; ask them."))
    if entry is not None and entry.active:
        return _("You were already registered.")
    with transaction.atomic():
        if is_full(tournament):
            place, _created = WaitingPlace.objects.get_or_create(
                tournament=tournament, player=member, defaults={"team": team, "joined": now}
            )
            ahead = tournament.waiting_list.filter(joined__lt=place.joined).count()
            return _(
                "The event is full: you are number %(place)s on the waiting list, and "
                "move up when a place frees."
            ) % {"place": ahead + 1}
        if entry is None:
            Registration.objects.create(
                tournament=tournament, player=member, team=team, self_registered=True
            )
            return _("You are registered. Good luck!")
        entry.withdrawn = None
        entry.team = team or entry.team
        entry.save(update_fields=["withdrawn", "team"])
        return _("You are back in the field.")


def withdraw(tournament: Tournament, member, now) -> str:
    """``member`` leaves the field or the waiting list, until round 1 is drawn."""
    place = tournament.waiting_list.filter(player=member).first()
    if place is not None:
        place.delete()
        return _("You left the waiting list.")
    entry = tournament.entries.filter(player=member, withdrawn__isnull=True).first()
    if entry is None:
        raise Refused(_("You are not registered for this event."))
    if tournament.round_set.exists():
        raise Refused(_("The first round is drawn: ask an organizer to withdraw you."))
    with transaction.atomic():
        entry.withdrawn = now
        entry.save(update_fields=["withdrawn"])
        move_up(tournament, now)
    return _("You have withdrawn.")


def move_up(tournament: Tournament, now) -> list:
    """Fill the field's free places from the waiting list, first come first; the
    members who moved up."""
    moved = []
    for place in list(tournament.waiting_list.select_related("player")):
        if is_full(tournament):
            break
        entry, created = Registration.objects.get_or_create(
            tournament=tournament,
            player=place.player,
            defaults={"team": place.team, "self_registered": True},
        )
        if not created:
            entry.withdrawn = None
            entry.save(update_fields=["withdrawn"])
        place.delete()
        moved.append(place.player)
    return moved


def refuse(tournament: Tournament, entry: Registration, now) -> str:
    """An organizer refuses a member who registered themselves."""
    if not entry.self_registered:
        raise Refused(
            _("%(name)s did not register themselves; withdraw them instead.")
            % {"name": entry.player.name}
        )
    if entry.refused:
        raise Refused(
            _("%(name)s was already refused; nothing was changed.") % {"name": entry.player.name}
        )
    with transaction.atomic():
        entry.refused = entry.withdrawn = now
        entry.save(update_fields=["refused", "withdrawn"])
        move_up(tournament, now)
    return _("%(name)s is refused and out of the field.") % {"name": entry.player.name}
