"""Club nights: the README says how a club night is run, naming what the site offers."""

from pathlib import Path

from django.urls import reverse

README = Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    text = README.read_text()
    start = text.index(f"## {title}")
    end = text.index("\n## ", start + 3)
    return text[start:end]


def test_hand_by_hand_the_readme_says_who_opens_a_table_how_hands_are_entered_and_confirmed():
    text = section("Running a club night")
    for words in (
        "Opening a scored table",
        "Score hand by hand",  # a round's tables
        "Open a scored table",  # a league
        "Score a casual table",  # on its own
        "guest",
        "Entering a hand",
        "enter the tiles",
        "yaku picker",
        "Undo and corrections",
        "Penalties",
        "Confirmation",
        "in-person",
        "Round timer",
        "one more hand",
        "rule overrides",
    ):
        assert words in text, words


def test_hand_by_hand_the_buttons_the_readme_names_are_on_the_pages(client, make_members):
    (member,) = make_members(1)
    client.force_login(member)
    page = client.get(reverse("tournaments:index")).content.decode()
    assert "Score a casual table" in page
