"""The Cardigan deal form: records it builds and reads back, taps on the grid, what it shows."""

import json
from collections import Counter

import pytest

from games.cardigan import table
from games.cardigan.forms import HandForm, initial_from
from games.engine.cards import deck
from games.play.following import drawn_next
from tests.games.cardigan.cardigan_sheets import AC, BD, PLAYERS, deal, quick, split
from tests.sheets import EXAMPLES
from tests.tables import make_game

pytestmark = pytest.mark.django_db

EXAMPLE = json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())["hands"]


def canonical(hand):
    """A deal as the form writes it: cards in grid order, both teams' discards or none."""
    hand = dict(hand)
    if "cards" in hand:
        hand["cards"] = {
            team: table.cards_in_order(Counter(hand["cards"][team])) for team in (AC, BD)
        }
    if "discards" in hand:
        hand["discards"] = {team: hand["discards"].get(team, 0) for team in (AC, BD)}
    return hand


def as_post(record, number=1, people=PLAYERS, **changes):
    """What the phone posts for `record`: the form's initial values as strings."""
    post = {"number": str(number)}
    for key, value in initial_from(record, list(people)).items():
        if isinstance(value, bool):
            if value:
                post[key] = "on"
        elif isinstance(value, list):
            post[key] = value
        else:
            post[key] = "" if value is None else str(value)
    post.update(changes)
    return post


def form_for(game, post, number=1):
    form = HandForm(post, game=game, number=number)
    return form


RECORDS = [
    canonical(EXAMPLE[0]),
    canonical(EXAMPLE[1]),
    {
        "duplicates": {"Ana": ["pair", "pair", "triplet"], "Dee": ["four"]},
        "declarer": "Ana",
        "level": 5,
        "bid": "no_trump",
        "dummy": True,
        "open": True,
        "stuck": True,
        "tricks": 11,
        "card_counts": {
            AC: {"A": 4, "K": 3, "Q": 2, "J": 2, "10": 4, "5": 1},
            BD: {"A": 0, "K": 1, "Q": 2, "J": 2, "10": 0, "5": 3},
        },
        "discards": {AC: 2, BD: 0},
    },
]


@pytest.mark.parametrize("record", RECORDS)
def test_a_record_read_into_the_form_comes_back_unchanged(user, record):
    game = make_game(user, kind="cardigan")
    form = form_for(game, as_post(record))
    assert form.is_valid(), form.errors
    assert form.to_record() == record


def test_a_tap_adds_one_copy_to_the_chosen_team(user):
    game = make_game(user, kind="cardigan")
    post = as_post(RECORDS[0], team="1", cards_0="AS", cards_1="AS", tap="AS")
    form = form_for(game, post)
    assert form["cards_1"].value() == "AS AS"
    assert form.card_totals() == [1, 2]


def test_taking_away_removes_one_copy_of_the_chosen_team_only(user):
    game = make_game(user, kind="cardigan")
    post = as_post(RECORDS[0], cards_0="AS 10D", cards_1="AS", tap="AS", taking="on")
    form = form_for(game, post)
    assert (form["cards_0"].value(), form["cards_1"].value()) == ("10D", "AS")


def test_the_packs_refuse_a_fifth_copy_in_a_deal(user):
    game = make_game(user, kind="cardigan")
    post = as_post(RECORDS[0], cards_0="AS AS AS", cards_1="AS", tap="AS")
    assert form_for(game, post)["cards_0"].value() == "AS AS AS"


def test_a_deal_holds_only_the_copies_the_other_deals_left(user):
    # Deal 1 gave out one pack: one ace of spades is gone, three are left.
    game = make_game(user, kind="cardigan", hands=[EXAMPLE[0]])
    post = as_post(RECORDS[1], number=2, cards_0="AS AS AS", cards_1="", tap="AS")
    form = form_for(game, post, number=2)
    assert form.most["AS"] == 3
    assert form["cards_0"].value() == "AS AS AS"
    cell = next(cell for row in form.grid() for cell in row if cell["card"] == "AS")
    assert cell["all_in"] and cell["label"] == "Ace of spades: 3 with Ana & Cy, 0 with Ben & Dee"


