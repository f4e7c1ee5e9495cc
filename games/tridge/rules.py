"""Tridge scoring (RULES.md, "Tridge"): pure Python, records in, a GameScore out.

Tridge is played for chips. Besides the people's chips there are a game fund, the
reserve funds (what did not fit in a capped fund, oldest first) and the widow's
fund; every payment moves chips between them, so none is ever created or lost.

Where RULES.md leaves a case open, this engine reads it as follows:
- only a payment for a draw or a loss spoils a fresh fund: a fixed bid one off (which
  takes from the fund) and an in-comer's quarter (paid in, played or declined) leave
  it as fresh as it was;
- a fresh fund already at the cap still takes the contributions of an all-pass, which
  go to a new reserve; from then on a reserve waits, so passing is free;
- going for all is only open to a player who took the first five tricks, so the
  sheet must show at least five for that player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import cycle
from typing import ClassVar

from games.cards import SUITS
from games.scores import GameScore, top_scorers
from games.sheet import HouseRules

TRICKS = 9
# Winning the first five tricks is what lets a play bid go on for all nine.
TRICKS_BEFORE_GOING_FOR_ALL = 5

DIAMONDS = "D"
# The run of top trumps is longer in the red suits, whose ace is the fourth trump.
MAX_HONOURS = {"S": 3, "H": 4, "D": 4, "C": 3}
HONOUR_WORTH = {"S": 1, "H": 1, "D": 2, "C": 1}

BIDS = ("play", "flip", "no_change", "no_tricks", "all_tricks", "fixed")
NORMAL_BIDS = frozenset({"play", "flip", "no_change"})
SLAM_BIDS = frozenset({"no_tricks", "all_tricks"})
INCOMER_BIDS = ("play", "no_tricks", "all_tricks")
TARGETS = (1, 2, 3)

# Outcomes as the JSON details name them.
WIN = "win"
DRAW = "draw"
LOSE = "lose"
ONE_OFF = "one_off"


@dataclass(frozen=True)
class Settings(HouseRules):
    """The house rules of one game; every Tridge default lives here and only here."""

    chips: int = 500
    game_contribution: int = 5
    widow_contribution: int = 25
    # A multiple of the base fund (game_contribution x people), the same for every fund.
    fund_cap: int = 4
    flip: int = 5
    no_change: int = 10
    no_change_diamonds: int = 20
    # What no tricks, all tricks and going for all are worth to every other person.
    slam: int = 40
    fixed_bonus: dict[str, int] = field(default_factory=lambda: {"1": 20, "2": 10, "3": 5})
    fixed_penalty: dict[str, int] = field(default_factory=lambda: {"1": 5, "2": 4, "3": 3})
    # Planned hands; None plays on until the table stops.
    hands: int | None = None
    # The funds an earlier match of the same people left on the table (its game fund,
    # its reserves together, its widow's fund), in play again from hand 1. The app sets
    # them when it starts the next match (games/tridge/game.py), never the new game form.
    carried_game: int | None = None
    carried_reserves: int | None = None
    carried_widow: int | None = None

    AT_LEAST_ONE: ClassVar[frozenset] = frozenset(
        {"game_contribution", "widow_contribution", "fund_cap", "hands"}
    )
    SET_BY_APP: ClassVar[frozenset] = frozenset(
        {"carried_game", "carried_reserves", "carried_widow"}
    )


# --- the hands of a sheet ---------------------------------------------------
#
# Records are plain slots dataclasses, not frozen ones (see games/sheet.py): read-only.


@dataclass(slots=True)
class Played:
    """A hand somebody played: the bid, its trumps and honours, and the tricks taken.

    `tricks` names the people in play, in seating order: three of them, or all four
    when the dealer came in (`incomer`).
    """

    player: str
    bid: str
    trumps: str
    honours: int
    tricks: dict[str, int]
    target: int | None = None
    went_for_all: bool = False
    incomer: bool = False


@dataclass(slots=True)
class Passed:
    """Everyone passed and nobody took up a fixed-trick bid or came in."""


@dataclass(slots=True)
class Void:
    """The discard pack had the wrong number of cards: the hand does not count."""


@dataclass(slots=True)
class IncomerDeclined:
    """Four people: the dealer paid to come in, then chose not to play."""


PASSED = Passed()
VOID = Void()
INCOMER_DECLINED = IncomerDeclined()


# --- small rules --------------------------------------------------------------


def honours_value(honours: int, trumps: str) -> int:
    # Diamonds are the preferred suit, so each of its honours is worth double.
    return honours * HONOUR_WORTH[trumps]


def outcome_of(player: str, tricks: dict[str, int]) -> str:
    """Win, draw or lose, comparing the player with everybody else in play.

    Only someone alone on the most tricks wins or beats the player: the player wins
    holding that place, loses when a defender holds it, and any tie at the top is a
    draw. So two defenders tied above the player (1:4:4) make a draw, as in Tresillo.
    """
    if tricks[player] * 2 > TRICKS:
        # More than half the tricks is more than everybody else's together: the usual
        # win, told without ranking the table.
        return WIN
    ranked = sorted(tricks.values(), reverse=True)
    if ranked[0] == ranked[1]:
        return DRAW
    return WIN if tricks[player] == ranked[0] else LOSE


def top_defender(tricks: dict[str, int]) -> str:
    """After a loss: the defender alone on the most tricks, who beat the player."""
    return max(tricks, key=tricks.__getitem__)


def fixed_half(fund: int) -> int:
    """What a fixed-trick player one trick off takes: half the game fund.

    An even fund is halved exactly. An odd fund has no whole half, and RULES.md's three
    examples (15 -> 10, 45 -> 20, 31 -> 20) all fit one rule: take the half (7.5, 22.5,
    15.5) to the nearest multiple of ten. That half always ends in .5, so it is never
    exactly between two tens and needs no tie-break; below 10 it rounds to nothing.
    """
    if fund % 2 == 0:
        return fund // 2
    return (fund + 10) // 20 * 10


def incomer_quarter(fund: int) -> int:
    """What the dealer pays to come in: a quarter of the game fund, halves rounded up."""
    return (fund + 2) // 4


def dealer_of(number: int, players) -> str:
    # The deal passes left after every hand, passed and void ones included.
    return players[(number - 1) % len(players)]


# --- the table: chips outside the people's hands -----------------------------


class Table:
    """The game fund, the reserve funds and the widow's fund, and the moves between them.

    Every move also writes the people's side of it, so a hand needs no bookkeeping of
    its own: what one person pays or is paid goes into `deltas`, the current hand's
    changes, and what every person pays alike (a contribution, or what each other
    person pays a winner) is summed in `alike`, which `score` adds to everyone once
    the hand is over. Looping over the people for every payment cost more than all
    the rest of a hand's scoring.
    """

    __slots__ = (
        "people",
        "contribution",
        "widow_contribution",
        "cap",
        "game",
        "reserves",
        "widow",
        "fresh",
        "alike",
    )

    def __init__(self, players, settings: Settings):
        self.people = len(players)
        self.contribution = settings.game_contribution
        self.widow_contribution = settings.widow_contribution
        self.cap = settings.fund_cap * settings.game_contribution * len(players)
        # A carried fund is never past the cap, but a sheet may say so: the rest is a reserve.
        carried = settings.carried_game or 0
        self.game = min(carried, self.cap)
        # A tuple, replaced on the rare hand that changes it, so that every scored hand
        # can keep the reserves as they stood without a copy. Every reserve but the
        # newest is full (into_game), so carried reserves are rebuilt from their total.
        reserves = (settings.carried_reserves or 0) + carried - self.game
        full, part = divmod(reserves, self.cap)
        self.reserves: tuple[int, ...] = (self.cap,) * full + ((part,) if part else ())
        self.widow = (settings.carried_widow or 0) + settings.widow_contribution * len(players)
        # A fund everyone paid for is fresh until a draw or loss pays into it; a carried
        # one came from an earlier match's draws and losses.
        self.fresh = not self.game and not self.reserves
        self.alike = 0
        # The opening payments, on top of what was carried: past the cap, into a reserve.
        self.into_game(settings.game_contribution * len(players))

    def funds(self) -> dict:
        return {"game": self.game, "reserves": [*self.reserves], "widow": self.widow}

    def everyone_pays(self, each: int) -> int:
        self.alike -= each
        return each * self.people

    def others_pay(self, deltas: dict[str, int], receiver: str, each: int) -> None:
        """Every person but `receiver`, a sitting-out dealer included, pays `each`."""
        self.alike -= each
        deltas[receiver] += each * self.people

    def pay_others(self, deltas: dict[str, int], payer: str, each: int) -> None:
        self.alike += each
        deltas[payer] -= each * self.people

    def into_game(self, amount: int) -> None:
        """Add to the game fund; past the cap, fill the newest reserve, then start a new one."""
        room = self.cap - self.game
        if amount <= room:
            self.game += amount
            return
        self.game = self.cap
        amount -= room
        reserves = self.reserves
        if reserves and reserves[-1] < self.cap:
            topped = min(amount, self.cap - reserves[-1])
            self.reserves = reserves = (*reserves[:-1], reserves[-1] + topped)
            amount -= topped
        # No payment is bigger than a fund can hold (a stake is at most a full fund, and
        # the contributions and a quarter are less), so one new reserve always suffices.
        if amount:
            self.reserves = (*reserves, amount)

    def incomer_pays(self, deltas: dict[str, int], dealer: str) -> int:
        """The dealer buys into a hand: a quarter of the fund, capped like any payment.

        It is no payment for a draw or a loss, so a fresh fund stays fresh.
        """
        quarter = incomer_quarter(self.game)
        deltas[dealer] -= quarter
        self.into_game(quarter)
        return quarter

    def pay_into_game(self, deltas: dict[str, int], payer: str, amount: int) -> None:
        """A player pays for a draw or a loss: the fund is no longer fresh."""
        deltas[payer] -= amount
        self.into_game(amount)
        self.fresh = False

    def pay_into_widow(self, deltas: dict[str, int], payer: str, amount: int) -> None:
        deltas[payer] -= amount
        self.widow += amount

    def win(self, deltas: dict[str, int], winner: str, each: int) -> None:
        """A won bid: every other person pays the winner `each`, who takes the game fund.

        The oldest reserve, or a fresh fund, replaces the fund taken. (One method, not
        two: most hands are won, and every call costs.)
        """
        self.alike -= each
        deltas[winner] += each * self.people + self.game
        if self.reserves:
            self.game, self.reserves = self.reserves[0], self.reserves[1:]
            self.fresh = False
        else:
            # Everyone pays for a fresh fund (everyone_pays, written out: it is the usual case).
            self.alike -= self.contribution
            self.game = self.contribution * self.people
            self.fresh = True

    def win_widow(self, deltas: dict[str, int], winner: str) -> None:
        deltas[winner] += self.widow
        self.widow = self.everyone_pays(self.widow_contribution)

    def all_passed(self) -> None:
        # Passing raises only a fresh fund with nothing waiting behind it; a fund a
        # draw or loss has already raised, or one with reserves queued, costs nothing.
        if self.fresh and not self.reserves:
            self.into_game(self.everyone_pays(self.contribution))


# --- scoring a played hand ----------------------------------------------------


class Scorer:
    """Scores one game's hands in order; built once, with every lookup precomputed."""

    __slots__ = ("table", "terms", "slam", "fixed_bonus", "fixed_penalty")

    def __init__(self, table: Table, settings: Settings):
        self.table = table
        # For each normal bid and trumps: the extra every other person pays or is paid,
        # what one honour is worth, and whether the widow's fund is played for as well.
        extras = {
            "play": (0, 0),
            "flip": (settings.flip, settings.flip),
            "no_change": (settings.no_change, settings.no_change_diamonds),
        }
        self.terms = {
            bid: {
                suit: (
                    extras[bid][suit == DIAMONDS],
                    HONOUR_WORTH[suit],
                    bid == "no_change" and suit == DIAMONDS,
                )
                for suit in SUITS
            }
            for bid in NORMAL_BIDS
        }
        self.slam = settings.slam
        self.fixed_bonus = {int(target): value for target, value in settings.fixed_bonus.items()}
        self.fixed_penalty = {
            int(target): value for target, value in settings.fixed_penalty.items()
        }

    def played(self, hand: Played, deltas: dict[str, int]) -> dict:
        table = self.table
        bid = hand.bid
        # Every stake below is the game fund as it stood when play began.
        if hand.incomer:
            paid = table.incomer_pays(deltas, hand.player)
            details = {"player": hand.player, "bid": bid, "incomer": True, "incomer_paid": paid}
            details["stake"] = table.game
        else:
            details = {"player": hand.player, "bid": bid, "stake": table.game}
        if bid in NORMAL_BIDS:
            details["outcome"] = self.normal(hand, deltas, details)
        elif bid in SLAM_BIDS:
            details["outcome"] = self.all_or_nothing(hand, deltas)
        else:
            details["outcome"] = self.fixed(hand, deltas)
        return details

    def normal(self, hand: Played, deltas: dict[str, int], details: dict) -> str:
        table = self.table
        player = hand.player
        extra, worth, for_widow = self.terms[hand.bid][hand.trumps]
        honours = hand.honours * worth
        tricks = hand.tricks
        # More than half the tricks is the usual win (see outcome_of), told without a call.
        outcome = WIN if tricks[player] * 2 > TRICKS else outcome_of(player, tricks)
        if outcome == WIN:
            table.win(deltas, player, honours + extra)
            if for_widow:
                table.win_widow(deltas, player)
            if hand.went_for_all:
                details["went_for_all"] = self.went_for_all(hand, deltas)
            return WIN
        stake = table.game
        table.pay_into_game(deltas, player, stake)
        table.pay_others(deltas, player, extra)
        if for_widow:
            table.pay_into_widow(deltas, player, table.widow)
        table.pay_into_widow(deltas, player, honours)
        if outcome == LOSE:
            defender = top_defender(hand.tricks)
            deltas[player] -= stake
            deltas[defender] += stake
            details["defender"] = defender
        return outcome

    def went_for_all(self, hand: Played, deltas: dict[str, int]) -> str:
        """After the normal win: the extra wager on the last four tricks."""
        table = self.table
        if hand.tricks[hand.player] == TRICKS:
            table.win_widow(deltas, hand.player)
            table.others_pay(deltas, hand.player, self.slam)
            return "made"
        table.pay_into_widow(deltas, hand.player, table.widow)
        table.pay_others(deltas, hand.player, self.slam)
        return "failed"

    def all_or_nothing(self, hand: Played, deltas: dict[str, int]) -> str:
        """No tricks or all tricks: won only by taking none or all; never a draw."""
        table = self.table
        player = hand.player
        honours = honours_value(hand.honours, hand.trumps)
        wanted = 0 if hand.bid == "no_tricks" else TRICKS
        if hand.tricks[player] == wanted:
            table.win(deltas, player, self.slam + honours)
            table.win_widow(deltas, player)
            return WIN
        table.pay_into_game(deltas, player, table.game)
        table.pay_into_widow(deltas, player, table.widow)
        table.pay_into_widow(deltas, player, honours)
        table.pay_others(deltas, player, self.slam)
        return LOSE

    def fixed(self, hand: Played, deltas: dict[str, int]) -> str:
        table = self.table
        player = hand.player
        off = abs(hand.tricks[player] - hand.target)
        if off == 0:
            bonus = self.fixed_bonus[hand.target]
            table.win(deltas, player, honours_value(hand.honours, hand.trumps) + bonus)
            return WIN
        if off == 1:
            # Half the fund changes hands; the rest stays as it was, fresh or not.
            half = fixed_half(table.game)
            deltas[player] += half
            table.game -= half
            return ONE_OFF
        table.pay_into_game(deltas, player, table.game)
        table.pay_others(deltas, player, self.fixed_penalty[hand.target])
        return LOSE


