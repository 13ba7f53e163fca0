"""Notices and mails in the member's language: an invitation made by an English-speaking
host reaches a member who chose Japanese in Japanese (the notice, the mail's subject and
its footer), another member in English; the password-reset mail follows the reader's
language too."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from players.models import INVITATION, MailOut, Notice, Player
from rules.models import Ruleset
from tests.players.test_japanese import english_left

pytestmark = pytest.mark.django_db


def person(name, **extra):
    return Player.objects.create_user(
        username=name, password="pw-notice-123", display_name=name.title(), **extra
    )


@pytest.fixture
def invited(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    ruleset = Ruleset.objects.create(name="East only", preset="ronin", settings={})
    host = person("host")
    ann = person("ann", email="ann@example.org", mail_notices=[INVITATION], language="ja")
    ben = person("ben", email="ben@example.org", mail_notices=[INVITATION])
    client.force_login(host)
    form = {"member1": "ann", "member2": "ben", "ruleset": ruleset.pk, "length": "hanchan"}
    assert client.post(reverse("tables:invite"), form).status_code == 302
    return {
        "ann": ann,
        "ben": ben,
        "names": {"Riichi Club", "Host", "host", "Ann", "ann", "East only"},
    }


def test_it_writes_an_invitation_in_the_invited_member_s_language(invited):
    ann = Notice.objects.get(member=invited["ann"], kind=INVITATION)
    ben = Notice.objects.get(member=invited["ben"], kind=INVITATION)
    assert ann.text == "Hostから対局の招待が届きました（East only、半荘戦）"
    assert ben.text == "Host invites you to a game (East only, Hanchan)"
    ann_mail = MailOut.objects.get(to="ann@example.org")
    assert ann_mail.subject == "Hostから麻雀の対局への招待"
    assert "設定ページで変更できます" in ann_mail.body
    ben_mail = MailOut.objects.get(to="ben@example.org")
    assert "You chose to receive these by e-mail" in ben_mail.body


def test_it_lists_the_invitation_in_japanese(invited):
    from django.test import Client

    client = Client()  # ann's own browser (the host's holds the host's messages)
    client.force_login(invited["ann"])
    page = client.get(reverse("players:notices")).content.decode()
    assert "招待" in page
    assert english_left(page, invited["names"]) == []


def test_it_mails_the_password_reset_in_the_reader_s_language(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    person("cho", email="cho@example.org")
    client.post(
        reverse("players:password_reset"),
        {"email": "cho@example.org"},
        headers={"accept-language": "ja"},
    )
    (message,) = mail.outbox
    assert message.subject.endswith("のパスワード")
    assert "パスワード再設定の依頼" in message.body
    words = re.sub(r"https?://\S+", "", message.body)  # (the link is an address)
    assert not re.search(r"\b(Hello|password|ignore)\b", words)


def test_it_explains_a_refused_address_on_the_settings_page_in_japanese(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    dai = person("dai", language="ja")
    client.force_login(dai)
    form = {"display_name": "Dai", "language": "ja", "terms": "en"}
    page = client.post("/players/preferences/", {**form, "email": "dai@localhost"}).content.decode()
    assert "ドメインまで含めたメールアドレス" in page
