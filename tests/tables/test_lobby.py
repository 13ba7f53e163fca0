"""The lobby: open tables, sit down, leave, bots, start; the page and its live list."""

import re

import pytest
from django.urls import reverse

from tables.models import Game, Seat, Table

from .conftest import make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, alice):
    client.force_login(alice)
    return client


def post_seat(client, table, **data):
    return client.post(reverse("tables:seat_action", args=[table.pk]), data, follow=True)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_it_lists_public_tables_with_their_seats(client, east_only, alice):
    make_table(east_only, people=[alice], bots=["careful"], name="Evening game")
    html = client.get(reverse("tables:lobby")).content.decode()
    assert "Evening game" in html and "East only" in html
    assert "Alice" in html and "Careful bot" in html and "empty" in html


def test_it_opens_a_table_with_bots_in_the_empty_seats(signed_in, east_only, alice):
    response = signed_in.post(
        reverse("tables:create"), {"name": "Practice", "ruleset": east_only.pk, "bots": "careful"}
    )
    table = Table.objects.get(name="Practice")
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    seats = list(table.seats.order_by("index"))
    assert seats[0].player == alice and not seats[0].bot_level
    assert [s.bot_level for s in seats[1:]] == ["careful"] * 3
    assert table.status == Table.OPEN and not table.is_private


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"name": "", "bots": ""}, "give the table a name"),
        ({"name": "x" * 61, "bots": ""}, "too long"),
        ({"name": "ok", "bots": "grandmaster"}, "not a bot level"),
        ({"name": "ok", "bots": "", "ruleset": "999"}, "rulesets"),
        ({"name": "Aoi\x00", "bots": ""}, "control characters"),
        # a mark that reorders the text would make the lobby show another name
        ({"name": "Practice \u202eyalp", "bots": ""}, "text-direction"),
        ({"name": "Practice \u2066x", "bots": ""}, "text-direction"),
    ],
)
def test_it_refuses_a_bad_new_table_and_says_why(signed_in, east_only, data, words):
    data.setdefault("ruleset", east_only.pk)
    response = signed_in.post(reverse("tables:create"), data, follow=True)
    assert response.status_code == 200
    assert any(words in m.lower() for m in messages_of(response))
    assert not Table.objects.exists()


def lobby_form_as_sent(html: str, **changes) -> dict:
    """What a browser sends from the lobby's "Open a table" form: its hidden fields, the
    ticked boxes, each select's chosen option and the text fields, after ``changes``
    (for a box: "on" ticks it, None unticks it)."""
    form = html.split('action="/tables/new/"', 1)[1].split("</form>", 1)[0]
    data: dict = {}
    boxes = set()
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        kind = re.search(r'type="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or name.group(1) == "csrfmiddlewaretoken":
            continue
        name = name.group(1)
        if kind and kind.group(1) == "checkbox":
            boxes.add(name)
            if not (changes[name] is not None if name in changes else " checked" in tag):
                continue
        data[name] = value.group(1) if value else "on"
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        data[name] = chosen.group(1) if chosen else re.search(r'value="([^"]*)"', options).group(1)
    data.update({k: v for k, v in changes.items() if k not in boxes})
    return data


def test_it_opens_a_table_without_its_creator_when_the_sit_box_is_unticked(
    signed_in, east_only, alice
):
    html = signed_in.get(reverse("tables:lobby")).content.decode()
    assert 'name="sit" checked' in html
    signed_in.post(reverse("tables:create"), lobby_form_as_sent(html, name="Watched", sit=None))
    table = Table.objects.get(name="Watched")
    assert not table.seats.filter(player=alice).exists()
    signed_in.post(reverse("tables:create"), lobby_form_as_sent(html, name="Played"))
    assert Table.objects.get(name="Played").seats.get(index=0).player == alice


def test_it_shows_a_refused_new_table_form_again_as_it_was_filled(signed_in, east_only, alice):
    html = signed_in.get(reverse("tables:lobby")).content.decode()
    sent = lobby_form_as_sent(
        html,
        name="Friday practice",
        length="tonpuusen",
        bots="careful",
        bot_delay="2000",
        private="on",
        sit=None,
        ruleset="999",
    )
    response = signed_in.post(reverse("tables:create"), sent)
    assert response.status_code == 200
    assert any("rulesets" in m.lower() for m in messages_of(response))
    again = lobby_form_as_sent(response.content.decode(), ruleset="999")
    assert again == sent
    assert not Table.objects.exists()


def test_it_asks_strangers_to_sign_in_before_opening_a_table(client, east_only):
    response = client.post(
        reverse("tables:create"), {"name": "x", "ruleset": east_only.pk}, follow=True
    )
    assert any("sign in" in m.lower() for m in messages_of(response))
    assert not Table.objects.exists()


def test_it_seats_a_player_lets_them_leave_and_refuses_a_taken_seat(client, east_only, alice, bob):
    table = make_table(east_only, people=[alice])
    client.force_login(bob)
    response = post_seat(client, table, do="join", seat=0)
    assert any("taken by alice" in m.lower() for m in messages_of(response))
    post_seat(client, table, do="join", seat=2)
    assert Seat.objects.get(table=table, index=2).player == bob
    response = post_seat(client, table, do="join", seat=3)
    assert any("already sit" in m.lower() for m in messages_of(response))
    post_seat(client, table, do="leave")
    assert Seat.objects.get(table=table, index=2).player is None


def test_it_adds_and_removes_bots_and_starts_only_a_full_table(signed_in, east_only, alice):
    table = make_table(east_only, people=[alice])
    response = post_seat(signed_in, table, do="start")
    assert any("still empty" in m.lower() for m in messages_of(response))
    assert not Game.objects.exists()
    for seat in (1, 2, 3):
        post_seat(signed_in, table, do="add_bot", seat=seat, level="efficient")
    post_seat(signed_in, table, do="remove_bot", seat=3)
    assert Seat.objects.get(table=table, index=3).is_empty
    post_seat(signed_in, table, do="add_bot", seat=3, level="tsumogiri")
    response = post_seat(signed_in, table, do="start")
    table.refresh_from_db()
    assert table.status == Table.PLAYING and Game.objects.filter(table=table).count() == 1
    assert 'id="table-board"' in response.content.decode()
    response = post_seat(signed_in, table, do="start")
    assert any("already started" in m.lower() for m in messages_of(response))


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"do": "add_bot", "seat": "9", "level": "careful"}, "seat from 0 to 3"),
        ({"do": "add_bot", "seat": "x", "level": "careful"}, "seat from 0 to 3"),
        ({"do": "add_bot", "seat": "1", "level": "godlike"}, "not a bot level"),
        ({"do": "remove_bot", "seat": "1"}, "no bot at seat 1"),
        ({"do": "dance"}, "not something you can do"),
    ],
)
def test_it_refuses_bad_seat_requests_and_changes_nothing(signed_in, east_only, alice, data, words):
    table = make_table(east_only, people=[alice])
    response = post_seat(signed_in, table, **data)
    assert any(words in m.lower() for m in messages_of(response))
    assert [s.is_empty for s in table.seats.order_by("index")] == [False, True, True, True]


