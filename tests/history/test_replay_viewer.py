"""The replay viewer: plain views, htmx partials, every step of a hand, seat perspectives."""

import html
import re

from django.urls import reverse

from history import replayer
from rules.engine import parse_action

FORWARD = re.compile(r'class="button step-forward" href="([^"]+)"')
BACK = re.compile(r'class="button step-back" href="([^"]+)"')
LABEL = re.compile(r'<strong class="step-label">([^<]*)</strong>')


def walk(client, url):
    """Follow the Forward link with htmx requests until the last step; the labels seen."""
    labels = []
    while True:
        response = client.get(url, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        page = response.content.decode()
        assert "<!DOCTYPE html>" not in page  # an htmx request gets the frame alone
        labels.append(html.unescape(LABEL.search(page).group(1)))
        found = FORWARD.search(page)
        if not found:
            return labels, page
        url = html.unescape(found.group(1))


def test_it_steps_through_a_whole_hand(client, one_game):
    record = one_game.hands.get(index=0)
    url = reverse("history:replay", args=[one_game.pk, 0])
    first = client.get(url + "?view=0")
    assert first.status_code == 200
    page = first.content.decode()
    assert "<!DOCTYPE html>" in page and 'id="replay"' in page
    assert "htmx-2.0.11.min.js" in page
    assert 'hx-get="' in page and 'hx-target="#replay"' in page

    labels, last = walk(client, url + "?view=0&step=0")
    assert labels[0].startswith("The deal")
    # every discard and riichi of the hand is a step, except a discard that ends it
    actions = [parse_action(t) for t in one_game.log[record.log_start : record.log_end]]
    discards = [a for a in actions[:-1] if a.type in ("discard", "riichi")]
    shown = [x for x in labels if " discards " in x or "declares riichi" in x]
    assert len(shown) == len(discards)
    # calls are steps too
    calls = [a for a in actions if a.type in ("chi", "pon", "daiminkan")]
    assert len([x for x in labels if " calls " in x]) == len(calls)
    # the last step shows the result panel of the stored outcome
    assert 'class="result-panel replay-result' in last
    title = {"ron": "Ron", "tsumo": "Tsumo", "exhaustive": "Exhaustive draw"}[record.result_type]
    assert labels[-1].startswith(title)
    for delta in record.deltas:
        if delta:
            assert (f"+{delta:,}" if delta > 0 else f"\u2212{-delta:,}") in last

    # and backwards: the Back link of the last step leads to the one before it
    back = html.unescape(BACK.search(last).group(1))
    previous = client.get(back, HTTP_HX_REQUEST="true").content.decode()
    assert html.unescape(LABEL.search(previous).group(1)) == labels[-2]


def test_it_works_without_javascript(client, one_game):
    url = reverse("history:replay", args=[one_game.pk, 0])
    page = client.get(url + "?view=all&step=3").content.decode()
    assert "Step 4 of" in page
    forward = html.unescape(FORWARD.search(page).group(1))
    assert forward == f"{url}?step=4&view=all"
    assert "Step 5 of" in client.get(forward).content.decode()


def _tiles(page: str) -> set[str]:
    return set(re.findall(r'data-tile="(\d+:\d+)"', page))


def test_it_shows_a_seat_only_what_that_seat_saw(client, one_game):
    record = one_game.hands.get(index=0)
    steps = replayer.hand_steps(one_game, record)
    index = len(steps) // 2
    state = steps[index].state
    url = reverse("history:replay", args=[one_game.pk, 0]) + f"?step={index}"
    seat0 = _tiles(client.get(url + "&view=0").content.decode())
    everything = _tiles(client.get(url + "&view=all").content.decode())
    for seat in (1, 2, 3):
        concealed = {f"0:{t}" for t in state.hands[seat]}
        assert not concealed & seat0, f"seat 0 sees seat {seat}'s concealed tiles"
        assert concealed <= everything
    own = {f"0:{t}" for t in state.hands[0]}
    if steps[index].hide_draw and state.turn == 0 and state.drawn is not None:
        own.discard(f"0:{state.drawn}")
    assert own <= seat0
    # another seat's draw is told without its tile
    drawer = next(s for s in steps if s.kind == "draw" and s.seat == 1)
    page = client.get(
        reverse("history:replay", args=[one_game.pk, 0]) + f"?step={steps.index(drawer)}&view=0"
    ).content.decode()
    assert "draws a tile" in page


def test_it_offers_every_perspective_and_the_next_hand(client, one_game):
    url = reverse("history:replay", args=[one_game.pk, 0])
    page = client.get(url + "?view=2").content.decode()
    assert 'aria-current="true">Chidori</span>' in page
    for view in ("all", "0", "1", "3"):
        assert f"view={view}" in page
    assert reverse("history:replay", args=[one_game.pk, 1]) in page


def test_it_clamps_odd_step_numbers_and_views(client, one_game):
    url = reverse("history:replay", args=[one_game.pk, 0])
    assert client.get(url + "?step=-5&view=9").status_code == 200
    assert client.get(url + "?step=banana").status_code == 200
    assert "Step 1 of" in client.get(url + "?step=-5").content.decode()
    assert client.get(reverse("history:replay", args=[one_game.pk, 99])).status_code == 404


def test_it_explains_a_hand_without_replay(client, one_game):
    record = one_game.hands.get(index=0)
    type(record).objects.filter(pk=record.pk).update(log_end=record.log_start)
    page = client.get(reverse("history:replay", args=[one_game.pk, 0])).content.decode()
    assert "no replay" in page
