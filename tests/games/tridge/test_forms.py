"""The Tridge hand form: records it builds, hands it reads back, the choices it offers."""

from decimal import Decimal

import pytest

from games.tridge.forms import HandForm, SettlementForm, initial_from
from tests.tables import make_game

pytestmark = pytest.mark.django_db

RECORDS = [
    {"passed": True},
    {"void": True},
    {"incomer_declined": True},
    {
        "player": "Ben",
        "bid": "play",
        "trumps": "C",
        "honours": 3,
        "tricks": {"Ben": 5, "Cy": 3, "Dee": 1},
    },
    {
        "player": "Cy",
        "bid": "fixed",
        "trumps": "H",
        "honours": 0,
        "target": 2,
        "tricks": {"Ben": 4, "Cy": 3, "Dee": 2},
    },
    {
        "player": "Ana",
        "bid": "all_tricks",
        "trumps": "D",
        "honours": 4,
        "incomer": True,
        "tricks": {"Ana": 9, "Ben": 0, "Cy": 0, "Dee": 0},
    },
    {
        "player": "Dee",
        "bid": "play",
        "trumps": "S",
        "honours": 1,
        "went_for_all": True,
        "tricks": {"Ben": 1, "Cy": 1, "Dee": 7},
    },
]


def as_post(initial):
    return {key: "" if value is None else str(value) for key, value in initial.items()}


@pytest.mark.parametrize("record", RECORDS)
def test_a_record_read_into_the_form_comes_back_unchanged(user, record):
    game = make_game(user)
    people = list(game.players)
    form = HandForm(as_post(initial_from(record, people)), game=game, number=1)
    assert form.is_valid(), form.errors
    assert form.to_record() == record


def test_correcting_a_stored_hands_tricks_moves_the_last_persons_not_a_trap(user):
    game = make_game(user)
    stored = as_post(initial_from(RECORDS[3], list(game.players)))
    shown = HandForm(game=game, number=1, record=RECORDS[3]).trick_chips()
    assert [row["filled"] for row in shown] == [False, False, True]  # Dee's is the app's
    form = HandForm(stored | {"tricks_1": "6"}, game=game, number=1)
    assert form.is_valid(), form.errors
    assert form.to_record()["tricks"] == {"Ben": 6, "Cy": 3, "Dee": 0}


def test_with_three_people_the_incomer_choices_are_not_offered(user):
    game = make_game(user, players=("Ana", "Ben", "Cy"))
    kinds = [value for value, _ in HandForm(game=game, number=1).fields["kind"].choices]
    assert kinds == ["played", "passed", "void"]


def test_honours_offered_follow_the_trumps(user):
    game = make_game(user)
    form = HandForm({"kind": "played", "trumps": "S"}, game=game, number=1)
    assert [c.data["value"] for c in form.honour_choices()] == [0, 1, 2, 3]


@pytest.mark.parametrize("typed", ["0,05", "0.05", " 0,05 "])
def test_money_per_chip_takes_a_decimal_comma_or_point(typed):
    form = SettlementForm({"chip_value": typed})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["chip_value"] == Decimal("0.05")


@pytest.mark.parametrize("typed", ["lots", "0,0,5", "1.000,5", "-1", "0.05\u20ac"])
def test_money_per_chip_refuses_anything_but_digits_and_one_separator(typed):
    form = SettlementForm({"chip_value": typed})
    assert not form.is_valid()
    assert "one point or comma" in form.errors["chip_value"][0]


def test_money_per_chip_may_be_left_empty():
    form = SettlementForm({"chip_value": ""})
    assert form.is_valid() and form.cleaned_data["chip_value"] is None


def test_tricks_past_the_nine_are_said_on_those_entered_and_0_stays_on_offer(user):
    game = make_game(user)
    post = {"kind": "played", "player": "Ben", "bid": "play", "trumps": "C", "honours": "0"}
    form = HandForm(post | {"tricks_1": "6", "tricks_2": "5"}, game=game, number=1)
    assert not form.is_valid()
    assert form.errors["tricks_1"] == ["Ben and Cy took 11, but a hand has 9 tricks: lower one."]
    assert "tricks_3" not in form.errors
    dee = form.trick_chips()[-1]["chips"]
    assert [chip["n"] for chip in dee if chip["possible"]] == [0]


def test_a_greyed_out_chip_says_whose_tricks_leave_no_room_for_it(user):
    game = make_game(user)
    post = {"kind": "played", "player": "Ben", "bid": "play", "trumps": "C", "honours": "0"}
    form = HandForm(post | {"tricks_1": "6", "tricks_2": "2"}, game=game, number=1)
    ben, cy, dee = (row["chips"] for row in form.trick_chips())
    assert cy[4]["why"] == "Cy can't take 4: Ben has 6 of the 9 tricks. Lower Ben first."
    assert "why" not in cy[3] and "why" not in ben[7]  # Cy's 2 is not counted against Ben
    assert dee[2]["why"] == (
        "Dee can't take 2: Ben and Cy have 8 of the 9 tricks. Lower one of them first."
    )


def test_honours_no_longer_possible_after_the_trumps_changed_are_asked_again(user):
    game = make_game(user)
    post = {"kind": "played", "player": "Ben", "bid": "play", "trumps": "S"}
    form = HandForm(post | {"tricks_1": "5", "tricks_2": "3"}, game=game, number=1)
    assert form.errors["honours"] == ["How many honours?"]
    assert HandForm(game=game, number=1)["honours"].value() == 0  # a new hand starts at none
