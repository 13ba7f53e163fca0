"""Invitations' pages: invite members to a private table, answer, fill with bots.

Plain POST forms (CSRF-checked) that redirect with a message; an answer sent by htmx
(the live notice on any page) is answered with ``HX-Redirect`` to the same place.
(Play now's queue itself is a socket: :mod:`tables.socket.play_socket`.)
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_http_methods, require_POST

from rules.models import Ruleset
from tables import invitations, lobby, matchmaking, play_news
from tables.socket import broadcast

from .models import Invitation, Table


def _go(request, url: str):
    if request.headers.get("HX-Request"):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


@require_http_methods(["GET", "POST"])
def invite(request):
    if not request.user.is_authenticated:
        return redirect(f"/players/login/?next={request.path}")
    chosen = request.POST if request.method == "POST" else {}
    if request.method == "POST":
        names = [request.POST.get(f"member{n}", "") for n in range(1, invitations.MOST + 1)]
        try:
            table = invitations.invite(
                request.user, names, request.POST.get("ruleset"), request.POST.get("length", "")
            )
        except lobby.LobbyError as exc:
            messages.error(request, f"Nobody was invited: {exc.message}.")
        else:
            for invitation in table.invitations.select_related("host", "table__ruleset"):
                html = render_to_string(
                    "tables/_play_notice.html", {"invitation": invitation}, request=None
                )
                play_news.invited(invitation.member_id, html)
            broadcast.lobby_changed()
            messages.success(request, "Invitations sent: the game starts when all accept.")
            return redirect(table.get_absolute_url())
    context = {
        "rulesets": Ruleset.objects.all(),
        "lengths": matchmaking.LENGTHS,
        "chosen": chosen,
        "default_ruleset": Ruleset.club_default().pk,
    }
    return render(request, "tables/invite.html", context)


@require_http_methods(["GET", "POST"])
def invitation(request, pk: int):
    found = get_object_or_404(
        Invitation.objects.select_related("host", "table__ruleset", "member"), pk=pk
    )
    if not request.user.is_authenticated or found.member_id != request.user.pk:
        return render(request, "tables/invitation.html", {"mine": False}, status=403)
    if request.method == "GET":
        return render(request, "tables/invitation.html", {"mine": True, "invitation": found})
    accept = request.POST.get("answer") == "accept"
    try:
        game = invitations.answer(found, request.user, accept)
    except lobby.LobbyError as exc:
        messages.error(request, exc.message[:1].upper() + exc.message[1:] + ".")
        return _go(request, request.path)
    broadcast.table_changed(found.table_id)
    if game is not None:
        broadcast.send_started(found.table_id, game.pk)
    broadcast.lobby_changed()
    if not accept:
        messages.info(request, f"You declined {found.host.name}'s invitation.")
        return _go(request, "/")
    return _go(request, found.table.get_absolute_url() + f"?invite={found.table.invite_token}")


@require_POST
def fill_with_bots(request, pk: int):
    table = get_object_or_404(Table, pk=pk)
    try:
        game = invitations.fill_with_bots(table, request.user)
    except lobby.LobbyError as exc:
        messages.error(request, exc.message[:1].upper() + exc.message[1:] + ".")
        return redirect(table.get_absolute_url())
    broadcast.send_started(table.pk, game.pk)
    broadcast.lobby_changed()
    return redirect(table.get_absolute_url())
