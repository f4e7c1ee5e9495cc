"""Reading Contractor hands from a score sheet into the engine's records."""

from __future__ import annotations

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
from games.engine.sheet import Fields, check_player, read_hands, read_tricks

REDEAL = Redeal()


def hand_reader(players, settings):
    """The reader of one hand of this game (games/play/tallies.py reads a new hand alone)."""
    return lambda fields: read_hand(fields, players)


def read(top: Fields, players, settings):
    return read_hands(top, hand_reader(players, settings)), {}


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
