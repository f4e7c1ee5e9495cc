"""Getting back in: an email address on the account, and a forgotten password reset by mail."""

import hashlib
import re

import pytest
from django.conf import settings
from django.test import Client, override_settings

from games.models import Asked
from games.views import recovery
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a brand new table password"


def signup(client, **fields):
    return client.post(
        "/accounts/signup/",
        {"username": "ben", "password1": PASSWORD, "password2": PASSWORD} | fields,
    )


def with_email(user, email="ana@example.org"):
    user.email = email
    user.save(update_fields=["email"])
    return user


def ask_for_a_link(client, email):
    return client.post("/accounts/password_reset/", {"email": email})


def link_in(mail) -> str:
    (link,) = re.findall(r"https?://\S+", mail.body)
    return link


def can_log_in(username, password) -> bool:
    response = Client().post("/accounts/login/", {"username": username, "password": password})
    return response.status_code == 302


def test_signing_up_with_an_email_keeps_it_for_a_reset(client, django_user_model):
    assert signup(client, email="ben@Example.ORG").status_code == 302
    # The domain in lower case, as mail servers read it.
    assert django_user_model.objects.get(username="ben").email == "ben@example.org"


def test_the_sign_up_screen_asks_for_an_optional_email_and_says_why(client, django_user_model):
    page = client.get("/accounts/signup/").content.decode()
    assert "Email (optional)" in page and "Only to reset a forgotten password." in page
    assert 'type="email" name="email"' in page and 'autocomplete="email"' in page
    assert signup(client).status_code == 302
    assert django_user_model.objects.get(username="ben").email == ""


def test_an_email_that_is_not_one_is_refused_at_sign_up_and_the_rest_kept(
    client, django_user_model
):
    response = signup(client, email="ben at home")
    page = response.content.decode()
    assert response.status_code == 200
    assert '<a href="#id_email">Enter a valid email address.</a>' in page
    assert 'value="ben"' in page
    assert not django_user_model.objects.exists()


def test_the_account_page_adds_an_email_address(owner_client, user):
    page = owner_client.get("/account/").content.decode()
    assert "a forgotten password cannot be reset" in page
    assert 'action="/account/email/"' in page
    response = owner_client.post("/account/email/", {"email": "ana@example.org"}, follow=True)
    assert response.redirect_chain == [("/account/", 302)]
    page = response.content.decode()
    assert "Saved: a reset link would go to ana@example.org." in page
    assert "A link to choose a new one goes to ana@example.org." in page
    user.refresh_from_db()
    assert user.email == "ana@example.org"


def test_the_account_page_changes_and_removes_the_email_address(owner_client, user):
    with_email(user)
    assert 'value="ana@example.org"' in owner_client.get("/account/").content.decode()
    owner_client.post("/account/email/", {"email": "ana@club.example"})
    user.refresh_from_db()
    assert user.email == "ana@club.example"
    response = owner_client.post("/account/email/", {"email": ""}, follow=True)
    assert "Email address removed." in response.content.decode()
    user.refresh_from_db()
    assert user.email == ""


def test_an_email_that_is_not_one_is_refused_with_the_error_summary(owner_client, user):
    with_email(user)
    response = owner_client.post("/account/email/", {"email": "ana@"})
    page = response.content.decode()
    assert response.status_code == 200
    summary = page.index('role="alert"')
    assert summary < page.index('<a href="#id_email">Enter a valid email address.</a>')
    assert '<p class="field-error" id="id_email_error">Enter a valid email address.' in page
    user.refresh_from_db()
    assert user.email == "ana@example.org"


def test_the_log_in_screen_leads_to_the_reset_screen(client):
    page = client.get("/accounts/login/").content.decode()
    assert '<a href="/accounts/password_reset/">Forgot your password?</a>' in page


def test_the_reset_screen_says_what_to_do_without_an_email_address(client):
    page = client.get("/accounts/password_reset/").content.decode()
    assert "<h1>Forgot your password?</h1>" in page
    assert (
        "nobody at your table can reset your password for you: not even your group's owner." in page
    )
    assert "ask your group's owner for an invite link" in page
    assert '<a href="/accounts/signup/">make a new account</a>' in page
    assert "they can set a new password for your account from its admin pages" in page


def test_staff_set_a_new_password_from_the_admin_as_the_reset_screen_says(admin_client, make_user):
    ana = make_user("ana")
    url = f"/admin/auth/user/{ana.pk}/password/"
    new = {"password1": "a fresh table password", "password2": "a fresh table password"}
    assert admin_client.post(url, new | {"usable_password": "true"}).status_code == 302
    ana.refresh_from_db()
    assert ana.check_password("a fresh table password")


