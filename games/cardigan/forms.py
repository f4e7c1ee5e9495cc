"""Cardigan at the table: the deal form (duplicates, contract, tricks, cards), how deals read.

The cards of a deal are entered on a grid, one tap a copy for the chosen team, or in
quick mode as the counted ranks. Each team's pile travels in the form as one hidden
line of cards; the grid's buttons also work without JavaScript (each posts the form).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cached_property

from django import forms

from games.cardigan import table
from games.cardigan.records import MAX_DISCARDS, RANK_COPIES
from games.cardigan.rules import (
    BIDS,
    BOOK,
    CONTRACT_BONUS,
    COUNTED_RANKS,
    DEALS,
    DUPLICATE_SIZES,
    FULL_SUIT_BONUS,
    FULL_SUIT_ORDER,
    HAND_SIZE,
    LEVEL_BONUS,
    MAX_LEVEL,
    PACKS,
    PLAY_MULTIPLIERS,
    STUCK_CONTRACT_BONUS,
    TRICKS,
    Contract,
    Settings,
    contract_value,
    dealer_of,
    duplicates_value,
    is_made,
    team_names,
    trick_points,
)
from games.cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, card_name, face, is_red
from games.sheet import SheetError

BOARD_TEMPLATE = "cardigan/board.html"
MORE_TEMPLATE = "cardigan/more.html"
STYLESHEET = "cardigan/cardigan.css"

# What each bid looks like on a button and in a sentence.
BID_SHORT = {
    "diamonds": "\u2666",
    "clubs": "\u2663",
    "hearts": "\u2665",
    "spades": "\u2660",
    "diamonds_alone": "\u2666 alone",
    "clubs_alone": "\u2663 alone",
    "hearts_alone": "\u2665 alone",
    "spades_alone": "\u2660 alone",
    "red": "Red",
    "black": "Black",
    "no_trump": "No trump",
}
RED_BIDS = frozenset({"diamonds", "hearts", "diamonds_alone", "hearts_alone"})
SET_NAMES = {"pair": "pairs", "triplet": "triplets", "four": "fours"}
SET_LABELS = {"pair": "Pairs", "triplet": "Triplets", "four": "Fours of a kind"}
RANK_LABELS = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks", "10": "Tens", "5": "Fives"}
MODES = [("cards", "Card by card"), ("quick", "Quick: counted cards only")]
CARD = re.compile(r"\b(10|[2-9AKQJ])([SHDC])\b")
SUIT_CHARS = frozenset(SUIT_SYMBOLS.values())
SUIT_BY_WORD = {word: suit for suit, word in SUIT_NAMES.items()}


def bid_words(bid: str) -> str:
    return bid.replace("_", " ")


def contract_text(level: int, bid: str) -> str:
    """How a contract reads: 4 ♥ alone, 2 no trump."""
    short = BID_SHORT[bid]
    return f"{level} {short if short[0] in SUIT_CHARS else short.lower()}"


def with_faces(message: str) -> str:
    """Cards in an engine message as the grid shows them: AS becomes A♠."""
    return CARD.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], message)


def sentence(message: str) -> str:
    """An engine message as the form shows it: cards as A♠, a capital, a full stop."""
    message = with_faces(message)
    return f"{message[0].upper()}{message[1:]}."


def whole(value, fallback=0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return fallback


def stepper(label, most, **attrs):
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=most,
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "min": 0, "max": most, "placeholder": "0", **attrs}
        ),
    )


class HandForm(forms.Form):
    """One deal. Field names use seat and team numbers (`pairs_2`, `cards_1`), never names.

    Team 0 is the first and third players, team 1 the second and fourth.
    """

    template_name = "cardigan/hand_form.html"
    preview_template = "cardigan/hand_preview.html"

    dup_who = forms.MultipleChoiceField(
        label="Who showed duplicates", required=False, widget=forms.CheckboxSelectMultiple
    )
    declarer = forms.ChoiceField(label="Declarer", required=False, widget=forms.RadioSelect)
    level = forms.TypedChoiceField(
        label="Level",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(n, str(n)) for n in range(1, MAX_LEVEL + 1)],
        widget=forms.RadioSelect,
    )
    bid = forms.ChoiceField(
        label="Bid", required=False, choices=[(b, b) for b in BIDS], widget=forms.RadioSelect
    )
    dummy = forms.BooleanField(label="Dummy", required=False)
    open = forms.BooleanField(label="Open", required=False)
    stuck = forms.BooleanField(label="Stuck", required=False)
    tricks = forms.TypedChoiceField(
        label="Tricks",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(n, str(n)) for n in range(TRICKS + 1)],
        widget=forms.RadioSelect,
    )
    mode = forms.ChoiceField(label="Cards", choices=MODES, widget=forms.RadioSelect)
    team = forms.ChoiceField(label="Cards go to", required=False, widget=forms.RadioSelect)
    taking = forms.BooleanField(label="Tap takes away", required=False)
    cards_0 = forms.CharField(required=False, widget=forms.HiddenInput)
    cards_1 = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, data=None, *, game, number, record=None, **kwargs):
        self.game = game
        self.number = number
        self.people = list(game.players)
        self.teams = team_names(self.people)
        self.dealer = dealer_of(number, self.people) if number <= DEALS else None
        self.saving = data is not None and "save" in data
        if data is not None:
            data = self._act(data)
        elif record is not None:
            kwargs["initial"] = initial_from(record, self.people) | self._stored_full_suits()
        else:
            kwargs["initial"] = {"mode": self._usual_mode(), "team": "0"}
        super().__init__(data, **kwargs)
        seats = [(str(seat), name) for seat, name in enumerate(self.people)]
        self.fields["dup_who"].choices = seats
        self.fields["declarer"].choices = [(name, name) for name in self.people]
        self.fields["team"].choices = [(str(t), name) for t, name in enumerate(self.teams)]
        for seat in range(len(self.people)):
            for kind, size in DUPLICATE_SIZES.items():
                self.fields[f"{SET_NAMES[kind]}_{seat}"] = stepper(
                    SET_LABELS[kind], HAND_SIZE // size
                )
        for t, name in enumerate(self.teams):
            self.fields[f"discards_{t}"] = stepper(name, MAX_DISCARDS)
            for rank in COUNTED_RANKS:
                self.fields[f"count_{t}_{rank}"] = stepper(
                    f"{RANK_LABELS[rank]} of {name}", RANK_COPIES
                )
            for suit in FULL_SUIT_ORDER:
                self.fields[f"full_{t}_{suit}"] = stepper(
                    f"Full {SUIT_NAMES[suit]} suits of {name}", PACKS
                )

    # --- the rest of the game ------------------------------------------------

    @cached_property
    def other_deals(self) -> list[dict]:
        records = [hand.record for hand in self.game.hands.all()]
        return [record for n, record in enumerate(records, start=1) if n != self.number]

    @cached_property
    def settings(self) -> Settings:
        values = dict(Settings().bid_values)
        values.update(self.game.rules.get("bid_values", {}))
        return Settings(bid_values=values)

    def _usual_mode(self) -> str:
        """A table keeps to one way of entering cards: the previous deal's."""
        previous = self.number - 2
        before = self.other_deals[previous] if 0 <= previous < len(self.other_deals) else {}
        return "quick" if "card_counts" in before else "cards"

    def _stored_full_suits(self) -> dict:
        stored = self.game.meta.get("sheet_top", {}).get("full_suits") or {}
        return {
            f"full_{t}_{suit}": stored.get(team, {}).get(suit, 0)
            for t, team in enumerate(self.teams)
            for suit in FULL_SUIT_ORDER
        }

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
        if len(self.other_deals) != DEALS - 1:
            return None
        left = dict.fromkeys(COUNTED_RANKS, RANK_COPIES)
        for deal in self.other_deals:
            if "cards" in deal:
                counts = [table.rank_counts(Counter(held)) for held in deal["cards"].values()]
            else:
                counts = list(deal["card_counts"].values())
            for row in counts:
                for rank in COUNTED_RANKS:
                    left[rank] -= row.get(rank, 0)
        return left

    # --- taps: the grid's buttons, worked out on the server without JavaScript -------

    def _act(self, data):
        data = data.copy()
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
            piles.tap(team, tapped, adding)
        elif suit in table.GRID_SUITS:
            piles.whole_suit(team, suit, adding)
        elif "rest" in data and self.rest_is_known:
            piles.give_rest(team)
        data["cards_0"], data["cards_1"] = (table.written(pile) for pile in piles.held)
        if data.get("mode") == "quick":
            self._count_from_cards(data, piles)
            self._fill_last_counts(data)
        return data

    def _count_from_cards(self, data, piles):
        """Switching to quick mode keeps what the grid held: its counted ranks."""
        names = [f"count_{t}_{rank}" for t in (0, 1) for rank in COUNTED_RANKS]
        if piles.total() == 0 or any(str(data.get(name, "")).strip() for name in names):
            return
        for t, pile in enumerate(piles.held):
            for rank, n in table.rank_counts(pile).items():
                data[f"count_{t}_{rank}"] = str(n)

    def _fill_last_counts(self, data):
        """In the last deal a rank's copies are known: one team's count gives the other's."""
        if self.ranks_left is None:
            return
        for rank, left in self.ranks_left.items():
            given = [str(data.get(f"count_{t}_{rank}", "")).strip() for t in (0, 1)]
            if given.count("") != 1:
                continue
            blank = given.index("")
            known = whole(given[1 - blank], -1)
            if 0 <= known <= left:
                data[f"count_{blank}_{rank}"] = str(left - known)

    # --- what is shown ----------------------------------------------------------

    def value(self, name):
        return self[name].value() if self.is_bound else self.initial.get(name)

    @property
    def chosen_mode(self) -> str:
        return self.value("mode") if self.value("mode") in ("cards", "quick") else "cards"

    @property
    def chosen_team(self) -> int:
        return 1 if str(self.value("team")) == "1" else 0

    @property
    def multiplier(self) -> int:
        return min(self.number, DEALS)

    @property
    def declarer_name(self) -> str | None:
        name = self.value("declarer")
        return name if name in self.people else None

    @property
    def declaring_team(self) -> int | None:
        name = self.declarer_name
        return None if name is None else self.people.index(name) % 2

    @property
    def shows_stuck(self) -> bool:
        return self.declarer_name == self.dealer or bool(self.value("stuck"))

    @property
    def contract_chosen(self) -> bool:
        return bool(self.declarer_name and self._level() and self.value("bid") in BIDS)

    def _level(self) -> int | None:
        level = whole(self.value("level"), None)
        return level if level is not None and 1 <= level <= MAX_LEVEL else None

    def _tricks(self) -> int | None:
        tricks = whole(self.value("tricks"), None)
        return tricks if tricks is not None and 0 <= tricks <= TRICKS else None

    def _flag(self, name) -> bool:
        value = self.value(name)
        if isinstance(value, str):
            return value.lower() in ("on", "true", "1")
        return bool(value)

    def bid_options(self):
        """Each bid's pill: its suit symbol (named for screen readers), words, base value."""
        options = []
        for choice in self["bid"]:
            bid = choice.data["value"]
            suit, _, alone = bid.partition("_")
            symbol = SUIT_BY_WORD.get(suit)
            options.append(
                {
                    "tag": choice.tag(),
                    "symbol": symbol and SUIT_SYMBOLS[symbol],
                    "suit_name": suit,
                    "text": alone if symbol else bid_words(bid).capitalize(),
                    "value": self.settings.bid_values[bid],
                    "red": bid in RED_BIDS,
                }
            )
        return options

    def duplicate_rows(self):
        """Each player who showed sets: their three steppers and what the sets are worth."""
        chosen = {str(s) for s in (self.value("dup_who") or [])}
        rows = []
        for seat, name in enumerate(self.people):
            if str(seat) not in chosen:
                continue
            fields = [self[f"{SET_NAMES[kind]}_{seat}"] for kind in DUPLICATE_SIZES]
            sets = self._sets(seat)
            rows.append(
                {
                    "seat": seat,
                    "name": name,
                    "fields": fields,
                    "worth": duplicates_value(sets),
                    "count": len(sets),
                    "errors": [e for f in fields for e in f.errors],
                }
            )
        return rows

    def _sets(self, seat) -> list[str]:
        sets = []
        for kind, size in DUPLICATE_SIZES.items():
            # Held to what a hand can hold even before the form is checked: the preview
            # runs on what was typed, and 10**9 pairs must not become a list of them.
            n = whole(self.value(f"{SET_NAMES[kind]}_{seat}"))
            sets += [kind] * min(max(n, 0), HAND_SIZE // size)
        return sets

    def contract_facts(self) -> dict | None:
        """V and what it makes of the bonus and each trick, as soon as a contract is chosen."""
        if not self.contract_chosen:
            return None
        level, bid = self._level(), self.value("bid")
        dummy, open_ = self._flag("dummy"), self._flag("open")
        stuck = self._flag("stuck") and self.declarer_name == self.dealer
        contract = Contract(self.declarer_name, level, bid, dummy, open_, stuck)
        value = contract_value(contract, self.settings)
        half = value // 2
        facts = {
            "value": value,
            "base": self.settings.bid_values[bid],
            "level_bonus": LEVEL_BONUS.get(level, 0),
            "multiplier": PLAY_MULTIPLIERS[dummy, open_],
            "bonus": (STUCK_CONTRACT_BONUS if stuck else CONTRACT_BONUS) * value,
            "bonus_times": STUCK_CONTRACT_BONUS if stuck else CONTRACT_BONUS,
            "stuck": stuck,
            "needed": BOOK + level,
            "book": value,
            "contract_made": 2 * value,
            "contract_down": value,
            "overtrick": half,
            "defence_made": half,
            "defence_book": value,
            "defence_no_book": 2 * value,
            "declaring": self.teams[self.declaring_team],
            "defending": self.teams[1 - self.declaring_team],
            "text": contract_text(level, bid),
        }
        tricks = self._tricks()
        if tricks is not None:
            declaring, defending = trick_points(tricks, level, value)
            facts |= {
                "tricks": tricks,
                "made": is_made(tricks, level),
                "short": BOOK + level - tricks,
                "over": tricks - BOOK - level,
                "book_made": tricks >= BOOK,
                "declaring_points": declaring,
                "defending_points": defending,
            }
        return facts

    def discard_fields(self):
        return [self[f"discards_{t}"] for t in (0, 1)]

    def trick_legend(self) -> str:
        if self.declaring_team is None:
            return "Tricks taken by the declaring team"
        return f"Tricks taken by {self.teams[self.declaring_team]}"

    # --- the cards ------------------------------------------------------------------

    @cached_property
    def piles(self) -> table.Piles | None:
        try:
            return table.Piles(
                table.parse(self.value("cards_0")), table.parse(self.value("cards_1")), self.most
            )
        except table.BadCard:
            return None

    def grid(self):
        """13 rows (ace to two) of 4 cells (♠ ♥ ♦ ♣)."""
        piles = self.piles or table.Piles(Counter(), Counter(), self.most)
        rows = []
        for rank in RANKS:
            cells = []
            for suit in table.GRID_SUITS:
                card = rank + suit
                held = (piles.held[0][card], piles.held[1][card])
                most = self.most[card]
                cells.append(
                    {
                        "card": card,
                        "rank": rank,
                        "suit": SUIT_SYMBOLS[suit],
                        "red": is_red(suit),
                        "held": held,
                        "most": most,
                        "all_in": sum(held) >= most,
                        "name": card_name(card).capitalize(),
                        "label": self.cell_label(card, held),
                    }
                )
            rows.append(cells)
        return rows

    def cell_label(self, card, held) -> str:
        name = card_name(card).capitalize()
        return f"{name}: {held[0]} with {self.teams[0]}, {held[1]} with {self.teams[1]}"

    def suit_heads(self):
        return [
            {
                "suit": suit,
                "symbol": SUIT_SYMBOLS[suit],
                "name": SUIT_NAMES[suit],
                "red": is_red(suit),
            }
            for suit in table.GRID_SUITS
        ]

    def card_totals(self) -> list[int]:
        piles = self.piles
        return [sum(p.values()) for p in piles.held] if piles else [0, 0]

    def cards_total(self) -> int:
        return sum(self.card_totals())

    def counted(self) -> list[dict[str, int]]:
        """Counted ranks by team, from the grid or from quick mode's steppers."""
        if self.chosen_mode == "quick":
            return [
                {rank: max(whole(self.value(f"count_{t}_{rank}")), 0) for rank in COUNTED_RANKS}
                for t in (0, 1)
            ]
        piles = self.piles
        if piles is None:
            return [dict.fromkeys(COUNTED_RANKS, 0)] * 2
        return [table.rank_counts(pile) for pile in piles.held]

    def card_points(self) -> list[dict]:
        return [
            {
                "team": name,
                "seat": t,
                "plain": table.plain_points(counts),
                "points": self.multiplier * table.plain_points(counts),
            }
            for t, (name, counts) in enumerate(zip(self.teams, self.counted(), strict=True))
        ]

    def quick_rows(self):
        left = self.ranks_left
        return [
            {
                "rank": rank,
                "label": RANK_LABELS[rank],
                "fields": [self[f"count_{t}_{rank}"] for t in (0, 1)],
                "left": None if left is None else left[rank],
            }
            for rank in COUNTED_RANKS
        ]

    def quick_errors(self):
        names = [f"count_{t}_{rank}" for t in (0, 1) for rank in COUNTED_RANKS]
        return [error for name in names for error in self[name].errors]

    def card_errors(self):
        return [*self["cards_0"].errors, *self["cards_1"].errors]

    def holding_hint(self) -> list[str]:
        """How many cards each team can hold: its tricks, one to four cards each, plus discards."""
        if self.declaring_team is None or self._tricks() is None:
            return []
        tricks = self._tricks()
        taken = [0, 0]
        taken[self.declaring_team] = tricks
        taken[1 - self.declaring_team] = TRICKS - tricks
        lines = []
        for t, name in enumerate(self.teams):
            received = max(whole(self.value(f"discards_{t}")), 0)
            low, high = taken[t] + received, 4 * taken[t] + received
            lines.append(f"{name}: {low} to {high} cards")
        return lines

    # --- full suits ---------------------------------------------------------------

    @property
    def asks_full_suits(self) -> bool:
        """The sheet needs the full suits once deal 4 is in and some deal was only counted."""
        if len(self.other_deals) + 1 != DEALS:
            return False
        return self.chosen_mode == "quick" or any("card_counts" in d for d in self.other_deals)

    def full_suit_rows(self):
        rows = []
        for suit in FULL_SUIT_ORDER:
            fields = [self[f"full_{t}_{suit}"] for t in (0, 1)]
            counts = [min(max(whole(f.value()), 0), PACKS) for f in fields]
            rows.append(
                {
                    "suit": suit,
                    "symbol": SUIT_SYMBOLS[suit],
                    "name": SUIT_NAMES[suit],
                    "red": is_red(suit),
                    "fields": fields,
                    "bonus": [FULL_SUIT_BONUS[suit][n] for n in counts],
                }
            )
        return rows

    def full_suit_errors(self):
        names = [f"full_{t}_{suit}" for t in (0, 1) for suit in FULL_SUIT_ORDER]
        return [error for name in names for error in self[name].errors]

    # --- reading it -----------------------------------------------------------------

    def clean(self):
        data = super().clean()
        if not data.get("declarer"):
            self.add_error("declarer", "Who declared?")
        if not data.get("level"):
            self.add_error("level", "Which level?")
        if not data.get("bid"):
            self.add_error("bid", "Which bid?")
        if data.get("tricks") is None and "tricks" not in self.errors:
            team = self.trick_legend().replace("Tricks taken by ", "")
            self.add_error("tricks", f"How many tricks did {team} take?")
        if data.get("stuck") and data.get("declarer") and data["declarer"] != self.dealer:
            self.add_error("stuck", f"Only the dealer, {self.dealer}, can be stuck.")
        if data.get("mode") == "cards":
            self._clean_cards(data)
        return data

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
            name: self._sets(seat)
            for seat, name in enumerate(self.people)
            if str(seat) in data["dup_who"] and self._sets(seat)
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
        else:
            record["card_counts"] = {
                name: {rank: data[f"count_{t}_{rank}"] or 0 for rank in COUNTED_RANKS}
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
                name: {suit: data[f"full_{t}_{suit}"] or 0 for suit in FULL_SUIT_ORDER}
                for t, name in enumerate(self.teams)
            }
        }

    def show_error(self, error: SheetError, number: int) -> None:
        """Put the engine's refusal next to the field it is about."""
        if error.hand not in (None, number):
            message = with_faces(error.message)
            self.add_error(None, f"This would make deal {error.hand} wrong: {message}.")
            return
        root, _, rest = error.field.partition(".")
        team, _, key = rest.partition(".")
        t = self.teams.index(team) if team in self.teams else None
        message = sentence(error.message)
        if t is not None and root in ("cards", "card_counts", "full_suits"):
            message = f"{team}: {message}"
        field = None
        if root in ("declarer", "level", "bid", "dummy", "open", "stuck", "tricks"):
            field = root
        elif root == "duplicates" and rest in self.people:
            field = f"pairs_{self.people.index(rest)}"
        elif root == "discards" and t is not None:
            field = f"discards_{t}"
        elif root == "cards":
            if t is None and not self.saving and error.message.endswith(" a deal has 52"):
                return  # the running count above the grid already says so
            field = f"cards_{t or 0}"
        elif root == "card_counts":
            field = f"count_{t or 0}_{key if key in COUNTED_RANKS else 'A'}"
        elif root == "full_suits" and self.asks_full_suits:
            field = f"full_{t or 0}_{key if key in FULL_SUIT_ORDER else 'D'}"
        self.add_error(field, message)

    # --- the live preview -----------------------------------------------------------

    def preview_context(self, score, record: dict) -> dict:
        hand = score.hands[self.number - 1]
        details = hand.details
        parts = details["breakdown"]
        context = {
            "outcome": outcome_sentence(record, details),
            "parts": breakdown_rows(parts, self.teams),
            "teams": self.teams,
        }
        if score.finished:
            context["final"] = final_context(score, self.teams)
        return context


