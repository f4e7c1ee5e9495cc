"""A forgotten password, on a phone: "Forgot your password?", the link from the mail, a new
password, and back in. The live server runs in this process: its mail is in the outbox."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in_by_form

pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = "a brand new table password"


def test_a_forgotten_password_is_reset_through_the_link_in_the_mail(
    live_server, phone, user, mailoutbox, shoot, axe
):
    user.email = "ana@example.org"
    user.save(update_fields=["email"])
    phone.goto(f"{live_server.url}/accounts/signup/")
    expect(phone.locator("#id_email + .help")).to_have_text("Only to reset a forgotten password.")
    shoot(phone, "reset-0-sign-up")
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.tap("text=Forgot your password?")
    expect(phone.locator("h1")).to_have_text("Forgot your password?")
    expect(phone.locator("#no-email-title")).to_have_text("No email address on your account?")
    assert no_horizontal_scroll(phone)
    shoot(phone, "reset-1-ask")
    axe(phone, "reset: ask for a link")

    phone.fill("#id_email", "ana@example.org")
    phone.tap("button:has-text('Send me the link')")
    expect(phone.locator("h1")).to_have_text("Check your email")
    shoot(phone, "reset-2-sent")
    axe(phone, "reset: link sent")

    (mail,) = mailoutbox
    (link,) = re.findall(r"http://\S+", mail.body)
    assert link.startswith(f"{live_server.url}/accounts/reset/")
    phone.goto(link)
    expect(phone.locator("h1")).to_have_text("Choose a new password")
    assert "/set-password/" in phone.url  # the token is out of the address bar
    assert no_horizontal_scroll(phone)
    shoot(phone, "reset-3-choose")
    axe(phone, "reset: choose a new password")

    phone.fill("#id_new_password1", NEW_PASSWORD)
    phone.fill("#id_new_password2", NEW_PASSWORD)
    phone.tap("button:has-text('Save my new password')")
    expect(phone.locator("h1")).to_have_text("Password changed")
    shoot(phone, "reset-4-changed")
    axe(phone, "reset: password changed")

    phone.tap("a.button:has-text('Log in')")
    phone.wait_for_url(f"{live_server.url}/accounts/login/")
    log_in_by_form(phone, live_server.url, password=NEW_PASSWORD)
    expect(phone.locator(".who-am-i")).to_have_text("ana")
    phone.goto(f"{live_server.url}/account/")
    expect(phone.locator("#email-title + p")).to_contain_text("goes to ana@example.org")
    shoot(phone, "reset-6-account")
    axe(phone, "account page, with its email")

    # The link has done its work: opened again, it says so and offers a new one.
    phone.goto(link)
    expect(phone.locator("h1")).to_have_text("This link does not work")
    shoot(phone, "reset-5-used-link")
