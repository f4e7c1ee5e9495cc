"""The scoreboard's two 500-row tables built in Python, as a prototype of the change
docs/PERFORMANCE.md recommends: the same markup board.html and chart.html write (the
benchmark checks it, whitespace aside), at a small fraction of the template's cost.

The formatting follows games/templatetags/scorekeeper.py (`trend`, `signed`, `number`);
text is escaped as Django's autoescape does (html.escape, quotes included).
"""

from __future__ import annotations

import html

MINUS = "\u2212"


def trend(value) -> str:
    if not isinstance(value, int) or value == 0:
        return "even"
    return "gain" if value > 0 else "loss"


def signed(value) -> str:
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


def number(value) -> str:
    return f"{MINUS}{-value}" if value < 0 else str(value)


def hands_tbody(rows, names, base: str, links: bool) -> str:
    """The scoreboard's hands table body as board.html writes it, built in Python."""
    esc = html.escape
    span = len(names) + 1
    out = []
    for row in rows:
        score = row.score
        text = f" · {esc(row.text)}" if row.text else ""
        dealt = f'<span class="dealer">{esc(score.dealer)} dealt</span>{text}'
        if links:
            dealt = (
                f'<a href="{esc(base)}hands/{score.number}/">{dealt}'
                '<span class="edit-sep"> · </span><span class="edit">edit</span></a>'
            )
        cells = "".join(
            f'<td><span class="delta {trend(d)}">{signed(d)}</span>'
            f'<span class="running {trend(t)}">{number(t)}</span></td>'
            for d, t in ((score.deltas[name], score.totals[name]) for name in names)
        )
        out.append(
            f'<tr class="describe"><td colspan="{span}">{dealt}</td></tr>'
            f'<tr class="numbers"><th scope="row">{score.number}</th>{cells}</tr>'
        )
    return "".join(out)


def chart_tbody(rows, names) -> str:
    """The body of chart.html's "The chart as a table": each name's total after each hand."""
    out = []
    for row in rows:
        totals = row.score.totals
        cells = "".join(f"<td>{number(totals[name])}</td>" for name in names)
        out.append(f'<tr><th scope="row">{row.score.number}</th>{cells}</tr>')
    return "".join(out)
