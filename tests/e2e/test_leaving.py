"""A member out of the group, on phones: the owner removes Bea after a screen that says what
she keeps and loses; her open board says she is no longer a member and stops asking; the
co-scorer link she was shown stops on the phone that held it. Bea, in another group, leaves
it herself after its own screen."""

import pytest
from playwright.sync_api import expect

from games.models import Membership
from games.play.groups import first_group
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import log_in
from tests.e2e.network import next_poll
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db(transaction=True)

NOTICE = "You are no longer a member of this group"


@pytest.fixture
def bea(make_user, user):
    bea = make_user("bea")
    Membership.objects.create(group=first_group(user), user=bea)
    return bea


def phone(browser):
    return browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True).new_page()


def test_the_owner_removes_a_member_and_her_open_board_and_links_stop(
    live_server, browser, user, bea, make_user, shoot, axe
):
    from games.play import links

    base = live_server.url
    game = make_game(user, hands=[BEN_WINS])
    group = first_group(user)
    Membership.objects.create(group=group, user=make_user("cy"))
    links.set_share(make_game(user, hands=[BEN_WINS]), user, "on")  # the owner's, stays on
    hers, owner, second = phone(browser), phone(browser), phone(browser)
    log_in(hers, base, "bea")
    hers.goto(f"{base}/games/{game.pk}/")
    hers.click("button:has-text('Share a read-only link')")
    hers.click("button:has-text('Make my co-scorer link')")
    coscorer = hers.get_attribute("#coscorer-link", "href")
    second.clock.install()
    second.goto(coscorer)
    expect(second.locator("h1")).to_have_text("Tridge")
    hers.clock.install()  # her board's polls are run by the test (tests/e2e/network.py)
    hers.goto(f"{base}/games/{game.pk}/")

    log_in(owner, base)
    owner.goto(f"{base}/groups/{group.pk}/")
    owner.click("a:has-text('Remove bea')")
    expect(owner.locator("h1")).to_contain_text("Remove bea from")
    shoot(owner, "leaving-1-removal-screen")
    axe(owner, "removal screen")
    owner.click("button:has-text('Remove bea')")  # the share link's question not answered
    expect(owner.locator(".error-summary")).to_contain_text("Choose whether the share link")
    shoot(owner, "leaving-2-removal-screen-unanswered")
    owner.click("label:has-text('Stop it now')")
    owner.click("button:has-text('Remove bea')")
    owner.wait_for_url(f"{base}/groups/{group.pk}/")
    expect(owner.locator(".messages")).to_contain_text("bea is no longer in")
    expect(owner.locator(".messages .undo")).to_contain_text("bea removed")
    assert "bea" not in owner.inner_text(".members") and "Remove cy" in owner.inner_text(".members")
    expect(owner.locator("#share-links")).to_contain_text("1 game is shown")
    shoot(owner, "leaving-3-group-page")
    axe(owner, "group page after a removal")

    polls = []
    hers.on("request", lambda request: polls.append(request.url) if "live=1" in request.url else 0)
    next_poll(hers)
    expect(hers.locator("main h1")).to_have_text(NOTICE)
    expect(hers.locator("main")).not_to_contain_text("Ben")  # no standings left standing still
    shoot(hers, "leaving-4-board-no-longer-a-member")
    axe(hers, "board of a removed member")
    next_poll(hers)
    next_poll(hers)
    assert len(polls) == 1, polls  # the notice asks no more
    hers.click("a:has-text('Go to your groups')")
    expect(hers.locator("main")).not_to_contain_text(group.name)

    next_poll(second)
    expect(second.locator("#connection")).to_contain_text("This link no longer works")
    second.goto(f"{coscorer}hands/new/")
    expect(second.locator("h1")).to_have_text("This link does not work")


def test_a_member_leaves_after_the_screen_says_what_she_keeps(
    live_server, browser, user, bea, shoot, axe
):
    base = live_server.url
    group = first_group(user)
    hers = phone(browser)
    log_in(hers, base, "bea")
    hers.goto(f"{base}/groups/{group.pk}/")
    hers.click("a:has-text('Leave the group')")
    expect(hers.locator("h1")).to_contain_text("Leave")
    shoot(hers, "leaving-5-leave-screen")
    axe(hers, "leave screen")
    hers.click("button:has-text('Leave')")
    hers.wait_for_url(f"{base}/")
    expect(hers.locator(".messages")).to_contain_text("You left")
    assert not Membership.objects.filter(group=group, user=bea).exists()


def test_the_group_lists_its_share_links_with_who_made_them(
    live_server, browser, user, bea, shoot, axe
):
    from games.play import links

    base = live_server.url
    for maker in (user, bea):
        links.set_share(make_game(user, hands=[BEN_WINS]), maker, "on")
    owner = phone(browser)
    log_in(owner, base)
    owner.goto(f"{base}/groups/{first_group(user).pk}/")
    owner.click("a:has-text('See the share links')")
    expect(owner.locator(".shared-links li")).to_have_count(2)
    shoot(owner, "leaving-6-share-links")
    axe(owner, "share links")
    owner.locator(".shared-links li").first.locator("button").click()
    expect(owner.locator(".shared-links li")).to_have_count(1)
