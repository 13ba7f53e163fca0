"""The live table's board as HTML: the four seats, the middle (round, counters, dora,
whose turn), the call-out, the status badge and error line, and the whole socket frame
(the replay's seats are ``replay_markup``'s).

These sections are rebuilt for every socket after every move, so what does not
change is cached and the rest is a few ``format_html`` calls per section; the page
template places the same sections without the ``hx-swap-oob`` marks, so a page load
and a frame agree.
"""

from __future__ import annotations

import contextlib
from functools import lru_cache
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, pgettext

from rules.templatetags.words import points_text
from tables.runtime import RUNTIME, cached_games, keep_at_most

from .hand_markup import hand
from .result_markup import panel
from .tile_markup import EMPTY, backs, join, markup, melds, oob_mark, row, tile


def seat(s: dict[str, Any], hand: int, reds: tuple[Any, ...]) -> SafeString:
    """One seat: name plate, face-down hand and melds, pond. Each seat has its own id,
    so a frame carries only the seats that changed; the same markup serves every
    viewer (the board's ``viewer-<v>`` class places the seats around the table)."""
    badges = []
    if s["bot"]:
        badges.append(markup('<span class="badge bot">{}</span>', pgettext("badge", "bot")))
    if s["away"]:
        badges.append(
            markup(
                '<span class="badge away" title="{}">{}</span>',
                gettext("Not connected: the server plays for this seat"),
                pgettext("badge", "away"),
            )
        )
    if s.get("dead"):
        badges.append(
            markup(
                '<span class="badge dead" title="{}">{}</span>',
                gettext("Chombo: this hand only throws what it draws"),
                gettext("dead hand"),
            )
        )
    if s["open"]:
        concealed = row(s["open"], hand, reds, "open")
    else:
        concealed = backs(s["backs"])
    stick = (
        markup(
            '<span class="riichi-stick" role="img" aria-label="{}"></span>',
            pgettext("board", "Riichi stick"),
        )
        if s["riichi"]
        else EMPTY
    )
    return markup(
        '<div id="seat-area-{seat}" class="seat-area seat-{seat}{turn}" data-seat="{seat}" data-score="{score}">'
        '<div class="seat-plate" tabindex="0" role="group" aria-label="{wind}: {name}, {shown} {points}">'
        '<span class="wind{dealer}" title="{dealer_word}{seat_wind} {wind}">{w}</span>'
        '<span class="seat-name" title="{name}">{name}</span>{badges}'
        '<span class="score">{shown}</span><span class="diff" aria-hidden="true"></span></div>'
        '<div class="seat-hand"><span class="concealed tiles">{concealed}</span>'
        '<span class="melds tiles">{melds}</span></div>'
        '<div class="pond-slot"><div class="pond tiles" role="group" aria-label="{discards}">{pond}</div></div>'
        "{stick}</div>",
        seat=s["seat"],
        turn=" is-turn" if s["turn"] else "",
        score=s["score"],
        shown=points_text(s["score"]),
        wind=pgettext("wind", s["wind"]),
        w=pgettext("wind", s["wind"])[0],
        dealer=" dealer" if s["dealer"] else "",
        dealer_word=gettext("Dealer. ") if s["dealer"] else "",
        seat_wind=gettext("Seat wind"),
        points=gettext("points"),
        discards=gettext("Discards of %(name)s") % {"name": s["name"]},
        name=s["name"],
        badges=join(badges),
        concealed=concealed,
        melds=melds(reversed(s["melds"]), hand, reds),
        pond=pond(s["pond"], hand, reds),
        stick=stick,
    )


# A changed pond is drawn once for every viewer; the one before it may show again.
# Eight per live game for 256 games; a full pond is about 2 kB.
PONDS_KEPT = 2048


def pond(items: tuple[Any, ...], hand: int, reds: tuple[Any, ...]) -> SafeString:
    """A pond's tiles. A pond that changed is usually the last one plus a tile, and the
    one before it often shows again (the last-discard mark moves on), so they are kept."""
    return _pond(items, hand, reds, get_language())


@lru_cache(maxsize=PONDS_KEPT)
def _pond(
    items: tuple[Any, ...], hand: int, reds: tuple[Any, ...], language: str | None
) -> SafeString:
    return join(tile(t, hand, reds, cls) for t, cls in items)


def corner(html: str) -> SafeString:
    """One seat swapped in by its id."""
    return SafeString(html.replace(' class="seat-area', ' hx-swap-oob="true" class="seat-area', 1))


# A seat's markup is reused by the next states of its game while that seat does not
# change: the four seats of a game's current state and of the one before are what a
# live table reuses, so eight per game kept (runtime.cached_games), the least recently
# used out first (a seat nobody discards to keeps its markup for many moves).
SEATS_PER_GAME = 8


def seats(c: dict[str, Any]) -> list[SafeString]:
    """The four seats; a seat that did not change since the last state is not redrawn."""
    hand, reds = c["hand_index"], c["reds"]
    kept = RUNTIME.seat_html
    out = []
    for s in c["seats"]:
        key = (hand, reds, get_language(), *s.values())  # its words are the viewer's
        html = kept.get(key)
        if html is None:
            html = kept[key] = seat(s, hand, reds)
            keep_at_most(kept, SEATS_PER_GAME * cached_games())
        else:
            with contextlib.suppress(KeyError):  # another thread dropped it meanwhile
                kept.move_to_end(key)
        out.append(html)
    return out


# --- the middle ----------------------------------------------------------------------


