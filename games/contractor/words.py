"""How Contractor bids, calls and hands read: on the board, in the history, in the preview."""

from __future__ import annotations

from contextlib import suppress

from games.contractor import rules
from games.contractor.auction import BID, CHALLENGE, PASS
from games.contractor.rules import BOOK, Bid, Settings
from games.engine.words import plural, read_field, signed, whose

# Symbol (shown, hidden from screen readers) and name of each strain.
STRAIN_NAMES = {
    "diamonds": ("\u2666", "Diamonds"),
    "hearts": ("\u2665", "Hearts"),
    "clubs": ("\u2663", "Clubs"),
    "spades": ("\u2660", "Spades"),
    "crazytrump": ("", "Crazytrump"),
    "no_trump": ("", "No trump"),
    "nil": ("", "Nil"),
}
# The yes-or-no conditions: label, points, and the words a hand is described with.
FLAGS = {
    "sour_trumps": ("Sour trumps", rules.SOUR_TRUMPS, "sour trumps"),
    "exposed": ("Exposed", rules.EXPOSED, "exposed"),
    "absolutely_sure": ("Absolutely sure", rules.ABSOLUTELY_SURE, "absolutely sure"),
    "nil_without_joker": ("Nil without joker", rules.NIL_WITHOUT_JOKER, "without joker"),
    "thievery": ("Thievery", rules.THIEVERY, "thievery"),
}


def strain_text(strain: str) -> str:
    symbol, name = STRAIN_NAMES[strain]
    return f"{symbol} {name.lower()}" if symbol else name.lower()


def needs_text(bid: Bid) -> str:
    if bid.strain == "nil":
        return "needs no tricks"
    return f"needs {bid.tricks_needed}"


def price_lines(bid: Bid, settings: Settings, by_dealer: bool = False) -> list[tuple[str, int]]:
    """What each part of a bid adds, as the calculator lists it."""
    lines = [(STRAIN_NAMES[bid.strain][1], settings.strain_values[bid.strain])]
    if bid.extra_tricks:
        tricks = plural(bid.extra_tricks, "extra trick")
        lines.append((tricks, rules.EXTRA_TRICK * bid.extra_tricks))
    if bid.kitty_foregone:
        cards = plural(bid.kitty_foregone, "kitty card")
        lines.append((f"{cards} foregone", rules.KITTY_CARD * bid.kitty_foregone))
    for name, (label, points, _) in FLAGS.items():
        if getattr(bid, name):
            lines.append((label, points))
    if by_dealer:
        lines.append(("Dealer's bonus", rules.DEALERS_BONUS))
    return lines


def bid_text(bid) -> str:
    """A bid or a contract record as the table says it: "♣ clubs, 2 kitty foregone, exposed"."""
    get = (lambda name: getattr(bid, name)) if isinstance(bid, Bid) else bid.get
    parts = [strain_text(get("strain"))]
    if get("extra_tricks"):
        parts.append(plural(get("extra_tricks"), "extra trick"))
    if get("kitty_foregone"):
        parts.append(f"{get('kitty_foregone')} kitty foregone")
    for name, (_, _, words) in FLAGS.items():
        if get(name):
            parts.append(words)
    return ", ".join(parts)


def call_text(call) -> str:
    if call.call == PASS:
        return "passes"
    if call.call == CHALLENGE:
        return "challenges"
    return f"bids {bid_text(call.bid)} \u2014 {call.value}"


def auction_text(recorded) -> str:
    """The recorded calls in one line, for the hand's history."""
    parts = []
    for entry in recorded if isinstance(recorded, list) else []:
        if not isinstance(entry, dict):
            continue
        call = entry.get("call")
        who = entry.get("player", "?")
        if call == BID and isinstance(entry.get("bid"), dict):
            with suppress(KeyError, TypeError):
                text = bid_text(entry["bid"])
                value = entry.get("value")
                parts.append(f"{who} {text}" + (f" ({value})" if value is not None else ""))
                continue
        parts.append(f"{who} {'passes' if call == PASS else 'challenges'}")
    return "; ".join(parts)


