"""What a Tridge sheet may and may not say (docs/SHEET.md#tridge)."""

import pytest

from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import SheetError
from games.tridge.terms import INCOMER_DECLINED, PASSED, VOID, Played
from tests.sheets import sheet

THREE = ["Ana", "Ben", "Cy"]
FOUR = ["Ana", "Ben", "Cy", "Dee"]
GOOD = {
    "player": "Ben",
    "bid": "play",
    "trumps": "H",
    "honours": 1,
    "tricks": {"Ana": 2, "Ben": 5, "Cy": 2},
}
PASS = {"passed": True}
# Hand 2 with four people: Ben deals and sits out.
GOOD_FOUR = {
    "player": "Ana",
    "bid": "play",
    "trumps": "H",
    "honours": 1,
    "tricks": {"Ana": 5, "Cy": 2, "Dee": 2},
}
# Hand 2's in-comer is its dealer, Ben, with tricks for all four.
INCOMER = {
    "player": "Ben",
    "bid": "play",
    "trumps": "S",
    "incomer": True,
    "tricks": {"Ana": 2, "Ben": 4, "Cy": 2, "Dee": 1},
}


def read_and_score(data):
    return score_sheet(read_sheet(data))


def refusal(*hands, rules=None, players=THREE):
    with pytest.raises(SheetError) as caught:
        read_and_score(sheet("tridge", players, hands, rules))
    return caught.value


def hands_of(*hands, rules=None, players=THREE):
    return read_sheet(sheet("tridge", players, hands, rules)).hands


def changed(base=GOOD, **fields):
    return {**base, **fields}


def without(key, base=GOOD):
    return {k: v for k, v in base.items() if k != key}


# --- what is read ------------------------------------------------------------------------


def test_a_played_hand_is_read_into_its_record():
    fixed = {**GOOD, "bid": "fixed", "target": 2}
    assert hands_of(GOOD, fixed) == (
        Played("Ben", "play", "H", 1, {"Ana": 2, "Ben": 5, "Cy": 2}),
        Played("Ben", "fixed", "H", 1, {"Ana": 2, "Ben": 5, "Cy": 2}, target=2),
    )


def test_the_other_hands_are_read_into_their_markers():
    hands = hands_of({"passed": True}, {"void": True}, {"incomer_declined": True}, players=FOUR)
    assert hands == (PASSED, VOID, INCOMER_DECLINED)


def test_tricks_are_kept_in_seating_order_whatever_order_the_sheet_wrote():
    hand = changed(tricks={"Cy": 2, "Ben": 5, "Ana": 2})
    assert list(hands_of(hand)[0].tricks) == THREE


def test_honours_may_be_left_out_and_then_count_none():
    assert hands_of(without("honours"))[0].honours == 0


def test_a_hand_may_carry_the_apps_own_meta_notes():
    notes = {"meta": {"note": "late"}}
    read_and_score(sheet("tridge", THREE, [{**GOOD, **notes}, {"passed": True, **notes}]))


@pytest.mark.parametrize(
    "hand",
    [
        changed(went_for_all=False, bid="flip"),
        changed(incomer=False),
        changed(went_for_all=True, tricks={"Ana": 2, "Ben": 5, "Cy": 2}),
        changed(bid="no_change", trumps="D", honours=4),
        changed(bid="fixed", target=3, trumps="C", honours=3),
    ],
    ids=["went_for_all false", "incomer false", "going for all", "four diamonds", "fixed"],
)
def test_these_hands_are_accepted(hand):
    read_and_score(sheet("tridge", THREE, [hand]))


def test_a_four_person_hand_is_read_with_the_three_in_play():
    assert list(hands_of(PASS, GOOD_FOUR, players=FOUR)[1].tricks) == ["Ana", "Cy", "Dee"]


def test_an_in_comer_is_read_with_all_four_peoples_tricks():
    hand = hands_of(PASS, INCOMER, players=FOUR)[1]
    assert (hand.incomer, list(hand.tricks)) == (True, FOUR)


def test_an_in_comer_may_go_for_all_or_bid_no_tricks_or_all_tricks():
    going = changed(INCOMER, went_for_all=True, tricks={"Ana": 1, "Ben": 6, "Cy": 1, "Dee": 1})
    none = changed(INCOMER, bid="no_tricks", tricks={"Ana": 3, "Ben": 0, "Cy": 3, "Dee": 3})
    every = changed(INCOMER, bid="all_tricks", tricks={"Ana": 0, "Ben": 9, "Cy": 0, "Dee": 0})
    for hand in (going, none, every):
        read_and_score(sheet("tridge", FOUR, [PASS, hand]))


# --- what is refused: three people ----------------------------------------------------------