def _turn_line(c: dict[str, Any]) -> SafeString:
    cd = c["countdown"]
    if c["finished"]:
        text = SafeString(gettext("Game over"))
    elif cd and cd["mine"]:
        text = markup("<strong>{}</strong>", gettext("Your move"))
    elif c["calls_phase"]:
        text = SafeString(gettext("Waiting for calls"))
    else:
        text = markup(gettext("{} to play"), c["turn_name"])
    if not cd:
        return text
    base, bank = cd["base"], cd["bank"]
    return markup(
        '{} <span class="countdown{}" data-countdown data-base="{}" data-bank="{}" role="timer">{} s{}</span>',
        text,
        " mine" if cd["mine"] else "",
        base,
        bank,
        f"{base:.0f}",
        f" + {bank:.0f} s" if bank else "",
    )


# The middle changes with every move and is shared by that state's viewers: a few
# per live game are all that is reused.
MIDDLES_KEPT = 1024


@lru_cache(maxsize=MIDDLES_KEPT)
def _middle(
    round_: str,
    honba: int,
    sticks: int,
    wall: int,
    dora: tuple[Any, ...],
    hidden: int,
    hand: int,
    reds: tuple[Any, ...],
    sticks_title: str = "Riichi sticks on the table",
    language: str = "",  # the words below are the viewer's: one cached copy per language
) -> SafeString:
    if language == "ja":
        counted = (f"{honba}本場", f"供託{sticks}本", f"残り{wall}枚")
    else:
        counted = (f"{honba} honba", f"{sticks} stick{'' if sticks == 1 else 's'}", f"wall {wall}")
    return markup(
        '<div class="round-name">{}</div>'
        '<div class="counters"><span title="{}">{}</span>'
        '<span title="{}">{}</span>'
        '<span title="{}">{}</span></div>'
        '<div class="dora"><span class="label">{}</span> '
        '<span class="tiles">{}{}</span></div>',
        round_,
        gettext("Repeat counters"),
        counted[0],
        sticks_title,
        counted[1],
        gettext("Tiles left in the live wall"),
        counted[2],
        pgettext("board", "Dora"),
        row(dora, hand, reds),
        backs(hidden),
    )


def center(c: dict[str, Any], oob: bool = False) -> SafeString:
    """The middle of the board; it changes with every move, so it carries the version."""
    return markup(
        '<div id="table-center" class="table-center turn-{}" data-version="{}"{}>{}'
        '<div class="turn-line">{}</div></div>',
        c["turn"],
        c["version"],
        oob_mark(oob),
        _middle(
            c["round"],
            c["honba"],
            c["sticks"],
            c["wall"],
            c["dora"],
            c["dora_hidden"],
            c["hand_index"],
            c["reds"],
            pgettext("board", "Riichi sticks on the table"),
            get_language(),
        ),
        _turn_line(c),
    )


def news(c: dict[str, Any], oob: bool = False, show: bool = True) -> SafeString:
    """The call-out at the caller's seat (shown for a moment) and the same news in
    words for screen readers. Sent only when something new happened."""
    return callout(c.get("news"), oob, show)


def callout(item: tuple[Any, ...] | None, oob: bool = False, show: bool = True) -> SafeString:
    """The call-out of one piece of news (``news_presenters.latest_news``), or an empty one."""
    return _news(item or (None, (), "", ""), oob, show)


# News (the latest call or win): one per live game is shown at a time.
NEWS_KEPT = 1024


@lru_cache(maxsize=NEWS_KEPT)
def _news(item: tuple[Any, ...], oob: bool, show: bool) -> SafeString:
    _key, who, callout, sentence = item
    return markup(
        '<div id="table-callout" class="callout{}"{} data-seats="{}">{}</div>'
        '<div id="table-announce" class="visually-hidden" aria-live="polite"{}>{}</div>',
        " show" if callout and show else "",
        oob_mark(oob),
        " ".join(str(s) for s in who),
        join(markup('<span class="call-word at-{}">{}</span>', s, callout) for s in who)
        if callout
        else EMPTY,
        SafeString(' hx-swap-oob="innerHTML"') if oob else EMPTY,
        sentence,
    )


def board(c: dict[str, Any], oob: bool = False) -> SafeString:
    """The whole board: four seats, the middle, the own hand (at the bottom, inside)."""
    return markup(
        '<section id="table-board" class="table-board viewer-{}{}"{} aria-label="{}">'
        "{}{}{}{}</section>",
        c["viewer"],
        "" if c["spectator"] else " seated",
        oob_mark(oob),
        gettext("The table"),
        join(seats(c)),
        center(c),
        hand(c),
        news(c, show=False),
    )


# --- status, errors, the whole frame -----------------------------------------------


def status(c: dict[str, Any], oob: bool = False) -> SafeString:
    return status_badge(c["finished"], oob)


def status_badge(finished: bool, oob: bool = False) -> SafeString:
    word = "finished" if finished else "playing"
    return markup(
        '<span id="table-status"{} class="badge status-{}">{}</span>',
        oob_mark(oob),
        word,
        gettext("Finished") if finished else gettext("Playing"),
    )


ERROR_CLEAR = SafeString(
    '<div id="table-error" hx-swap-oob="true" class="table-error" role="alert"></div>'
)


def error(code: str, message: str) -> SafeString:
    return markup(
        '<div id="table-error" hx-swap-oob="true" class="table-error" role="alert" data-error="{}">{}</div>',
        code,
        message,
    )


def frame(c: dict[str, Any]) -> str:
    """Everything a socket gets after a change, each section swapped in by id."""
    return board(c, True) + panel(c, True) + status(c, True) + ERROR_CLEAR
