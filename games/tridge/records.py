"""Reading Tridge hands from a score sheet into the engine's records."""

from __future__ import annotations

from games.engine.cards import SUIT_NAMES, SUITS
from games.engine.sheet import (
    Fields,
    SheetError,
    check_player,
    describe,
    read_hands,
    read_tricks,
)
from games.tridge.terms import (
    BIDS,
    INCOMER_BIDS,
    INCOMER_DECLINED,
    MAX_HONOURS,
    PASSED,
    TARGETS,
    TRICKS,
    TRICKS_BEFORE_GOING_FOR_ALL,
    VOID,
    Played,
    Settings,
    dealer_of,
)

FOUR_PEOPLE = 4


class Seating:
    """Who is in play in each hand, worked out once per sheet rather than per hand."""

    __slots__ = ("players", "people", "planned", "in_play")

    def __init__(self, players, settings: Settings):
        self.players = tuple(players)
        self.people = len(players)
        self.planned = settings.hands
        if self.people == FOUR_PEOPLE:
            # The dealer sits out, so each dealer has their own three people in play.
            self.in_play = tuple(
                tuple(name for name in players if name != dealer) for dealer in players
            )
        else:
            self.in_play = (self.players,) * len(players)

    def incomer_at(self, number: int) -> str | None:
        """Who may come in to hand `number`: its dealer, and only with four people."""
        return self.dealer(number) if len(self.players) == FOUR_PEOPLE else None

    def dealer(self, number: int) -> str:
        # Known at read time: the deal passes left after every hand, whatever happened.
        return dealer_of(number, self.players)


def hand_reader(players, settings: Settings):
    """The reader of one hand of this game (games/play/tallies.py reads a new hand alone)."""
    seating = Seating(players, settings)
    return lambda fields: read_hand(fields, seating)


def read(top: Fields, players, settings: Settings):
    return read_hands(top, hand_reader(players, settings)), {}


def read_hand(fields: Fields, seating: Seating):
    number = fields.hand
    if seating.planned is not None and number > seating.planned:
        raise SheetError(
            "hand", f"comes after the game ended ({seating.planned} hands were planned)", number
        )
    if fields.has("passed"):
        return read_marker(fields, "passed", PASSED)
    if fields.has("void"):
        return read_marker(fields, "void", VOID)
    if fields.has("incomer_declined"):
        if len(seating.players) != FOUR_PEOPLE:
            raise fields.error("incomer_declined", "only happens with 4 people")
        return read_marker(fields, "incomer_declined", INCOMER_DECLINED)
    return read_played(fields, seating)


def read_marker(fields: Fields, key: str, record):
    """A hand recorded by one flag alone: it must be true and stand by itself."""
    if fields.value(key) is not True:
        raise fields.error(key, "must be true when given")
    fields.finish()
    return record


def read_played(fields: Fields, seating: Seating) -> Played:
    """The careful reading of a played hand: each field in turn, naming the first fault."""
    number = fields.hand
    players = seating.players
    dealer = seating.dealer(number)
    player = check_player(fields.value("player"), "player", players, number)
    bid = fields.choice("bid", BIDS)
    trumps = fields.choice("trumps", SUITS)
    honours = fields.whole("honours", 0, default=0)
    if honours > MAX_HONOURS[trumps]:
        raise fields.error(
            "honours",
            f"{honours} is too many with {SUIT_NAMES[trumps]} trumps, "
            f"at most {MAX_HONOURS[trumps]}",
        )
    target = read_target(fields, bid)
    went_for_all = fields.flag("went_for_all")
    if went_for_all and bid != "play":
        raise fields.error("went_for_all", f"only a play bid can go for all, not {bid}")
    incomer = fields.flag("incomer")
    if incomer:
        check_incomer(fields, seating, player, bid, dealer)
        in_play = players
    else:
        in_play = seating.in_play[(number - 1) % len(players)]
        if player not in in_play:
            raise fields.error("player", f"{player} deals this hand and sits out")
    tricks = read_tricks(fields, in_play, TRICKS)
    if went_for_all and tricks[player] < TRICKS_BEFORE_GOING_FOR_ALL:
        raise fields.error(
            "went_for_all",
            f"needs the first {TRICKS_BEFORE_GOING_FOR_ALL} tricks, "
            f"but {player} took {tricks[player]}",
        )
    fields.finish()
    return Played(player, bid, trumps, honours, tricks, target, went_for_all, incomer)


def read_target(fields: Fields, bid: str) -> int | None:
    if bid == "fixed":
        target = fields.value("target")
        if type(target) is not int or target not in TARGETS:
            raise fields.error("target", f"must be 1, 2 or 3, not {describe(target)}")
        return target
    if fields.has("target"):
        raise fields.error("target", f"only a fixed bid has a target, not {bid}")
    return None


def check_incomer(fields: Fields, seating: Seating, player: str, bid: str, dealer: str) -> None:
    if len(seating.players) != FOUR_PEOPLE:
        raise fields.error("incomer", "only happens with 4 people")
    if player != dealer:
        raise fields.error("player", f"the in-comer must be this hand's dealer, {dealer}")
    if bid not in INCOMER_BIDS:
        raise fields.error("bid", f"an in-comer bids play, no_tricks or all_tricks, not {bid}")
