"""Which names a member may take: the one check used wherever a member names themself,
and a guest is seated by name.

A name is refused when it passes for somebody else: a bot (see :mod:`players.bots`),
another member (the same shown name in any letter case or width, or one that only
*looks* the same: a Cyrillic "А" for a Latin "A", a dotless "ı" for an "i", see
:func:`lookalike_keys`), or when it carries control characters or the invisible marks
that reorder text (bidi controls), which can make one name look like another on
screen. Placeholders created by log imports are
not members and block nothing: their usernames live apart (see
``history.logs.store.placeholder``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables
from django.core.exceptions import ValidationError

from . import bots

# Usernames of players named in imported logs start with this; "~" is a character a
# member's username cannot contain, so no log can ever take (or block) one.
PLACEHOLDER_PREFIX = "log~"
# Usernames of people an organizer registered by name (no account; see
# ``tournaments.people``): placeholders too, with a prefix of their own.
NAMED_PREFIX = "name~"

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


# The marks Unicode's confusables data writes around a right-to-left prototype.
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


@lru_cache(maxsize=4096)
def _prototype(char: str) -> str:
    """The character (or characters) ``char`` is confused with, as Unicode's
    confusables list writes it (UTS #39), from the ``confusable-homoglyphs`` package:
    a character listed with exactly one look-alike that itself has several is mapped
    to it ("ı" to "i", "А" to "A", "0" to "O", "I" to "l", "m" to "rn"); the others
    are their own prototype."""
    entries = confusables.confusables_data.get(char)
    if not entries or len(entries) != 1:
        return char
    target = entries[0]["c"].translate(_DIRECTION_MARKS)
    if len(target) != 1:
        return target
    back = confusables.confusables_data.get(target) or ()
    if len(back) == 1:  # two characters listed only with each other: either one stands
        return min(char, target)
    return target


def _skeleton(text: str) -> str:
    mapped = "".join(_prototype(c) for c in text)
    return " ".join(mapped.casefold().split())


def lookalike_keys(name: str) -> frozenset[str]:
    """The forms in which two names that look alike on screen are equal: the name's
    skeleton (every character replaced by the one it is confused with, then letter case
    ignored) before and after :func:`fold`, so that "Аkagi" (Cyrillic А), "Akagı"
    (dotless ı), "AKAGI" and "Akagi" share a key while "Ali" and "All" do not. Two
    names clash when their keys meet."""
    visible = _visible(unicodedata.normalize("NFKC", name))
    return frozenset({_skeleton(visible), _skeleton(fold(name))}) - {""}


def look_alike(name: str, other: str) -> bool:
    """Whether ``name`` would pass for ``other`` on screen (the same folded name, or
    a confusable one)."""
    if not fold(name) or not fold(other):
        return False
    return fold(name) == fold(other) or bool(lookalike_keys(name) & lookalike_keys(other))


def check_characters(name: str) -> None:
    if any(c in BIDI_CONTROLS for c in name):
        raise ValidationError("Names may not contain text-direction control characters.")
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise ValidationError("Names may not contain control characters.")


@lru_cache(maxsize=1)
def _bot_keys() -> tuple[frozenset[str], frozenset[str]]:
    """The look-alike keys of the bots' names, and those of the kept ``bot-`` prefix."""
    names = [bots.username(level) for level in bots.BOTS] + list(bots.BOTS.values())
    return (
        frozenset(k for n in names for k in lookalike_keys(n)),
        lookalike_keys(bots.USERNAME_PREFIX),
    )


def check_not_a_bot(name: str) -> None:
    reserved, prefixes = _bot_keys()
    keys = lookalike_keys(name)
    looks_kept = keys & reserved or any(k.startswith(p) for k in keys for p in prefixes)
    if bots.is_reserved(name) or bots.is_reserved(fold(name)) or looks_kept:
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
    keys = lookalike_keys(name)
    for other in others.only("username", "display_name").iterator():
        theirs = (other.display_name, other.username)
        if wanted in (fold(t) for t in theirs):
            raise ValidationError(f"“{name}” is another member's name; choose another.")
        if any(keys & lookalike_keys(t) for t in theirs if t):
            raise ValidationError(
                f"“{name}” looks like another member's name ({other.display_name or other.username}) "
                "on screen; choose another."
            )


def check_username(username: str, player_model) -> None:
    """Refuse a username that looks like another member's username on screen (an
    identical one is refused by Django's own check)."""
    keys = lookalike_keys(username)
    others = player_model.objects.filter(is_placeholder=False, is_bot=False)
    for other in others.exclude(username=username).only("username").iterator():
        if keys & lookalike_keys(other.username):
            raise ValidationError(
                f"“{username}” looks like another member's username ({other.username}) "
                "on screen; choose another."
            )


def check_guest_name(name: str, player_model) -> None:
    """A guest seated by name passes the checks of a member's shown name: no control
    or direction characters, no bot's name, and no member's name or a look-alike of
    one (that member should be seated, or the guest told apart)."""
    try:
        check_shown_name(name, player_model)
    except ValidationError as error:
        message = error.messages[0].replace("another member's", "a member's")
        raise ValidationError(message) from None
