"""What a match comes to in the ledger (games/money/entries.py): its entries from its score
alone, each adding up to zero in units and in money."""

from decimal import Decimal
from types import SimpleNamespace

import pytest

from games.engine.registry import GAMES
from games.money.entries import OUTSIDE, TABLE, Part, Pile, planned

FUNDS = {"game": 20, "reserves": [], "widow": 100}  # 120 chips left in the funds


def tridge(stake=None, split=False, carried=0, players=("Ana", "Ben", "Cy", "Dee")):
    meta = {"stake": stake} if stake else {}
    if split:
        meta["funds_left"] = "split"
    rules = {"chips": 500} | ({"carried_game": carried} if carried else {})
    return SimpleNamespace(
        pk=7, players=list(players), rules=rules, meta=meta, engine=GAMES["tridge"]
    )


def over(standings, funds=FUNDS, finished=True):
    return SimpleNamespace(standings=standings, finished=finished, details={"funds": funds})


# Each of four paid 30 in; Ben took 36 back: chips held less the 500 each was dealt.
HELD = {"Ana": 470, "Ben": 506, "Cy": 470, "Dee": 434}


def kinds(entries):
    return [entry.kind for entry in entries]


def lines(entry):
    return {(part.party, part.pile, part.in_play): (part.units, part.money) for part in entry.parts}


def test_a_points_game_over_gives_one_result_entry_at_its_money_value():
    game = SimpleNamespace(
        pk=3,
        players=["Ana", "Ben", "Cy"],
        rules={},
        meta={"stake": "0.50"},
        engine=GAMES["contractor"],
    )
    (result,) = planned(game, over({"Ana": -17, "Ben": 0, "Cy": 8}), [])
    assert result.kind == "result" and result.balanced()
    assert lines(result) == {
        ("Ana", None, False): (-42, -210_000),
        ("Ben", None, False): (9, 45_000),
        ("Cy", None, False): (33, 165_000),
    }
    assert result.stake == Decimal("0.50")


def test_a_game_not_over_or_that_needs_a_correction_gives_nothing():
    assert planned(tridge("0.05"), over(HELD, finished=False), []) == []
    assert planned(tridge("0.05"), None, []) == []


def test_a_match_that_keeps_its_funds_leaves_them_as_a_pile_of_its_own_at_its_value():
    (result,) = planned(tridge("0.05"), over(HELD), [])
    assert result.balanced()
    assert lines(result)[(TABLE, 7, False)] == (120, 6_0000)
    assert lines(result)[("Dee", None, False)] == (-66, -3_3000)


def test_funds_shared_out_come_off_the_pile_and_go_to_each_person():
    result, shared = planned(tridge("0.05", split=True), over(HELD), [])
    assert kinds([result, shared]) == ["result", "shared"] and shared.balanced()
    assert lines(shared)[(TABLE, 7, False)] == (-120, -6_0000)
    assert lines(shared)[("Ana", None, False)] == (30, 1_5000)


def test_chips_taken_at_their_own_value_move_from_their_pile_into_play_and_back_out():
    game = tridge("0.05", carried=120)
    piles = [Pile(3, 120, 6_0000)]
    taken, result = planned(game, over({**HELD, "Ben": 626}), piles)
    assert kinds([taken, result]) == ["taken", "result"]
    assert lines(taken) == {(TABLE, 3, False): (-120, -6_0000), (TABLE, 7, True): (120, 6_0000)}
    assert lines(result)[(TABLE, 7, True)] == (-120, -6_0000) and result.balanced()


def test_chips_taken_by_a_match_at_another_value_are_made_up_by_its_people():
    game = tridge("0.10", carried=120)
    taken, made_up, result = planned(game, over({**HELD, "Ben": 626}), [Pile(3, 120, 6_0000)])
    assert made_up.kind == "made up" and made_up.balanced()
    assert lines(made_up)[(TABLE, 7, True)] == (0, 6_0000)
    assert {part.money for part in made_up.parts if part.party != TABLE} == {-1_5000}
    # Given back at the match's value: 12.00, what the table holds for them now.
    assert lines(result)[(TABLE, 7, True)] == (-120, -12_0000)


def test_a_match_not_played_for_money_hands_the_chips_worth_back_to_its_people():
    game = tridge(None, carried=120)
    _, made_up = planned(game, over(HELD, finished=False), [Pile(3, 120, 6_0000)])
    assert {part.money for part in made_up.parts if part.party != TABLE} == {1_5000}


def test_chips_no_pile_of_the_group_gave_come_from_outside_at_no_money():
    game = tridge("0.05", carried=120)
    taken, made_up = planned(game, over(HELD, finished=False), [Pile(None, 120, 0)])
    assert lines(taken)[(OUTSIDE, None, False)] == (-120, 0)
    assert lines(made_up)[(TABLE, 7, True)] == (0, 6_0000)


@pytest.mark.parametrize("stake", ["0.05", "0.0015", "0.1234", None])
def test_every_entry_adds_up_to_zero_whatever_the_money_value(stake):
    game = tridge(stake, split=True, carried=121, players=("Ana", "Ben", "Cy"))
    held = {"Ana": 550, "Ben": 490, "Cy": 461}  # 1500 dealt and 121 brought, 120 left
    entries = planned(game, over(held), [Pile(3, 100, 3_0000), Pile(4, 21, 777)])
    assert entries and all(entry.balanced() for entry in entries)
    assert Part(TABLE, 0, 0) not in [part for entry in entries for part in entry.parts]
