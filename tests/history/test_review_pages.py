"""The review page: a finished game's decisions of one seat beside the careful bot's,
computed once in the background (the runner is injected: nothing sleeps), stored,
shown with progress, stepped through, and summed up on the player's profile."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from history import reviews
from history.logs.importer import import_log
from history.models import GameReview
from history.review_pages import flat_decisions
from rules.engine import parse_action, replay, review_game
from tables.models import Game, HandRecord
from tables.play import states

from .conftest import DATA


class Deferred:
    """A runner that keeps the jobs until the test runs them."""

    def __init__(self):
        self.jobs = []

    def __call__(self, job):
        self.jobs.append(job)

    def run(self):
        while self.jobs:
            self.jobs.pop(0)()


@pytest.fixture
def client(client, db):
    """A signed-in member: only members start reviews (anonymous visitors see the ones
    stored: tests/history/test_review_queue.py)."""
    from players.models import Player

    client.force_login(Player.objects.create_user(username="reader", password="pw-reader-123"))
    return client


@pytest.fixture
def runner():
    deferred = Deferred()
    reviews.use_runner(deferred)
    yield deferred
    reviews.use_runner(None)


@pytest.fixture
def inline():
    reviews.use_runner(lambda job: job())
    yield
    reviews.use_runner(None)


def url(game, seat, number=None):
    base = reverse("history:review", args=[game.pk, seat])
    return base if number is None else f"{base}?d={number}"


def stored(game, seat) -> dict:
    return GameReview.objects.get(game=game, seat=seat).data


def find(data, test) -> int:
    for n, d in enumerate(flat_decisions(data)):
        if test(d):
            return n
    raise AssertionError("no such decision in the game")


def test_it_shows_progress_until_the_review_is_stored_then_the_first_decision(
    client, one_game, runner
):
    page = client.get(url(one_game, 0)).content.decode()
    assert "Reviewing Aoi's decisions: 0% of the game" in page
    assert 'hx-trigger="every 1s"' in page and "<progress" in page
    assert len(runner.jobs) == 1
    # asking again while it waits starts nothing more
    client.get(url(one_game, 0), HTTP_HX_REQUEST="true")
    assert len(runner.jobs) == 1
    runner.run()
    row = GameReview.objects.get(game=one_game, seat=0)
    assert row.status == GameReview.DONE and row.done == row.total == len(one_game.log)
    polled = client.get(url(one_game, 0), HTTP_HX_REQUEST="true").content.decode()
    assert polled.startswith('<div id="review"') or polled.lstrip().startswith('<div id="review"')
    assert "every 1s" not in polled and "Decision 1 of" in polled
    assert "<html" not in polled  # the poll swaps the section, not the page


def test_the_page_links_to_its_parts_only_once_they_are_there(client, one_game, runner):
    page = client.get(url(one_game, 0)).content.decode()
    assert 'href="#summary"' not in page and 'id="summary"' not in page  # still computing
    runner.run()
    page = client.get(url(one_game, 0)).content.decode()
    for part in ("decision", "summary", "moments"):
        assert f'href="#{part}"' in page and f'id="{part}"' in page, part


def test_the_poll_that_brings_the_review_brings_the_side_links_too(client, one_game, runner):
    waiting = client.get(url(one_game, 0), HTTP_HX_REQUEST="true").content.decode()
    assert 'href="#summary"' not in waiting and "hx-swap-oob" not in waiting
    runner.run()
    polled = client.get(url(one_game, 0), HTTP_HX_REQUEST="true").content.decode()
    links = re.search(r'<p id="review-parts" hx-swap-oob="true">(.*?)</p>', polled, re.S)
    assert links, polled[:300]  # the side links live outside #review: swapped out of band
    for part in ("decision", "summary", "moments"):
        assert f'href="#{part}"' in links.group(1), part


def test_the_progress_bar_reads_the_rows_progress(client, one_game, runner):
    client.get(url(one_game, 1))
    GameReview.objects.filter(game=one_game, seat=1).update(
        status=GameReview.RUNNING, done=len(one_game.log) // 2
    )
    page = client.get(url(one_game, 1)).content.decode()
    assert re.search(r'<progress id="review-progress" max="100" value="(49|50|51)"', page)


def test_a_review_is_computed_once_and_kept(client, one_game, runner):
    client.get(url(one_game, 2))
    runner.run()
    first = stored(one_game, 2)
    for _ in range(3):
        client.get(url(one_game, 2))
    assert runner.jobs == [] and GameReview.objects.filter(game=one_game).count() == 1
    assert stored(one_game, 2) == first


def test_the_stored_review_is_the_engines_review_of_that_seat(client, one_game, inline):
    client.get(url(one_game, 3))
    row = GameReview.objects.get(game=one_game, seat=3)
    actions = [parse_action(t) for t in one_game.log]
    review = review_game(states.setup_of(one_game), actions, 3)
    assert (row.decisions, row.agreed) == (review.decisions, review.agreed)
    assert row.data["marks"] == {m: review.marks.get(m, 0) for m in row.data["marks"]}


def test_a_job_that_stopped_is_started_again_once_stale(client, one_game, runner, clock):
    client.get(url(one_game, 0))
    assert len(runner.jobs) == 1
    runner.jobs.clear()  # the process running it stopped
    client.get(url(one_game, 0))
    assert runner.jobs == []  # not yet stale
    clock.advance((reviews.STALE + timedelta(seconds=1)).total_seconds())
    client.get(url(one_game, 0))
    assert len(runner.jobs) == 1
    runner.run()
    assert GameReview.objects.get(game=one_game, seat=0).status == GameReview.DONE


def test_a_game_the_engine_cannot_replay_is_reported_not_crashed(client, one_game, inline):
    Game.objects.filter(pk=one_game.pk).update(log=["0:discard:1z.0", *one_game.log[1:]])
    response = client.get(url(one_game, 0))
    assert response.status_code == 200
    page = response.content.decode()
    assert "This review could not be computed." in page and "every 1s" not in page


def test_it_refuses_a_seat_outside_the_table_and_a_game_still_running(client, one_game, inline):
    assert client.get(url(one_game, 4)).status_code == 404
    Game.objects.filter(pk=one_game.pk).update(finished=None)
    assert client.get(url(one_game, 0)).status_code == 403
    assert not GameReview.objects.exists()


def test_a_discard_decision_shows_every_candidate_with_tiles_shanten_and_acceptance(
    client, one_game, inline
):
    client.get(url(one_game, 0))
    data = stored(one_game, 0)
    n = find(data, lambda d: d.get("candidates") and d["played_type"] == "discard")
    decision = flat_decisions(data)[n]
    page = client.get(url(one_game, 0, n)).content.decode()
    body = page.split('class="data review-candidates"', 1)[1].split("</table>", 1)[0]
    rows = body.split("<tbody>", 1)[1].split("</tr>")[:-1]
    assert len(rows) == len(decision["candidates"])
    for row, c in zip(rows, decision["candidates"], strict=True):
        assert f'data-kind="{c["kind"]}"' in row and "<img" in row
        assert f"{len(c['accepted_kinds'])} kind" in row and f"{c['acceptance']} tile" in row
    played = [r for r in rows if 'class="played' in r]
    assert len(played) == 1 and f'data-kind="{decision["played_kind"]}"' in played[0]
    assert "Careful bot</span>" in page


def test_a_decision_against_a_threat_shows_the_danger_of_each_candidate(
    client, finished_games, inline
):
    for game in finished_games:
        for seat in range(4):
            client.get(url(game, seat))
            data = stored(game, seat)
            try:
                n = find(data, lambda d: d.get("threats"))
            except AssertionError:
                continue
            decision = flat_decisions(data)[n]
            page = client.get(url(game, seat, n)).content.decode()
            cells = re.findall(
                r'<td class="danger danger-([a-z-]+)" data-label="vs [^"]+">([a-z-]+) <span', page
            )
            threats = len(decision["threats"])
            assert len(cells) == threats * len(decision["candidates"])
            labels = [x["label"] for c in decision["candidates"] for x in c["danger"]]
            assert [key for key, _ in cells] == labels
            assert all(key in ("safe", "suji", "kabe", "one-chance", "live") for key in labels)
            assert "% " in page or "%<" in page
            return
    pytest.fail("no decision against a threat in six games")


def test_a_call_decision_shows_shanten_and_value_of_each_option(client, finished_games, inline):
    for game in finished_games:
        for seat in range(4):
            client.get(url(game, seat))
            data = stored(game, seat)
            try:
                n = find(data, lambda d: d.get("calls"))
            except AssertionError:
                continue
            decision = flat_decisions(data)[n]
            page = client.get(url(game, seat, n)).content.decode()
            table = page.split('class="data review-calls"', 1)[1].split("</table>", 1)[0]
            assert table.count("<tr") == len(decision["calls"]) + 1
            assert "Pass" in table and "Shanten after" in table
            assert any(
                words in table
                for words in ("stays closed", "value-honour", "tanyao", "without a yaku")
            )
            return
    pytest.fail("no call decision in six games")


def test_a_ready_discard_shows_its_waits_with_dama_and_riichi_values(
    client, finished_games, inline
):
    for game in finished_games:
        for seat in range(4):
            client.get(url(game, seat))
            data = stored(game, seat)
            try:
                n = find(data, lambda d: any(c["waits"] for c in d.get("candidates", [])))
            except AssertionError:
                continue
            page = client.get(url(game, seat, n)).content.decode()
            table = page.split('class="data review-waits"', 1)[1].split("</table>", 1)[0]
            assert "won by ron" in table  # the caption; the headings are a word each
            assert '<th class="num">Dama</th>' in table and '<th class="num">Riichi</th>' in table
            assert re.search(r'<td class="num">(\d{1,3}(,\d{3})*|no yaku)</td>', table)
            return
    pytest.fail("no ready candidate in six games")


def test_marked_moments_link_to_their_decision_and_are_counted(client, finished_games, inline):
    for game in finished_games:
        for seat in range(4):
            page = client.get(url(game, seat)).content.decode()
            data = stored(game, seat)
            marked = [(n, d) for n, d in enumerate(flat_decisions(data)) if d["marks"]]
            if not marked:
                continue
            moments = page.split('id="moments"', 1)[1]
            links = re.findall(r'class="moment mark-([a-z-]+)" href="[^"?]+\?d=(\d+)"', moments)
            assert [(m, str(n)) for n, d in marked for m in d["marks"]] == links
            assert data["marks"], "marked decisions, but no count of marks"
            for key, count in data["marks"].items():
                assert re.search(rf'class="mark-{key}" [^>]*>[^<]*<strong>{count}</strong>', page)
            n = marked[0][0]
            target = client.get(url(game, seat, n)).content.decode()
            assert f'data-decision="{n}"' in target
            assert "Same choice" in target or "different choice" in target
            return
    pytest.fail("nothing marked in six games")


def test_the_summary_gives_agreement_per_hand_and_for_the_game(client, one_game, inline):
    page = client.get(url(one_game, 1)).content.decode()
    data = stored(one_game, 1)
    percent = round(100 * data["agreed"] / data["decisions"])
    assert f"<strong>{percent}%</strong>" in page
    assert f"{data['agreed']} of {data['decisions']}." in page
    assert data["hands"], "no hand in the summary"
    for hand in data["hands"]:
        count = len(hand["decisions"])
        assert f"{hand['agreed']}/{count} ({round(100 * hand['agreed'] / count)}%)" in page


def test_stepping_moves_one_decision_and_swaps_only_the_review(client, one_game, inline):
    client.get(url(one_game, 0))
    page = client.get(url(one_game, 0, 3), HTTP_HX_REQUEST="true").content.decode()
    assert 'data-decision="3"' in page and "Decision 4 of" in page
    assert f'href="{url(one_game, 0, 2)}"' in page and 'data-key="ArrowLeft"' in page
    assert f'href="{url(one_game, 0, 4)}"' in page and 'data-key="ArrowRight"' in page
    assert 'data-key="Home"' in page and 'data-key="End"' in page
    # out of range or not a number: the nearest decision, no error
    assert 'data-decision="0"' in client.get(url(one_game, 0) + "?d=x").content.decode()
    last = len(flat_decisions(stored(one_game, 0))) - 1
    assert f'data-decision="{last}"' in client.get(url(one_game, 0, 10_000)).content.decode()


def visible_tiles(state, seat) -> set[int]:
    from rules.engine import seat_view

    view = seat_view(state, seat)
    tiles = set(view.hand) | set(view.dora_indicators)
    if view.drawn is not None:
        tiles.add(view.drawn)
    for melds in view.melds:
        for meld in melds:
            tiles.update(meld.tiles)
    for river in view.discards:
        tiles.update(d.tile for d in river)
    return tiles


def test_the_board_shows_only_what_the_reviewed_seat_could_see(client, one_game, inline):
    client.get(url(one_game, 2))
    data = stored(one_game, 2)
    actions = [parse_action(t) for t in one_game.log]
    assert len(flat_decisions(data)) >= 12, "fewer decisions than the check looks at"
    for n, decision in list(enumerate(flat_decisions(data)))[:12]:
        page = client.get(url(one_game, 2, n)).content.decode()
        shown = {int(t) for t in re.findall(r'data-tile="\d+:(\d+)"', page)}
        state = replay(states.setup_of(one_game), actions[: decision["index"]])
        hidden = {t for seat in (0, 1, 3) for t in state.hands[seat]} - visible_tiles(state, 2)
        assert shown and not shown & hidden, n
        assert shown <= visible_tiles(state, 2) | {d.tile for r in state.discards for d in r}


def test_the_game_page_and_the_profile_link_to_the_reviews(client, one_game):
    page = client.get(reverse("history:game", args=[one_game.pk])).content.decode()
    for seat in range(4):
        assert f'href="{url(one_game, seat)}"' in page
    seat = next(s.index for s in one_game.table.seats.all() if s.player.username == "aoi")
    profile = client.get(reverse("history:profile", args=["aoi"])).content.decode()
    assert f'href="{url(one_game, seat)}"' in profile


def test_the_profile_plots_the_agreement_over_the_players_reviewed_games(
    client, finished_games, members, inline
):
    aoi = members[0]
    assert "agreement-chart" not in client.get(aoi.get_absolute_url()).content.decode()
    shares = []
    for game in finished_games[:4]:
        seat = next(s.index for s in game.table.seats.all() if s.player_id == aoi.pk)
        client.get(url(game, seat))
        row = GameReview.objects.get(game=game, seat=seat)
        shares.append(round(100 * row.agreed / row.decisions, 1))
        other = (seat + 1) % 4  # another player's review is not Aoi's
        client.get(url(game, other))
    page = client.get(aoi.get_absolute_url()).content.decode()
    chart = page.split('class="chart-box wide agreement-chart"', 1)[1].split("</svg>", 1)[0]
    points = re.findall(r"<title>game (\d+), [\d-]+: ([\d.]+)</title>", chart)
    assert [int(g) for g, _ in points] == [g.pk for g in finished_games[:4]]
    assert [float(v) for _, v in points] == [float(f"{s:g}") for s in shares]
    assert "in the last 4 reviewed games" in page
    ticks = [float(t) for t in re.findall(r'text-anchor="end"[^>]*>([\d.]+)</text>', chart)]
    assert ticks and max(ticks) <= 100 and min(ticks) >= 0  # a share, in percent


def test_an_imported_tenhou_log_is_reviewed_too(client, db, inline):
    for name in ("tenhou6_riichi_ron_ura.json", "real_tenhou_hanchan_2019.xml"):
        report = import_log(name, (DATA / name).read_bytes())
        game = Game.objects.get(pk=report.game_id)
        assert HandRecord.objects.filter(game=game).exists()
        for seat in range(4):
            page = client.get(url(game, seat)).content.decode()
            row = GameReview.objects.get(game=game, seat=seat)
            assert row.status == GameReview.DONE, row.problem
            assert row.decisions > 0 and "Decision 1 of" in page
            assert "review-candidates" in page or "review-calls" in page


def test_the_production_runner_computes_in_a_thread_of_its_own():
    import threading

    from history.review_queue import ReviewQueue

    go, done = threading.Event(), threading.Event()
    seen = []

    def job():
        go.wait(10)
        seen.append(threading.current_thread().name)
        done.set()

    assert ReviewQueue(2).offer(job)
    assert not done.is_set()  # the request returned while the job waits
    go.set()
    assert done.wait(10)
    assert seen == ["game-review"]


def test_hands_of_a_log_the_engine_could_not_reproduce_are_named_as_not_reviewed(
    client, one_game, inline
):
    assert "could not be reproduced" not in client.get(url(one_game, 0)).content.decode()
    last = HandRecord.objects.filter(game=one_game).order_by("-index").first()
    HandRecord.objects.filter(pk=last.pk).update(log_end=last.log_start)
    page = client.get(url(one_game, 0)).content.decode()
    assert "1 hand of this imported log could not be reproduced" in page
