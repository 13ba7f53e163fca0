"""The tile sheet (static/tiles.svg) that every page's tiles are drawn from: the
committed file is what devtools/tile_sheet.py makes of the single drawings, and it
holds a picture for every face the engine names and for the front and the backs."""

import re

from devtools import tile_sheet
from rules.engine import face_file
from tables.drawing import notation_markup
from tables.drawing.tile_markup import face_url


def test_the_committed_sheet_is_what_the_script_makes_from_the_drawings():
    made = tile_sheet.sheet()
    assert tile_sheet.SHEET.read_text(encoding="utf-8") == made, (
        "static/tiles.svg is stale: run `python -m devtools.tile_sheet`"
    )


def test_the_sheet_has_a_picture_for_every_face_the_front_and_both_backs():
    text = tile_sheet.SHEET.read_text(encoding="utf-8")
    pictures = set(re.findall(r'^<svg id="([\w-]+)"', text, re.M))
    faces = {face_file(kind) for kind in range(34)} | {face_file(k, True) for k in (4, 13, 22)}
    assert len(faces) == 37
    assert pictures == faces | {"Front", "Back", "Back-side"}


def test_the_ids_inside_the_sheet_never_meet_a_picture_name():
    text = tile_sheet.SHEET.read_text(encoding="utf-8")
    ids = re.findall(r' id="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    for reference in re.findall(r'(?:url\(#|href="#)([^)"]+)', text):
        assert reference in ids and re.fullmatch(r"i\d+", reference), reference


def test_a_face_and_a_back_are_shown_by_their_picture_in_the_sheet():
    assert face_url(13, True) == "/static/tiles.svg#Pin5-Dora"
    back = notation_markup.tile_back(1)
    assert 'src="/static/tiles.svg#Back" alt="hidden tile"' in back


def test_a_tile_drawn_after_the_static_settings_change_names_the_new_address():
    from django.test import override_settings

    from tables.drawing.tile_markup import kind_tile

    assert 'src="/static/tiles.svg#Man1"' in kind_tile(0)
    with override_settings(STATIC_URL="/assets/"):
        assert 'src="/assets/tiles.svg#Man1"' in kind_tile(0)
        assert face_url(0, False) == "/assets/tiles.svg#Man1"
    assert 'src="/static/tiles.svg#Man1"' in kind_tile(0)