def test_the_whole_reset_by_mail(client, user, mailoutbox):
    with_email(user)
    response = ask_for_a_link(client, "ANA@example.org")  # any case, as typed
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password_reset/done/"
    (mail,) = mailoutbox
    assert mail.to == ["ana@example.org"]
    assert mail.subject == "Scorekeeper: choose a new password"
    assert "the Scorekeeper account ana." in mail.body

    # The link opens the form (at a URL without the token, Django's own care), once.
    link = link_in(mail)
    assert link.startswith("http://testserver/accounts/reset/")
    form = client.get(link, follow=True)
    assert "<h1>Choose a new password</h1>" in form.content.decode()
    assert "For the account ana." in form.content.decode()
    [(form_url, _)] = form.redirect_chain
    done = client.post(
        form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True
    )
    assert done.redirect_chain == [("/accounts/reset/done/", 302)]
    assert "Log in with your new password." in done.content.decode()

    assert can_log_in("ana", NEW_PASSWORD)
    assert not can_log_in("ana", PASSWORD)
    again = Client().get(link).content.decode()
    assert "This link does not work" in again and 'href="/accounts/password_reset/"' in again


def test_an_account_without_email_gets_no_mail_and_the_screen_does_not_tell(
    client, user, make_user, mailoutbox
):
    with_email(make_user("bea"), "bea@example.org")
    known = ask_for_a_link(client, "bea@example.org")
    for unknown in ("ana@example.org", "nobody@example.org"):
        response = ask_for_a_link(client, unknown)
        assert response.status_code == 302
        assert response["Location"] == known["Location"]
    assert [mail.to for mail in mailoutbox] == [["bea@example.org"]]
    page = client.get(known["Location"]).content.decode()
    assert "If an account has that address, a link to choose a new password is on its way" in page
    assert "The link works once, within 3 days." in page
    assert settings.PASSWORD_RESET_TIMEOUT == 3 * 24 * 60 * 60  # what the screens say


def test_two_accounts_of_one_address_each_get_a_link_naming_the_account(
    client, user, make_user, mailoutbox
):
    with_email(user, "table@example.org")
    with_email(make_user("bea"), "table@example.org")
    ask_for_a_link(client, "table@example.org")
    assert sorted(re.search(r"account (\w+)\.", m.body)[1] for m in mailoutbox) == ["ana", "bea"]


def test_a_reset_logs_out_the_phones_logged_in_with_the_old_password(client, user, mailoutbox):
    other = Client()
    other.force_login(user)
    assert other.get("/account/").status_code == 200
    with_email(user)
    ask_for_a_link(client, "ana@example.org")
    form = client.get(link_in(mailoutbox[0]), follow=True)
    client.post(
        form.redirect_chain[0][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert other.get("/account/").status_code == 302  # to the login page


@override_settings(ALLOWED_HOSTS=["scores.example.org"])
def test_the_link_is_https_behind_the_tls_proxy(client, user, mailoutbox):
    with_email(user)
    client.post(
        "/accounts/password_reset/",
        {"email": "ana@example.org"},
        headers={"Host": "scores.example.org", "X-Forwarded-Proto": "https"},
    )
    assert link_in(mailoutbox[0]).startswith("https://scores.example.org/accounts/reset/")


def test_a_link_that_is_not_one_says_so_and_offers_a_new_one(client):
    page = client.get("/accounts/reset/MQ/not-a-token/").content.decode()
    assert "<h1>This link does not work</h1>" in page
    assert "Ask for a new link" in page


@pytest.fixture
def clock(monkeypatch):
    """The reset limit's clock, set by the test: an hour passes without sleeping."""
    moment = {"now": 1_800_000_000.0}
    monkeypatch.setattr(recovery, "now", lambda: moment["now"])
    return moment


def test_a_fourth_link_within_the_hour_to_one_address_is_not_sent_and_the_screen_is_the_same(
    client, user, mailoutbox, clock
):
    with_email(user)
    answers = [ask_for_a_link(Client(REMOTE_ADDR=f"10.0.0.{n}"), user.email) for n in range(4)]
    assert len(mailoutbox) == recovery.RESETS_PER_HOUR == 3
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, answers[0]["Location"])}
    clock["now"] += 3600
    ask_for_a_link(client, "ANA@example.org")
    assert len(mailoutbox) == 4


def test_a_fourth_ask_within_the_hour_from_one_client_sends_nothing_whatever_the_address(
    client, make_user, mailoutbox, clock
):
    for name in ("ana", "bea", "cy", "dee"):
        with_email(make_user(name), f"{name}@example.org")
    for name in ("nobody", "bea", "cy"):
        ask_for_a_link(client, f"{name}@example.org")
    refused = ask_for_a_link(client, "dee@example.org")
    assert [mail.to for mail in mailoutbox] == [["bea@example.org"], ["cy@example.org"]]
    assert refused.status_code == 302 and refused["Location"] == "/accounts/password_reset/done/"
    ask_for_a_link(Client(REMOTE_ADDR="10.0.0.9"), "dee@example.org")
    clock["now"] += 3600
    ask_for_a_link(client, "ana@example.org")
    assert [mail.to[0] for mail in mailoutbox[2:]] == ["dee@example.org", "ana@example.org"]


def test_the_limit_counts_each_ask_in_the_database_with_the_address_as_a_digest_only(client, clock):
    ask_for_a_link(client, "Ana@Example.org")
    ask_for_a_link(client, "ana@example.org")
    counts = dict(Asked.objects.values_list("key", "asks"))
    digest = hashlib.sha256(b"ana@example.org").hexdigest()
    assert counts == {"ip:127.0.0.1": 2, f"to:{digest}": 2}
    assert set(Asked.objects.values_list("hour", flat=True)) == {int(clock["now"] // 3600)}
