"""A game's words that a newcomer may not know, each with its meaning and its rule.

Each game's folder holds `glossary.py` with two names: `SECTIONS`, the numbered rules of the
rules page in their order, as (anchor, title); and `TERMS`, every word of the game that a
player who knows the cards but not the app would have to guess. A screen shows a term
through the `{% term %}` tag (games/templatetags/glossary.py): one tap on it opens its
meaning where it stands, with the number of its rule and a link to it. The rules page
numbers its sections from `SECTIONS` and lists every term. One list a game, read by every
screen: a word explained twice could be explained two ways.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    name: str  # as the screens show it, capitalised: "Strain"
    meaning: str  # our own words: one or two sentences, ending with a full stop
    rule: str  # the anchor of the rules page's section that says more (a SECTIONS key)
    # The words of the choices it heads, each with its meaning: the screen shows them on
    # buttons a tap chooses, so their meanings open from the head's tap ("Crazytrump").
    choices: tuple[tuple[str, str], ...] = ()

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    @property
    def words(self) -> tuple[str, ...]:
        """Every word this term explains: its name and its choices'."""
        return (self.name, *(choice for choice, _ in self.choices))

    def said_in(self, text: str) -> list[str]:
        """Its words that stand in `text` as whole words, whatever their case."""
        return [
            w for w in self.words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I)
        ]


class Glossary:
    """A game's numbered rules and its terms, found by name."""

    def __init__(self, key: str, sections, terms):
        self.key = key
        self.sections = tuple(sections)
        self.terms = tuple(terms)
        self._numbers = {anchor: n for n, (anchor, _) in enumerate(self.sections, start=1)}
        self._titles = dict(self.sections)
        self._by_name = {term.name.lower(): term for term in self.terms}
        for term in self.terms:
            if term.rule not in self._numbers:
                raise ValueError(f"{key}: the term {term.name!r} cites no rule ({term.rule!r})")

    def __iter__(self):
        return iter(self.terms)

    def __bool__(self) -> bool:
        return bool(self.terms)

    def term(self, name: str) -> Term:
        try:
            return self._by_name[name.lower()]
        except KeyError:
            raise KeyError(f"{self.key} has no term {name!r}: add it to its glossary.py") from None

    def find(self, label: str) -> Term | None:
        """The term a label begins with ("Discards received": Discards), or None."""
        words = label.lower()
        for name, term in sorted(self._by_name.items(), key=lambda item: -len(item[0])):
            if words == name or words.startswith(name + " "):
                return term
        return None

    def found_in(self, texts) -> list[Term]:
        """The terms any of whose words stand in `texts` (a board's hand lines), in the
        list's order: the board offers them under its hands, one tap each."""
        text = "\n".join(texts)
        return [term for term in self.terms if term.said_in(text)]

    def number(self, anchor: str) -> int:
        return self._numbers[anchor]

    def title(self, anchor: str) -> str:
        return self._titles[anchor]

    def target(self, term: Term) -> str:
        """The page's id of a term's meaning, which its buttons open: "term-tridge-honours"."""
        return f"term-{self.key}-{term.slug}"

    def anchor(self, rule: str) -> str:
        """The rules page's id of a section: "contractor-worth"."""
        return f"{self.key}-{rule}"

    def entries(self):
        """Every term with its rule, for the rules page's list: (term, number, anchor)."""
        return [(t, self.number(t.rule), self.anchor(t.rule)) for t in self.terms]

    def numbered(self):
        """The sections as the rules page heads them: (number, id, title)."""
        return [(n, self.anchor(a), title) for n, (a, title) in enumerate(self.sections, 1)]


EMPTY = Glossary("", (), ())
