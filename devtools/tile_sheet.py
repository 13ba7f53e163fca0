"""The tile sheet: every tile face, the tile front and the two tile backs in one SVG
file (static/tiles.svg), made from the single drawings in static/tiles/.

A page asks for the sheet once, however many tiles it shows: each picture in it is a
nested ``<svg>`` named like its drawing (``Man5-Dora``, ``Back``), hidden unless it is
the fragment the sheet is shown by, so an image shows one by its fragment
(``<img src="/static/tiles.svg#Pin3">``) and a style sheet the same way
(``url("../tiles.svg#Back")``). Each keeps its drawing's own box and aspect.

A hidden picture costs a browser nothing to draw. (A ``<view>`` per picture over a
grid of all of them, the other way to show part of one file, makes Chromium paint
the whole sheet for every image: about five times the time of single files to swap
in a row of tiles, against about twice this way.)

The drawings come from an editor and carry what they do not draw: unused
definitions (clip paths, markers, patterns), ids nothing refers to, style properties
that repeat a default. The sheet leaves those out; what is drawn stays as it was.
The ids that are referred to are renamed (``i1``, ``i2``...) so that two drawings'
ids never meet in the one file.

    python -m devtools.tile_sheet          # writes static/tiles.svg
    python -m devtools.tile_sheet --check  # exits 1 when the file is not what it makes

tests/test_tile_sheet.py checks that the committed sheet is what this makes.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FACES_DIR = ROOT / "static" / "tiles"
SHEET = ROOT / "static" / "tiles.svg"

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"

# The drawings in the sheet: the 34 kinds in the order of the engine's kind numbers
# (rules.engine.face_file), each red five after its plain five, then the plain front
# every face is laid on and the backs (standing, and lying for a side seat).
SUITS = ("Man", "Pin", "Sou")
HONOURS = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")
NAMES = (
    *(
        name
        for suit in SUITS
        for number in range(1, 10)
        for name in ((f"{suit}{number}", f"{suit}5-Dora") if number == 5 else (f"{suit}{number}",))
    ),
    *HONOURS,
    "Front",
    "Back",
    "Back-side",
)

# Style properties whose value here is the initial one: left out when no element of
# the same drawing gives the property another value (then no inherited value can
# differ, whatever the nesting or a <use>). ``opacity`` is not inherited at all.
DEFAULTS = {
    "opacity": "1",
    "fill-opacity": "1",
    "stroke-opacity": "1",
    "fill-rule": "nonzero",
    "stroke-dasharray": "none",
    "stroke-dashoffset": "0",
    "stroke-miterlimit": "4",
    "stroke-linecap": "butt",
    "stroke-linejoin": "miter",
    "display": "inline",
    "visibility": "visible",
    "enable-background": "accumulate",
    "font-variant-ligatures": "normal",
    "font-variant-caps": "normal",
    "font-variant-numeric": "normal",
    "font-feature-settings": "normal",
    "isolation": "auto",
    "mix-blend-mode": "normal",
    "color-interpolation": "sRGB",
    "color-interpolation-filters": "linearRGB",
    "solid-opacity": "1",
    "vector-effect": "none",
    "paint-order": "normal",
}
NOT_INHERITED = {"opacity", "isolation", "mix-blend-mode", "display", "enable-background"}
# Properties no browser draws with (an editor's own).
EDITOR_ONLY = {"-inkscape-font-specification", "solid-color", "solid-opacity"}

REFERENCE = re.compile(r"url\(#([^)\s]+)\)")


def local(tag: str) -> str:
    return tag.rpartition("}")[2]


def href_of(element: ET.Element) -> str | None:
    value = element.get(f"{{{XLINK}}}href") or element.get("href")
    return value[1:] if value and value.startswith("#") else None


def references(element: ET.Element) -> set[str]:
    """The ids this one element refers to (not its children)."""
    found = {m for value in element.attrib.values() for m in REFERENCE.findall(value)}
    target = href_of(element)
    if target:
        found.add(target)
    return found


def parse_style(style: str) -> dict[str, str]:
    pairs = (item.split(":", 1) for item in style.split(";") if ":" in item)
    return {k.strip(): v.strip() for k, v in pairs}


def used_ids(root: ET.Element) -> set[str]:
    """The ids reached from what is drawn: everything outside <defs>, then whatever a
    reached definition refers to in turn."""
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    defs = {id(e) for d in root.iter(f"{{{SVG}}}defs") for e in d.iter()}
    todo = [ref for e in root.iter() if id(e) not in defs for ref in references(e)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in by_id:
            continue
        seen.add(name)
        todo.extend(ref for e in by_id[name].iter() for ref in references(e))
    return seen


def drop_unused_definitions(root: ET.Element, used: set[str]) -> None:
    for defs in list(root.iter(f"{{{SVG}}}defs")):
        for child in list(defs):
            if child.get("id") not in used:
                defs.remove(child)
    for parent in list(root.iter()):
        for child in list(parent):
            if local(child.tag) == "defs" and len(child) == 0:
                parent.remove(child)


def tidy_styles(root: ET.Element) -> None:
    """Leave out the editor's own properties and those that repeat a default no other
    element of the drawing overrides."""
    styles = [(e, parse_style(e.get("style", ""))) for e in root.iter()]
    overridden = {
        name
        for e, props in styles
        for name, value in [*props.items(), *e.attrib.items()]
        if name in DEFAULTS and value != DEFAULTS[name]
    }
    for element, props in styles:
        if "style" not in element.attrib:
            continue
        kept = {
            name: value
            for name, value in props.items()
            if name not in EDITOR_ONLY
            and not (
                DEFAULTS.get(name) == value and (name in NOT_INHERITED or name not in overridden)
            )
        }
        if kept:
            element.set("style", ";".join(f"{k}:{v}" for k, v in kept.items()))
        else:
            del element.attrib["style"]


def rename_ids(root: ET.Element, used: set[str], names: dict[str, str], counter: list[int]) -> None:
    """Ids referred to get a sheet-wide short name; the others are left out."""
    for element in root.iter():
        old = element.get("id")
        if old is None:
            continue
        if old in used:
            counter[0] += 1
            names[old] = f"i{counter[0]}"
            element.set("id", names[old])
        else:
            del element.attrib["id"]
    for element in root.iter():
        for key, value in list(element.attrib.items()):
            if "url(#" in value:
                element.set(key, REFERENCE.sub(lambda m: f"url(#{names[m[1]]})", value))
        target = href_of(element)
        if target:
            element.attrib.pop(f"{{{XLINK}}}href", None)
            element.set("href", f"#{names[target]}")


def strip_namespaces(element: ET.Element) -> None:
    """Plain SVG names, so the sheet is written with one default namespace."""
    element.tag = local(element.tag)
    for child in element:
        strip_namespaces(child)


def face(name: str, counter: list[int]) -> ET.Element:
    """The drawing ``name`` as a nested <svg> with its id, hidden unless targeted."""
    root = ET.parse(FACES_DIR / f"{name}.svg").getroot()
    used = used_ids(root)
    drop_unused_definitions(root, used)
    tidy_styles(root)
    rename_ids(root, used, {}, counter)
    width, height = root.get("width", "300"), root.get("height", "400")
    box = ET.Element("svg", {"id": name, "viewBox": root.get("viewBox", f"0 0 {width} {height}")})
    aspect = root.get("preserveAspectRatio")
    if aspect:
        box.set("preserveAspectRatio", aspect)
    for child in root:
        strip_namespaces(child)
        box.append(child)
    return box


def sheet() -> str:
    """The sheet's text."""
    counter = [0]
    lines = [
        # A tile's size, so an image of the sheet has one (every picture fills it).
        f'<svg xmlns="{SVG}" width="300" height="400">',
        "<!-- Made by devtools/tile_sheet.py from the drawings in static/tiles/ (CC0, see "
        "static/tiles/LICENSE.md); do not edit. -->",
        "<style>svg>svg{display:none}svg>svg:target{display:inline}</style>",
    ]
    lines.extend(ET.tostring(face(name, counter), encoding="unicode") for name in NAMES)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    made = sheet()
    if "--check" in argv:
        same = SHEET.exists() and SHEET.read_text(encoding="utf-8") == made
        print("static/tiles.svg is up to date" if same else "static/tiles.svg is stale")
        return 0 if same else 1
    SHEET.write_text(made, encoding="utf-8")
    print(f"wrote {SHEET.relative_to(ROOT)}: {len(NAMES)} pictures, {len(made)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
