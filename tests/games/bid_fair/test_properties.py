"""Bid Fair properties over random valid sheets: whatever was played, the score holds up."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.bid_fair.bid_fair_sheets import game, refused, score
from tests.sheets import scored

RANKS = ("9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
PACK = tuple(rank + suit for suit in SUITS for rank in RANKS)
# Written out again rather than imported, so the properties check the engine's table.
WORTH = {"A": 1, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9}
MAX_HANDS = 14
DEFAULT_TARGET = 800


def worth(cards):
    return sum(WORTH[card[:-1]] for card in cards)


@st.composite
def rules(draw):
    """House rules: any subset of the settings, sometimes none at all."""
    chosen = {}
    if draw(st.booleans()):
        ranks = draw(st.sets(st.sampled_from(RANKS)))
        chosen["contract_values"] = {rank: draw(st.integers(0, 150)) for rank in ranks}
    for key, hi in (("trump_bonus", 100), ("contract_reward", 100), ("target", 1200)):
        if draw(st.booleans()):
            chosen[key] = draw(st.integers(0, hi))
    return chosen or None


@st.composite
def bid_fair_hands(draw, players):
    """One valid hand: a redeal now and then, otherwise a deal in any of the sheet's forms."""
    if draw(st.integers(0, 9)) == 0:
        return {"redeal": True}
    cards = list(draw(st.permutations(PACK)))
    hand = {}
    bids = {}
    for name in players:
        form = draw(st.sampled_from(["card", "null", "left out"]))
        if form == "null":
            bids[name] = None
        elif form == "card":
            taken = [card for card in bids.values() if card is not None]
            # A second bid card must be of another rank than the first.
            card = next(c for c in cards if all(c[:-1] != t[:-1] for t in taken))
            cards.remove(card)
            bids[name] = card
    if bids or draw(st.booleans()):
        hand["bids"] = bids
    if draw(st.booleans()):
        hand["cut"] = cards.pop()
    else:
        hand["trump"] = draw(st.sampled_from(SUITS))
    taken = cards[:14]
    first = 2 * draw(st.integers(0, 7))
    captured = {players[0]: taken[:first], players[1]: taken[first:]}
    form = draw(st.sampled_from(["captured", "points of the cards", "any points"]))
    if form == "captured":
        hand["captured"] = captured
    elif form == "points of the cards":
        hand["points"] = {name: worth(cards) for name, cards in captured.items()}
    else:
        total = draw(st.integers(100, 140))
        share = draw(st.integers(0, total))
        hand["points"] = {players[0]: share, players[1]: total - share}
    return hand


@st.composite
def bid_fair_sheets(draw):
    """A whole valid sheet: hands are drawn until the game ends (or enough were played)."""
    players = draw(st.sampled_from([("Ana", "Ben"), ("Ben", "Ana"), ("Zoë", "Al")]))
    house = draw(rules())
    hands = []
    for _ in range(draw(st.integers(0, MAX_HANDS))):
        hands.append(draw(bid_fair_hands(players)))
        if score(*hands, rules=house, players=players)["finished"]:
            break
    return game(*hands, rules=house, players=players)


def score_of(data):
    # A copy, so that scoring could never alter the sheet the properties compare with.
    return scored(copy.deepcopy(data))


def target_of(data):
    return (data.get("rules") or {}).get("target", DEFAULT_TARGET)


def alone_above(totals, target):
    best = max(totals.values())
    top = [name for name, total in totals.items() if total == best]
    return top[0] if len(top) == 1 and best > target else None


@given(bid_fair_sheets())
def test_a_valid_sheet_scores_and_rescores_identically(data):
    first = score_of(data)
    again = score_of(json.loads(json.dumps(data)))
    assert first == again
    assert json.loads(json.dumps(first)) == first


@given(bid_fair_sheets())
def test_totals_are_the_running_sum_of_the_deltas(data):
    result = score_of(data)
    players = data["players"]
    running = dict.fromkeys(players, 0)
    for number, hand in enumerate(result["hands"], start=1):
        assert hand["number"] == number
        for name in players:
            running[name] += hand["deltas"][name]
        assert hand["totals"] == running
    assert result["standings"] == running


@given(bid_fair_sheets())
def test_a_deals_change_is_its_parts_and_never_negative(data):
    for hand in score_of(data)["hands"]:
        if hand.get("redeal"):
            assert set(hand["deltas"].values()) == {0}
            continue
        for name, delta in hand["deltas"].items():
            parts = ("card_points", "trump_bonus", "holder_bonus", "reward")
            assert delta == sum(hand[part][name] for part in parts)
            # A failed contract costs nothing, so no deal takes points away.
            assert delta >= 0


@given(bid_fair_sheets())
def test_card_points_are_the_worth_of_the_cards_noted(data):
    result = score_of(data)
    for raw, hand in zip(data["hands"], result["hands"], strict=True):
        if "captured" in raw:
            assert sum(hand["card_points"].values()) == worth(sum(raw["captured"].values(), []))
            for name, cards in raw["captured"].items():
                assert hand["card_points"][name] == worth(cards)
        if "points" in raw:
            assert hand["card_points"] == raw["points"]
        if "card_points" in hand:
            assert 100 <= sum(hand["card_points"].values()) <= 140


@given(bid_fair_sheets())
def test_the_game_ends_at_the_first_deal_leaving_one_player_alone_above_the_target(data):
    result = score_of(data)
    target = target_of(data)
    hands = result["hands"]
    for hand in hands[:-1]:
        assert alone_above(hand["totals"], target) is None
    leader = alone_above(hands[-1]["totals"], target) if hands else None
    assert result["finished"] is (leader is not None)
    assert result["winners"] == ([leader] if leader else [])
    assert result["target"] == target


@given(bid_fair_sheets())
def test_the_deal_follows_the_leader_alternates_on_a_draw_and_stays_on_a_redeal(data):
    result = score_of(data)
    players = data["players"]
    dealer = players[0]
    for hand in result["hands"]:
        assert hand["dealer"] == dealer
        if hand.get("redeal"):
            continue
        a, b = (hand["totals"][name] for name in players)
        if a == b:
            dealer = players[1] if dealer == players[0] else players[0]
        else:
            dealer = players[0] if a > b else players[1]
    assert result["next_dealer"] == (None if result["finished"] else dealer)


@given(bid_fair_sheets(), st.data())
def test_no_hand_is_accepted_after_the_game_ended(data, more):
    if not score_of(data)["finished"]:
        return
    extra = more.draw(bid_fair_hands(tuple(data["players"])))
    longer = copy.deepcopy(data)
    longer["hands"].append(extra)
    err = refused(longer)
    assert (err.field, err.hand) == ("hand", len(longer["hands"]))


def test_the_strategy_reaches_finished_games():
    # Guard the properties above from passing vacuously.
    finished = []

    @settings(database=None)
    @given(bid_fair_sheets())
    def collect(data):
        finished.append(score_of(data)["finished"])

    collect()
    assert any(finished)
