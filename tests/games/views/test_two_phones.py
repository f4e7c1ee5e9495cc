"""Two phones on one hand: a new hand met by another is a choice; corrections are merged.

Tridge with four people: Ana deals hand 1 and sits out, Ben deals hand 2 and sits out.
"""

import pytest

from games.models import Game, Hand, Revision, Submission
from tests.tables import BEN_WINS, make_game, tridge_post

pytestmark = pytest.mark.django_db

BEN_POST = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)
VOID = {"number": 1, "kind": "void", "save": "1", "submission": "phone-b"}


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def url(game, rest="hands/new/"):
    return f"/games/{game.pk}/{rest}"


def resent(page: str) -> dict:
    """The choice's form as the phone sends it back: its hidden fields."""
    form = page.split('<form method="post" action="" class="buttons">')[1].split("</form>")[0]
    data = {}
    for tag in form.split("<input")[1:]:
        name = tag.split('name="')[1].split('"')[0]
        data[name] = tag.split('value="')[1].split('"')[0]
    return data


def test_a_second_phone_sees_both_hands_and_nothing_of_its_own_is_stored(owner_client, game):
    response = owner_client.post(url(game), VOID)
    page = response.content.decode()
    assert "Hand 1, entered twice" in page
    assert "On record as hand 1" in page
    assert "Ben: play \u2663 3 hon.; tricks Ben 5, Cy 3, Dee 1" in page
    assert "What you entered" in page and "Not valid" in page
    assert page.index("Keep the one on record") < page.index("Save mine as hand 2")
    assert [h.record for h in Hand.objects.all()] == [BEN_WINS]
    assert not Submission.objects.exists()


def test_a_second_phones_choice_to_keep_the_record_stores_nothing(owner_client, game):
    page = owner_client.post(url(game), VOID).content.decode()
    keep = page.split("Keep the one on record")[0].rsplit('href="', 1)[1].split('"')[0]
    assert keep == f"/games/{game.pk}/"
    assert owner_client.get(keep).status_code == 200
    assert [h.record for h in Hand.objects.all()] == [BEN_WINS]
    assert game.hands.count() == 1 and not Submission.objects.exists()


def test_saving_mine_as_the_next_hand_stores_it_once_with_its_own_key(owner_client, game):
    choice = resent(owner_client.post(url(game), VOID).content.decode())
    assert (choice["number"], choice["submission"], choice["kind"]) == ("2", "phone-b", "void")
    first = owner_client.post(url(game), choice | {"save": "1"})
    again = owner_client.post(url(game), choice | {"save": "1"})  # a double tap
    assert first["Location"] == again["Location"] == f"/games/{game.pk}/"
    assert [h.record for h in Hand.objects.all()] == [BEN_WINS, {"void": True}]


def test_the_same_hand_from_both_phones_is_said_to_be_on_record_once(owner_client, game):
    post = tridge_post(1, **BEN_POST, save="1", submission="phone-b")
    page = owner_client.post(url(game), post).content.decode()
    assert "Both phones entered the same hand: it is on record once." in page
    assert "Back to the scores" in page and "Save mine" not in page and 'name="save"' not in page
    assert Hand.objects.count() == 1


def test_a_hand_the_rules_refuse_as_the_next_says_so_and_offers_to_change_it(owner_client, game):
    # Ben deals hand 2 and sits out: he cannot have played it.
    post = tridge_post(1, **(BEN_POST | {"honours": 1}), save="1", submission="phone-b")
    page = owner_client.post(url(game), post).content.decode()
    assert "Yours cannot be saved as hand 2 as it stands" in page
    assert "Save mine as" not in page and "Change mine into hand 2" in page
    shown = owner_client.post(url(game), resent(page) | {"preview": "1"})
    assert shown.context["number"] == 2 and shown.context["form"].errors
    assert Hand.objects.count() == 1


def test_after_the_last_hand_mine_cannot_be_the_next_and_the_screen_says_why(owner_client, user):
    game = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    page = owner_client.post(url(game), VOID).content.decode()
    assert "Hand 1 ended the game: yours cannot be saved after it." in page
    assert "Keep the one on record" in page and "Save mine" not in page
    assert Hand.objects.count() == 1


