"""Making sessions and games in the database for view and service tests."""

from games.models import Game, Player, Seat, Session
from games.registry import GAMES
from games.sheet import settings_as_rules


def make_game(owner, kind="tridge", players=("Ana", "Ben", "Cy", "Dee"), rules=None, hands=()):
    from games.models import Hand

    session = Session.objects.create(owner=owner, place="The Crown")
    settings = settings_as_rules(GAMES[kind].Settings())
    game = Game.objects.create(
        session=session, kind=kind, players=list(players), rules=settings | (rules or {})
    )
    for position, name in enumerate(players):
        player, _ = Player.objects.get_or_create(owner=owner, name=name)
        Seat.objects.create(game=game, player=player, position=position)
    for number, record in enumerate(hands, start=1):
        Hand.objects.create(game=game, number=number, record=record)
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
    """The owner turns on the game's share or co-scorer link; the game as it now is."""
    client.post(f"/games/{game.pk}/links/", {"link": link, "action": "on"})
    game.refresh_from_db()
    return game


def account_file(owner) -> dict:
    """`owner`'s account, filled with something of everything it keeps, as its file.

    Two sessions: a Tridge game with a hand corrected by the owner, one through the
    co-scorer link and one deleted; then every example sheet.
    """
    from games import imports, services
    from games.dump import dump_account
    from games.models import Hand
    from tests.sheets import example_names, load_example

    game = make_game(owner, hands=[BEN_WINS, {"passed": True}, {"passed": True}])
    Session.objects.filter(pk=game.session_id).update(note="Friday, at the club")
    services.edit_hand(Hand.objects.get(game=game, number=1), {"passed": True}, owner, 1)
    checked = {"passed": True, "meta": {"checked": True}}
    services.edit_hand(Hand.objects.get(game=game, number=2), checked, None, 1, True)
    services.delete_hand(Hand.objects.get(game=game, number=3), owner, 1)
    session = Session.objects.create(owner=owner, date="2026-11-20", place="Zoë's")
    for name in example_names():
        imports.import_sheet(session, load_example(name)[0])
    return dump_account(owner)


def everything() -> dict:
    """Every row an import can write, as values: equal before and after a refused file."""
    from django.contrib.auth import get_user_model

    from games.models import Hand, Revision

    models = (get_user_model(), Player, Session, Game, Seat, Hand, Revision)
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in models}
