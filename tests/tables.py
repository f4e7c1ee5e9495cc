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
