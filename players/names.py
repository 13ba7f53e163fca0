"""Which names a member may take: the one check used wherever a member names themself.

A name is refused when it passes for somebody else: a bot (see :mod:`players.bots`),
another member (the same shown name in any letter case or width), or when it carries
control characters or the invisible marks that reorder text (bidi controls), which can
make one name look like another on screen. Placeholders created by log imports are
not members and block nothing: their usernames live apart (see
``history.logs.store.placeholder``).
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError

from . import bots

# Usernames of players named in imported logs start with this; "~" is a character a
# member's username cannot contain, so no log can ever take (or block) one.
PLACEHOLDER_PREFIX = "log~"

# Marks that change the direction text is laid out in, invisibly.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


# Characters that show as nothing (or as a blank) but are not spaces: the Hangul
# fillers, the braille blank, the combining grapheme joiner, the variation selectors.
# Together with every format character (category Cf: zero-width space and joiners,
# soft hyphen, word joiner, the bidi marks) they are left out when names are compared,
# so "Aoi\u200b" or "Ao\u00adi" cannot pass for "Aoi".
INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
)


def _visible(text: str) -> str:
    return "".join(c for c in text if c not in INVISIBLE and unicodedata.category(c) != "Cf")


def fold(name: str) -> str:
    """The form two names are compared in: compatibility-normalised, without
    invisible characters, case-folded, inner runs of spaces as one."""
    return " ".join(_visible(unicodedata.normalize("NFKC", name)).split()).casefold()


def check_characters(name: str) -> None:
    if any(c in BIDI_CONTROLS for c in name):
        raise ValidationError("Names may not contain text-direction control characters.")
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise ValidationError("Names may not contain control characters.")


def check_not_a_bot(name: str) -> None:
    if bots.is_reserved(name) or bots.is_reserved(fold(name)):
        raise ValidationError(f"“{name}” is kept for the club's bots; choose another name.")


def check_shown_name(name: str, player_model, exclude_pk=None) -> None:
    """Refuse a shown name (a display name, or a username shown for want of one) that
    copies another member's display name or username."""
    check_characters(name)
    check_not_a_bot(name)
    wanted = fold(name)
    if not wanted:
        if name.strip():  # only invisible characters: it would show as a blank
            raise ValidationError("A name needs at least one visible character.")
        return
    others = player_model.objects.filter(is_placeholder=False, is_bot=False)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    # Compared here rather than in the database: the folding is Unicode's, and a
    # club's members fit in memory.
    for other in others.only("username", "display_name").iterator():
        if wanted in (fold(other.display_name), fold(other.username)):
            raise ValidationError(f"“{name}” is another member's name; choose another.")
