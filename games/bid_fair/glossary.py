"""Bid Fair's words a newcomer may not know (games/engine/glossary.py): the rules page's
numbered sections, and each term with its meaning in our own words."""

from games.engine.glossary import Term

SECTIONS = (
    ("contract", "What a contract is worth"),
    ("cards", "Card points in tricks"),
    ("deal", "What a deal scores"),
    ("dealing", "Who deals, and the end"),
)

TERMS = (
    Term(
        "Bid",
        "Each player shows one card face up as a bid, or shows none (face down, or passed)."
        " The higher face-up card sets the contract's value, and the other player holds"
        " it: with one bid card, the player who did not bid holds the contract.",
        "contract",
    ),
    Term(
        "Doubled",
        "Both bid cards are face up: the lower card's player holds the contract, worth what"
        " the higher card says (not doubled), and if it is made the difference in card"
        " points is scored twice over.",
        "contract",
    ),
    Term(
        "Cut card",
        "The card cut from the pack names trumps. Tap it, or, when nobody noted which card"
        " it was, the suit alone. A face-up bid card of that suit earns a trump bonus.",
        "deal",
    ),
    Term(
        "Trump bonus",
        "Each player whose face-up bid card is of the trump suit scores 40 more (the usual"
        " house rule).",
        "deal",
    ),
    Term(
        "Cards taken in tricks",
        "The 14 cards won in the seven tricks, each worth card points (ace 1, ten to king"
        " 10 each, nine 9): tap each card to whoever took it, or type each player's points.",
        "cards",
        choices=(
            ("Card by card", "tap each card taken to its taker; the app adds the points."),
            ("Points only", "type each player's card points; they add up to 100 to 140."),
        ),
    ),
    Term(
        "Card points",
        "What the cards taken in tricks are worth: ace 1, ten to king 10 each, nine 9.",
        "cards",
    ),
    Term(
        "Race",
        "The game ends after the first deal that leaves one player alone above 800 (the usual\n"
        " house rule). The"
        " player ahead deals next; on equal scores the deal passes across.",
        "dealing",
    ),
)
