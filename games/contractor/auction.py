"""Contractor's auction (docs/RULES.md#the-auction): a pure state machine, no Django.

Calls go clockwise from the player left of the dealer. Whoever is on turn may pass,
bid (a contract worth more than the highest bid so far) or challenge the highest bid
when it is someone else's and nobody has challenged it yet. A player who passed never
calls again. While a challenge stands only the third player (neither the bidder nor
the challenger) may call: a higher bid makes the challenge lapse, a pass (or having
passed already) ends the auction with the challenged bid as the contract. Otherwise
the auction ends when two players have passed and the third holds a bid; when all
three pass, the same dealer deals again.

`Auction` takes the calls one at a time for whoever is on turn, and says which calls
are legal, whether it ended and with what `Result`. `as_json` / `from_json` keep the
calls as the hand's `meta` stores them, so a recorded auction can be replayed and
checked call by call.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.contractor.records import read_bid
from games.contractor.rules import (
    MAX_EXTRA_TRICKS,
    MAX_KITTY_FOREGONE,
    STRAINS,
    TRUMP_STRAINS,
    Bid,
    Settings,
    bid_value,
)
from games.engine.sheet import Fields, SheetError

PASS = "pass"
BID = "bid"
CHALLENGE = "challenge"
CALLS = (PASS, BID, CHALLENGE)

# A bid's fields as the sheet writes them, in the order the sheet lists them.
CONDITIONS = (
    "extra_tricks",
    "kitty_foregone",
    "sour_trumps",
    "exposed",
    "absolutely_sure",
    "nil_without_joker",
    "thievery",
)


class AuctionError(ValueError):
    """A call the auction does not allow; the message is for the screen."""


@dataclass
class Call:
    player: str
    call: str
    bid: Bid | None = None
    value: int | None = None  # a bid's value, the dealer's bonus included

    def as_json(self) -> dict:
        data = {"player": self.player, "call": self.call}
        if self.bid is not None:
            data["bid"] = bid_as_json(self.bid)
            data["value"] = self.value
        return data


@dataclass
class Result:
    """How an auction ended: a contract (with its challenger, if any) or a redeal."""

    contractor: str | None = None
    bid: Bid | None = None
    value: int | None = None
    challenger: str | None = None

    @property
    def redeal(self) -> bool:
        return self.contractor is None

    def as_record(self) -> dict:
        """The hand's contract as the sheet writes it (without the tricks)."""
        if self.redeal:
            return {"redeal": True}
        return {
            "contractor": self.contractor,
            **bid_as_json(self.bid),
            "challenger": self.challenger,
        }


def bid_as_json(bid: Bid) -> dict:
    """The strain and the conditions that are not at their defaults, as the sheet writes them."""
    data = {"strain": bid.strain}
    for name in CONDITIONS:
        value = getattr(bid, name)
        if value:
            data[name] = value
    return data


def bid_from_json(raw) -> Bid:
    """A bid written as the sheet writes a contract; refuses anything the engine would."""
    fields = Fields(raw, "bid")
    bid = read_bid(fields)
    fields.finish()
    return bid


def highest_bid(strain: str) -> Bid:
    """The dearest bid in a strain: every condition that goes with it, at its most."""
    nil = strain == "nil"
    return Bid(
        strain=strain,
        extra_tricks=0 if nil else MAX_EXTRA_TRICKS,
        kitty_foregone=MAX_KITTY_FOREGONE,
        sour_trumps=strain in TRUMP_STRAINS,
        exposed=True,
        absolutely_sure=True,
        nil_without_joker=nil,
        thievery=True,
    )


