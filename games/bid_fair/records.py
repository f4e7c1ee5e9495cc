"""Reading Bid Fair hands from a score sheet into the engine's records."""

from __future__ import annotations

from typing import Any

from games.bid_fair.rules import (
    CAPTURED,
    MAX_POINTS,
    MIN_POINTS,
    PACK,
    RANK_NAMES,
    Deal,
    Redeal,
)
from games.engine.cards import SUITS, rank_of, suit_of
from games.engine.sheet import Fields, SheetError, by_player, check_whole, describe, read_hands

REDEAL = Redeal()
_PACK = frozenset(PACK)


def hand_reader(players, settings):
    """The reader of one hand of this game (games/play/tallies.py reads a new hand alone)."""
    return lambda fields: read_hand(fields, players)


def read(top: Fields, players, settings):
    return read_hands(top, hand_reader(players, settings)), {}


def read_hand(fields: Fields, players) -> Deal | Redeal:
    if fields.has("redeal"):
        if fields.value("redeal") is not True:
            raise fields.error("redeal", "must be true when given")
        fields.finish()
        return REDEAL
    bids = read_bids(fields, players)
    cut, trump = read_trump(fields, bids)
    captured = points = None
    if fields.has("captured") and fields.has("points"):
        raise fields.error("points", "a hand has captured or points, never both")
    if fields.has("points"):
        points = read_points(fields, players)
    else:
        captured = read_captured(fields, players, bids, cut)
    fields.finish()
    return Deal(bids=bids, trump=trump, cut=cut, captured=captured, points=points)


def check_card(value: Any, name: str, hand: int | None) -> str:
    """A card of the 24-card pack, written exactly as the sheet writes cards."""
    if not isinstance(value, str) or value not in _PACK:
        raise SheetError(
            name,
            f'must be a card of the 24-card pack (9 to A), written like "QS" or "10H",'
            f" not {describe(value)}",
            hand,
        )
    return value


def read_bids(fields: Fields, players) -> dict[str, str | None]:
    """Both players in seating order, each with a face-up bid card or None."""
    if not fields.has("bids"):
        return dict.fromkeys(players)

    def read_bid(value, name):
        return None if value is None else check_card(value, name, fields.hand)

    given = by_player(fields, "bids", players, read_bid)
    bids = {name: given.get(name) for name in players}
    shown = [card for card in bids.values() if card is not None]
    if len(shown) == 2 and rank_of(shown[0]) == rank_of(shown[1]):
        # The later bidder must go higher, so two bids of one rank cannot happen.
        ranks = RANK_NAMES[rank_of(shown[0])]
        raise fields.error("bids", f"both bid cards are {ranks}; they must differ in rank")
    return bids


def read_trump(fields: Fields, bids) -> tuple[str | None, str]:
    """The cut card and the trump suit, or only the suit when that is all that was noted."""
    if fields.has("cut") and fields.has("trump"):
        raise fields.error("trump", "a hand has cut or trump, never both")
    if fields.has("trump"):
        trump = fields.choice("trump", SUITS)
        return None, trump
    if not fields.has("cut"):
        raise fields.error("cut", 'is missing (give "trump" when only the suit was noted)')
    cut = check_card(fields.value("cut"), fields.name("cut"), fields.hand)
    if cut in bids.values():
        raise fields.error("cut", f"{cut} is a bid card; the cut card comes from the crib")
    return cut, suit_of(cut)


def both_players(fields: Fields, key: str, players, read) -> dict[str, Any]:
    """A table by player that must list both players, returned in seating order."""
    table = by_player(fields, key, players, read)
    for name in players:
        if name not in table:
            raise SheetError(f"{key}.{name}", "is missing", fields.hand)
    return {name: table[name] for name in players}


def read_points(fields: Fields, players) -> dict[str, int]:
    points = both_players(
        fields,
        "points",
        players,
        lambda value, name: check_whole(value, name, 0, MAX_POINTS, fields.hand),
    )
    added = sum(points.values())
    if not MIN_POINTS <= added <= MAX_POINTS:
        raise fields.error(
            "points",
            f"add up to {added}; the {CAPTURED} captured cards are worth"
            f" {MIN_POINTS} to {MAX_POINTS}",
        )
    return points


def read_captured(fields: Fields, players, bids, cut) -> dict[str, tuple[str, ...]]:
    """Each player's cards taken in tricks: 14 distinct cards in all, never one on the table."""
    if not fields.has("captured"):
        raise fields.error("captured", 'is missing (give "points" when only points were counted)')
    seen: set[str] = set()

    def read_cards(value, name):
        if not isinstance(value, list):
            raise SheetError(name, "must be a list of cards", fields.hand)
        for card in value:
            check_card(card, name, fields.hand)
            if card in bids.values():
                raise SheetError(name, f"{card} is a bid card, never captured", fields.hand)
            if card == cut:
                raise SheetError(name, f"{card} is the cut card, never captured", fields.hand)
            if card in seen:
                raise SheetError(name, f"{card} is listed twice", fields.hand)
            seen.add(card)
        return tuple(value)

    captured = both_players(fields, "captured", players, read_cards)
    if len(seen) != CAPTURED:
        raise fields.error("captured", f"{len(seen)} cards, {CAPTURED} are captured in a deal")
    for name, cards in captured.items():
        if len(cards) % 2:
            raise SheetError(
                f"captured.{name}",
                f"{len(cards)} cards; a trick is two cards, so each player captures an even number",
                fields.hand,
            )
    return captured
