"""The scoreboard's standings (games/boards.py)."""

from games.boards import ranked
from games.scores import GameScore, HandScore


def standings_after_one_hand(**totals):
    hand = HandScore(1, "Ana", totals, totals)
    return ranked(GameScore("x", totals, [hand], True, list(totals), None))


def test_the_top_total_alone_leads():
    rows = standings_after_one_hand(Ana=5, Bo=3, Cy=5)
    assert [row["leading"] for row in rows] == [True, False, True]


def test_everyone_level_leads_nobody_so_no_one_is_badged_the_winner():
    rows = standings_after_one_hand(Ana=-5, Bo=-5, Cy=-5)
    assert not any(row["leading"] for row in rows)
