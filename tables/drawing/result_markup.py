"""How a hand ended as HTML: the one result screen (the live table's modal and the
replay alike, through ``templates/tables/_result.html``) and the panel that holds it
between hands or shows the final standings.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from .tile_markup import EMPTY, markup, melds, oob_mark, row, tile


def result_tiles(result: dict[str, Any]) -> dict[str, Any]:
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


def result_panel(result: dict[str, Any]) -> SafeString:
    """How a hand ended; the live table's modal and the replay both show this."""
    return render_to_string("tables/_result.html", {"result": result_tiles(result)})


def panel_body(c: dict[str, Any]) -> SafeString:
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
            # the hand it comes before: a page that closed it does not open it again
            "result_key": c["hand_index"],
        },
    )


def panel(c: dict[str, Any], oob: bool = False) -> SafeString:
    return panel_section(c["panel_html"], oob)


def panel_section(body: SafeString, oob: bool = False) -> SafeString:
    """The ``#table-panel`` element around the result screen (or nothing)."""
    return markup(
        '<section id="table-panel" class="table-panel"{}>{}</section>', oob_mark(oob), body
    )
