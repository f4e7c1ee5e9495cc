"""What the Tridge entry screen shows: who is in play, the choices on offer, the preview."""

from __future__ import annotations

from games.engine.sheet import read_settings
from games.tridge.table import Table
from games.tridge.terms import INCOMER_BIDS, MAX_HONOURS, TRICKS, Settings
from games.tridge.words import fund_movements, outcome_sentence


class HandScreen:
    """The hand form's side the screen reads: one step revealed after another."""

    template_name = "tridge/hand_form.html"
    preview_template = "tridge/hand_preview.html"
    # Honours on offer follow the trumps; the tricks' chips follow each other.
    SHAPE = ("kind", "bid")
    LIVE = ("honours", "tricks")

    @property
    def chosen_kind(self):
        return self.value("kind") or "played"

    def in_play(self, kind=None):
        """The people whose tricks count in this hand."""
        if (kind or self.chosen_kind) == "incomer" or len(self.people) == 3:
            return list(self.people)
        return [p for p in self.people if p != self.dealer]

    def trick_fields(self):
        return [self[f"tricks_{self.people.index(name)}"] for name in self.in_play()]

    def trick_chips(self):
        return self.chip_rows(self.trick_fields(), TRICKS)

    def trick_rows(self):
        """The rows of tricks the form draws, in seat order: those in play, and with four the
        dealer's too, an in-comer's alone (`only`), shown by In-comer's radio (entry.css)
        for a phone with no signal, which no answer reaches."""
        rows = {row["field"].name: row for row in self.trick_chips()}
        if len(self.people) == 4:
            name = f"tricks_{self.people.index(self.dealer)}"
            dealer = rows.get(name) or self.chip_rows([self[name]], TRICKS)[0]
            rows[name] = dealer | {"only": "incomer"}
        return [rows[f"tricks_{seat}"] for seat in range(len(self.people))]

    def honour_choices(self):
        most = MAX_HONOURS.get(self.value("trumps"), 4)
        return [choice for choice in self["honours"] if int(choice.data["value"]) <= most]

    # Every bid is drawn; those an in-comer cannot make are hidden while In-comer is chosen.
    incomer_bids = INCOMER_BIDS

    def bid_choices(self):
        return list(self["bid"])

    def player_choices(self):
        """Who can play the hand but an in-comer: the dealer sits out, with four."""
        in_play = self.in_play("played")
        return [choice for choice in self["player"] if choice.data["value"] in in_play]

    def preview_context(self, score, record: dict) -> dict:
        """The outcome in words and where the fund chips went, for the live preview."""
        hand = score.hands[self.number - 1]
        if self.number > 1:
            before = score.hands[self.number - 2].details["funds"]
        else:
            before = opening_funds(self.game.rules, self.people)
        return {
            "outcome": outcome_sentence(hand.details, hand.deltas, before, record),
            "movements": fund_movements(before, hand.details["funds"]),
            "sits_out": None
            if len(self.people) == 3 or hand.details.get("incomer") or "incomer_declined" in record
            else hand.dealer,
        }


def opening_funds(rules: dict, players) -> dict:
    """The funds before hand 1, as the engine opens them: the opening payments, on top of
    what an earlier match left on the table."""
    return Table(players, read_settings(Settings, rules)).funds()
