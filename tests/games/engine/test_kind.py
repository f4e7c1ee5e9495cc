"""The game contract's defaults (games/engine/kind.py): a game's folder gives the rest."""

from types import SimpleNamespace

import pytest

from games.engine.kind import GameKind
from games.engine.money import Money
from games.engine.registry import GAMES
from games.tridge import forms, records, rules, urls, words
from games.tridge.match import TridgeMoney

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


# --- what a game's folder gives -------------------------------------------------------------


def declared(**parts):
    """A game's class declared in the folder of tests/games/fifth, with these parts."""
    body = {"__module__": "tests.games.fifth.game", **parts}
    return type("Sixth", (GameKind,), body)


NAMED = {
    "NAME": "Sixth",
    "SEATS": (2,),
    "PLAYERS_TEXT": "2 players",
    "SUMMARY": (),
    "money": Money,
}


def test_a_game_takes_its_parts_from_its_folder_under_their_usual_names():
    tridge = GAMES["tridge"]
    assert tridge.KEY == "tridge"
    assert tridge.RULES is rules and tridge.RECORDS is records
    assert (tridge.Settings, tridge.score) == (rules.Settings, rules.score)
    assert (tridge.HandForm, tridge.describe) == (forms.HandForm, words.describe)
    assert tridge.SCREENS == urls.SCREENS
    assert (tridge.BOARD_TEMPLATE, tridge.MORE_TEMPLATE) == (
        "tridge/board.html",
        "tridge/more.html",
    )
    # Tridge's folder has no stylesheet; Cardigan's has.
    assert tridge.STYLESHEET is None
    assert GAMES["cardigan"].STYLESHEET == "cardigan/cardigan.css"


def test_what_a_folder_does_not_hold_takes_the_contracts_default():
    sixth = declared(**NAMED)
    assert sixth.KEY == "fifth"
    assert (sixth.BOARD_TEMPLATE, sixth.NUMBERS_TEMPLATE, sixth.SCREENS) == (None, None, ())
    assert sixth.describe_record({"points": {}}) == ""
    assert sixth.HandForm.__module__ == "tests.games.fifth.forms"


def test_what_a_games_class_declares_comes_before_its_folder():
    sixth = declared(**NAMED, KEY="sixth", BOARD_TEMPLATE="sixth/board.html")
    assert (sixth.KEY, sixth.BOARD_TEMPLATE) == ("sixth", "sixth/board.html")


def test_a_game_that_does_not_say_its_name_is_refused_as_it_is_declared():
    with pytest.raises(TypeError, match="Sixth does not declare NAME, SUMMARY, money"):
        declared(SEATS=(2,), PLAYERS_TEXT="2 players")


def test_a_games_money_is_the_facet_its_class_declares_never_one_found_by_a_name():
    # Money is not among the parts a folder gives: a game without it is refused.
    with pytest.raises(TypeError, match="Sixth does not declare money"):
        declared(**{name: part for name, part in NAMED.items() if name != "money"})
    assert GAMES["tridge"].money is TridgeMoney
    assert all(GAMES[key].money is Money for key in ("contractor", "bid_fair", "cardigan"))


def test_a_tally_kept_between_saves_is_made_by_every_module_of_the_engine():
    made_of = [module.__name__ for module in GAMES["tridge"].engine_modules()]
    assert made_of == [f"games.tridge.{name}" for name in sorted(ENGINE)]
    assert [module.__name__ for module in GAMES["cardigan"].engine_modules()] == [
        "games.cardigan.records",
        "games.cardigan.rules",
    ]


# Tridge's engine and sheet reader: pure Python, none of the app's screens.
ENGINE = ("outcome", "records", "rules", "table", "tally", "terms")
