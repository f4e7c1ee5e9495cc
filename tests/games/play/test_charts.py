"""The running-totals chart (games/play/charts.py)."""

from games.engine.scores import GameScore, HandScore
from games.play.boards import Closing
from games.play.charts import RIGHT, running_totals

HANDS = [
    HandScore(1, "Ana", {"Ana": 5, "Bo": -5}, {"Ana": 5, "Bo": -5}),
    HandScore(2, "Bo", {"Ana": -2, "Bo": 2}, {"Ana": 3, "Bo": -3}),
]


def test_each_line_runs_from_the_start_through_every_hand_to_its_total():
    score = GameScore("x", {"Ana": 3, "Bo": -3}, HANDS, False, [], "Ana")
    chart = running_totals(score, {"Ana": 0, "Bo": 1})
    assert [len(line.points.split()) for line in chart.lines] == [3, 3]
    assert [(line.name, line.last) for line in chart.lines] == [("Ana", 3), ("Bo", -3)]
    assert [label for _, label, _ in chart.x_ticks] == ["0", "1", "2"]


def test_what_a_game_adds_at_its_end_is_the_last_step_and_the_legend_gives_the_standings():
    standings = {"Ana": 1003, "Bo": -3}
    score = GameScore("x", standings, HANDS, True, ["Ana"], None)
    closing = Closing("Full suits", {"Ana": 1000, "Bo": 0}, standings)
    chart = running_totals(score, {"Ana": 0, "Bo": 1}, closing)
    assert [len(line.points.split()) for line in chart.lines] == [4, 4]
    assert [(line.name, line.last) for line in chart.lines] == [("Ana", 1003), ("Bo", -3)]
    # Its words end at the chart's right edge, after the last hand's number.
    assert chart.x_ticks[-2][1:] == ("2", "middle")
    assert chart.x_ticks[-1] == (chart.width - RIGHT, "Full suits", "end")


def test_a_players_results_make_one_line_with_a_dot_for_each_game_from_first_to_latest():
    from games.play.charts import LEFT, WIDTH, results_over_time

    chart = results_over_time([-57, 247, 12])
    (line,) = chart.lines
    assert [x for x, _ in line.dots] == [LEFT, (LEFT + WIDTH - RIGHT) / 2, WIDTH - RIGHT]
    assert line.last == 12 and chart.zero_y is not None
    assert [label for _, label, _ in chart.x_ticks] == ["1", "2", "3"]
    assert max(y for _, y in line.dots) == chart.height - 26  # the lowest at the foot


def test_the_last_games_of_a_longer_history_are_numbered_as_in_it():
    from games.play.charts import results_over_time

    chart = results_over_time([-57, 247, 12], first=48)
    assert [label for _, label, _ in chart.x_ticks] == ["48", "49", "50"]


def test_one_game_makes_no_line_and_level_results_still_draw_one():
    from games.play.charts import results_over_time

    assert results_over_time([8]) is None
    level = results_over_time([8, 8])
    assert len({y for _, y in level.lines[0].dots}) == 1
