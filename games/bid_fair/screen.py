"""What the Bid Fair entry screen shows: the card pickers, the trump, the contract as the
bids stand, the tally of captured cards and the points (both drawn, the one chosen shown),
and the live preview.

A live update (games/views/hands.py) answers with the parts named in `LIVE`: the tally
(or the points' note) always, the card pickers only when what they offer has changed
since they were drawn (`drawn`), so one tap on a captured card costs a few hundred bytes.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from games.bid_fair.rules import CAPTURED, MAX_POINTS, MIN_POINTS, contract
from games.bid_fair.words import Face, outcome_sentence
from games.engine.cards import rank_of, suit_heading, suit_of

# On screen: one row a suit, black and red in turn, the high cards first as in a hand.
SUIT_ROWS = ("S", "H", "C", "D")
RANKS_SHOWN = ("A", "K", "Q", "J", "10", "9")
SHOWN_PACK = tuple(rank + suit for suit in SUIT_ROWS for rank in RANKS_SHOWN)
SUIT_ONLY = tuple(SUIT_ROWS)
NOBODY = ""


@dataclass(frozen=True)
class Option:
    """One card (or suit) of a one-choice picker: a bid or the cut."""

    value: str
    face: Face | None
    checked: bool
    disabled: bool = False
    note: str = ""  # why it is greyed out, for screen readers
    mark: str = ""  # the same in a word, on the card


def tags(people: list[str]) -> list[str]:
    """A short tag per player for the cards they took: initials, longer when they clash."""
    for length in range(1, 4):
        short = [name[:length].strip().upper() or "?" for name in people]
        if len(set(short)) == len(short):
            return short
    return [str(seat + 1) for seat in range(len(people))]


class HandScreen:
    """The deal form's side the screen reads: what was entered so far, valid or not."""

    template_name = "bid_fair/hand_form.html"
    preview_template = "bid_fair/hand_preview.html"
    # A redeal shows no cards, and points only shows number fields instead of a pack: all
    # are drawn whatever is chosen (the radios show one), but a choice changed online
    # draws the form again, the part it shows up to date.
    SHAPE = ("kind", "count")

    @property
    def LIVE(self):  # noqa: N802 (BaseHandForm.LIVE)
        """The tally (or the points' note) follows each tap; a pack is drawn again only
        when what it offers has changed: a bid or the cut (every pack), the 14th card
        taken or one on the table taken (the captured cards)."""
        if self.chosen_kind != "played":
            return ()
        table, _, deck = str(self.data.get("drawn", "")).partition("|")
        now_table, _, now_deck = self.drawn().partition("|")
        parts = ["bids", "cut"] if table != now_table else []
        if self.chosen_count == "cards":
            if parts or deck != now_deck:
                parts.append("deck")
            parts.append("tally")
        else:
            parts.append("points_note")
        return (*parts, "drawn")

    def drawn(self) -> str:
        """What the packs on screen were drawn for: the bids and the cut, then the
        captured cards that are no longer on offer (all untaken ones, once 14 are)."""
        table = ".".join(self.value(name) for name in ("bid_0", "bid_1", "cut"))
        tally = self.tally()
        clashes = ".".join(clash["face"].code for clash in tally["clashes"])
        return f"{table}|{tally['total'] >= CAPTURED}.{clashes}"

    def value(self, name):
        value = self[name].value()
        return "" if value is None else str(value)

    @property
    def chosen_kind(self) -> str:
        return self.value("kind") or "played"

    @property
    def chosen_count(self) -> str:
        return "points" if self.value("count") == "points" else "cards"

    @property
    def first_bidder(self) -> str | None:
        if self.dealer is None:
            return None
        return next(name for name in self.people if name != self.dealer)

    def chosen_taker(self) -> int:
        """Whose captured cards a tap gives: as the player left it, the first at first."""
        value = self.value("taker")
        return int(value) if value in ("0", "1") else 0

    def entered_bids(self) -> dict[str, str | None]:
        """Each player's bid card as entered (None for no bid or something unknown)."""
        bids = {}
        for seat, name in enumerate(self.people):
            card = self.value(f"bid_{seat}")
            bids[name] = card if card in SHOWN_PACK else None
        return bids

    def entered_cut(self) -> str | None:
        cut = self.value("cut")
        return cut if cut in SHOWN_PACK or cut in SUIT_ONLY else None

    def entered_owner(self, card: str) -> int | None:
        owner = self.value(f"got_{card}")
        with suppress(ValueError):
            seat = int(owner)
            if 0 <= seat < len(self.people):
                return seat
        return None

    def on_table(self) -> dict[str, str]:
        """The cards never captured: the face-up bid cards and the cut card."""
        table = {card: "bid" for card in self.entered_bids().values() if card}
        cut = self.entered_cut()
        if cut in SHOWN_PACK:
            table[cut] = "cut"
        return table

    def bid_pickers(self) -> list[dict]:
        """A pack a player, the first bidder's first: one tap shows a bid card."""
        bids = self.entered_bids()
        cut = self.entered_cut()
        pickers = []
        for seat, name in enumerate(self.people):
            mine = bids[name]
            other = next(card for who, card in bids.items() if who != name)
            options = []
            for card in SHOWN_PACK:
                note = mark = ""
                if card == other:
                    note, mark = f"{self.people[1 - seat]}\u2019s bid", "bid"
                elif other and rank_of(card) == rank_of(other):
                    note = f"the same rank as {self.people[1 - seat]}\u2019s bid"
                elif card == cut:
                    note, mark = "the cut card", "cut"
                # A card already chosen stays choosable, so nothing entered is lost.
                options.append(
                    Option(card, Face(card), card == mine, bool(note) and card != mine, note, mark)
                )
            pickers.append(
                {
                    "seat": seat,
                    "player": name,
                    "tag": self.tags[seat],
                    "field": self[f"bid_{seat}"],
                    "options": options,
                    "chosen": Face(mine) if mine else None,
                }
            )
        if self.first_bidder == self.people[1]:
            pickers.reverse()
        return pickers

    def cut_picker(self) -> dict:
        chosen = self.value("cut")
        bid_cards = {card: name for name, card in self.entered_bids().items() if card}
        options = [
            Option(
                card,
                Face(card),
                card == chosen,
                card in bid_cards and card != chosen,
                f"{bid_cards[card]}\u2019s bid card" if card in bid_cards else "",
                "bid" if card in bid_cards else "",
            )
            for card in SHOWN_PACK
        ]
        suits = [suit_heading(s) | {"value": s, "checked": s == chosen} for s in SUIT_ONLY]
        return {"field": self["cut"], "options": options, "suits": suits}

    def trump(self) -> dict | None:
        """The trump suit once the cut is known, with the bid cards that earn the bonus."""
        cut = self.entered_cut()
        if cut is None:
            return None
        suit = cut if cut in SUIT_ONLY else suit_of(cut)
        winners = [
            {"player": name, "seat": self.people.index(name), "face": Face(card)}
            for name, card in self.entered_bids().items()
            if card and suit_of(card) == suit
        ]
        return suit_heading(suit) | {
            "bonus": self.settings.trump_bonus,
            "winners": winners,
            "cut": Face(cut) if cut in SHOWN_PACK else None,
        }

    def contract_info(self) -> dict | None:
        """Who holds the contract, its value and whether it is doubled, as the bids stand."""
        bids = self.entered_bids()
        shown = [card for card in bids.values() if card]
        if len(shown) == 2 and rank_of(shown[0]) == rank_of(shown[1]):
            return None
        held = contract(bids, self.settings)
        if held is None:
            return {"none": True}
        setter = next(name for name in self.people if name != held.holder)
        high = bids[setter]
        return {
            "holder": held.holder,
            "seat": self.people.index(held.holder),
            "value": held.value,
            "doubled": held.doubled,
            "setter": setter,
            "face": Face(high),
        }

    def deck(self) -> list[dict]:
        """The captured cards' pack: who took each, and which can no longer be taken."""
        table = self.on_table()
        full = self.tally()["total"] >= CAPTURED
        slots = []
        for card in SHOWN_PACK:
            owner = self.entered_owner(card)
            slots.append(
                {
                    "face": Face(card),
                    "field": f"got_{card}",
                    "owner": owner,
                    "on_table": table.get(card, ""),
                    "clash": owner is not None and card in table,
                    # A 15th card cannot be taken; one taken can still change hands.
                    "full": full and owner is None,
                    "seats": [
                        {"seat": seat, "player": name, "checked": owner == seat}
                        for seat, name in enumerate(self.people)
                    ],
                }
            )
        return slots

    @property
    def full_why(self) -> str:
        """Why a card nobody took cannot be given: the taken cards are complete."""
        return (
            f"{CAPTURED} cards are taken already: seven tricks of two. Tap one off a card "
            "first to give this one."
        )

    def tally(self) -> dict:
        """Cards and card points each player has been given so far, and what is wrong."""
        players = [
            {"seat": seat, "player": name, "tag": self.tags[seat], "cards": 0, "points": 0}
            for seat, name in enumerate(self.people)
        ]
        for card in SHOWN_PACK:
            owner = self.entered_owner(card)
            if owner is not None:
                players[owner]["cards"] += 1
                players[owner]["points"] += Face(card).points
        taker = self.chosen_taker()
        for player in players:
            player["checked"] = player["seat"] == taker
        total = sum(player["cards"] for player in players)
        table = self.on_table()
        clashes = [
            {"face": Face(card), "on_table": table[card]}
            for card in SHOWN_PACK
            if card in table and self.entered_owner(card) is not None
        ]
        wrong = [
            f"{clash['face']} is "
            f"{'a bid card' if clash['on_table'] == 'bid' else 'the cut card'}, "
            "so nobody captured it: tap it off."
            for clash in clashes
        ]
        if total > CAPTURED:
            wrong.append(
                f"{total} cards taken: seven tricks of two make {CAPTURED}, "
                f"so tap {total - CAPTURED} off."
            )
        elif total == CAPTURED:
            # Only once all 14 are in can a count be odd for good.
            wrong += [
                f"{player['player']} has {player['cards']} cards: a trick is two cards, "
                "so each player takes an even number."
                for player in players
                if player["cards"] % 2
            ]
        if total < CAPTURED:
            note = "taken: tap whose they are, then each card."
        else:
            note = "taken: tap one off to change it."
        return {
            "players": players,
            "total": total,
            "wanted": CAPTURED,
            "clashes": clashes,
            "wrong": wrong,
            "note": note,
        }

    def points_state(self) -> dict:
        """The card points typed so far, what they come to, and what is still missing."""
        points = {}
        for seat, name in enumerate(self.people):
            with suppress(ValueError):
                points[name] = int(self.value(f"points_{seat}"))
        wrong = []
        for name, value in points.items():
            if value < 0:
                wrong.append(f"{name}\u2019s card points cannot be below 0.")
            elif value > MAX_POINTS:
                wrong.append(
                    f"{name} cannot have {value}: the {CAPTURED} best cards are worth {MAX_POINTS}."
                )
        together = f"the {CAPTURED} captured cards make {MIN_POINTS} to {MAX_POINTS} together"
        note = ""
        if len(points) == len(self.people) and not wrong:
            total = sum(points.values())
            if MIN_POINTS <= total <= MAX_POINTS:
                note = f"Together {total}."
            else:
                wrong.append(f"Together {total}: {together}.")
        elif len(points) == 1 and not wrong:
            # Not filled in: the other's points are known only to lie in a range.
            ((name, value),) = points.items()
            other = next(person for person in self.people if person != name)
            low, high = max(0, MIN_POINTS - value), MAX_POINTS - value
            note = f"Still to type: {other}\u2019s points, {low} to {high} ({together})."
        elif not points:
            note = f"Ace 1; king, queen, jack and ten 10 each; nine 9: {together}."
        return {"wrong": wrong, "note": note}

    def point_fields(self):
        return [
            {"field": self[f"points_{seat}"], "seat": seat, "player": name}
            for seat, name in enumerate(self.people)
        ]

    def picker_errors(self) -> list[str]:
        return list(self.errors.get("captured", []))

    def preview_context(self, score, record: dict) -> dict:
        hand = score.hands[self.number - 1]
        if len(score.hands) > self.number:
            then = score.hands[self.number].dealer
        else:
            then = score.next_dealer
        ends = score.finished and len(score.hands) == self.number
        context = {
            "redeal": bool(record.get("redeal")),
            "dealer": hand.dealer,
            "then_deals": then,
            "ends": ends,
            "winner": score.winners[0] if ends and score.winners else None,
            "target": self.settings.target,
        }
        if context["redeal"]:
            return context
        details = hand.details
        parts = [
            ("Card points", details["card_points"]),
            ("Trump bonus", details["trump_bonus"]),
            (
                "Holder\u2019s bonus" + (" (doubled)" if details.get("doubled") else ""),
                details["holder_bonus"],
            ),
            ("Contract reward", details["reward"]),
        ]
        context["parts"] = [
            {"label": label, "values": [by_player[name] for name in self.people]}
            for label, by_player in parts
        ]
        context["people"] = [
            {"seat": seat, "player": name} for seat, name in enumerate(self.people)
        ]
        context["outcome"] = outcome_sentence(details, self.people)
        return context
