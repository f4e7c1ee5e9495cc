"""A refused hand, a correction and a share link in WebKit and Firefox: the screens where
the engines differ most (focus moved by a script, a link to a field, a form drawn again
over a hand on record, a page that polls by itself)."""

import json

import pytest

from games.models import Hand, Session
from games.records.imports import import_sheet
from tests.sheets import EXAMPLES
from tests.tables import make_game

pytestmark = pytest.mark.django_db(transaction=True)

SAVE = "button[name=save][value='1']"


def tridge_played(phone):
    # Ben plays in clubs with no honours and takes five tricks of nine; Cy 3, and Dee's 1
    # is the app's.
    for field, value in [
        ("player", "Ben"),
        ("bid", "play"),
        ("trumps", "C"),
        ("honours", 0),
        ("tricks_1", 5),
    ]:
        phone.choose(field, value)
    phone.choose("tricks_2", 3)


def test_a_refused_hand_says_why_at_the_top_and_links_to_its_field(phone, user):
    game = make_game(user)
    phone.log_in()
    phone.goto(f"/games/{game.pk}/hands/new/")
    for field, value in [("player", "Ben"), ("bid", "play"), ("trumps", "C"), ("tricks_1", 5)]:
        phone.choose(field, value)
    phone.tap(SAVE)
    phone.wait_for_text(".error-summary h2", "There is a problem")
    links = phone.run(
        "() => Array.from(document.querySelectorAll('.error-summary a'), (a) => a.innerText)"
    )
    assert links == ["How many tricks did Cy take?", "How many tricks did Dee take?"]
    # The summary has the focus, so a screen reader starts there (error_summary.html).
    phone.wait("() => document.activeElement.className === 'error-summary'", what="its focus")
    assert not Hand.objects.filter(game=game).exists()
    phone.tap(".error-summary a", "Dee")
    phone.wait("() => location.hash === '#tricks_3'", what="Dee's tricks")
    # The field the link leads to is on the screen, and the hand is saved once it is given.
    on_screen = """() => { const box = document.querySelector("#tricks_3").getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight; }"""
    phone.wait(on_screen, what="Dee's tricks on the screen")
    phone.choose("tricks_2", 3)
    phone.tap(SAVE)
    phone.wait_for_path(f"/games/{game.pk}/")
    assert Hand.objects.get(game=game).record["tricks"] == {"Ben": 5, "Cy": 3, "Dee": 1}


def test_a_hand_on_record_is_corrected(phone, user):
    game = make_game(user, hands=[{"passed": True}])
    phone.log_in()
    phone.goto(f"/games/{game.pk}/hands/1/")
    phone.tap("#kind label:has(input[value='played'])", update=True)  # played, this time
    tridge_played(phone)
    phone.tap(SAVE)
    phone.wait_for_path(f"/games/{game.pk}/")
    phone.wait_for_text(".messages .undo", "Hand 1 corrected")
    hand = Hand.objects.get(game=game)
    assert hand.number == 1 and hand.record["tricks"] == {"Ben": 5, "Cy": 3, "Dee": 1}


def test_a_share_link_is_followed_and_its_board_follows_the_game(make_phone, user):
    data = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    game = import_sheet(session, data)
    owner, viewer = make_phone(), make_phone()
    owner.log_in()
    owner.goto(f"/games/{game.pk}/")
    owner.tap("button", "Share a read-only link")
    owner.wait("() => !!document.querySelector('.sharing .link-text a')", what="the link")
    link = owner.run("() => document.querySelector('.sharing .link-text a').href")

    viewer.visit(link)  # a phone that never logged in
    rows = "() => document.querySelectorAll('.hands tbody tr.numbers').length"
    assert viewer.run(rows) == 8
    assert "Add hand" not in viewer.text_of("main")
    viewer.run("() => { window.notReloaded = true; }")

    owner.goto(f"/games/{game.pk}/hands/new/")
    owner.tap("#kind label", "All passed", update=True)
    owner.tap(SAVE)
    owner.wait_for_path(f"/games/{game.pk}/")
    # The shared board polls every few seconds: the ninth hand arrives by itself.
    viewer.wait(f"() => ({rows})() === 9", what="the ninth hand on the shared board")
    assert viewer.run("() => window.notReloaded") is True
