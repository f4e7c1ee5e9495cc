"""Cardigan at the table: the deal form (duplicates, contract, tricks, cards), posted fields
to a record, and its errors.

The cards of a deal are entered on a grid, one tap a copy for the chosen team, or in
quick mode as the counted ranks. Each team's pile travels in the form as one hidden
line of cards; the grid's buttons also work without JavaScript (each posts the form).
What the screen shows is in `screen.py`, how deals read in `words.py`.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property

from django import forms

from games.cardigan import rules, table
from games.cardigan.counts import RANK_LABELS, blank_counts
from games.cardigan.grid import rest_of
from games.cardigan.records import GAME_POINTS, MAX_DISCARDS, RANK_COPIES
from games.cardigan.screen import SET_NAMES, HandScreen, boxed
from games.cardigan.stored import initial_from, last_game_deal
from games.cardigan.words import in_a_sentence, with_faces
from games.engine.cards import RANKS, SUIT_NAMES, SUITS, face
from games.engine.forms import REST, BaseHandForm, chips, fill_rest, number_pills, pills, stepper

SET_LABELS = {"pair": "Pairs", "triplet": "Triplets", "four": "Fours of a kind"}
MODES = [("cards", "Card by card"), ("quick", "Counts only"), ("points", "Points only")]
# The most card points a team can take in a deal: an ace (11) for each of 52 cards.
MOST_POINTS = max(rules.CARD_POINTS.values()) * rules.DECK_SIZE
MODE_KEYS = {"cards": "cards", "quick": "card_counts", "points": "card_points"}
FIELDS = ("declarer", "dummy", "open", "stuck", "tricks")  # named as the sheet
CONTRACTS = [
    (boxed(level, bid), boxed(level, bid))
    for bid in rules.BIDS
    for level in range(1, rules.MAX_LEVEL + 1)
]


def counter(label, most):
    return stepper(label, most, placeholder="0")


class HandForm(HandScreen, BaseHandForm):
    """One deal. Field names use seat and team numbers (`pairs_2`, `cards_1`), never names.

    Team 0 is the first and third players, team 1 the second and fourth.
    """

    dup_who = forms.MultipleChoiceField(
        label="Who showed triplets or fours", required=False, widget=forms.CheckboxSelectMultiple
    )
    declarer = pills("Declarer")
    # Drawn as one bidding box (`contract`, "4 hearts"): a tap for both. Level and bid stay
    # the fields the record and the screen read, filled from it as the form is posted.
    contract = pills("Bid and level", CONTRACTS)
    level = number_pills("Level", range(1, rules.MAX_LEVEL + 1))
    bid = pills("Bid", [(b, b) for b in rules.BIDS])
    dummy = forms.BooleanField(label="Dummy", required=False)
    open = forms.BooleanField(label="Open", required=False)
    stuck = forms.BooleanField(label="Stuck", required=False)
    tricks = number_pills("Tricks", range(rules.TRICKS + 1))
    mode = forms.ChoiceField(label="Cards", choices=MODES, widget=forms.RadioSelect)
    team = pills("Cards go to")
    taking = forms.BooleanField(label="Tap takes away", required=False)
    cards_0 = forms.CharField(required=False, widget=forms.HiddenInput)
    cards_1 = forms.CharField(required=False, widget=forms.HiddenInput)
    full_none = forms.BooleanField(label="No full suits", required=False)
    TOP = "duplicates"
    DRAWN_IN = {"cards_": "cards"}  # the grid's taps are kept in hidden fields

    def seat_the_table(self):
        self.teams = rules.team_names(self.people)
        self.dealer = (
            rules.dealer_of(self.number, self.people) if self.number <= rules.DEALS else None
        )
        self.saving = False
        # Said beside the ways: where a new deal's way came from ("as in the last game").
        self.way_kept = ""

    def blank(self):
        return {"mode": self._usual_mode(), "team": "0"}

    def read_back(self, record):
        return initial_from(record, self.people) | self._stored_full_suits()

    def add_fields(self):
        self.fields["dup_who"].choices = [
            (str(seat), name) for seat, name in enumerate(self.people)
        ]
        self.offer_people("declarer")
        self.fields["team"].choices = [(str(t), name) for t, name in enumerate(self.teams)]
        for seat, name in enumerate(self.people):
            # Pairs, by far the most shown, as chips always in view: one tap a player.
            pairs = chips(f"Pairs {name} showed", rules.HAND_SIZE // 2)
            self.fields[f"pairs_{seat}"] = pairs
            for kind in ("triplet", "four"):
                self.fields[f"{SET_NAMES[kind]}_{seat}"] = counter(
                    SET_LABELS[kind], rules.HAND_SIZE // rules.DUPLICATE_SIZES[kind]
                )
        for t, name in enumerate(self.teams):
            self.fields[f"discards_{t}"] = counter(name, MAX_DISCARDS)
            for rank in rules.COUNTED_RANKS:
                label = f"{RANK_LABELS[rank]} of {name}"
                self.fields[f"count_{t}_{rank}"] = chips(label, RANK_COPIES)
            self.fields[f"points_{t}"] = stepper(f"Card points of {name}", MOST_POINTS)
            # Typed one after the other: the first's Next key goes on to the second
            # (static/js/fields.js), a key where a tap on it would be.
            self.fields[f"points_{t}"].widget.attrs["enterkeyhint"] = "next" if t == 0 else "done"
            for suit in rules.FULL_SUIT_ORDER:
                label = f"Full {SUIT_NAMES[suit]} suits of {name}"
                # Chips, none chosen: a blank is no answer, and must not read as 0.
                self.fields[f"full_{t}_{suit}"] = chips(label, rules.PACKS)

    # --- the rest of the game ------------------------------------------------

    @cached_property
    def other_deals(self) -> list[dict]:
        records = [hand.record for hand in self.game.hands.all()]
        return [record for n, record in enumerate(records, start=1) if n != self.number]

    @cached_property
    def settings(self) -> rules.Settings:
        values = dict(rules.Settings().bid_values)
        values.update(self.game.rules.get("bid_values", {}))
        return rules.Settings(bid_values=values)

    def _usual_mode(self) -> str:
        """A table keeps to one way of entering cards: a new deal starts in the way of the
        last deal before it that is saved (the previous one; for a deal drawn ahead for a
        phone with no signal, the one before the deal on the page), read from its record.
        Only the way: no figure of it. The first deal: the way the group's last Cardigan
        game ended in (a table that counts only does so game after game), else card by card."""
        before = self.other_deals[: self.number - 1]
        last = before[-1] if before else last_game_deal(self.game)
        mode = next((m for m, key in MODE_KEYS.items() if key in last), None)
        if mode:
            self.way_kept = "as in the last deal" if before else "as in the last game"
        return mode or "cards"

    def _stored_full_suits(self) -> dict:
        stored = self.game.meta.get("sheet_top", {}).get("full_suits") or {}
        if not stored:
            return {}
        values = {
            f"full_{t}_{suit}": stored.get(team, {}).get(suit, 0)
            for t, team in enumerate(self.teams)
            for suit in rules.FULL_SUIT_ORDER
        }
        return values | {"full_none": not any(values.values())}

    @cached_property
    def most(self) -> dict[str, int]:
        """Copies of each card this deal can hold once the other deals' cards are counted."""
        piles = [deal["cards"] for deal in self.other_deals if "cards" in deal]
        return table.most_copies(table.used_elsewhere(piles))

    @cached_property
    def rest_is_known(self) -> bool:
        return table.rest_is_known(self.other_deals)

    @cached_property
    def ranks_left(self) -> dict[str, int] | None:
        """Counted cards of each rank this deal holds, known once the three others are in."""
        if len(self.other_deals) != rules.DEALS - 1:
            return None
        if any("card_points" in deal for deal in self.other_deals):
            return None  # a deal of points only: its ranks are not known
        left = dict.fromkeys(rules.COUNTED_RANKS, RANK_COPIES)
        for deal in self.other_deals:
            if "cards" in deal:
                counts = [table.rank_counts(Counter(held)) for held in deal["cards"].values()]
            else:
                counts = list(deal["card_counts"].values())
            for row in counts:
                for rank in rules.COUNTED_RANKS:
                    left[rank] -= row.get(rank, 0)
        return left

    @cached_property
    def points_left(self) -> int | None:
        """The card points this deal holds (as deal 1 counts them), known in the last deal:
        the four packs' less every other deal's, however each was entered."""
        if len(self.other_deals) != rules.DEALS - 1:
            return None
        return GAME_POINTS - sum(table.record_points(deal) for deal in self.other_deals)

    # --- taps: the grid's buttons, worked out on the server without JavaScript -------

    def posted(self, data):
        self.saving = "save" in data
        self._split_contract(data)
        team = 1 if data.get("team") == "1" else 0
        adding = str(data.get("taking", "")).lower() not in ("on", "true", "1")
        try:
            piles = table.Piles(
                table.parse(data.get("cards_0")), table.parse(data.get("cards_1")), self.most
            )
        except table.BadCard:
            return data
        tapped, suit = data.get("tap", ""), data.get("suit", "")
        if tapped in table.ORDER:
            if not adding or piles.total() < rules.DECK_SIZE:
                piles.tap(team, tapped, adding)
        elif suit in table.GRID_SUITS:
            for rank in RANKS:
                if not adding or piles.total() < rules.DECK_SIZE:
                    piles.tap(team, rank + suit, adding)
        elif "give_rest" in data and self.rest_is_known and rest_of(piles.held[team], self.most):
            piles.held[1 - team] = rest_of(piles.held[team], self.most)
        data["cards_0"], data["cards_1"] = (table.written(pile) for pile in piles.held)
        if data.get("mode") == "quick":
            self._count_from_cards(data, piles)
            if "blank_none" in data:
                for name in blank_counts(data.get, self.ranks_left is not None):
                    data[name] = "0"
            if self.ranks_left is not None:
                self._fill_other_counts(data)
        if data.get("mode") == "points" and self.points_left is not None:
            data[REST] = data.get("rest_points", "")
            fill_rest(data, ["points_0", "points_1"], self.points_left)
            data["rest_points"], data[REST] = data[REST], ""
        return data

    @staticmethod
    def _split_contract(data):
        """The bidding box's one tap ("4 hearts") is the record's level and bid. A deal
        posted with level and bid apart (kept on a phone from before the box) still reads."""
        level, _, bid = str(data.get("contract", "")).partition(" ")
        if level and bid:
            data["level"], data["bid"] = level, bid
        elif data.get("level") and data.get("bid"):
            data["contract"] = boxed(data["level"], data["bid"])
        else:
            data["level"] = data["bid"] = ""

    def _count_from_cards(self, data, piles):
        """Switching to quick mode keeps what the grid held: its counted ranks."""
        names = [f"count_{t}_{rank}" for t in (0, 1) for rank in rules.COUNTED_RANKS]
        if piles.total() == 0 or any(str(data.get(name, "")).strip() for name in names):
            return
        for t, pile in enumerate(piles.held):
            for rank, n in table.rank_counts(pile).items():
                data[f"count_{t}_{rank}"] = str(n)

    def _fill_other_counts(self, data):
        """In the last deal one team's count of a rank gives the other's: what the packs
        left for it, marked as the app's and worked out again whenever the first changes
        (games.engine.forms.fill_rest). Before it the deck's ranks are not known: nothing is."""
        for rank in rules.COUNTED_RANKS:
            names = [f"count_{t}_{rank}" for t in (0, 1)]
            data[REST] = data.get(f"rest_{rank}", "")
            fill_rest(data, names, self.rank_total(rank))
            data[f"rest_{rank}"] = data[REST]
        data[REST] = ""

    def rank_total(self, rank) -> int:
        return len(SUITS) if self.ranks_left is None else self.ranks_left[rank]

    # --- reading it -----------------------------------------------------------------

    def clean(self):
        data = super().clean()
        self.ask(data, {"declarer": "Who declared?"})
        if not (data.get("level") and data.get("bid")) and "contract" not in self.errors:
            self.add_error("contract", "Which bid, at which level? One tap: the level in its row.")
        if data.get("tricks") is None and "tricks" not in self.errors:
            team = self.trick_legend().replace("Tricks taken by ", "")
            self.add_error("tricks", f"How many tricks did {team} take?")
        if data.get("stuck") and data.get("declarer") and data["declarer"] != self.dealer:
            self.add_error("stuck", f"Only the dealer, {self.dealer}, can be stuck.")
        if data.get("mode") == "cards":
            self._clean_cards(data)
        else:
            self._ask_every_count(data)
        if self.asks_full_suits and not self._full_suits_answered(data):
            self.add_error("full_none", "Which full suits did each team make? None is a tap.")
        return data

    def _ask_every_count(self, data):
        """A count left blank is not taken for 0: the app cannot know it."""
        if data.get("mode") == "points":
            names = {
                f"points_{t}": f"What are {team}'s card points?"
                for t, team in enumerate(self.teams)
            }
        else:
            names = {
                f"count_{t}_{rank}": f"How many {RANK_LABELS[rank].lower()} did {team} take?"
                for rank in rules.COUNTED_RANKS
                for t, team in enumerate(self.teams)
            }
        for name, question in names.items():
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, question)
                return

    def _full_suits_answered(self, data) -> bool:
        """ "No full suits" or any full suit entered; never a silent 0."""
        given = [data.get(f"full_{t}_{s}") for t in (0, 1) for s in rules.FULL_SUIT_ORDER]
        if data.get("full_none") and any(given):
            self.add_error("full_none", "No full suits, yet some are entered: which is it?")
            return True
        return bool(data.get("full_none")) or any(n is not None for n in given)

    def _clean_cards(self, data):
        piles = []
        for t in (0, 1):
            try:
                piles.append(table.parse(data.get(f"cards_{t}")))
            except table.BadCard as bad:
                self.add_error(f"cards_{t}", f"{bad} is not a card.")
                return
        over = table.Piles(*piles, self.most).over_the_packs()
        if over:
            shown = ", ".join(
                f"{face(card)} {piles[0][card] + piles[1][card]} times (at most {self.most[card]})"
                for card in over
            )
            self.add_error("cards_0", f"More copies than the packs have left: {shown}.")
        data["piles"] = piles

    def to_record(self) -> dict:
        data = self.cleaned_data
        record = {}
        duplicates = {
            name: self._sets(seat) for seat, name in enumerate(self.people) if self._sets(seat)
        }
        if duplicates:
            record["duplicates"] = duplicates
        record |= {"declarer": data["declarer"], "level": data["level"], "bid": data["bid"]}
        for flag in ("dummy", "open", "stuck"):
            if data[flag]:
                record[flag] = True
        record["tricks"] = data["tricks"]
        if data["mode"] == "cards":
            piles = data["piles"]
            record["cards"] = {
                name: table.cards_in_order(piles[t]) for t, name in enumerate(self.teams)
            }
        elif data["mode"] == "points":
            record["card_points"] = {name: data[f"points_{t}"] for t, name in enumerate(self.teams)}
        else:
            record["card_counts"] = {
                name: {rank: data[f"count_{t}_{rank}"] for rank in rules.COUNTED_RANKS}
                for t, name in enumerate(self.teams)
            }
        discards = {name: data[f"discards_{t}"] or 0 for t, name in enumerate(self.teams)}
        if any(discards.values()):
            record["discards"] = discards
        return record

    def sheet_top(self) -> dict:
        """The sheet's top-level keys this deal brings: the full suits, once they are due."""
        if not self.asks_full_suits:
            return {"full_suits": None}
        data = self.cleaned_data
        return {
            "full_suits": {
                name: {suit: data[f"full_{t}_{suit}"] or 0 for suit in rules.FULL_SUIT_ORDER}
                for t, name in enumerate(self.teams)
            }
        }

    def in_words(self, message):
        return with_faces(message)

    def place_error(self, root, rest, message):
        team, _, key = rest.partition(".")
        t = self.teams.index(team) if team in self.teams else None
        message = in_a_sentence(message)
        if t is not None and root in ("cards", "card_counts", "full_suits"):
            message = f"{team}: {message}"
        field = None
        if root in FIELDS:
            field = root
        elif root in ("level", "bid"):
            field = "contract"
        elif root == "duplicates" and rest in self.people:
            field = f"pairs_{self.people.index(rest)}"
        elif root == "discards" and t is not None:
            field = f"discards_{t}"
        elif root == "cards":
            if t is None and not self.saving and message.endswith(" a deal has 52."):
                return None  # the running count above the grid already says so
            field = f"cards_{t or 0}"
        elif root == "card_points":
            field = f"points_{t or 0}"
        elif root == "card_counts":
            field = f"count_{t or 0}_{key if key in rules.COUNTED_RANKS else 'A'}"
        elif root == "full_suits" and self.asks_full_suits:
            field = f"full_{t or 0}_{key if key in rules.FULL_SUIT_ORDER else 'D'}"
        return field, message