@pytest.mark.parametrize(
    ("bad_hand", "field", "words"),
    [
        (without("player"), "player", "is missing"),
        (changed(player="Dee"), "player", "not a player"),
        (changed(player="ben"), "player", "not a player"),
        (without("bid"), "bid", "is missing"),
        (changed(bid="Play"), "bid", "must be one of"),
        (changed(bid="play_more"), "bid", "must be one of"),
        (without("trumps"), "trumps", "is missing"),
        (changed(trumps="hearts"), "trumps", "must be one of"),
        (changed(trumps="h"), "trumps", "must be one of"),
        (changed(trumps="S", honours=4), "honours", "4 is too many with spades trumps, at most 3"),
        (changed(trumps="C", honours=4), "honours", "too many with clubs trumps, at most 3"),
        (changed(trumps="H", honours=5), "honours", "too many with hearts trumps, at most 4"),
        (changed(trumps="D", honours=5), "honours", "too many with diamonds trumps, at most 4"),
        (changed(honours=-1), "honours", "at least 0"),
        (changed(honours=1.0), "honours", "whole number"),
        (changed(honours=True), "honours", "whole number"),
        (changed(honours=None), "honours", "whole number"),
        (without("tricks"), "tricks", "is missing"),
        (changed(tricks=[2, 5, 2]), "tricks", "JSON object"),
        (changed(tricks={"Ana": 2, "Ben": 5, "Cy": 1}), "tricks", "add up to 8, must be 9"),
        (changed(tricks={"Ana": 3, "Ben": 5, "Cy": 2}), "tricks", "add up to 10, must be 9"),
        (changed(tricks={"Ana": 4, "Ben": 5}), "tricks.Cy", "is missing"),
        (changed(tricks={"Ana": 2, "Ben": 5, "Cy": 2, "Dee": 0}), "tricks.Dee", "does not take"),
        (changed(tricks={"Ana": -1, "Ben": 8, "Cy": 2}), "tricks.Ana", "at least 0"),
        (changed(tricks={"Ana": 2.0, "Ben": 5, "Cy": 2}), "tricks.Ana", "whole number"),
        (changed(tricks={"Ana": 10, "Ben": -1, "Cy": 0}), "tricks.Ana", "at most 9"),
        (changed(bid="fixed"), "target", "is missing"),
        (changed(bid="fixed", target=0), "target", "must be 1, 2 or 3"),
        (changed(bid="fixed", target=4), "target", "must be 1, 2 or 3"),
        (changed(bid="fixed", target="2"), "target", "must be 1, 2 or 3"),
        (changed(bid="fixed", target=True), "target", "must be 1, 2 or 3"),
        (changed(bid="fixed", target=2.0), "target", "must be 1, 2 or 3"),
        (changed(target=2), "target", "only a fixed bid has a target"),
        (changed(bid="no_tricks", target=None), "target", "only a fixed bid"),
        (changed(bid="flip", went_for_all=True), "went_for_all", "only a play bid"),
        (changed(bid="no_change", went_for_all=True), "went_for_all", "only a play bid"),
        (changed(bid="all_tricks", went_for_all=True), "went_for_all", "only a play bid"),
        (changed(went_for_all=1), "went_for_all", "true or false"),
        (
            changed(went_for_all=True, tricks={"Ana": 4, "Ben": 4, "Cy": 1}),
            "went_for_all",
            "needs the first 5 tricks, but Ben took 4",
        ),
        (changed(incomer=True), "incomer", "only happens with 4 people"),
        (changed(incomer="yes"), "incomer", "true or false"),
        (changed(bonus=1), "bonus", "is not a field here"),
        ([GOOD], "hand", "JSON object"),
        ({}, "player", "is missing"),
        ({"passed": False}, "passed", "must be true"),
        ({"passed": 1}, "passed", "must be true"),
        ({"passed": True, "player": "Ben"}, "player", "is not a field here"),
        ({"passed": True, "void": True}, "void", "is not a field here"),
        ({"void": "true"}, "void", "must be true"),
        ({"void": True, "tricks": {}}, "tricks", "is not a field here"),
        ({"incomer_declined": True}, "incomer_declined", "only happens with 4 people"),
    ],
)
def test_a_bad_hand_is_refused_naming_the_hand_and_field(bad_hand, field, words):
    error = refusal(GOOD, bad_hand)
    assert (error.hand, error.field) == (2, field)
    assert words in error.message


def test_the_honours_message_says_what_is_wrong():
    error = refusal(changed(trumps="S", honours=4))
    assert str(error) == "hand 1: honours: 4 is too many with spades trumps, at most 3"