def outcome_sentence(record: dict, hand) -> str:
    contractor = record["contractor"]
    taken = record["tricks"][contractor]
    value = hand.details["value"]
    made = "makes" if hand.details["made"] else "fails"
    if record["strain"] == "nil":
        took = "took no tricks" if taken == 0 else f"took {plural(taken, 'trick')}"
        return f"{contractor} {made} nil worth {value}: {took}."
    needed = BOOK + record.get("extra_tricks", 0)
    took = plural(taken, "trick")
    return f"{contractor} {made} the contract worth {value}: {took}, {needed} needed."


def reasons(record: dict, hand) -> list[dict]:
    """Each player's change taken apart, in seating order: contract, tricks, challenge."""
    contractor = record["contractor"]
    challenger = record.get("challenger")
    tricks = record["tricks"]
    value = hand.details["value"]
    made = hand.details["made"]
    challenge = rules.CHALLENGE if made else -rules.CHALLENGE
    lines = []
    for name in tricks:
        parts = []
        if name == contractor:
            if made:
                parts.append(f"{signed(value)} contract made")
            elif record.get("absolutely_sure"):
                parts.append(f"{signed(-2 * value)} contract failed, twice over (absolutely sure)")
            else:
                parts.append(f"{signed(-value)} contract failed")
            if challenger:
                won = "won" if made else "lost"
                parts.append(f"{signed(challenge)} {won} {challenger}'s challenge")
        else:
            if record["strain"] == "nil":
                parts.append(f"{signed(tricks[contractor])} for {contractor}'s tricks in nil")
            else:
                parts.append(f"{signed(tricks[name])} for {plural(tricks[name], 'trick')}")
            if name == challenger:
                parts.append(f"{signed(-challenge)} challenge {'lost' if made else 'won'}")
        lines.append({"name": name, "parts": parts, "delta": hand.deltas[name]})
    return lines


def describe_record(record: dict) -> str:
    """A hand as the table would say it, the contractor's tricks first:
    "Ben: ♣ clubs, exposed; challenged by Cy; tricks Ben 6, Ana 2, Cy 2"."""
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    recorded = meta.get("auction")
    auction = f" \u00b7 Auction: {auction_text(recorded)}" if recorded else ""
    if record.get("redeal"):
        return f"Redeal: all passed{auction}"
    text = f"{record['contractor']}: {bid_text(record)}"
    if record.get("challenger"):
        text += f"; challenged by {record['challenger']}"
    return f"{text}; tricks {whose(record['tricks'], record['contractor'])}{auction}"


def describe(record: dict, hand_score) -> str:
    if record.get("redeal"):
        return "Redeal: all passed"
    text = f"{record['contractor']}: {bid_text(record)}"
    details = hand_score.details if hand_score else {}
    if "value" in details:
        taken = record["tricks"][record["contractor"]]
        text += f" \u2014 {details['value']}, {'made' if details['made'] else 'failed'}"
        text += " taking no tricks" if taken == 0 else f" with {plural(taken, 'trick')}"
    if record.get("challenger"):
        text += f"; challenged by {record['challenger']}"
    return text


# What a player calls each field of a hand, where two corrections are compared.
FIELDS = {
    "contractor": "Contractor",
    "strain": "Strain",
    "extra_tricks": "Extra tricks",
    "kitty_foregone": "Kitty cards foregone",
    **{name: label for name, (label, _, _) in FLAGS.items()},
    "challenger": "Challenged by",
    "tricks": "Tricks",
    "redeal": "All passed: redeal",
    "meta": "Auction",
}
TEXTS = {
    "strain": strain_text,
    "extra_tricks": str,
    "kitty_foregone": str,
    "meta": lambda meta: auction_text(meta.get("auction")) or "none",
}


def field_words(key: str, value) -> tuple[str, str]:
    if key in ("extra_tricks", "kitty_foregone") and value is None:
        value = 0  # left out of a record when there are none
    return read_field(key, value, FIELDS, (*FLAGS, "redeal"), TEXTS)
