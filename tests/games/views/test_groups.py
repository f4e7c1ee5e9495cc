"""A group's page, its settings, and the invite link."""

import json
import re
from html import escape

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Group, Membership, Session
from games.play.groups import first_group, groups_of
from tests.conftest import PASSWORD
from tests.tables import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def group(user):
    return first_group(user)


@pytest.fixture
def member(make_user, group):
    bea = make_user("bea")
    Membership.objects.create(group=group, user=bea)
    client = Client()
    client.force_login(bea)
    client.user = bea
    return client


def test_the_group_page_lists_members_sessions_and_the_invite_with_its_qr_code(
    owner_client, group, member, user
):
    make_game(user)
    page = owner_client.get(f"/groups/{group.pk}/").content.decode()
    assert "ana" in page and "bea" in page and "The Crown" in page
    assert f"/join/{group.invite_token}/" in page and "<svg" in page and "Copy link" in page
    assert "On the table" in page and "Settle up" in page  # the places kept for its money


def test_a_member_sees_the_group_but_not_its_settings(member, group):
    page = member.get(f"/groups/{group.pk}/").content.decode()
    assert "Leave the group" in page and "Rename the group" not in page and "Remove" not in page
    assert member.get(f"/groups/{group.pk}/rename/").status_code == 404
    assert member.post(f"/groups/{group.pk}/invite/", {"action": "off"}).status_code == 404


def test_the_owner_renames_the_group(owner_client, group):
    owner_client.post(f"/groups/{group.pk}/rename/", {"name": "Thursday club"})
    group.refresh_from_db()
    assert group.name == "Thursday club"


def test_invites_turned_off_answer_404_and_a_new_link_replaces_the_old(owner_client, group):
    old = group.invite_token
    owner_client.post(f"/groups/{group.pk}/invite/", {"action": "new"})
    group.refresh_from_db()
    assert group.invite_token != old and Client().get(f"/join/{old}/").status_code == 404
    owner_client.post(f"/groups/{group.pk}/invite/", {"action": "off"})
    group.refresh_from_db()
    assert group.invite_token is None


def test_a_visitor_signs_up_on_the_invite_and_is_a_member_at_once(group):
    visitor = Client()
    form = {"username": "cy", "password1": PASSWORD, "password2": PASSWORD}
    response = visitor.post(f"/join/{group.invite_token}/", form)
    assert response.status_code == 302 and response["Location"] == f"/groups/{group.pk}/"
    cy = get_user_model().objects.get(username="cy")
    assert group in groups_of(cy) and visitor.get(response["Location"]).status_code == 200


