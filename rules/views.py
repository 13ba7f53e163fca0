"""Rulebook pages, ruleset sheets and the calculator (plain function views)."""

from django.conf import settings
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from rules import sheets
from rules.engine import (
    PRESETS,
    InvalidRuleset,
    face_file,
    kind_name,
    kind_notation,
)
from rules.forms import FLAG_LABELS, MODES, CalculatorForm, palette
from rules.models import Ruleset
from rules.preset_sources import document, notes
from rules.rulebook import BY_SLUG, CHAPTERS
from rules.rulebook.pages import chapter_context, club_ruleset


def index(request):
    stored, _ = club_ruleset()
    return render(
        request,
        "rules/index.html",
        {"chapters": CHAPTERS, "club_ruleset": stored, "presets": PRESETS.values()},
    )


def tiles_page(request):
    """All 37 faces: 34 kinds and the three red fives."""
    faces = []
    for kind in range(34):
        faces.append(
            {"notation": kind_notation(kind), "name": kind_name(kind), "file": face_file(kind)}
        )
        if kind in (4, 13, 22):
            faces.append(
                {
                    "notation": kind_notation(kind, red=True),
                    "name": kind_name(kind, red=True),
                    "file": face_file(kind, red=True),
                }
            )
    context = chapter_context("tiles")
    context["faces"] = faces
    return render(request, BY_SLUG["tiles"].templates(), context)


def chapter(request, slug):
    if slug not in BY_SLUG or slug == "tiles":
        raise Http404("No such chapter")
    return render(request, BY_SLUG[slug].templates(), chapter_context(slug))


def search(request):
    """Chapters, glossary and yaku holding every word asked for (a plain GET form)."""
    from rules.rulebook.search import search as find

    query = request.GET.get("q", "")[:100].strip()
    results = find(query) if query else []
    return render(
        request,
        "rules/search.html",
        {"query": query, "results": results, "chapters": CHAPTERS},
    )


TERMS_SESSION_KEY = "terms"  # a visitor's words; players.terms reads it


@require_POST
def switch_terms(request):
    """Japanese terms or English names: a member's setting, a visitor's session."""
    choice = request.POST.get("terms", "")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}):
        back = reverse("rules:index")
    if choice not in dict(settings.LANGUAGES):
        return render(
            request,
            "rules/terms_refused.html",
            {"back": back, "languages": settings.LANGUAGES},
            status=400,
        )
    if request.user.is_authenticated:
        request.user.terms = choice
        request.user.save(update_fields=["terms"])
    else:
        request.session[TERMS_SESSION_KEY] = choice
    return redirect(back)


# --- ruleset sheets ----------------------------------------------------------------


def rulesets_page(request):
    stored = list(Ruleset.objects.all())
    columns = [(p.name, p.ruleset) for p in PRESETS.values()]
    return render(
        request,
        "rules/rulesets.html",
        {
            "presets": [
                {
                    "key": p.key,
                    "name": p.name,
                    "description": p.description,
                    "source": document(p.key),
                }
                for p in PRESETS.values()
            ],
            "stored": stored,
            "sections": sheets.comparison(columns),
        },
    )


def _sheet(request, title, ruleset, notes=None, **extra):
    base = extra.get("base")
    sections = sheets.sheet(ruleset, notes, base.ruleset if base else None)
    context = {"title": title, "sections": sections, "ruleset": ruleset, **extra}
    return render(request, "rules/ruleset_sheet.html", context)


def ruleset_preset(request, key):
    preset = PRESETS.get(key)
    if preset is None:
        raise Http404("No such preset")
    return _sheet(
        request,
        preset.name,
        preset.ruleset,
        notes(key),
        preset=preset,
        source=document(key),
        calc_key=key,
    )


def ruleset_stored(request, pk):
    stored = Ruleset.objects.filter(pk=pk).first()
    if stored is None:
        raise Http404("No such ruleset")
    try:
        engine = stored.engine_ruleset()
    except InvalidRuleset as exc:
        return render(
            request, "rules/ruleset_broken.html", {"stored": stored, "error": exc.message}
        )
    base = PRESETS.get(stored.preset)
    return _sheet(request, stored.name, engine, stored=stored, base=base, calc_key=str(stored.pk))


# --- calculator --------------------------------------------------------------------


def own_rulesets() -> list[Ruleset]:
    """The club's stored rulesets that are not a plain copy of a preset (those are in
    the list already, by the preset's name)."""
    return [r for r in Ruleset.objects.all() if r.settings or r.preset not in PRESETS]


def calculator(request):
    form = CalculatorForm(request.GET)
    htmx = request.headers.get("HX-Request") == "true"
    if form.has_op:
        form.apply()
        if not form.op_error and not htmx:
            url = reverse("rules:calculator")
            query = form.query_string()
            return redirect(f"{url}?{query}" if query else url)
    outcome = form.run()
    context = {
        "form": form,
        "values": form.values,
        "outcome": outcome,
        "errors": outcome.get("errors", {}),
        "palette": palette(),
        "modes": MODES,
        "flag_labels": FLAG_LABELS,
        "winds": tuple(
            (key, pgettext("wind", name))
            for key, name in (("E", "East"), ("S", "South"), ("W", "West"), ("N", "North"))
        ),
        "presets": PRESETS.values(),
        "stored_rulesets": own_rulesets(),
        "query": form.query_string(),
    }
    template = "rules/_calculator.html" if htmx else "rules/calculator.html"
    response = render(request, template, context)
    if htmx:
        query = form.query_string()
        response["HX-Push-Url"] = reverse("rules:calculator") + (f"?{query}" if query else "")
    return response
