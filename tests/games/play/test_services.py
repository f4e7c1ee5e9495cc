"""The game services: every change is checked against the whole sheet and kept as a revision."""

import pytest

from games.engine.sheet import SheetError
from games.models import Game, Hand, Revision, Session
from games.play import services, tallies
from games.records.imports import import_sheet
from tests.games.cardigan.cardigan_sheets import full_suits_of, quick
from tests.sheets import load_example
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def test_adding_a_hand_numbers_it_and_bumps_the_game_version(user):
    game = make_game(user)
    hand = services.add_hand(game, {"passed": True}, 1)
    assert (hand.number, game.version) == (1, 1)


def test_adding_with_a_stale_number_is_a_conflict(user):
    game = make_game(user, hands=[{"passed": True}])
    with pytest.raises(services.Conflict):
        services.add_hand(game, {"passed": True}, 1)
    assert Hand.objects.count() == 1


def test_a_hand_the_engine_refuses_is_never_stored(user):
    game = make_game(user)
    with pytest.raises(SheetError) as caught:
        services.add_hand(game, {"passed": True, "extra": 1}, 1)
    assert caught.value.hand == 1
    assert not Hand.objects.exists()


def test_editing_keeps_the_old_record_with_who_and_when(user):
    make_game(user, hands=[{"passed": True}])
    hand = Hand.objects.get()
    services.edit_hand(hand, {"void": True}, user, expected_version=1)
    hand.refresh_from_db()
    assert (hand.record, hand.version) == ({"void": True}, 2)
    revision = Revision.objects.get()
    assert (revision.record, revision.version, revision.by, revision.hand) == (
        {"passed": True},
        1,
        user,
        hand,
    )


def test_editing_an_old_version_is_a_conflict_and_changes_nothing(user):
    game = make_game(user, hands=[{"passed": True}])
    hand = Hand.objects.get()
    services.edit_hand(hand, {"void": True}, user, expected_version=1)
    with pytest.raises(services.Conflict):
        services.edit_hand(hand, {"passed": True}, user, expected_version=1)
    assert Hand.objects.get().record == {"void": True}
    assert game.revisions.count() == 1


def test_deleting_keeps_the_hand_as_a_revision_and_closes_the_gap(user):
    make_game(user, hands=[{"passed": True}, {"void": True}, {"incomer_declined": True}])
    services.delete_hand(Hand.objects.get(number=2), user, expected_version=1)
    assert [(h.number, h.record) for h in Hand.objects.all()] == [
        (1, {"passed": True}),
        (2, {"incomer_declined": True}),
    ]
    revision = Revision.objects.get()
    assert (revision.action, revision.number, revision.record) == ("deleted", 2, {"void": True})


def test_the_board_shows_a_sheet_the_engine_now_refuses_instead_of_failing(user):
    from games.play.boards import board

    game = make_game(user, hands=[BEN_WINS])
    Hand.objects.filter(number=1).update(record={"passed": False})
    context = board(game)
    assert "hand 1" in context["sheet_error"] and context["rows"] == []


def test_a_key_sent_again_stores_nothing_more_and_says_so(user):
    game = make_game(user)
    services.add_hand(game, {"passed": True}, 1, key="k1")
    with pytest.raises(services.AlreadyStored) as caught:
        services.add_hand(game, {"passed": True}, 1, key="k1")
    assert (caught.value.args[0].number, caught.value.args[0].action) == (1, "added")
    assert Hand.objects.count() == 1
    assert Game.objects.get().version == 1


def test_a_key_sent_again_with_the_tally_both_read_stores_one_hand(
    user, django_capture_on_commit_callbacks
):
    # Both requests read the game, and its kept tally, before the first stored its hand.
    game = make_game(user)
    with django_capture_on_commit_callbacks(execute=True):
        services.add_hand(game, {"passed": True}, 1)
    first, second = Game.objects.get(pk=game.pk), Game.objects.get(pk=game.pk)
    tally = tallies.kept(second)
    assert tally is not None  # the first takes the quick path, the second the careful one
    services.add_hand(first, {"void": True}, 2, tally=tally, key="k2")
    with pytest.raises(services.AlreadyStored):
        services.add_hand(second, {"void": True}, 2, tally=tally, key="k2")
    assert Hand.objects.count() == 2 and Game.objects.get().version == 2


