"""Entering Tridge hands: the live preview, saving, correcting, deleting, two phones at once."""

import pytest

from games.models import Game, Hand, Revision
from games.play import tallies
from tests.pages import shown
from tests.tables import BEN_WINS, make_game, tridge_post

pytestmark = pytest.mark.django_db

# Ana deals hand 1 and sits out; Ben plays clubs with 3 honours and takes 5 tricks.
BEN_POST = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)


@pytest.fixture
def game(user):
    return make_game(user)


def url(game, rest="hands/new/"):
    return f"/games/{game.pk}/{rest}"


def test_the_hand_form_says_who_deals_and_sits_out(owner_client, game):
    page = owner_client.get(url(game)).content.decode()
    page = page.split('<template class="hand-ahead">')[0]  # not the next hands' (offline)
    # "and sits out" hidden while In-comer or In-comer declined is chosen (entry.css).
    assert '<span class="sits-out"> and ' in page and "Ana deals and sits out." in shown(page)
    # Ana's row of tricks is an in-comer's alone: drawn for a phone with no signal, shown by
    # In-comer's radio alone (entry.css).
    assert 'only-incomer" id="tricks_0"' in page and 'class="chips-row" id="tricks_1"' in page


def test_an_htmx_change_answers_the_form_fragment_with_the_preview(owner_client, game):
    response = owner_client.post(
        url(game), tridge_post(1, **BEN_POST), headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert "<html" not in page and 'id="entry"' in page
    assert response.context["preview"].deltas == {"Ana": -8, "Ben": 24, "Cy": -8, "Dee": -8}
    assert "Ben wins and takes the game fund (20)" in page
    assert not Hand.objects.exists()


def live(client, game, shape, **fields):
    """A tap's live update, sent as htmx sends it, by a form drawn with `shape`."""
    post = tridge_post(1, **fields, shape=shape)
    return client.post(url(game), post, headers={"HX-Request": "true"})


def test_a_tap_that_moves_no_field_answers_with_the_results_alone(owner_client, game):
    drawn = live(owner_client, game, "", player="Ben", bid="play", trumps="H")
    response = live(owner_client, game, drawn.context["shape"], **BEN_POST)
    page = response.content.decode()
    assert response["HX-Reswap"] == "none"
    assert (
        'id="preview" aria-live="polite" aria-labelledby="preview-title" hx-swap-oob="true"' in page
    )
    assert 'id="tricks" hx-swap-oob="true"' in page and 'id="honours" hx-swap-oob="true"' in page
    # The fields the player may be using are left as they are: none is sent.
    assert 'name="trumps"' not in page and 'name="player"' not in page
    assert "Ben wins and takes the game fund (20)" in page


def test_a_tap_that_shows_other_fields_redraws_the_form(owner_client, game):
    shape = owner_client.get(url(game)).context["shape"]
    response = live(owner_client, game, shape, **(BEN_POST | {"bid": "fixed"}))
    page = response.content.decode()
    assert "HX-Reswap" not in response and 'id="entry"' in page and 'name="target"' in page


def test_a_message_appearing_beside_a_field_redraws_the_form(owner_client, game):
    shape = owner_client.get(url(game)).context["shape"]
    response = live(owner_client, game, shape, **(BEN_POST | {"trumps": "S", "honours": 4}))
    assert "HX-Reswap" not in response and "at most 3" in response.content.decode()


def test_the_preview_works_without_javascript_too(owner_client, game):
    response = owner_client.post(url(game), tridge_post(1, **BEN_POST, preview="1"))
    assert "<html" in response.content.decode()
    assert response.context["preview"].deltas["Ben"] == 24


def test_saving_stores_the_sheet_record_and_returns_to_the_scores(owner_client, game):
    response = owner_client.post(url(game), tridge_post(1, **BEN_POST, save="1"))
    assert response["Location"] == f"/games/{game.pk}/"
    assert Hand.objects.get().record == BEN_WINS


def test_the_last_persons_tricks_are_filled_in(owner_client, game):
    post = tridge_post(1, **(BEN_POST | {"tricks_3": ""}))
    response = owner_client.post(url(game), post, headers={"HX-Request": "true"})
    assert response.context["form"].cleaned_data["tricks_3"] == 1
    assert 'value="1"' in response.content.decode()


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"trumps": "S", "honours": 4}, "honours", "at most 3"),
        ({"tricks_3": 3}, "tricks_3", "add up to 11, must be 9"),
        ({"player": ""}, "player", "Who played?"),
        ({"bid": "fixed"}, "target", "How many tricks were fixed?"),
        ({"trumps": ""}, "trumps", "Which suit"),
        ({"tricks_2": "x", "tricks_3": "1"}, "tricks_2", "A number from 0 to 9."),
        ({"player": "Ana"}, "player", None),
    ],
)
def test_a_bad_hand_is_refused_next_to_its_field_and_nothing_is_lost(
    owner_client, game, changes, field, words
):
    response = owner_client.post(url(game), tridge_post(1, **(BEN_POST | changes), save="1"))
    errors = response.context["form"].errors
    assert response.status_code == 200
    assert field in errors
    if words:
        assert any(words in error for error in errors[field])
    assert 'value="C"' in response.content.decode() or "trumps" in changes
    assert not Hand.objects.exists()


