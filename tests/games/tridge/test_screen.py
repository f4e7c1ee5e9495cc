"""What Tridge's hand screen works out besides the form (games/tridge/screen.py)."""

import pytest

from games.engine.sheet import settings_as_rules
from games.tridge.forms import HandForm
from games.tridge.rules import Settings
from games.tridge.screen import opening_funds
from tests.tables import make_game

PEOPLE = ["Ana", "Ben", "Cy", "Dee"]


def test_the_funds_before_hand_one_are_the_opening_payments():
    rules = settings_as_rules(Settings())
    assert opening_funds(rules, PEOPLE) == {"game": 20, "reserves": [], "widow": 100}


def test_the_funds_before_hand_one_hold_what_the_last_match_left():
    rules = settings_as_rules(Settings()) | {"carried_game": 20, "carried_widow": 100}
    assert opening_funds(rules, PEOPLE) == {"game": 40, "reserves": [], "widow": 200}


@pytest.mark.django_db
def test_the_dealers_row_of_tricks_is_drawn_as_an_in_comers_alone(user):
    form = HandForm(game=make_game(user), number=2)  # Ben deals and sits out
    rows = form.trick_rows()
    assert [row["field"].name for row in rows] == [f"tricks_{seat}" for seat in range(4)]
    assert [row.get("only") for row in rows] == [None, "incomer", None, None]
    # Those in play are the rows the form checks: the dealer's counts only for an in-comer.
    assert [row["field"].name for row in form.trick_chips()] == ["tricks_0", "tricks_2", "tricks_3"]


@pytest.mark.django_db
def test_with_three_people_every_row_of_tricks_is_in_play(user):
    form = HandForm(game=make_game(user, players=("Ana", "Ben", "Cy")), number=1)
    assert [row.get("only") for row in form.trick_rows()] == [None, None, None]
