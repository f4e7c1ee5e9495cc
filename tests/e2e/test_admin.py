"""The admin in Chromium, under the Content Security Policy (no inline scripts or styles):
staff log in, open a game and an account, and the browser blocks nothing."""

import pytest

from tests.conftest import PASSWORD
from tests.tables import BEN_WINS, make_game


@pytest.mark.django_db(transaction=True)
def test_staff_use_the_admin_on_a_phone_and_the_policy_blocks_nothing(
    live_server, phone, user, make_user, shoot
):
    staff = make_user("op")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    game = make_game(user, hands=[BEN_WINS])
    blocked = []
    phone.on(
        "console",
        lambda message: "Content Security Policy" in message.text and blocked.append(message.text),
    )
    base = live_server.url
    phone.goto(f"{base}/admin/")
    phone.fill("#id_username", "op")
    phone.fill("#id_password", PASSWORD)
    phone.click("input[type=submit]")
    phone.wait_for_url(f"{base}/admin/")

    phone.goto(f"{base}/admin/games/game/{game.pk}/change/")
    assert phone.locator("text=seat 4: Dee").count() == 1
    # The admin's own stylesheet applied (a blocked one leaves the page unstyled).
    header = phone.locator("#header")
    assert header.evaluate("e => getComputedStyle(e).display") == "flex"
    shoot(phone, "admin-game")

    phone.goto(f"{base}/admin/auth/user/{user.pk}/change/")
    assert phone.is_checked("#id_is_active")
    # The admin's scripts run: its theme button switches the theme.
    before = phone.locator("html").get_attribute("data-theme")
    phone.locator("button.theme-toggle").first.click()
    assert phone.locator("html").get_attribute("data-theme") not in (None, before)
    shoot(phone, "admin-user")
    assert blocked == []
