"""The next game of the same people: started with Play again, or from the new game form.

A game has at most one next game (`meta["next_game"]`): a double tap on Play again, or
the same tap on another phone, leads to the one already started, and what a finished
game leaves on the table (GameKind.leaves: Tridge's kept funds) goes to one game only.
"""

from __future__ import annotations

from django.db import transaction

from games.engine.sheet import SheetError
from games.models import Game, Seat
from games.play import boards, services

# A new game looks this far back for the last one of the same kind and people.
LOOK_BACK = 20


def start_next(game: Game) -> Game:
    """Play again: the same kind, house rules and people, the deal passed on as the game's
    rules say (GameKind.next_game)."""
    with transaction.atomic():
        locked = services.lock(game)
        started = Game.objects.filter(pk=locked.meta.get("next_game")).first()
        if started:
            return started
        seats = [seat.player for seat in locked.seat_set.select_related("player")]
        first, rules, meta = locked.engine.next_game(locked, services.score_game(locked))
        # The sheet's first player deals first: the seats turn, keeping their order.
        turn = locked.players.index(first)
        seats = seats[turn:] + seats[:turn]
        started = Game.objects.create(
            session=locked.session,
            kind=locked.kind,
            players=[player.name for player in seats],
            rules=rules,
            meta=meta
            | {"colours": {name: boards.colours(locked)[name] for name in locked.players}},
        )
        Seat.objects.bulk_create(
            Seat(game=started, player=player, position=position)
            for position, player in enumerate(seats)
        )
        _lead_on(locked, started)
    return started


def take_over(game: Game) -> Game | None:
    """A game just started from the form takes what the last game of the same kind and
    people left for it, if that game is over and no game followed it yet; that game."""
    people = {seat.player_id for seat in game.seat_set.all()}
    earlier = (
        Game.objects.filter(
            session__group=game.session.group_id, kind=game.kind, created__lt=game.created
        )
        .order_by("-created")
        .prefetch_related("seat_set")[:LOOK_BACK]
    )
    last = next((g for g in earlier if {s.player_id for s in g.seat_set.all()} == people), None)
    if last is None or "next_game" in last.meta:
        return None
    try:
        left = last.engine.leaves(last, services.score_game(last))
    except SheetError:
        return None  # a game whose hands no longer score leaves nothing it can vouch for
    if not left:
        return None

    def take(locked):
        locked.rules = locked.rules | left
        return True

    with transaction.atomic():
        if "next_game" in services.lock(last).meta:
            return None  # Play again on another phone got there first
        services.change_game(game, take)
        _lead_on(last, game)
    return last


def _lead_on(game: Game, started: Game) -> None:
    def lead_on(locked):
        # A change of the game: the board's drawn part, kept by version, now leads on.
        locked.meta = locked.meta | {"next_game": started.pk}
        return True

    services.change_game(game, lead_on)
