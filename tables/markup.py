"""The one place that writes a table's HTML: tiles, seats, the middle, the own hand,
the result screen, for the table page, its socket frames and the replay alike.

Presenters hand over plain data; everything here goes through ``format_html`` (or
joins pieces that did), so every name and label is escaped. These sections are
rebuilt for every socket after every move, so the tile pieces are cached and the
rest is a few ``format_html`` calls per section; the page template places the same
sections without the ``hx-swap-oob`` marks, so a page load and a frame agree.
"""

from __future__ import annotations

from functools import lru_cache

from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from rules.engine.tiles import face_file, is_red, kind_name, kind_notation

from .presenters import POSITIONS, tile_name

HAKU = 31  # the white dragon's face is blank in our set: it gets a drawn frame
EMPTY = SafeString("")


def join(parts) -> SafeString:
    """Pieces that are each already safe markup (from format_html or this module)."""
    return SafeString("".join(parts))


def _oob(oob: bool) -> SafeString:
    return SafeString(' hx-swap-oob="true"') if oob else EMPTY


# --- tiles ---------------------------------------------------------------------------


@lru_cache(maxsize=128)
def face_url(kind: int, red: bool) -> str:
    return static(f"tiles/{face_file(kind, red)}.svg")


@lru_cache(maxsize=50_000)
def tile(t: int, hand: int, reds: tuple, extra: str = "") -> SafeString:
    """A face-up physical tile, marked ``data-tile="<hand>:<tile>"`` for the privacy tests."""
    kind = t >> 2
    red = is_red(t, reds)
    classes = "tile" + (" haku" if kind == HAKU else "") + (f" {extra}" if extra else "")
    return format_html(
        '<span class="{}" title="{}" data-tile="{}:{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        classes,
        kind_notation(kind, red),
        hand,
        t,
        face_url(kind, red),
        tile_name(t, reds),
    )


@lru_cache(maxsize=64)
def kind_tile(kind: int) -> SafeString:
    """A tile kind, not a physical tile (waits): marked data-kind, not data-tile."""
    return format_html(
        '<span class="tile{}" title="{}" data-kind="{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        " haku" if kind == HAKU else "",
        kind_notation(kind),
        kind,
        face_url(kind, False),
        kind_name(kind),
    )


@lru_cache(maxsize=64)
def backs(count: int, extra: str = "") -> SafeString:
    """A row of face-down tiles as one element: the stylesheet repeats the tile back
    ``--n`` times. Thirteen separate images per hand would be most of a frame."""
    if count <= 0:
        return EMPTY
    label = "a face-down tile" if count == 1 else f"{count} face-down tiles"
    return format_html(
        '<span class="tile-backs{}" style="--n:{}" role="img" aria-label="{}"></span>',
        f" {extra}" if extra else "",
        count,
        label,
    )


def row(tiles, hand: int, reds: tuple, extra: str = "") -> SafeString:
    return join(tile(t, hand, reds, extra) for t in tiles)


def kinds(kinds_) -> SafeString:
    return join(kind_tile(k) for k in kinds_)


@lru_cache(maxsize=20_000)
def meld(data: tuple, hand: int, reds: tuple) -> SafeString:
    """A meld as it lies on the table (see ``presenters.meld_data``)."""
    kind, source, items = data
    parts = []
    for t, how, added in items:
        if how == "back":
            parts.append(backs(1, "in-meld"))
        elif added is not None:
            parts.append(
                format_html(
                    '<span class="stacked">{}{}</span>',
                    tile(added, hand, reds, "sideways"),
                    tile(t, hand, reds, "sideways"),
                )
            )
        else:
            parts.append(tile(t, hand, reds, how))
    return format_html('<span class="meld {}" data-from="{}">{}</span>', kind, source, join(parts))


def melds(items, hand: int, reds: tuple) -> SafeString:
    return join(meld(m, hand, reds) for m in items)


# --- the seats -----------------------------------------------------------------------


