"""A small inline-SVG line chart of each player's running total, by round.

No plotting library: a few dozen lines of SVG text. Values are points (52000 is
+52.0) and the axis is labelled in thousands, the way scores are read out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext as _

PALETTE = (
    "#1f5f3f",
    "#b3261e",
    "#174ea6",
    "#c77c02",
    "#6a1b9a",
    "#00838f",
    "#5d4037",
    "#ad1457",
    "#558b2f",
    "#37474f",
)


def _nice_step(span: float, ticks: int = 5) -> float:
    """A round tick spacing (1, 2 or 5 times a power of ten) for ``span``."""
    raw = span / max(1, ticks)
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def _thousands(points: float) -> str:
    value = points / 1000
    text = f"{value:+.0f}" if value else "0"
    return text.replace("-", "−")


def progress_svg(
    series: Sequence[tuple[str, Sequence[int]]],
    labels: Sequence[str],
    width: int = 760,
    height: int = 320,
    title: str = "Running total by round",
    narrow: bool = False,
) -> str:
    """SVG markup: one line per (name, running totals) pair over ``labels``.

    The x axis starts at 0 before the first label. The legend is the page's (see
    ``legend``): a list beside the chart at a desk and below it on a phone, where
    every name is whole however long, so the lines get the whole width. A ``narrow``
    chart (for a phone) has smaller margins and names only every few labels of the x
    axis when they would run into each other.
    """
    if not series or not labels:
        return ""
    left, right, top, bottom = (40, 14, 12, 30) if narrow else (56, 14, 16, 36)
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [0, *(v for _, vs in series for v in vs)]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1000, high + 1000
    step = _nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step

    def x(i: int) -> float:
        return left + plot_w * i / len(labels)

    def y(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    parts = [
        f'<svg class="progress-chart" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    tick = low
    while tick <= high + 1e-9:
        parts.append(
            f'<line class="grid{" zero" if tick == 0 else ""}" x1="{left}" x2="{left + plot_w}" '
            f'y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
            f'<text class="axis" x="{left - 6}" y="{y(tick) + 4:.1f}" '
            f'text-anchor="end">{_thousands(tick)}</text>'
        )
        tick += step
    axis = [_("start"), *labels]
    gap = plot_w / len(labels)
    every = math.ceil(max(len(str(a)) for a in axis) * 8 / gap) if narrow else 1
    for i, label in enumerate(axis):
        if i % max(1, every):
            continue
        # the narrow chart's last label ends at the plot's edge, a date would not fit
        anchor = "end" if narrow and i == len(labels) else "middle"
        parts.append(
            f'<text class="axis" x="{x(i):.1f}" y="{height - bottom + 18}" '
            f'text-anchor="{anchor}">{escape(str(label))}</text>'
        )
    for n, (name, vals) in enumerate(series):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate([0, *vals]))
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
            f"<title>{escape(name)}: {_thousands(vals[-1]) if vals else '0'}</title></polyline>"
        )
    parts.append("</svg>")
    return "".join(parts)


def legend(series: Sequence[tuple[str, Sequence[int]]]) -> list[dict]:
    """The charts' legend, for the page to list: each name in full with its
    line's colour and its last running total (in thousands, as the standings write it)."""
    return [
        {
            "name": name,
            "colour": PALETTE[n % len(PALETTE)],
            "total": f"{vals[-1] / 1000 if vals else 0:+.1f}".replace("-", "−"),
        }
        for n, (name, vals) in enumerate(series)
    ]
