"""CSV downloads of the standings and of every result, with the page's own values."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence


def to_csv(columns: Sequence[tuple[str, str]], rows: Iterable[dict]) -> str:
    """CSV text: a header of column titles, then one line per row dict."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([title for _, title in columns])
    for row in rows:
        writer.writerow([row.get(key, "") for key, _ in columns])
    return out.getvalue()
