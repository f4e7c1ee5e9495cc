"""A player's record (games/records/stats.py): where a game left them, head to head, the dates."""

import datetime

import pytest

from games.engine.scores import GameScore
from games.models import Hand, Player, Session
from games.play import changes
from games.records.places import outcome, rank, side_of
from games.records.stats import Meeting, meeting_words, player_record
from tests.tables import many_games


def finished(standings, winners):
    return GameScore("x", standings, [], True, winners, None)


def test_a_winner_won_everyone_level_is_a_tie_and_two_sides_lose_plainly():
    assert outcome("Ana", finished({"Ana": 8, "Ben": 0, "Cy": -17}, ["Ana"])) == "Won"
    assert outcome("Ana", finished({"Ana": 5, "Ben": 5}, ["Ana", "Ben"])) == "Tie"
    assert outcome("Ana & Cy", finished({"Ana & Cy": 1, "Ben & Dee": 9}, ["Ben & Dee"])) == "Lost"


def test_the_others_are_placed_by_their_totals_and_level_ones_share_a_place():
    score = finished({"Ana": 8, "Ben": 0, "Cy": 0, "Dee": 12, "Eve": -3}, ["Dee"])
    assert [outcome(name, score) for name in ("Ana", "Ben", "Cy", "Eve")] == [
        "2nd of 5",
        "Joint 3rd of 5",
        "Joint 3rd of 5",
        "5th of 5",
    ]


def test_a_winner_below_another_total_is_still_ahead_of_it():
    # Bid Fair's winner is who reached the target, which need not be the higher total.
    score = finished({"Ana": 790, "Ben": 805}, ["Ana"])
    assert rank("Ana", score) == 0 and rank("Ben", score) == 1


def test_a_player_in_a_team_finds_their_team_in_the_standings():
    assert side_of("Cy", {"Ana & Cy": 1, "Ben & Dee": 2}) == "Ana & Cy"
    assert side_of("Ana", {"Ana": 1}) == "Ana"


def test_head_to_head_says_who_was_ahead_how_often_and_the_games_as_partners():
    meeting = Meeting("Cardigan", together=5, partners=1, ahead=3, behind=1)
    assert meeting_words(meeting, "Ana", "Ben") == (
        "5 games together, 1 as partners, Ana ahead in 3, Ben in 1"
    )
    level = Meeting("Tridge", together=1, level=1)
    assert (
        meeting_words(level, "Ana", "Ben")
        == "1 game together, Ana ahead in 0, Ben in 0, level in 1"
    )


@pytest.mark.django_db
def test_the_dates_choose_the_games_each_end_included_and_results_run_oldest_first(user):
    many_games(user, 10)
    ana = Player.objects.get(group__owner=user, name="Ana")
    record = player_record(ana, datetime.date(2026, 1, 3), datetime.date(2026, 1, 5))
    contractor = record.kinds["contractor"]
    assert (contractor.played, contractor.finished, contractor.results) == (3, 3, [-17] * 3)
    assert contractor.dates == [datetime.date(2026, 1, day) for day in (3, 4, 5)]
    assert [played.date.day for played in record.games] == [5, 4, 3]
    assert [(rival.player.name, rival.together) for rival in record.rivals] == [
        ("Ben", 3),
        ("Cy", 3),
    ]


@pytest.mark.django_db
def test_a_game_whose_sheet_is_refused_is_listed_as_needing_a_correction_and_counts_for_nothing(
    user,
):
    game = many_games(user, 1)
    Hand.objects.filter(game=game, number=1).update(record={"contractor": "Nobody"})
    changes.changed(game)  # written behind the app's back: told as each change of a game is
    record = player_record(Player.objects.get(group__owner=user, name="Ana"))
    assert [(p.refused, p.outcome) for p in record.games] == [(True, "needs a correction")]
    assert record.kinds == {} and record.rivals == []
    assert Session.objects.count() == 1


@pytest.mark.django_db
def test_a_game_everyone_tied_is_counted_played_and_finished_but_never_won(user):
    from tests.tables import BEN_WINS, make_game

    make_game(user, rules={"hands": 1}, hands=[{"passed": True}])  # all pass: all level
    make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    ben = player_record(Player.objects.get(name="Ben")).kinds["tridge"]
    cy = player_record(Player.objects.get(name="Cy")).kinds["tridge"]
    assert (ben.played, ben.finished, ben.won) == (2, 2, 1)
    assert (cy.played, cy.finished, cy.won) == (2, 2, 0)


@pytest.mark.django_db
def test_the_chart_shows_the_last_results_while_the_average_counts_every_game(user, monkeypatch):
    from games.records import stats

    monkeypatch.setattr(stats, "CHART_GAMES", 3)
    many_games(user, 5)
    contractor = player_record(Player.objects.get(name="Ana")).kinds["contractor"]
    assert (contractor.finished, contractor.results, contractor.average) == (5, [-17] * 3, -17)
    assert contractor.cut and contractor.first_shown == 3
    assert [number for number, _, _ in contractor.over_time] == [3, 4, 5]
    assert contractor.dates[0] == datetime.date(2026, 1, 3)
    assert [label for _, label, _ in contractor.chart.x_ticks] == ["3", "4", "5"]


@pytest.mark.django_db
def test_a_kinds_figures_add_up_over_its_games_each_where_it_first_came_as_they_were_stored(
    user,
):
    from tests.tables import make_game

    bid = {"strain": "hearts", "tricks": {"Ana": 6, "Ben": 2, "Cy": 2}}
    # The later evening entered first: its figures come first (games/records/stats.py).
    for date, strain in ((2, "diamonds"), (1, "hearts")):
        game = make_game(user, "contractor", ("Ana", "Ben", "Cy"), rules={"hands": 3})
        Session.objects.filter(games=game).update(date=datetime.date(2026, 1, date))
        hand = bid | {"contractor": "Ana", "strain": strain}
        Hand.objects.create(game=game, number=1, record=hand)
        changes.changed(game)
    figures = player_record(Player.objects.get(name="Ana")).kinds["contractor"].figures
    assert list(figures.items()) == [
        ("Contracts bid", 2),
        ("Contracts made", 2),
        ("Diamonds: bid", 1),
        ("Diamonds: made", 1),
        ("Hearts: bid", 1),
        ("Hearts: made", 1),
    ]