def test_a_whole_suit_is_one_tap(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, as_post(RECORDS[0], cards_0="", cards_1="", suit="H"))
    assert form["cards_0"].value() == " ".join(deck(suits="H"))


def test_switching_to_quick_mode_keeps_the_counted_ranks_of_the_grid(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, as_post(RECORDS[0], mode="quick"))
    assert form["count_0_A"].value() == "2"  # the aces of diamonds and spades
    assert form["count_1_K"].value() == "2"  # the kings of hearts and clubs


QUICK = quick(RECORDS[0])
BLANK_COUNTS = {f"count_{t}_{r}": "" for t in (0, 1) for r in ("A", "K", "Q", "J", "10", "5")}


def test_before_the_last_deal_nothing_is_filled_in_for_the_other_team(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, as_post(QUICK) | BLANK_COUNTS | {"count_0_A": "3"})
    assert form["count_1_A"].value() == "" and not form.data.get("rest_A")
    assert [line["filled"] for line in form.quick_rows()[0]["lines"]] == [False, False]


def last_quick_deal(user):
    """A game of three counted deals of one pack each: the last deal holds one pack too."""
    return make_game(user, kind="cardigan", hands=[quick(deal(held=deck()[:20]))] * 3)


def test_in_the_last_deal_the_apps_count_follows_the_first_and_the_players_own_stays(user):
    game = last_quick_deal(user)
    post = as_post(QUICK, number=4) | BLANK_COUNTS | {"count_0_A": "3"}
    form = form_for(game, post, number=4)
    assert form["count_1_A"].value() == "1" and form.data["rest_A"] == "count_1_A=1"
    assert [line["filled"] for line in form.quick_rows()[0]["lines"]] == [False, True]
    changed = post | {"count_0_A": "1", "count_1_A": "1", "rest_A": "count_1_A=1"}
    assert form_for(game, changed, number=4)["count_1_A"].value() == "3"
    own = changed | {"count_1_A": "2"}  # the player made it 2: theirs now
    form = form_for(game, own, number=4)
    assert form["count_1_A"].value() == "2" and form.data["rest_A"] == ""


def test_a_count_left_blank_is_asked_not_taken_for_nought(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, as_post(QUICK) | {"count_1_5": ""})
    assert not form.is_valid()
    assert form.errors["count_1_5"] == ["How many fives did Ben & Dee take?"]


def test_nought_for_the_blanks_fills_in_only_what_no_chip_was_tapped_for(user):
    # The player's one tap for a pile's zeros ("0 for the n left blank"): the server does it
    # without JavaScript as games/cardigan/static/cardigan/cards.js does with it.
    game = make_game(user, kind="cardigan")
    post = as_post(QUICK) | BLANK_COUNTS | {"count_0_A": "3", "count_1_K": "2"}
    form = form_for(game, post)
    assert form.blanks_to_none() == 10
    assert form_for(game, as_post(QUICK) | BLANK_COUNTS).blanks_to_none() == 0  # none entered
    form = form_for(game, post | {"blank_none": "1"})
    assert form["count_0_A"].value() == "3" and form["count_1_K"].value() == "2"
    assert form["count_1_A"].value() == "0" and form["count_0_5"].value() == "0"
    assert form.blanks_to_none() == 0 and not form.saving


def test_in_the_last_deal_nought_for_the_blanks_is_the_first_teams_and_the_app_fills_the_rest(
    user,
):
    game = last_quick_deal(user)  # 4 of each counted rank left
    post = as_post(QUICK, number=4) | BLANK_COUNTS | {"count_0_A": "3"}
    assert form_for(game, post, number=4).blanks_to_none() == 5
    form = form_for(game, post | {"blank_none": "1"}, number=4)
    assert [form[f"count_{t}_A"].value() for t in (0, 1)] == ["3", "1"]
    assert [form[f"count_{t}_K"].value() for t in (0, 1)] == ["0", "4"]


