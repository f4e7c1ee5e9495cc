"""A stranger opens the app on a phone, signs up, starts a session and a game, and enters
its first hand: within 60 seconds, counted in taps and typed characters (tests/e2e/budget.py).

The way a newcomer takes, in full: the home page's Sign up with the optional email typed,
a session as it comes, the game's seats and its money value typed, and the first hand in
the fewest taps its screen allows (tests/e2e/test_taps.py). The forms are typed field after
field: the keyboard's Next goes on to the next field, Go sends the form (static/js/fields.js),
each a key, not a tap (issue 35: tapping each field, the same path took 19 to 22 taps, 60.4
to 67.6 s). Proved for each game whose typical hand takes a handful of taps; Cardigan's card
counts take more (test_taps_cardigan.py). Each screen is shot at 390x844.
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
# An address as people have them (21 characters), and each game's money value: Tridge's a
# chip, the others' a point, as the table plays for them (bench/evenings.py).
EMAIL = "ana.lopez@example.com"
MONEY = {"contractor": "0.01", "tridge": "0.05", "bid_fair": "0.01"}


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
    for field, text in [("username", "ana"), ("password1", PASSWORD), ("password2", PASSWORD)]:
        thumb.write(f"#id_{field}", text)
        thumb.enter()
    thumb.write("#id_email", EMAIL)
    shot("sign-up")
    thumb.enter(base + "/")
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
        thumb.enter()
    thumb.write("#id_stake", MONEY[kind])
    shot("new-game")
    thumb.enter(re.compile(r"/games/\d+/$"))
    board = phone.url
    shot("board")
    thumb.go("main a:has-text('Add')", "**/hands/new/")
    FIRST_HAND[kind](thumb)
    shot("first-hand")
    thumb.save(board)
    shot("board-with-the-hand")

    game = Hand.objects.get().game
    assert (game.kind, game.meta["stake"], game.session.group.owner.email) == (
        kind,
        MONEY[kind],
        EMAIL,
    )
    assert phone.inner_text("main a:has-text('Add')").endswith(" 2")  # the board has hand 1
    seconds = thumb.seconds()
    print(f"\nfirst hand of {kind}: {thumb.count} taps, {thumb.keys} characters, {seconds} s")
    assert seconds <= BUDGET_SECONDS, (thumb.count, thumb.keys, seconds)
