"""The lobby and the table pages.

Lobby actions are plain POST forms (CSRF-checked) that redirect back with a
message, so they work without JavaScript; the live parts (the list of tables, the
game itself) arrive over WebSockets.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from django.contrib import messages
from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from players.models import Player
from rules.engine import format_action
from rules.models import Ruleset
from tables import invitations, lobby, matchmaking, online, table_options, whats_on
from tables.drawing import draw
from tables.drawing.table import game_links
from tables.learning_aids import aids_on
from tables.play import call_window, states, twins
from tables.play import timers as timing
from tables.play.submit import SubmitError, parse_move, submit
from tables.socket import broadcast

from . import clock as clocks
from .models import BOT_DELAYS, BOT_LEVELS, GAME_LENGTHS, Seat, Table


def _decorate(table: Table, user) -> Table:
    """Attach what the seat list shows, from the prefetched seats (no extra queries)."""
    seats = sorted(table.seats.all(), key=lambda s: s.index)
    table.seat_rows = seats
    table.full = all(not s.is_empty for s in seats)
    signed_in = user.is_authenticated
    table.my_seat = next(
        (s for s in seats if signed_in and s.player_id == user.pk and not s.bot_level), None
    )
    table.can_manage = signed_in and (table.created_by_id == user.pk or table.my_seat is not None)
    return table


def _lobby_context(request) -> dict:
    tables = [_decorate(t, request.user) for t in lobby.visible_tables(request.user)]
    whats_on.add_live_scores(tables)
    return {
        "tables": tables,
        "bot_levels": BOT_LEVELS,
        "online": online.who(clocks.current().now()),
    }


@require_GET
def lobby_page(request):
    return _lobby(request)


def _lobby(request, chosen=None):
    """The lobby; ``chosen`` is a refused "Open a table" form, shown again as it was sent."""
    context = _lobby_context(request)
    context["rulesets"] = Ruleset.offered()
    context["recent_games"] = whats_on.recent_games()
    context["game_lengths"] = GAME_LENGTHS
    context["bot_delays"] = BOT_DELAYS
    context["table_options"] = table_options.choices_for_form()
    default_ruleset = Ruleset.club_default().pk if Ruleset.objects.exists() else None
    if chosen is None and request.user.is_authenticated:
        name = gettext("%(name)s's table") % {"name": request.user.name}
        chosen = {"name": name, "ruleset": str(default_ruleset), "sit": "on"}
    context["chosen"] = chosen or {}
    context.update(play_now_context(request.user))
    return render(request, "tables/lobby.html", context)


def play_now_context(user) -> dict:
    """The Play now box: the kinds to queue for, where the member waits, their invitations."""
    return {
        "play_kinds": matchmaking.kinds() if user.is_authenticated else [],
        "queue_entry": matchmaking.entry_of(user),
        "bot_waits": matchmaking.BOT_WAITS,
        "club_bot_wait": int(matchmaking.seconds("PLAY_NOW_BOT_WAIT")),
        "pending_invitations": invitations.pending_for(user),
    }


@require_GET
def lobby_tables(request):
    """The list of tables alone, fetched again whenever the lobby socket says so."""
    return render(request, "tables/_lobby_tables.html", _lobby_context(request))


def _back(request, table: Table | None = None):
    target = request.POST.get("next", "")
    # Only a path on this site, redirected to as it is: redirect() would take any other
    # text ("on", "-1") for the name of a view and fail with a 500 (found by the fuzzer).
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    ):
        return HttpResponseRedirect(target)
    return redirect(table.get_absolute_url() if table else reverse("tables:lobby"))


@require_POST
def create(request):
    try:
        table = lobby.create_table(
            request.user,
            request.POST.get("name", ""),
            request.POST.get("ruleset"),
            request.POST.get("private") == "on",
            request.POST.get("bots", ""),
            sit=request.POST.get("sit", "on") == "on",
            game_type=request.POST.get("length", ""),
            bot_delay=request.POST.get("bot_delay", ""),
            options=request.POST,
        )
    except lobby.LobbyError as exc:
        messages.error(request, f"The table was not created: {exc.message}.")
        return _lobby(request, chosen=request.POST)
    broadcast.lobby_changed()
    messages.success(request, f"Table “{table.name}” is open.")
    return redirect(table.get_absolute_url())


SEAT_ACTIONS = ("join", "leave", "add_bot", "remove_bot", "start")


@require_POST
def seat_action(request, pk: int):
    table = get_object_or_404(Table, pk=pk)
    what = request.POST.get("do", "")
    index = request.POST.get("seat")
    try:
        if what == "join":
            lobby.join(table, request.user, index, request.POST.get("invite", ""))
        elif what == "leave":
            lobby.leave(table, request.user)
            matchmaking.left_matched_table(table, request.user)
        elif what == "add_bot":
            lobby.add_bot(table, request.user, index, request.POST.get("level", ""))
        elif what == "remove_bot":
            lobby.remove_bot(table, request.user, index)
        elif what == "start":
            game = lobby.start(table, request.user)
            broadcast.send_started(table.pk, game.pk)
        else:
            raise lobby.LobbyError(f"'{what}' is not something you can do here")
    except lobby.LobbyError as exc:
        messages.error(request, exc.message[:1].upper() + exc.message[1:] + ".")
        return _back(request, table)
    broadcast.table_changed(table.pk)
    broadcast.lobby_changed()
    return _back(request, table)


def _names(table: Table) -> list[dict]:
    seats = sorted(table.seats.all(), key=lambda s: s.index)
    return [
        {"name": s.occupant, "bot": s.bot_level, "connected": s.connected or bool(s.bot_level)}
        for s in seats
    ]


def _my_seat(table: Table, user) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((s for s in table.seats.all() if s.player_id == user.pk and not s.bot_level), None)


@require_GET
def table_page(request, pk: int):
    table = (
        Table.objects.filter(pk=pk)
        .select_related("ruleset", "created_by")
        .prefetch_related("seats__player")
        .first()
    )
    if table is None:
        raise Http404("There is no such table.")
    token = request.GET.get("invite", "")
    if not lobby.may_see(table, request.user, token):
        return render(
            request,
            "tables/private.html",
            {"table": table},
            status=403,
        )
    _decorate(table, request.user)
    mine = table.my_seat
    game = table.current_game()
    if mine is None and twins.plays_a_twin(request.user, game):
        return render(request, "tables/twin.html", {"table": table}, status=403)
    context = {
        "table": table,
        "seat_rows": table.seat_rows,
        "my_seat": mine,
        "invite": token if token and token == table.invite_token else "",
        "can_manage": table.can_manage,
        "bot_levels": BOT_LEVELS,
        "invite_url": request.build_absolute_uri(
            f"{table.get_absolute_url()}?invite={table.invite_token}"
        )
        if table.is_private and table.can_manage
        else "",
    }
    context["sounds_on"] = request.user.is_authenticated and request.user.table_sounds
    if table.status == Table.OPEN:
        context["invitations"] = list(table.invitations.select_related("member"))
    if game is not None:
        state = states.state_of(game)
        game_timers = timing.Timers(
            game.turn_started or game.started, game.deadline or game.started, game.bank_ms
        )
        # An open claim is shown only to the seats it asks (see tables.play.hidden_claims),
        # and within a call window the page shows the window's picture, as the socket
        # does (tables.play.call_window): the discard made and nobody's draw, whether or
        # not anybody could call it.
        seat = mine.index if mine else None
        state, shown, current = call_window.picture(game, state, seat, clocks.current().now())
        context["drawing"] = draw(
            state,
            seat,
            shown,
            _names(table),
            now=clocks.current().now(),
            timers=game_timers if current else None,
            sort=mine.sort_hand if mine else True,
            links=game_links(table.pk, game.pk, seat),
            event=table.is_tournament,
            aids=mine is not None and aids_on(request.user, table),
        )
        context["game"] = game
    return render(request, "tables/table.html", context)


@require_POST
def sounds(request):
    """A member's choice of table sounds (off by default), kept with the account."""
    if not request.user.is_authenticated:
        return JsonResponse(
            {"error": "signed_out", "message": "Sign in to keep a choice."}, status=403
        )
    on = request.POST.get("on") == "1"
    Player.objects.filter(pk=request.user.pk).update(table_sounds=on)
    return JsonResponse({"sounds": on})


