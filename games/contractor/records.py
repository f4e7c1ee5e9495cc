"""Reading Contractor hands from a score sheet into the engine's records."""

from __future__ import annotations

from functools import partial

from games.contractor.rules import (
    MAX_EXTRA_TRICKS,
    MAX_KITTY_FOREGONE,
    STRAINS,
    TRICKS,
    TRUMP_STRAINS,
    Bid,
    Contract,
    Redeal,
)
from games.sheet import (
    Fields,
    check_player,
    is_marker,
    quick_tricks,
    read_hands,
    read_tricks,
)

REDEAL = Redeal()
STRAIN_SET = frozenset(STRAINS)
FLAGS = ("sour_trumps", "exposed", "absolutely_sure", "nil_without_joker", "thievery")
FIVE_FLAGS = (bool,) * len(FLAGS)
CONTRACT_KEYS = frozenset(
    {"contractor", "strain", "extra_tricks", "kitty_foregone", "challenger", "tricks", "meta"}
).union(FLAGS)


def readers(players, settings):
    """The careful and the quick reader of one hand of this game (see `read_hands`)."""
    # partial, not a lambda: one Python call a hand fewer, on sheets of thousands.
    return partial(read_hand, players=players), partial(quick_hand, players)


def read(top: Fields, players, settings):
    return read_hands(top, *readers(players, settings)), {}


def read_hand(fields: Fields, players) -> Contract | Redeal:
    if fields.has("redeal"):
        if fields.value("redeal") is not True:
            raise fields.error("redeal", "must be true when given")
        fields.finish()
        return REDEAL
    contractor = check_player(fields.value("contractor"), "contractor", players, fields.hand)
    bid = read_bid(fields)
    challenger = fields.value("challenger", None)
    if challenger is not None:
        check_player(challenger, "challenger", players, fields.hand)
        if challenger == contractor:
            raise fields.error("challenger", "must be one of the contractor's opponents")
    tricks = read_tricks(fields, players, TRICKS)
    fields.finish()
    return Contract(contractor=contractor, bid=bid, challenger=challenger, tricks=tricks)


def read_bid(fields: Fields) -> Bid:
    strain = fields.choice("strain", STRAINS)
    bid = Bid(
        strain=strain,
        extra_tricks=fields.whole("extra_tricks", 0, MAX_EXTRA_TRICKS, default=0),
        kitty_foregone=fields.whole("kitty_foregone", 0, MAX_KITTY_FOREGONE, default=0),
        sour_trumps=fields.flag("sour_trumps"),
        exposed=fields.flag("exposed"),
        absolutely_sure=fields.flag("absolutely_sure"),
        nil_without_joker=fields.flag("nil_without_joker"),
        thievery=fields.flag("thievery"),
    )
    if strain == "nil" and bid.extra_tricks:
        raise fields.error("extra_tricks", "a nil contract takes no extra tricks")
    if bid.sour_trumps and strain not in TRUMP_STRAINS:
        raise fields.error("sour_trumps", f"needs a strain with trumps, not {strain}")
    if bid.nil_without_joker and strain != "nil":
        raise fields.error("nil_without_joker", "only goes with a nil contract")
    return bid


def quick_hand(players, raw: dict, number: int) -> Contract | Redeal | None:
    """The usual, valid hand read straight from its dict; None for anything else.

    See `read_hands`: this accepts only what `read_hand` accepts and builds the same
    record, and leaves every fault (and every doubt) to `read_hand`.
    """
    if len(raw) == 1:
        # A played hand has at least three fields, so this can only be a redeal.
        return REDEAL if is_marker(raw, "redeal") else None
    if not CONTRACT_KEYS.issuperset(raw):
        return None
    contractor = raw.get("contractor")
    challenger = raw.get("challenger")
    if contractor.__class__ is not str or contractor not in players:
        return None
    if challenger is not None and (
        challenger.__class__ is not str or challenger not in players or challenger == contractor
    ):
        return None
    bid = quick_bid(raw)
    tricks = quick_tricks(raw.get("tricks"), players, TRICKS)
    if bid is None or tricks is None:
        return None
    return Contract(contractor, bid, challenger, tricks)


def quick_bid(raw: dict) -> Bid | None:
    strain = raw.get("strain")
    extra_tricks = raw.get("extra_tricks", 0)
    kitty_foregone = raw.get("kitty_foregone", 0)
    if (
        strain.__class__ is not str
        or strain not in STRAIN_SET
        or extra_tricks.__class__ is not int
        or not 0 <= extra_tricks <= MAX_EXTRA_TRICKS
        or kitty_foregone.__class__ is not int
        or not 0 <= kitty_foregone <= MAX_KITTY_FOREGONE
    ):
        return None
    # Written out rather than looped over FLAGS: this runs for every hand of a sheet.
    sour_trumps = raw.get("sour_trumps", False)
    exposed = raw.get("exposed", False)
    absolutely_sure = raw.get("absolutely_sure", False)
    nil_without_joker = raw.get("nil_without_joker", False)
    thievery = raw.get("thievery", False)
    # Each must be true or false itself: 1 and 0 equal them, but `Fields.flag` refuses them.
    classes = (
        sour_trumps.__class__,
        exposed.__class__,
        absolutely_sure.__class__,
        nil_without_joker.__class__,
        thievery.__class__,
    )
    if classes != FIVE_FLAGS:
        return None
    # The same three rules as `read_bid`, which names whichever is broken.
    if strain == "nil":
        if extra_tricks or sour_trumps:
            return None
    elif nil_without_joker or (sour_trumps and strain not in TRUMP_STRAINS):
        return None
    return Bid(
        strain,
        extra_tricks,
        kitty_foregone,
        sour_trumps,
        exposed,
        absolutely_sure,
        nil_without_joker,
        thievery,
    )