def test_the_bid_and_its_level_are_one_tap(user):
    game = make_game(user, kind="cardigan")
    post = as_post(RECORDS[0], contract="4 hearts_alone")
    del post["level"], post["bid"]
    form = form_for(game, post)
    assert form.is_valid(), form.errors
    assert (form.to_record()["level"], form.to_record()["bid"]) == (4, "hearts_alone")
    chosen = [
        (row["name"], chip["level"])
        for row in form.contract_rows()
        for chip in row["chips"]
        if chip["checked"]
    ]
    assert chosen == [("Hearts alone", 4)]


def test_a_deal_kept_on_a_phone_with_its_level_and_bid_apart_still_reads(user):
    # Posted by a page drawn before the bidding box (a queued deal sent after an update).
    game = make_game(user, kind="cardigan")
    post = as_post(RECORDS[0])
    del post["contract"]
    form = form_for(game, post)
    assert form.is_valid(), form.errors
    assert form.to_record() == RECORDS[0]


def test_a_deal_without_its_contract_asks_for_it_beside_the_bidding_box(user):
    game = make_game(user, kind="cardigan")
    post = as_post(RECORDS[0])
    del post["contract"], post["level"], post["bid"]
    form = form_for(game, post | {"save": "1"})
    assert not form.is_valid()
    assert form.errors["contract"] == ["Which bid, at which level? One tap: the level in its row."]
    assert "level" not in form.errors and "bid" not in form.errors
    assert ("contract", form.errors["contract"][0]) in form.problems()


def test_a_count_the_packs_cannot_hold_is_not_on_offer(user):
    game = last_quick_deal(user)  # 4 aces are left for the last deal
    form = form_for(game, as_post(QUICK, number=4) | BLANK_COUNTS | {"count_1_A": "1"}, number=4)
    chips = {chip["n"]: chip for chip in form.quick_rows()[0]["lines"][0]["chips"]}
    assert chips[3]["possible"] and not chips[4]["possible"]
    # Tapped, the count not on offer says why (static/js/chips.js shows `why`).
    assert chips[3]["why"] == ""
    assert chips[4]["why"] == (
        "At most 3: the four packs hold 16 aces, and the rest are recorded already."
    )


def test_rest_is_offered_only_in_the_last_deal_and_stays_once_given(user):
    early = make_game(user, kind="cardigan", hands=EXAMPLE[:1])
    form = form_for(early, as_post(RECORDS[1], number=2, give_rest="1"), number=2)
    assert form.rest_offer() is None
    assert form["cards_1"].value() == as_post(RECORDS[1])["cards_1"]  # nothing given
    game = make_game(user, kind="cardigan", hands=EXAMPLE[:3])
    post = as_post(canonical(EXAMPLE[3]), number=4, cards_1="", give_rest="1")
    form = form_for(game, post, number=4)
    assert form.piles.total() == 52 and form.rest_offer()["same"]
    assert form.is_valid(), form.errors


def points_post(record, number=1, **changes):
    post = as_post(record, number=number) | {"mode": "points"}
    return post | {"points_0": "", "points_1": ""} | changes


def test_points_only_records_each_teams_points_as_typed(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, points_post(RECORDS[0], points_0="53", points_1="87"))
    assert form.is_valid(), form.errors
    assert form.to_record()["card_points"] == {AC: 53, BD: 87}
    assert [row["points"] for row in form.card_points()] == [53, 87]


def test_points_only_asks_for_both_teams_before_the_last_deal(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, points_post(RECORDS[0], points_0="53"))
    assert form["points_1"].value() == ""
    assert form.errors["points_1"] == ["What are Ben & Dee's card points?"]


