"""A Tridge match's end, and what it leaves to the next (games/tridge/match.py)."""

import random
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.registry import GAMES, read_sheet
from games.models import Game
from games.play import services
from games.play.table_forms import house_rules
from games.tridge import match
from tests.games.tridge.test_properties import a_hand
from tests.sheets import sheet
from tests.tables import BEN_WINS, coscorer_token, make_game, turn_on

PASSED = {"passed": True}


def end(client, game, way=None):
    return client.post(f"{way or f'/games/{game.pk}'}/tridge/end/")


# --- ending a match -----------------------------------------------------------------------


@pytest.mark.django_db
def test_ending_a_match_finishes_it_after_the_hands_played(owner_client, user):
    game = make_game(user, hands=[BEN_WINS, PASSED])
    assert end(owner_client, game).status_code == 302
    game.refresh_from_db()
    assert services.score_game(game).finished
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "The match ended after hand 2." in board
    assert f"The match was ended after hand 2 by {user.username}." in board
    assert "Add hand 3" not in board and "End the match here" not in board


@pytest.mark.django_db
def test_no_hand_can_be_added_after_the_end(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    end(owner_client, game)
    owner_client.post(f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"})
    assert game.hands.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("planned", [None, 12])
def test_playing_on_undoes_the_end_exactly(owner_client, user, planned):
    game = make_game(user, rules={"hands": planned} if planned else None, hands=[BEN_WINS])
    before = dict(game.rules)
    end(owner_client, game)
    owner_client.post(f"/games/{game.pk}/tridge/end/", {"play_on": "1"})
    game.refresh_from_db()
    assert game.rules == before and "ended" not in game.meta
    assert "Add hand 2" in owner_client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.django_db
def test_a_match_without_a_hand_is_not_ended(owner_client, user):
    game = make_game(user)
    assert "No hand yet" in owner_client.get(f"/games/{game.pk}/tridge/end/").content.decode()
    end(owner_client, game)
    game.refresh_from_db()
    assert "hands" not in game.rules


@pytest.mark.django_db
def test_the_co_scorer_may_end_the_match_and_the_watchers_see_it(owner_client, anon_client, user):
    game = turn_on(
        owner_client, turn_on(owner_client, make_game(user, hands=[BEN_WINS])), "coscorer"
    )
    end(anon_client, game, f"/c/{coscorer_token(game)}")
    shared = anon_client.get(f"/s/{game.share_token}/").content.decode()
    assert "The match was ended after hand 1 by the co-scorer." in shared
    assert "Play on" not in shared


@pytest.mark.django_db
def test_the_end_screen_says_what_happens_to_the_funds(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    page = owner_client.get(f"/games/{game.pk}/tridge/end/").content.decode()
    assert "End the match after hand 1?" in page
    assert "The 120 chips in the funds are left on the table for the next match" in page


# --- the next match ---------------------------------------------------------------------------


def finished(funds):
    return SimpleNamespace(finished=True, details={"funds": funds})


def a_game(rules=None, meta=None):
    return SimpleNamespace(players=["Ana", "Ben", "Cy"], rules=rules or {}, meta=meta or {})


def test_kept_funds_are_left_on_the_table_as_they_lie():
    funds = {"game": 45, "reserves": [60, 20], "widow": 90}
    left = match.left_on_table(a_game({"chips": 500}), finished(funds))
    assert left == {"carried_game": 45, "carried_reserves": 80, "carried_widow": 90}


def test_split_funds_leave_only_the_chips_that_could_not_be_shared():
    funds = {"game": 45, "reserves": [], "widow": 75}
    game = a_game({"chips": 500, "carried_game": 9}, {"funds_left": "split"})
    assert match.left_on_table(game, finished(funds)) == {}
    funds["game"] = 46
    assert match.left_on_table(game, finished(funds)) == {"carried_game": 1}


def test_a_match_not_over_leaves_nothing_and_the_next_is_planned_as_the_first_was():
    ongoing = SimpleNamespace(finished=False, details={})
    assert match.left_on_table(a_game({"carried_game": 9}), ongoing) == {}
    assert match.next_rules(a_game({"chips": 500, "carried_game": 9})) == {"chips": 500}
    game = a_game({"hands": 4}, {"ended": {"after": 4, "planned": None}})
    assert "hands" not in match.next_rules(game)


def test_the_carried_funds_are_never_asked_as_house_rules():
    assert not [name for name, *_ in house_rules(GAMES["tridge"]) if "carried" in name]


@pytest.mark.django_db
def test_the_next_match_starts_with_the_kept_funds_on_its_board(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    end(owner_client, game)
    owner_client.post(f"/games/{game.pk}/tridge/settlement/options/", {"chip_value": "0.05"})
    owner_client.post(f"/games/{game.pk}/rematch/")
    following = Game.objects.exclude(pk=game.pk).get()
    # Ana dealt hand 1, so Ben deals the first hand of the next match.
    assert following.players == ["Ben", "Cy", "Dee", "Ana"]
    assert following.meta["stake"] == "0.05" and following.meta["funds_left"] == "keep"
    board = owner_client.get(f"/games/{following.pk}/").content.decode()
    assert "120 of the chips in the funds were left on the table by the last match." in board
    funds = services.score_game(following).details["funds"]
    assert funds == {"game": 20 + 20, "reserves": [], "widow": 100 + 100}


# --- chips are conserved across matches --------------------------------------------------------

PEOPLE = ("Ana", "Ben", "Cy")


@given(
    seed=st.integers(0, 2**32),
    matches=st.lists(st.tuples(st.integers(1, 12), st.booleans()), min_size=1, max_size=4),
)
def test_no_chip_goes_astray_over_several_matches(seed, matches):
    """Every match settles exactly, and all the evening's results with the chips still on
    the table come to nothing: the kept funds move from one match to the next whole."""
    rng = random.Random(seed)
    rules, total = {}, 0
    for count, split in matches:
        hands = [a_hand(rng.choice, rng.randint, PEOPLE, n) for n in range(1, count + 1)]
        score = GAMES["tridge"].score(
            read_sheet(sheet("tridge", list(PEOPLE), hands, rules | {"hands": count}))
        )
        game = a_game(
            rules | {"hands": count, "chips": 500}, {"funds_left": "split" if split else "keep"}
        )
        result = match.settlement(game, score)
        # What the people won, with their shares, and what stays: what the match brought.
        stays = result.left_over if result.split else result.on_table
        assert sum(result.results.values()) + stays == match.carried(rules)
        total += sum(result.results.values())
        rules = match.left_on_table(game, score)
        assert total + match.carried(rules) == 0
