"""The weekly group `make bench-pages` measures, built small in the test database."""

import pytest

from bench import dataset, evenings
from games.engine.registry import read_sheet, score_sheet
from games.models import Game, Membership, Payment


def test_names_change_all_at_once_in_records_and_teams():
    names = {"Ana": "Ben", "Ben": "Cy", "Cy": "Eve"}
    record = {"player": "Ana", "tricks": {"Ana": 5, "Ben": 4}, "cards": {"Ana & Cy": ["9S"]}}
    assert evenings.seated(record, names) == {
        "player": "Ben",
        "tricks": {"Ben": 5, "Cy": 4},
        "cards": {"Ben & Eve": ["9S"]},
    }


def test_one_person_sits_out_each_evening_in_turn():
    for number, out in enumerate(evenings.PEOPLE):
        (tridge, _), _, (contractor, _), _ = evenings.evening_sheets(number, seed=1)
        assert sorted(tridge["players"]) == sorted(set(evenings.PEOPLE) - {out})
        assert set(contractor["players"]) < set(tridge["players"])


def test_an_evening_is_the_same_in_every_group_built_with_one_seed():
    assert evenings.evening_sheets(3, seed=1) == evenings.evening_sheets(3, seed=1)
    assert evenings.evening_sheets(3, seed=1) != evenings.evening_sheets(3, seed=2)


def test_a_bid_fair_game_is_cut_after_the_hand_that_ends_it():
    data = evenings.bid_fair_to_the_end(seed=5)
    assert score_sheet(read_sheet(data)).finished
    data["hands"].pop()
    assert not score_sheet(read_sheet(data)).finished


@pytest.mark.django_db
def test_two_evenings_are_stored_as_the_app_leaves_them():
    weekly = evenings.build(2)
    games = Game.objects.filter(session__group=weekly.group)
    assert [game.kind for game in games] == [
        *("tridge", "tridge", "contractor", "cardigan"),
        *("tridge", "tridge", "contractor", "bid_fair"),
    ]
    assert (weekly.games, weekly.evenings) == (8, 2)
    assert dataset.check_all_score() == 8
    # Each match took what the one before kept on the table; the last one's lies there.
    assert evenings.leftovers(weekly) == (3, 1)
    assert all(game.meta["stake"] == "0.05" for game in games.filter(kind="tridge"))
    owner = weekly.group.owner.username
    members = Membership.objects.filter(group=weekly.group).values_list("user__username")
    assert (owner, sorted(name for (name,) in members)) == ("ana-2", ["ana-2", "ben-2", "cy-2"])
    assert weekly.players["Ben"].account.username == "ben-2"
    assert weekly.players["Dee"].account is None
    on_evenings = Payment.objects.filter(group=weekly.group, session__isnull=False)
    assert on_evenings.count() == weekly.marks > 0
    on_settle_up = Payment.objects.filter(group=weekly.group, session__isnull=True)
    assert on_settle_up.count() == weekly.payments == 1
