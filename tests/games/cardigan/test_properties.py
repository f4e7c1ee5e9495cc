"""Properties of Cardigan scoring over random valid sheets, card by card and in quick mode."""

import json

from hypothesis import given
from hypothesis import strategies as st

from games.cardigan.rules import BIDS
from games.engine.cards import rank_of
from tests.games.cardigan.cardigan_sheets import (
    AC,
    BD,
    PACK,
    PLAYERS,
    TEAMS,
    full_suits_of,
    game,
    quick,
    quick_game,
    team_of,
)
from tests.sheets import scored

SETS = ("pair", "triplet", "four")
# Written out again on purpose: the properties must not trust the engine's own table.
FIRST_DEAL_POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "5": 5}
FULL_SUIT_BONUS = {
    "D": (0, 1000, 3000, 6000, 10000),
    "C": (0, 2000, 6000, 12000, 20000),
    "H": (0, 3000, 9000, 18000, 30000),
    "S": (0, 4000, 12000, 24000, 40000),
}


def holding_range(tricks, received):
    """The fewest and most cards each team can hold: (low, high) for Ana & Cy."""
    low = max(tricks[AC] + received[AC], 52 - 4 * tricks[BD] - received[BD])
    high = min(4 * tricks[AC] + received[AC], 52 - tricks[BD] - received[BD])
    return low, high


@st.composite
def deals(draw, number, dealt):
    """One valid deal, number `number`, of the 52 cards `dealt`, recorded card by card."""
    dealer = PLAYERS[number - 1]
    stuck = draw(st.booleans())
    declarer = dealer if stuck else draw(st.sampled_from(PLAYERS))
    taken = draw(st.integers(0, 13))
    tricks = {team: taken if team == team_of(declarer) else 13 - taken for team in TEAMS}
    received = {team: draw(st.integers(0, 26)) for team in TEAMS}
    low, high = holding_range(tricks, received)
    if low > high:
        # Too many discards for these tricks; no discards always fit.
        received = dict.fromkeys(TEAMS, 0)
        low, high = holding_range(tricks, received)
    held = draw(st.integers(low, high))
    hand = {
        "declarer": declarer,
        "level": draw(st.integers(1, 7)),
        "bid": draw(st.sampled_from(BIDS)),
        "tricks": taken,
        "cards": {AC: list(dealt[:held]), BD: list(dealt[held:])},
    }
    for flag, value in (("dummy", draw(st.booleans())), ("open", draw(st.booleans()))):
        if value or draw(st.booleans()):
            hand[flag] = value
    if stuck or draw(st.booleans()):
        hand["stuck"] = stuck
    if any(received.values()) or draw(st.booleans()):
        hand["discards"] = {team: n for team, n in received.items() if n or draw(st.booleans())}
    duplicates = draw(
        st.dictionaries(st.sampled_from(PLAYERS), st.lists(st.sampled_from(SETS), max_size=3))
    )
    if duplicates:
        hand["duplicates"] = duplicates
    return hand


@st.composite
def games_with_cards(draw):
    """(rules, the deals card by card): the four packs shuffled and split into decks of 52."""
    count = draw(st.integers(0, 4))
    pool = draw(st.permutations(PACK * 4))
    hands = [
        draw(deals(number, pool[52 * (number - 1) : 52 * number])) for number in range(1, count + 1)
    ]
    rules = {}
    if draw(st.booleans()):
        rules["bid_values"] = draw(st.dictionaries(st.sampled_from(BIDS), st.integers(0, 1001)))
    return rules, hands


@st.composite
def sheets(draw):
    """(sheet, the deals card by card): some deals may be entered in quick mode."""
    rules, hands = draw(games_with_cards())
    entered = [quick(hand) if draw(st.booleans()) else hand for hand in hands]
    extra = {}
    if len(hands) == 4 and any("card_counts" in hand for hand in entered):
        extra["full_suits"] = full_suits_of(hands)
    return game(*entered, rules=rules, **extra), hands


def pack_points(cards):
    return sum(FIRST_DEAL_POINTS.get(rank_of(card), 0) for card in cards)


@given(sheets())
def test_every_valid_sheet_scores_and_rescoring_gives_the_same_result(case):
    data, hands = case
    result = scored(data)
    assert list(result["standings"]) == [AC, BD]
    assert result["finished"] == (len(hands) == 4)
    assert scored(json.loads(json.dumps(data))) == result


@given(sheets())
def test_a_deals_card_points_add_up_to_the_points_of_its_cards_times_the_deal_number(case):
    data, hands = case
    for number, (hand, dealt) in enumerate(zip(scored(data)["hands"], hands, strict=True), 1):
        cards = dealt["cards"][AC] + dealt["cards"][BD]
        assert sum(hand["breakdown"][team]["cards"] for team in TEAMS) == number * pack_points(
            cards
        )


@given(sheets())
def test_totals_are_the_running_sum_of_deltas_and_deltas_the_sum_of_their_parts(case):
    data, _ = case
    result = scored(data)
    running = dict.fromkeys(TEAMS, 0)
    for hand in result["hands"]:
        for team in TEAMS:
            assert hand["deltas"][team] == sum(hand["breakdown"][team].values())
            running[team] += hand["deltas"][team]
        assert hand["totals"] == running
    if result["finished"]:
        bonus = {
            team: sum(
                FULL_SUIT_BONUS[suit][n] for suit, n in result["full_suit_counts"][team].items()
            )
            for team in TEAMS
        }
        assert result["full_suits"] == bonus
        assert result["standings"] == {team: running[team] + bonus[team] for team in TEAMS}
        assert result["winners"] == [
            team for team in TEAMS if result["standings"][team] == max(result["standings"].values())
        ]
    else:
        assert result["standings"] == running
        assert result["winners"] == []


@given(games_with_cards())
def test_quick_mode_scores_the_same_as_the_cards_it_counts(case):
    rules, hands = case
    assert scored(quick_game(*hands, rules=rules)) == scored(game(*hands, rules=rules))
