"""Games played by people with long names, for the tests of every screen at a phone's width.

Each example sheet, its players renamed: a hyphenated first name with a long surname (as
issue 35 met it), a 24-letter name without a space (the hardest: it can break nowhere), two
ordinary long ones. Games are left open so that their entry screens can be visited.
"""

import json
import re

from games.records.imports import import_sheet
from tests.sheets import EXAMPLES

LONGEST = "Wolfeschlegelsteinhausen"  # 24 characters, one word
NAMES = {
    "Ana": "Anne-Sophie Wolfeschlegelstein",
    "Ben": LONGEST,
    "Cy": "Maximilian",
    "Dee": "Deirdre",
}
SHEETS = {
    "tridge": "tridge-four-people",
    "contractor": "contractor-three-hands",
    "bid_fair": "bid-fair-opening",
    "cardigan": "cardigan-four-deals",
}


def renamed(text: str) -> str:
    return re.sub(r"\b(Ana|Ben|Cy|Dee)\b", lambda m: NAMES[m.group(1)], text)


def long_named_game(session, kind, hands=None):
    """The example game of `kind`, its players renamed, with its first `hands` hands
    (all but the last by default), open for the next."""
    data = json.loads(renamed((EXAMPLES / f"{SHEETS[kind]}.json").read_text()))
    data.get("rules", {}).pop("hands", None)
    keep = len(data["hands"]) - 1 if hands is None else hands
    data["hands"] = data["hands"][:keep]
    return import_sheet(session, data)
