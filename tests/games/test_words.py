"""Words every game's screens share (games/words.py)."""

from games.words import dashed, plural, sentence, signed, who_win


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
    assert who_win(["Ana & Cy"]) == "Ana & Cy wins"
