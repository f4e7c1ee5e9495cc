"""The next game of the same people: Play again.

A game has at most one next game (`meta["next_game"]`): a double tap on Play again, or
the same tap on another phone, leads to the one already started. What the game left on
the table (Tridge's kept funds) is the group's: Play again takes it, as the new game form
offers it (games/money/table.py `play_again`, which calls `start_next`).
"""

from __future__ import annotations

from django.db import transaction

from games.models import Game, Seat
from games.play import boards, changes, services


def start_next(game: Game, first: str | None = None) -> Game:
    """Play again: the same kind, house rules and people, the deal passed on as the game's
    rules say (GameKind.next_game), or to `first`: the one a phone with no signal showed
    dealing its first hand, whose hands were entered in the seats that follow (a name of
    the game's; games/views/again.py)."""
    with transaction.atomic():
        locked = services.lock(game)
        started = Game.objects.filter(pk=locked.meta.get("next_game")).first()
        if started:
            return started
        seats = [seat.player for seat in locked.seat_set.select_related("player")]
        started = drawn_next(locked, first)
        # The sheet's first player deals first: the seats turn, keeping their order.
        turn = locked.players.index(started.players[0])
        seats = seats[turn:] + seats[:turn]
        started.save()
        Seat.objects.bulk_create(
            Seat(game=started, player=player, position=position)
            for position, player in enumerate(seats)
        )
        changes.changed(started)  # a new game: what follows games knows it at once
        _lead_on(locked, started)
    return started


def drawn_next(game: Game, first: str | None = None, score=None) -> Game:
    """The next game as Play again would start it, not stored: the same kind, house rules
    and people, the seats turned so that its first dealer sits first."""
    dealer, rules, meta = game.engine.next_game(game, score or services.score_game(game))
    first = first if first in game.players else dealer
    turn = game.players.index(first)
    colours = boards.colours(game)
    return Game(
        session=game.session,
        kind=game.kind,
        players=game.players[turn:] + game.players[:turn],
        rules=rules,
        meta=meta | {"colours": {name: colours[name] for name in game.players}},
    )


def _lead_on(game: Game, started: Game) -> None:
    def lead_on(locked):
        # A change of the game: the board's drawn part, kept by version, now leads on.
        locked.meta = locked.meta | {"next_game": started.pk}
        return True

    services.change_game(game, lead_on)
