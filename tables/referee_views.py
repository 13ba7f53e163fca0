"""The referee's page of a live event table: the disputed review of a claimed win.

When a person's NG sends the review of a claimed win back at an event table, the
event's referee decides it (:mod:`tables.referees`). The page shows the claim as the
table shows it (the claim panel, with every answer, the decision sent back, the NGs
and the engine's reading) and the review's decisions as plain forms; a decision goes
through ``submit`` as the reviewer seat's action, marked as the referee's.
"""

from __future__ import annotations

import logging

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tables import referees
from tables.drawing import claim_presenters, claim_screens
from tables.play import claim_forms, states
from tables.play.submit import SubmitError, parse_move, submit
from tables.socket import broadcast

from .models import Table
from .signals import referee_called

log = logging.getLogger(__name__)
DECISIONS = ("accept", "correct", "invalid", "chombo_game_over", "chombo_continue")


def _decision_text(data, seat: int) -> str:
    """The review action a referee's form stands for (``submit`` checks it)."""
    kind = str(data.get("decision", ""))
    if kind == "correct":
        return claim_forms.form_action({**data.dict(), "claim_form": "correct"}, seat)
    if kind.startswith("chombo_"):
        return f"{seat}:chombo:{kind.removeprefix('chombo_')}"
    if kind in DECISIONS:
        return f"{seat}:{kind}"
    return f"{seat}:{kind or 'nothing'}"  # refused by the parser with its reason


def referee_page(request, pk: int):
    """GET: the disputed claim waiting at this table (if any); POST: the decision."""
    table = get_object_or_404(Table, pk=pk)
    if not referees.may_referee(table.pk, request.user):
        message = "Only the referees and organizers of this table's event decide its disputes."
        if not request.user.is_authenticated:
            message = "Sign in as a referee of this table's event to decide its disputes."
        return render(
            request, "tables/referee.html", {"table": table, "refused": message}, status=403
        )
    game = table.current_game()
    state = states.state_of(game) if game is not None and not game.is_finished else None
    waiting = state is not None and referees.awaits_referee(state, table.is_tournament)
    if request.method == "POST":
        if not waiting:
            messages.error(request, "No disputed claim waits for a referee at this table.")
            return redirect("tables:referee", pk=table.pk)
        seat = state.win_claim.reviewer
        try:
            action = parse_move(_decision_text(request.POST, seat))
            accepted = submit(game.pk, seat, action, request.POST.get("version", ""), referee=True)
        except SubmitError as exc:
            messages.error(request, exc.message)
            return redirect("tables:referee", pk=table.pk)
        # Announced like any move: the sockets show it and the table's driver plans the
        # next one at once (unannounced, the table sat until something else moved it).
        try:
            broadcast.announce(accepted)
        except Exception:  # stored: the referee must not be told it failed
            log.exception("table %s: the referee's decision could not be announced", table.pk)
        messages.success(request, "Your decision is the review's: it counts now.")
        return redirect(table.get_absolute_url())
    context = {"table": table, "waiting": waiting}
    if waiting:
        wc = state.win_claim
        names = [s.occupant for s in sorted(table.seats.all(), key=lambda s: s.index)]
        melds = len(state.melds[wc.seat])
        panel = claim_screens.render_record(
            wc, "review", names, state.hand_index, state.ruleset, melds, referee=True
        )
        people = [{"name": n} for n in names]
        reds, most = tuple(state.ruleset.red_fives), state.ruleset.max_yakuman
        c = claim_presenters.panel_context(wc, "review", people, state.hand_index, reds, most)
        context.update(
            {
                "panel": panel,
                "c": c,
                "version": game.version,
            }
        )
    return render(request, "tables/referee.html", context)


def may_call(table: Table, user) -> bool:
    """A person seated at an event table (``Table.is_tournament``) may call its referee."""
    return (
        table.is_tournament
        and getattr(user, "is_authenticated", False)
        and table.seats.filter(player_id=user.pk).exists()
    )


@require_POST
def call_referee(request, pk: int):
    """Call the event's referees to this live table (the events answer the signal)."""
    table = get_object_or_404(Table, pk=pk)
    if not may_call(table, request.user):
        return render(
            request,
            "tables/referee.html",
            {"table": table, "refused": "Only the players at an event's table call its referee."},
            status=403,
        )
    replies = referee_called.send_robust(sender=None, table_id=table.pk, player=request.user)
    said = [r for _, r in replies if isinstance(r, str)]
    for receiver, reply in replies:
        if isinstance(reply, Exception):
            log.error("referee_called listener %r failed: %r", receiver, reply, exc_info=reply)
    if said:
        messages.info(request, said[0])
    else:
        messages.error(request, "No event answered the call; tell a referee in person.")
    return redirect(table.get_absolute_url())
