"""Share links, co-scorer links, and the scoreboard that refreshes itself cheaply."""

import codecs
import csv
import io
import re

import pytest
from django.core.management import call_command

from games.models import Hand, Revision
from tests.tables import BEN_WINS, coscorer_token, link_token, make_game, turn_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def test_a_share_token_has_at_least_128_bits(owner_client, game):
    token = turn_on(owner_client, game, "share").share_token
    # token_urlsafe: 6 bits a character.
    assert len(token) * 6 >= 128


def test_the_board_shows_the_share_link_and_its_qr_code(owner_client, game):
    turn_on(owner_client, game, "share")
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert f"/s/{game.share_token}/" in page
    assert "<svg" in page and 'class="qr"' in page


def test_anyone_with_the_share_link_sees_the_scores_without_an_account(
    anon_client, owner_client, game
):
    turn_on(owner_client, game, "share")
    response = anon_client.get(f"/s/{game.share_token}/")
    assert response.status_code == 200
    assert response.context["score"].standings["Ben"] == 494
    page = response.content.decode()
    assert "Add hand" not in page and "edit</span>" not in page and "Share this game" not in page


def test_a_share_link_never_gives_edit_rights(anon_client, owner_client, game):
    base = f"/s/{turn_on(owner_client, game, 'share').share_token}/"
    for path in ("hands/new/", "hands/1/", "hands/1/delete/"):
        assert anon_client.get(base + path).status_code == 404
        assert anon_client.post(base + path, {"kind": "passed", "save": "1"}).status_code == 404
    assert (
        anon_client.post(f"/games/{game.pk}/links/", {"link": "share", "action": "off"}).status_code
        == 302
    )
    assert Hand.objects.count() == 1
    game.refresh_from_db()
    assert game.share_token  # the anonymous post above went to the login page, not through


def test_a_replaced_or_stopped_link_answers_404(anon_client, owner_client, game):
    old = turn_on(owner_client, game, "share").share_token
    owner_client.post(f"/games/{game.pk}/links/", {"link": "share", "action": "new"})
    game.refresh_from_db()
    assert anon_client.get(f"/s/{old}/").status_code == 404
    assert anon_client.get(f"/s/{game.share_token}/").status_code == 200
    owner_client.post(f"/games/{game.pk}/links/", {"link": "share", "action": "off"})
    assert anon_client.get(f"/s/{game.share_token}/").status_code == 404


def test_only_the_owner_manages_links(stranger_client, game):
    response = stranger_client.post(f"/games/{game.pk}/links/", {"link": "share", "action": "on"})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.share_token is None


def test_a_coscorer_link_enters_hands_of_its_game_only(anon_client, owner_client, user, game):
    other = make_game(user)
    token = coscorer_token(turn_on(owner_client, game, "coscorer"))
    response = anon_client.post(
        f"/c/{token}/hands/new/", {"number": 2, "kind": "passed", "save": "1"}
    )
    assert response["Location"] == f"/c/{token}/"
    assert game.hands.count() == 2 and other.hands.count() == 0
    anon_client.post(
        f"/c/{token}/hands/2/", {"number": 2, "version": 1, "kind": "void", "save": "1"}
    )
    revision = Revision.objects.get()
    assert (revision.by, revision.via_coscorer) == (None, True)
    assert anon_client.get(f"/games/{other.pk}/").status_code == 302  # not logged in: no way in
    assert anon_client.get(f"/c/{token}/hands/new/").status_code == 200


def test_a_revoked_coscorer_link_answers_404(anon_client, owner_client, game):
    token = coscorer_token(turn_on(owner_client, game, "coscorer"))
    owner_client.post(f"/games/{game.pk}/links/", {"link": "coscorer", "action": "off"})
    assert anon_client.get(f"/c/{token}/").status_code == 404
    assert anon_client.post(f"/c/{token}/hands/new/", {"kind": "passed"}).status_code == 404


