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
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, pgettext

from rules.templatetags.words import points_text
from tables.conf import markup_kept
from tables.runtime import RUNTIME, cached_games, keep_at_most

from .hand_markup import hand
from .result_markup import panel
from .tile_markup import EMPTY, TILES_KEPT, backs, join, markup, melds, oob_mark, row, tile


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
        '<div class="seat-hand">{concealed}'
        '<span class="melds tiles">{melds}</span></div>'
        '<div class="pond-slot"><div id="pond-{seat}" class="pond tiles" role="group" aria-label="{discards}">{pond}</div></div>'
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
        concealed=concealed(s, hand, reds),
        melds=melds(reversed(s["melds"]), hand, reds),
        pond=pond(s["pond"], hand, reds),
        stick=stick,
    )


def concealed(s: dict[str, Any], hand: int, reds: tuple[Any, ...], oob: bool = False) -> SafeString:
    """A seat's concealed hand as the others see it: face down, or face up in open riichi.
    It has its own id, so a draw or a discard swaps in this alone."""
    return markup(
        '<span id="concealed-{}"{} class="concealed tiles">{}</span>',
        s["seat"],
        oob_mark(oob),
        row(s["open"], hand, reds, "open") if s["open"] else backs(s["backs"]),
    )


def seat_marks(s: dict[str, Any]) -> SafeString:
    """The seat area's own attributes without its content (whose turn it is, the score):
    a frame that only moves the turn sends these (``hx-swap-oob="attributes"``, table.js)."""
    return markup(
        '<div id="seat-area-{seat}" hx-swap-oob="attributes" class="seat-area seat-{seat}{turn}" '
        'data-seat="{seat}" data-score="{score}"></div>',
        seat=s["seat"],
        turn=" is-turn" if s["turn"] else "",
        score=s["score"],
    )


def pond_tile(t: int, hand: int, reds: tuple[Any, ...], cls: str, oob: bool = False) -> SafeString:
    """A discard in a pond, with an id of its own (``d`` and the physical tile, which is
    in one pond at most): a later mark on it (called, no longer the last discard) swaps
    in this tile alone."""
    return _pond_tile(t, hand, reds, cls, oob, get_language())


# A changed pond is drawn once for every viewer; the one before it may show again.
# Eight per live game for 256 games; a full pond is about 2 kB.
PONDS_KEPT = markup_kept(0.25)  # TABLE_MARKUP_ENTRIES' share


@lru_cache(maxsize=TILES_KEPT)
def _pond_tile(
    t: int, hand: int, reds: tuple[Any, ...], cls: str, oob: bool, language: str | None
) -> SafeString:  # the tile's name is in the viewer's words: one cached copy per language
    html = tile(t, hand, reds, cls)  # '<span class=...': the id goes first
    return markup('<span id="d{}"{}{}', t, oob_mark(oob), SafeString(html[5:]))


def pond_tiles(items: Iterable[tuple[Any, ...]], hand: int, reds: tuple[Any, ...]) -> SafeString:
    return _pond_tiles(tuple(items), hand, reds, get_language())


@lru_cache(maxsize=PONDS_KEPT)
def _pond_tiles(
    items: tuple[Any, ...], hand: int, reds: tuple[Any, ...], language: str | None
) -> SafeString:
    return join(pond_tile(t, hand, reds, cls) for t, cls in items)


def pond(items: tuple[Any, ...], hand: int, reds: tuple[Any, ...]) -> SafeString:
    """A pond's tiles. A pond that changed is usually the last one plus a tile, and the
    one before it often shows again (the last-discard mark moves on), so they are kept."""
    return pond_tiles(items, hand, reds)


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


# The middle's parts are shared by that state's viewers and change now and then (the
# wall with every draw): a few per live game are all that is reused.
MIDDLES_KEPT = markup_kept(0.125)  # TABLE_MARKUP_ENTRIES' share


@lru_cache(maxsize=MIDDLES_KEPT)
def _counters(
    honba: int, sticks: int, wall: int, sticks_title: str, language: str
) -> tuple[SafeString, ...]:
    """The three counters in the viewer's words (``language``: one cached copy each)."""
    if language == "ja":
        counted = (f"{honba}本場", f"供託{sticks}本", f"残り{wall}枚")
    else:
        counted = (f"{honba} honba", f"{sticks} stick{'' if sticks == 1 else 's'}", f"wall {wall}")
    return (
        markup(
            '<span id="center-honba" title="{}">{}</span>', gettext("Repeat counters"), counted[0]
        ),
        markup('<span id="center-sticks" title="{}">{}</span>', sticks_title, counted[1]),
        markup(
            '<span id="center-wall" title="{}">{}</span>',
            gettext("Tiles left in the live wall"),
            counted[2],
        ),
    )