def seat(s: dict, hand: int, reds: tuple) -> SafeString:
    """One seat: name plate, face-down hand and melds, pond. Each seat has its own id,
    so a frame carries only the seats that changed; the same markup serves every
    viewer (the board's ``viewer-<v>`` class places the seats around the table)."""
    badges = []
    if s["bot"]:
        badges.append(SafeString('<span class="badge bot">bot</span>'))
    if s["away"]:
        badges.append(
            SafeString(
                '<span class="badge away" title="Not connected: the server plays for this seat">away</span>'
            )
        )
    if s.get("dead"):
        badges.append(
            SafeString(
                '<span class="badge dead" title="Chombo: this hand only throws what it draws">'
                "dead hand</span>"
            )
        )
    if s["open"]:
        concealed = row(s["open"], hand, reds, "open")
    else:
        concealed = backs(s["backs"])
    stick = (
        SafeString('<span class="riichi-stick" role="img" aria-label="Riichi stick"></span>')
        if s["riichi"]
        else EMPTY
    )
    return format_html(
        '<div id="seat-area-{seat}" class="seat-area seat-{seat}{turn}" data-seat="{seat}" data-score="{score}">'
        '<div class="seat-plate" tabindex="0" role="group" aria-label="{wind}: {name}, {score} points">'
        '<span class="wind{dealer}" title="{dealer_word}Seat wind {wind}">{w}</span>'
        '<span class="seat-name">{name}</span>{badges}'
        '<span class="score">{score}</span><span class="diff" aria-hidden="true"></span></div>'
        '<div class="seat-hand"><span class="concealed tiles">{concealed}</span>'
        '<span class="melds tiles">{melds}</span></div>'
        '<div class="pond-slot"><div class="pond tiles" role="group" aria-label="Discards of {name}">{pond}</div></div>'
        "{stick}</div>",
        seat=s["seat"],
        turn=" is-turn" if s["turn"] else "",
        score=s["score"],
        wind=s["wind"],
        w=s["wind"][0],
        dealer=" dealer" if s["dealer"] else "",
        dealer_word="Dealer. " if s["dealer"] else "",
        name=s["name"],
        badges=join(badges),
        concealed=concealed,
        melds=melds(reversed(s["melds"]), hand, reds),
        pond=join(tile(t, hand, reds, cls) for t, cls in s["pond"]),
        stick=stick,
    )


def corner(html: str) -> SafeString:
    """One seat swapped in by its id."""
    return SafeString(html.replace(' class="seat-area', ' hx-swap-oob="true" class="seat-area', 1))


_SEATS: dict = {}


def seats(c: dict) -> list[SafeString]:
    """The four seats; a seat that did not change since the last state is not redrawn."""
    hand, reds = c["hand_index"], c["reds"]
    out = []
    for s in c["seats"]:
        key = (hand, reds, *s.values())
        html = _SEATS.get(key)
        if html is None:
            if len(_SEATS) > 20_000:
                _SEATS.clear()
            html = _SEATS[key] = seat(s, hand, reds)
        out.append(html)
    return out


# --- the middle ----------------------------------------------------------------------


def _turn_line(c: dict) -> SafeString:
    cd = c["countdown"]
    if c["finished"]:
        text = SafeString("Game over")
    elif cd and cd["mine"]:
        text = SafeString("<strong>Your move</strong>")
    elif c["calls_phase"]:
        text = SafeString("Waiting for calls")
    else:
        text = format_html("{} to play", c["turn_name"])
    if not cd:
        return text
    base, bank = cd["base"], cd["bank"]
    return format_html(
        '{} <span class="countdown{}" data-countdown data-base="{}" data-bank="{}" role="timer">{} s{}</span>',
        text,
        " mine" if cd["mine"] else "",
        base,
        bank,
        f"{base:.0f}",
        f" + {bank:.0f} s" if bank else "",
    )


