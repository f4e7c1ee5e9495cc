"""The real decks the Cardigan tests deal (real_decks.py): four packs, four decks, as they fall."""

from collections import Counter

from games.engine.cards import deck
from tests.games.cardigan.cardigan_sheets import PLAYERS, TEAMS, game, quick_game
from tests.games.cardigan.real_decks import SEEDS, all_deals, decks, real_game
from tests.sheets import scored

SIZES = {2: "pair", 3: "triplet", 4: "four"}


def test_four_packs_make_four_decks_of_52_holding_every_card_four_times():
    dealt = decks(1)
    assert [len(cards) for cards in dealt] == [52] * 4
    assert Counter(card for cards in dealt for card in cards) == Counter(deck() * 4)


def test_nearly_every_deck_holds_some_card_twice_and_lacks_another():
    decks_of_all = [cards for seed in SEEDS for cards in decks(seed)]
    doubled = [cards for cards in decks_of_all if max(Counter(cards).values()) > 1]
    lacking = [cards for cards in decks_of_all if len(set(cards)) < 52]
    assert len(decks_of_all) >= 20
    assert len(doubled) == len(lacking) >= 19


def test_every_real_game_is_a_sheet_the_app_accepts_card_by_card_and_counted():
    for seed in SEEDS:
        hands = real_game(seed)
        assert scored(game(*hands))["finished"]
        assert scored(quick_game(*hands))["standings"] == scored(game(*hands))["standings"]


def test_the_tricks_fall_to_both_teams_by_a_random_split():
    deals = all_deals()
    assert len(deals) >= 20
    sizes = {len(hand["cards"][TEAMS[0]]) for _, _, hand in deals}
    assert len(sizes) > 5 and all(size % 4 == 0 for size in sizes)


def test_players_show_the_sets_their_dealt_hands_hold_as_they_fall():
    deals = all_deals()
    shown = [hand.get("duplicates", {}) for _, _, hand in deals]
    assert sum(len(sets) for sets in shown) > 2 * len(deals)  # about three players a deal
    for (seed, number, _), sets in zip(deals, shown, strict=True):
        cards = decks(seed)[number - 1]
        for player, kinds in sets.items():
            k = (PLAYERS.index(player) - number) % 4
            held = Counter(cards[k::4])
            assert sorted(kinds) == sorted(SIZES[n] for n in held.values() if n > 1)
