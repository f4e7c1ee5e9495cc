"""Taps per typical hand, Save included, in the fewest the screen allows (issue 17's budgets).

Each tap is a click on what a player would touch; the count is the test. With every
target a thumb wide (44 px, issue 26) a hand's trick rows no longer fit one 390×844
screen: scrolling is no tap, and what the hand does is seen beside Save, in the bar's
one line, before Save. Bid Fair and Cardigan count theirs in test_taps_bid_fair.py and
test_taps_cardigan.py.
"""

import pytest

from games.models import Hand
from tests.e2e import typical
from tests.e2e.helpers import Taps, live_update, log_in
from tests.e2e.network import held, is_update

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def entry(live_server, phone, user, request):
    game = typical.start(user, request.param)
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    phone.wait_for_load_state()
    return Taps(phone), f"{live_server.url}/games/{game.pk}/"


def result_beside_save(page, *words):
    """The Save bar, on the first screen wherever the page is scrolled, says the hand's
    result in one line: each of `words` in it."""
    page.evaluate("window.scrollTo(0, 0)")
    save, line = page.locator(Taps.SAVE).bounding_box(), page.locator("#bar-result")
    box = line.bounding_box()
    return (
        save["y"] + save["height"] <= 844
        and box is not None
        and save["y"] - box["height"] - 24 <= box["y"] < save["y"]
        and all(word in line.inner_text() for word in words)
    )


@pytest.mark.parametrize("entry", ["tridge"], indirect=True)
def test_a_typical_tridge_hand_takes_7_taps_with_its_result_beside_save(entry):
    taps, board = entry
    # Ben plays clubs with three honours; Ben 5, Cy 3, and Dee's 1 is the app's.
    for field, value in [("player", "Ben"), ("bid", "play"), ("trumps", "C"), ("honours", 3)]:
        taps.choice(field, value)
    taps.choice("tricks_1", 5)
    taps.choice("tricks_2", 3)
    assert result_beside_save(taps.page, "Ben +24", "Dee −8")
    taps.save(board)
    assert taps.count <= 7
    assert Hand.objects.get().record["tricks"] == {"Ben": 5, "Cy": 3, "Dee": 1}


@pytest.mark.parametrize("entry", ["contractor"], indirect=True)
def test_a_typical_contractor_hand_takes_5_taps_with_its_result_beside_save(entry):
    taps, board = entry
    # Ben bids clubs, no condition, and takes six; Ana 2, and Cy's 2 is the app's.
    taps.choice("contractor", "Ben")
    taps.choice("strain", "clubs")
    taps.choice("tricks_0", 2)
    taps.choice("tricks_1", 6)
    assert result_beside_save(taps.page, "Ben +")
    taps.save(board)
    assert taps.count == 5
    assert Hand.objects.get().record["tricks"] == {"Ana": 2, "Ben": 6, "Cy": 2}


@pytest.mark.parametrize("entry", ["contractor"], indirect=True)
def test_a_contractor_hand_with_a_condition_takes_at_most_8_taps(entry):
    taps, board = entry
    # Ana bids nil without the joker and takes no trick; Cy's 4 is the app's.
    taps.choice("contractor", "Ana")
    taps.choice("strain", "nil")
    taps("#conditions-box summary", wait=False)  # the conditions unfold
    taps.choice("nil_without_joker")
    taps.choice("tricks_0", 0)
    taps.choice("tricks_1", 6)
    taps.save(board)
    assert taps.count <= 8
    assert Hand.objects.get().record["tricks"] == {"Ana": 0, "Ben": 6, "Cy": 4}


@pytest.mark.parametrize("entry", ["tridge"], indirect=True)
def test_a_passed_tridge_hand_takes_2_taps(entry):
    taps, board = entry
    taps.choice("kind", "passed")
    taps.save(board)
    assert taps.count == 2 and Hand.objects.get().record == {"passed": True}


@pytest.mark.parametrize("entry", ["contractor"], indirect=True)
def test_a_contractor_redeal_takes_1_tap(entry):
    taps, board = entry
    taps("button.redeal", wait=False)
    taps.page.wait_for_url(board)
    assert taps.count == 1 and Hand.objects.get().record == {"redeal": True}


@pytest.mark.parametrize("entry", ["tridge"], indirect=True)
def test_taps_made_while_an_update_is_on_its_way_all_count(entry):
    taps, _ = entry
    page = taps.page
    for field, value in [("player", "Ben"), ("bid", "play"), ("trumps", "C")]:
        taps.choice(field, value)
    # Three taps made while the network holds every update: each answer must leave the others.
    with held(page, is_update) as updates:
        page.click("label:has(> input[name='honours'][value='3'])")
        page.click("label:has(> input[name='tricks_1'][value='5'])")
        page.click("label:has(> input[name='tricks_2'][value='3'])")
        with live_update(page):
            updates.release()
    checked = {
        name: page.locator(f"input[name='{name}']:checked").get_attribute("value")
        for name in ("honours", "tricks_1", "tricks_2", "tricks_3")
    }
    assert checked == {"honours": "3", "tricks_1": "5", "tricks_2": "3", "tricks_3": "1"}
    assert "Ben wins" in page.inner_text("#preview")
