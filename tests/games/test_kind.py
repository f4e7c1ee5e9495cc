"""The game contract's defaults (games/kind.py): what a game leaves out."""

from types import SimpleNamespace

from games.registry import GAMES

PLAYERS = ["Ana", "Ben", "Cy"]


def over(last_dealer=None, winners=("Cy",)):
    hands = [SimpleNamespace(dealer=last_dealer)] if last_dealer else []
    return SimpleNamespace(next_dealer=None, hands=hands, winners=list(winners))


def game(meta=None):
    return SimpleNamespace(players=PLAYERS, rules={"extra": 1}, meta=meta or {})


def test_after_a_finished_game_the_deal_passes_left_of_the_last_dealer():
    assert GAMES["contractor"].next_game(game(), over("Cy"))[0] == "Ana"
    assert GAMES["contractor"].next_game(game(), over("Ana"))[0] == "Ben"


def test_a_game_in_progress_is_followed_by_whoever_deals_next():
    ongoing = SimpleNamespace(next_dealer="Cy", hands=[], winners=[])
    assert GAMES["contractor"].next_game(game(), ongoing)[0] == "Cy"


def test_in_bid_fair_the_winner_deals_the_next_game_as_the_player_ahead_deals_next():
    two = SimpleNamespace(players=["Ana", "Ben"], rules={}, meta={})
    assert GAMES["bid_fair"].next_game(two, over("Ben", winners=["Ben"]))[0] == "Ben"


def test_the_next_game_keeps_the_house_rules_and_the_money_value_alone():
    _, rules, meta = GAMES["contractor"].next_game(
        game({"stake": "0.10", "next_game": 7}), over("Ana")
    )
    assert rules == {"extra": 1} and meta == {"stake": "0.10"}


def test_with_a_money_value_the_board_says_what_each_side_is_up_or_down_and_at_the_end_pays():
    score = SimpleNamespace(standings={"Ana": 420, "Ben": 375}, finished=False)
    two = SimpleNamespace(players=["Ana", "Ben"], rules={}, meta={"stake": "0.10"})
    notes = GAMES["bid_fair"].board_context(two, score)["standing_notes"]
    assert notes == {"Ana": "up 4.50", "Ben": "down 4.50"}
    score.finished = True
    notes = GAMES["bid_fair"].board_context(two, score)["standing_notes"]
    assert notes == {"Ana": "wins 4.50", "Ben": "pays 4.50"}
    two.meta = {}
    assert GAMES["bid_fair"].board_context(two, score) == {}


def test_partners_each_win_or_pay_the_difference_between_the_teams():
    score = SimpleNamespace(standings={"Ana & Cy": 900, "Ben & Dee": 900}, finished=True)
    four = SimpleNamespace(players=["Ana", "Ben", "Cy", "Dee"], rules={}, meta={"stake": "1"})
    assert GAMES["cardigan"].board_context(four, score)["standing_notes"]["Ana & Cy"] == "square"
    score.standings["Ana & Cy"] = 910
    assert GAMES["cardigan"].board_context(four, score)["standing_notes"] == {
        "Ana & Cy": "each wins 10.00",
        "Ben & Dee": "each pays 10.00",
    }
