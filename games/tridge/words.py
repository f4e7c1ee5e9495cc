"""How Tridge hands read: on the board, in the history, and in the live preview."""

from __future__ import annotations

from games.engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from games.engine.words import read_field, whose

BID_NAMES = {
    "play": "Play",
    "flip": "Flip",
    "no_change": "No change",
    "no_tricks": "No tricks",
    "all_tricks": "All tricks",
    "fixed": "Fixed tricks",
}
OUTCOME_WORDS = {
    "win": "wins",
    "draw": "draws",
    "lose": "loses",
    "one_off": "is one off and takes half the game fund",
}


def suit_label(suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def describe_record(record: dict) -> str:
    """A hand as the table would say it: "Ben: no change ♦ 3 hon.; tricks Ben 5, Cy 2, Dee 2"."""
    if record.get("passed"):
        return "All passed"
    if record.get("void"):
        return "Not valid"
    if record.get("incomer_declined"):
        return "In-comer declined"
    bid = BID_NAMES[record["bid"]].lower()
    if record["bid"] == "fixed":
        bid = f"fixed {record['target']}"
    if record.get("went_for_all"):
        bid += ", went for all"
    honours = record.get("honours", 0)
    parts = [
        f"{record['player']}{' (in-comer)' if record.get('incomer') else ''}: {bid}",
        f"{SUIT_SYMBOLS[record['trumps']]}" + (f" {honours} hon." if honours else ""),
    ]
    return f"{' '.join(parts)}; tricks {whose(record['tricks'], record['player'])}"


def describe(record: dict, hand_score) -> str:
    text = describe_record(record)
    outcome = hand_score.details.get("outcome") if hand_score else None
    if outcome in OUTCOME_WORDS:
        text += f" \u2014 {OUTCOME_WORDS[outcome].split(' and ')[0]}"
    return text


def outcome_sentence(details: dict, deltas: dict, before: dict, record: dict) -> str:
    outcome = details["outcome"]
    if outcome == "passed":
        paid = -min(deltas.values())
        if paid:
            where = into_funds(paid * len(deltas), before, details["funds"])
            return f"All passed: everyone pays {paid}{where}."
        return "All passed: nothing is paid."
    if outcome == "void":
        return "Not valid: nothing changes."
    if outcome == "declined":
        return f"{details['player']} paid {details['incomer_paid']} to come in, then declined."
    sentence = f"{details['player']} {OUTCOME_WORDS[outcome]}"
    if details.get("incomer"):
        sentence += f" (paid {details['incomer_paid']} to come in)"
    if outcome == "win":
        sentence += f" and takes the game fund ({details['stake']})"
        if wins_widow(record, details):
            sentence += f" and the widow's fund ({before['widow']})"
    if details.get("defender"):
        sentence += f"; {details['defender']} takes {details['stake']} as the top defender"
    if details.get("went_for_all"):
        sentence += f"; going for all {details['went_for_all']}"
    return sentence + "."


def into_funds(paid: int, before: dict, after: dict) -> str:
    """Where a payment into the game fund went: past the fund's cap, to a reserve fund."""
    kept = after["game"] - before["game"]
    if kept >= paid:
        return " into the game fund"
    if kept <= 0:
        return ", all of it into a reserve fund: the game fund is full"
    return f": {kept} fills the game fund and {paid - kept} goes into a reserve fund"


def wins_widow(record: dict, details: dict) -> bool:
    if record.get("bid") in ("no_tricks", "all_tricks"):
        return True
    if record.get("bid") == "no_change" and record.get("trumps") == "D":
        return True
    return details.get("went_for_all") == "made"


def fund_movements(before: dict, after: dict) -> list[str]:
    """What happened to the pots in one hand, in words."""
    lines = []
    if before["game"] != after["game"]:
        lines.append(f"Game fund {before['game']} \u2192 {after['game']}")
    if before["reserves"] != after["reserves"]:
        shown = ", ".join(str(r) for r in after["reserves"]) or "none"
        lines.append(f"Reserve funds: {shown}")
    if before["widow"] != after["widow"]:
        lines.append(f"Widow's fund {before['widow']} \u2192 {after['widow']}")
    return lines


# What a player calls each field of a hand, where two corrections are compared.
FIELDS = {
    "player": "Who played",
    "bid": "Bid",
    "trumps": "Trumps",
    "honours": "Honours",
    "target": "Tricks fixed",
    "went_for_all": "Went for all",
    "incomer": "In-comer",
    "tricks": "Tricks",
    "passed": "All passed",
    "void": "Not valid",
    "incomer_declined": "In-comer declined",
}
FLAGS = ("went_for_all", "incomer", "passed", "void", "incomer_declined")
TEXTS = {"bid": lambda bid: BID_NAMES.get(bid, bid), "trumps": suit_label}


def field_words(key: str, value) -> tuple[str, str]:
    return read_field(key, value, FIELDS, FLAGS, TEXTS)


# How the evening's settlement counts a match (games/engine/money.py `SETTLES_TEXT`, the
# facet in games/tridge/match.py), after it says how any game's results are settled.
SETTLES_TEXT = (
    "In Tridge it is chips won or lost, and the table counts as one more person: it is paid "
    "for the chips left on it for the next match, and pays out what an earlier match left."
)
