"""Contractor's words a newcomer may not know (games/engine/glossary.py): the rules page's
numbered sections, and each term with its meaning in our own words."""

from games.engine.glossary import Term

SECTIONS = (
    ("worth", "What a contract is worth"),
    ("conditions", "What each condition adds"),
    ("hand", "What a hand scores"),
    ("auction", "Bidding, challenges and redeals"),
)

TERMS = (
    Term(
        "Contract",
        "What the contractor promised: a strain and any conditions. Enter it as it ended,"
        " or record the bidding call by call.",
        "worth",
        choices=(
            ("Contract", "enter the contract that won the bidding, in one go."),
            (
                "Auction",
                "record each call (pass, bid, challenge) and the app finds the"
                " contractor and the contract.",
            ),
        ),
    ),
    Term(
        "Contractor",
        "The player whose bid won the bidding and who must now make the contract.",
        "hand",
    ),
    Term(
        "Strain",
        "What the contract is played in; its number is its base value. A suit is trumps,"
        " or one of the three special strains:",
        "worth",
        choices=(
            (
                "Crazytrump",
                "the top card of the kitty, turned up after the bidding, names"
                " trumps (the joker: no trumps).",
            ),
            ("No trump", "no trumps; the contractor's left-hand neighbour leads first."),
            ("Nil", "no trumps, and the contractor must take no trick at all."),
        ),
    ),
    Term(
        "Extra tricks",
        "Tricks promised beyond the five every contract needs: each adds 2 to its value."
        " Not in nil.",
        "conditions",
    ),
    Term(
        "Kitty foregone",
        "The kitty is the three cards dealt face down. The contractor may leave some of them"
        " untaken and unseen: each one foregone adds 1.",
        "conditions",
    ),
    Term(
        "Conditions",
        "Promises that make the contract harder and dearer:",
        "conditions",
        choices=(
            (
                "Sour trumps",
                "the contractor may not lead a trump until another player has played one.",
            ),
            ("Exposed", "the contractor plays with the hand face up on the table."),
            ("Absolutely sure", "a failed contract costs twice its value."),
            (
                "Nil without joker",
                "in nil only: the contractor discards the joker and never plays it.",
            ),
            (
                "Thievery",
                "each opponent takes a card at random from the contractor's hand"
                " and gives one back of their choice.",
            ),
        ),
    ),
    Term(
        "Challenge",
        "An opponent may challenge a bid: a side bet of 3 points between the challenger and"
        " the contractor on whether the contract is made.",
        "hand",
    ),
    Term(
        "Dealer's bonus",
        "A bid made by the dealer is worth 1 more; the app adds it.",
        "worth",
    ),
)
