"""The error pages at a phone's size, light and dark, with DEBUG off."""

import pytest
from django.test import override_settings
from django.urls import path

from scorekeeper.urls import urlpatterns as project_urls
from tests.e2e.conftest import PHONE, no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db(transaction=True)


def fail(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("broken/", fail), *project_urls]


@pytest.fixture(params=["light", "dark"])
def scheme_phone(request, browser):
    context = browser.new_context(viewport=PHONE, color_scheme=request.param)
    yield request.param, context.new_page()
    context.close()


@override_settings(DEBUG=False, ROOT_URLCONF=__name__)
def test_a_missing_game_an_out_of_date_save_and_a_bug_explain_themselves(
    live_server, scheme_phone, user, shoot, axe
):
    scheme, page = scheme_phone
    base = live_server.url
    game = make_game(user, hands=[BEN_WINS])
    log_in(page, base)

    response = page.goto(f"{base}/games/{game.pk + 1}/")
    assert response.status == 404
    assert page.inner_text("h1") == "Game not found"
    assert no_horizontal_scroll(page)
    shoot(page, f"error-404-{scheme}")
    axe(page, "404")

    # Logging in again in another tab gives the browser a new CSRF secret: the form
    # opened before it holds the old one.
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    page.wait_for_load_state()
    page.context.add_cookies([{"name": "csrftoken", "value": "x" * 32, "url": base}])
    with page.expect_navigation() as saved:
        page.click("button[name=save][value='1']")
    assert saved.value.status == 403
    assert page.inner_text("h1") == "This page was out of date"
    assert no_horizontal_scroll(page)
    shoot(page, f"error-403-csrf-{scheme}")
    axe(page, "403 csrf")

    page.go_back()
    assert page.is_visible("button[name=save][value='1']")

    response = page.goto(f"{base}/broken/")
    assert response.status == 500
    assert page.inner_text("h1") == "Sorry, something went wrong on our side"
    assert no_horizontal_scroll(page)
    shoot(page, f"error-500-{scheme}")
    axe(page, "500")