@lru_cache(maxsize=4096)
def _middle(
    round_: str,
    honba: int,
    sticks: int,
    wall: int,
    dora: tuple,
    hidden: int,
    hand: int,
    reds: tuple,
) -> SafeString:
    return format_html(
        '<div class="round-name">{}</div>'
        '<div class="counters"><span title="Repeat counters">{} honba</span>'
        '<span title="Riichi sticks on the table">{} stick{}</span>'
        '<span title="Tiles left in the live wall">wall {}</span></div>'
        '<div class="dora"><span class="label">Dora</span> '
        '<span class="tiles">{}{}</span></div>',
        round_,
        honba,
        sticks,
        "" if sticks == 1 else "s",
        wall,
        row(dora, hand, reds),
        backs(hidden),
    )


def center(c: dict, oob: bool = False) -> SafeString:
    """The middle of the board; it changes with every move, so it carries the version."""
    return format_html(
        '<div id="table-center" class="table-center turn-{}" data-version="{}"{}>{}'
        '<div class="turn-line">{}</div></div>',
        c["turn"],
        c["version"],
        _oob(oob),
        _middle(
            c["round"],
            c["honba"],
            c["sticks"],
            c["wall"],
            c["dora"],
            c["dora_hidden"],
            c["hand_index"],
            c["reds"],
        ),
        _turn_line(c),
    )


def news(c: dict, oob: bool = False, show: bool = True) -> SafeString:
    """The call-out at the caller's seat (shown for a moment) and the same news in
    words for screen readers. Sent only when something new happened."""
    return _news(c.get("news") or (None, (), "", ""), oob, show)


@lru_cache(maxsize=1024)
def _news(item: tuple, oob: bool, show: bool) -> SafeString:
    _key, who, callout, sentence = item
    return format_html(
        '<div id="table-callout" class="callout{}"{} data-seats="{}">{}</div>'
        '<div id="table-announce" class="visually-hidden" aria-live="polite"{}>{}</div>',
        " show" if callout and show else "",
        _oob(oob),
        " ".join(str(s) for s in who),
        join(format_html('<span class="call-word at-{}">{}</span>', s, callout) for s in who)
        if callout
        else EMPTY,
        SafeString(' hx-swap-oob="innerHTML"') if oob else EMPTY,
        sentence,
    )


def board(c: dict, oob: bool = False) -> SafeString:
    """The whole board: four seats, the middle, the own hand (at the bottom, inside)."""
    return format_html(
        '<section id="table-board" class="table-board viewer-{}{}"{} aria-label="The table">'
        "{}{}{}{}</section>",
        c["viewer"],
        "" if c["spectator"] else " seated",
        _oob(oob),
        join(seats(c)),
        center(c),
        hand(c),
        news(c, show=False),
    )


# --- the own hand --------------------------------------------------------------------


def _key(key: str) -> SafeString:
    return (
        format_html('<kbd class="key" aria-hidden="true">{}</kbd>', key.upper()) if key else EMPTY
    )


@lru_cache(maxsize=20_000)
def tile_button(
    t: int, hand: int, reds: tuple, extra: str, cls: str, vals: str, action: str, label: str
) -> SafeString:
    """A tile of the own hand that makes a move when pressed (the same for every version)."""
    return format_html(
        '<button type="button" class="tile-button{}" ws-send hx-vals="{}" '
        'data-action="{}" title="{}" aria-label="{}">{}</button>',
        cls,
        vals,
        action,
        label,
        f"{label}: {tile_name(t, reds)}",
        tile(t, hand, reds, extra),
    )


def _tile_buttons(entries: list[dict], hand: int, reds: tuple, extra: str) -> SafeString:
    return join(
        tile_button(
            t["tile"],
            hand,
            reds,
            t["extra"],
            extra + (" drawn" if t["drawn"] else ""),
            t["vals"],
            t["action"],
            t["label"],
        )
        if "action" in t
        else tile(t["tile"], hand, reds, t["extra"])
        for t in entries
    )


