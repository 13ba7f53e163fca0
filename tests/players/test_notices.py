"""Notices: the bell, the notices page, the e-mail queue and the settings that choose it."""

import datetime

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.core.management import call_command
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from players import mail_queue, notices
from players.models import MailOut, Notice

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 5, 2, 18, 0, tzinfo=datetime.UTC)


class DownServer(BaseEmailBackend):
    """A mail server that refuses every message (as an unreachable SMTP host does)."""

    def send_messages(self, messages):
        raise ConnectionRefusedError("the mail server is down")


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user(
        username="sha", password="pw-sha-123", email="sha@example.org", mail_notices=["penalty"]
    )


@pytest.fixture
def other(django_user_model):
    return django_user_model.objects.create_user(username="kaz", password="pw-kaz-123")


def test_it_shows_the_unread_count_in_the_bell_of_every_page(client, member):
    notices.notify(member, "seating", "Round 2 is published.", "/tournaments/")
    notices.notify(member, "agreement", "A result waits.", "/tournaments/")
    client.force_login(member)
    page = client.get(reverse("players:preferences")).content.decode()
    assert 'class="bell unread"' in page and '<span class="bell-count">2</span>' in page
    notices.mark_all_read(member)
    page = client.get(reverse("players:preferences")).content.decode()
    assert "bell-count" not in page and 'class="bell"' in page


def test_the_bell_costs_one_query(member, django_assert_num_queries):
    request = RequestFactory().get("/")
    request.user = member
    with django_assert_num_queries(1):
        assert notices.bell(request) == {"unread_notices": 0}


def test_it_lists_notices_read_and_unread_and_marks_all_read(client, member):
    old = notices.notify(member, "seating", "Round 1 is published.", "/tournaments/")
    notices.mark_read(old)
    notices.notify(member, "penalty", "A penalty: late.", "/tournaments/")
    client.force_login(member)
    page = client.get(reverse("players:notices")).content.decode()
    assert "1 unread" in page and "Round 1 is published." in page and "A penalty: late." in page
    assert page.count('class="notice unread"') == 1 and page.count('class="notice read"') == 1
    response = client.post(reverse("players:notices_read"))
    assert response.status_code == 302
    assert not Notice.objects.filter(member=member, read=None).exists()


def test_opening_a_notice_marks_it_read_and_follows_its_link(client, member):
    notice = notices.notify(member, "seating", "Round 1.", "/tournaments/")
    client.force_login(member)
    response = client.post(reverse("players:notice_open", args=[notice.pk]))
    assert response.status_code == 302 and response.url == "/tournaments/"
    notice.refresh_from_db()
    assert notice.read is not None


def test_a_member_cannot_open_or_read_another_member_s_notice(client, member, other):
    notice = notices.notify(member, "seating", "Round 1.", "/tournaments/")
    client.force_login(other)
    assert client.post(reverse("players:notice_open", args=[notice.pk])).status_code == 404
    client.post(reverse("players:notices_read"))
    notice.refresh_from_db()
    assert notice.read is None
    assert "Round 1." not in client.get(reverse("players:notices")).content.decode()


