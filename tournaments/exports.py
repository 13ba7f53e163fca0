"""CSV downloads of the standings and of every result, with the page's own values.

Names in them are chosen by members and by imported logs; a spreadsheet would run a
cell starting with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return) as a
formula. Such a cell is written with a leading apostrophe, which spreadsheets show as
text; plain numbers such as ``-12.5`` or ``+38.1`` stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def neutralise(value) -> str:
    """``value`` as a cell no spreadsheet will run as a formula."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def to_csv(columns: Sequence[tuple[str, str]], rows: Iterable[dict]) -> str:
    """CSV text: a header of column titles, then one line per row dict."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([title for _, title in columns])
    for row in rows:
        writer.writerow([neutralise(row.get(key, "")) for key, _ in columns])
    return out.getvalue()
