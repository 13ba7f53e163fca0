"""What a rulebook chapter's page shows: the chapter, its neighbours, and its numbers
computed for the club's ruleset (the page view and the rulebook's search both draw a
chapter with it)."""

from rules.engine import DEFAULT_PRESET, InvalidRuleset, preset
from rules.models import Ruleset
from rules.rulebook import BY_SLUG, CHAPTERS, neighbours


def club_ruleset():
    """The club's stored ruleset and its engine value (the default preset's when the
    stored one no longer reads)."""
    stored = Ruleset.club_default()
    try:
        return stored, stored.engine_ruleset()
    except InvalidRuleset:
        return stored, preset(DEFAULT_PRESET)


def chapter_context(slug: str) -> dict:
    chapter = BY_SLUG[slug]
    stored, club = club_ruleset()
    previous, following = neighbours(slug)
    context = {
        "chapter": chapter,
        "chapters": CHAPTERS,
        "previous": previous,
        "next": following,
        "club": club,
        "club_ruleset": stored,
    }
    if chapter.builder:
        context.update(chapter.builder(club))
    return context
