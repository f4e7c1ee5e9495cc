"""`{% term engine "Strain" %}`: a game's word, one tap from its meaning where it stands.

The word is a button that opens its meaning as a popover (the HTML `popover` attribute: no
script, no new page; a tap elsewhere or Escape closes it), in the game's own words from its
glossary.py (games/engine/glossary.py), with the number of its rule and a link to the rules page.
A `<details>` would open inside the line it stands in and push a legend's choices or a
table's columns aside; a popover opens over them and leaves the screen as it was.

The meanings are drawn once a page, at its foot (`{% meanings %}`, templates/base.html), and
every button of the page points at its term's: a term shown twice opens one meaning.
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from games.engine.registry import GAMES

register = template.Library()


def glossary_of(engine):
    return (GAMES[engine] if isinstance(engine, str) else engine).GLOSSARY


@register.simple_tag
def term(engine, name, text=None):
    """The term `name` of the game `engine` (its class or key), shown as `text` (default:
    its name as the list spells it), or as a "?" beside a word it cannot stand in."""
    glossary = glossary_of(engine)
    found = glossary.term(name)
    target = glossary.target(found)
    if text == "?":  # beside words it cannot stand in: a choice's label, a heading
        return format_html(
            '<button type="button" class="term ask" popovertarget="{}"'
            ' aria-label="What \u201c{}\u201d means">?</button>',
            target,
            found.name,
        )
    return format_html(
        '<button type="button" class="term" popovertarget="{}">{}</button>',
        target,
        text or found.name,
    )


@register.simple_tag
def meanings(engine):
    """Every term's meaning, once a page, at its foot (templates/base.html): what each
    button opens. Once, not beside each button: a hand form drawn again by htmx, or from
    the forms a page carries for no signal, brings its buttons and finds them here."""
    glossary = glossary_of(engine)
    return format_html_join("", "{}", ((meaning(glossary, t),) for t in glossary))


@register.simple_tag
def label_term(engine, label):
    """A label that may begin with a term (a table's row: "Discards received"): the label as
    the term's button when it does, as it is when not."""
    found = glossary_of(engine).find(label)
    return term(engine, found.name, label) if found else label


@register.simple_tag
def words_in(engine, rows):
    """The game's terms that a table of hands uses, for a line of them under it, each one tap
    from its meaning: the hands' lines are the game's words.describe, plain text that the
    CSV and the printed sheet share, so their terms stand beside them, not inside."""
    return glossary_of(engine).found_in(row.text for row in rows)


def meaning(glossary, found):
    choices = format_html_join("", '<span class="term-choice"><b>{}</b>: {}</span>', found.choices)
    link = reverse("rules") + "#" + glossary.anchor(found.rule)
    number = glossary.number(found.rule)
    return format_html(
        '<div class="term-meaning" popover id="{}"><b class="term-name">{}</b> {}{}'
        '<a class="term-rule" href="{}">Rule {}: {}</a></div>',
        glossary.target(found),
        found.name,
        found.meaning,
        choices,
        link,
        number,
        glossary.title(found.rule),
    )


@register.simple_tag
def rule_head(engine, anchor):
    """A numbered section of the rules page: `<h3 id="contractor-worth">` with its number."""
    glossary = glossary_of(engine)
    return format_html(
        '<h3 id="{}"><span class="rule-number">Rule {}</span> {}</h3>',
        glossary.anchor(anchor),
        glossary.number(anchor),
        glossary.title(anchor),
    )
