"""The running-totals chart: an inline SVG drawn on the server, no script, no image file.

Coordinates are computed here; the template only places them. Colours come from the
seat classes (currentColor), so the chart follows the light and dark themes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WIDTH = 340
HEIGHT = 200
LEFT = 44  # room for the value labels
RIGHT = 8
TOP = 10
BOTTOM = 26  # room for the hand numbers


@dataclass
class Line:
    name: str
    seat: int
    points: str  # the polyline's "x,y x,y ..."
    last_x: float
    last_y: float
    last: int
    dots: list[tuple[float, float]] = field(default_factory=list)  # each point's x, y


@dataclass
class Chart:
    width: int
    height: int
    lines: list[Line]
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str, str]]  # x, label, text-anchor
    zero_y: float | None


def running_totals(score, colours, closing=None) -> Chart | None:
    """One line per player (or team) through their totals after each hand, from the start,
    and to the standings after what the game adds at its end (`closing`: games/play/boards.py),
    so that each line ends at the total its legend gives."""
    if not score.hands:
        return None
    names = list(score.standings)
    start = {name: score.hands[0].totals[name] - score.hands[0].deltas[name] for name in names}
    series = {name: [start[name]] + [hand.totals[name] for hand in score.hands] for name in names}
    if closing is not None:
        for name in names:
            series[name].append(closing.totals[name])
    values = [value for points in series.values() for value in points]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    count = len(score.hands) + (closing is not None)
    x, y = scales(count, low, high)

    lines = []
    for name, points in series.items():
        coords = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(points))
        lines.append(Line(name, colours.get(name, 0), coords, x(count), y(points[-1]), points[-1]))
    y_ticks = [(y(value), f"{value:,}".replace("-", "\u2212")) for value in ticks(low, high)]
    hands = len(score.hands)
    step = max(1, hands // 6)
    x_ticks = [(x(i), str(i), "middle") for i in range(0, hands + 1, step)]
    if closing is not None:  # its words end at the chart's right edge
        x_ticks.append((x(count), closing.text, "end"))
    return Chart(WIDTH, HEIGHT, lines, y_ticks, x_ticks, y(0) if low < 0 < high else None)


def results_over_time(results: list[int], first: int = 1) -> Chart | None:
    """One line through a player's result in each finished game, oldest first, a dot on
    each (the player page); None for fewer than two games, which make no line. `first`: the
    number of the first game shown, where the older ones are left out."""
    if len(results) < 2:
        return None
    low, high = min(results), max(results)
    if low == high:
        low, high = low - 1, high + 1
    count = len(results) - 1
    x, y = scales(count, low, high)

    dots = [(x(i), y(value)) for i, value in enumerate(results)]
    coords = " ".join(f"{dx},{dy}" for dx, dy in dots)
    line = Line("", 0, coords, dots[-1][0], dots[-1][1], results[-1], dots)
    y_ticks = [(y(value), f"{value:,}".replace("-", "\u2212")) for value in ticks(low, high)]
    step = max(1, count // 6)
    x_ticks = [(x(i), str(i + first), "middle") for i in range(0, count + 1, step)]
    return Chart(WIDTH, HEIGHT, [line], y_ticks, x_ticks, y(0) if low < 0 < high else None)


def scales(count: int, low: int, high: int):
    """Where the `index`th of `count` steps goes across, and where a value goes up."""

    def x(index):
        return round(LEFT + (WIDTH - LEFT - RIGHT) * index / count, 1)

    def y(value):
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low), 1)

    return x, y


def ticks(low: int, high: int, wanted: int = 4) -> list[int]:
    """Round values to label the vertical axis: 0, 50, 100 rather than 37, 74, 111."""
    step = nice_step(high - low, wanted)
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def nice_step(span: int, wanted: int) -> int:
    """The first of 1, 2, 5, 10, 20, 50, ... that cuts `span` into at most `wanted` parts."""
    magnitude = 1
    while True:
        for multiple in (1, 2, 5):
            step = multiple * magnitude
            if span / step <= wanted:
                return step
        magnitude *= 10
