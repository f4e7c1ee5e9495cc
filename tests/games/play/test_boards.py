"""The scoreboard (games/play/boards.py): standings, hands newest first, the closing row."""

import json

import pytest

from games.engine.scores import GameScore, HandScore
from games.play.boards import board, ranked
from tests.sheets import EXAMPLES
from tests.tables import BEN_WINS, make_game

EXAMPLE = json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())["hands"]
EXPECTED = json.loads((EXAMPLES / "cardigan-four-deals.expected.json").read_text())


def standings_after_one_hand(**totals):
    hand = HandScore(1, "Ana", totals, totals)
    return ranked(GameScore("x", totals, [hand], True, list(totals), None))


def test_the_top_total_alone_leads():
    rows = standings_after_one_hand(Ana=5, Bo=3, Cy=5)
    assert [row["leading"] for row in rows] == [True, False, True]


def test_everyone_level_leads_nobody_so_no_one_is_badged_the_winner():
    rows = standings_after_one_hand(Ana=-5, Bo=-5, Cy=-5)
    assert not any(row["leading"] for row in rows)


@pytest.mark.django_db
def test_the_screens_list_the_newest_hand_first_and_the_sheet_the_oldest(user):
    game = make_game(user, hands=[BEN_WINS] + [{"passed": True}] * 13)
    drawn = board(game)
    assert [row.score.number for row in drawn["rows"]] == list(range(1, 15))
    assert [row.score.number for row in drawn["newest_first"]] == list(range(14, 0, -1))
    assert [row.score.number for row in drawn["recent_rows"]] == list(range(14, 2, -1))
    assert drawn["earlier"] == 2


@pytest.mark.django_db
def test_cardigans_full_suits_close_the_game_and_lead_to_the_standings(user):
    game = make_game(user, kind="cardigan", hands=EXAMPLE)
    closing = board(game)["closing"]
    assert closing.text == "Full suits"
    assert closing.deltas == EXPECTED["full_suits"] == {"Ana & Cy": 23000, "Ben & Dee": 21000}
    assert closing.totals == EXPECTED["standings"]


@pytest.mark.django_db
def test_a_game_unfinished_or_adding_nothing_at_its_end_has_no_closing_row(user):
    assert board(make_game(user, kind="cardigan", hands=EXAMPLE[:3]))["closing"] is None
    assert board(make_game(user, hands=[BEN_WINS]))["closing"] is None
