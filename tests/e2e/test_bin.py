"""Deleting and renaming at a phone's size, in Chromium: a game deleted and brought back by
the Undo that follows, from the account page's bin too, and a player renamed everywhere
(two people of one game refused a merge)."""

import pytest

from games.models import Game, Player
from tests.e2e.helpers import log_in
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(live_server, phone, user):
    log_in(phone, live_server.url)
    return phone, live_server.url


def test_a_deleted_game_comes_back_with_undo_and_from_the_account_page(table, user, shoot, axe):
    page, base = table
    game = make_game(user, hands=[BEN_WINS])
    page.goto(f"{base}/games/{game.pk}/")
    page.click(".actions a:has-text('Delete')")
    page.wait_for_url(f"{base}/games/{game.pk}/delete/")
    shoot(page, "bin-delete-confirm")
    axe(page, "the confirm screen of a delete")
    page.click("button:has-text('Delete')")
    page.wait_for_url(f"{base}/sessions/{game.session_id}/")
    line = page.locator(".messages .undo")
    assert line.inner_text() == f"{game} deleted · Undo"
    shoot(page, "bin-deleted-undo")
    line.locator("button").click()
    page.wait_for_url(f"{base}/games/{game.pk}/")
    assert Game.objects.filter(pk=game.pk).exists()

    page.goto(f"{base}/games/{game.pk}/delete/")
    page.click("button:has-text('Delete')")
    page.goto(f"{base}/account/")
    shoot(page, "bin-account")
    axe(page, "the account page with its bin")
    page.click("button:has-text('Restore')")
    page.wait_for_url(f"{base}/games/{game.pk}/")


def test_a_player_is_renamed_everywhere_and_a_taken_name_is_refused_by_the_field(
    table, user, shoot, axe
):
    page, base = table
    game = make_game(user, hands=[BEN_WINS])
    ben = Player.objects.get(name="Ben")
    page.goto(f"{base}/players/{ben.pk}/")
    page.click(".actions a:has-text('Rename')")
    page.fill("#id_name", "cy")
    page.click("button:has-text('Save')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert "There is already a player called Cy" in page.inner_text(".error-summary")
    assert page.locator("#id_name_error").is_visible()
    shoot(page, "bin-rename-refused")
    axe(page, "a refused rename")
    page.fill("#id_name", "Benny")
    page.click("button:has-text('Save')")
    page.wait_for_url(f"{base}/players/{ben.pk}/")
    assert page.inner_text("h1") == "Benny"
    page.goto(f"{base}/games/{game.pk}/")
    assert "Benny" in page.inner_text("#live")
    shoot(page, "bin-renamed-board")

    page.goto(f"{base}/players/{ben.pk}/merge/")
    page.select_option("#id_keep", label="Cy")
    page.click("button:has-text('Continue')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    said = "Cy and Benny played in the same game on"
    assert said in page.inner_text("#id_keep_error")
    shoot(page, "bin-merge-refused")

    other = make_game(user, players=("Benjamin", "Eve", "Flo")).seat_set.first().player
    page.goto(f"{base}/players/{other.pk}/merge/")
    page.select_option("#id_keep", label="Benny")
    page.click("button:has-text('Continue')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert page.inner_text("h1") == "Merge Benjamin into Benny?"
    shoot(page, "bin-merge-confirm")
    axe(page, "a merge's confirm screen")
    page.click("button:has-text('Merge them')")
    page.wait_for_url(f"{base}/players/{ben.pk}/")
    assert not Player.objects.filter(name="Benjamin").exists()
