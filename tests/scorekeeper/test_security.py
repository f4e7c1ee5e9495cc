"""Nobody gets in: CSRF on every change, a login limit, and the security headers."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils import timezone

from tests.conftest import PASSWORD
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def test_every_page_sends_the_content_security_policy_without_inline_scripts(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"


def test_pages_refuse_framing_and_keep_the_referrer_to_the_site(client):
    response = client.get("/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"


@override_settings(SECURE_HSTS_SECONDS=31536000, SECURE_SSL_REDIRECT=False)
def test_https_answers_carry_hsts_in_production(client):
    response = client.get("/", secure=True)
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")


def test_no_template_has_an_inline_script_or_style():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    templates = [*root.glob("templates/**/*.html"), *root.glob("games/*/templates/**/*.html")]
    assert templates
    for path in templates:
        text = path.read_text()
        for bad in ("<script>", "style=", "onclick=", "onchange=", "javascript:"):
            assert bad not in text, f"{path.name} has {bad}"
        for line in text.splitlines():
            if "<script" in line:
                assert "src=" in line or "htmx_script" in line, f"{path.name}: {line}"


@pytest.fixture
def csrf_client(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    "path",
    [
        "/sessions/new/",
        "/games/{pk}/hands/new/",
        "/games/{pk}/hands/1/",
        "/games/{pk}/hands/1/delete/",
        "/games/{pk}/links/",
        "/sessions/{session}/import/",
        "/sessions/{session}/games/new/",
        "/account/",
        "/accounts/logout/",
    ],
)
def test_a_change_without_the_csrf_token_is_refused(csrf_client, user, path):
    game = make_game(user, hands=[BEN_WINS])
    url = path.format(pk=game.pk, session=game.session.pk)
    response = csrf_client.post(url, {"kind": "passed", "number": 2, "save": "1", "version": 1})
    assert response.status_code == 403
    assert game.hands.count() == 1


def test_a_change_with_the_csrf_token_goes_through(csrf_client, user):
    game = make_game(user, hands=[BEN_WINS])
    page = csrf_client.get(f"/games/{game.pk}/hands/new/")
    token = page.context["csrf_token"]
    data = {"kind": "passed", "number": 2, "save": "1", "csrfmiddlewaretoken": str(token)}
    assert csrf_client.post(f"/games/{game.pk}/hands/new/", data).status_code == 302


def test_logins_are_limited_and_the_limit_clears_after_the_cool_off(user):
    client = Client()
    answers = [
        client.post("/accounts/login/", {"username": "ana", "password": "wrong"}).status_code
        for _ in range(5)
    ]
    assert answers == [200, 200, 200, 200, 429]
    locked = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert locked.status_code == 429
    assert "Too many tries" in locked.content.decode()
    # The clock is not waited for: the failures are moved back in time instead.
    failed_ago(settings.AXES_COOLOFF_TIME - timedelta(minutes=1))
    still = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert still.status_code == 429
    failed_ago(settings.AXES_COOLOFF_TIME + timedelta(seconds=1))
    cleared = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert cleared.status_code == 302


def failed_ago(ago):
    """Move the failed logins on record back to `ago` before now."""
    from axes.models import AccessAttempt

    AccessAttempt.objects.update(attempt_time=timezone.now() - ago)


def test_a_weak_password_is_refused_at_sign_up(client):
    response = client.post(
        "/accounts/signup/", {"username": "bo", "password1": "password", "password2": "password"}
    )
    assert "too common" in response.content.decode()
