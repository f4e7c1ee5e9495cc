"""Error pages: in the app's layout, saying what happened and what to do, with DEBUG off.

Django's own handlers draw them from templates/400.html, 403.html, 404.html, 500.html and,
for a refused CSRF check, 403_csrf.html.
"""

import pytest
from django.core.exceptions import PermissionDenied
from django.template import loader
from django.test import Client, override_settings
from django.urls import path

from scorekeeper.urls import urlpatterns as project_urls
from tests.conftest import PASSWORD
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def refuse(request):
    raise PermissionDenied


def fail(request):
    raise RuntimeError("a bug in a view")


# The project's addresses, and two that fail as a view with a bug or a refusal would.
urlpatterns = [path("refused/", refuse), path("broken/", fail), *project_urls]


@pytest.fixture(autouse=True)
def production(settings):
    settings.DEBUG = False


def page(response):
    return response.content.decode()


def in_the_layout(html):
    return 'class="bar"' in html and "css/app.css" in html and 'id="main"' in html


def test_a_missing_game_says_the_game_is_not_found(owner_client):
    response = owner_client.get("/games/999999/")
    assert response.status_code == 404
    assert "Game not found" in page(response)
    assert in_the_layout(page(response))
    assert "ana" in page(response)  # the header still knows who is logged in


def test_a_missing_hand_of_a_game_says_so_too(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    response = owner_client.get(f"/games/{game.pk}/hands/9/")
    assert response.status_code == 404
    assert "the hand you asked for" in page(response)


def test_another_accounts_game_is_not_found_rather_than_forbidden(stranger_client, user):
    game = make_game(user)
    response = stranger_client.get(f"/games/{game.pk}/")
    assert response.status_code == 404
    assert "Game not found" in page(response)


def test_a_link_turned_off_says_to_ask_the_table_for_the_one_to_use_now(anon_client):
    response = anon_client.get("/s/no-such-token/")
    assert response.status_code == 404
    assert "This link does not work" in page(response)
    assert "Ask someone at the table for the link to use now" in page(response)


def test_an_unknown_address_is_a_page_not_found(client):
    response = client.get("/nowhere/")
    assert response.status_code == 404
    assert "Page not found" in page(response)
    assert in_the_layout(page(response))


def test_a_request_the_server_cannot_read_gets_the_400_page(client):
    response = client.get("/", headers={"host": "not-our-site.example"})
    assert response.status_code == 400
    assert "That request could not be read" in page(response)
    assert in_the_layout(page(response))


@override_settings(ROOT_URLCONF=__name__)
def test_a_refusal_gets_the_403_page(owner_client):
    response = owner_client.get("/refused/")
    assert response.status_code == 403
    assert "You cannot open this page" in page(response)
    assert in_the_layout(page(response))


@override_settings(ROOT_URLCONF=__name__)
def test_a_view_that_raises_gets_the_500_page(user):
    client = Client(raise_request_exception=False)
    client.force_login(user)
    response = client.get("/broken/")
    assert response.status_code == 500
    html = page(response)
    assert "something went wrong on our side" in html
    assert in_the_layout(html)
    assert "Save again" in html


def test_the_500_page_needs_no_request_context_or_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        html = loader.get_template("500.html").render()
    assert in_the_layout(html)
    # Drawn without knowing who is logged in, it offers no account links that could be wrong.
    assert "Log in" not in html and "Log out" not in html


def test_a_save_without_the_csrf_token_gets_the_out_of_date_page(user):
    game = make_game(user, hands=[BEN_WINS])
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(f"/games/{game.pk}/hands/new/", {"number": 2, "save": "1"})
    assert response.status_code == 403
    html = page(response)
    assert "This page was out of date" in html and "Nothing was saved" in html
    assert "Back button" in html
    # What was entered is kept on the phone (static/js/drafts.js): the page leads back to it.
    assert f'href="/games/{game.pk}/hands/new/">Back to that page' in html
    assert in_the_layout(html) and "ana" in html
    assert game.hands.count() == 1


def log_in(client, user):
    """Log in through the login form, as a person does (the CSRF secret changes)."""
    form = client.get("/accounts/login/")
    data = {"username": user.username, "password": PASSWORD}
    data["csrfmiddlewaretoken"] = str(form.context["csrf_token"])
    assert client.post("/accounts/login/", data).status_code == 302


def test_a_page_from_before_logging_in_again_gets_the_out_of_date_page(user):
    game = make_game(user, hands=[BEN_WINS])
    client = Client(enforce_csrf_checks=True)
    log_in(client, user)
    form = client.get(f"/games/{game.pk}/hands/new/")
    token = str(form.context["csrf_token"])
    # In another tab: log out, then in again.
    client.post("/accounts/logout/", {"csrfmiddlewaretoken": token})
    log_in(client, user)
    data = {"number": 2, "kind": "passed", "save": "1", "csrfmiddlewaretoken": token}
    response = client.post(f"/games/{game.pk}/hands/new/", data)
    assert response.status_code == 403
    assert "This page was out of date" in page(response)
    assert game.hands.count() == 1