@lru_cache(maxsize=MIDDLES_KEPT)
def _dora(
    dora: tuple[Any, ...], hidden: int, hand: int, reds: tuple[Any, ...], language: str
) -> SafeString:
    return markup(
        '<div id="center-dora" class="dora"><span class="label">{}</span> '
        '<span class="tiles">{}{}</span></div>',
        pgettext("board", "Dora"),
        row(dora, hand, reds),
        backs(hidden),
    )


def center_parts(c: dict[str, Any]) -> dict[str, SafeString]:
    """The middle's parts by their ids (round, the three counters, the dora, the turn
    line): a frame sends the ones that changed (see ``deltas``)."""
    language = get_language()
    honba, sticks, wall = _counters(
        c["honba"],
        c["sticks"],
        c["wall"],
        pgettext("board", "Riichi sticks on the table"),
        language,
    )
    return {
        "center-round": _round(c["round"]),
        "center-honba": honba,
        "center-sticks": sticks,
        "center-wall": wall,
        "center-dora": _dora(c["dora"], c["dora_hidden"], c["hand_index"], c["reds"], language),
        "turn-line": _turn_box(_turn_line(c)),
    }


@lru_cache(maxsize=MIDDLES_KEPT)
def _round(name: str) -> SafeString:
    return markup('<div id="center-round" class="round-name">{}</div>', name)


@lru_cache(maxsize=MIDDLES_KEPT)
def _turn_box(line: SafeString) -> SafeString:
    return markup('<div id="turn-line" class="turn-line">{}</div>', line)


def center_marks(c: dict[str, Any], after: int) -> SafeString:
    """The middle's own attributes (whose turn, the version) without its parts: an update
    frame carries these (``hx-swap-oob="attributes"``, table.js) and the parts that changed.
    ``data-after`` is the version of the socket's frame before, which the page must show
    for this frame to apply (table.js; it is not copied onto the page)."""
    return _center_marks(c["turn"], c["version"], after)


@lru_cache(maxsize=MIDDLES_KEPT)
def _center_marks(turn: int, version: int, after: int) -> SafeString:
    return markup(
        '<div id="table-center" hx-swap-oob="attributes" class="table-center turn-{}" '
        'data-version="{}" data-after="{}"></div>',
        turn,
        version,
        after,
    )


def center(c: dict[str, Any], oob: bool = False) -> SafeString:
    """The middle of the board; it changes with every move, so it carries the version."""
    parts = center_parts(c)
    return markup(
        '<div id="table-center" class="table-center turn-{}" data-version="{}"{}>{}'
        '<div class="counters">{}{}{}</div>{}{}</div>',
        c["turn"],
        c["version"],
        oob_mark(oob),
        parts["center-round"],
        parts["center-honba"],
        parts["center-sticks"],
        parts["center-wall"],
        parts["center-dora"],
        parts["turn-line"],
    )


@lru_cache(maxsize=MIDDLES_KEPT)
def swapped(html: str) -> SafeString:
    """An element with an id (its first attribute), marked to be swapped in by it."""
    head, _, rest = html.partition('" ')
    if not rest:  # the id is the only attribute: '<tag id="x">'
        head, _, rest = html.partition('">')
        return markup('{}" hx-swap-oob="true">{}', SafeString(head), SafeString(rest))
    return markup('{}" hx-swap-oob="true" {}', SafeString(head), SafeString(rest))


def news(c: dict[str, Any], oob: bool = False, show: bool = True) -> SafeString:
    """The call-out at the caller's seat (shown for a moment) and the same news in
    words for screen readers. Sent only when something new happened."""
    return callout(c.get("news"), oob, show)


def callout(item: tuple[Any, ...] | None, oob: bool = False, show: bool = True) -> SafeString:
    """The call-out of one piece of news (``news_presenters.latest_news``), or an empty one."""
    return _news(item or (None, (), "", ""), oob, show)


# News (the latest call or win): one per live game is shown at a time.
NEWS_KEPT = markup_kept(0.125)  # TABLE_MARKUP_ENTRIES' share


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
