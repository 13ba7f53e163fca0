"""Importing game logs (Tenhou, mjai, our own JSON) at ``/players/games/import/``: a
member uploads files, each is checked and, unless only a check was asked for, stored
(see :mod:`history.logs.importer`).
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from players import budgets, throttle
from rules.engine import PRESETS, preset

from .logs import importer
from .logs.files import MAX_BYTES

MAX_UPLOADS = 20


def _import_refused(request) -> tuple[str, int] | None:
    """Refuse an import over its size (before a byte of it is read) or over the hour's
    budget of the member or their address; count it otherwise."""
    # A body declared larger is refused unread by mahjong_site.middleware; this counts
    # what did arrive, for a body sent without its length.
    cap = budgets.import_max_bytes()
    if sum(upload.size or 0 for upload in request.FILES.getlist("logs")) > cap:
        return gettext("At most %(kb)s kB of logs at a time, please.") % {"kb": cap // 1024}, 413
    address = throttle.client_key(request)
    limit = budgets.import_limit()
    who = [("import-member", str(request.user.pk)), ("import-address", address)]
    if not budgets.take_all(who, limit):
        refusal = gettext("You have imported %(n)s times in the last hour; please wait a while.")
        return refusal % {"n": limit}, 429
    return None


@require_http_methods(["GET", "POST"])
def import_logs(request):
    if not request.user.is_authenticated:
        messages.error(request, gettext("Sign in to import game logs."))
        return redirect(f"{reverse('players:login')}?next={request.path}")
    context = {"presets": list(PRESETS.items()), "reports": None}
    if request.method == "POST":
        refused = _import_refused(request)
        if refused:
            context["error"], status = refused
            return render(request, "history/import.html", context, status=status)
        files = request.FILES.getlist("logs")
        key = request.POST.get("ruleset", "")
        override = None
        error = None
        if not files:
            error = gettext("Choose at least one log file.")
        elif len(files) > MAX_UPLOADS:
            error = gettext("At most %(n)s files at a time, please.") % {"n": MAX_UPLOADS}
        elif key:
            if key not in PRESETS:
                error = gettext("'%(key)s' is not a ruleset: choose one from the list.") % {
                    "key": key
                }
            else:
                override = preset(key)
        if error:
            context["error"] = error
            return render(request, "history/import.html", context, status=400)
        check_only = request.POST.get("check_only") == "on"
        reports = []
        for upload in files:
            data = upload.read(MAX_BYTES + 1)  # a larger file is refused by its size
            reports.extend(
                importer.import_logs(
                    upload.name, data, ruleset=override, user=request.user, save=not check_only
                )
            )
        context["reports"] = reports
        context["check_only"] = check_only
        context["chosen"] = key
    return render(request, "history/import.html", context)
