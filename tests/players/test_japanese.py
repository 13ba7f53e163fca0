"""The site in Japanese: a member who chose it in their settings and a visitor whose
browser asks for it (Accept-Language) read the main pages with no English left, and
the English pages stay as they were.

"No English left" is measured on what a reader sees: the text of the page (not its
scripts or styles) and the labels read out or shown on hover (``aria-label``,
``title``, ``alt``, ``placeholder``). Tile notation (``123m``), the names of people,
bots and tables, numbers and the allow-list below are taken out; any run of three or
more Latin letters that remains is a string not translated.
"""

import re
from html.parser import HTMLParser

import pytest
from django.utils import translation

from players import terms
from players.models import Player
from rules.models import Ruleset
from tables.models import Table
from tables.play import states
from tables.play.submit import start_game
from tests.test_accessibility_browser import play_until, table_with_bots

pytestmark = pytest.mark.django_db

# Latin words a Japanese page still shows, each for a reason:
ALLOWED = {
    # the site names other clients by their own names (天鳳 and 雀魂 in the labels,
    # their Latin names where a page quotes them)
    "Tenhou",
    "Mahjong",
    "Soul",
    # the keys' names as printed on a keyboard
    "Esc",
    "Enter",
    "Home",  # (the replay's and the review's first and last step: Home and End)
    "End",
    # the settings' language choice names English in English, so its reader finds it
    "English",
    "Japanese",
    # the game record's download formats, by their names (and the import page's)
    "JSON",
    "XML",
    "xml",  # (the file name ending .xml)
    "mjai",
}
VISIBLE_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
LATIN_RUN = re.compile(r"[A-Za-z]{3,}")
# tile notation (123m, 0p, 1234567z) and the game record's download format's address
NOTATION = re.compile(r"\b\d+[mpsz]\b|tenhou\.net/\d")


class VisibleText(HTMLParser):
    """The text nodes outside scripts and styles, and the visible attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.hidden += 1
        for name, value in attrs:
            if name in VISIBLE_ATTRIBUTES and value:
                self.parts.append(value)
        # a text field's value is shown (the lobby's name for a new table)
        if tag == "input" and dict(attrs).get("name") == "name" and dict(attrs).get("value"):
            self.parts.append(dict(attrs)["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.parts.append(data.strip())


def english_left(html: str, names: set[str]) -> list[str]:
    """The runs of Latin letters of a page's visible text not on the allow-list, once
    the ``names`` (of people, bots, tables, rulesets: the club's data) are taken out."""
    parser = VisibleText()
    parser.feed(html)
    left = []
    longest_first = sorted(names, key=len, reverse=True)
    for part in parser.parts:
        text = NOTATION.sub(" ", part)
        for name in longest_first:
            text = text.replace(name, " ")
        for word in LATIN_RUN.findall(text):
            if word not in ALLOWED:
                left.append(f"{word!r} in {part[:80]!r}")
    return left


@pytest.fixture
def club(settings):
    settings.TABLE_DRIVER_AUTOSTART = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    ruleset = Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )
    alice = Player.objects.create_user(
        username="alice", password="pw-alice-123", display_name="Alice", learning_aids=True
    )
    running = table_with_bots(ruleset, alice, "Running table")
    start_game(running, seed=5)
    between = table_with_bots(ruleset, alice, "Between hands")
    play_until(start_game(between, seed=6), lambda s: s.hand_index >= 1)
    done = table_with_bots(ruleset, alice, "Finished table")
    play_until(start_game(done, seed=7), lambda s: False)
    Table.objects.create(name="Waiting table", ruleset=ruleset, created_by=alice)
    states.clear()
    # the club's data: its name, its members and bots (a bot's seat adds a number:
    # "Careful bot 2"), its tables and rulesets (the presets are named after the rules
    # they follow: "EMA Riichi Competition Rules", "M-League")
    names = {"Riichi Club"}
    names |= {p.username for p in Player.objects.all()} | {p.name for p in Player.objects.all()}
    names |= {t.name for t in Table.objects.all()} | {r.name for r in Ruleset.objects.all()}
    return {"alice": alice, "running": running, "between": between, "done": done, "names": names}