def test_passes_void_hands_and_a_declined_incomer_are_one_tap(owner_client, game):
    for number, kind in enumerate(["passed", "void", "declined"], start=1):
        owner_client.post(url(game), {"number": number, "kind": kind, "save": "1"})
    assert [h.record for h in Hand.objects.all()] == [
        {"passed": True},
        {"void": True},
        {"incomer_declined": True},
    ]


def test_a_declined_incomer_is_not_said_to_sit_out(owner_client, game):
    # Ana dealt, came in and declined (docs/RULES.md): her buy-in is the only payment.
    post = {"number": 1, "kind": "declined"}
    response = owner_client.post(url(game), post, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert "Ana paid" in page and "to come in, then declined" in page
    # The form's "and sits out" is drawn for a phone with no signal, hidden while In-comer
    # declined is chosen (entry.css); the preview says nothing of it.
    assert response.context["sits_out"] is None and "deals and sits out" not in page
    assert "sits out" in owner_client.post(url(game), {"number": 1}).content.decode()


def test_fixed_tricks_then_in_comer_leaves_no_fixed_tricks_asked(owner_client, game):
    # Fixed was chosen, then In-comer tapped: the form still sends Fixed, not on offer now.
    post = {"number": 1, "kind": "incomer", "bid": "fixed", "target": 2, "trumps": "S"}
    response = owner_client.post(url(game), post | {"save": "1"})
    # Fixed tricks stay drawn for a phone with no signal, hidden while In-comer is chosen
    # (entry.css); the bid is asked again.
    assert (
        'class="not-incomer"><input type="radio" name="bid" value="fixed"'
        in response.content.decode()
    )
    assert response.context["form"].errors["bid"] == ["Which bid?"]
    assert not Hand.objects.exists()


@pytest.mark.parametrize("kind", ["played", "incomer", "passed"])
def test_every_kind_of_tridge_hand_is_drawn_whichever_is_chosen(owner_client, game, kind):
    # Offline no answer draws an in-comer's parts at a tap: the form must hold them already,
    # the radios alone showing them (entry.css).
    page = owner_client.post(url(game), {"number": 1, "kind": kind}, headers={"HX-Request": "true"})
    page = page.content.decode()
    for part in ('id="player"', 'class="incomer-only"', 'id="target"', "went-for-all"):
        assert part in page
    assert 'class="not-incomer"><input type="radio" name="bid" value="fixed"' in page
    assert 'only-incomer" id="tricks_0"' in page


def test_an_incomer_plays_against_all_three(owner_client, game):
    post = {"number": 1, "kind": "incomer", "bid": "play", "trumps": "S", "honours": 0}
    post |= {"tricks_0": 3, "tricks_1": 2, "tricks_2": 2, "tricks_3": 2, "save": "1"}
    owner_client.post(url(game), post)
    record = Hand.objects.get().record
    assert record["incomer"] is True and record["player"] == "Ana"
    assert record["tricks"] == {"Ana": 3, "Ben": 2, "Cy": 2, "Dee": 2}


def test_editing_a_hand_rescores_everything_after_it_and_keeps_a_revision(owner_client, user):
    game = make_game(user, hands=[{"passed": True}] * 4 + [BEN_WINS])
    before = owner_client.get(url(game, "")).context["score"].standings
    post = tridge_post(2, player="Cy", bid="play", trumps="H", honours=0, tricks_2=5)
    post |= {"tricks_3": 2, "tricks_0": 2, "version": 1, "save": "1"}
    response = owner_client.post(url(game, "hands/2/"), post)
    assert response.status_code == 302
    after = owner_client.get(url(game, "")).context["score"].standings
    assert after != before
    revision = Revision.objects.get()
    assert (revision.number, revision.record, revision.action) == (2, {"passed": True}, "edited")
    assert revision.by == user
    history = owner_client.get(url(game, "hands/2/history/")).content.decode()
    assert "All passed" in history and "Cy: play" in history


def test_a_second_phone_saving_an_old_version_is_told_and_keeps_its_entry(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    Hand.objects.filter(number=1).update(version=2)
    post = tridge_post(1, **(BEN_POST | {"honours": 1}), version=1, save="1")
    response = owner_client.post(url(game, "hands/1/"), post)
    page = response.content.decode()
    assert "changed on another phone" in page
    assert "Honours</strong>: your change, kept" in page
    assert response.context["form"]["honours"].value() == 1
    assert Hand.objects.get().record == BEN_WINS
    assert 'name="version" value="2"' in page


def test_a_second_phone_adding_the_same_hand_is_told_and_nothing_doubles(owner_client, game):
    owner_client.post(url(game), tridge_post(1, **BEN_POST, save="1"))
    response = owner_client.post(url(game), tridge_post(1, **BEN_POST, save="1"))
    assert "it is on record once" in response.content.decode()
    assert Hand.objects.count() == 1
    assert response.context["number"] == 2


def test_deleting_a_hand_moves_the_later_ones_up_and_keeps_it_as_a_revision(owner_client, user):
    declined = {"incomer_declined": True}
    game = make_game(user, hands=[{"passed": True}, {"void": True}, declined])
    response = owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    assert response.status_code == 302
    assert [h.record for h in Hand.objects.order_by("number")] == [{"void": True}, declined]
    assert [h.number for h in Hand.objects.order_by("number")] == [1, 2]
    assert Revision.objects.get().action == "deleted"
    board = owner_client.get(url(game, "")).content.decode()
    assert "Deleted hands (1)" in board and "All passed" in board


def test_a_delete_that_would_break_a_later_hand_is_refused(owner_client, user):
    # Hand 2's player is Cy, who sits out once hand 1 is gone and Ben deals hand 1.
    cy_plays = {
        "player": "Cy",
        "bid": "play",
        "trumps": "S",
        "tricks": {"Ana": 2, "Cy": 5, "Dee": 2},
    }
    game = make_game(user, hands=[{"passed": True}, cy_plays])
    response = owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    page = response.content.decode()
    assert response.status_code == 200 and Hand.objects.count() == 2
    assert "Hand 1 was not deleted: without it, hand 2 would be wrong (" in page
    assert "player:" not in page  # the engine's field names stay out of the words
    assert ">Delete hand 1</button>" not in page  # sending it again cannot help


def test_no_hand_can_be_added_once_the_planned_hands_are_played(owner_client, user):
    game = make_game(user, rules={"hands": 1}, hands=[{"passed": True}])
    board = owner_client.get(url(game, "")).content.decode()
    assert "Game over" in board and "Add hand" not in board
    response = owner_client.post(url(game), {"number": 2, "kind": "passed", "save": "1"})
    assert "What you entered here was not saved" in response.content.decode()
    assert Hand.objects.count() == 1


def test_a_new_hand_page_after_the_end_says_who_won_and_offers_no_form(owner_client, user):
    game = make_game(user, rules={"hands": 1}, hands=[{"passed": True}])
    page = owner_client.get(url(game)).content.decode()
    assert "No more hands" in page and "Game over" in page
    assert 'class="stack hand-form"' not in page and "Save hand" not in page
    assert f'href="/games/{game.pk}/"' in page
    assert "not saved" not in page  # nothing was entered


def test_a_phone_left_on_the_form_when_the_game_ended_is_told_at_its_next_tap(
    owner_client, user, django_capture_on_commit_callbacks
):
    game = make_game(user, rules={"hands": 2}, hands=[{"passed": True}])
    with django_capture_on_commit_callbacks(execute=True):
        owner_client.post(url(game), {"number": 2, "kind": "passed", "save": "1"})
    assert tallies.kept(Game.objects.get(pk=game.pk)).count == 2  # the quick way answers
    response = owner_client.post(
        url(game), tridge_post(3, **BEN_POST), headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert 'id="entry"' in page and "Game over" in page and "was not saved" in page
    assert '<h1 id="entry-title" hx-swap-oob="true">No more hands</h1>' in page
    assert 'class="stack hand-form"' not in page
    assert Hand.objects.count() == 2


def test_a_correction_is_still_offered_once_the_game_is_over(owner_client, user):
    game = make_game(user, rules={"hands": 1}, hands=[{"passed": True}])
    page = owner_client.get(url(game, "hands/1/")).content.decode()
    assert "Edit hand 1" in page and "Save hand 1" in page


def test_a_save_with_no_kept_tally_reads_the_stored_hands_once(owner_client, user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = make_game(user, hands=[{"passed": True}] * 3)
    with CaptureQueriesContext(connection) as seen:
        response = owner_client.post(url(game), {"number": 4, "kind": "passed", "save": "1"})
    assert response.status_code == 302
    sql = [q["sql"] for q in seen.captured_queries]
    reads = [q for q in sql if 'SELECT "games_hand"."record"' in q]
    assert len(reads) == 1, reads


def form_key(page: str) -> str:
    return page.split('name="submission" value="')[1].split('"')[0]


def test_a_hand_sent_twice_is_stored_once_and_both_answer_the_board(owner_client, game):
    key = form_key(owner_client.get(url(game)).content.decode())
    post = tridge_post(1, **BEN_POST, save="1", submission=key)
    first, second = owner_client.post(url(game), post), owner_client.post(url(game), post)
    assert first["Location"] == second["Location"] == f"/games/{game.pk}/"
    assert Hand.objects.count() == 1


def test_a_save_sent_by_the_pages_script_is_told_the_board_and_its_undo_waits_there(
    owner_client, game
):
    # static/js/saving.js sends a save with fetch(): a redirect followed there would draw
    # the board out of sight, and spend its Undo.
    htmx = {"HX-Request": "true"}
    post = tridge_post(1, **BEN_POST, save="1", submission="fetched")
    first = owner_client.post(url(game), post, headers=htmx)
    again = owner_client.post(url(game), post, headers=htmx)  # its answer was lost
    assert first.status_code == again.status_code == 200
    assert first["HX-Redirect"] == again["HX-Redirect"] == f"/games/{game.pk}/"
    assert Hand.objects.count() == 1
    assert "Hand 1 saved" in owner_client.get(f"/games/{game.pk}/").content.decode()


def test_a_hand_that_ends_the_game_sent_twice_answers_the_board_not_the_end(owner_client, user):
    game = make_game(user, rules={"hands": 1})
    post = tridge_post(1, **BEN_POST, save="1", submission="end-key")
    assert owner_client.post(url(game), post).status_code == 302
    assert owner_client.post(url(game), post)["Location"] == f"/games/{game.pk}/"
    assert Hand.objects.count() == 1


def test_the_key_is_kept_across_the_forms_live_updates(owner_client, game):
    key = form_key(owner_client.get(url(game)).content.decode())
    post = tridge_post(1, **BEN_POST, submission=key)
    page = owner_client.post(url(game), post, headers={"HX-Request": "true"}).content.decode()
    assert form_key(page) == key
    assert form_key(owner_client.get(url(game)).content.decode()) != key


def test_two_keys_for_the_same_hand_still_meet_each_other(owner_client, game):
    owner_client.post(url(game), tridge_post(1, **BEN_POST, save="1", submission="phone-a"))
    response = owner_client.post(
        url(game), tridge_post(1, **BEN_POST, save="1", submission="phone-b")
    )
    assert "Hand 1, entered twice" in response.content.decode()
    assert Hand.objects.count() == 1


def test_a_correction_sent_twice_makes_one_revision(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    key = form_key(owner_client.get(url(game, "hands/1/")).content.decode())
    post = tridge_post(1, **(BEN_POST | {"honours": 1}), version=1, save="1", submission=key)
    first = owner_client.post(url(game, "hands/1/"), post)
    second = owner_client.post(url(game, "hands/1/"), post)
    assert first.status_code == second.status_code == 302
    assert Revision.objects.count() == 1 and Hand.objects.get().version == 2


def test_a_delete_sent_twice_deletes_one_hand_and_both_answer_the_board(owner_client, user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}])
    key = form_key(owner_client.get(url(game, "hands/1/delete/")).content.decode())
    post = {"version": 1, "submission": key}
    first = owner_client.post(url(game, "hands/1/delete/"), post)
    second = owner_client.post(url(game, "hands/1/delete/"), post)
    assert first["Location"] == second["Location"] == f"/games/{game.pk}/"
    assert [h.record for h in Hand.objects.all()] == [{"void": True}]
    assert Revision.objects.count() == 1