# --- what is refused: four people -------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad_hand", "field", "words"),
    [
        (changed(GOOD_FOUR, player="Ben"), "player", "Ben deals this hand and sits out"),
        (
            changed(GOOD_FOUR, tricks={"Ana": 5, "Ben": 2, "Cy": 2}),
            "tricks.Ben",
            "does not take tricks in this hand",
        ),
        (
            changed(GOOD_FOUR, tricks={"Ana": 5, "Ben": 0, "Cy": 2, "Dee": 2}),
            "tricks.Ben",
            "does not take tricks",
        ),
        (changed(INCOMER, player="Ana"), "player", "the in-comer must be this hand's dealer, Ben"),
        (changed(INCOMER, bid="flip"), "bid", "an in-comer bids play, no_tricks or all_tricks"),
        (changed(INCOMER, bid="no_change"), "bid", "an in-comer bids"),
        (changed(INCOMER, bid="fixed", target=1), "bid", "an in-comer bids"),
        (
            changed(INCOMER, tricks={"Ana": 3, "Cy": 3, "Dee": 3}),
            "tricks.Ben",
            "is missing",
        ),
        (
            changed(INCOMER, tricks={"Ana": 2, "Ben": 4, "Cy": 2, "Dee": 2}),
            "tricks",
            "add up to 10, must be 9",
        ),
        (
            changed(INCOMER, went_for_all=True),
            "went_for_all",
            "needs the first 5 tricks, but Ben took 4",
        ),
        (
            changed(INCOMER, bid="no_tricks", went_for_all=True),
            "went_for_all",
            "only a play bid",
        ),
        ({"incomer_declined": False}, "incomer_declined", "must be true"),
        ({"incomer_declined": True, "player": "Ben"}, "player", "is not a field here"),
    ],
)
def test_a_bad_four_person_hand_is_refused_naming_the_hand_and_field(bad_hand, field, words):
    error = refusal(PASS, bad_hand, players=FOUR)
    assert (error.hand, error.field) == (2, field)
    assert words in error.message


def test_the_dealer_is_known_from_the_hand_number_whatever_came_before():
    # Hand 5 of four people is dealt by Ana again: she sits out, Ben may play.
    others = [{"void": True}, {"passed": True}, {"incomer_declined": True}, {"void": True}]
    sits_out = {**GOOD_FOUR, "tricks": {"Ben": 5, "Cy": 2, "Dee": 2}}
    read_and_score(sheet("tridge", FOUR, [*others, {**sits_out, "player": "Ben"}]))
    error = refusal(*others, changed(GOOD_FOUR), players=FOUR)
    assert (error.hand, error.field) == (5, "player")


# --- the planned end and the rules ------------------------------------------------------------


def test_a_hand_after_the_planned_hands_is_refused():
    error = refusal(GOOD, {"void": True}, {"passed": True}, rules={"hands": 2})
    assert (error.hand, error.field) == (3, "hand")
    assert str(error) == "hand 3: hand: comes after the game ended (2 hands were planned)"


def test_a_hand_after_the_planned_end_is_refused_before_its_own_faults_are_looked_at():
    error = refusal({"passed": True}, {"bid": "nonsense"}, rules={"hands": 1})
    assert (error.hand, error.field) == (2, "hand")


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"hands": 0}, "rules.hands"),
        ({"game_contribution": 0}, "rules.game_contribution"),
        ({"widow_contribution": 0}, "rules.widow_contribution"),
        ({"fund_cap": 0}, "rules.fund_cap"),
        ({"chips": -1}, "rules.chips"),
        ({"flip": 2.0}, "rules.flip"),
        ({"slam": True}, "rules.slam"),
        ({"no_change": None}, "rules.no_change"),
        ({"fixed_bonus": {"4": 1}}, "rules.fixed_bonus.4"),
        ({"fixed_bonus": {"1": -1}}, "rules.fixed_bonus.1"),
        ({"fixed_penalty": 5}, "rules.fixed_penalty"),
        ({"fund_cap_chips": 60}, "rules.fund_cap_chips"),
        ({"hands": None}, "rules.hands"),
    ],
)
def test_bad_rules_are_refused(rules, field):
    error = refusal(rules=rules)
    assert (error.hand, error.field) == (None, field)


def test_settings_of_zero_are_allowed_where_the_rules_allow_them():
    rules = {
        "chips": 0,
        "flip": 0,
        "no_change": 0,
        "no_change_diamonds": 0,
        "slam": 0,
        "fixed_bonus": {"1": 0},
        "fixed_penalty": {"3": 0},
    }
    read_and_score(sheet("tridge", THREE, [GOOD], rules))


@pytest.mark.parametrize("players", [["Ana", "Ben"], ["Ana", "Ben", "Cy", "Dee", "Eve"]])
def test_tridge_needs_three_or_four_people(players):
    assert refusal(players=players).field == "players"