def pages(club, member: bool) -> dict[str, str]:
    shown = {
        "lobby": "/",
        "running table": f"/tables/{club['running'].pk}/",
        "table between hands": f"/tables/{club['between'].pk}/",
        "finished table": f"/tables/{club['done'].pk}/",
    }
    if member:
        shown["settings"] = "/players/preferences/"
    else:
        shown["sign-in"] = "/players/login/"
        shown["sign-up"] = "/players/signup/"
    return shown


def untranslated(client, club, member: bool, **headers) -> dict[str, list[str]]:
    found = {}
    for name, path in pages(club, member).items():
        response = client.get(path, headers=headers)
        assert response.status_code == 200, (name, response.status_code)
        html = response.content.decode()
        assert '<html lang="ja">' in html, name
        left = english_left(html, club["names"])
        if left:
            found[name] = left
            import os

            if os.environ.get("DUMP"):
                with open(os.environ["DUMP"], "a") as f:
                    f.write("\n".join(f"{name}: {x}" for x in left) + "\n")
    return found


def test_it_shows_a_member_who_chose_japanese_the_main_pages_in_japanese(client, club):
    club["alice"].language = "ja"
    club["alice"].save()
    client.force_login(club["alice"])
    assert untranslated(client, club, member=True) == {}


def test_it_shows_a_visitor_whose_browser_asks_for_japanese_the_pages_in_japanese(client, club):
    assert untranslated(client, club, member=False, accept_language="ja,en;q=0.5") == {}


def test_it_lets_a_member_s_english_win_over_their_browser_s_japanese(client, club):
    client.force_login(club["alice"])
    response = client.get("/", headers={"accept-language": "ja"})
    assert '<html lang="en">' in response.content.decode()
    assert response.headers["Content-Language"] == "en"


def test_it_shows_the_pages_in_english_by_default(client, club):
    """The source text is English: no Japanese on the pages without a choice."""
    for name, path in pages(club, member=False).items():
        html = client.get(path).content.decode()
        assert '<html lang="en">' in html
        assert not re.search(r"[\u3040-\u30ff]", html), name


def test_it_saves_a_member_s_language_from_the_settings_page(client, club):
    client.force_login(club["alice"])
    page = client.get("/players/preferences/").content.decode()
    assert 'name="language"' in page
    form = {"display_name": "Alice", "email": "", "language": "ja", "terms": "en"}
    client.post("/players/preferences/", form)
    club["alice"].refresh_from_db()
    assert club["alice"].language == "ja"
    assert "ロビー" in client.get("/").content.decode()


def test_it_gives_a_visitor_s_table_socket_the_language_of_their_browser():
    visitor = {"user": None, "headers": [(b"accept-language", b"ja-JP,ja;q=0.9")]}
    assert terms.socket_terms(visitor, "en") == "ja"
    assert terms.socket_terms({"headers": [(b"accept-language", b"en-US")]}, "en") == "en"


def test_it_writes_the_game_s_words_in_japanese():
    with translation.override("ja"):
        assert terms.yaku_name("Riichi") == "立直"
        assert terms.yaku_name("Menzen tsumo") == "門前清自摸和"
        assert terms.action_label("ron") == "ロン"
        assert terms.limit_name("baiman") == "倍満"
        assert terms.result_title("exhaustive") == "流局"


def test_it_reads_back_every_entry_of_the_japanese_message_file():
    """Compiled by mahjong_site/compile_messages.py (no gettext needed), every entry of
    locale/ja reads back as written, and none is written twice (msgfmt refuses that)."""
    from pathlib import Path

    from mahjong_site.compile_messages import parse

    po = Path(__file__).resolve().parents[2] / "locale" / "ja" / "LC_MESSAGES" / "django.po"
    text = po.read_text(encoding="utf-8")
    entries = parse(text)
    keys = re.findall(r'(?:^msgctxt "(.*)"\n)?^msgid "(.+)"$', text, re.M)
    assert len(keys) == len(set(keys)) == len(entries) - 1  # (the header has no msgid)
    with translation.override("ja"):
        for key, value in entries.items():
            context, _, source = key.decode().rpartition("\x04")
            if not source or "\0" in source:
                continue
            got = translation.pgettext(context, source) if context else translation.gettext(source)
            assert got == value.decode(), key


