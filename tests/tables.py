"""Making sessions and games in the database for view and service tests."""

from games.engine.registry import GAMES
from games.engine.sheet import settings_as_rules
from games.models import Game, Player, Seat, Session


def make_game(owner, kind="tridge", players=("Ana", "Ben", "Cy", "Dee"), rules=None, hands=()):
    from games.models import Hand
    from games.play import changes

    session = Session.objects.create(group=owner.owned_groups.first(), place="The Crown")
    settings = settings_as_rules(GAMES[kind].Settings())
    game = Game.objects.create(
        session=session, kind=kind, players=list(players), rules=settings | (rules or {})
    )
    for position, name in enumerate(players):
        player, _ = Player.objects.get_or_create(group=owner.owned_groups.first(), name=name)
        Seat.objects.create(game=game, player=player, position=position)
    for number, record in enumerate(hands, start=1):
        Hand.objects.create(game=game, number=number, record=record)
    changes.changed(game)  # as after the last hand saved: what a match over leaves is on the table
    return game


def example_game(session, name, stake=None, **meta):
    """The example sheet `name` imported into `session`, with a money value and meta."""
    import json

    from games.play import changes
    from games.records.imports import import_sheet
    from tests.sheets import EXAMPLES

    game = import_sheet(session, json.loads((EXAMPLES / f"{name}.json").read_text()))
    if stake is not None:
        meta["stake"] = stake
    game.meta = game.meta | meta
    game.save()
    changes.changed(game)  # as a change of the game's money value makes it
    return game


def tridge_post(number, **fields):
    """A Tridge hand form as the phone posts it."""
    data = {"number": number, "kind": "played"}
    data.update({key: value for key, value in fields.items() if value is not None})
    return data


BEN_WINS = {
    "player": "Ben",
    "bid": "play",
    "trumps": "C",
    "honours": 3,
    "tricks": {"Ben": 5, "Cy": 3, "Dee": 1},
}


def turn_on(client, game, link="share"):
    """The owner turns on the game's share link or their co-scorer link; the game as it now
    is (its co-scorer link: `coscorer_token`)."""
    client.post(f"/games/{game.pk}/links/", {"link": link, "action": "on"})
    game.refresh_from_db()
    return game


def coscorer_token(game, member=None) -> str:
    """The token of `member`'s co-scorer link to `game` (the group's owner's by default),
    turned on now if it was off."""
    from games.models import CoscorerLink
    from games.play.access import new_token

    member = member or game.session.group.owner
    link, _ = CoscorerLink.objects.get_or_create(
        game=game, member=member, defaults={"token": new_token()}
    )
    return link.token


def link_token(game, link) -> str:
    """The token of the game's share link, or of its owner's co-scorer link."""
    return game.share_token if link == "share" else coscorer_token(game)


def account_file(owner) -> dict:
    """`owner`'s account, filled with something of everything it keeps, as its file.

    Two sessions: a Tridge game with a hand corrected by the owner, one through the
    co-scorer link and one deleted; then every example sheet.
    """
    from games.models import Hand
    from games.play import services
    from games.records import imports
    from games.records.dump import dump_account
    from tests.sheets import example_names, load_example

    game = make_game(owner, hands=[BEN_WINS, {"passed": True}, {"passed": True}])
    Session.objects.filter(pk=game.session_id).update(note="Friday, at the club")
    services.edit_hand(Hand.objects.get(game=game, number=1), {"passed": True}, owner, 1)
    checked = {"passed": True, "meta": {"checked": True}}
    services.edit_hand(Hand.objects.get(game=game, number=2), checked, None, 1, True)
    services.delete_hand(Hand.objects.get(game=game, number=3), owner, 1)
    session = Session.objects.create(
        group=owner.owned_groups.first(), date="2026-11-20", place="Zoë's"
    )
    for name in example_names():
        imports.import_sheet(session, load_example(name)[0])
    return dump_account(owner)


def everything() -> dict:
    """Every row an import can write, as values: equal before and after a refused file."""
    from django.contrib.auth import get_user_model

    from games.models import Group, Hand, Membership, Revision

    models = (get_user_model(), Group, Membership, Player, Session, Game, Seat, Hand, Revision)
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in models}


def many_games(owner, count, example="contractor-three-hands"):
    """`count` sessions a day apart from 1 Jan 2026, each holding the example sheet's game.

    The first is imported; the rest are its copies, written in bulk: 200 games take a
    moment, not a minute.
    """
    import datetime

    from games.models import Hand
    from games.records import results
    from games.records.imports import import_sheet
    from tests.sheets import load_example

    first = datetime.date(2026, 1, 1)
    session = Session.objects.create(group=owner.owned_groups.first(), date=first, place="Day 1")
    game = import_sheet(session, load_example(example)[0])
    seats = list(Seat.objects.filter(game=game))
    hands = list(Hand.objects.filter(game=game))
    days = range(1, count)
    sessions = Session.objects.bulk_create(
        Session(
            group=owner.owned_groups.first(),
            date=first + datetime.timedelta(days=day),
            place=f"Day {day + 1}",
        )
        for day in days
    )
    games = Game.objects.bulk_create(
        Game(session=s, kind=game.kind, players=game.players, rules=game.rules, meta=game.meta)
        for s in sessions
    )
    Seat.objects.bulk_create(
        Seat(game=g, player_id=seat.player_id, position=seat.position)
        for g in games
        for seat in seats
    )
    Hand.objects.bulk_create(
        Hand(game=g, number=hand.number, record=hand.record) for g in games for hand in hands
    )
    # Written in bulk, no change was told: their results are stored as a change would.
    results.rebuild(games)
    return game
