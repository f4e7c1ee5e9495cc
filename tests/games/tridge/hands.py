"""Tridge hands and games for the engine's tests (test_rules.py, test_table.py, test_outcome.py).

With three people and the default settings everyone starts on 500 chips and pays 25 to
the widow's fund and 5 to the game fund before hand 1: 470 each, a game fund of 15
(the cap is 4 x 15 = 60) and a widow's fund of 75. With four: 470 each, 20 (cap 80)
and 100. Ana deals hand 1 and the deal passes to the left after every hand.
"""

from tests.sheets import scored, sheet

THREE = ["Ana", "Ben", "Cy"]
FOUR = ["Ana", "Ben", "Cy", "Dee"]
PASSED = {"passed": True}
VOID = {"void": True}
DECLINED = {"incomer_declined": True}


def played(player, tricks, bid="play", trumps="S", honours=0, **extra):
    return {
        "player": player,
        "bid": bid,
        "trumps": trumps,
        "honours": honours,
        **extra,
        "tricks": tricks,
    }


def three(ana, ben, cy):
    return {"Ana": ana, "Ben": ben, "Cy": cy}


def four(ana, ben, cy, dee):
    return {"Ana": ana, "Ben": ben, "Cy": cy, "Dee": dee}


def game(*hands, players=THREE, rules=None):
    return scored(sheet("tridge", players, hands, rules))


def last(*hands, players=THREE, rules=None):
    return game(*hands, players=players, rules=rules)["hands"][-1]


def funds(game_fund, widow, reserves=()):
    return {"game": game_fund, "reserves": list(reserves), "widow": widow}


# A normal win, a draw and a loss by Ana, who never deals hand 1 out with three people.
ANA_WINS = played("Ana", three(5, 3, 1))
ANA_DRAWS = played("Ana", three(4, 4, 1))
ANA_LOSES = played("Ana", three(3, 4, 2))