def initial_from(record: dict, people: list[str]) -> dict:
    teams = team_names(people)
    initial = {
        "declarer": record["declarer"],
        "level": record["level"],
        "bid": record["bid"],
        "dummy": record.get("dummy", False),
        "open": record.get("open", False),
        "stuck": record.get("stuck", False),
        "tricks": record["tricks"],
        "team": "0",
    }
    duplicates = record.get("duplicates", {})
    initial["dup_who"] = [str(people.index(name)) for name in duplicates if duplicates[name]]
    for name, sets in duplicates.items():
        seat = people.index(name)
        for kind in DUPLICATE_SIZES:
            initial[f"{SET_NAMES[kind]}_{seat}"] = sets.count(kind)
    discards = record.get("discards", {})
    for t, name in enumerate(teams):
        initial[f"discards_{t}"] = discards.get(name, 0)
    if "cards" in record:
        initial["mode"] = "cards"
        for t, name in enumerate(teams):
            initial[f"cards_{t}"] = table.written(Counter(record["cards"][name]))
    else:
        initial["mode"] = "quick"
        for t, name in enumerate(teams):
            for rank in COUNTED_RANKS:
                initial[f"count_{t}_{rank}"] = record["card_counts"][name][rank]
    return initial


# --- how deals read on screen ---------------------------------------------------------


