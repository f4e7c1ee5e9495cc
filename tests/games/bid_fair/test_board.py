"""Bid Fair's scoreboard through the app (the race to the target, who deals next, the end),
and a game's later life: a deal corrected, another account, an imported sheet, the links."""

import io
import json

import pytest
from django.core.management import call_command

from games.models import CoscorerLink, Hand, Revision
from tests.games.bid_fair.bid_fair_sheets import deal
from tests.games.bid_fair.test_views import (
    DOUBLED,
    HTMX,
    OPENING,
    doubled_post,
    opening_post,
    radio,
    text,
    url,
)
from tests.sheets import EXAMPLES
from tests.tables import make_game

pytestmark = pytest.mark.django_db


# --- the scoreboard --------------------------------------------------------------------------


def test_the_scoreboard_shows_the_next_dealer_the_target_and_how_far_each_is(owner_client, game):
    board = text(owner_client.get(url(game, "")))
    assert "Next: Ana deals first" in board
    assert "Race to pass 800" in board and "needs 801 more" in board
    owner_client.post(url(game), opening_post(save="1"))
    board = text(owner_client.get(url(game, "")))
    assert "Next: Ana deals as the leader" in board
    assert "Ana needs 672 more" in board and "Ben needs 728 more" in board
    assert "Ana bid J\u2665 \u00b7 cut Q\u2665 \u00b7 card points 49\u201361" in board
    assert "Ben\u2019s 50 made" in board


def test_on_level_scores_the_deal_passes_across(owner_client, user):
    level = {"cut": "10C", "points": {"Ana": 60, "Ben": 60}}
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"), hands=[level])
    board = text(owner_client.get(url(game, "")))
    assert "Next: Ben deals: the scores are level, so the deal passes across" in board
    assert "Ben deals, Ana bids first" in text(owner_client.get(url(game)))


def test_the_game_ends_after_the_first_deal_leaving_one_player_alone_above_the_target(
    owner_client, user
):
    game = make_game(
        user, kind="bid_fair", players=("Ana", "Ben"), rules={"target": 150}, hands=[OPENING]
    )
    preview = owner_client.post(url(game), doubled_post(number=2), headers=HTMX)
    assert "This deal ends the game: Ana is alone above 150 and wins." in text(preview)
    owner_client.post(url(game), doubled_post(number=2, save="1"))
    board = text(owner_client.get(url(game, "")))
    assert "Game over: Ana wins." in board
    assert "Race to pass 150" in board and "past 150" in board
    assert "Add hand" not in board and "save a redeal" not in board
    refused = owner_client.post(url(game), {"number": 3, "kind": "redeal", "save": "1"})
    assert "What you entered here was not saved" in refused.content.decode()
    assert Hand.objects.count() == 2


def test_both_above_the_target_and_level_play_goes_on(owner_client, user):
    level = {"cut": "10C", "points": {"Ana": 70, "Ben": 70}}
    game = make_game(
        user, kind="bid_fair", players=("Ana", "Ben"), rules={"target": 100}, hands=[level, level]
    )
    board = text(owner_client.get(url(game, "")))
    assert "Game over" not in board and "Add hand 3" in board


# --- editing, other accounts, imports ------------------------------------------------------------


def test_a_deal_reads_back_into_the_form_and_an_edit_keeps_a_revision(owner_client, user):
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"), hands=[OPENING])
    form_page = owner_client.get(url(game, "hands/1/")).content.decode()
    assert " checked" in radio(form_page, "bid_0", "JH")
    assert " checked" in radio(form_page, "cut", "QH")
    assert " checked" in radio(form_page, "got_KS", "1")
    response = owner_client.post(url(game, "hands/1/"), doubled_post(version=1, save="1"))
    assert response.status_code == 302
    assert Hand.objects.get().record == DOUBLED
    revision = Revision.objects.get()
    assert revision.record == OPENING and revision.action == "edited"
    history = text(owner_client.get(url(game, "hands/1/history/")))
    assert "Ana bid J\u2665" in history and "Ana bid 9\u2660, Ben bid K\u2663" in history


def test_another_accounts_bid_fair_game_answers_404(stranger_client, game):
    assert stranger_client.get(url(game)).status_code == 404
    assert stranger_client.post(url(game), opening_post(save="1")).status_code == 404
    assert stranger_client.get(url(game, "")).status_code == 404
    assert not Hand.objects.exists()


def test_an_imported_sheet_shows_the_same_standings_as_manage_py_score(owner_client, user):
    from games.models import Game, Session

    session = Session.objects.create(group=user.owned_groups.first())
    path = EXAMPLES / "bid-fair-opening.json"
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": path.read_text()})
    game = Game.objects.get(session=session)
    assert response["Location"] == f"/games/{game.pk}/"
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    scored = json.loads(out.getvalue())
    expected = json.loads((EXAMPLES / "bid-fair-opening.expected.json").read_text())
    board = owner_client.get(url(game, ""))
    context = board.context
    assert context["score"].standings == scored["standings"] == expected["standings"]
    assert [row.score.totals for row in context["rows"]] == [h["totals"] for h in expected["hands"]]
    words = text(board)
    for name, total in expected["standings"].items():
        assert f"{name} {total}" in words
        assert f"{name} needs {801 - total} more" in words
    assert f"Next: {expected['next_dealer']} deals" in words
    assert "Both passed: redeal" in words and "Ben\u2019s 50 made" in words
    assert "Ana\u2019s doubled 70 made" in words
    # Each imported deal opens in the form and previews what the sheet says.
    for hand in expected["hands"]:
        page = owner_client.get(url(game, f"hands/{hand['number']}/"))
        assert page.status_code == 200
        assert page.context["preview"].totals == hand["totals"]


def test_the_co_scorers_phone_gets_the_one_tap_redeal_and_the_share_link_does_not(
    anon_client, game
):
    game.share_token = "s" * 32
    game.save()
    CoscorerLink.objects.create(game=game, member=game.session.group.owner, token="c" * 32)
    coscorer = anon_client.get(f"/c/{'c' * 32}/").content.decode()
    assert f'action="/c/{"c" * 32}/hands/new/"' in coscorer
    response = anon_client.post(
        f"/c/{'c' * 32}/hands/new/", {"number": 1, "kind": "redeal", "save": "1"}
    )
    assert response.status_code == 302
    assert Hand.objects.get().record == {"redeal": True}
    shared = text(anon_client.get(f"/s/{'s' * 32}/"))
    assert "Race to pass 800" in shared and "Next: Ana deals again after the redeal" in shared
    assert "save a redeal" not in shared


def test_the_self_refreshing_scoreboard_keeps_the_race_and_the_next_dealer(owner_client, user):
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"), hands=[OPENING])
    live = owner_client.get(url(game, "?live=1"), headers=HTMX)
    words = text(live)
    assert "<html" not in live.content.decode()
    assert "Ana needs 672 more" in words and "Next: Ana deals as the leader" in words


def test_once_the_game_is_over_nobody_still_needs_points(owner_client, user):
    game = make_game(
        user,
        kind="bid_fair",
        players=("Ana", "Ben"),
        rules={"target": 100},
        hands=[deal(points=(110, 10))],
    )
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "Game over: Ana wins." in page
    assert "more</span>" not in page and "ended <strong>" in page


def test_while_the_game_goes_on_the_race_says_how_many_each_still_needs(owner_client, user):
    game = make_game(
        user,
        kind="bid_fair",
        players=("Ana", "Ben"),
        rules={"target": 800},
        hands=[deal(points=(110, 10))],
    )
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "needs <strong>" in page and "short" not in page
