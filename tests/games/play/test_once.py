"""A form sent twice changes the game once (games/play/once.py); each change's use of its key
is tested with the change (test_services.py) and the screens (views/test_hands.py)."""

import pytest

from games.models import Submission
from games.play import once
from tests.tables import make_game


def test_a_forms_key_is_read_back_from_what_it_sent():
    key = once.new_key()
    assert once.submission_key({"submission": key}) == key


def test_a_form_drawn_without_a_key_or_with_one_too_long_has_none():
    assert once.submission_key({}) is None
    assert once.submission_key({"submission": "k" * 65}) is None


@pytest.mark.django_db
def test_a_key_claimed_twice_says_what_its_first_change_was(user):
    game = make_game(user)
    once.claim(game, "k1", 1, Submission.ADDED)
    with pytest.raises(once.AlreadyStored) as caught:
        once.claim(game, "k1", 1, Submission.ADDED)
    assert caught.value.args[0] == once.submitted(game, "k1")
    assert (caught.value.args[0].number, caught.value.args[0].version) == (1, 1)
