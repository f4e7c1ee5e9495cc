"""What Tridge's hand screen works out besides the form (games/tridge/screen.py)."""

from games.engine.sheet import settings_as_rules
from games.tridge.rules import Settings
from games.tridge.screen import opening_funds

PEOPLE = ["Ana", "Ben", "Cy", "Dee"]


def test_the_funds_before_hand_one_are_the_opening_payments():
    rules = settings_as_rules(Settings())
    assert opening_funds(rules, PEOPLE) == {"game": 20, "reserves": [], "widow": 100}


def test_the_funds_before_hand_one_hold_what_the_last_match_left():
    rules = settings_as_rules(Settings()) | {"carried_game": 20, "carried_widow": 100}
    assert opening_funds(rules, PEOPLE) == {"game": 40, "reserves": [], "widow": 200}
