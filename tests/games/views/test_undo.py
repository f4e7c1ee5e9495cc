"""Taking a change back: the board's "Hand N saved · Undo", earlier versions, deleted hands."""

import pytest

from games.models import Hand, Revision, Session
from games.records.imports import import_sheet
from tests.sheets import load_example
from tests.tables import BEN_WINS, coscorer_token, make_game, tridge_post, turn_on

pytestmark = pytest.mark.django_db

BEN_POST = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)


def url(game, rest=""):
    return f"/games/{game.pk}/{rest}"


def undo_form(page: str) -> dict:
    """The Undo line's form as the board shows it: its change and its own one-time key."""
    line = page.split('class="undo success"')[1].split("</li>")[0]
    field = lambda name: line.split(f'name="{name}" value="')[1].split('"')[0]  # noqa: E731
    return {"change": field("change"), "submission": field("submission")}


def test_a_new_hand_saved_is_offered_for_undo_on_the_board(owner_client, user):
    game = make_game(user)
    post = tridge_post(1, **BEN_POST, save="1", submission="s0")
    page = owner_client.get(owner_client.post(url(game, "hands/new/"), post)["Location"])
    page = page.content.decode()
    assert "<span>Hand 1 saved</span> · <form" in page
    assert f'action="/games/{game.pk}/undo/"' in page and ">Undo</button>" in page
    assert "Hand 1 saved" not in owner_client.get(url(game)).content.decode()  # once only


def test_undo_deletes_the_new_hand_and_offers_to_undo_that_too(owner_client, user):
    game = make_game(user)
    owner_client.post(
        url(game, "hands/new/"), tridge_post(1, **BEN_POST, save="1", submission="s1")
    )
    form = undo_form(owner_client.get(url(game)).content.decode())
    assert form["change"] == "s1"
    response = owner_client.post(url(game, "undo/"), form)
    assert response["Location"] == url(game)
    assert not Hand.objects.exists()
    page = owner_client.get(url(game)).content.decode()
    assert "<span>Hand 1 deleted</span>" in page and "Deleted hands (1)" in page


def test_a_correction_is_offered_as_corrected_and_undo_brings_the_earlier_version(
    owner_client, user
):
    game = make_game(user, hands=[BEN_WINS])
    post = tridge_post(1, **(BEN_POST | {"honours": 1}), version=1, save="1", submission="c1")
    owner_client.post(url(game, "hands/1/"), post)
    page = owner_client.get(url(game)).content.decode()
    assert "<span>Hand 1 corrected</span>" in page
    owner_client.post(url(game, "undo/"), undo_form(page))
    assert Hand.objects.get().record == BEN_WINS


def test_a_delete_is_offered_as_deleted_and_undo_puts_the_hand_back(owner_client, user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}])
    owner_client.post(url(game, "hands/1/delete/"), {"version": 1, "submission": "d1"})
    page = owner_client.get(url(game)).content.decode()
    assert "<span>Hand 1 deleted</span>" in page
    owner_client.post(url(game, "undo/"), undo_form(page))
    assert [h.record for h in Hand.objects.all()] == [{"passed": True}, {"void": True}]
    assert "<span>Hand 1 put back</span>" in owner_client.get(url(game)).content.decode()


def test_cardigan_says_deal(owner_client, user):
    data, _ = load_example("cardigan-four-deals")
    game = import_sheet(Session.objects.create(group=user.owned_groups.first()), data)
    owner_client.post(url(game, "hands/4/delete/"), {"version": 1, "submission": "d4"})
    assert "<span>Deal 4 deleted</span>" in owner_client.get(url(game)).content.decode()


def test_undo_refuses_once_another_phone_saved_after_it(owner_client, user):
    game = make_game(user)
    owner_client.post(url(game, "hands/new/"), tridge_post(1, **BEN_POST, save="1", submission="a"))
    form = undo_form(owner_client.get(url(game)).content.decode())
    owner_client.post(url(game, "hands/new/"), {"number": 2, "kind": "passed", "save": "1"})
    owner_client.get(url(game))  # the second hand's own line
    response = owner_client.post(url(game, "undo/"), form)
    page = owner_client.get(response["Location"]).content.decode()
    assert "Hand 1 was not undone: the game has changed since" in page
    assert Hand.objects.count() == 2 and not Revision.objects.exists()


def test_the_undo_line_is_the_savers_own_never_in_the_shared_board(owner_client, user, anon_client):
    game = turn_on(owner_client, make_game(user))
    owner_client.post(url(game, "hands/new/"), tridge_post(1, **BEN_POST, save="1"))
    assert "Hand 1 saved" not in anon_client.get(f"/s/{game.share_token}/").content.decode()
    assert "Hand 1 saved" in owner_client.get(url(game)).content.decode()


def test_the_share_link_cannot_undo_restore_or_put_back(owner_client, user, anon_client):
    game = turn_on(owner_client, make_game(user, hands=[{"passed": True}]))
    for rest in ("undo/", "hands/restore/", "hands/put-back/"):
        assert anon_client.post(f"/s/{game.share_token}/{rest}", {}).status_code == 404


