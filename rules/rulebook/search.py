"""Search over the rulebook: chapters (by section), the glossary and the yaku.

The index is the rendered chapters themselves, cut at their ``<section id=...>``
tags, so a search finds what a reader sees (in the reader's words: one index per
term language). Yaku are found by their romanised name, their English name and
their Japanese writing, and lead to their card in the Yaku chapter.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html.parser import HTMLParser

from django.template.loader import render_to_string
from django.utils import translation

MAX_RESULTS = 40
SNIPPET = 180
_SKIP = {"script", "style", "nav", "form"}


class _Sections(HTMLParser):
    """The text of every ``<section id=...>`` of a page, with its first heading."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sections: list[dict] = []
        self._depth = 0  # nesting of <section> inside the current one
        self._skip = 0
        self._current: dict | None = None
        self._in_heading = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in _SKIP:
            self._skip += 1
        if tag == "section":
            if self._current is None and a.get("id"):
                self._current = {"anchor": a["id"], "heading": "", "text": []}
                self._depth = 0
            elif self._current is not None:
                self._depth += 1
        if tag == "h2" and self._current is not None:
            self._in_heading = True

    def handle_endtag(self, tag):
        if tag in _SKIP and self._skip:
            self._skip -= 1
        if tag == "h2":
            self._in_heading = False
        if tag == "section" and self._current is not None:
            if self._depth:
                self._depth -= 1
            else:
                self.sections.append(self._current)
                self._current = None

    def handle_data(self, data):
        if self._current is None or self._skip:
            return
        if self._in_heading:
            self._current["heading"] += data
        self._current["text"].append(data)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=4)
def _index(language: str) -> tuple[dict, ...]:
    from . import CHAPTERS
    from .pages import chapter_context

    entries: list[dict] = []
    with translation.override(language):
        for chapter in CHAPTERS:
            if chapter.slug == "glossary":
                continue
            html = render_to_string(chapter.templates(), chapter_context(chapter.slug))
            parser = _Sections()
            parser.feed(html)
            for s in parser.sections:
                entries.append(
                    {
                        "kind": "chapter",
                        "title": f"{chapter.title}: {_squash(s['heading'])}",
                        "url": f"{chapter.url}#{s['anchor']}",
                        "text": _squash(" ".join(s["text"])),
                        "names": "",
                    }
                )
        entries.extend(_yaku_entries())
        entries.extend(_glossary_entries())
    return tuple(entries)


def _yaku_entries() -> list[dict]:
    from rules.engine import BY_KEY

    from . import BY_SLUG, examples
    from .builders import yaku_anchor

    shown = {e["key"] for e in examples.load()["yaku"]}
    out = []
    for key, info in BY_KEY.items():
        if key not in shown:
            continue
        local = translation.gettext(info.name)
        names = " ".join(dict.fromkeys((info.name, local, info.english, info.japanese)))
        out.append(
            {
                "kind": "yaku",
                "title": f"{local} ({info.japanese})" if info.japanese else local,
                "url": f"{BY_SLUG['yaku'].url}#{yaku_anchor(key)}",
                "text": names,
                "names": names.lower(),
            }
        )
    return out


def _glossary_entries() -> list[dict]:
    from .builders import glossary_terms

    return [
        {
            "kind": "glossary",
            "title": t["term"],
            "url": t["glossary_url"],
            "text": t["definition"],
            "names": f"{t['term']}, {t.get('also', '')}".lower(),
        }
        for t in glossary_terms()
    ]


def _snippet(text: str, words: list[str]) -> str:
    low = text.lower()
    at = min((low.find(w) for w in words if w in low), default=0)
    start = max(0, at - SNIPPET // 3)
    part = text[start : start + SNIPPET]
    return ("… " if start else "") + part + (" …" if start + SNIPPET < len(text) else "")


def search(query: str) -> list[dict]:
    """Entries whose text holds every word of ``query``, names first."""
    words = [w for w in re.split(r"\s+", query.lower().strip()) if w][:8]
    if not words:
        return []
    found = []
    for entry in _index(translation.get_language() or "en"):
        haystack = f"{entry['title']} {entry['text']}".lower()
        if not all(w in haystack for w in words):
            continue
        phrase = " ".join(words)
        rank = (
            0
            if entry["names"] and phrase in entry["names"]
            else 1
            if phrase in entry["title"].lower()
            else 2
        )
        found.append(
            (rank, -haystack.count(words[0]), {**entry, "snippet": _snippet(entry["text"], words)})
        )
    found.sort(key=lambda f: (f[0], f[1]))
    return [f[2] for f in found[:MAX_RESULTS]]
