"""Building Bid Fair sheets in tests: Ana and Ben, a deal as the JSON writes it."""

import pytest

from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import SheetError
from tests.sheets import scored, sheet

PLAYERS = ("Ana", "Ben")


def deal(bids=None, points=None, captured=None, cut=None, trump="C", **extra):
    """One scored deal; `points` and `captured` are (Ana's, Ben's).

    Clubs are trumps unless told otherwise (by `trump`, or by a `cut` card, which then
    stands alone), so bids in the other suits earn no bonus.
    """
    hand = {}
    if bids is not None:
        hand["bids"] = bids
    if cut is not None:
        hand["cut"] = cut
    else:
        hand["trump"] = trump
    if points is not None:
        hand["points"] = dict(zip(PLAYERS, points, strict=True))
    if captured is not None:
        hand["captured"] = {
            name: list(cards) for name, cards in zip(PLAYERS, captured, strict=True)
        }
    hand.update(extra)
    return hand


REDEAL = {"redeal": True}


def game(*hands, rules=None, players=PLAYERS):
    return sheet("bid_fair", players, hands, rules)


def score(*hands, rules=None, players=PLAYERS):
    """The scored game as the CLI prints it."""
    return scored(game(*hands, rules=rules, players=players))


def refused(data) -> SheetError:
    """The error a sheet is refused with, read and scored as the CLI would."""
    with pytest.raises(SheetError) as info:
        score_sheet(read_sheet(data))
    return info.value
