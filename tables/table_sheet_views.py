"""A table's sheet: the rules its game is played by, with the table's own options.

Once a game has started the sheet is read from the ruleset the game stored when it
started (``Game.ruleset``), so a later edit of the club's ruleset changes neither
the game, its replay nor this sheet. Before that it is the ruleset with the length
and options chosen when the table was opened. Each setting that differs from the
stored ruleset is marked.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules import sheets
from rules.engine import InvalidRuleset

from . import lobby, table_options
from .models import Table


@require_GET
def table_rules(request, pk: int):
    table = Table.objects.filter(pk=pk).select_related("ruleset").first()
    if table is None:
        raise Http404("There is no such table.")
    token = request.GET.get("invite", "")
    if not lobby.may_see(table, request.user, token):
        return render(request, "tables/private.html", {"table": table}, status=403)
    game = table.current_game()
    try:
        base = table.ruleset.engine_ruleset()
        ruleset = game.engine_ruleset() if game else table_options.engine_ruleset(table)
    except InvalidRuleset as exc:
        return render(
            request, "rules/ruleset_broken.html", {"stored": table.ruleset, "error": exc.message}
        )
    return render(
        request,
        "tables/table_rules.html",
        {
            "table": table,
            "game": game,
            "chosen": table_options.chosen(table),
            "sections": sheets.sheet(ruleset, None, base),
            "was_label": "The ruleset",
        },
    )