def test_in_the_last_deal_one_teams_points_give_the_others(user):
    game = make_game(user, kind="cardigan", hands=EXAMPLE[:3])  # 140 points a deal
    form = form_for(game, points_post(canonical(EXAMPLE[3]), number=4, points_1="40"), number=4)
    assert form.points_left == 140 and form["points_0"].value() == "100"
    assert [line["filled"] for line in form.points_lines()] == [True, False]


def test_the_contract_shows_v_the_bonus_and_what_each_trick_is_worth(user):
    game = make_game(user, kind="cardigan")
    record = dict(RECORDS[0], declarer="Ben", level=4, bid="hearts", dummy=True, tricks=8)
    facts = form_for(game, as_post(record)).contract_facts()
    assert (facts["value"], facts["bonus"], facts["needed"]) == (500, 1000, 10)
    assert (facts["book"], facts["contract_made"], facts["overtrick"]) == (500, 1000, 250)
    assert facts["made"] is False and facts["short"] == 2 and facts["book_made"]
    assert facts["declaring_points"] == 6 * 500 + 2 * 500
    assert facts["defending_points"] == 5 * 500


def test_only_the_dealer_is_offered_stuck_and_a_stuck_contract_doubles_the_bonus(user):
    game = make_game(user, kind="cardigan")
    record = dict(RECORDS[0], declarer="Ana", stuck=True)
    form = form_for(game, as_post(record))
    assert form.shows_stuck and form.contract_facts()["bonus"] == 4 * 200
    other = form_for(game, as_post(dict(RECORDS[0], declarer="Ben")))
    assert not other.shows_stuck
    wrong = form_for(game, as_post(dict(RECORDS[0], declarer="Ben"), stuck="on"))
    assert not wrong.is_valid() and "Only the dealer, Ana" in wrong.errors["stuck"][0]


def test_each_player_with_duplicates_shows_what_their_sets_are_worth(user):
    game = make_game(user, kind="cardigan")
    rows = form_for(game, as_post(RECORDS[2])).duplicate_rows()
    assert [(row["name"], row["worth"]) for row in rows if row["worth"]] == [
        ("Ana", 21000),
        ("Dee", 25000),
    ]


def test_a_players_pairs_are_one_tap_on_their_row_with_no_box_to_open_first(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, as_post(RECORDS[0], pairs_1="2", pairs_3="1"))
    assert form.is_valid(), form.errors
    assert form.to_record()["duplicates"] == {"Ben": ["pair", "pair"], "Dee": ["pair"]}


def test_a_players_triplets_and_fours_count_while_their_box_is_open_and_closing_it_drops_them(
    user,
):
    game = make_game(user, kind="cardigan")
    opened = form_for(game, as_post(RECORDS[0], pairs_0="1", triplets_0="1", dup_who=["0"]))
    assert opened.is_valid() and opened.to_record()["duplicates"] == {"Ana": ["pair", "triplet"]}
    closed = form_for(game, as_post(RECORDS[0], pairs_0="1", triplets_0="1"))
    assert closed.is_valid() and closed.to_record()["duplicates"] == {"Ana": ["pair"]}


def test_a_stored_deal_opens_the_box_of_a_player_with_a_triplet_or_four_only():
    initial = initial_from(RECORDS[2], list(PLAYERS))
    assert initial["dup_who"] == ["0", "3"] and initial["pairs_0"] == 2
    paired = initial_from(dict(RECORDS[0], duplicates={"Cy": ["pair"]}), list(PLAYERS))
    assert paired["dup_who"] == [] and paired["pairs_2"] == 1


def test_the_card_points_follow_the_deals_multiplier(user):
    game = make_game(user, kind="cardigan", hands=EXAMPLE[:2])
    points = form_for(game, as_post(RECORDS[0], number=3), number=3).card_points()
    # Ana & Cy: every diamond (35) and the ace, king and queen of spades (18).
    assert [row["points"] for row in points] == [3 * 53, 3 * (140 - 53)]


