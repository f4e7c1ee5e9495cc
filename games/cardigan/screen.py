"""What the Cardigan entry screen shows: the contract and what it is worth, the duplicates,
the card grid or quick counts, the full suits, and the live preview with the game's end."""

from __future__ import annotations

from games.cardigan import rules, table
from games.cardigan.counts import CountsScreen, whole
from games.cardigan.grid import GridScreen
from games.cardigan.suits import SuitsScreen, final_context
from games.cardigan.words import bid_words, contract_text, outcome_sentence
from games.engine.cards import SUIT_NAMES, SUIT_SYMBOLS

RED_BIDS = frozenset({"diamonds", "hearts", "diamonds_alone", "hearts_alone"})
SET_NAMES = {"pair": "pairs", "triplet": "triplets", "four": "fours"}
SUIT_BY_WORD = {word: suit for suit, word in SUIT_NAMES.items()}
PART_LABELS = {
    "duplicates": "Duplicates",
    "contract": "Contract bonus",
    "tricks": "Tricks",
    "cards": "Cards",
    "discards": "Discards received",
}


def boxed(level, bid) -> str:
    """The bidding box's value for a contract, its level and bid in one: "4 hearts_alone"."""
    return f"{level} {bid}"


class HandScreen(GridScreen, CountsScreen, SuitsScreen):
    """The deal form's side the screen reads: what was entered so far, valid or not."""

    template_name = "cardigan/hand_form.html"
    preview_template = "cardigan/hand_preview.html"
    # Which duplicates rows and which way of entering the cards are shown.
    SHAPE = ("mode", "dup_who")
    # A player's pairs: 0 to 3 (four in five players who show sets show one or two).
    PAIR_CHIPS = 4

    @property
    def LIVE(self):  # noqa: N802 (BaseHandForm.LIVE)
        """What a tap changes besides the preview: the contract's worth and verdict, the
        pairs' chips and the sets' worth, and the rest button, or the quick counts and their
        points. The grid and the steppers being typed in are never sent (the second team's
        quick counts, the app's own figures, excepted)."""
        parts = ["play", "facts", "trick_team", "pairs"]
        if self.chosen_mode == "cards":
            parts.append("rest")
        elif self.chosen_mode == "quick":
            parts += ["quick", "points"]
        else:
            parts += ["typed", "points"] if self.points_left is not None else ["points"]
        if self.asks_full_suits:
            parts.append("suits")
        return tuple(parts)

    @property
    def chosen_mode(self) -> str:
        mode = self.value("mode")
        return mode if mode in ("cards", "quick", "points") else "cards"

    @property
    def chosen_team(self) -> int:
        return 1 if str(self.value("team")) == "1" else 0

    @property
    def multiplier(self) -> int:
        return min(self.number, rules.DEALS)

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
        return bool(self.declarer_name and self._level() and self.value("bid") in rules.BIDS)

    def _level(self) -> int | None:
        level = whole(self.value("level"), None)
        return level if level is not None and 1 <= level <= rules.MAX_LEVEL else None

    def _tricks(self) -> int | None:
        tricks = whole(self.value("tricks"), None)
        return tricks if tricks is not None and 0 <= tricks <= rules.TRICKS else None

    def _flag(self, name) -> bool:
        value = self.value(name)
        if isinstance(value, str):
            return value.lower() in ("on", "true", "1")
        return bool(value)

    def contract_rows(self):
        """The bid and its level in one tap, as a bidding box: a row a bid (its suit symbol,
        named for screen readers, or its words, and its base value), a chip a level."""
        chosen = str(self.value("contract") or "")
        rows = []
        for bid in rules.BIDS:
            suit, _, alone = bid.partition("_")
            symbol = SUIT_BY_WORD.get(suit)
            chips = []
            for level in range(1, rules.MAX_LEVEL + 1):
                value = boxed(level, bid)
                chips.append({"value": value, "level": level, "checked": value == chosen})
            rows.append(
                {
                    "symbol": symbol and SUIT_SYMBOLS[symbol],
                    "name": bid_words(bid).capitalize(),
                    "text": alone if symbol else bid_words(bid).capitalize(),
                    "value": self.settings.bid_values[bid],
                    "red": bid in RED_BIDS,
                    "chips": chips,
                }
            )
        return rows

    def duplicate_rows(self):
        """Every player's sets: what they are worth beside their pairs."""
        return self.seat_rows()

    def seat_rows(self):
        """Every player's sets: their pairs as chips, always in view (one tap a player who
        showed any), and their triplets and fours as steppers in a box that their name
        under "Triplets or fours" alone shows (cardigan.css), with no signal too."""
        chosen = {str(s) for s in (self.value("dup_who") or [])}
        rows = []
        for seat, name in enumerate(self.people):
            pairs = self[f"pairs_{seat}"]
            fields = [self[f"{SET_NAMES[kind]}_{seat}"] for kind in ("triplet", "four")]
            sets = self._sets(seat)
            rows.append(
                {
                    "seat": seat,
                    "name": name,
                    "pairs": pairs,
                    "chips": self._pair_chips(pairs),
                    "fields": fields,
                    "chosen": str(seat) in chosen,
                    "worth": rules.duplicates_value(sets),
                    "count": len(sets),
                    "errors": [e for f in [pairs, *fields] for e in f.errors],
                }
            )
        return rows

    def _pair_chips(self, field) -> list[dict]:
        """0 to 3 pairs, then the count itself if higher, and one more (to six)."""
        value = whole(field.value(), None)
        most = rules.HAND_SIZE // rules.DUPLICATE_SIZES["pair"]
        top = max(self.PAIR_CHIPS - 1, min(value or 0, most))
        chips = [{"n": n, "text": str(n), "checked": n == value} for n in range(self.PAIR_CHIPS)]
        if top >= self.PAIR_CHIPS:
            chips.append({"n": top, "text": str(top), "checked": top == value})
        if top < most:
            chips.append({"n": top + 1, "text": "+", "checked": False, "more": True})
        return chips

    def _sets(self, seat) -> list[str]:
        """A player's sets: their pairs, and their triplets and fours when their box is
        open (closing it takes them back)."""
        chosen = str(seat) in {str(s) for s in (self.value("dup_who") or [])}
        sets = []
        for kind, size in rules.DUPLICATE_SIZES.items():
            if kind != "pair" and not chosen:
                continue
            # Held to what a hand can hold even before the form is checked: the preview
            # runs on what was typed, and 10**9 pairs must not become a list of them.
            n = whole(self.value(f"{SET_NAMES[kind]}_{seat}"))
            sets += [kind] * min(max(n, 0), rules.HAND_SIZE // size)
        return sets

    def contract_facts(self) -> dict | None:
        """V and what it makes of the bonus and each trick, as soon as a contract is chosen."""
        if not self.contract_chosen:
            return None
        level, bid = self._level(), self.value("bid")
        dummy, open_ = self._flag("dummy"), self._flag("open")
        stuck = self._flag("stuck") and self.declarer_name == self.dealer
        contract = rules.Contract(self.declarer_name, level, bid, dummy, open_, stuck)
        value = rules.contract_value(contract, self.settings)
        half = value // 2
        facts = {
            "value": value,
            "base": self.settings.bid_values[bid],
            "level_bonus": rules.LEVEL_BONUS.get(level, 0),
            "multiplier": rules.PLAY_MULTIPLIERS[dummy, open_],
            "bonus": (rules.STUCK_CONTRACT_BONUS if stuck else rules.CONTRACT_BONUS) * value,
            "bonus_times": rules.STUCK_CONTRACT_BONUS if stuck else rules.CONTRACT_BONUS,
            "stuck": stuck,
            "needed": rules.BOOK + level,
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
            declaring, defending = rules.trick_points(tricks, level, value)
            facts |= {
                "tricks": tricks,
                "made": rules.is_made(tricks, level),
                "short": rules.BOOK + level - tricks,
                "over": tricks - rules.BOOK - level,
                "book_made": tricks >= rules.BOOK,
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

    def plain_points(self) -> list[int]:
        """Each team's card points as deal 1 counts them: typed, or from the cards."""
        if self.chosen_mode == "points":
            return [max(whole(self.value(f"points_{t}")), 0) for t in (0, 1)]
        return [table.plain_points(counts) for counts in self.counted()]

    def points_lines(self):
        """Points only: each team's typed points; in the last deal the app fills the other's."""
        app = str(self.data.get("rest_points", "")).partition("=")[0] if self.is_bound else ""
        return [
            {"seat": t, "team": team, "field": self[f"points_{t}"], "filled": app == f"points_{t}"}
            for t, team in enumerate(self.teams)
        ]

    def points_rest(self) -> str:
        return str(self.data.get("rest_points", "")) if self.is_bound else ""

    def points_errors(self):
        return self.errors_of("points_0", "points_1")

    def card_points(self) -> list[dict]:
        return [
            {"team": name, "seat": t, "plain": plain, "points": self.multiplier * plain}
            for t, (name, plain) in enumerate(zip(self.teams, self.plain_points(), strict=True))
        ]

    def errors_of(self, *names):
        return [error for name in names for error in self[name].errors]

    def holding_hint(self) -> list[str]:
        """How many cards each team can hold: its tricks, one to four cards each, plus discards."""
        if self.declaring_team is None or self._tricks() is None:
            return []
        tricks = self._tricks()
        taken = [0, 0]
        taken[self.declaring_team] = tricks
        taken[1 - self.declaring_team] = rules.TRICKS - tricks
        lines = []
        for t, name in enumerate(self.teams):
            received = max(whole(self.value(f"discards_{t}")), 0)
            low, high = taken[t] + received, 4 * taken[t] + received
            lines.append(f"{name} {low}\u2013{high}")
        return lines

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


def breakdown_rows(parts: dict, teams) -> list[dict]:
    """The parts either team scored (none: no row); the deal's total is the preview's change."""
    return [
        {"label": label, "points": [parts[team][key] for team in teams]}
        for key, label in PART_LABELS.items()
        if any(parts[team][key] for team in teams)
    ]
