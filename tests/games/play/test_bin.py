"""What the owner deleted: out of every list, kept aside for 30 days, restorable, then gone."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Game, Player, Seat, Session
from games.money import table
from games.play import bin, changes, services
from games.records import history, stats
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def test_a_deleted_game_leaves_its_session_and_comes_back_when_restored(user):
    game = make_game(user)
    bin.delete(game)
    assert not game.session.games.exists()
    assert bin.restore(user, "game", game.pk) == game
    assert game.session.games.get() == game


def test_a_deleted_session_takes_its_games_and_brings_back_only_those(user):
    earlier = make_game(user)
    session = earlier.session
    later = Game.objects.create(session=session, kind="tridge", players=earlier.players)
    bin.delete(earlier)
    bin.delete(session)
    assert not Game.objects.filter(session=session).exists()
    assert [item.thing for item in bin.kept_aside(user)] == [session, earlier]
    bin.restore(user, "session", session.pk)
    assert list(Game.objects.filter(session=session)) == [later]


def test_restoring_a_game_of_a_deleted_session_brings_the_session_back(user):
    game = make_game(user)
    bin.delete(game)
    bin.delete(game.session)
    bin.restore(user, "game", game.pk)
    assert Session.objects.get() == game.session


@pytest.fixture
def told():
    """The games each change told what follows its hands about (games/play/changes.py), and
    whether each was deleted then."""
    heard = []

    def listen(sender, game, **kwargs):
        heard.append((game.pk, game.deleted is not None))

    changes.game_changed.connect(listen)
    yield heard
    changes.game_changed.disconnect(listen)


def test_a_game_deleted_and_restored_tells_what_follows_its_hands_each_time(user, told):
    game = make_game(user)
    told.clear()
    bin.delete(game)
    bin.restore(user, "game", game.pk)
    assert told == [(game.pk, True), (game.pk, False)]


def test_a_session_deleted_and_restored_tells_it_of_each_of_its_games(user, told):
    first = make_game(user)
    second = Game.objects.create(session=first.session, kind="tridge", players=first.players)
    gone_before = Game.objects.create(session=first.session, kind="tridge", players=first.players)
    bin.delete(gone_before)
    told.clear()
    bin.delete(first.session)
    assert sorted(told) == [(first.pk, True), (second.pk, True)]
    told.clear()
    bin.restore(user, "session", first.session.pk)
    assert sorted(told) == [(first.pk, False), (second.pk, False)]  # not the one deleted before


def test_a_deleted_player_leaves_the_lists_while_the_games_keep_the_name(user):
    game = make_game(user)
    bin.delete(Player.objects.get(name="Ana"))
    assert "Ana" not in [player.name for player in history.players_of(user)]
    game.refresh_from_db()
    assert game.players[0] == "Ana"


def test_a_deleted_ana_does_not_stop_a_new_ana_and_only_comes_back_under_a_free_name(user):
    make_game(user)
    old = Player.objects.get(name="Ana")
    bin.delete(old)
    Player.objects.create(group=user.owned_groups.first(), name="ana")
    with pytest.raises(bin.Refused, match="Another player is called Ana now"):
        bin.restore(user, "player", old.pk)
    assert Player.kept.get(pk=old.pk).deleted


def test_a_player_record_counts_no_game_kept_aside(user):
    game = make_game(user, hands=[BEN_WINS])
    ben = Player.objects.get(name="Ben")
    assert stats.player_record(ben).kinds["tridge"].played == 1
    bin.delete(game)
    record = stats.player_record(ben)
    assert record.kinds == {} and record.games == [] and record.rivals == []


def test_the_history_lists_no_deleted_session_nor_game(user):
    kept = make_game(user)
    gone = make_game(user)
    bin.delete(gone.session)
    bin.delete(Game.objects.create(session=kept.session, kind="tridge", players=kept.players))
    page = history.sessions_page(user)
    assert [(session, [game for game, _ in session.results]) for session in page] == [
        (kept.session, [kept])
    ]


def test_another_account_cannot_restore_what_you_deleted(user, make_user):
    game = make_game(user)
    bin.delete(game)
    assert bin.restore(make_user("zed"), "game", game.pk) is None
    assert Game.kept.get(pk=game.pk).deleted


def test_after_30_days_it_is_gone_for_good_and_cannot_be_restored(user):
    game = make_game(user)
    bin.delete(game)
    Game.kept.filter(pk=game.pk).update(deleted=timezone.now() - timedelta(days=31))
    assert bin.kept_aside(user) == []
    assert bin.restore(user, "game", game.pk) is None
    assert bin.purge(user) > 0
    assert not Game.kept.filter(pk=game.pk).exists()


def test_purging_keeps_what_was_deleted_less_than_30_days_ago(user):
    game = make_game(user)
    bin.delete(game)
    assert bin.purge(user, now=timezone.now() + timedelta(days=29)) == 0
    assert bin.purge(user, now=timezone.now() + timedelta(days=31)) > 0


def test_the_purge_command_purges_every_account(user, make_user, capsys):
    game = make_game(make_user("zed"))
    bin.delete(game.session)
    Session.kept.update(deleted=timezone.now() - timedelta(days=40))
    call_command("purgebin")
    assert "rows deleted for good" in capsys.readouterr().out
    assert not Seat.kept.exists() and not Game.kept.exists()


def test_a_restore_key_names_a_kind_and_a_number_or_nothing():
    assert bin.restore_key("game-12") == ("game", 12)
    assert bin.restore_key("hand-12") is None
    assert bin.restore_key("game-x") is None


def test_a_filtered_history_lists_no_session_whose_only_such_game_was_deleted(user):
    bin.delete(make_game(user))
    ana = Player.objects.get(name="Ana")
    assert list(history.sessions_page(user, 1, ana.pk)) == []
    assert list(history.sessions_page(user, 1, None, "tridge")) == []


def test_a_deleted_player_who_sat_in_a_game_stays_hidden_so_the_game_keeps_its_seats(user):
    game = make_game(user)
    bin.delete(Player.objects.get(name="Ana"))
    Player.kept.update(deleted=timezone.now() - timedelta(days=31))
    bin.purge(user)
    assert Seat.objects.filter(game=game).count() == 4
    assert bin.kept_aside(user) == [] and not Player.objects.filter(name="Ana").exists()


def test_a_deleted_player_who_never_played_is_purged_for_good(user):
    Player.objects.create(
        group=user.owned_groups.first(), name="Zoe", deleted=timezone.now() - timedelta(days=31)
    )
    assert bin.purge(user) == 1
    assert not Player.kept.exists()


def test_deleting_the_next_game_leaves_the_last_one_offering_play_again(user):
    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    bin.delete(table.play_again(last))
    last.refresh_from_db()
    assert "next_game" not in last.meta
    # Its funds go to the game Play again starts now.
    assert table.play_again(last).rules["carried_widow"] == 100


def test_a_hand_saved_as_its_game_is_deleted_elsewhere_is_kept_with_it(user):
    game = make_game(user, hands=[BEN_WINS])
    bin.delete(game)  # on another phone, after this one's access check
    services.add_hand(game, {"passed": True}, 2)
    restored = bin.restore(user, "game", game.pk)
    assert [hand.record for hand in restored.hands.all()][-1] == {"passed": True}


def test_a_match_whose_chips_a_live_match_took_goes_only_after_it_or_with_it(user):
    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    later = table.play_again(last)
    later.session = Session.objects.create(group=user.owned_groups.first(), place="Next")
    later.save(update_fields=["session"])
    with pytest.raises(bin.Refused, match="started with the chips .* delete that match first"):
        bin.delete(last)
    with pytest.raises(bin.Refused):
        bin.delete(last.session)
    assert Game.objects.filter(pk=last.pk).exists()
    bin.delete(later)
    bin.delete(last)  # its chips are back on the table: nothing else counts them now
    with pytest.raises(bin.Refused, match="restore that match first"):
        bin.restore(user, "game", later.pk)
    bin.restore(user, "game", last.pk)
    bin.restore(user, "game", later.pk)


def test_a_refused_delete_is_said_on_the_page_it_was_asked_from(owner_client, user):
    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    table.play_again(last)
    response = owner_client.post(f"/games/{last.pk}/delete/", follow=True)
    assert "delete that match first, then this" in response.content.decode()
    assert Game.objects.filter(pk=last.pk).exists()


def test_a_match_whose_chips_lie_on_the_table_untaken_is_deleted_and_takes_them_along(user):
    """A pile no match took counted as taken by a live match, and the refusal's message
    failed on its taker (found by the ledger's walk, tests/games/money/test_ledger_walk.py)."""
    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    group = user.owned_groups.first()
    assert [pile.source for pile in table.lying(group)] == [last]
    bin.delete(last)
    assert table.lying(group) == []
    bin.restore(user, "game", last.pk)
    assert [pile.source for pile in table.lying(group)] == [last]