@lru_cache(maxsize=5_000)
def action_button(
    kind: str,
    type_: str,
    vals: str,
    action: str,
    key: str,
    label: str,
    tiles: tuple,
    hand: int,
    reds: tuple,
) -> SafeString:
    return format_html(
        '<button type="button" class="{} {}{}" ws-send hx-vals="{}" data-action="{}"{}>{}{}{}</button>',
        kind,
        type_,
        " secondary" if type_ == "pass" else "",
        vals,
        action,
        format_html(' data-key="{}"', key.lower()) if key else EMPTY,
        label,
        format_html(' <span class="tiles">{}</span>', row(tiles, hand, reds)) if tiles else EMPTY,
        _key(key),
    )


def _buttons(buttons: list[dict], kind: str, hand: int, reds: tuple) -> SafeString:
    return join(
        action_button(
            kind, b["type"], b["vals"], b["action"], b["key"], b["label"], b["tiles"], hand, reds
        )
        for b in buttons
    )


def hand(c: dict, oob: bool = False) -> SafeString:
    h = c["hand"]
    if not h:
        return format_html(
            '<section id="table-hand" class="table-hand"{} aria-label="Your hand"></section>',
            _oob(oob),
        )
    hi, reds = c["hand_index"], c["reds"]
    parts = []
    if h["calls"]:
        parts.append(
            format_html(
                '<div class="call-prompt" role="group" aria-label="Answer the discard">'
                '<span class="claim">{}</span>{}</div>',
                tile(h["claim_tile"], hi, reds) if h["claim_tile"] is not None else EMPTY,
                _buttons(h["calls"], "call", hi, reds),
            )
        )
    actions = [_buttons(h["turn_actions"], "turn-action", hi, reds)]
    if h["riichi_tiles"]:
        actions.insert(
            0,
            SafeString(
                '<input type="checkbox" id="riichi-mode" class="mode-toggle" data-key="r">'
                '<label for="riichi-mode" class="button mode-label">Riichi…'
                '<kbd class="key" aria-hidden="true">R</kbd></label>'
            ),
        )
    if h["open_riichi_tiles"]:
        actions.insert(
            1 if h["riichi_tiles"] else 0,
            SafeString(
                '<input type="checkbox" id="open-riichi-mode" class="mode-toggle" data-key="o">'
                '<label for="open-riichi-mode" class="button mode-label">Open riichi…'
                '<kbd class="key" aria-hidden="true">O</kbd></label>'
            ),
        )
    rows = [
        format_html(
            '<div class="hand-row hand-normal tiles">{}</div>',
            _tile_buttons(h["tiles"], hi, reds, ""),
        )
    ]
    if h["riichi_tiles"]:
        rows.append(
            format_html(
                '<div class="hand-row hand-riichi tiles" aria-label="Discards that keep the hand waiting">{}</div>',
                _tile_buttons(h["riichi_tiles"], hi, reds, " riichi-ok"),
            )
        )
    if h["open_riichi_tiles"]:
        rows.append(
            format_html(
                '<div class="hand-row hand-open-riichi tiles" aria-label="Discards for open riichi">{}</div>',
                _tile_buttons(h["open_riichi_tiles"], hi, reds, " riichi-ok"),
            )
        )
    info = EMPTY
    if h["waits"]:
        info = format_html(
            'Waiting on <span class="tiles">{}</span>{}',
            kinds(h["waits"]),
            SafeString(' <strong class="furiten">furiten</strong>') if h["furiten"] else EMPTY,
        )
    parts.append(
        format_html(
            '<div class="hand-modes{}">{}{}<span class="own-melds tiles">{}</span></div>'
            '<p class="hand-info">{}</p>',
            " my-turn" if h["my_turn"] else "",
            join(actions),
            join(rows),
            melds(reversed(h["melds"]), hi, reds),
            info,
        )
    )
    return format_html(
        '<section id="table-hand" class="table-hand"{} aria-label="Your hand" hx-vals=\'{{"version": {}}}\'>{}</section>',
        _oob(oob),
        c["version"],
        join(parts),
    )


# --- the replay's board (placed by its pos-* classes) ----------------------------------