def test_a_visitor_logs_in_on_the_invite_and_is_a_member_without_a_second_tap(group, make_user):
    cy = make_user("cy")
    visitor = Client()
    invite = f"/join/{group.invite_token}/"
    assert f'href="{invite}?login"' in visitor.get(invite).content.decode()
    assert "Log in and join" in visitor.get(f"{invite}?login").content.decode()
    response = visitor.post(f"{invite}?login", {"username": "cy", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == f"/groups/{group.pk}/"
    assert group in groups_of(cy) and visitor.get(response["Location"]).status_code == 200


def header_links(page: str) -> dict[str, str]:
    """The header's account links, by their words: {"Log in": href, ...}."""
    nav = re.search(r'<nav aria-label="Account">(.*?)</nav>', page, re.S)[1]
    return {words: href for href, words in re.findall(r'<a href="([^"]+)">([^<]+)</a>', nav)}


def test_every_log_in_on_the_invite_page_logs_in_and_joins(group, make_user):
    invite = f"/join/{group.invite_token}/"
    page = Client().get(invite).content.decode()
    header = header_links(page)["Log in"]
    own = re.search(r'<a href="([^"]+)">Log in and join</a>', page)[1]
    assert header == own == f"{invite}?login"
    for name, link in (("cy", header), ("dee", own)):
        person = make_user(name)
        visitor = Client()
        response = visitor.post(link, {"username": name, "password": PASSWORD})
        assert response.status_code == 302 and response["Location"] == f"/groups/{group.pk}/"
        assert group in groups_of(person)


def test_the_header_sign_up_on_the_invite_page_is_the_invites_own(group):
    invite = f"/join/{group.invite_token}/"
    for path in (invite, f"{invite}?login"):
        assert header_links(Client().get(path).content.decode())["Sign up"] == invite


def test_elsewhere_the_header_leads_to_the_ordinary_log_in_and_sign_up(client):
    assert header_links(client.get("/accounts/login/").content.decode()) == {
        "Log in": "/accounts/login/",
        "Sign up": "/accounts/signup/",
    }


def test_the_invite_asks_for_an_optional_email_in_the_sign_up_screens_words(client, group):
    ordinary = client.get("/accounts/signup/").content.decode()
    invite = client.get(f"/join/{group.invite_token}/").content.decode()
    for words in ("Email (optional)", "Only to reset a forgotten password."):
        assert words in ordinary and words in invite
    assert 'type="email" name="email"' in invite and 'autocomplete="email"' in invite


def test_an_email_that_is_not_one_is_refused_on_the_invite_and_no_one_joins(group):
    form = {"username": "cy", "password1": PASSWORD, "password2": PASSWORD, "email": "cy at home"}
    response = Client().post(f"/join/{group.invite_token}/", form)
    page = response.content.decode()
    assert response.status_code == 200
    assert '<a href="#id_email">Enter a valid email address.</a>' in page
    assert '<p class="field-error" id="id_email_error">Enter a valid email address.' in page
    assert not get_user_model().objects.filter(username="cy").exists()


def test_a_member_who_signed_up_on_the_invite_with_an_email_resets_the_password_by_mail(
    group, mailoutbox
):
    form = {"username": "cy", "password1": PASSWORD, "password2": PASSWORD}
    Client().post(f"/join/{group.invite_token}/", form | {"email": "cy@Example.ORG"})
    cy = get_user_model().objects.get(username="cy")
    assert cy.email == "cy@example.org" and group in groups_of(cy)

    visitor = Client()
    visitor.post("/accounts/password_reset/", {"email": "cy@example.org"})
    (mail,) = mailoutbox
    assert mail.to == ["cy@example.org"] and "the Scorekeeper account cy." in mail.body
    (link,) = re.findall(r"https?://\S+", mail.body)
    form_url = visitor.get(link, follow=True).redirect_chain[0][0]
    new = "a brand new table password"
    visitor.post(form_url, {"new_password1": new, "new_password2": new})
    cy.refresh_from_db()
    assert cy.check_password(new)


def test_a_wrong_password_on_the_invite_joins_no_one(group, make_user):
    cy = make_user("cy")
    visitor = Client()
    response = visitor.post(
        f"/join/{group.invite_token}/?login", {"username": "cy", "password": "not it at all"}
    )
    assert response.status_code == 200 and "Please enter a correct" in response.content.decode()
    assert group not in groups_of(cy) and not visitor.session.get("_auth_user_id")


def test_a_signed_in_person_joins_in_one_tap(stranger_client, group):
    page = stranger_client.get(f"/join/{group.invite_token}/").content.decode()
    assert escape(f"Join {group.name}") in page
    stranger_client.post(f"/join/{group.invite_token}/")
    assert stranger_client.get(f"/groups/{group.pk}/").status_code == 200


def test_the_owner_removes_a_member_who_is_out_at_once_and_whose_invite_stops(
    owner_client, member, group, user
):
    game = make_game(user)
    assert member.get(f"/games/{game.pk}/").status_code == 200
    owner_client.post(f"/groups/{group.pk}/members/{member.user.pk}/remove/")
    assert member.get(f"/games/{game.pk}/").status_code == 404
    assert member.get(f"/join/{Group.objects.get(pk=group.pk).invite_token}/").status_code == 200
    old = group.invite_token
    assert member.get(f"/join/{old}/").status_code == 404


def test_a_member_leaves_but_the_owner_cannot(owner_client, member, group):
    member.post(f"/groups/{group.pk}/leave/")
    assert not Membership.objects.filter(group=group, user=member.user).exists()
    owner_client.post(f"/groups/{group.pk}/leave/")
    assert Membership.objects.filter(group=group, user=group.owner).exists()


def test_a_new_group_and_a_session_in_it(owner_client, user):
    response = owner_client.post("/groups/new/", {"name": "The club"})
    club = Group.objects.get(name="The club")
    assert response["Location"] == f"/groups/{club.pk}/" and club.owner == user
    owner_client.post(f"/sessions/new/?group={club.pk}", {"date": "2026-11-20", "place": "Club"})
    assert Session.objects.get(place="Club").group == club


def test_with_two_groups_the_new_session_form_asks_which(owner_client, user):
    from games.play.groups import create_group

    club = create_group(user, "The club")
    form = owner_client.get("/sessions/new/").content.decode()
    assert "The club" in form and "ana&#x27;s table" in form
    owner_client.post("/sessions/new/", {"date": "2026-11-20", "place": "Pub", "group": club.pk})
    assert Session.objects.get(place="Pub").group == club


def test_home_lists_the_groups_and_a_new_group(owner_client, group):
    page = owner_client.get("/").content.decode()
    assert f"/groups/{group.pk}/" in page and "/groups/new/" in page


def test_a_member_downloads_the_groups_file_with_its_games(member, user, group):
    make_game(user)
    response = member.get(f"/groups/{group.pk}/export.json")
    assert response["Content-Disposition"].startswith(
        'attachment; filename="scorekeeper-anas-table'
    )
    data = json.loads(response.content)
    assert [len(session["games"]) for session in data["sessions"]] == [1]


def test_signing_up_through_an_invite_says_once_which_group_was_joined_and_which_is_ones_own(
    client, user
):
    group = user.owned_groups.first()
    post = {"username": "tom", "password1": "cardtable7", "password2": "cardtable7"}
    page = client.post(f"/join/{group.invite_token}/", post, follow=True).content.decode()
    assert f"You are in \u201c{group.name}\u201d".replace("'", "&#x27;") in page
    assert "\u201ctom&#x27;s table\u201d is a group of your own besides" in page
    assert "a group of your own" not in client.get("/").content.decode()
