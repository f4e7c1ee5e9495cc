"""A player's page, and renaming, merging and deleting a player."""

import pytest

from games.models import Game, Player
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def player(name):
    return Player.objects.get(name=name)


def test_the_player_page_offers_rename_merge_and_delete(owner_client, user):
    make_game(user)
    page = owner_client.get(f"/players/{player('Ana').pk}/").content.decode()
    for action in ("rename", "merge", "delete"):
        assert f"/players/{player('Ana').pk}/{action}/" in page


def test_a_renamed_player_is_named_anew_in_their_games(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    response = owner_client.post(f"/players/{player('Ben').pk}/rename/", {"name": "Benny"})
    assert response["Location"] == f"/players/{player('Benny').pk}/"
    assert "Benny" in owner_client.get(f"/games/{game.pk}/").content.decode()


def test_a_name_another_player_has_is_refused_by_the_field_and_in_the_summary(owner_client, user):
    make_game(user)
    response = owner_client.post(f"/players/{player('Ana').pk}/rename/", {"name": "BEN"})
    page = response.content.decode()
    assert response.status_code == 200
    assert 'class="error-summary"' in page and 'href="#id_name"' in page
    assert 'id="id_name_error"' in page and "merge the two instead" in page
    assert Player.objects.filter(name="Ana").exists()


def test_a_blank_name_is_refused_without_a_server_error(owner_client, user):
    make_game(user)
    response = owner_client.post(f"/players/{player('Ana').pk}/rename/", {"name": "  "})
    assert response.status_code == 200 and response.context["form"].errors["name"]


def test_a_merge_is_confirmed_before_it_is_made(owner_client, user):
    make_game(user, players=("Ana", "Ben", "Cy"), hands=[])
    make_game(user, players=("Anna", "Dee", "Eve"), hands=[])
    url = f"/players/{player('Anna').pk}/merge/"
    confirm = owner_client.post(url, {"keep": player("Ana").pk}).content.decode()
    assert "Merge Anna into Ana?" in confirm and Player.objects.filter(name="Anna").exists()
    done = owner_client.post(url, {"keep": player("Ana").pk, "confirmed": "1"})
    assert done["Location"] == f"/players/{player('Ana').pk}/"
    assert not Player.objects.filter(name="Anna").exists()
    assert player("Ana").games.count() == 2


def test_two_people_of_one_game_are_refused_in_words_next_to_the_choice(owner_client, user):
    make_game(user)
    url = f"/players/{player('Ana').pk}/merge/"
    response = owner_client.post(url, {"keep": player("Ben").pk, "confirmed": "1"})
    assert "so they are two people" in response.context["form"].errors["keep"][0]
    assert Player.objects.filter(name="Ana").exists()


def test_another_accounts_player_cannot_be_picked_for_a_merge(owner_client, user, make_user):
    make_game(user)
    theirs = make_game(make_user("zed"), players=("Zoe", "Yan", "Xi")).seat_set.first().player
    response = owner_client.post(f"/players/{player('Ana').pk}/merge/", {"keep": theirs.pk})
    assert response.context["form"].errors["keep"]


def test_a_deleted_player_is_gone_from_the_lists_and_undo_brings_them_back(owner_client, user):
    game = make_game(user)
    ana = player("Ana")
    assert owner_client.get(f"/players/{ana.pk}/delete/").status_code == 200  # the confirm
    response = owner_client.post(f"/players/{ana.pk}/delete/", follow=True)
    page = response.content.decode()
    assert f'name="restore" value="player-{ana.pk}"' in page and ">Undo<" in page
    assert f'<option value="{ana.pk}"' not in page  # out of the filter
    assert owner_client.get(f"/players/{ana.pk}/").status_code == 404
    assert "Ana" in owner_client.get(f"/games/{game.pk}/").content.decode()
    undone = owner_client.post("/account/restore/", {"restore": f"player-{ana.pk}"})
    assert undone["Location"] == f"/players/{ana.pk}/"
    assert owner_client.get(f"/players/{ana.pk}/").status_code == 200


def test_only_the_owner_renames_merges_or_deletes(stranger_client, user):
    make_game(user)
    ana = player("Ana")
    for action in ("rename", "merge", "delete"):
        response = stranger_client.post(f"/players/{ana.pk}/{action}/", {"name": "X"})
        assert response.status_code == 404
    assert Game.objects.get().players[0] == "Ana" and not player("Ana").deleted
