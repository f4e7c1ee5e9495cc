"""Playing cards as the screens show them (games/engine/cards.py)."""

from games.engine import cards


def test_cards_read_as_a_player_says_them():
    assert (cards.face("10H"), cards.card_name("10H")) == ("10\u2665", "ten of hearts")
    assert cards.is_red("QD") and not cards.is_red("QC")


def test_a_suit_heading_has_its_symbol_name_and_colour():
    hearts = {"suit": "H", "symbol": "\u2665", "name": "hearts", "red": True}
    assert cards.suit_heading("H") == hearts
    assert cards.suit_heading("C")["red"] is False
