"""The next game of the same people (games/play/following.py): Play again, and a new game
started from the form taking what the last one left on the table."""

import pytest

from games.models import Game, Player, Seat, Session
from games.play import following, services
from games.play.boards import colours
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db

# Hand 1 leaves 20 in the game fund and 100 in the widow's fund (four people).
LEFT = {"carried_game": 20, "carried_widow": 100}


def ended(user, players=("Ana", "Ben", "Cy", "Dee")):
    return make_game(user, players=players, rules={"hands": 1}, hands=[BEN_WINS])


def new_game(user, players=("Ana", "Ben", "Cy", "Dee"), kind="tridge"):
    """A game as the new game form makes it: in a new session, its seats, then take_over."""
    session = Session.objects.create(group=user.owned_groups.first(), place="Next week")
    game = Game.objects.create(
        session=session, kind=kind, players=list(players), rules=services.default_rules(kind)
    )
    for position, name in enumerate(players):
        player, _ = Player.objects.get_or_create(group=user.owned_groups.first(), name=name)
        Seat.objects.create(game=game, player=player, position=position)
    return game, following.take_over(game)


def test_a_new_match_of_the_same_people_takes_the_funds_their_last_one_kept(user):
    last = ended(user)
    game, taken_from = new_game(user)
    assert taken_from == last
    game.refresh_from_db()
    assert {key: game.rules[key] for key in LEFT} == LEFT
    last.refresh_from_db()
    # Once taken, the funds go nowhere else: the last match now leads to this one.
    assert last.meta["next_game"] == game.pk
    assert new_game(user)[1] is None


def test_a_new_match_takes_nothing_from_a_match_not_over_or_of_other_people(user):
    make_game(user, hands=[BEN_WINS])
    assert new_game(user)[1] is None
    ended(user, players=("Ana", "Ben", "Cy", "Eve"))
    game, taken_from = new_game(user, players=("Ana", "Ben", "Cy", "Dee"))
    assert taken_from is None and "carried_game" not in game.rules


def test_after_play_again_a_new_match_takes_nothing_more(user):
    following.start_next(ended(user))
    assert new_game(user)[1] is None


def test_play_again_twice_starts_one_game(user):
    last = ended(user)
    assert following.start_next(last) == following.start_next(last)
    assert Game.objects.count() == 2


def test_each_person_keeps_their_colour_in_the_next_game_though_the_seats_turn(user):
    last = ended(user)
    started = following.start_next(last)
    assert started.players == ["Ben", "Cy", "Dee", "Ana"]
    assert colours(started) == colours(last) == {"Ana": 0, "Ben": 1, "Cy": 2, "Dee": 3}
    again = following.start_next(started)
    assert colours(again) == colours(last)