def test_a_missing_contract_is_asked_for_field_by_field(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, {"number": "1", "mode": "cards"})
    assert not form.is_valid()
    assert form.errors["declarer"] == ["Who declared?"]
    assert form.errors["tricks"] == ["How many tricks did the declaring team take?"]


def test_a_word_that_is_not_a_card_is_refused_without_losing_the_piles(user):
    game = make_game(user, kind="cardigan")
    form = form_for(game, as_post(RECORDS[0], cards_1="AS ZZ"))
    assert not form.is_valid() and "ZZ is not a card" in form.errors["cards_1"][0]
    assert form["cards_1"].value() == "AS ZZ"


def test_split_piles_read_back_in_grid_order():
    cards = split(deck()[:5])[AC]
    assert table.written(Counter(cards)) == "AS KS QS JS 10S"


def points_only(record, points=(53, 87)):
    """The same deal entered by points only: the teams' card points instead of its cards."""
    changed = {key: value for key, value in record.items() if key != "cards"}
    return changed | {"card_points": dict(zip((AC, BD), points, strict=True))}


@pytest.mark.parametrize(
    ("previous", "way"),
    [(lambda r: r, "cards"), (quick, "quick"), (points_only, "points")],
)
def test_a_new_deal_starts_in_the_way_the_previous_deal_was_entered(user, previous, way):
    # A table keeps to one way: no tap a deal to choose it again. Only the way, no figure.
    first = make_game(user, kind="cardigan")
    assert HandForm(game=first, number=1)["mode"].value() == "cards"  # the first deal
    assert HandForm(game=first, number=1).way_kept == ""
    game = make_game(user, kind="cardigan", hands=[previous(canonical(EXAMPLE[0]))])
    form = HandForm(game=game, number=2)
    assert form["mode"].value() == way
    assert form.way_kept == "as in the last deal"
    figures = [f"count_{t}_{rank}" for t in (0, 1) for rank in "AK"] + ["points_0", "points_1"]
    assert all(form[name].value() in (None, "") for name in figures)
    assert form["cards_0"].value() in (None, "") and form["cards_1"].value() in (None, "")
    # The previous deal's way, not the first's: a table that changed keeps the new way.
    changed = make_game(user, kind="cardigan", hands=[canonical(EXAMPLE[0]), quick(EXAMPLE[1])])
    assert HandForm(game=changed, number=3)["mode"].value() == "quick"
    # Deals drawn ahead for a phone with no signal: the way of the last deal saved.
    assert HandForm(game=game, number=3)["mode"].value() == way
    assert HandForm(game=game, number=4)["mode"].value() == way


def test_a_new_game_opens_in_the_way_the_groups_last_game_was_entered(user, make_user):
    # A table that counts only does so game after game: no tap a game to choose it again.
    assert HandForm(game=make_game(user, kind="cardigan"), number=1)["mode"].value() == "cards"
    make_game(user, kind="cardigan", hands=[canonical(EXAMPLE[0]), quick(EXAMPLE[1])])
    fresh = make_game(user, kind="cardigan")
    assert HandForm(game=fresh, number=1)["mode"].value() == "quick"
    assert HandForm(game=fresh, number=1).way_kept == "as in the last game"  # said beside it
    # Only the group's own games, and only those begun before it.
    assert (
        HandForm(game=make_game(make_user("bo"), kind="cardigan"), number=1)["mode"].value()
        == "cards"
    )
    make_game(user, kind="cardigan", hands=[points_only(canonical(EXAMPLE[0]))])
    assert HandForm(game=fresh, number=1)["mode"].value() == "quick"
    assert HandForm(game=make_game(user, kind="cardigan"), number=1)["mode"].value() == "points"


def test_play_agains_next_game_opens_in_the_way_of_the_game_just_played(user):
    played = make_game(user, kind="cardigan", hands=[quick(EXAMPLE[0])])
    drawn = drawn_next(played)
    drawn.pk = 0  # as games/views/again.py draws it: not stored
    assert HandForm(game=drawn, number=1)["mode"].value() == "quick"