def test_it_compiles_contexts_plurals_and_continued_lines_as_msgfmt_does():
    from mahjong_site.compile_messages import parse

    entries = parse(
        'msgid ""\nmsgstr "Language: ja\\n"\n\n'
        'msgctxt "limit"\nmsgid "mangan"\nmsgstr "満貫"\n\n'
        'msgid "a"\n"b"\nmsgstr ""\n"c"\n"d"\n\n'
        '#, fuzzy\nmsgid "old"\nmsgstr "古い"\n\n'
        'msgid "%(n)s tile"\nmsgid_plural "%(n)s tiles"\nmsgstr[0] "%(n)s枚"\n\n'
        'msgid "untranslated"\nmsgstr ""\n'
    )
    assert entries == {
        b"": b"Language: ja\n",
        b"limit\x04mangan": "満貫".encode(),
        b"ab": b"cd",
        b"%(n)s tile\0%(n)s tiles": "%(n)s枚".encode(),
    }


def test_it_writes_a_win_s_result_screen_in_japanese(client, club):
    """A riichi hand won on by ron: the result screen's yaku, han, fu, points and who
    pays are in Japanese (the wall is laid as in tests/tables/test_result_after_a_ron)."""
    from rules.engine import pending_seats, seat_view
    from rules.engine.testing import build_wall, find
    from tables.models import Game
    from tables.play import autoplay
    from tables.play.submit import submit

    table = table_with_bots(club["running"].ruleset, club["alice"], "Ron table")
    game = start_game(table, seed=11)
    wall = build_wall(
        {0: "123456789m119p2z", 1: "123m456p789s11z78s"},
        "2z5z6z7z9s",
        red_fives=game.engine_ruleset().red_fives,
    )
    Game.objects.filter(pk=game.pk).update(walls=[list(wall)])
    states.clear()
    game.refresh_from_db()
    submit(game.pk, 0, find(states.state_of(game), "0:riichi:9p"), game.version)
    for _ in range(40):
        game.refresh_from_db()
        state = states.state_of(game)
        if state.last_result is not None:
            break
        seat = pending_seats(state)[0]
        view = seat_view(state, seat)
        ron = [a for a in view.legal if a.type == "ron"]
        submit(game.pk, seat, ron[0] if ron else autoplay.timeout_choice(view), game.version)
    assert state.last_result is not None and state.last_result.wins
    club["alice"].language = "ja"
    club["alice"].save()
    client.force_login(club["alice"])
    html = client.get(table.get_absolute_url()).content.decode()
    assert "result-modal" in html
    names = {"Alice", "Ron table", "Careful bot", "East only", "Riichi Club"}
    assert english_left(html, names) == []
    for word in ("ロン", "翻", "符", "点"):
        assert word in html, word


def test_it_draws_the_claim_panel_of_a_claimed_win_in_japanese():
    """A table whose wins are claimed: the claim, the answers and the review, each as
    the seats asked see it, with no English left but the names and the game's notation."""
    from rules.engine import seat_view
    from tables.drawing import claim_screens
    from tests.engine.test_win_claims import CLAIMED, ron_on_5s, step

    names = [{"name": n} for n in ("Alice", "Bob", "Carol", "Dave")]
    state = step(ron_on_5s(CLAIMED), "0:discard:5s", "2:pass", "3:pass", "1:win_anyway")
    answered = step(state, "1:claim:1han40fu")
    phases_states = [(state, 1), (state, 0), (answered, 0), (answered, 1)]
    with translation.override("ja"):
        for shown, seat in phases_states:
            panel = claim_screens.render(seat_view(shown, seat), 0, 4, names)
            assert panel
            left = english_left(panel, {"Alice", "Bob", "Carol", "Dave", "OK", "NG"})
            assert left == [], (seat, left)


def test_it_frames_the_rulebook_index_in_japanese(client, club):
    """The rulebook's own words (its chapters are still English) around a Japanese page."""
    page = client.get("/rules/", headers={"accept-language": "ja"}).content.decode()
    for words in ("目次", "ルールブックを検索", "はじめに", "参考リンク", "点数計算機"):
        assert words in page, words
    assert "Shortcuts" not in page and "Start here" not in page


def test_it_frames_the_calculator_in_japanese(client, club):
    """The calculator's form and help (the choices its Python gives are still English)."""
    page = client.get("/rules/calculator/", headers={"accept-language": "ja"}).content.decode()
    for words in ("点数計算機", "牌を選ぶ", "和了牌", "計算する", "使い方"):
        assert words in page, words
    assert "Score the hand" not in page and "How to use it" not in page
