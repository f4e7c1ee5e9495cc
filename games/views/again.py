"""Play again with no signal: the next game begun on the phone, started when the signal
returns (static/js/evening.js).

A member's board keeps, for each seat of its people, the page the next game starts on with
that seat dealing first (games/offline.py): its first hand's form and the hands' after it,
drawn on the game Play again would start (games/play/following.py `drawn_next`), not
stored. Tapped with no signal, Play again opens the one the phone's scores give, and the
hands entered there are kept under its path (static/js/queue.js) as any new hand's page's.

When the signal returns they are sent here, one by one, each with its key. The first one
starts the next game and is stored in it; the game is started once, as by Play again's
button: under the last game's lock, which names its next game (`meta["next_game"]`), so a
hand sent twice, a second phone or a tap of Play again online lead to the same game. It is
started with the seats the phone entered its hands in (its first dealer, from the path),
and only once the last game has the hands the phone had for it when Play again was tapped
(`after`, which evening.js writes into the form): its hands kept on the phone go first, and
what it leaves on the table (Tridge's funds) goes to the next game as it would online.
Where the table chose to end the last game there (`then`), it is ended after those hands.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render

from games import offline
from games.models import Game
from games.money import table
from games.play import entry, following, services
from games.play.access import Access, member_game
from games.play.offline import ahead
from games.play.outcomes import Preview
from games.views import hands


@login_required
def again(request, pk, seat):
    """The next game's page with the seat `seat` of `pk`'s people dealing first: its first
    hand's form, or, once it is started, its next hand's; a hand sent here is stored in it."""
    game = member_game(request, pk)
    if seat >= len(game.players) or not game.engine.enterable():
        raise Http404("No such seat.")
    dealer = game.players[seat]
    started = Game.objects.filter(pk=game.meta.get("next_game")).first()
    if started is not None and started.players[0] != dealer:
        return _taken(request, game, started, dealer)
    if request.method == "POST":
        if started is None:
            started = _start(request, game, dealer)
            if isinstance(started, HttpResponse):
                return started
        request.access = Access(started, "member", started.pk)
        return hands.hand_new(request, request.access)
    offline.shown(request, game=game)
    said = {"path": request.path, "last": game, "dealer": dealer, "started": started}
    if started is not None:
        context = entry.first(started).context() | {"key": started.pk}
    else:
        drawn = following.drawn_next(game, dealer)
        # Not stored: an id no game has (they start at 1), so that what its forms read of
        # the hands before theirs (the last deal's way of counting) finds none.
        drawn.pk = 0
        form = drawn.engine.HandForm(game=drawn, number=1)
        outcome = Preview(drawn, 1, form, None, key=None, ahead=ahead(form))
        context = outcome.context() | {"key": game.pk}
    return render(request, "hands/entry.html", context | {"saving": False, "again": said})


def _start(request, game: Game, dealer: str):
    """The next game started by a hand sent here (or by "Start it now"), or the screen that
    says why not yet."""
    if request.POST.get("start"):
        table.play_again(game, dealer)
        return redirect(request.path)  # its page, which sends the hands kept for it
    if not entry.Sent.read(request.POST).saving:
        # A live update of a form filled in with the signal on: nothing to work out before
        # the game exists (the hand is scored as it is saved).
        return HttpResponse(status=204)
    after = entry.whole_number(request.POST.get("after"), 0)
    stored = game.hands.count()
    if stored < after:
        context = {
            "game": game,
            "engine": game.engine,
            "stored": stored,
            "after": after,
            "path": request.path,
        }
        template = "games/again_waits.html" + ("#entry" if request.htmx else "")
        return render(request, template, context)
    if request.POST.get("then") == "end":
        # "End it here, then play again", tapped with no signal: after the hands it had.
        by, hands = request.user.get_username(), after or stored
        services.change_game(game, lambda locked: locked.engine.money.end(locked, hands, by))
    return table.play_again(game, dealer)


def _taken(request, game: Game, started: Game, dealer: str):
    """The next game was started meanwhile with another first dealer: the hands kept for
    this page were entered in other seats, and are not sent into it."""
    context = {"game": game, "engine": game.engine, "started": started, "dealer": dealer}
    template = "games/again_taken.html" + ("#entry" if request.htmx else "")
    return render(request, template, context)
