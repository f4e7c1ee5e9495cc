"""What the Contractor screens show: the strains and conditions on offer, the auction
recorder, the contract's worth, the trick steppers, and the live preview."""

from __future__ import annotations

from games.contractor import rules
from games.contractor.rules import STRAINS, TRUMP_STRAINS, Bid, bid_value
from games.contractor.words import (
    FLAGS,
    STRAIN_NAMES,
    bid_text,
    call_text,
    needs_text,
    outcome_sentence,
    price_lines,
    reasons,
)
from games.engine.words import ending

RED = frozenset({"diamonds", "hearts"})
CONTRACT, AUCTION = "contract", "auction"


def offered(strain: str | None, condition: str) -> bool:
    """Whether a condition goes with the strain (docs/RULES.md#contractor); before a
    strain, all but nil's own."""
    if condition == "extra_tricks":
        return strain != "nil"
    if condition == "sour_trumps":
        return strain is None or strain in TRUMP_STRAINS
    if condition == "nil_without_joker":
        return strain == "nil"
    return True


class BidScreen:
    """A bid being composed, as the calculator and the hand form show it."""

    extra_trick_points = rules.EXTRA_TRICK
    kitty_card_points = rules.KITTY_CARD

    @property
    def chosen_strain(self) -> str | None:
        strain = self.value("strain")
        return strain if strain in STRAINS else None

    def strain_choices(self):
        """Each strain's radio with its symbol, name and base value."""
        return [
            {
                "radio": choice,
                "symbol": STRAIN_NAMES[choice.data["value"]][0],
                "name": STRAIN_NAMES[choice.data["value"]][1],
                "base": self.settings.strain_values[choice.data["value"]],
                "red": choice.data["value"] in RED,
            }
            for choice in self["strain"]
        ]

    def offers(self, condition: str) -> bool:
        return offered(self.chosen_strain, condition)

    def show_extra_tricks(self):
        return self.offers("extra_tricks")

    def flag_choices(self):
        """The yes-or-no conditions that go with the chosen strain, with their points."""
        return [
            {"field": self[name], "label": label, "points": points}
            for name, (label, points, _) in FLAGS.items()
            if self.offers(name)
        ]

    def every_flag(self):
        """Every yes-or-no condition, drawn whatever the strain: the strain's radio alone
        shows those that go with it (contractor.css), with no signal too."""
        return [
            {"field": self[name], "label": label, "points": points}
            for name, (label, points, _) in FLAGS.items()
        ]

    def flags_chosen(self) -> bool:
        return any(flag["field"].value() for flag in self.flag_choices())

    def breakdown(self, bid: Bid, by_dealer: bool = False) -> list[tuple[str, int]]:
        return price_lines(bid, self.settings, by_dealer)


class HandScreen:
    """The hand form's side the screen reads: the recorder, the contract, the tricks."""

    template_name = "contractor/hand_form.html"
    preview_template = "contractor/hand_preview.html"
    SHAPE = ("mode", "strain")

    @property
    def LIVE(self):  # noqa: N802 (BaseHandForm.LIVE)
        """A contract's worth, who may challenge and the tricks follow each tap; an
        auction's every call redraws the recorder (its buttons are taps, not typing)."""
        return ("worth", "challenger", "tricks") if self.chosen_mode == CONTRACT else ()

    def auction_calls(self):
        """The calls so far, each with who made it and what it was, for the list."""
        return [{"player": c.player, "text": call_text(c)} for c in self.auction_state.calls]

    def standing_bid(self):
        high = self.auction_state.high
        if high is None:
            return None
        return {"player": high.player, "value": high.value, "text": bid_text(high.bid)}

    def call_after(self):
        """The number of calls a call button is tapped after."""
        return len(self.auction_state.calls)

    def bid_on_turn(self):
        """The composed bid as the player on turn would make it: its value, and if it beats."""
        auction = self.auction_state
        bid = self.composed_bid()
        if bid is None or auction.ended:
            return None
        return {
            "value": auction.value(bid),
            "beats": auction.beats(bid),
            "lines": self.breakdown(bid, auction.turn == self.dealer),
        }

    @property
    def chosen_mode(self) -> str:
        return AUCTION if self.value("mode") == AUCTION else CONTRACT

    @property
    def chosen_contractor(self) -> str | None:
        name = self.value("contractor")
        return name if name in self.people else None

    def contractor_choices(self):
        return list(self["contractor"])

    def challenger_choices(self):
        """No challenge, or one of the contractor's two opponents."""
        contractor = self.chosen_contractor
        return [c for c in self["challenger"] if c.data["value"] != contractor]

    def contract_value(self):
        """The entered contract's value, with what makes it up."""
        bid = self.composed_bid()
        if bid is None:
            return None
        by_dealer = self.chosen_contractor == self.dealer
        return {
            "value": bid_value(bid, self.settings, by_dealer),
            "lines": self.breakdown(bid, by_dealer),
            "needs": needs_text(bid),
        }

    def hands_left(self) -> int:
        return max(self.planned - self.scored_before, 0)

    def trick_fields(self):
        return [self[f"tricks_{seat}"] for seat in range(len(self.people))]

    def trick_rows(self):
        return self.chip_rows(self.trick_fields(), rules.TRICKS)

    def tricks_aside(self) -> str:
        """What the contractor needs, said above the tricks: "Ana needs 6"."""
        contractor, bid = self.contract()
        return f"{contractor} {needs_text(bid)}" if bid and contractor else ""

    def contract(self) -> tuple[str | None, Bid | None]:
        """Who holds the contract and what it is, as entered or as the auction decided."""
        if self.chosen_mode == CONTRACT:
            return self.chosen_contractor, self.composed_bid()
        result = self.auction_state.result
        return (result.contractor, result.bid) if result else (None, None)

    def wants_tricks(self) -> bool:
        if self.chosen_mode == CONTRACT:
            return True
        result = self.auction_state.result
        return result is not None and not result.redeal

    def preview_context(self, score, record: dict) -> dict:
        hand = score.hands[self.number - 1]
        context = {"finished": score.finished, "won": ending(score.standings, score.winners)}
        if record.get("redeal"):
            context["outcome"] = f"A redeal: nobody scores, and {hand.dealer} deals again."
            return context
        context["outcome"] = outcome_sentence(record, hand)
        context["reasons"] = reasons(record, hand)
        return context