def test_it_mails_a_chosen_kind_once_after_the_request(member, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://club.example.org"
    notices.notify(
        member, "penalty", "A penalty is given to you.", "/tournaments/1/", clock=lambda: T0
    )
    assert mail.outbox == []  # nothing is sent where the notice is made
    assert mail_queue.send_due(T0) == 1
    assert mail_queue.send_due(T0 + datetime.timedelta(hours=1)) == 0
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == ["sha@example.org"]
    assert "A penalty is given to you." in sent.subject
    assert "https://club.example.org/tournaments/1/" in sent.body


def test_it_does_not_mail_a_kind_the_member_did_not_choose(member, other, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    notices.notify(member, "seating", "Round 2.", "/t/", clock=lambda: T0)  # not chosen
    other.mail_notices = ["seating"]  # chosen, but no address
    other.save()
    notices.notify(other, "seating", "Round 2.", "/t/", clock=lambda: T0)
    assert MailOut.objects.count() == 0
    assert mail_queue.send_due(T0) == 0 and mail.outbox == []
    assert Notice.objects.count() == 2


def test_a_failing_mail_server_loses_no_mail_and_it_is_retried_with_back_off(member, settings):
    settings.EMAIL_BACKEND = "tests.players.test_notices.DownServer"
    notices.notify(member, "penalty", "A penalty: phone.", "/t/", clock=lambda: T0)
    assert mail_queue.send_due(T0) == 0
    row = MailOut.objects.get()
    assert row.sent is None and row.attempts == 1 and "down" in row.last_error
    assert row.next_try == T0 + datetime.timedelta(minutes=1)
    assert mail_queue.send_due(T0 + datetime.timedelta(seconds=59)) == 0
    assert MailOut.objects.get().attempts == 1  # not due: not tried again
    assert mail_queue.send_due(T0 + datetime.timedelta(minutes=1)) == 0
    row = MailOut.objects.get()
    assert row.attempts == 2 and row.next_try == T0 + datetime.timedelta(minutes=3)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # back up
    assert mail_queue.send_due(T0 + datetime.timedelta(minutes=3)) == 1
    assert [m.to for m in mail.outbox] == [["sha@example.org"]]
    assert MailOut.objects.get().sent is not None


def test_a_mail_claimed_by_another_worker_is_not_sent_twice(member, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    notices.notify(member, "penalty", "A penalty.", "/t/", clock=lambda: T0)
    row = MailOut.objects.get()
    assert mail_queue._claim(row, T0)  # another process took it
    assert not mail_queue._claim(row, T0)  # this one's view is stale: refused
    assert mail_queue.send_due(T0) == 0 and mail.outbox == []
    assert mail_queue.send_due(T0 + mail_queue.LEASE) == 1  # its lease ran out


def test_the_send_mail_queue_command_sends_what_is_due(member, settings, capsys):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    notices.notify(member, "penalty", "A penalty.", "/t/", clock=lambda: timezone.now())
    call_command("send_mail_queue")
    assert "1 sent, 0 waiting" in capsys.readouterr().out
    assert len(mail.outbox) == 1


def test_the_back_off_doubles_up_to_six_hours():
    waits = [mail_queue.backoff(n).total_seconds() for n in (1, 2, 3, 10, 30)]
    assert waits == [60, 120, 240, 6 * 3600, 6 * 3600]


def test_bots_and_placeholders_get_no_notice(django_user_model):
    bot = django_user_model.objects.create(username="robo", is_bot=True)
    ghost = django_user_model.objects.create(username="ghost", is_placeholder=True)
    assert notices.notify(bot, "seating", "x", "/") is None
    assert notices.notify(ghost, "seating", "x", "/") is None
    assert notices.notify_all([None, bot], "seating", "x", "/") == 0
    assert Notice.objects.count() == 0


def test_an_unknown_kind_is_refused(member):
    with pytest.raises(ValueError):
        notices.notify(member, "gossip", "x", "/")


# --- the settings page: the address and the kinds by mail ------------------------------


def test_a_member_chooses_which_notices_come_by_mail(client, member):
    client.force_login(member)
    page = client.get(reverse("players:preferences")).content.decode()
    assert "Notices also sent by e-mail" in page and "A player calls you as referee" in page
    response = client.post(
        reverse("players:preferences"),
        {
            "email": "sha@example.org",
            "terms": "en",
            "mail_notices": ["seating", "referee_call"],
        },
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.mail_notices == ["seating", "referee_call"]


@pytest.mark.parametrize(
    "address",
    ["sha", "sha@localhost", "sha@@example.org", "sha@example.", "sha@example.org\nBcc: x@y.z"],
)
def test_a_bad_address_is_refused_at_entry_and_changes_nothing(client, member, address):
    client.force_login(member)
    response = client.post(reverse("players:preferences"), {"email": address, "terms": "en"})
    assert response.status_code == 200 and b"errorlist" in response.content
    member.refresh_from_db()
    assert member.email == "sha@example.org"


def test_an_address_another_member_uses_is_refused(client, member, other):
    client.force_login(other)
    response = client.post(
        reverse("players:preferences"), {"email": "SHA@example.org", "terms": "en"}
    )
    assert b"Another member already uses this e-mail address." in response.content
    other.refresh_from_db()
    assert other.email == ""


def test_mail_without_an_address_is_refused(client, other):
    client.force_login(other)
    response = client.post(
        reverse("players:preferences"), {"email": "", "terms": "en", "mail_notices": ["seating"]}
    )
    assert b"Give an e-mail address to receive notices by e-mail." in response.content
    other.refresh_from_db()
    assert other.mail_notices == []


class Recorder(BaseEmailBackend):
    """Keeps what it sends and says so (the worker thread's test waits on it)."""

    sent: list = []
    arrived = None

    def send_messages(self, messages):
        Recorder.sent.extend(messages)
        Recorder.arrived.set()
        return len(messages)


@pytest.mark.django_db(transaction=True)
def test_the_worker_thread_sends_a_queued_mail_once_it_is_woken(member, settings):
    import threading

    settings.EMAIL_BACKEND = "tests.players.test_notices.Recorder"
    Recorder.sent, Recorder.arrived = [], threading.Event()
    notices.notify(member, "penalty", "A penalty: phone.", "/t/")
    worker = mail_queue.Worker(poll=3600)  # only a wake makes it send
    try:
        worker.wake()
        assert Recorder.arrived.wait(timeout=30)
    finally:
        worker.stop()
    assert [m.to for m in Recorder.sent] == [["sha@example.org"]]
    assert MailOut.objects.get().sent is not None


def test_a_notice_wakes_the_worker_only_after_its_transaction_commits(
    member, monkeypatch, django_capture_on_commit_callbacks
):
    woken = []
    monkeypatch.setattr(mail_queue, "wake", lambda: woken.append(1))
    with django_capture_on_commit_callbacks(execute=True):
        notices.notify(member, "penalty", "A penalty.", "/t/")
        assert woken == []
    assert woken == [1]
