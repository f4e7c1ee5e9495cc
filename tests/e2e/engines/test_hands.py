"""A hand of each game entered by taps in WebKit and Firefox, as typical.py's in Chromium:
the same hand, the same record stored. The form's live updates (htmx) and its Save are
what could differ between engines; the rules are the server's and tested elsewhere."""

import json

import pytest

from games.models import Hand
from tests.e2e import typical
from tests.games.cardigan.cardigan_sheets import quick
from tests.games.cardigan.real_decks import POINTS as CARD_POINTS
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)

SAVE = "button[name=save][value='1']"


def entry(phone, user, kind):
    game = typical.start(user, kind)
    phone.log_in()
    phone.goto(f"/games/{game.pk}/hands/new/")
    return game


def saved(phone, game):
    phone.tap(SAVE)
    phone.wait_for_path(f"/games/{game.pk}/")
    return Hand.objects.get(game=game).record


def test_a_hand_of_tridge_is_scored(phone, user):
    game = entry(phone, user, "tridge")
    # Ben plays in clubs with three honours and takes five tricks of nine; Dee's 1 is the app's.
    for field, value in [
        ("player", "Ben"),
        ("bid", "play"),
        ("trumps", "C"),
        ("honours", 3),
        ("tricks_1", 5),
        ("tricks_2", 3),
    ]:
        phone.choose(field, value)
    phone.wait_for_text("#preview", "Ben")
    record = saved(phone, game)
    assert record["tricks"] == {"Ben": 5, "Cy": 3, "Dee": 1}
    assert record["honours"] == 3


def test_a_hand_of_contractor_is_scored(phone, user):
    game = entry(phone, user, "contractor")
    # Ana bids nil without the joker and takes no trick; Cy's 4 is the app's.
    phone.choose("contractor", "Ana")
    phone.choose("strain", "nil")
    phone.tap("#conditions-box summary")  # the conditions unfold
    phone.tap("label:has(> input[name='nil_without_joker'])", update=True)
    phone.choose("tricks_0", 0)
    phone.choose("tricks_1", 6)
    record = saved(phone, game)
    assert record["tricks"] == {"Ana": 0, "Ben": 6, "Cy": 4}


def test_a_hand_of_bid_fair_is_scored(phone, user):
    game = entry(phone, user, "bid_fair")
    # Ana shows J♥, so Ben holds 50; spades are cut; the points alone are counted.
    phone.tap("#bid_0 input[value='JH']", update=True)
    phone.tap("#cut .bf-suit input[value='S']", update=True)
    phone.tap("#count label", "Points only", update=True)
    phone.fill("#id_points_0", 40, update=True)
    phone.fill("#id_points_1", 71, update=True)
    record = saved(phone, game)
    stored = Hand.objects.get(game=game)
    assert stored.number == 1 and record, record


def test_a_deal_of_cardigan_is_scored(phone, user):
    game = entry(phone, user, "cardigan")
    # The example's second deal, each team's card points typed (as typical._cardigan).
    deal = quick(json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())["hands"][1])
    phone.choose("mode", "points")
    phone.choose("declarer", deal["declarer"])
    phone.choose("contract", f"{deal['level']} {deal['bid']}")
    phone.tap("#play label:has(input[name=dummy])", update=True)
    phone.choose("tricks", deal["tricks"])
    for team, counts in enumerate(deal["card_counts"].values()):
        points = sum(CARD_POINTS[rank] * n for rank, n in counts.items())
        phone.fill(f"#id_points_{team}", points, update=True)
    for team, discards in enumerate(deal.get("discards", {}).values()):
        for _ in range(discards):
            phone.tap(
                f"#discards .stepper:has(#id_discards_{team}) button[data-step='1']", update=True
            )
    record = saved(phone, game)
    assert record["declarer"] == deal["declarer"] and record["tricks"] == deal["tricks"]
