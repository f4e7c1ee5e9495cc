"""A Cardigan sheet whose deals give each team's card points, for tables that count their
own piles (docs/SHEET.md#cardigan): scored as the same deal card by card, bounded by the
four packs' points, the full suits entered."""

from tests.games.cardigan.cardigan_sheets import AC, BD, full_suits_of, game, refused
from tests.games.cardigan.real_decks import SEEDS, counts_of, points_of, real_game
from tests.sheets import scored


def points_game(hands, **extra):
    return game(*(points_of(hand) for hand in hands), **extra)


def test_a_deal_of_points_scores_as_the_same_deal_card_by_card():
    for seed in SEEDS:
        hands = real_game(seed)
        by_cards = scored(game(*hands))
        by_points = scored(points_game(hands, full_suits=full_suits_of(hands)))
        assert by_points["standings"] == by_cards["standings"]
        assert by_points["hands"] == by_cards["hands"]


def test_points_counts_and_cards_mix_in_one_game():
    hands = real_game(2)
    mixed = [hands[0], counts_of(hands[1]), points_of(hands[2]), points_of(hands[3])]
    sheet = game(*mixed, full_suits=full_suits_of(hands))
    assert scored(sheet)["standings"] == scored(game(*hands))["standings"]


def test_the_last_deal_must_bring_the_game_to_the_four_packs_points():
    hands = [points_of(hand) for hand in real_game(1)]
    hands[3]["card_points"][AC] -= 1
    error = refused(game(*hands, full_suits=full_suits_of(real_game(1))))
    assert "559 card points over the game, the packs hold 560" in str(error)


def test_points_beyond_the_packs_are_refused_in_any_deal():
    hands = [points_of(hand) for hand in real_game(1)][:3]
    for hand in hands:
        hand["card_points"][BD] += 60
    assert "card points over the game, the packs hold 560" in str(refused(game(*hands)))


def test_a_game_with_points_needs_its_full_suits():
    hands = real_game(3)
    error = refused(points_game(hands))
    assert "full_suits" in str(error) and "card_points" in str(error)


def test_a_deal_gives_cards_or_counts_or_points_never_two():
    hand = real_game(1)[0]
    both = points_of(hand) | {"cards": hand["cards"]}
    assert "one of cards, card_counts and card_points" in str(refused(game(both)))


def test_a_teams_points_are_bounded_by_the_cards_it_can_hold():
    hand = points_of(real_game(1)[0])
    hand["card_points"][AC] = 11 * 53
    assert "card_points" in str(refused(game(hand)))
