from decimal import Decimal

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import mark_safe

from games.engine import forms, words
from games.engine.registry import GAMES
from games.engine.sheet import TEAM
from games.money.entries import OUTSIDE, TABLE

register = template.Library()

MINUS = "\u2212"  # a true minus sign: a hyphen is easy to miss on a small screen


@register.filter
def number(value):
    """A total or an average: negative numbers get a real minus sign."""
    if isinstance(value, int | float) and value < 0:
        return f"{MINUS}{-value}"
    return value


@register.filter
def signed(value):
    """A change: always signed, zero shown as 0."""
    if not isinstance(value, int):
        return value
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


@register.filter
def problems(form):
    """A refused form's errors for templates/error_summary.html."""
    return forms.problems(form) if form else []


@register.filter
def trend(value):
    """The CSS class for a change or a total."""
    if not isinstance(value, int | Decimal) or value == 0:
        return "even"
    return "gain" if value > 0 else "loss"


@register.filter
def get(mapping, key):
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


# The ledger's parties that are not people, as a sentence names them.
PARTIES = {TABLE: "the table", OUTSIDE: "outside the group"}


@register.filter
def party(name, capital=False):
    """A party of the ledger as a sentence says it: a person's name, or "the table" (with
    a capital where it starts one)."""
    said = PARTIES.get(name)
    if said is None:
        return name
    return said[0].upper() + said[1:] if capital else said


@register.filter
def as_list(value) -> list:
    """One thing as a list of it, for an include that lists several."""
    return [value]


@register.filter
def is_person(name) -> bool:
    return name not in PARTIES


@register.filter
def cents(value):
    """Whole cents as money: 470 -> 4.70."""
    return words.money_text(Decimal(value) / 100)


@register.filter
def money(value, settlement=None):
    """An amount of money (a Decimal), or chips as money at the settlement's value per
    chip, e.g. 1.75 (games/engine/words.py `money_text`)."""
    amount = value if settlement is None else settlement.money(value)
    return "" if amount is None else words.money_text(amount)


@register.simple_tag(takes_context=True)
def hands_rows(context, rows, names, key, can_edit, enterable):
    """The rows of a hands table: two table rows a hand, built in Python.

    The template language costs 10-20 microseconds a variable here, and a hands table
    has about 25 a hand: a 500-hand table took 185 ms as a template loop, 6.5 ms as this
    (docs/PERFORMANCE.md). The markup is the loop's; the filters are the ones above.
    """
    links = can_edit and enterable
    if links:
        # Reversed once for the table, not once a row (about 50 us each): the row's number
        # goes where the 0 is, the last 0 of the path.
        # The way into the game, as {% url %} reads it: the request's current_app (the
        # board's drawn part sets one), else the namespace the request was reached by.
        request = context.request
        way = getattr(request, "current_app", None) or request.resolver_match.namespace
        edit = escape(reverse("game:hand_edit", args=[key, 0], current_app=way)).rsplit("0", 1)
    span = len(names) + 1
    out = []
    for row in rows:
        score = row.score
        text = f" · {escape(row.text)}" if row.text else ""
        dealt = f'<span class="dealer">{escape(score.dealer)} dealt</span>{text}'
        if links:
            dealt = (
                f'<a href="{edit[0]}{score.number}{edit[1]}">{dealt}'
                '<span class="edit-sep"> · </span><span class="edit">edit</span></a>'
            )
        cells = "".join(
            f'<td><span class="delta {trend(delta)}">{signed(delta)}</span>'
            f'<span class="running {trend(total)}">{number(total)}</span></td>'
            for delta, total in ((score.deltas[name], score.totals[name]) for name in names)
        )
        out.append(
            f'<tr class="describe"><td colspan="{span}">{dealt}</td></tr>\n'
            f'<tr class="numbers"><th scope="row">{score.number}</th>{cells}</tr>\n'
        )
    return mark_safe("".join(out))  # noqa: S308 (every piece of text above is escaped)


SHORT = 8  # characters: what a column a quarter of a 360 px phone wide holds in bold


def shortened(name: str) -> str:
    """A name as narrow places show it: whole up to SHORT characters, else its first
    letters and an ellipsis ("Maximil…"); a team, each of its players so."""
    if TEAM in name:
        return TEAM.join(shortened(member) for member in name.split(TEAM))
    return name if len(name) <= SHORT else name[: SHORT - 1].rstrip(" -") + "\u2026"


@register.filter
def short(name):
    """A name where a narrow column holds it, the same way everywhere (`shortened`): the
    full name stays with it for a screen reader and as its tooltip."""
    name = str(name)
    cut = shortened(name)
    if cut == name:
        return name
    hidden = '<span class="visually-hidden">{}</span>'
    return format_html(
        '<span title="{}"><span aria-hidden="true">{}</span>' + hidden + "</span>", name, cut, name
    )


@register.filter
def whole_on_tap(name):
    """A name in its short form (`short`) that gives its whole with a tap where it stands:
    a thumb cannot hover for a tooltip. A native disclosure, no script: the short form is
    its summary (with the full name for a screen reader and a mouse's tooltip), each of a
    team's names on one line, and the whole name opens under it, across its table; opening
    one closes another (`name`). Not inside a label or a button, which a tap must reach."""
    name = str(name)
    if shortened(name) == name:
        return name
    cut = format_html_join(
        TEAM, '<span class="cut">{}</span>', ((shortened(n),) for n in name.split(TEAM))
    )
    return format_html(
        '<details class="whole" name="whole"><summary title="{}"><span aria-hidden="true">{}'
        '</span><span class="visually-hidden">{}</span></summary>'
        '<span class="whole-name" aria-hidden="true">{}</span></details>',
        name,
        cut,
        name,
        name,
    )


@register.simple_tag
def whole_names(people, colours):
    """The table's names whole, once, in their seats' colours, on a screen that shows some
    of them in their short form (`short`): each full name is a glance away. Nothing where
    every name is whole already."""
    people, colours = [str(name) for name in people], colours or {}
    if all(shortened(name) == name for name in people):
        return ""
    seats = format_html_join(
        " ",
        '<span class="seat-{}"><span class="dot" aria-hidden="true"></span>{}</span>',
        ((colours.get(name, seat), name) for seat, name in enumerate(people)),
    )
    return format_html('<p class="whole-names" aria-hidden="true">{}</p>', seats)


@register.filter
def names(items):
    """ "Ana, Bo and Cy" (games/engine/words.py)."""
    return words.names(items)


@register.simple_tag
def game_over(score, engine, game):
    """How the game ended, in one sentence; a team's verb agrees with its two players.

    Told from each side's result (Tridge: chips won or lost), so "all down" is below
    what everyone started with; the order of the results is the order of the totals.
    """
    results = {side: engine.result(game, side, score) for side in score.standings}
    return words.game_over(results, score.winners, team=engine.SIDE == "team")


@register.simple_tag
def money_units():
    """What a money value is of, game by game: "per point, or per chip in Tridge" (the unit
    of most games first, each other unit with its games)."""
    games = {}
    for kind in GAMES.values():
        games.setdefault(kind.money.UNIT, []).append(kind.NAME)
    first, *others = sorted(games, key=lambda unit: -len(games[unit]))
    return ", or ".join([f"per {first}", *(f"per {u} in {words.names(games[u])}" for u in others)])


@register.simple_tag
def balances_texts():
    """How each game's results are settled, where a game settles otherwise than by its
    scores (games/engine/money.py `SETTLES_TEXT`): its sentences, one after the other."""
    texts = (kind.money.SETTLES_TEXT for kind in GAMES.values())
    return " ".join(text for text in texts if text)
