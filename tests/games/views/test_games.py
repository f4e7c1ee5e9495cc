"""Starting a game (seats and settings), its scoreboard and its sheet."""

import json
import re

import pytest

from games.engine.registry import GAMES
from games.models import Game, Player, Session
from tests.pages import shown
from tests.tables import BEN_WINS, make_game, turn_on

pytestmark = pytest.mark.django_db


def tridge_form(**changes):
    data = {
        "kind": "tridge",
        "seat_0": "Ana",
        "seat_1": "Ben",
        "seat_2": "Cy",
        "seat_3": "Dee",
        "rule_chips": 500,
        "rule_game_contribution": 5,
        "rule_widow_contribution": 25,
        "rule_fund_cap": 4,
        "rule_flip": 5,
        "rule_no_change": 10,
        "rule_no_change_diamonds": 20,
        "rule_slam": 40,
        "rule_fixed_bonus__1": 20,
        "rule_fixed_bonus__2": 10,
        "rule_fixed_bonus__3": 5,
        "rule_fixed_penalty__1": 5,
        "rule_fixed_penalty__2": 4,
        "rule_fixed_penalty__3": 3,
        "rule_hands": "",
    }
    data.update(changes)
    return data


@pytest.fixture
def session(user):
    return Session.objects.create(group=user.owned_groups.first())


def test_the_game_form_shows_every_setting_with_its_default(owner_client, session):
    page = owner_client.get(f"/sessions/{session.pk}/games/new/?kind=tridge").content.decode()
    assert 'name="rule_widow_contribution"' in page and 'value="25"' in page
    assert 'name="rule_fixed_bonus__1"' in page


def test_a_game_without_an_entry_form_is_offered_as_coming(owner_client, session, monkeypatch):
    monkeypatch.setattr(GAMES["cardigan"], "HandForm", None)
    page = owner_client.get(f"/sessions/{session.pk}/games/new/").content.decode()
    assert 'Cardigan <span class="muted">coming soon' in page
    assert "?kind=tridge" in page and "?kind=cardigan" not in page


def test_starting_a_game_seats_new_and_known_players_and_keeps_its_settings(
    owner_client, session, user
):
    Player.objects.create(group=user.owned_groups.first(), name="Ana")
    response = owner_client.post(
        f"/sessions/{session.pk}/games/new/", tridge_form(seat_0="ana", rule_chips=400)
    )
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.players == ["Ana", "Ben", "Cy", "Dee"]
    assert Player.objects.filter(group__owner=user).count() == 4
    assert game.rules["chips"] == 400
    assert game.rules["fixed_bonus"] == {"1": 20, "2": 10, "3": 5}
    assert "hands" not in game.rules


def test_a_game_started_with_a_money_value_keeps_it_for_the_evening(owner_client, session):
    page = owner_client.get(f"/sessions/{session.pk}/games/new/?kind=tridge").content.decode()
    assert "Money per chip (optional)" in page
    owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form(stake="0,05"))
    assert Game.objects.get().meta == {"stake": "0.05"}


def test_a_game_started_without_a_money_value_is_not_played_for_money(owner_client, session):
    owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form(stake=""))
    assert Game.objects.get().meta == {}


def test_three_people_can_play_tridge(owner_client, session):
    owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form(seat_3=""))
    assert Game.objects.get().players == ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"seat_1": "ANA"}, "seat_1", "already has a seat"),
        ({"seat_2": "", "seat_3": ""}, "__all__", "needs 3 or 4 players"),
        ({"seat_1": "Ben & Jo"}, "seat_1", "cannot contain &"),
        ({"rule_fund_cap": 0}, "rule_fund_cap", "at least 1"),
        ({"rule_chips": -5}, "rule_chips", "greater than or equal to 0"),
        ({"rule_hands": "many"}, "rule_hands", "whole number"),
        ({"stake": "0.05 a chip"}, "stake", "Write an amount such as 0.05 or 0,05"),
    ],
)
def test_a_bad_game_form_is_refused_next_to_the_field_keeping_the_rest(
    owner_client, session, changes, field, words
):
    response = owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form(**changes))
    assert response.status_code == 200
    assert any(words in error for error in response.context["form"].errors[field])
    assert 'value="Dee"' in response.content.decode() or changes.get("seat_3") == ""
    assert not Game.objects.exists()


