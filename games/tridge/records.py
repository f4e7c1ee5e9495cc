"""Reading Tridge hands from a score sheet into the engine's records."""

from __future__ import annotations

from functools import partial

from games.cards import SUIT_NAMES, SUITS
from games.sheet import (
    Fields,
    SheetError,
    check_player,
    describe,
    read_hands,
    read_tricks,
)
from games.tridge.rules import (
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
BID_SET = frozenset(BIDS)
PLAYED_KEYS = frozenset(
    {"player", "bid", "trumps", "honours", "tricks", "target", "went_for_all", "incomer", "meta"}
)


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


def readers(players, settings: Settings):
    """The careful and the quick reader of one hand of this game (see `read_hands`)."""
    seating = Seating(players, settings)
    # partial, not a lambda: one Python call a hand fewer, on sheets of thousands.
    return partial(read_hand, seating=seating), partial(quick_hand, seating)


def read(top: Fields, players, settings: Settings):
    return read_hands(top, *readers(players, settings)), {}


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


def quick_hand(seating: Seating, raw: dict, number: int):
    """The usual, valid hand read straight from its dict; None for anything else.

    Long sheets are almost all such hands, and the careful `Fields` reading costs
    several times the JSON parse. This accepts only what `read_hand` accepts and builds
    the same record; whatever it is unsure of goes to `read_hand`, which then either
    reads it or names the fault (see `read_hands`). Tests hold the two to agreement.
    A played hand, its tricks included, is read here rather than in functions of its
    own (`quick_tricks` is written out below): a call costs more than most checks, and
    sheets hold thousands of hands. For the same reason the fields a played hand must
    have are read as `raw[key]`, not `raw.get(key)`: a missing one, like a person missing
    from the tricks, is a KeyError, and answers None.
    """
    if seating.planned is not None and number > seating.planned:
        return None
    if len(raw) == 1:
        return quick_marker(seating, raw)
    if not PLAYED_KEYS.issuperset(raw):
        return None
    try:
        player = raw["player"]
        bid = raw["bid"]
        trumps = raw["trumps"]
        table = raw["tricks"]
        honours = raw.get("honours", 0)
        if (
            bid.__class__ is not str
            or bid not in BID_SET
            or trumps.__class__ is not str
            or honours.__class__ is not int
            or not 0 <= honours <= MAX_HONOURS[trumps]
        ):
            return None
        # Only a fixed bid has a target: the others need no lookup for it.
        if bid == "fixed":
            target = raw["target"]
            if target.__class__ is not int or target not in TARGETS:
                return None
        elif "target" in raw:
            return None
        else:
            target = None
        incomer = raw.get("incomer", False)
        if incomer is False:
            in_play = seating.in_play[(number - 1) % seating.people]
        elif incomer is True and player == seating.incomer_at(number) and bid in INCOMER_BIDS:
            in_play = seating.players
        else:
            return None
        if player.__class__ is not str or player not in in_play:
            return None
        # The tricks as `quick_tricks` reads them: with as many entries as people in
        # play and each of them found, nobody else is listed; counts of at least 0 that
        # add up to nine are each at most nine. Built in seating order, as read_tricks.
        if table.__class__ is not dict or len(table) != len(in_play):
            return None
        tricks = {}
        added = 0
        for name in in_play:
            count = table[name]
            if count.__class__ is not int or count < 0:
                return None
            tricks[name] = count
            added += count
    except KeyError:
        return None
    if added != TRICKS:
        return None
    went_for_all = raw.get("went_for_all", False)
    if went_for_all is True:
        if bid != "play" or tricks[player] < TRICKS_BEFORE_GOING_FOR_ALL:
            return None
    elif went_for_all is not False:
        return None
    return Played(player, bid, trumps, honours, tricks, target, went_for_all, incomer)


def quick_marker(seating: Seating, raw: dict):
    """A hand of one key: a pass, a void hand or a declined in-comer, if it is one.

    `quick_hand` has seen that the hand has one key, so `is_marker`'s check of that is
    not repeated: a pass or a void hand is told by one lookup.
    """
    if raw.get("passed") is True:
        return PASSED
    if raw.get("void") is True:
        return VOID
    if raw.get("incomer_declined") is True and seating.people == FOUR_PEOPLE:
        return INCOMER_DECLINED
    return None


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