class Auction:
    """One hand's auction; `players` in clockwise order, `dealer` one of them."""

    def __init__(self, players, dealer: str, settings: Settings | None = None):
        self.players = tuple(players)
        if len(self.players) != 3 or dealer not in self.players:
            raise ValueError("an auction needs three players and one of them dealing")
        self.dealer = dealer
        self.settings = settings or Settings()
        self.calls: list[Call] = []
        self.passed: list[str] = []
        self.high: Call | None = None  # the highest bid so far
        self.challenger: str | None = None  # who challenged it, while the challenge stands
        self.result: Result | None = None
        self.turn: str | None = self.left_of(dealer)

    # --- what the table sees ---------------------------------------------------

    def left_of(self, player: str) -> str:
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    @property
    def ended(self) -> bool:
        return self.result is not None

    def value(self, bid: Bid, player: str | None = None) -> int:
        """What `bid` is worth when `player` (by default whoever is on turn) bids it."""
        player = self.turn if player is None else player
        return bid_value(bid, self.settings, by_dealer=player == self.dealer)

    @property
    def to_beat(self) -> int | None:
        """The value a bid must exceed, or None before the first bid."""
        return self.high.value if self.high else None

    def most_possible(self, player: str | None = None) -> int:
        """The dearest bid `player` could make in any strain."""
        return max(self.value(highest_bid(s), player) for s in STRAINS)

    def can_challenge(self) -> bool:
        return (
            not self.ended
            and self.high is not None
            and self.high.player != self.turn
            and self.challenger is None
        )

    def can_outbid(self) -> bool:
        return not self.ended and (self.to_beat is None or self.most_possible() > self.to_beat)

    def beats(self, bid: Bid) -> bool:
        """Whether `bid`, made by whoever is on turn, is worth more than the highest so far."""
        return self.to_beat is None or self.value(bid) > self.to_beat

    def legal_calls(self) -> tuple[str, ...]:
        """The calls the player on turn may make (a bid still has to beat `to_beat`)."""
        if self.ended:
            return ()
        calls = [PASS]
        if self.can_outbid():
            calls.append(BID)
        if self.can_challenge():
            calls.append(CHALLENGE)
        return tuple(calls)

    def third(self) -> str:
        """While a challenge stands: the player who is neither the bidder nor the challenger."""
        (third,) = (p for p in self.players if p not in (self.high.player, self.challenger))
        return third

    # --- taking calls ------------------------------------------------------------

    def call(self, call: str, bid: Bid | None = None, player: str | None = None) -> None:
        """Take a call from whoever is on turn; `player`, if given, must be them."""
        if self.ended:
            raise AuctionError("The auction is over: no more calls.")
        if player is not None and player != self.turn:
            if player not in self.players:
                raise AuctionError(f"{player} is not at this table.")
            if player in self.passed:
                raise AuctionError(f"{player} has passed and cannot call again.")
            raise AuctionError(f"It is {self.turn}'s turn to call, not {player}'s.")
        if call == PASS:
            self.pass_()
        elif call == BID:
            if bid is None:
                raise AuctionError("A bid needs a strain.")
            self.bid(bid)
        elif call == CHALLENGE:
            self.challenge()
        else:
            raise AuctionError(f"{call!r} is not a call: pass, bid or challenge.")

    def pass_(self) -> None:
        self._check_open()
        player = self.turn
        self.calls.append(Call(player, PASS))
        self.passed.append(player)
        if self.challenger is not None:
            # The third player let the challenge stand: the challenged bid is the contract.
            self._end_with_high()
        elif len(self.passed) == 3:
            self.result = Result()
            self.turn = None
        elif len(self.passed) == 2:
            (last,) = (p for p in self.players if p not in self.passed)
            if self.high is not None and self.high.player == last:
                self._end_with_high()
            else:
                # The first two calls were passes: the third may still bid, or pass.
                self.turn = last
        else:
            self.turn = self._next_after(player)

    def bid(self, bid: Bid) -> None:
        self._check_open()
        try:
            # The engine's own reading refuses conditions that do not fit the strain.
            bid = bid_from_json(bid_as_json(bid))
        except SheetError as error:
            raise AuctionError(f"{error.field.removeprefix('bid.')}: {error.message}.") from None
        player = self.turn
        value = self.value(bid)
        if not self.beats(bid):
            raise AuctionError(
                f"A bid must be worth more than {self.high.player}'s {self.to_beat}; "
                f"this one is worth {value}."
            )
        self.calls.append(Call(player, BID, bid, value))
        self.high = self.calls[-1]
        self.challenger = None  # a higher bid makes a standing challenge lapse
        if len(self.passed) == 2:
            self._end_with_high()
        else:
            self.turn = self._next_after(player)

    def challenge(self) -> None:
        self._check_open()
        player = self.turn
        if self.high is None:
            raise AuctionError("There is no bid to challenge yet.")
        if self.high.player == player:
            raise AuctionError("Nobody challenges their own bid.")
        if self.challenger is not None:
            raise AuctionError(f"{self.challenger} has already challenged that bid.")
        self.calls.append(Call(player, CHALLENGE))
        self.challenger = player
        third = self.third()
        if third in self.passed:
            # Nobody is left who may answer: the challenge stands on this bid.
            self._end_with_high()
        else:
            self.turn = third

    def undo(self) -> Auction:
        """The auction as it was before its last call (a new Auction)."""
        again = Auction(self.players, self.dealer, self.settings)
        for call in self.calls[:-1]:
            again.call(call.call, call.bid, call.player)
        return again

    def _check_open(self) -> None:
        if self.ended:
            raise AuctionError("The auction is over: no more calls.")

    def _next_after(self, player: str) -> str:
        nxt = self.left_of(player)
        while nxt in self.passed:
            nxt = self.left_of(nxt)
        return nxt

    def _end_with_high(self) -> None:
        high = self.high
        self.result = Result(high.player, high.bid, high.value, self.challenger)
        self.turn = None

    # --- keeping it ----------------------------------------------------------------

    def as_json(self) -> list[dict]:
        return [call.as_json() for call in self.calls]

    @classmethod
    def from_json(cls, players, dealer: str, settings: Settings | None, raw) -> Auction:
        """Replay recorded calls; anything unreadable or illegal raises AuctionError."""
        auction = cls(players, dealer, settings)
        if not isinstance(raw, list):
            raise AuctionError("The recorded calls are not a list.")
        for number, entry in enumerate(raw, start=1):
            if not isinstance(entry, dict) or entry.get("call") not in CALLS:
                raise AuctionError(f"Call {number} is not a pass, a bid or a challenge.")
            bid = None
            if entry["call"] == BID:
                try:
                    bid = bid_from_json(entry.get("bid"))
                except SheetError as error:
                    field = error.field.removeprefix("bid.")
                    raise AuctionError(f"Call {number}: {field} {error.message}.") from None
            player = entry.get("player")
            if not isinstance(player, str):
                raise AuctionError(f"Call {number} does not say who called.")
            try:
                auction.call(entry["call"], bid, player)
            except AuctionError as error:
                raise AuctionError(f"Call {number}: {error}") from None
        return auction
