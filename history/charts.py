"""Small inline SVG charts for the history pages (no plotting library is installed).

Each function returns SVG markup ready for a template (``mark_safe``): a bar chart
of counts (placements) and a line chart of values over time (the rating). Every
chart carries ``role="img"`` and an ``aria-label`` that states its numbers in words,
and each bar or point has a ``<title>`` tooltip, so nothing is only visible as a
shape. Sizes are in SVG units; CSS scales the chart to its box.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

INK = "#1d1d1f"
MUTED = "#666"
GRID = "#ddd8cc"
BAR_COLOURS = ("#1f5f3f", "#4d8a5f", "#c49a3a", "#b3261e")  # 1st (green) to 4th (red)
LINE = "#174ea6"


def _nice_step(span: float, ticks: int = 4) -> float:
    """A round tick spacing (1, 2, 2.5 or 5 times a power of ten) for ``span``."""
    raw = span / max(1, ticks)
    if raw <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * power:
            return m * power
    return 10 * power


def _number(value: float) -> str:
    text = f"{value:.0f}" if abs(value - round(value)) < 1e-9 else f"{value:.1f}"
    return text.replace("-", "−")


def bar_chart(
    labels: Sequence[str],
    values: Sequence[int],
    *,
    title: str,
    width: int = 360,
    height: int = 200,
    colours: Sequence[str] = BAR_COLOURS,
    unit: str = "",
) -> SafeString:
    """Vertical bars, one per label, with the value written above each bar."""
    if not labels:
        return mark_safe("")
    left, right, top, bottom = 34, 10, 18, 28
    plot_w, plot_h = width - left - right, height - top - bottom
    high = max(max(values), 1)
    step = (
        max(1.0, _nice_step(high)) if all(isinstance(v, int) for v in values) else _nice_step(high)
    )
    top_value = math.ceil(high / step) * step
    slot = plot_w / len(labels)
    bar_w = slot * 0.62
    described = ", ".join(
        f"{label}: {value}{unit}" for label, value in zip(labels, values, strict=True)
    )
    parts = [
        f'<svg class="chart bar-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}: {escape(described)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    tick = 0.0
    while tick <= top_value + 1e-9:
        y = top + plot_h - plot_h * tick / top_value
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" stroke="{GRID}"/>'
        )
        parts.append(
            f'<text x="{left - 5}" y="{y + 4:.1f}" text-anchor="end" font-size="11" fill="{MUTED}">{_number(tick)}</text>'
        )
        tick += step
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        h = plot_h * value / top_value
        x = left + slot * i + (slot - bar_w) / 2
        y = top + plot_h - h
        colour = colours[i % len(colours)]
        parts.append(
            f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}" '
            f'fill="{colour}" rx="2"><title>{escape(label)}: {value}{escape(unit)}</title></rect>'
        )
        parts.append(
            f'<text x="{x + bar_w / 2:.1f}" y="{y - 4:.1f}" text-anchor="middle" font-size="12" fill="{INK}">{value}</text>'
        )
        parts.append(
            f'<text x="{x + bar_w / 2:.1f}" y="{height - 9}" text-anchor="middle" font-size="12" fill="{INK}">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))


def line_chart(
    values: Sequence[float],
    *,
    title: str,
    labels: Sequence[str] = (),
    baseline: float | None = None,
    width: int = 560,
    height: int = 220,
    x_label: str = "",
    bounds: tuple[float, float] | None = None,
) -> SafeString:
    """One line through ``values`` in order (x is the game number), with a dashed baseline."""
    if not values:
        return mark_safe("")
    x_label = x_label or gettext("games played")
    # room on the left for a rating's four digits in the larger type of a phone (history.css)
    left, right, top, bottom = 60, 12, 14, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    points = [*values]
    low, high = min(points), max(points)
    if baseline is not None:
        low, high = min(low, baseline), max(high, baseline)
    if high - low < 10:
        low, high = low - 5, high + 5
    step = _nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if bounds is not None:  # a share cannot go below 0 % nor above 100 %
        low, high = max(low, bounds[0]), min(high, bounds[1])
    count = len(points)

    def x_of(i: int) -> float:
        return left + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y_of(v: float) -> float:
        return top + plot_h - plot_h * (v - low) / (high - low)

    summary = gettext(
        "%(count)s values, from %(first)s to %(last)s (lowest %(low)s, highest %(high)s)"
    ) % {
        "count": count,
        "first": _number(points[0]),
        "last": _number(points[-1]),
        "low": _number(min(points)),
        "high": _number(max(points)),
    }
    parts = [
        f'<svg class="chart line-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}: {escape(summary)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    tick = low
    while tick <= high + 1e-9:
        y = y_of(tick)
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" stroke="{GRID}"/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{y:.1f}" text-anchor="end" dominant-baseline="central" '
            f'font-size="11" fill="{MUTED}">{_number(tick)}</text>'
        )
        tick += step
    if baseline is not None:
        y = y_of(baseline)
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" stroke="{MUTED}" stroke-dasharray="4 3"/>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle" font-size="11" fill="{MUTED}">{escape(x_label)}</text>'
    )
    path = " ".join(
        f"{'M' if i == 0 else 'L'}{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(points)
    )
    parts.append(f'<path d="{path}" fill="none" stroke="{LINE}" stroke-width="2"/>')
    for i, v in enumerate(points):
        label = labels[i] if i < len(labels) else gettext("game %(n)s") % {"n": i + 1}
        parts.append(
            f'<circle class="point" cx="{x_of(i):.1f}" cy="{y_of(v):.1f}" r="3" fill="{LINE}">'
            f"<title>{escape(label)}: {_number(v)}</title></circle>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))