def test_it_only_lets_the_creator_or_players_manage_a_table(client, east_only, alice, bob):
    table = make_table(east_only, people=[alice])
    client.force_login(bob)
    response = post_seat(client, table, do="add_bot", seat=1, level="careful")
    assert any("only the table's creator" in m.lower() for m in messages_of(response))


def test_it_hides_private_tables_from_the_lobby_and_the_uninvited(client, east_only, alice, bob):
    table = make_table(east_only, people=[alice], name="Secret")
    table.is_private = True
    table.save()
    assert table.invite_token
    client.force_login(bob)
    assert "Secret" not in client.get(reverse("tables:lobby")).content.decode()
    assert client.get(table.get_absolute_url()).status_code == 403
    response = post_seat(client, table, do="join", seat=1)
    assert any("private" in m.lower() for m in messages_of(response))
    invited = client.get(f"{table.get_absolute_url()}?invite={table.invite_token}")
    assert invited.status_code == 200
    post_seat(client, table, do="join", seat=1, invite=table.invite_token)
    assert Seat.objects.get(table=table, index=1).player == bob


def test_it_requires_csrf_on_lobby_forms(east_only, alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    response = strict.post(reverse("tables:create"), {"name": "x", "ruleset": east_only.pk})
    assert response.status_code == 403


def test_it_serves_the_table_list_alone_for_live_refreshes(client, east_only, alice):
    make_table(east_only, people=[alice], name="Refreshed")
    html = client.get(reverse("tables:lobby_tables")).content.decode()
    assert "Refreshed" in html and "<html" not in html


def test_it_answers_a_missing_table_with_404(client):
    assert client.get(reverse("tables:table", args=[999])).status_code == 404


def test_it_shows_a_running_game_to_a_spectator_without_concealed_tiles(client, east_only, alice):
    from .conftest import start

    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    html = client.get(table.get_absolute_url()).content.decode()
    assert 'id="table-board"' in html and "data-action" not in html
    face_down = sum(int(n) for n in re.findall(r'class="tile-backs" style="--n:(\d+)"', html))
    assert face_down == 13 * 3 + 14 + 4  # every hand face down, and the hidden dora slots


def test_it_tells_the_keys_only_to_a_player_of_the_running_game(client, east_only, alice):
    from .conftest import start

    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    keys = "Keys: ← → choose a tile"
    assert keys not in client.get(table.get_absolute_url()).content.decode()  # a watcher
    client.force_login(alice)
    assert keys in client.get(table.get_absolute_url()).content.decode()


def test_it_moves_through_the_http_fallback_too(signed_in, east_only, alice):
    from .conftest import start

    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    url = reverse("tables:act", args=[table.pk])
    bad = signed_in.post(url, {"action": "0:discard", "version": 0})
    assert bad.status_code == 400 and bad.json()["error"] == "malformed"
    html = signed_in.get(table.get_absolute_url()).content.decode()
    move = re.findall(r'data-action="(0:discard:[^"]+)"', html)[0]
    good = signed_in.post(url, {"action": move, "version": 0})
    assert good.status_code == 200 and good.json()["version"] == 1
    stale = signed_in.post(url, {"action": move, "version": 0})
    assert stale.status_code == 409 and stale.json()["error"] == "stale"


def test_it_loads_an_open_demo_table_once(db):
    from django.core.management import call_command

    call_command("load_demo")
    call_command("load_demo")
    demo = Table.objects.filter(status=Table.OPEN)
    assert demo.count() == 1 and demo[0].seats.filter(bot_level="careful").count() == 3
