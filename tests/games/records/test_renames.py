"""A player renamed, or two made one, all through the games they sat in."""

import pytest

from games.models import Game, Hand, Line, Payment, Player, Revision, Seat, Session
from games.play import bin, services
from games.records import imports, renames
from tests.sheets import load_example
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def test_a_name_is_rewritten_as_a_key_a_value_and_inside_a_team_alone():
    record = {"player": "Ana", "tricks": {"Ana": 5, "Anabel": 2}, "cards": {"Ana & Cy": ["AS"]}}
    assert renames.renamed(record, "Ana", "Anya") == {
        "player": "Anya",
        "tricks": {"Anya": 5, "Anabel": 2},
        "cards": {"Anya & Cy": ["AS"]},
    }


def cardigan(owner):
    session = Session.objects.create(group=owner.owned_groups.first())
    return imports.import_sheet(session, load_example("cardigan-four-deals")[0])


def test_a_renamed_player_reads_the_new_name_in_every_game_and_its_team(user):
    game = cardigan(user)
    before = services.score_game(game).standings
    services.edit_hand(game.hands.get(number=1), game.hands.get(number=1).record, user, 1)
    renames.rename_player(Player.objects.get(name="Ana"), "Anya")
    game.refresh_from_db()
    assert game.players == ["Anya", "Ben", "Cy", "Dee"]
    assert services.score_game(game).standings == {
        side.replace("Ana", "Anya"): total for side, total in before.items()
    }
    assert "Anya & Cy" in Hand.objects.get(game=game, number=1).record["cards"]
    assert "Anya & Cy" in Revision.objects.get(game=game).record["cards"]


def test_a_rename_bumps_the_game_version_so_the_phones_draw_it_again(user):
    game = make_game(user, hands=[BEN_WINS])
    renames.rename_player(Player.objects.get(name="Ben"), "Benny")
    assert Game.objects.get(pk=game.pk).version == game.version + 1
    assert Hand.objects.get(game=game).record["tricks"] == {"Benny": 5, "Cy": 3, "Dee": 1}


def test_a_game_kept_aside_is_renamed_too_so_it_comes_back_with_the_new_name(user):
    game = make_game(user)
    bin.delete(game)
    renames.rename_player(Player.objects.get(name="Ana"), "Anya")
    assert Game.kept.get(pk=game.pk).players[0] == "Anya"


def test_a_name_that_is_also_a_word_of_the_game_is_refused_and_nothing_changes(user):
    hand = {"player": "play", "bid": "play", "trumps": "C", "honours": 3}
    hand["tricks"] = {"play": 5, "Cy": 3, "Dee": 1}
    game = make_game(user, players=("Ana", "play", "Cy", "Dee"), hands=[hand])
    with pytest.raises(renames.Refused, match="play is also a word of the game"):
        renames.rename_player(Player.objects.get(name="play"), "Pia")
    assert Hand.objects.get(game=game).record == hand
    assert Player.objects.filter(name="play").exists()


def paid(group, payer, payee, amount, **more):
    """A payment as the ledger keeps it: the row, and its entries written as it is saved."""
    return Payment.objects.create(group=group, payer=payer, payee=payee, amount=amount, **more)


def test_payments_marked_paid_follow_the_rename_and_so_do_their_ledger_lines(user):
    game = make_game(user)
    paid(game.session.group, "Ana", "Ben", 2, session=game.session)
    renames.rename_player(Player.objects.get(name="Ana"), "Anya")
    assert Payment.objects.get().payer == "Anya"
    assert set(
        Line.objects.filter(entry__payment__isnull=False).values_list("party", flat=True)
    ) == {
        "Anya",
        "Ben",
    }


def test_the_groups_payments_follow_a_rename_and_a_merge_undone_ones_too(user, make_user):
    game = make_game(user)
    group = game.session.group
    paid(group, "Ana", "Ben", 2)
    paid(group, "Cy", "Ana", 1, undone_by=user)
    # Another group's Ana is another person.
    paid(make_user("zed").owned_groups.get(), "Ana", "Ben", 3)
    renames.rename_player(Player.objects.get(name="Ana"), "Anya")
    mine = Payment.objects.filter(group=group).order_by("amount")
    assert [(p.payer, p.payee) for p in mine] == [("Cy", "Anya"), ("Anya", "Ben")]
    keep = make_game(user, players=("Benjamin", "Cy", "Dee")).seat_set.get(position=0).player
    renames.merge_players(keep, Player.objects.get(name="Ben"))
    assert [p.payee for p in mine.filter(payer="Anya")] == ["Benjamin"]
    assert Payment.objects.exclude(group=group).get().payer == "Ana"


def test_a_form_refuses_a_name_another_player_has_in_any_case_and_suggests_a_merge(user):
    make_game(user)
    form = renames.NameForm({"name": " ben "}, player=Player.objects.get(name="Ana"))
    assert "merge the two instead" in form.errors["name"][0]


def test_a_form_lets_a_player_change_the_case_of_their_own_name(user):
    make_game(user)
    form = renames.NameForm({"name": "ANA"}, player=Player.objects.get(name="Ana"))
    assert form.is_valid(), form.errors


def test_merging_moves_the_seats_and_writes_the_kept_name_into_the_games(user):
    game = make_game(user, players=("Ana", "Ben", "Cy", "Dee"), hands=[BEN_WINS])
    keep = make_game(user, players=("Benjamin", "Cy", "Dee")).seat_set.get(position=0).player
    renames.merge_players(keep, Player.objects.get(name="Ben"))
    game.refresh_from_db()
    assert game.players == ["Ana", "Benjamin", "Cy", "Dee"]
    assert Seat.objects.get(game=game, position=1).player == keep
    assert not Player.kept.filter(name="Ben").exists()
    assert services.score_game(game).standings["Benjamin"] > 0


def test_two_players_of_one_game_are_two_people_and_are_not_merged(user):
    game = make_game(user)
    game.session.date = "2026-11-03"
    game.session.save()
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    with pytest.raises(renames.Refused) as refused:
        renames.merge_players(ana, ben)
    said = "Ana and Ben played in the same game on 3 Nov, so they are two people."
    assert str(refused.value) == said
    assert Seat.objects.filter(player=ben).exists()


def test_a_game_that_spells_the_name_otherwise_is_renamed_by_the_seat(user):
    make_game(user)
    session = Session.objects.create(group=user.owned_groups.first())
    sheet = load_example("tridge-four-people")[0] | {"players": ["ana", "Ben", "Cy", "Dee"]}
    sheet["hands"] = []
    game = imports.import_sheet(session, sheet)
    renames.rename_player(Player.objects.get(name="Ana"), "Anya")
    game.refresh_from_db()
    assert game.players[0] == "Anya"
