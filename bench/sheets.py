"""Long valid sheets for the benchmarks, seeded so that runs compare.

The mixes aim at what a real table writes down, because what the engines cost depends
on it: a Tridge sheet of random tricks is mostly lost hands, whose payments pile the
game fund into thousands of reserves no evening ever sees. docs/PERFORMANCE.md gives
each mix.
"""

import random
from collections import Counter

from games.engine.cards import deck
from games.engine.sheet import FORMAT

CONTRACTOR_STRAINS = ("diamonds", "hearts", "clubs", "spades", "crazytrump", "no_trump", "nil")
SUITS = ("S", "H", "D", "C")
MAX_HONOURS = {"S": 3, "H": 4, "D": 4, "C": 3}


def split(rng, total, people):
    """Random whole numbers for `people`, adding up to `total`."""
    cuts = sorted(rng.randint(0, total) for _ in range(len(people) - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return dict(zip(people, parts, strict=True))


def pick(rng, weighted):
    """One key of `weighted` (key -> weight)."""
    return rng.choices(tuple(weighted), tuple(weighted.values()))[0]


# --- Contractor ---------------------------------------------------------------


def contractor_sheet(hands, seed=1):
    rng = random.Random(seed)
    players = ["Ana", "Ben", "Cy"]
    records = []
    for _ in range(hands):
        if rng.random() < 0.05:
            records.append({"redeal": True})
            continue
        strain = rng.choice(CONTRACTOR_STRAINS)
        contractor = rng.choice(players)
        hand = {"contractor": contractor, "strain": strain}
        if strain != "nil" and rng.random() < 0.4:
            hand["extra_tricks"] = rng.randint(1, 5)
        if rng.random() < 0.4:
            hand["kitty_foregone"] = rng.randint(1, 3)
        if strain not in ("nil", "no_trump") and rng.random() < 0.2:
            hand["sour_trumps"] = True
        for condition in ("exposed", "absolutely_sure", "thievery"):
            if rng.random() < 0.2:
                hand[condition] = True
        if strain == "nil" and rng.random() < 0.5:
            hand["nil_without_joker"] = True
        if rng.random() < 0.2:
            hand["challenger"] = rng.choice([p for p in players if p != contractor])
        hand["tricks"] = split(rng, 10, players)
        records.append(hand)
    planned = hands + (-hands % 3)
    return sheet("contractor", players, records, {"hands": planned})


# --- Tridge -------------------------------------------------------------------

# What happens to a hand with four people; with three there is no in-comer.
TRIDGE_KINDS = {"played": 80, "passed": 10, "void": 1, "incomer": 5, "declined": 4}
TRIDGE_BIDS = {
    "play": 55,
    "flip": 15,
    "no_change": 10,
    "fixed": 12,
    "no_tricks": 4,
    "all_tricks": 4,
}
INCOMER_BIDS = {"play": 90, "no_tricks": 5, "all_tricks": 5}
# A bidder usually knows their hand: most bids are won.
NORMAL_OUTCOMES = {"win": 78, "draw": 12, "lose": 10}
SLAM_MADE = 0.55
FIXED_OFF = {0: 60, 1: 30, 2: 10}
HONOURS = (0, 0, 0, 1, 1, 2, 3, 4)
GOES_FOR_ALL = 0.1
ALL_NINE = 0.3


def tridge_sheet(hands, people=4, seed=1):
    rng = random.Random(seed)
    players = ["Ana", "Ben", "Cy", "Dee"][:people]
    kinds = TRIDGE_KINDS if people == 4 else {"played": 89, "passed": 10, "void": 1}
    records = []
    for number in range(hands):
        dealer = players[number % people]
        kind = pick(rng, kinds)
        if kind == "passed":
            records.append({"passed": True})
        elif kind == "void":
            records.append({"void": True})
        elif kind == "declined":
            records.append({"incomer_declined": True})
        elif kind == "incomer":
            hand = tridge_played(rng, dealer, pick(rng, INCOMER_BIDS), players)
            records.append({**hand, "incomer": True})
        else:
            in_play = [p for p in players if p != dealer or people == 3]
            player = rng.choice(in_play)
            records.append(tridge_played(rng, player, pick(rng, TRIDGE_BIDS), in_play))
    return sheet("tridge", players, records)


def tridge_played(rng, player, bid, in_play):
    trumps = rng.choice(SUITS)
    hand = {"player": player, "bid": bid, "trumps": trumps}
    honours = min(rng.choice(HONOURS), MAX_HONOURS[trumps])
    if honours:
        hand["honours"] = honours
    if bid == "fixed":
        hand["target"] = target = rng.randint(1, 3)
        off = pick(rng, FIXED_OFF)
        took = {0: target, 1: target + rng.choice((-1, 1)), 2: target + 2 + rng.randint(0, 3)}
        hand["tricks"] = tricks_where(rng, in_play, lambda t: t[player] == took[off])
    elif bid in ("no_tricks", "all_tricks"):
        wanted = 0 if bid == "no_tricks" else 9
        made = rng.random() < SLAM_MADE
        hand["tricks"] = tricks_where(rng, in_play, lambda t: (t[player] == wanted) == made)
    else:
        outcome = pick(rng, NORMAL_OUTCOMES)
        hand["tricks"] = tricks = tricks_where(
            rng, in_play, lambda t: tridge_outcome(player, t) == outcome
        )
        can_go_for_all = outcome == "win" and bid == "play" and tricks[player] >= 5
        if can_go_for_all and rng.random() < GOES_FOR_ALL:
            hand["went_for_all"] = True
            if rng.random() < ALL_NINE:
                hand["tricks"] = {name: 9 if name == player else 0 for name in in_play}
    return hand


def tricks_where(rng, in_play, wanted):
    """Nine tricks shared out at random until they show the outcome `wanted` asks for."""
    while True:
        tricks = split(rng, 9, in_play)
        if wanted(tricks):
            return tricks


def tridge_outcome(player, tricks):
    # Written out again, so the generator does not lean on the engine it measures.
    ranked = sorted(tricks.values(), reverse=True)
    if ranked[0] == ranked[1]:
        return "draw"
    return "win" if tricks[player] == ranked[0] else "lose"


# --- Bid Fair -----------------------------------------------------------------

BID_FAIR_PACK = deck(("9", "10", "J", "Q", "K", "A"))


def bid_fair_sheet(hands, seed=1):
    """A game that never reaches its target: no table plays 10,000 deals, but an engine can."""
    rng = random.Random(seed)
    players = ["Ana", "Ben"]
    records = []
    for _ in range(hands):
        if rng.random() < 0.05:
            records.append({"redeal": True})
            continue
        bids = bid_cards(rng, players)
        hand = {"bids": bids} if any(bids.values()) or rng.random() < 0.5 else {}
        left = [card for card in BID_FAIR_PACK if card not in bids.values()]
        rng.shuffle(left)
        if rng.random() < 0.7:
            hand["cut"] = left.pop()
        else:
            hand["trump"] = rng.choice(SUITS)
        if rng.random() < 0.5:
            taken = rng.randrange(0, 8) * 2
            hand["captured"] = {"Ana": left[:taken], "Ben": left[taken:14]}
        else:
            ana = rng.randint(30, 90)
            hand["points"] = {"Ana": ana, "Ben": rng.randint(100, 140) - ana}
        records.append(hand)
    return sheet("bid_fair", players, records, {"target": 10**9})


def bid_cards(rng, players):
    """No bid, one face-up card or two of different ranks."""
    shown = rng.sample(BID_FAIR_PACK, 2)
    while shown[0][:-1] == shown[1][:-1]:
        shown = rng.sample(BID_FAIR_PACK, 2)
    count = rng.choice((0, 1, 1, 2))
    return {
        name: card if index < count else None
        for index, (name, card) in enumerate(zip(players, shown, strict=True))
    }


# --- Cardigan -----------------------------------------------------------------

CARDIGAN_BIDS = ("diamonds", "clubs", "hearts", "spades", "red", "black", "no_trump")


def cardigan_games(games, seed=1):
    """Cardigan games end after four deals, so long work is many whole games."""
    rng = random.Random(seed)
    return [cardigan_game(rng) for _ in range(games)]


def cardigan_game(rng):
    players = ["Ana", "Ben", "Cy", "Dee"]
    teams = ("Ana & Cy", "Ben & Dee")
    packs = list(deck()) * 4
    rng.shuffle(packs)
    records = []
    for number in range(4):
        dealt = packs[number * 52 : (number + 1) * 52]
        declarer = rng.choice(players)
        tricks = rng.randint(5, 13)
        declaring = teams[players.index(declarer) % 2]
        taken = {team: tricks if team == declaring else 13 - tricks for team in teams}
        # Between one and four cards a trick: hold roughly the share the tricks give.
        low = max(taken[teams[0]], 52 - 4 * taken[teams[1]])
        high = min(4 * taken[teams[0]], 52 - taken[teams[1]])
        held = rng.randint(low, high)
        hand = {
            "declarer": declarer,
            "level": rng.randint(1, 5),
            "bid": rng.choice(CARDIGAN_BIDS),
            "tricks": tricks,
            "cards": {teams[0]: dealt[:held], teams[1]: dealt[held:]},
        }
        if rng.random() < 0.2:
            hand["duplicates"] = {declarer: ["pair"]}
        records.append(hand)
    assert all(n == 4 for n in Counter(packs).values())
    return sheet("cardigan", players, records)


def sheet(game, players, hands, rules=None):
    return {
        "format": FORMAT,
        "game": game,
        "players": players,
        "rules": rules or {},
        "hands": hands,
    }
