"""A stranger opens the app on a phone, signs up, starts a session and a game, and enters
its first hand: within 60 seconds, counted in taps and typed characters (tests/e2e/budget.py).

The way a newcomer takes: the home page's Sign up, the fewest fields that are required, the
usual values left as they are, and the first hand in the fewest taps its screen allows
(tests/e2e/test_taps.py). Proved for each game whose typical hand takes a handful of taps;
Cardigan's card counts take more (test_taps_cardigan.py). Each screen is shot at 390x844.
"""

import re

import pytest

from games.engine.registry import GAMES
from games.models import Hand
from tests.e2e.helpers import Taps

pytestmark = pytest.mark.django_db(transaction=True)

BUDGET_SECONDS = 60
# A password as a newcomer makes one up: ten characters (Django asks for eight at least).
PASSWORD = "cardtable7"
SEATS = {"contractor": ("Ana", "Ben", "Cy"), "tridge": ("Ana", "Ben", "Cy", "Dee")}
SEATS["bid_fair"] = ("Ana", "Ben")


def contractor(thumb):
    # Ben bids clubs, no condition, and takes six; Ana 2, and Cy's 2 is the app's.
    for field, value in [("contractor", "Ben"), ("strain", "clubs")]:
        thumb.choice(field, value)
    thumb.choice("tricks_0", 2)
    thumb.choice("tricks_1", 6)


def tridge(thumb):
    # Ben plays clubs with three honours; Ben 5, Cy 3, and Dee's 1 is the app's.
    for field, value in [("player", "Ben"), ("bid", "play"), ("trumps", "C"), ("honours", 3)]:
        thumb.choice(field, value)
    thumb.choice("tricks_1", 5)
    thumb.choice("tricks_2", 3)


def bid_fair(thumb):
    # Ana shows J♥, so Ben holds 50; hearts are cut; the points alone are counted.
    thumb("#bid_0 label:has(input[value='JH'])")
    thumb("#cut .bf-suit:has(input[value='H'])")
    thumb("#count label:has(input[value='points'])")
    thumb.type("points_0", 49)
    thumb.type("points_1", 61)


FIRST_HAND = {"contractor": contractor, "tridge": tridge, "bid_fair": bid_fair}


@pytest.mark.parametrize("kind", list(FIRST_HAND))
def test_a_new_visitor_enters_the_first_hand_within_60_seconds(live_server, phone, shoot, kind):
    base = live_server.url
    thumb = Taps(phone)
    screens = iter(range(1, 20))

    def shot(name):
        shoot(phone, f"first-hand-{kind}-{next(screens):02}-{name}")

    phone.goto(base + "/")
    shot("home")
    thumb.go("main a:has-text('Sign up')", base + "/accounts/signup/")
    thumb.write("#id_username", "ana")
    thumb.write("#id_password1", PASSWORD)
    thumb.write("#id_password2", PASSWORD)
    shot("sign-up")
    thumb.go("button:has-text('Create my account')", base + "/")
    shot("sessions")
    thumb.go("main a:has-text('New session')", base + "/sessions/new/")
    shot("new-session")
    # A number, not "*": the page it leaves, /sessions/new/, matches "*" as well.
    thumb.go("button:has-text('Start the session')", re.compile(r"/sessions/\d+/$"))
    shot("session")
    thumb.go("main a:has-text('New game')", "**/games/new/")
    shot("which-game")
    thumb.go(f"main a:has-text('{GAMES[kind].NAME}')", f"**/games/new/?kind={kind}")
    for seat, name in enumerate(SEATS[kind]):
        thumb.write(f"#id_seat_{seat}", name)
    shot("new-game")
    thumb.go("button:has-text('Start the game')", re.compile(r"/games/\d+/$"))
    board = phone.url
    shot("board")
    thumb.go("main a:has-text('Add')", "**/hands/new/")
    FIRST_HAND[kind](thumb)
    shot("first-hand")
    thumb.save(board)
    shot("board-with-the-hand")

    assert Hand.objects.get().game.kind == kind
    assert phone.inner_text("main a:has-text('Add')").endswith(" 2")  # the board has hand 1
    seconds = thumb.seconds()
    print(f"\nfirst hand of {kind}: {thumb.count} taps, {thumb.keys} characters, {seconds} s")
    assert seconds <= BUDGET_SECONDS, (thumb.count, thumb.keys, seconds)
