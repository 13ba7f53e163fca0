"""Compile the site's message files (``locale/*/LC_MESSAGES/*.po``) to ``.mo``.

A pure-Python stand-in for GNU ``msgfmt`` (which a fresh machine may lack), following
the logic of CPython's ``Tools/i18n/msgfmt.py``: the ``.po`` entries (with ``msgctxt``
and plural forms) are read and written in the GNU ``.mo`` layout that Python's
``gettext`` and so Django read. Fuzzy entries are left out, as msgfmt does. ``make``
and the deployment recipe run it (the ``.mo`` files are not committed), and so does the
test suite's set-up (tests/conftest.py): ``python mahjong_site/compile_messages.py``
compiles every message file whose ``.mo`` is missing or older than its ``.po``.
"""

from __future__ import annotations

import ast
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def parse(text: str) -> dict[bytes, bytes]:
    """The translations of a ``.po`` file, keyed as the ``.mo`` file keys them:
    ``context\\x04msgid`` (plural forms joined by NUL)."""
    messages: dict[bytes, bytes] = {}
    entry: dict[str, object] = {}
    field = ""
    fuzzy = False

    def flush() -> None:
        nonlocal entry, fuzzy, field
        if "msgid" in entry and not fuzzy:
            key = str(entry["msgid"])
            if "msgid_plural" in entry:
                key += "\0" + str(entry["msgid_plural"])
                forms = entry.get("plural", {})
                assert isinstance(forms, dict)
                value = "\0".join(forms[i] for i in sorted(forms))
            else:
                value = str(entry.get("msgstr", ""))
            if "msgctxt" in entry:
                key = f"{entry['msgctxt']}\x04{key}"
            if value.replace("\0", "") or key == "":
                messages[key.encode()] = value.encode()
        entry, fuzzy, field = {}, False, ""

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in entry and field.startswith("msgstr"):
                    flush()
                fuzzy = True
            continue
        if not line:
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = "", line
        if keyword == "msgctxt" or (keyword == "msgid" and field.startswith("msgstr")):
            flush()
        if keyword.startswith("msgstr["):
            index = int(keyword[7:-1])
            plural = entry.setdefault("plural", {})
            assert isinstance(plural, dict)
            plural[index] = ast.literal_eval(rest)
            field = keyword
        elif keyword:
            entry[keyword] = ast.literal_eval(rest)
            field = keyword
        elif field.startswith("msgstr["):
            plural = entry["plural"]
            assert isinstance(plural, dict)
            plural[int(field[7:-1])] += ast.literal_eval(rest)
        else:
            entry[field] = str(entry[field]) + ast.literal_eval(rest)
    flush()
    return messages


def mo_bytes(messages: dict[bytes, bytes]) -> bytes:
    """The GNU ``.mo`` file of ``messages`` (keys sorted, no hash table)."""
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    start = 7 * 4 + 16 * len(keys)
    key_table, value_table = [], []
    for id_at, id_len, str_at, str_len in offsets:
        key_table += [id_len, start + id_at]
        value_table += [str_len, start + len(ids) + str_at]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    tables = struct.pack(f"{len(key_table)}i", *key_table)
    tables += struct.pack(f"{len(value_table)}i", *value_table)
    return header + tables + ids + strs


def compile_all(root: Path = ROOT, force: bool = False) -> list[Path]:
    """Compile every message file under ``root/locale`` whose ``.mo`` is missing or
    older than its ``.po``; the ``.mo`` files written."""
    written = []
    for po in sorted((root / "locale").glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if force or not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            # written beside and renamed: a reader (another test process) never sees
            # half a file
            part = mo.with_suffix(f".mo.{os.getpid()}")
            part.write_bytes(mo_bytes(parse(po.read_text(encoding="utf-8"))))
            os.replace(part, mo)
            written.append(mo)
    return written


if __name__ == "__main__":
    for path in compile_all(force="--force" in sys.argv):
        print(f"compiled {path.relative_to(ROOT)}")
