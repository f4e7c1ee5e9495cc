"""Contractor's auction, rule by rule (docs/RULES.md#the-auction), illegal calls included."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.contractor.auction import (
    BID,
    CHALLENGE,
    PASS,
    Auction,
    AuctionError,
    Result,
    bid_as_json,
    highest_bid,
)
from games.contractor.rules import STRAINS, Bid, Settings

PLAYERS = ("Ana", "Ben", "Cy")
CLUBS = Bid("clubs")  # 6
CLUBS_EXPOSED = Bid("clubs", exposed=True)  # 8
NO_TRUMP = Bid("no_trump")  # 7
SPADES_SURE = Bid("spades", absolutely_sure=True, kitty_foregone=3)  # 10


def auction(*calls, dealer="Ana", settings=None):
    """An auction after `calls`: "pass", "challenge" or a Bid, each for whoever is on turn."""
    table = Auction(PLAYERS, dealer, settings)
    for call in calls:
        if isinstance(call, Bid):
            table.call(BID, call)
        else:
            table.call(call)
    return table


# --- who calls, and in what order ------------------------------------------------


@pytest.mark.parametrize(("dealer", "first"), [("Ana", "Ben"), ("Ben", "Cy"), ("Cy", "Ana")])
def test_the_player_left_of_the_dealer_calls_first(dealer, first):
    assert Auction(PLAYERS, dealer).turn == first


def test_calls_go_clockwise():
    table = auction(dealer="Cy")
    turns = []
    for bid in (Bid("diamonds"), Bid("clubs"), NO_TRUMP, SPADES_SURE):
        turns.append(table.turn)
        table.call(BID, bid)
    assert turns == ["Ana", "Ben", "Cy", "Ana"]


def test_a_call_out_of_turn_is_refused():
    table = auction()
    with pytest.raises(AuctionError, match="Ben's turn"):
        table.call(PASS, player="Cy")
    assert table.calls == []


def test_someone_not_at_the_table_cannot_call():
    with pytest.raises(AuctionError, match="not at this table"):
        auction().call(PASS, player="Zed")


def test_only_pass_bid_and_challenge_are_calls():
    with pytest.raises(AuctionError, match="not a call"):
        auction().call("double")


def test_at_the_start_one_may_pass_or_bid_but_not_challenge():
    table = auction()
    assert table.legal_calls() == (PASS, BID)
    with pytest.raises(AuctionError, match="no bid to challenge"):
        table.call(CHALLENGE)


# --- bids ------------------------------------------------------------------------------


def test_a_bid_must_be_worth_more_than_the_highest_so_far():
    table = auction(CLUBS_EXPOSED)  # Ben bids 8
    for lower_or_equal in (
        CLUBS,
        Bid("hearts", exposed=True, absolutely_sure=True, kitty_foregone=0),
    ):
        assert table.value(lower_or_equal) <= 8
        assert not table.beats(lower_or_equal)
        with pytest.raises(AuctionError, match="more than Ben's 8"):
            table.call(BID, lower_or_equal)
    assert table.beats(Bid("no_trump", kitty_foregone=2))  # 9
    table.call(BID, Bid("no_trump", kitty_foregone=2))
    assert table.to_beat == 9 and table.high.player == "Cy"


def test_the_dealers_bonus_counts_when_bids_are_compared():
    table = auction(CLUBS, dealer="Cy")  # Ana bids 6
    table.call(PASS)  # Ben
    assert table.turn == "Cy" and table.value(CLUBS) == 7
    table.call(BID, CLUBS)  # the dealer's clubs beat the same clubs
    assert table.high.value == 7


def test_a_bid_made_by_the_dealer_is_recorded_with_the_extra_point():
    table = auction(PASS, PASS, CLUBS)  # Ana deals and bids last
    assert table.result == Result("Ana", CLUBS, 7, None)


def test_values_come_from_the_games_strain_settings():
    settings = Settings(strain_values={**Settings().strain_values, "clubs": 9})
    table = auction(CLUBS, settings=settings)
    assert table.to_beat == 9
    assert not table.beats(Bid("no_trump", exposed=True))  # 7 + 2 = 9 does not beat 9


@pytest.mark.parametrize(
    ("bid", "words"),
    [
        (Bid("nil", extra_tricks=1), "no extra tricks"),
        (Bid("no_trump", sour_trumps=True), "needs a strain with trumps"),
        (Bid("clubs", nil_without_joker=True), "only goes with a nil contract"),
        (Bid("clubs", extra_tricks=6), "at most 5"),
        (Bid("clubs", kitty_foregone=4), "at most 3"),
        (Bid("trumps"), "must be one of"),
    ],
)
def test_a_bid_whose_conditions_do_not_fit_its_strain_is_refused(bid, words):
    table = auction()
    with pytest.raises(AuctionError, match=words):
        table.call(BID, bid)
    assert table.calls == [] and table.turn == "Ben"


def test_a_bid_needs_a_contract():
    with pytest.raises(AuctionError, match="needs a strain"):
        auction().call(BID)


def test_no_bid_is_offered_when_none_could_beat_the_highest():
    table = auction(PASS)  # Ana deals, Ben passes
    dearest = max(STRAINS, key=lambda s: table.value(highest_bid(s)))
    table.call(BID, highest_bid(dearest))  # Cy bids the dearest bid there is
    assert table.turn == "Ana"  # the dealer: one point more is still possible
    assert BID in table.legal_calls()
    table.call(BID, highest_bid(dearest))
    assert table.turn == "Cy" and BID not in table.legal_calls()
    assert table.legal_calls() == (PASS, CHALLENGE)


# --- passes ------------------------------------------------------------------------


def test_a_player_who_passed_is_skipped_and_never_calls_again():
    table = auction(PASS, CLUBS)  # Ben passes, Cy bids
    assert table.turn == "Ana"
    table.call(BID, NO_TRUMP)
    assert table.turn == "Cy"  # Ben is skipped
    with pytest.raises(AuctionError, match="Ben has passed"):
        table.call(BID, SPADES_SURE, player="Ben")


def test_a_player_who_passed_cannot_challenge_either():
    table = auction(CLUBS, PASS, NO_TRUMP)  # Ben 6, Cy passes, Ana 7
    with pytest.raises(AuctionError, match="Cy has passed"):
        table.call(CHALLENGE, player="Cy")


def test_the_auction_ends_when_two_have_passed_and_the_third_is_contractor():
    table = auction(CLUBS, PASS, PASS)  # Ben bids, Cy and Ana pass
    assert table.ended and table.turn is None
    assert table.result == Result("Ben", CLUBS, 6, None)
    assert table.legal_calls() == ()


def test_the_contract_is_the_contractors_last_bid():
    table = auction(CLUBS, NO_TRUMP, PASS, CLUBS_EXPOSED, PASS)
    # Ben 6, Cy 7, Ana passes, Ben 8, Cy passes: Ben's last bid is the contract.
    assert table.result == Result("Ben", CLUBS_EXPOSED, 8, None)


def test_after_two_opening_passes_the_third_may_bid_and_is_then_contractor():
    table = auction(PASS, PASS)
    assert not table.ended and table.turn == "Ana"
    assert table.legal_calls() == (PASS, BID)
    table.call(BID, Bid("diamonds"))
    assert table.result == Result("Ana", Bid("diamonds"), 6, None)  # Ana deals: 5 + 1


def test_after_two_opening_passes_a_third_pass_is_a_redeal():
    table = auction(PASS, PASS, PASS)
    assert table.ended and table.result.redeal
    assert table.result.as_record() == {"redeal": True}


def test_no_call_is_taken_after_the_auction_ended():
    table = auction(PASS, PASS, PASS)
    for call in (PASS, CHALLENGE):
        with pytest.raises(AuctionError, match="over"):
            table.call(call)
    with pytest.raises(AuctionError, match="over"):
        table.call(BID, CLUBS)


# --- challenges --------------------------------------------------------------------


def test_the_next_player_may_challenge_the_highest_bid():
    table = auction(CLUBS)  # Ben bids
    assert table.legal_calls() == (PASS, BID, CHALLENGE)  # Cy may challenge Ben
    # Ben 6, Cy challenges, Ana bids 8 (the challenge lapses), Ben 10: Cy may challenge again.
    table = auction(CLUBS, CHALLENGE, NO_TRUMP, SPADES_SURE)
    assert table.turn == "Cy" and table.can_challenge()


def test_nobody_challenges_their_own_bid():
    # The turn never comes back to the holder of an unchallenged highest bid; the
    # machine refuses it all the same when asked directly.
    table = auction(CLUBS)
    table.turn = "Ben"
    assert not table.can_challenge()
    with pytest.raises(AuctionError, match="own bid"):
        table.challenge()


def test_while_a_challenge_stands_only_the_third_player_may_call():
    table = auction(CLUBS, CHALLENGE)  # Ben bids, Cy challenges
    assert table.turn == "Ana"
    for bidder_or_challenger in ("Ben", "Cy"):
        with pytest.raises(AuctionError, match="Ana's turn"):
            table.call(BID, SPADES_SURE, player=bidder_or_challenger)


def test_a_challenged_bid_cannot_be_challenged_again():
    table = auction(CLUBS, CHALLENGE)
    assert table.legal_calls() == (PASS, BID)
    with pytest.raises(AuctionError, match="Cy has already challenged"):
        table.call(CHALLENGE)


def test_the_third_players_pass_ends_the_auction_and_the_challenge_stands():
    table = auction(CLUBS, CHALLENGE, PASS)
    assert table.result == Result("Ben", CLUBS, 6, "Cy")
    assert table.result.as_record() == {"contractor": "Ben", "strain": "clubs", "challenger": "Cy"}


def test_a_challenge_when_the_third_player_already_passed_ends_the_auction_at_once():
    table = auction(PASS, CLUBS, CHALLENGE)  # Ben passes, Cy bids, Ana challenges
    assert table.result == Result("Cy", CLUBS, 6, "Ana")


def test_a_challenge_after_two_opening_passes_cannot_happen():
    table = auction(PASS, PASS)
    assert CHALLENGE not in table.legal_calls()


def test_a_higher_bid_from_the_third_player_makes_the_challenge_lapse():
    table = auction(CLUBS, CHALLENGE, NO_TRUMP)  # Ben 6, Cy challenges, Ana 7
    assert table.challenger is None
    assert table.turn == "Ben"  # clockwise again from Ana
    # Everyone not passed may bid again: the challenged bidder, then the challenger.
    table.call(BID, Bid("clubs", exposed=True, kitty_foregone=1))  # 9
    assert table.turn == "Cy"
    table.call(BID, SPADES_SURE)  # 10
    assert table.high.player == "Cy"
    table.call(PASS)  # Ana
    table.call(PASS)  # Ben
    assert table.result == Result("Cy", SPADES_SURE, 10, None)


def test_the_third_players_bid_must_still_beat_the_challenged_one():
    table = auction(NO_TRUMP, CHALLENGE)  # Ben 7, challenged by Cy
    with pytest.raises(AuctionError, match="more than Ben's 7"):
        table.call(BID, CLUBS)
    assert table.challenger == "Cy"


def test_a_lapsed_challenge_is_not_carried_to_the_contract():
    table = auction(CLUBS, CHALLENGE, NO_TRUMP, PASS, PASS)  # Ben 6, Cy ch., Ana 7, both pass
    assert table.result == Result("Ana", NO_TRUMP, 8, None)  # Ana deals: 7 + 1


def test_a_new_bid_may_be_challenged_after_an_earlier_challenge_lapsed():
    table = auction(CLUBS, CHALLENGE, NO_TRUMP, CHALLENGE)  # ... Ben challenges Ana's 8
    assert table.challenger == "Ben" and table.turn == "Cy"
    table.call(PASS)
    assert table.result == Result("Ana", NO_TRUMP, 8, "Ben")


# --- undo and keeping the calls -------------------------------------------------------


def test_undo_takes_back_the_last_call():
    table = auction(CLUBS, CHALLENGE, PASS)
    assert table.ended
    back = table.undo()
    assert not back.ended and back.turn == "Ana" and back.challenger == "Cy"
    assert auction().undo().calls == []


def test_the_calls_are_kept_as_json_and_replay_to_the_same_result():
    table = auction(PASS, Bid("nil", nil_without_joker=True), CHALLENGE)
    kept = table.as_json()
    assert kept == [
        {"player": "Ben", "call": "pass"},
        {
            "player": "Cy",
            "call": "bid",
            "bid": {"strain": "nil", "nil_without_joker": True},
            "value": 9,
        },
        {"player": "Ana", "call": "challenge"},
    ]
    again = Auction.from_json(PLAYERS, "Ana", None, kept)
    assert (
        again.result == table.result == Result("Cy", Bid("nil", nil_without_joker=True), 9, "Ana")
    )


def test_a_bid_is_written_with_only_its_conditions_that_are_not_defaults():
    assert bid_as_json(Bid("spades", extra_tricks=1, sour_trumps=True)) == {
        "strain": "spades",
        "extra_tricks": 1,
        "sour_trumps": True,
    }


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"calls": []}, "not a list"),
        ([{"player": "Ben", "call": "double"}], "Call 1 is not a pass"),
        ([{"call": "pass"}], "Call 1 does not say who"),
        ([{"player": "Cy", "call": "pass"}], "Call 1: It is Ben's turn"),
        ([{"player": "Ben", "call": "challenge"}], "Call 1: There is no bid"),
        ([{"player": "Ben", "call": "bid"}], "Call 1: bid must be a JSON object"),
        (
            [{"player": "Ben", "call": "bid", "bid": {"strain": "nil", "extra_tricks": 2}}],
            "no extra",
        ),
        (
            [{"player": "Ben", "call": "bid", "bid": {"strain": "clubs", "doubled": True}}],
            "doubled",
        ),
        ([{"player": "Ben", "call": "pass"}] * 2, "Call 2: Ben has passed"),
        (
            [{"player": p, "call": "pass"} for p in ("Ben", "Cy", "Ana", "Ben")],
            "Call 4: The auction is over",
        ),
    ],
)
def test_recorded_calls_that_break_a_rule_are_refused(raw, words):
    with pytest.raises(AuctionError, match=words):
        Auction.from_json(PLAYERS, "Ana", None, raw)


def test_the_stored_value_of_a_bid_is_worked_out_again_not_trusted():
    raw = [{"player": "Ben", "call": "bid", "bid": {"strain": "clubs"}, "value": 99}]
    assert Auction.from_json(PLAYERS, "Ana", None, raw).to_beat == 6


# --- every legal auction ends, as the rules say ---------------------------------------

bids = st.builds(
    Bid,
    strain=st.sampled_from([s for s in STRAINS if s != "nil"]),
    extra_tricks=st.integers(0, 2),
    kitty_foregone=st.integers(0, 3),
    exposed=st.booleans(),
    thievery=st.booleans(),
)


@given(
    choices=st.lists(st.tuples(st.sampled_from(["pass", "bid", "challenge"]), bids), max_size=60)
)
def test_any_run_of_legal_calls_ends_in_a_contract_the_rules_allow(choices):
    table = auction(dealer="Ben")
    for kind, bid in choices:
        if table.ended:
            break
        if kind == BID and BID in table.legal_calls() and table.beats(bid):
            table.call(BID, bid)
        elif kind == CHALLENGE and CHALLENGE in table.legal_calls():
            table.call(CHALLENGE)
        else:
            table.call(PASS)
    # Nobody passes more than once, so at most three passes; bids strictly rise.
    passes = [c for c in table.calls if c.call == PASS]
    assert len({c.player for c in passes}) == len(passes) <= 3
    values = [c.value for c in table.calls if c.call == BID]
    assert values == sorted(set(values))
    if table.ended and not table.result.redeal:
        result = table.result
        assert result.contractor not in table.passed
        assert (result.bid, result.value) == (table.high.bid, table.high.value)
        assert result.challenger != result.contractor
    replayed = Auction.from_json(PLAYERS, "Ben", None, table.as_json())
    assert replayed.result == table.result and replayed.turn == table.turn