def describe_record(record: dict) -> str:
    """A deal as the table would say it: "Ben: 4 ♥ alone, dummy; 9 tricks"."""
    extras = [word for word in ("dummy", "open", "stuck") if record.get(word)]
    text = f"{record['declarer']}: {contract_text(record['level'], record['bid'])}"
    if extras:
        text += ", " + ", ".join(extras)
    text += f"; {record['tricks']} tricks"
    if "card_counts" in record:
        text += " (cards counted)"
    return text


def describe(record: dict, hand_score) -> str:
    text = describe_record(record)
    if hand_score is None:
        return text
    needed = BOOK + record["level"]
    if hand_score.details.get("made"):
        return f"{text} \u2014 made"
    return f"{text} \u2014 down {needed - record['tricks']}"


def outcome_sentence(record: dict, details: dict) -> str:
    level, tricks = record["level"], record["tricks"]
    contract = contract_text(level, record["bid"])
    who = f"{details['declarer']} ({details['declaring_team']})"
    if details["made"]:
        over = tricks - BOOK - level
        extra = f", {over} over" if over else ""
        return f"{who} made {contract} with {tricks} tricks{extra}."
    book = "the book was made" if details["book_made"] else "the book was lost too"
    return f"{who} went down {BOOK + level - tricks} in {contract}: {tricks} tricks, {book}."


PART_LABELS = {
    "duplicates": "Duplicates",
    "contract": "Contract bonus",
    "tricks": "Tricks",
    "cards": "Cards",
    "discards": "Discards received",
}


def breakdown_rows(parts: dict, teams) -> list[dict]:
    rows = [
        {"label": label, "points": [parts[team][key] for team in teams]}
        for key, label in PART_LABELS.items()
    ]
    rows.append(
        {
            "label": "This deal",
            "points": [sum(parts[team].values()) for team in teams],
            "total": True,
        }
    )
    return rows


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
    }


# The scoreboard's templates read these through `engine.forms`.
FULL_SUITS = [
    {
        "suit": suit,
        "symbol": SUIT_SYMBOLS[suit],
        "name": SUIT_NAMES[suit],
        "red": is_red(suit),
        "bonus": FULL_SUIT_BONUS[suit],
    }
    for suit in FULL_SUIT_ORDER
]