def test_the_co_scorer_may_put_a_deleted_hand_back(owner_client, user, anon_client):
    game = turn_on(owner_client, make_game(user, hands=[{"passed": True}]), "coscorer")
    owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    revision = Revision.objects.get()
    board = anon_client.get(f"/c/{coscorer_token(game)}/").content.decode()
    assert "Put back hand 1" in board and 'form="put-back"' in board
    anon_client.post(f"/c/{coscorer_token(game)}/hands/put-back/", {"revision": revision.pk})
    assert Hand.objects.get().record == {"passed": True}


def test_the_history_offers_each_earlier_version_to_restore_in_one_tap(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    post = tridge_post(1, **(BEN_POST | {"honours": 1}), version=1, save="1")
    owner_client.post(url(game, "hands/1/"), post)
    page = owner_client.get(url(game, "hands/1/history/")).content.decode()
    assert page.count(">Restore this version</button>") == 1
    revision = Revision.objects.get()
    response = owner_client.post(
        url(game, "hands/restore/"), {"revision": revision.pk, "version": 2, "submission": "r1"}
    )
    assert response["Location"] == url(game)
    assert Hand.objects.get().record == BEN_WINS and Hand.objects.get().version == 3
    board = owner_client.get(url(game)).content.decode()
    assert "<span>Hand 1 back to version 1</span>" in board
    owner_client.post(url(game, "undo/"), undo_form(board))  # the restore undone
    assert Hand.objects.get().record["honours"] == 1


def test_the_share_links_history_shows_versions_without_restoring(owner_client, user, anon_client):
    game = make_game(user, hands=[BEN_WINS])
    owner_client.post(url(game, "hands/1/"), tridge_post(1, **BEN_POST, version=1, save="1"))
    game = turn_on(owner_client, game)
    page = anon_client.get(f"/s/{game.share_token}/hands/1/history/").content.decode()
    assert "Version 1" in page and "Restore this version" not in page


def test_restoring_over_a_change_made_since_is_refused_and_says_so(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    owner_client.post(url(game, "hands/1/"), tridge_post(1, **BEN_POST, version=1, save="1"))
    revision = Revision.objects.get()
    response = owner_client.post(
        url(game, "hands/restore/"), {"revision": revision.pk, "version": 1}
    )
    assert response["Location"] == url(game, "hands/1/history/")
    page = owner_client.get(response["Location"]).content.decode()
    assert "Nothing was restored: hand 1 was changed on another phone" in page
    assert Hand.objects.get().version == 2


def test_a_deleted_hand_is_put_back_from_the_board(owner_client, user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}])
    owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    board = owner_client.get(url(game)).content.decode()
    assert "Put back hand 1" in board
    revision = Revision.objects.get()
    owner_client.post(url(game, "hands/put-back/"), {"revision": revision.pk, "submission": "p"})
    assert [h.record for h in Hand.objects.all()] == [{"passed": True}, {"void": True}]
    board = owner_client.get(url(game)).content.decode()
    assert "<span>Hand 1 put back</span>" in board and "Deleted hands" not in board


def test_putting_back_a_hand_after_the_games_end_is_refused_in_a_sentence(owner_client, user):
    game = make_game(user, rules={"hands": 1}, hands=[{"passed": True}])
    owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    owner_client.post(url(game, "hands/new/"), {"number": 1, "kind": "void", "save": "1"})
    revision = Revision.objects.get()
    response = owner_client.post(url(game, "hands/put-back/"), {"revision": revision.pk})
    page = owner_client.get(response["Location"]).content.decode()
    assert (
        "Hand 1 cannot be put back. The rules refuse it: "
        "hand 2 comes after the game ended (1 hands were planned)."
    ) in page
    assert [h.record for h in Hand.objects.all()] == [{"void": True}]


def test_the_all_hands_screen_lists_the_deleted_hands_to_put_back_too(owner_client, user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}])
    owner_client.post(url(game, "hands/2/delete/"), {"version": 1})
    page = owner_client.get(url(game, "hands/")).content.decode()
    assert "Deleted hands (1)" in page and "Put back hand 2" in page
    key = page.split('name="submission" value="')[1].split('"')[0]
    revision = Revision.objects.get()
    owner_client.post(url(game, "hands/put-back/"), {"revision": revision.pk, "submission": key})
    assert Hand.objects.get(number=2).record == {"void": True}


def test_a_hand_put_back_shows_its_deletion_in_its_history(owner_client, user):
    game = make_game(user, hands=[{"passed": True}])
    owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    owner_client.post(url(game, "hands/put-back/"), {"revision": Revision.objects.get().pk})
    page = owner_client.get(url(game, "hands/1/history/")).content.decode()
    assert "deleted" in page and "by ana, then put back" in page and "Now</strong>" in page
