"""Matches already over when the table's record came (games/migrations/0015): what they
left lies on the table, or was taken by the match Play again started with it."""

import pytest
from django.contrib.auth.hashers import make_password

from games.engine.sheet import settings_as_rules
from games.play import services
from tests.games.migrations.test_groups_migration import migrate
from tests.tables import BEN_WINS

BEFORE = [("games", "0014_grouppayment")]
AFTER = [("games", "0015_leftovers")]

pytestmark = pytest.mark.django_db(transaction=True)


def test_what_matches_over_left_is_on_the_table_or_with_the_match_that_took_it():
    old = migrate(BEFORE)
    User, Group = old.get_model("auth", "User"), old.get_model("games", "Group")
    Session, Game = old.get_model("games", "Session"), old.get_model("games", "Game")
    Hand = old.get_model("games", "Hand")
    ana = User.objects.create(username="ana", password=make_password("x"))
    session = Session.objects.create(group=Group.objects.create(name="The Crown", owner=ana))
    rules = settings_as_rules(services.GAMES["tridge"].Settings()) | {"hands": 1}

    def match(**meta):
        game = Game.objects.create(
            session=session,
            kind="tridge",
            players=["Ana", "Ben", "Cy", "Dee"],
            rules=rules,
            meta=meta,
        )
        Hand.objects.create(game=game, number=1, record=BEN_WINS)
        return game

    taken_by = match()
    left_alone, followed = match(), match(next_game=taken_by.pk)
    match(funds_left="split")  # 120 among four: nothing stays
    new = migrate(AFTER)
    Leftover = new.get_model("games", "Leftover")
    rows = {row.source_id: row.taken_by_id for row in Leftover.objects.all()}
    assert rows == {taken_by.pk: None, left_alone.pk: None, followed.pk: taken_by.pk}