@require_POST
def play_again(request, pk: int):
    """A new table with the same ruleset and seats: the same bots where bots sat, the
    asking player in their seat, the other players' seats kept open for them."""
    table = get_object_or_404(Table, pk=pk)
    try:
        again = lobby.play_again(table, request.user)
    except lobby.LobbyError as exc:
        messages.error(request, f"The table was not opened: {exc.message}.")
        return redirect(table.get_absolute_url())
    broadcast.lobby_changed()
    messages.success(request, f"Table “{again.name}” is open with the same seats.")
    return redirect(again.get_absolute_url())


@require_POST
def act(request, pk: int):
    """The HTTP way to make a move (scripts, or a browser whose socket is down).

    Takes ``action`` and ``version`` as form fields; answers JSON with the new
    version, or an error code and message with status 400 (or 409 when stale).
    """
    table = get_object_or_404(Table, pk=pk)
    mine = _my_seat(table, request.user)
    game = table.current_game()
    if mine is None or game is None:
        return JsonResponse(
            {"error": "not_seated", "message": "Only a player seated at a running game can move."},
            status=403,
        )
    try:
        accepted = submit(
            game.pk,
            mine.index,
            parse_move(request.POST.get("action", "")),  # read once, here
            request.POST.get("version"),
            shown=True,
        )
    except SubmitError as exc:
        status = 409 if exc.code == "stale" else 400
        return JsonResponse(
            {"error": exc.code, "message": exc.message, "version": exc.version}, status=status
        )
    async_to_sync(broadcast.send_update)(
        table.pk, broadcast.update_event(accepted, accepted.timers)
    )
    # The version this seat's socket shows now (tables.play.call_window.on_update): a step
    # held by a call window is not shown to the mover either, so a discard that went
    # straight on answers the same number as one that opened a claim.
    held = call_window.held(accepted.reveal, clocks.current().now())
    version = accepted.shown - 1 if held else accepted.shown
    return JsonResponse({"version": version, "action": format_action(accepted.action)})
