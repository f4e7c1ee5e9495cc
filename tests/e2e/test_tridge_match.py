"""Ending a Tridge match on a phone and starting the next with what it left on the table."""

import pytest

from games.models import Game
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.e2e.network import held, save_spot
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_match_ended_by_a_double_tap_ends_once_and_the_next_starts_with_its_funds(
    live_server, phone, user, shoot, axe
):
    game = make_game(user, hands=[BEN_WINS, {"passed": True}])
    game.meta = {"stake": "0.05"}
    game.save()
    page = phone
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Money beside each person's chips, and the funds' worth.
    assert "−11 chips · −0.55" in page.inner_text(".standings")
    page.click("a:has-text('End the match here')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert page.inner_text("h1") == "End the match after hand 2?"
    axe(page, "end the match")
    board = f"{live_server.url}/games/{game.pk}/"
    double_tap(page, "button:has-text('End the match')")
    page.wait_for_url(board)
    page.wait_for_load_state()
    assert "The match was ended after hand 2 by ana." in page.inner_text("main")
    assert page.locator("a:has-text('Add hand')").count() == 0
    game.refresh_from_db()
    assert game.rules["hands"] == 2 and game.hands.count() == 2
    shoot(page, "tridge-match-ended")
    assert no_horizontal_scroll(page)

    double_tap(page, "button:has-text('Play again with the same people')")
    page.wait_for_url(lambda url: url.startswith(f"{live_server.url}/games/") and url != board)
    page.wait_for_load_state()
    assert Game.objects.count() == 2
    assert "were left on the table by the last match" in page.inner_text("main")
    following = Game.objects.exclude(pk=game.pk).get()
    assert following.rules["carried_game"] > 0 and following.meta["stake"] == "0.05"
    shoot(page, "tridge-next-match")


def is_post(request) -> bool:
    return request.method == "POST"


def double_tap(page, button):
    """Two taps, the second while the first's answer is held on its way: never raced."""
    spot = save_spot(page, button)
    with held(page, is_post) as first:
        page.touchscreen.tap(*spot)
        first.wait()
        page.touchscreen.tap(*spot)
        first.release()
