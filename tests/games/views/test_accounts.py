"""Signing up, logging in and out, and what an anonymous visitor may see."""

import pytest

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_signing_up_creates_the_account_and_logs_in(client, django_user_model):
    response = client.post(
        "/accounts/signup/",
        {"username": "ben", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert django_user_model.objects.filter(username="ben").exists()
    assert "Your sessions" in client.get("/").content.decode()


def test_a_weak_password_is_refused_and_the_username_kept(client, django_user_model):
    response = client.post(
        "/accounts/signup/", {"username": "ben", "password1": "12345", "password2": "12345"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "too short" in page
    assert 'value="ben"' in page
    assert not django_user_model.objects.exists()


def test_logging_in_and_out_at_the_usual_urls(client, user):
    response = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/").context["user"].is_authenticated
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated


def test_a_wrong_password_says_so(client, user):
    response = client.post("/accounts/login/", {"username": "ana", "password": "nope"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()


def test_an_anonymous_visitor_sees_the_games_and_is_asked_to_log_in(client):
    page = client.get("/").content.decode()
    for name in ("Contractor", "Bid Fair", "Tridge", "Cardigan"):
        assert name in page
    assert client.get("/sessions/new/").status_code == 302


def test_the_rules_page_summarises_every_game(client):
    page = client.get("/rules/").content.decode()
    assert "widow" in page and "nil" in page and "800" in page and "complete suits" in page


def test_the_rules_page_gives_every_house_rule_with_its_default(client):
    page = client.get("/rules/").content.decode()
    # Tridge's fixed-tricks bonus table, Bid Fair's target, Contractor's hands: as a game starts.
    assert '<th scope="row">Fixed bonus: 1</th><td>20</td>' in page
    assert '<th scope="row">Target</th><td>800</td>' in page
    assert page.count('<table class="house-rules">') == 4
