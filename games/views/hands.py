"""Entering, correcting and deleting hands: one form per game, with a live preview."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from games import boards, services
from games.access import Access
from games.entry import HandEntry, whole_number
from games.models import Hand
from games.services import Conflict
from games.sheet import SheetError


def hand_new(request, access: Access):
    return _entry(request, access, hand=None)


def hand_edit(request, access: Access, number):
    hand = get_object_or_404(Hand, game=access.game, number=number)
    return _entry(request, access, hand=hand)


def _entry(request, access, hand):
    game = access.game
    if not game.engine.enterable():
        raise Http404("Hands of this game cannot be entered yet.")
    entry = HandEntry(game, hand, via_coscorer=access.role == "coscorer")
    saving = "save" in request.POST
    if request.method == "POST" and entry.submit(request.POST, access.by(request), save=saving):
        return redirect(access.url())
    template = "hands/entry.html#entry" if request.htmx else "hands/entry.html"
    return render(request, template, entry.context() | {"key": access.key})


def hand_delete(request, access: Access, number):
    game = access.game
    hand = get_object_or_404(Hand, game=game, number=number)
    error = None
    if request.method == "POST":
        version = whole_number(request.POST.get("version"), hand.version)
        try:
            services.delete_hand(
                hand, access.by(request), version, via_coscorer=access.role == "coscorer"
            )
        except (Conflict, SheetError) as problem:
            error = str(problem)
        else:
            return redirect(access.url())
    board = boards.board(game)
    row = board["rows"][number - 1] if len(board.get("rows", [])) >= number else None
    context = board | {"hand": hand, "row": row, "error": error, "key": access.key}
    return render(request, "hands/delete.html", context)


def hand_history(request, access: Access, number):
    game = access.game
    hand = get_object_or_404(Hand, game=game, number=number)
    describe = game.engine.describe_record
    revisions = [
        (revision, describe(revision.record)) for revision in hand.revisions.select_related("by")
    ]
    current = describe(hand.record)
    return render(
        request,
        "hands/history.html",
        {
            "game": game,
            "hand": hand,
            "current": current,
            "revisions": revisions,
            "key": access.key,
        },
    )
