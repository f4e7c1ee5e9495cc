"""The parts every game's hand form shares: the figure the app fills in, and its chips."""

from games.engine.forms import REST, fill_rest

NAMES = ["tricks_0", "tricks_1", "tricks_2"]


def filled(**data):
    return fill_rest(dict(data), NAMES, 9)


def test_nothing_is_filled_in_before_all_the_others_are_entered():
    data = filled(tricks_0="5", tricks_1="")
    assert ("tricks_2" in data, data[REST]) == (False, "")


def test_the_last_figure_is_what_is_left_once_all_the_others_are_entered():
    data = filled(tricks_0="5", tricks_1="3")
    assert (data["tricks_2"], data[REST]) == ("1", "tricks_2=1")


def test_the_apps_figure_follows_a_change_to_another():
    data = filled(tricks_0="6", tricks_1="3", tricks_2="1", rest="tricks_2=1")
    assert (data["tricks_2"], data[REST]) == ("0", "tricks_2=0")


def test_the_apps_figure_changed_by_the_player_is_theirs_and_not_filled_again():
    data = filled(tricks_0="6", tricks_1="3", tricks_2="2", rest="tricks_2=1")
    assert (data["tricks_2"], data[REST]) == ("2", "")


def test_any_one_may_be_left_for_the_app_not_only_the_last():
    data = filled(tricks_1="3", tricks_2="2")
    assert (data["tricks_0"], data[REST]) == ("4", "tricks_0=4")


def test_more_than_there_are_or_an_unreadable_figure_fills_in_nothing():
    assert "tricks_2" not in filled(tricks_0="7", tricks_1="3")
    assert "tricks_2" not in filled(tricks_0="x", tricks_1="3")


def test_once_the_others_make_the_whole_total_every_one_left_blank_is_0():
    data = fill_rest({"tricks_0": "9", "tricks_1": "", "tricks_2": ""}, NAMES, 9)
    assert (data["tricks_1"], data["tricks_2"]) == ("0", "0")
    assert data[REST] == "tricks_1=0,tricks_2=0"
    again = fill_rest(data | {"tricks_0": "7"}, NAMES, 9)  # nothing forced now: both cleared
    assert (again["tricks_1"], again["tricks_2"], again[REST]) == ("", "", "")