def test_an_unchanged_game_answers_304_to_a_poll(
    anon_client, owner_client, game, django_assert_num_queries
):
    base = f"/s/{turn_on(owner_client, game, 'share').share_token}/"
    poll = {"HX-Request": "true"}
    first = anon_client.get(base + "?live=1", headers=poll)
    assert first.status_code == 200 and "<html" not in first.content.decode()
    etag = first["ETag"]
    # No query: the cache knows the link's game and its version (games/play/polls.py).
    with django_assert_num_queries(0):
        again = anon_client.get(base + "?live=1", headers=poll | {"If-None-Match": etag})
    assert again.status_code == 304


def test_any_hand_change_changes_the_etag(anon_client, owner_client, game):
    base = f"/s/{turn_on(owner_client, game, 'share').share_token}/"
    poll = {"HX-Request": "true"}
    etag = anon_client.get(base + "?live=1", headers=poll)["ETag"]
    owner_client.post(f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"})
    response = anon_client.get(base + "?live=1", headers=poll | {"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_the_sharelink_command_turns_sharing_on_and_prints_the_path(capsys, game):
    call_command("sharelink", str(game.pk))
    game.refresh_from_db()
    assert capsys.readouterr().out.strip() == f"/s/{game.share_token}/"
    call_command("sharelink", str(game.pk))
    assert capsys.readouterr().out.strip() == f"/s/{game.share_token}/"


def test_the_csv_lists_every_hand_with_changes_and_totals(owner_client, game):
    response = owner_client.get(f"/games/{game.pk}/hands.csv")
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("hand,dealer,what happened,Ana change,Ana total")
    assert lines[1].startswith("1,Ana,") and lines[1].endswith("-8,462")


def test_the_csv_opens_in_a_spreadsheet_with_accents_and_plain_numbers(owner_client, user):
    game = make_game(user, players=("Zoë", "Ben", "Cy", "Dee"), hands=[BEN_WINS])
    body = owner_client.get(f"/games/{game.pk}/hands.csv").content
    # The byte-order mark tells a spreadsheet the file is UTF-8, so "Zoë" stays "Zoë".
    assert body.startswith(codecs.BOM_UTF8) and "Zoë change" in body.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    figures = [cell for row in rows[1:] for cell in row[3:]]
    assert figures and all(re.fullmatch(r"-?\d+", cell) for cell in figures), figures


def test_the_printable_sheet_has_no_buttons(owner_client, game):
    page = owner_client.get(f"/games/{game.pk}/print/").content.decode()
    main = page[page.index("<main") :]
    assert 'class="sheet"' in main and "Add hand" not in main and "<button" not in main


POLLS = 'hx-trigger="every 5s"'
POLL = {"HX-Request": "true"}


def link_board(game, link):
    return f"/{link[0]}/{link_token(game, link)}/"


@pytest.mark.parametrize("link", ["share", "coscorer"])
def test_a_finished_games_share_and_coscorer_boards_stop_polling(
    link, anon_client, owner_client, user
):
    game = turn_on(owner_client, make_game(user, rules={"hands": 1}, hands=[BEN_WINS]), link)
    page = anon_client.get(link_board(game, link)).content.decode()
    assert "Game over" in page and POLLS not in page
    # A board opened before the end gets its last answer without a trigger: it stops there.
    last = anon_client.get(link_board(game, link) + "?live=1", headers=POLL)
    assert last.status_code == 200 and POLLS not in last.content.decode()
    # The owner's board still follows corrections made through the co-scorer link.
    assert POLLS in owner_client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.parametrize("link", ["share", "coscorer"])
def test_an_open_games_share_and_coscorer_boards_poll_and_get_304_while_unchanged(
    link, anon_client, owner_client, game
):
    board = link_board(turn_on(owner_client, game, link), link)
    assert POLLS in anon_client.get(board).content.decode()
    first = anon_client.get(board + "?live=1", headers=POLL)
    assert POLLS in first.content.decode()
    again = anon_client.get(board + "?live=1", headers=POLL | {"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def hands_page(game, link):
    return link_board(game, link) + "hands/" if link else f"/games/{game.pk}/hands/"


@pytest.mark.parametrize("link", [None, "share", "coscorer"])
def test_all_hands_polls_as_the_board_does_newest_first(link, anon_client, owner_client, game):
    if link:
        game = turn_on(owner_client, game, link)
    client = anon_client if link else owner_client
    page = client.get(hands_page(game, link)).content.decode()
    assert POLLS in page and f'hx-get="{hands_page(game, link)}?live=1"' in page
    first = client.get(hands_page(game, link) + "?live=1", headers=POLL)
    assert "<html" not in first.content.decode() and POLLS in first.content.decode()
    again = POLL | {"If-None-Match": first["ETag"]}
    assert client.get(hands_page(game, link) + "?live=1", headers=again).status_code == 304

    owner_client.post(f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"})
    changed = client.get(hands_page(game, link) + "?live=1", headers=again)
    assert changed.status_code == 200
    assert re.findall(r'<th scope="row">(\d+)</th>', changed.content.decode()) == ["2", "1"]


@pytest.mark.parametrize("link", ["share", "coscorer"])
def test_a_links_unchanged_all_hands_poll_asks_no_database(
    link, anon_client, owner_client, game, django_assert_num_queries
):
    hands = hands_page(turn_on(owner_client, game, link), link)
    etag = anon_client.get(hands + "?live=1", headers=POLL)["ETag"]
    with django_assert_num_queries(0):
        again = anon_client.get(hands + "?live=1", headers=POLL | {"If-None-Match": etag})
    assert again.status_code == 304


def test_a_finished_games_all_hands_stops_polling_through_a_link(anon_client, owner_client, user):
    game = turn_on(owner_client, make_game(user, rules={"hands": 1}, hands=[BEN_WINS]), "share")
    assert POLLS not in anon_client.get(hands_page(game, "share")).content.decode()
    assert POLLS in owner_client.get(hands_page(game, None)).content.decode()


@pytest.mark.parametrize("link", ["share", "coscorer"])
def test_the_links_of_a_deleted_game_answer_404_even_to_a_cached_poll(
    anon_client, owner_client, game, link
):
    game = turn_on(owner_client, game, link)
    base = f"/{link[0]}/{link_token(game, link)}/"
    poll = {"HX-Request": "true"}
    etag = anon_client.get(base + "?live=1", headers=poll)["ETag"]
    owner_client.post(f"/games/{game.pk}/delete/")
    cached = anon_client.get(base + "?live=1", headers=poll | {"If-None-Match": etag})
    assert cached.status_code == 404
    assert anon_client.get(base).status_code == 404
    assert anon_client.post(base + "hands/new/", {"kind": "passed"}).status_code == 404


def test_the_links_of_a_game_of_a_deleted_session_answer_404(anon_client, owner_client, game):
    game = turn_on(owner_client, game, "share")
    owner_client.post(f"/sessions/{game.session_id}/delete/")
    assert anon_client.get(f"/s/{game.share_token}/").status_code == 404


def test_each_member_is_shown_their_own_coscorer_link_and_never_anothers(
    owner_client, user, make_user, game
):
    from django.test import Client

    from games.models import Membership

    bea = make_user("bea")
    Membership.objects.create(group=game.session.group, user=bea)
    her_phone = Client()
    her_phone.force_login(bea)
    mine = coscorer_token(turn_on(owner_client, game, "coscorer"))
    board = her_phone.get(f"/games/{game.pk}/").content.decode()
    assert mine not in board and "Make my co-scorer link" in board
    her_phone.post(f"/games/{game.pk}/links/", {"link": "coscorer", "action": "on"})
    hers = coscorer_token(game, bea)
    assert hers != mine and f"/c/{hers}/" in her_phone.get(f"/games/{game.pk}/").content.decode()
    assert hers not in owner_client.get(f"/games/{game.pk}/").content.decode()