def test_the_scoreboard_shows_standings_funds_and_who_deals_leads_and_sits_out(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    response = owner_client.get(f"/games/{game.pk}/")
    page = response.content.decode()
    assert response.context["score"].standings == {"Ana": 462, "Ben": 494, "Cy": 462, "Dee": 462}
    assert "Game fund" in shown(page) and "Widow's fund" in shown(page)
    assert "Next: Ben deals and sits out" in shown(page)
    assert "<strong>Cy</strong> leads" in page
    assert f'href="/games/{game.pk}/hands/1/"' in page


def test_another_users_game_does_not_exist_for_you(stranger_client, user):
    game = make_game(user, hands=[BEN_WINS])
    for url in (
        "",
        "sheet.json",
        "tridge/settlement/",
        "hands/new/",
        "hands/1/",
        "hands/1/history/",
    ):
        assert stranger_client.get(f"/games/{game.pk}/{url}").status_code == 404
    assert stranger_client.post(f"/games/{game.pk}/hands/1/delete/").status_code == 404


def test_the_sheet_download_is_the_game_as_a_sheet(owner_client, user):
    game = make_game(user, hands=[BEN_WINS, {"passed": True}])
    response = owner_client.get(f"/games/{game.pk}/sheet.json")
    assert response["Content-Disposition"].startswith("attachment;")
    sheet = json.loads(response.content)
    assert sheet["players"] == ["Ana", "Ben", "Cy", "Dee"]
    assert sheet["hands"] == [BEN_WINS, {"passed": True}]
    assert sheet["rules"]["chips"] == 500


def test_a_redeal_tapped_twice_on_the_board_stores_one_redeal(owner_client, user):
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    board = f"/games/{game.pk}/"
    first_load = owner_client.get(board).content.decode()
    key = first_load.split('name="submission" value="')[1].split('"')[0]
    assert f'name="submission" value="{key}" form="board-action"' in first_load
    second_load = owner_client.get(board).content.decode()  # its drawn part from the cache
    assert key not in second_load
    post = {"number": 1, "kind": "redeal", "save": "1", "submission": key}
    for _ in range(2):
        assert owner_client.post(board + "hands/new/", post)["Location"] == board
    assert [hand.record for hand in game.hands.all()] == [{"redeal": True}]


def test_the_board_lists_the_newest_hand_first_and_the_printable_sheet_the_oldest(
    owner_client, user
):
    game = make_game(user, hands=[BEN_WINS] + [{"passed": True}] * 13)
    numbers = re.compile(r'<th scope="row">(\d+)</th>')
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert numbers.findall(board) == [str(n) for n in range(14, 2, -1)]
    assert "The last 12 hands" in board and "newest first" in board
    # The button to the next hand comes before the hands, right under the standings.
    assert board.index("Add hand 15") < board.index('<table class="hands">')
    sheet = owner_client.get(f"/games/{game.pk}/print/").content.decode()
    assert re.findall(r"<tr><td>(\d+)</td>", sheet) == [str(n) for n in range(1, 15)]


def test_play_again_seats_the_same_people_with_the_same_rules_and_the_deal_passed_on(
    owner_client, user
):
    game = make_game(user, hands=[BEN_WINS])  # Ana dealt hand 1: Ben deals next
    game.rules = game.rules | {"game_contribution": 7}
    game.save()
    response = owner_client.post(f"/games/{game.pk}/rematch/", {"then": "leave"})
    started = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == f"/games/{started.pk}/"
    assert started.players == ["Ben", "Cy", "Dee", "Ana"]
    assert [seat.player.name for seat in started.seat_set.all()] == started.players
    assert (started.kind, started.rules, started.session) == (game.kind, game.rules, game.session)
    assert not started.hands.exists()


def test_a_second_tap_on_play_again_leads_to_the_game_the_first_started(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    first = owner_client.post(f"/games/{game.pk}/rematch/", {"then": "leave"})
    again = owner_client.post(f"/games/{game.pk}/rematch/", {"then": "end"})
    assert first["Location"] == again["Location"] and Game.objects.count() == 2
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="{first["Location"]}">The next game with the same people' in board


def test_only_a_member_starts_the_next_game(stranger_client, owner_client, user):
    game = make_game(user)
    assert stranger_client.post(f"/games/{game.pk}/rematch/", {"then": "leave"}).status_code == 404
    assert stranger_client.get(f"/games/{game.pk}/rematch/").status_code == 404
    assert Game.objects.count() == 1


def test_play_again_on_a_game_not_over_asks_first_and_starts_nothing(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    page = owner_client.get(f"/games/{game.pk}/rematch/").content.decode()
    assert "This game is not over yet" in page
    assert (
        "the 120 chips in the funds stay on the table, and the next match starts with them" in page
    )
    assert 'value="leave">Leave it running, play again' in page
    # A form sent without the answer (from a page of before the question) is asked too.
    asked = owner_client.post(f"/games/{game.pk}/rematch/")
    assert asked["Location"] == f"/games/{game.pk}/rematch/" and Game.objects.count() == 1
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{game.pk}/rematch/">Play again with the same people' in board


def test_ending_the_match_from_play_again_puts_its_funds_into_the_next(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    started = owner_client.post(f"/games/{game.pk}/rematch/", {"then": "end"})["Location"]
    game.refresh_from_db()
    assert game.meta["ended"]["after"] == 1 and game.rules["hands"] == 1
    following = Game.objects.get(pk=started.split("/")[2])
    assert following.rules["carried_game"] + following.rules["carried_widow"] == 120
    assert "hands" not in following.rules  # planned as the first was: open-ended


def test_leaving_the_match_running_starts_the_next_with_fresh_funds(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    started = owner_client.post(f"/games/{game.pk}/rematch/", {"then": "leave"})["Location"]
    following = Game.objects.get(pk=started.split("/")[2])
    assert "carried_game" not in following.rules and "ended" not in game.meta


def test_a_finished_game_offers_the_next_one_under_its_result_and_then_leads_to_it(
    owner_client, user
):
    game = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    offer = 'form="rematch">Play again with the same people</button>'
    assert board.index("Game over") < board.index(offer) < board.index('<table class="hands">')
    started = owner_client.post(f"/games/{game.pk}/rematch/")["Location"]
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert offer not in board
    assert f'href="{started}">The next game with the same people' in board


def test_a_named_game_is_called_by_its_name_on_the_board_and_the_session(owner_client, user):
    game = make_game(user)
    owner_client.post(f"/games/{game.pk}/rename/", {"name": "The decider"})
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "<h1>The decider</h1>" in board
    session = owner_client.get(f"/sessions/{game.session_id}/").content.decode()
    assert "The decider · Tridge" in session


def test_the_owners_board_offers_rename_and_delete_and_a_link_does_not(
    owner_client, anon_client, user
):
    game = turn_on(owner_client, make_game(user))
    assert f"/games/{game.pk}/delete/" in owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "/delete/" not in anon_client.get(f"/s/{game.share_token}/").content.decode()


def test_a_deleted_game_leaves_its_session_and_undo_brings_it_back(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    response = owner_client.post(f"/games/{game.pk}/delete/", follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == f"/sessions/{game.session_id}/"
    assert "No games yet" in page and f'value="game-{game.pk}"' in page
    assert owner_client.get(f"/games/{game.pk}/").status_code == 404
    owner_client.post("/account/restore/", {"restore": f"game-{game.pk}"})
    assert owner_client.get(f"/games/{game.pk}/").status_code == 200


def test_a_new_tridge_game_asks_whether_it_starts_with_the_chips_on_the_table(owner_client, user):
    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    session = Session.objects.create(group=user.owned_groups.first(), place="Next week")
    form = owner_client.get(f"/sessions/{session.pk}/games/new/?kind=tridge").content.decode()
    when = f"{last.session.date:%-d %b}"
    assert f"120 chips left on {when} by Ana, Ben, Cy and Dee" in form
    # Not answered: asked again, next to the question, with what was typed kept.
    refused = owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form())
    assert (
        "Choose whether this game starts with the chips on the table." in refused.content.decode()
    )
    assert not session.games.exists()
    board = owner_client.post(
        f"/sessions/{session.pk}/games/new/",
        tridge_form(leftover=str(last.leftover.pk)),
        follow=True,
    ).content.decode()
    assert "The chips from the table are in play." in board
    assert "120 of the chips in the funds were left on the table by the last match." in board
