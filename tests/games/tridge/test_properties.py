"""Tridge properties over random valid sheets: whatever was played, no chip goes astray."""

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.sheets import scored, sheet

PEOPLE = {3: ("Ana", "Ben", "Cy"), 4: ("Ana", "Ben", "Cy", "Dee")}
BIDS = ("play", "flip", "no_change", "no_tricks", "all_tricks", "fixed")
INCOMER_BIDS = ("play", "no_tricks", "all_tricks")
# Written out again rather than imported, so the properties check the engine's table.
MAX_HONOURS = {"S": 3, "H": 4, "D": 4, "C": 3}
DEFAULTS = {"chips": 500, "game_contribution": 5, "fund_cap": 4}

# --- making valid sheets ----------------------------------------------------------------------
#
# One maker serves both hypothesis and the long seeded sheets: `choose(options)` picks one
# option and `between(lo, hi)` a whole number, whichever source of randomness is behind them.


def a_hand(choose, between, players, number):
    """One valid hand for hand `number`: any kind the sheet may hold for these people."""
    people = len(players)
    dealer = players[(number - 1) % people]
    kinds = ["played"] * 8 + ["passed", "passed", "void"]
    if people == 4:
        kinds += ["incomer", "incomer", "declined"]
    kind = choose(kinds)
    if kind in ("passed", "void"):
        return {kind: True}
    if kind == "declined":
        return {"incomer_declined": True}
    if kind == "incomer":
        who = list(players)
        player = dealer
        bid = choose(INCOMER_BIDS)
    else:
        who = [name for name in players if name != dealer] if people == 4 else list(players)
        player = choose(who)
        bid = choose(BIDS)
    trumps = choose(tuple(MAX_HONOURS))
    hand = {"player": player, "bid": bid, "trumps": trumps}
    honours = between(0, MAX_HONOURS[trumps])
    if honours or between(0, 1):
        hand["honours"] = honours
    if bid == "fixed":
        hand["target"] = between(1, 3)
    if kind == "incomer":
        hand["incomer"] = True
    hand["tricks"] = tricks = some_tricks(choose, between, who, player)
    if bid == "play" and tricks[player] >= 5 and between(0, 2) == 0:
        hand["went_for_all"] = True
    return hand


def some_tricks(choose, between, who, player):
    """Nine tricks shared out, the player's first, in an order the sheet need not keep."""
    tricks = {player: between(0, 9)}
    others = [name for name in who if name != player]
    left = 9 - tricks[player]
    for name in others[:-1]:
        tricks[name] = between(0, left)
        left -= tricks[name]
    tricks[others[-1]] = left
    order = choose(("seating", "as drawn"))
    return {name: tricks[name] for name in who} if order == "seating" else tricks


@st.composite
def house_rules(draw):
    """Any subset of the settings, sometimes none, sometimes a planned end."""
    chosen = {}
    ranges = (
        ("chips", 0, 1000),
        ("game_contribution", 1, 20),
        ("widow_contribution", 1, 60),
        ("fund_cap", 1, 6),
        ("flip", 0, 30),
        ("no_change", 0, 40),
        ("no_change_diamonds", 0, 60),
        ("slam", 0, 100),
        ("hands", 1, 40),
    )
    for key, lo, hi in ranges:
        if draw(st.booleans()):
            chosen[key] = draw(st.integers(lo, hi))
    for table in ("fixed_bonus", "fixed_penalty"):
        if draw(st.booleans()):
            targets = draw(st.sets(st.sampled_from(["1", "2", "3"])))
            chosen[table] = {target: draw(st.integers(0, 30)) for target in targets}
    return chosen or None


@st.composite
def tridge_sheets(draw, max_hands=40):
    players = PEOPLE[draw(st.sampled_from((3, 4)))]
    rules = draw(house_rules())
    count = draw(st.integers(0, max_hands))
    planned = (rules or {}).get("hands")
    if planned is not None:
        count = min(count, planned)

    def choose(options):
        return draw(st.sampled_from(options))

    def between(lo, hi):
        return draw(st.integers(lo, hi))

    hands = [a_hand(choose, between, players, number) for number in range(1, count + 1)]
    return sheet("tridge", players, hands, rules)


def a_long_sheet(people, count, seed, rules=None):
    rng = random.Random(seed)
    players = PEOPLE[people]
    hands = [a_hand(rng.choice, rng.randint, players, number) for number in range(1, count + 1)]
    return sheet("tridge", players, hands, rules)


# --- what must hold -------------------------------------------------------------------------


def setting(data, key):
    return (data.get("rules") or {}).get(key, DEFAULTS.get(key))


def assert_the_books_balance(data, result):
    """After every hand: chips held plus every fund is what everyone started with."""
    players = data["players"]
    people = len(players)
    all_chips = people * setting(data, "chips")
    cap = setting(data, "fund_cap") * setting(data, "game_contribution") * people
    running = None
    for number, hand in enumerate(result["hands"], start=1):
        funds = hand["funds"]
        held = sum(hand["totals"].values())
        assert held + funds["game"] + sum(funds["reserves"]) + funds["widow"] == all_chips, number
        assert 0 < funds["game"] <= cap, number
        assert all(0 < reserve <= cap for reserve in funds["reserves"]), number
        assert funds["widow"] > 0, number
        if running is not None:
            assert hand["totals"] == {
                name: running[name] + hand["deltas"][name] for name in players
            }
        running = hand["totals"]
    if result["hands"]:
        assert result["standings"] == running
        assert result["funds"] == result["hands"][-1]["funds"]


def assert_the_game_ends_as_planned(data, result):
    players = data["players"]
    count = len(data["hands"])
    planned = setting(data, "hands")
    finished = planned is not None and count == planned
    assert result["finished"] is finished
    assert result["next_dealer"] == (None if finished else players[count % len(players)])
    if finished:
        best = max(result["standings"].values())
        assert result["winners"] == [n for n, c in result["standings"].items() if c == best]
    else:
        assert result["winners"] == []
    dealers = [hand["dealer"] for hand in result["hands"]]
    assert dealers == [players[index % len(players)] for index in range(count)]


@given(tridge_sheets())
def test_no_chip_is_created_or_lost_and_no_fund_passes_its_cap(data):
    result = scored(copy.deepcopy(data))
    assert_the_books_balance(data, result)
    assert_the_game_ends_as_planned(data, result)


@given(tridge_sheets())
def test_a_valid_sheet_scores_and_rescores_identically(data):
    first = scored(copy.deepcopy(data))
    again = scored(json.loads(json.dumps(data)))
    assert first == again
    assert json.loads(json.dumps(first)) == first


@pytest.mark.parametrize(
    ("people", "seed", "rules"),
    [
        (3, 1, None),
        (4, 2, None),
        (3, 3, {"fund_cap": 1, "game_contribution": 1}),
        (4, 4, {"chips": 50, "widow_contribution": 7, "slam": 90}),
    ],
)
def test_thousands_of_hands_keep_the_books_balanced(people, seed, rules):
    data = a_long_sheet(people, 2500, seed, rules)
    result = scored(data)
    assert_the_books_balance(data, result)
    assert_the_game_ends_as_planned(data, result)