def test_a_correction_sent_again_makes_one_revision(user):
    game = make_game(user, hands=[{"passed": True}])
    hand = Hand.objects.get()
    services.edit_hand(hand, {"void": True}, user, expected_version=1, key="c1")
    with pytest.raises(services.AlreadyStored):
        services.edit_hand(hand, {"void": True}, user, expected_version=1, key="c1")
    assert game.revisions.count() == 1
    assert Hand.objects.get().version == 2


def test_a_delete_sent_again_deletes_one_hand(user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}])
    hand = Hand.objects.get(number=1)
    services.delete_hand(hand, user, expected_version=1, key="d1")
    later = Hand.objects.get()  # now hand 1, at version 1 too
    with pytest.raises(services.AlreadyStored):
        services.delete_hand(later, user, expected_version=1, key="d1")
    assert list(game.hands.values_list("record", flat=True)) == [{"void": True}]


def test_a_change_refused_keeps_no_key_and_the_same_key_may_try_again(user):
    game = make_game(user)
    with pytest.raises(SheetError):
        services.add_hand(game, {"passed": True, "extra": 1}, 1, key="r1")
    assert not game.submissions.exists()
    services.add_hand(game, {"passed": True}, 1, key="r1")
    assert game.submissions.get().number == 1


def test_the_same_key_in_another_game_is_another_submission(user):
    first, second = make_game(user), make_game(user)
    services.add_hand(first, {"passed": True}, 1, key="same")
    services.add_hand(second, {"passed": True}, 1, key="same")
    assert Hand.objects.count() == 2


def test_an_earlier_version_restored_keeps_the_current_one_so_the_restore_can_be_undone(user):
    make_game(user, hands=[{"passed": True}])
    hand = Hand.objects.get()
    services.edit_hand(hand, {"void": True}, user, expected_version=1)
    earlier = Revision.objects.get()
    services.edit_hand(hand, earlier.record, user, expected_version=2)
    assert Hand.objects.get().record == {"passed": True}
    assert [r.record for r in hand.revisions.all()] == [{"void": True}, {"passed": True}]


def test_a_deleted_hand_put_back_returns_at_its_number_and_the_later_ones_move_down(user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}, {"incomer_declined": True}])
    services.delete_hand(Hand.objects.get(number=2), user, expected_version=1)
    revision = Revision.objects.get()
    hand = services.put_back(revision, user)
    assert hand.number == 2
    assert list(game.hands.values_list("record", flat=True)) == [
        {"passed": True},
        {"void": True},
        {"incomer_declined": True},
    ]
    revision.refresh_from_db()
    assert revision.put_back and revision.hand == hand
    assert Game.objects.get().version == 2


def test_a_deleted_hand_goes_back_at_the_end_when_the_game_is_shorter_now(user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}, {"incomer_declined": True}])
    services.delete_hand(Hand.objects.get(number=3), user, expected_version=1)
    services.delete_hand(Hand.objects.get(number=2), user, expected_version=1)
    third = Revision.objects.get(number=3)
    assert services.put_back(third, user).number == 2
    assert list(game.hands.values_list("record", flat=True)) == [
        {"passed": True},
        {"incomer_declined": True},
    ]


def test_a_hand_put_back_once_cannot_be_put_back_again(user):
    make_game(user, hands=[{"passed": True}])
    services.delete_hand(Hand.objects.get(), user, expected_version=1)
    revision = Revision.objects.get()
    services.put_back(revision, user)
    with pytest.raises(services.Conflict, match="already put back"):
        services.put_back(revision, user)
    assert Hand.objects.count() == 1


def test_a_hand_put_back_and_deleted_again_is_offered_once(user):
    from games.play.boards import board

    game = make_game(user, hands=[{"passed": True}])
    services.delete_hand(Hand.objects.get(), user, expected_version=1)
    hand = services.put_back(Revision.objects.get(), user)
    services.delete_hand(hand, user, expected_version=hand.version)
    assert len(board(game)["deleted"]) == 1


def test_a_hand_after_the_games_end_is_not_put_back(user):
    game = make_game(user, rules={"hands": 1}, hands=[{"passed": True}])
    services.delete_hand(Hand.objects.get(), user, expected_version=1)
    services.add_hand(game, {"void": True}, 1)
    with pytest.raises(SheetError, match="after the game ended"):
        services.put_back(Revision.objects.get(), user)
    assert list(game.hands.values_list("record", flat=True)) == [{"void": True}]
    assert not Revision.objects.get().put_back


