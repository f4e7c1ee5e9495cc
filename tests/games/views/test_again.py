"""Play again with no signal (games/views/again.py): the next game's page, kept by the phone
for each seat its first dealer may have; the hands entered there start the game once, when
the signal returns, and follow it in order."""

import pytest

from games.models import Game, Hand
from games.play.once import new_key
from tests.pages import shown
from tests.tables import BEN_WINS, make_game, tridge_post

pytestmark = pytest.mark.django_db

# The next match's seats with Ben dealing first: Ben, Cy, Dee, Ana. Ben deals hand 1 and
# sits out; Cy plays clubs and takes five tricks.
CY_POST = dict(player="Cy", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)
# Hand 2: Cy deals; Ben plays.
BEN_POST = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_0=5, tricks_2=3, tricks_3=1)


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])  # Ana dealt hand 1: Ben deals next


def again(game, seat=1):
    return f"/games/{game.pk}/again/{seat}/"


def sent(client, game, number, fields, key=None, after=1, seat=1):
    """A kept hand as static/js/queue.js sends it."""
    post = tridge_post(number, **fields, save="1", submission=key or new_key(), after=after)
    return client.post(again(game, seat), post, headers={"HX-Request": "true"})


def test_the_next_games_page_is_its_first_hands_form_and_starts_nothing(owner_client, game):
    response = owner_client.get(again(game))
    page = response.content.decode()
    assert response.status_code == 200
    assert "The next game with the same people, Ben dealing first." in page
    assert "Ben deals and sits out" in shown(page.split('<template class="hand-ahead">')[0])
    assert f'data-last="/games/{game.pk}/" data-hands="1"' in page
    assert 'name="after"' in page and f'data-board="{again(game)}"' in page
    assert Game.objects.count() == 1


def test_the_first_hand_sent_starts_the_next_game_with_its_seats_and_stores_it(owner_client, game):
    response = sent(owner_client, game, 1, CY_POST)
    game.refresh_from_db()
    started = Game.objects.get(pk=game.meta["next_game"])
    assert response.status_code == 200 and response["HX-Redirect"]
    assert started.players == ["Ben", "Cy", "Dee", "Ana"]
    assert [hand.record["player"] for hand in started.hands.all()] == ["Cy"]
    assert game.hands.count() == 1  # the last game stays as it was


def test_a_hand_sent_twice_starts_one_game_and_is_stored_once(owner_client, game):
    key = new_key()
    sent(owner_client, game, 1, CY_POST, key=key)
    sent(owner_client, game, 1, CY_POST, key=key)  # its answer was lost: sent again
    assert Game.objects.count() == 2
    assert Hand.objects.filter(game__pk=Game.objects.latest("pk").pk).count() == 1


def test_the_hands_after_the_first_follow_it_in_order_into_the_same_game(owner_client, game):
    sent(owner_client, game, 1, CY_POST)
    sent(owner_client, game, 2, BEN_POST)
    started = Game.objects.latest("pk")
    hands = started.hands.order_by("number")
    assert [(hand.number, hand.record["player"]) for hand in hands] == [(1, "Cy"), (2, "Ben")]
    assert Game.objects.count() == 2


def test_the_next_game_waits_for_the_last_games_hands_kept_on_the_phone(owner_client, game):
    response = sent(owner_client, game, 1, CY_POST, after=3)
    page = response.content.decode()
    assert "The last game's hands 2 to 3 go first" in page
    assert Game.objects.count() == 1


def test_start_it_now_starts_the_next_game_without_the_last_games_kept_hands(owner_client, game):
    response = owner_client.post(again(game), {"start": "1"})
    assert response.status_code == 302 and response["Location"] == again(game)
    game.refresh_from_db()
    assert Game.objects.get(pk=game.meta["next_game"]).players[0] == "Ben"


def test_a_live_update_before_the_game_exists_answers_nothing_and_starts_nothing(
    owner_client, game
):
    post = tridge_post(1, **CY_POST)
    response = owner_client.post(again(game), post, headers={"HX-Request": "true"})
    assert response.status_code == 204 and Game.objects.count() == 1


def test_hands_entered_for_another_first_dealer_are_not_put_into_the_game_started(
    owner_client, game
):
    sent(owner_client, game, 1, CY_POST)  # started with Ben dealing first
    response = sent(owner_client, game, 1, CY_POST, seat=2)
    assert "started on another phone, with Ben dealing first" in response.content.decode()
    assert Hand.objects.filter(game=Game.objects.latest("pk")).count() == 1


def test_once_started_the_page_is_the_started_games_next_hand(owner_client, game):
    sent(owner_client, game, 1, CY_POST)
    started = Game.objects.latest("pk")
    page = owner_client.get(again(game)).content.decode()
    assert f'data-started="/games/{started.pk}/"' in page
    assert 'name="number" value="2"' in page and 'name="after"' not in page


def test_a_seat_the_game_has_not_and_a_stranger_find_no_page(owner_client, stranger_client, game):
    assert owner_client.get(again(game, seat=4)).status_code == 404
    assert stranger_client.get(again(game)).status_code == 404


def test_end_it_here_then_play_again_ends_the_last_match_after_the_hands_it_had(owner_client, game):
    post = tridge_post(1, **CY_POST, save="1", submission=new_key(), after=1, then="end")
    owner_client.post(again(game), post, headers={"HX-Request": "true"})
    game.refresh_from_db()
    assert game.meta["ended"]["after"] == 1 and game.rules["hands"] == 1
    assert Game.objects.get(pk=game.meta["next_game"]).hands.count() == 1


def test_the_board_says_which_seat_deals_the_next_game_first_for_play_again_offline(
    owner_client, game
):
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="rematch" data-first="1" data-seats="4"' in page
    # With no signal, Play again opens its question, kept, which loads what it needs.
    assert f'data-offline="/games/{game.pk}/rematch/"' in page and "js/evening.js" not in page
