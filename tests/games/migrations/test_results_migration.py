"""Every game stored before each game's results were kept (games/migrations/0016): its rows
are built from its hands by its engine, a deleted game's too, and a refused sheet's say so."""

import pytest
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from games.engine.sheet import settings_as_rules
from games.models import Game, Player
from games.play import services
from games.records.stats import player_record
from tests.games.migrations.test_groups_migration import migrate
from tests.games.records.afresh import afresh, scored, seen, stored
from tests.sheets import load_example

BEFORE = [("games", "0017_member_links")]
AFTER = [("games", "0018_seat_results")]

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_stored_game_gets_its_rows_as_its_engine_scores_it():
    old = migrate(BEFORE)
    User, Group = old.get_model("auth", "User"), old.get_model("games", "Group")
    Session, Game_, Hand = (old.get_model("games", name) for name in ("Session", "Game", "Hand"))
    OldPlayer, Seat = old.get_model("games", "Player"), old.get_model("games", "Seat")
    ana = User.objects.create(username="ana", password=make_password("x"))
    group = Group.objects.create(name="The Crown", owner=ana)
    session = Session.objects.create(group=group, date="2026-11-20")

    def stored_game(name, deleted=None, break_it=False):
        data = load_example(name)[0]
        rules = settings_as_rules(services.GAMES[data["game"]].Settings()) | data.get("rules", {})
        game = Game_.objects.create(
            session=session, kind=data["game"], players=data["players"], rules=rules
        )
        Game_.objects.filter(pk=game.pk).update(deleted=deleted)
        for position, person in enumerate(data["players"]):
            player, _ = OldPlayer.objects.get_or_create(group=group, name=person)
            Seat.objects.create(game=game, player=player, position=position)
        for number, record in enumerate(data["hands"], start=1):
            Hand.objects.create(game=game, number=number, record={} if break_it else record)
        return game.pk

    made = [
        stored_game("contractor-three-hands"),
        stored_game("cardigan-four-deals"),
        stored_game("tridge-four-people", deleted=timezone.now()),
        stored_game("bid-fair-opening", break_it=True),
    ]
    migrate(AFTER)
    for pk in made:
        game = Game.kept.get(pk=pk)
        assert stored(game) == scored(game)
    assert {row["outcome"] for row in stored(Game.kept.get(pk=made[3]))} == {"needs a correction"}
    ben = Player.objects.get(name="Ben")
    assert seen(player_record(ben)) == afresh([ben])