def test_a_live_update_that_finds_the_hand_on_record_shows_the_choice(owner_client, game):
    post = tridge_post(1, player="Cy", bid="play")  # not finished
    response = owner_client.post(url(game), post, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert "<html" not in page
    assert '<h1 id="entry-title" hx-swap-oob="true">Hand 1, entered twice</h1>' in page
    assert "Not finished yet." in page and "Go on with mine as hand 2" in page
    assert Hand.objects.count() == 1


def correct(client, game, version=1, **changes):
    post = tridge_post(1, **(BEN_POST | changes), version=version, save="1")
    return client.post(url(game, "hands/1/"), post)


def test_a_correction_merged_with_another_keeps_both(owner_client, game):
    correct(owner_client, game, honours=1)  # the first phone
    response = correct(owner_client, game, trumps="D")  # began from version 1, honours 3
    page = response.content.decode()
    assert "Hand 1 was changed on another phone while you were correcting it" in page
    assert "Nothing is saved yet" in page
    assert Hand.objects.get().record["honours"] == 1  # not stored yet
    form = response.context["form"]
    assert (form["trumps"].value(), form["honours"].value()) == ("D", 1)
    assert 'name="version" value="2"' in page and 'name="base" value="1"' in page
    assert "Honours</strong>: changed on the other phone, taken in" in page
    assert "Trumps</strong>: your change, kept" in page
    post = tridge_post(1, **(BEN_POST | {"trumps": "D", "honours": 1}), version=2, base=1)
    assert owner_client.post(url(game, "hands/1/"), post | {"save": "1"}).status_code == 302
    record = Hand.objects.get().record
    assert (record["trumps"], record["honours"]) == ("D", 1)
    assert Revision.objects.count() == 2


def test_a_clash_is_shown_field_by_field_and_needs_an_explicit_choice(owner_client, game):
    correct(owner_client, game, honours=1)
    page = correct(owner_client, game, honours=2, trumps="D").content.decode()
    clash = page.split("Honours</strong>: you both changed it")[1].split("</li>")[0]
    assert "<dt>It was</dt><dd>3</dd>" in clash and "<dt>On record now</dt><dd>1</dd>" in clash
    assert "<dt>You entered</dt><dd>2</dd>" in clash
    assert page.index("Keep theirs") < page.index("Save mine over theirs")
    assert 'value="1">Save hand 1' not in page
    mine = tridge_post(1, **(BEN_POST | {"trumps": "D", "honours": 2}), version=2, base=1)
    owner_client.post(url(game, "hands/1/"), mine | {"save": "1"})  # no choice made
    assert Hand.objects.get().record["honours"] == 1
    assert owner_client.post(url(game, "hands/1/"), mine | {"save": "over"}).status_code == 302
    assert Hand.objects.get().record["honours"] == 2


def test_keeping_theirs_still_saves_my_other_changes(owner_client, game):
    correct(owner_client, game, honours=1)
    mine = tridge_post(1, **(BEN_POST | {"trumps": "D", "honours": 2}), version=2, base=1)
    assert owner_client.post(url(game, "hands/1/"), mine | {"save": "theirs"}).status_code == 302
    record = Hand.objects.get().record
    assert (record["trumps"], record["honours"]) == ("D", 1)


def test_keeping_theirs_with_nothing_else_changed_stores_nothing(owner_client, game):
    correct(owner_client, game, honours=1)
    owner_client.get(url(game, ""))  # the first phone's "Hand 1 corrected", shown
    mine = tridge_post(1, **(BEN_POST | {"honours": 2}), version=2, base=1)
    board = owner_client.post(url(game, "hands/1/"), mine | {"save": "theirs"}, follow=True)
    assert board.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "corrected" not in board.content.decode()  # nothing to undo either
    assert Hand.objects.get().version == 2 and Revision.objects.count() == 1


def test_setting_back_a_field_the_other_phone_changed_is_a_clash_too(owner_client, game):
    correct(owner_client, game, honours=1)
    mine = tridge_post(1, **BEN_POST, version=2, base=1, save="1")  # honours back to 3
    page = owner_client.post(url(game, "hands/1/"), mine).content.decode()
    assert "Honours</strong>: you both changed it" in page
    assert Hand.objects.get().record["honours"] == 1


def test_a_correction_of_a_hand_deleted_meanwhile_offers_nothing_to_save_over(owner_client, user):
    game = make_game(user, hands=[BEN_WINS, {"passed": True}])
    first = Hand.objects.get(number=1)
    owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    post = tridge_post(1, **(BEN_POST | {"honours": 1}), version=1, hand_id=first.pk, save="1")
    page = owner_client.post(url(game, "hands/1/"), post).content.decode()
    assert "Hand 1 was deleted on another phone while you were correcting it" in page
    assert "What you entered was not saved." in page and 'name="save"' not in page
    assert [h.record for h in Hand.objects.all()] == [{"passed": True}]


def test_a_correction_finds_its_hand_after_an_earlier_one_was_deleted(owner_client, user):
    game = make_game(user, hands=[{"passed": True}, BEN_WINS])
    moving = Hand.objects.get(number=2)
    owner_client.post(url(game, "hands/1/delete/"), {"version": 1})
    post = {"number": 2, "kind": "void", "version": 1, "hand_id": moving.pk, "save": "1"}
    assert owner_client.post(url(game, "hands/2/"), post).status_code == 302
    assert [h.record for h in Hand.objects.all()] == [{"void": True}]


def test_contractors_one_tap_redeal_is_saved_as_the_next_hand_as_it_was_sent(owner_client, user):
    game = make_game(
        user, kind="contractor", players=("Ana", "Ben", "Cy"), hands=[{"redeal": True}]
    )
    post = {"number": 1, "save": "redeal", "submission": "phone-b"}
    page = owner_client.post(url(game), post).content.decode()
    assert "Both phones entered the same hand" in page  # a redeal is a redeal
    game.hands.update(record={"redeal": True, "meta": {"note": "Ana dealt"}})
    page = owner_client.post(url(game), post).content.decode()
    assert 'name="save" value="redeal">Save mine as hand 2' in page
    owner_client.post(url(game), resent(page) | {"save": "redeal"})
    assert [h.record for h in Hand.objects.all()][1] == {"redeal": True}


def posted(data: dict):
    from django.http import QueryDict

    query = QueryDict(mutable=True)
    query.update({key: str(value) for key, value in data.items()})
    return query


def test_a_hand_stored_between_reading_the_game_and_saving_still_meets_the_choice(
    user, game, monkeypatch
):
    from games.play import entry, services
    from games.play.outcomes import TwoPhones

    store = services.add_hand

    def another_phone_first(*args, **kwargs):  # once the entry has read the game
        store(Game.objects.get(pk=game.pk), {"passed": True}, 2, key="phone-a")
        return store(*args, **kwargs)

    monkeypatch.setattr(services, "add_hand", another_phone_first)
    post = posted({"number": 2, "kind": "void", "save": "1"})
    outcome = entry.new_hand(game, entry.Sent.read(post))
    assert isinstance(outcome, TwoPhones)
    context = outcome.context()
    assert (context["rival"].number, context["on_record"], context["entered"]) == (
        2,
        "All passed",
        "Not valid",
    )
    assert context["saveable"] and context["number"] == 3
    assert Hand.objects.filter(game=game).count() == 2


def test_a_correction_met_between_reading_and_saving_is_merged_not_stored(user, game, monkeypatch):
    from games.play import entry, services
    from games.play.outcomes import Merged

    store = services.edit_hand

    def another_phone_first(*args, **kwargs):  # once the entry has read the hand, at version 1
        store(Hand.objects.get(), BEN_WINS | {"honours": 1}, user, 1)
        return store(*args, **kwargs)

    monkeypatch.setattr(services, "edit_hand", another_phone_first)
    post = tridge_post(1, **(BEN_POST | {"trumps": "D"}), version=1, save="1")
    outcome = entry.correction(game, Hand.objects.get(), entry.Sent.read(posted(post)), user)
    assert isinstance(outcome, Merged)
    context = outcome.context()
    assert [row.label for row in context["rows"]] == ["Trumps", "Honours"]
    assert not context["clashes"] and context["form"]["honours"].value() == 1
    assert Hand.objects.get().record == BEN_WINS | {"honours": 1}


# --- a fifth game (tests/games/fifth) meets another phone through the contract alone ---


FIFTH_1 = {"points": {"Ana": 2, "Ben": 0}}


@pytest.fixture
def fifth_game(fifth, user):
    return make_game(user, kind="fifth", players=("Ana", "Ben"), hands=[FIFTH_1])


def fifth_post(number, ana, ben=0, **more):
    return {"number": number, "points_0": ana, "points_1": ben, "save": "1"} | more


def test_a_fifth_games_hand_entered_on_two_phones_is_a_choice_then_the_next_hand(
    owner_client, fifth_game
):
    game = fifth_game
    page = owner_client.post(url(game), fifth_post(1, 3, submission="phone-b")).content.decode()
    assert "Hand 1, entered twice" in page and "Save mine as hand 2" in page
    assert Hand.objects.count() == 1
    assert owner_client.post(url(game), resent(page) | {"save": "1"}).status_code == 302
    records = [h.record for h in Hand.objects.all()]
    assert records == [FIFTH_1, {"points": {"Ana": 3, "Ben": 0}}]


def test_a_fifth_games_correction_clashing_with_another_needs_a_choice(owner_client, fifth_game):
    game = fifth_game
    first = owner_client.post(url(game, "hands/1/"), fifth_post(1, 5, version=1))
    assert first.status_code == 302  # the first phone's correction
    page = owner_client.post(url(game, "hands/1/"), fifth_post(1, 7, version=1)).content.decode()
    assert "Hand 1 was changed on another phone while you were correcting it" in page
    assert "Points</strong>: you both changed it" in page
    assert page.index("Keep theirs") < page.index("Save mine over theirs")
    mine = fifth_post(1, 7, version=2, base=1)
    owner_client.post(url(game, "hands/1/"), mine)  # no choice made: nothing stored
    assert Hand.objects.get().record == {"points": {"Ana": 5, "Ben": 0}}
    assert owner_client.post(url(game, "hands/1/"), mine | {"save": "over"}).status_code == 302
    assert Hand.objects.get().record == {"points": {"Ana": 7, "Ben": 0}}
