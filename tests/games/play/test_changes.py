"""The game changed (games/play/changes.py): one version on, and what was kept of the old one
out of reach. That every change of a game moves it on is tested with each change
(test_services.py, test_renames.py); the boards and polls that follow it with the views."""

import pytest
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from games.models import Game
from games.play import changes, services
from tests.tables import make_game

pytestmark = pytest.mark.django_db


def test_a_change_moves_the_game_on_one_version_in_the_database_and_in_hand(user):
    game = make_game(user)
    assert changes.bump(game) and game.version == 1
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_game_read_before_another_change_is_not_moved_on_again(user):
    game = make_game(user)
    read_before = Game.objects.get(pk=game.pk)
    changes.bump(game)
    assert not changes.bump(read_before)
    assert (read_before.version, Game.objects.get(pk=game.pk).version) == (0, 1)


def test_a_change_stored_with_a_game_deleted_meanwhile_moves_it_on_too(user):
    game = make_game(user)
    Game.objects.filter(pk=game.pk).update(deleted=timezone.now())
    assert changes.bump(game)
    assert Game.kept.get(pk=game.pk).version == 1  # restored, it is not drawn as it was


def test_the_version_polls_read_is_forgotten_at_once_and_filed_after_the_commit(
    user, django_capture_on_commit_callbacks
):
    game = make_game(user)
    key = changes.version_key(game.pk)
    cache.set(key, 0)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        changes.bump(game)
        assert cache.get(key) is None  # until the commit, a poll asks the view
    assert cache.get(key) == 1


def test_a_rolled_back_change_files_no_version(user):
    game = make_game(user)
    with pytest.raises(RuntimeError), transaction.atomic():
        changes.bump(game)
        raise RuntimeError("refused")
    assert cache.get(changes.version_key(game.pk)) is None
    assert Game.objects.get(pk=game.pk).version == 0


def test_the_boards_drawn_part_is_out_of_reach_once_the_game_changed(user):
    game = make_game(user)
    before = changes.board_key(game, "member", game.pk)
    services.add_hand(game, {"passed": True}, 1)
    assert changes.board_key(game, "member", game.pk) != before