# --- the game -----------------------------------------------------------------

# What a passed or void hand adds to its details: one dict shared by every such hand,
# since nothing changes a hand's facts once scored (`details` and `as_json` copy them).
PASSED_FACTS = {"outcome": "passed"}
VOID_FACTS = {"outcome": "void"}


class ScoredHand:
    """One scored hand, read like a `HandScore` (games/scores.py), but built cheaper.

    A long sheet builds one a hand. `HandScore.details` would hold the funds after the
    hand as a dict holding a list: two more objects a hand, and the collector walks
    every dict and list that holds another, again and again while the game is scored.
    So the funds are kept as numbers and a tuple, what the hand itself adds (`facts`:
    outcome, player, bid, stake, ...) as a flat dict, and `details` and `as_json` put
    them together, in HandScore's key order, only when asked.
    """

    __slots__ = ("number", "dealer", "deltas", "totals", "facts", "game", "reserves", "widow")

    def __init__(self, number, dealer, deltas, totals, facts, game, reserves, widow):
        self.number = number
        self.dealer = dealer
        self.deltas = deltas
        self.totals = totals
        self.facts = facts
        # The funds after the hand.
        self.game = game
        self.reserves = reserves
        self.widow = widow

    @property
    def details(self) -> dict:
        """As HandScore.details: the facts, then the funds (a new dict at every call)."""
        return {**self.facts, "funds": self.funds()}

    def funds(self) -> dict:
        # [*...] rather than list(...): the same list, without a call.
        return {"game": self.game, "reserves": [*self.reserves], "widow": self.widow}

    def as_json(self) -> dict:
        return {
            "number": self.number,
            "dealer": self.dealer,
            **self.facts,
            "funds": {"game": self.game, "reserves": [*self.reserves], "widow": self.widow},
            "deltas": self.deltas,
            "totals": self.totals,
        }