def replay_seat(s: dict) -> str:
    """One player's corner of the replay board (placed by its ``pos-*`` class)."""
    badges = []
    if s["riichi"]:
        badges.append(SafeString('<span class="riichi-stick" title="In riichi">riichi</span>'))
    if s["dealer"]:
        badges.append(SafeString('<span class="badge dealer-badge">dealer</span>'))
    return format_html(
        '<div class="seat-area pos-{}{}" data-seat="{}">'
        '<div class="seat-head"><span class="wind{}" title="Seat wind {}">{}</span> '
        '<strong class="seat-name">{}</strong> {} <span class="score" title="Points">{}</span></div>'
        '<div class="seat-tiles"><span class="concealed tiles tiles-small">{}</span>'
        '<span class="melds tiles tiles-small">{}</span></div>'
        '<div class="river tiles tiles-small" role="group" aria-label="Discards of {}">{}</div></div>',
        s["position"],
        " is-turn" if s["turn"] else "",
        s["seat"],
        " dealer" if s["dealer"] else "",
        s["wind"],
        s["wind"][0],
        s["name"],
        join(badges),
        s["score"],
        s["concealed"],
        s["melds"],
        s["name"],
        s["river"],
    )


def own_row(tiles: list[int], drawn: int | None, hand_no: int, reds) -> str:
    shown = row(tiles, hand_no, reds)
    if drawn is None:
        return shown
    return format_html("{}{}", shown, tile(drawn, hand_no, reds, "drawn"))


# --- result screens, status ----------------------------------------------------------


def result_tiles(result: dict) -> dict:
    """The result data with its tiles drawn, for the one result template."""
    hand, reds = result["tileset"]
    out = dict(result)
    out["dora"] = row(result["dora"], hand, reds)
    out["ura"] = row(result["ura"], hand, reds)
    out["wins"] = [
        dict(
            w,
            hand=row(w["hand"], hand, reds),
            win_tile=tile(w["win_tile"], hand, reds, "win-tile"),
            melds=melds(reversed(w["melds"]), hand, reds),
        )
        for w in result["wins"]
    ]
    out["rows"] = [dict(r, hand=row(r["hand"], hand, reds)) for r in result["rows"]]
    return out


def result_panel(result: dict) -> SafeString:
    """How a hand ended; the live table's modal and the replay both show this."""
    return render_to_string("tables/_result.html", {"result": result_tiles(result)})


def panel_body(c: dict) -> SafeString:
    """The result screen between hands (or the final standings), or nothing."""
    if not (c["result"] or c["final"]):
        return EMPTY
    return render_to_string(
        "tables/_panel_body.html",
        {
            "result_html": result_panel(c["result"]) if c["result"] else "",
            "final": c["final"],
            "penalties": c["penalties"],
            "game_links": c.get("game_links"),
            "auto_close": 0 if c["final"] else c.get("result_seconds", 8),
        },
    )


def panel(c: dict, oob: bool = False) -> SafeString:
    return format_html(
        '<section id="table-panel" class="table-panel"{}>{}</section>',
        _oob(oob),
        c["panel_html"],
    )


def status(c: dict, oob: bool = False) -> SafeString:
    word = "finished" if c["finished"] else "playing"
    return format_html(
        '<span id="table-status"{} class="badge status-{}">{}</span>',
        _oob(oob),
        word,
        word.capitalize(),
    )


ERROR_CLEAR = SafeString(
    '<div id="table-error" hx-swap-oob="true" class="table-error" role="alert"></div>'
)


def error(code: str, message: str) -> SafeString:
    return format_html(
        '<div id="table-error" hx-swap-oob="true" class="table-error" role="alert" data-error="{}">{}</div>',
        code,
        message,
    )


def frame(c: dict) -> str:
    """Everything a socket gets after a change, each section swapped in by id."""
    return board(c, True) + panel(c, True) + status(c, True) + ERROR_CLEAR


__all__ = ["POSITIONS", "board", "center", "hand", "news", "panel", "result_panel", "status"]
