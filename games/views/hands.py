"""Entering, correcting and deleting hands: one form per game, with a live preview."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from games import boards, services, web
from games.entry import HandEntry, whole_number
from games.models import Hand
from games.services import Conflict
from games.sheet import SheetError
from games.views.games import owned_game


@login_required
def hand_new(request, pk):
    game = owned_game(request, pk)
    return _entry(request, game, hand=None)


@login_required
def hand_edit(request, pk, number):
    game = owned_game(request, pk)
    hand = get_object_or_404(Hand, game=game, number=number)
    return _entry(request, game, hand=hand)


def _entry(request, game, hand):
    if web.entry(game.kind) is None:
        raise Http404("Hands of this game cannot be entered yet.")
    entry = HandEntry(game, hand)
    if request.method == "POST" and entry.submit(
        request.POST, request.user, "save" in request.POST
    ):
        return redirect(game)
    template = "hands/entry.html#entry" if request.htmx else "hands/entry.html"
    return render(request, template, entry.context())


@login_required
def hand_delete(request, pk, number):
    game = owned_game(request, pk)
    hand = get_object_or_404(Hand, game=game, number=number)
    error = None
    if request.method == "POST":
        version = whole_number(request.POST.get("version"), hand.version)
        try:
            services.delete_hand(hand, request.user, version)
        except (Conflict, SheetError) as problem:
            error = str(problem)
        else:
            return redirect(game)
    board = boards.board(game)
    row = board["rows"][number - 1] if len(board.get("rows", [])) >= number else None
    return render(request, "hands/delete.html", board | {"hand": hand, "row": row, "error": error})


@login_required
def hand_history(request, pk, number):
    game = owned_game(request, pk)
    hand = get_object_or_404(Hand, game=game, number=number)
    describe = getattr(web.entry(game.kind), "describe_record", None)
    revisions = [
        (revision, describe(revision.record) if describe else "")
        for revision in hand.revisions.select_related("by")
    ]
    current = describe(hand.record) if describe else ""
    return render(
        request,
        "hands/history.html",
        {"game": game, "hand": hand, "current": current, "revisions": revisions},
    )
