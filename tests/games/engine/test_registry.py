"""The game contract (games/engine/kind.py): a game is one folder and one registry line."""

from types import SimpleNamespace

import pytest
from django import forms
from django.core.exceptions import ImproperlyConfigured

from games.engine import registry
from games.models import Game, Player, Session
from games.play import services
from tests.tables import make_game

pytestmark = pytest.mark.django_db


def test_every_game_is_registered_under_its_own_key():
    assert list(registry.GAMES) == ["contractor", "bid_fair", "tridge", "cardigan"]
    assert all(key == kind.KEY for key, kind in registry.GAMES.items())


def test_a_game_whose_hand_form_is_not_built_on_the_shared_base_is_refused():
    class Loose(forms.Form):
        def to_record(self):
            return {}

    kind = SimpleNamespace(KEY="loose", HandForm=Loose)  # what register reads of a game
    with pytest.raises(ImproperlyConfigured, match="must subclass games.engine.forms.BaseHandForm"):
        registry.register(kind)
    assert "loose" not in registry.GAMES


def test_a_fifth_game_is_started_entered_scored_and_shown_on_its_board(fifth, owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    choices = owner_client.get(f"/sessions/{session.pk}/games/new/").content.decode()
    assert '?kind=fifth">Fifth <span class="muted">2 or 3 players, to 10' in choices

    seated = {"kind": "fifth", "seat_0": "Ana", "seat_1": "Ben", "rule_target": 10}
    response = owner_client.post(f"/sessions/{session.pk}/games/new/", seated)
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert (game.kind, game.players, game.rules) == ("fifth", ["Ana", "Ben"], {"target": 10})

    form = owner_client.get(f"/games/{game.pk}/hands/new/").content.decode()
    assert 'name="points_0"' in form and 'name="points_1"' in form
    hand = {"number": 1, "points_0": 6, "points_1": 4, "save": "1"}
    assert owner_client.post(f"/games/{game.pk}/hands/new/", hand).status_code == 302
    assert services.score_game(game).standings == {"Ana": 6, "Ben": 4}

    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "<h1>Fifth</h1>" in board
    assert "Ana took 6, Ben took 4" in board
    assert "Add hand 2" in board

    hand = {"number": 2, "points_0": 5, "points_1": 0, "save": "1"}
    owner_client.post(f"/games/{game.pk}/hands/new/", hand)
    score = services.score_game(game)
    assert score.finished and score.winners == ["Ana"]
    board = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert '<span class="badge">winner</span>' in board and "Add hand 3" not in board


def test_a_fifth_game_counts_on_its_players_page(fifth, owner_client, user):
    finished = [{"points": {"Ana": 4, "Ben": 3}}, {"points": {"Ana": 8, "Ben": 1}}]
    make_game(user, kind="fifth", players=("Ana", "Ben"), rules={"target": 10}, hands=finished)
    ana = Player.objects.get(name="Ana")
    page = owner_client.get(f"/players/{ana.pk}/").content.decode()
    assert ">Fifth</h2>" in page
    assert "<dt>Won</dt><dd>1</dd>" in page
    assert "<dt>Average final score</dt><dd>12.0</dd>" in page
