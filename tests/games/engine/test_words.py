"""Words every game's screens share (games/engine/words.py)."""

from games.engine.words import dashed, game_over, names, plural, sentence, signed, who_win


def test_a_count_of_one_takes_the_singular():
    assert (plural(1, "trick"), plural(0, "trick"), plural(2, "trick")) == (
        "1 trick",
        "0 tricks",
        "2 tricks",
    )


def test_a_message_becomes_a_sentence_with_a_capital_and_a_full_stop():
    assert sentence("must be 10 in all") == "Must be 10 in all."


def test_a_loss_is_written_with_a_true_minus_sign():
    assert (signed(3), signed(0), signed(-3)) == ("+3", "+0", "\u22123")


def test_a_row_of_numbers_is_joined_by_en_dashes():
    assert dashed([5, 2, 2]) == "5\u20132\u20132"


def test_the_verb_agrees_with_how_many_won():
    assert who_win(["Ana"]) == "Ana wins"
    assert who_win(["Ana", "Ben"]) == "Ana and Ben win"
    assert who_win(["Ana", "Bo", "Cy"]) == "Ana, Bo and Cy win"


def test_a_team_wins_with_a_plural_verb():
    assert who_win(["Tom & Raj"], team=True) == "Tom & Raj win"


def test_a_list_of_names_has_commas_and_one_and():
    assert [names([]), names(["Ana"]), names(["Ana", "Bo"]), names(["Ana", "Bo", "Cy"])] == [
        "",
        "Ana",
        "Ana and Bo",
        "Ana, Bo and Cy",
    ]


def test_the_end_of_a_game_names_its_winner():
    assert game_over({"Ana": 9, "Bo": 3}, ["Ana"]) == "Game over: Ana wins."
    assert game_over({"Ana": 9, "Bo": 9, "Cy": 1}, ["Ana", "Bo"]) == "Game over: Ana and Bo win."
    assert game_over({"Ana": 1}, []) == "Game over."


def test_everyone_level_at_the_end_is_a_tie_not_everyone_winning():
    assert game_over({"Ana": 4, "Bo": 4, "Cy": 4}, ["Ana", "Bo", "Cy"]) == (
        "Game over: a tie, everyone on 4."
    )
    assert game_over({"Ana": -5, "Bo": -5, "Cy": -5}, ["Ana", "Bo", "Cy"]) == (
        "Game over: a tie, everyone down 5."
    )


def test_when_everyone_is_down_the_game_says_so_and_who_lost_least():
    standings = {"Ana": -2, "Bo": -7, "Cy": -2}
    assert game_over(standings, ["Ana", "Cy"]) == (
        "Game over: everyone is down; Ana and Cy lose least."
    )
    assert game_over({"Tom & Raj": -1, "Ana & Cy": -3}, ["Tom & Raj"], team=True) == (
        "Game over: everyone is down; Tom & Raj lose least."
    )


def test_a_record_read_back_in_another_key_order_is_worded_in_seat_order():
    # PostgreSQL's jsonb gives keys back shortest first: Cy, Ben, Dee.
    from games.engine.words import in_seats
    from games.tridge.words import describe_record

    record = {"player": "Dee", "bid": "play", "trumps": "C", "honours": 3}
    record["tricks"] = {"Cy": 3, "Ben": 5, "Dee": 1}
    seats = ["Ana", "Ben", "Cy", "Dee"]
    # The player first, then the others in seat order.
    assert describe_record(in_seats(record, seats)).endswith("tricks Dee 1, Ben 5, Cy 3")
    teams = {"cards": {"Ben & Dee": ["AS"], "Ana & Cy": ["KS"]}}
    assert list(in_seats(teams, seats)["cards"]) == ["Ana & Cy", "Ben & Dee"]