class Tally:
    """A game between two hands: the chips and funds as they stand, nothing of the hands.

    `score` plays a whole sheet through one.
    """

    __slots__ = ("players", "settings", "table", "scorer", "totals", "count")

    def __init__(self, players, settings: Settings):
        self.players = players
        self.settings = settings
        self.table = Table(players, settings)
        self.scorer = Scorer(self.table, settings)
        # The opening payments come before hand 1, so they are in no hand's deltas.
        opening = settings.game_contribution + settings.widow_contribution
        self.totals = dict.fromkeys(players, settings.chips - opening)
        self.count = 0  # hands played

    def play(self, sheet_hands) -> list[ScoredHand]:
        """Score these hands, the next ones of the game, in order."""
        players = self.players
        table = self.table
        scorer = self.scorer
        totals = self.totals
        hands = []
        keep = hands.append
        unchanged = dict.fromkeys(players, 0)
        # The deal passes left after every hand, passed and void ones included.
        at = self.count % len(players)
        dealers = cycle(players[at:] + players[:at])
        for number, hand in enumerate(sheet_hands, start=self.count + 1):
            dealer = next(dealers)
            deltas = unchanged.copy()
            kind = hand.__class__
            if kind is Played:
                facts = scorer.played(hand, deltas)
            elif kind is Passed:
                table.all_passed()
                facts = PASSED_FACTS
            elif kind is IncomerDeclined:
                paid = table.incomer_pays(deltas, dealer)
                facts = {"outcome": "declined", "player": dealer, "incomer_paid": paid}
            else:
                facts = VOID_FACTS
            # What everyone paid or was paid alike is added once, as the hand is totted up.
            alike = table.alike
            table.alike = 0
            for name in players:
                change = deltas[name] + alike
                deltas[name] = change
                totals[name] += change
            keep(
                ScoredHand(
                    number,
                    dealer,
                    deltas,
                    totals.copy(),
                    facts,
                    table.game,
                    table.reserves,
                    table.widow,
                )
            )
        self.count += len(hands)
        return hands

    def result(self, hands: list[ScoredHand]) -> GameScore:
        """The game as it stands, given every hand this tally played."""
        players = self.players
        totals = self.totals
        people = len(players)
        planned = self.settings.hands
        finished = planned is not None and self.count == planned
        next_at = self.count % people
        return GameScore(
            game="tridge",
            standings=dict(totals),
            hands=hands,
            finished=finished,
            winners=top_scorers(totals) if finished else [],
            next_dealer=None if finished else players[next_at],
            details={
                "funds": self.table.funds(),
                "planned_hands": planned,
                "hands_played": self.count,
                # The person left of the dealer leads; with four people the dealer sits out.
                "next_lead": None if finished else players[(next_at + 1) % people],
                "sits_out": players[next_at] if people == 4 and not finished else None,
            },
        )


def score(sheet) -> GameScore:
    tally = Tally(sheet.players, sheet.settings)
    return tally.result(tally.play(sheet.hands))
