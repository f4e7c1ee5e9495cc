"""The end of a Cardigan game on the last deal's screen: whether the table is asked its
full suits, their chips, and the final result the preview shows once they are in."""

from __future__ import annotations

from games.cardigan import rules
from games.engine.cards import SUIT_NAMES, suit_heading
from games.engine.words import ending

# The scoreboard's templates read these as `engine.TABLES.full_suits` (game.py).
FULL_SUITS = [suit_heading(s) | {"bonus": rules.FULL_SUIT_BONUS[s]} for s in rules.FULL_SUIT_ORDER]


def chosen(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class SuitsScreen:
    """The full suits' side of the deal form (HandScreen): asked, and as chips."""

    @property
    def asks_full_suits(self) -> bool:
        """The sheet needs the full suits once deal 4 is in and some deal was not entered
        card by card; the table must answer them, None being one tap."""
        if len(self.other_deals) + 1 != rules.DEALS:
            return False
        return self.chosen_mode != "cards" or any("cards" not in d for d in self.other_deals)

    @property
    def full_suits_need(self) -> str:
        """Whether the last deal's form holds the full suits, and when the table must
        answer them: "always" (a deal on record was not entered card by card), "unless
        cards" (the other three were: this one's way decides, by its radio alone, with no
        signal too), "unknown" (a form drawn ahead, before the deals between are on
        record: the words say when they are needed); "" before the last deal."""
        if self.number != rules.DEALS:
            return ""
        if any("cards" not in deal for deal in self.other_deals):
            return "always"
        if len(self.other_deals) + 1 == rules.DEALS:
            return "unless-cards"
        return "unknown"

    def full_suit_rows(self):
        """Each suit: both teams' full suits as chips from 0 to 4, one tap for a team that
        made any (steppers took one a suit), and the bonus each earns. The packs make four
        of a suit in all: a chip past what the other team's leaves is greyed out, and says
        why when tapped (static/js/chips.js)."""
        rows = []
        for suit in rules.FULL_SUIT_ORDER:
            fields = [self[f"full_{t}_{suit}"] for t in (0, 1)]
            values = [chosen(field.value()) for field in fields]
            lines = []
            for t, field in enumerate(fields):
                other = min(max(values[1 - t] or 0, 0), rules.PACKS)
                why = (
                    f"At most {rules.PACKS - other}: the four packs make four full "
                    f"{SUIT_NAMES[suit]} in all, and {self.teams[1 - t]} made {other}."
                )
                # The chip chosen stays on offer: a greyed-out one would not be posted.
                chips = [
                    {"n": n, "checked": n == values[t], "why": ""}
                    if n + other <= rules.PACKS or n == values[t]
                    else {"n": n, "checked": False, "why": why}
                    for n in range(rules.PACKS + 1)
                ]
                bonus = rules.FULL_SUIT_BONUS[suit][min(max(values[t] or 0, 0), rules.PACKS)]
                lines.append({"seat": t, "field": field, "chips": chips, "bonus": bonus})
            rows.append(suit_heading(suit) | {"lines": lines})
        return rows

    def full_suit_errors(self):
        return self.errors_of(*(f"full_{t}_{s}" for t in (0, 1) for s in rules.FULL_SUIT_ORDER))


def final_context(score, teams) -> dict:
    """The full suits each team scored at the end, suit by suit, and the final result."""
    counts = score.details.get("full_suit_counts") or {}
    bonus = score.details.get("full_suits") or {}
    rows = []
    for suit in FULL_SUITS:
        cells = []
        for team in teams:
            n = counts.get(team, {}).get(suit["suit"], 0)
            cells.append({"count": n, "bonus": suit["bonus"][n]})
        rows.append(suit | {"cells": cells})
    return {
        "rows": rows,
        "bonus": [bonus.get(team, 0) for team in teams],
        "standings": [score.standings[team] for team in teams],
        "winners": score.winners,
        "won": ending(score.standings, score.winners, team=True),
    }