def test_undo_deletes_a_new_hand_and_keeps_it_to_be_put_back(user):
    game = make_game(user, hands=[{"passed": True}])
    services.add_hand(game, {"void": True}, 2, key="new")
    assert services.undo(game, "new", user, key="u1") == (2, "deleted")
    assert game.hands.count() == 1
    assert Revision.objects.get().record == {"void": True}


def test_undo_takes_a_correction_back_to_the_version_before(user):
    game = make_game(user, hands=[{"passed": True}])
    services.edit_hand(Hand.objects.get(), {"void": True}, user, expected_version=1, key="fix")
    assert services.undo(game, "fix", user, key="u1") == (1, "edited")
    assert Hand.objects.get().record == {"passed": True}
    assert game.revisions.count() == 2  # the correction itself is kept too


def test_undo_puts_a_deleted_hand_back(user):
    game = make_game(user, hands=[{"passed": True}, {"void": True}])
    services.delete_hand(Hand.objects.get(number=1), user, expected_version=1, key="gone")
    assert services.undo(game, "gone", user, key="u1") == (1, "added")
    assert list(game.hands.values_list("record", flat=True)) == [{"passed": True}, {"void": True}]


def test_an_undo_can_itself_be_undone(user):
    game = make_game(user)
    services.add_hand(game, {"void": True}, 1, key="new")
    services.undo(game, "new", user, key="u1")
    services.undo(game, "u1", user, key="u2")
    assert list(game.hands.values_list("record", flat=True)) == [{"void": True}]


def test_undo_refuses_once_another_change_came_after_and_changes_nothing(user):
    game = make_game(user)
    services.add_hand(game, {"void": True}, 1, key="mine")
    services.add_hand(game, {"passed": True}, 2, key="theirs")
    with pytest.raises(
        services.Conflict, match="Hand 1 was not undone: the game has changed since"
    ):
        services.undo(game, "mine", user, key="u1")
    assert game.hands.count() == 2 and not game.revisions.exists()
    assert not game.submissions.filter(key="u1").exists()


def test_an_undo_sent_twice_undoes_once(user):
    game = make_game(user)
    services.add_hand(game, {"void": True}, 1, key="new")
    services.undo(game, "new", user, key="u1")
    with pytest.raises(services.AlreadyStored):
        services.undo(game, "new", user, key="u1")
    assert not game.hands.exists() and game.revisions.count() == 1


def test_undo_of_an_unknown_change_is_refused(user):
    game = make_game(user, hands=[{"passed": True}])
    with pytest.raises(services.Conflict):
        services.undo(game, "never-sent", user, key="u1")
    assert game.hands.count() == 1


def cardigan_with_full_suits(user):
    """The example's four deals counted quickly, with the full suits the last deal brings."""
    data, _ = load_example("cardigan-four-deals")
    data["full_suits"] = full_suits_of(data["hands"])
    data["hands"] = [quick(hand) for hand in data["hands"]]
    return import_sheet(Session.objects.create(group=user.owned_groups.first()), data)


def test_the_last_deal_put_back_brings_its_full_suits_back(user):
    game = cardigan_with_full_suits(user)
    scored = services.score_game(game).standings
    services.delete_hand(game.hands.get(number=4), user, expected_version=1)
    game.refresh_from_db()
    assert "full_suits" not in game.meta.get("sheet_top", {})
    services.put_back(Revision.objects.get(), user)
    game.refresh_from_db()
    assert services.score_game(game).standings == scored


def test_an_earlier_version_of_the_last_deal_restores_its_full_suits(user):
    game = cardigan_with_full_suits(user)
    scored = services.score_game(game).standings
    full = game.meta["sheet_top"]["full_suits"]
    last = game.hands.get(number=4)
    none = {team: dict.fromkeys(suits, 0) for team, suits in full.items()}
    services.edit_hand(last, last.record, user, 1, top={"full_suits": none})
    services.edit_hand(last, last.record, user, 2, top={"full_suits": none})
    game.refresh_from_db()
    assert services.score_game(game).standings != scored
    first = Revision.objects.get(version=1)
    services.edit_hand(last, first.record, user, 3, top=services.top_at(first))
    game.refresh_from_db()
    assert game.meta["sheet_top"]["full_suits"] == full
    assert services.score_game(game).standings == scored
