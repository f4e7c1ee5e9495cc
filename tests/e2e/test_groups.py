"""An invited person opens the group's invite link on a phone, signs up or logs in on that
one screen, and is at the group's board: its sessions and games are theirs to see and score.
Within 30 seconds of opening the invite, counted in taps and typed characters by the same
model as the first hand (tests/e2e/budget.py)."""

import pytest
from django.contrib.auth import get_user_model

from games.play.groups import first_group, groups_of
from tests.e2e.helpers import Taps
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db(transaction=True)

BUDGET_SECONDS = 30
# As on the first hand (test_first_hand.py): a name, and a password a person makes up.
PASSWORD = "cardtable7"
EMAIL = "bea@example.org"


def to_the_board(thumb, base, group, game):
    """From the group's page to the game's board: its session, then the game."""
    thumb.page.wait_for_url(f"{base}/groups/{group.pk}/")
    thumb.go("text=The Crown", f"**/sessions/{game.session.pk}/")
    thumb.go(f"a[href='/games/{game.pk}/']", f"{base}/games/{game.pk}/")
    assert thumb.page.locator("h1").inner_text() == "Tridge"


def test_an_invited_person_signs_up_on_the_invite_and_reaches_the_board(
    live_server, phone, user, shoot
):
    game = make_game(user, hands=[BEN_WINS])
    group = first_group(user)
    base = live_server.url
    thumb = Taps(phone)
    phone.goto(f"{base}/join/{group.invite_token}/")
    thumb.write("#id_username", "bea")
    thumb.write("#id_password1", PASSWORD)
    thumb.write("#id_password2", PASSWORD)
    thumb.write("#id_email", EMAIL)  # optional, as on the ordinary sign-up
    shoot(phone, "invite-1-sign-up")
    thumb("button:has-text('Create my account and join')", wait=False)
    to_the_board(thumb, base, group, game)
    assert get_user_model().objects.get(username="bea").email == EMAIL
    shoot(phone, "invite-2-board")
    print(f"\ninvite, signing up: {thumb.count} taps, {thumb.keys} characters, {thumb.seconds()} s")
    assert thumb.seconds() <= BUDGET_SECONDS, (thumb.count, thumb.keys)


# Either "Log in" on the invite's page: its own, or the header's.
@pytest.mark.parametrize("link", ["text=Log in and join", "nav[aria-label=Account] >> text=Log in"])
def test_an_invited_person_logs_in_on_the_invite_and_is_in_without_tapping_join(
    live_server, phone, user, make_user, shoot, link
):
    game = make_game(user, hands=[BEN_WINS])
    group = first_group(user)
    bea = make_user("bea")
    bea.set_password(PASSWORD)
    bea.save(update_fields=["password"])
    base = live_server.url
    thumb = Taps(phone)
    phone.goto(f"{base}/join/{group.invite_token}/")
    thumb.go(link, f"{base}/join/{group.invite_token}/?login")
    thumb.write("#id_username", "bea")
    thumb.write("#id_password", PASSWORD)
    shoot(phone, "invite-3-log-in")
    thumb("button:has-text('Log in and join')", wait=False)
    to_the_board(thumb, base, group, game)
    assert group in groups_of(bea)
    print(f"\ninvite, logging in: {thumb.count} taps, {thumb.keys} characters, {thumb.seconds()} s")
    assert thumb.seconds() <= BUDGET_SECONDS, (thumb.count, thumb.keys)
