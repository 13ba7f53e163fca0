"""Every word of the game at the table follows the viewer's terms: with English names
chosen, no button, result screen, draw table or yaku list shows riichi, ron, tsumo,
tenpai or noten; with the Japanese terms they are all there (players.terms, the
message file locale/en_Names)."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

from rules.engine import GameState
from rules.engine.testing import play, scenario, tsumogiri
from tables.drawing import frames

NAMES = [{"name": n, "bot": "", "connected": True} for n in ("Ann", "Bea", "Cy", "Di")]
NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
TENPAI = "234m345p678p22s34s"  # waits on 2s and 5s
JAPANESE_WORDS = re.compile(r"\b(Riichi|Ron|Tsumo|Tenpai|Noten)\b")


def visible_text(terms: str, state: GameState, seat: int = 0) -> str:
    """What a seat's full socket frame shows: its text and the words of its labels and
    tooltips (read out or shown on hover), without tags, classes or move codes."""
    frame = frames.SeatFrames(seat, terms=terms).render(state, 0, NAMES, None, NOW, full=True)
    said = re.findall(r'(?:title|aria-label)="([^"]*)"', frame)
    text = re.sub(r"<[^>]+>", " ", frame)
    return unescape(" ".join([text, *said]))


def japanese_words(terms: str, state: GameState, seat: int = 0) -> set[str]:
    return set(JAPANESE_WORDS.findall(visible_text(terms, state, seat)))


def riichi_offered() -> GameState:
    return scenario({0: TENPAI}, draws="9m")


def won_by_tsumo_after_riichi() -> GameState:
    """The dealer declares riichi and draws 5s on the next turn: riichi, ippatsu, tsumo."""
    state = scenario({0: TENPAI}, draws="9m 8m 7s 8m 5s")
    state = tsumogiri(play(state, "0:riichi:9m"), 3)
    return play(state, "0:tsumo")


def won_by_ron_after_riichi() -> GameState:
    state = scenario({0: TENPAI}, draws="9m 5s")
    return play(state, "0:riichi:9m", "1:discard:5s", "0:ron")


def drawn_with_one_seat_ready() -> GameState:
    state = scenario({1: TENPAI}, avoid="25s")
    while state.hand_index == 0:
        state = tsumogiri(state, 1)
    return state


def test_the_riichi_button_is_named_in_the_viewer_s_words():
    state = riichi_offered()
    assert japanese_words("en-names", state) == set()
    assert "Declare ready…" in visible_text("en-names", state)
    assert "Riichi" in japanese_words("en", state)
    declared = play(state, "0:riichi:9m")  # the stick at the seat, read out by its label
    assert japanese_words("en-names", declared) == set()
    assert "Scoring stick (ready hand declared)" in visible_text("en-names", declared)


def test_a_self_drawn_win_s_result_and_yaku_are_named_in_the_viewer_s_words():
    state = won_by_tsumo_after_riichi()
    english = visible_text("en-names", state)
    assert japanese_words("en-names", state) == set()
    assert "Self-drawn win" in english
    assert "Ready hand" in english and "Concealed self-draw" in english  # the yaku list
    assert {"Riichi", "Tsumo"} <= japanese_words("en", state)


def test_a_win_on_a_discard_names_the_discarder_in_the_viewer_s_words():
    state = won_by_ron_after_riichi()
    assert japanese_words("en-names", state) == set()
    assert "Win on Bea's discard" in visible_text("en-names", state)
    assert "Ron on Bea's tile" in visible_text("en", state)


def test_the_draw_table_says_ready_and_not_ready_in_english_names():
    state = drawn_with_one_seat_ready()
    assert state.last_result is not None and state.last_result.kind == "exhaustive"
    english = visible_text("en-names", state)
    assert japanese_words("en-names", state) == set()
    assert "Not ready" in english and "Ready" in english
    assert {"Tenpai", "Noten"} <= japanese_words("en", state)
