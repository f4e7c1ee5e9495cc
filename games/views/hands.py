"""Entering, correcting and deleting hands: one form per game, with a live preview."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from games import boards, services, web
from games.models import Hand
from games.services import Conflict
from games.sheet import SheetError
from games.views.games import owned_game


def _form_class(game):
    entry = web.entry(game.kind)
    if entry is None:
        raise Http404("Hands of this game cannot be entered yet.")
    return entry.HandForm


def _forgive_blanks(form):
    """While a hand is being filled in, a field not reached yet is not an error.

    Live updates still show what is wrong with what was entered (4 honours with
    spades trumps); only saving asks for what is missing.
    """
    for name in list(form.errors):
        if name in form.fields and form[name].value() in (None, "", []):
            del form.errors[name]


RECHECK = "Here is the game as it stands now: check your hand and save it again."


def _whole_number(value, fallback):
    try:
        return int(value)
    except (TypeError, ValueError):
        return fallback


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
    HandForm = _form_class(game)
    hands = list(game.hands.all())
    number = hand.number if hand else len(hands) + 1
    records = [h.record for h in hands]
    conflict = None
    preview = None
    if request.method == "POST":
        form = HandForm(request.POST, game=game, number=number)
        posted = _whole_number(request.POST.get("number"), number)
        if not hand and posted != number:
            # Another phone saved this hand first: show the game as it is now, keep the entry.
            conflict = f"Hand {posted} was already entered on another phone. " + RECHECK
        elif form.is_valid():
            record = form.to_record()
            trial = records[:]
            if hand:
                trial[number - 1] = record
            else:
                trial.append(record)
            try:
                preview = services.score_records(game, trial)
            except SheetError as error:
                form.show_error(error, number)
        if "save" not in request.POST:
            _forgive_blanks(form)
        if "save" in request.POST and preview is not None:
            try:
                if hand:
                    version = _whole_number(request.POST.get("version"), hand.version)
                    services.edit_hand(hand, record, request.user, version)
                else:
                    services.add_hand(game, record, request.user, number)
            except Conflict as error:
                conflict = str(error)
                if hand:
                    hand.refresh_from_db()
                else:
                    number = game.hands.count() + 1
                    form = HandForm(request.POST, game=game, number=number)
                preview = None
            except SheetError as error:
                form.show_error(error, number)
                preview = None
            else:
                return redirect(game)
    else:
        form = HandForm(game=game, number=number, record=hand.record if hand else None)
        if hand:
            record = hand.record
            preview = services.score_records(game, records)
    describe = getattr(web.entry(game.kind), "describe_record", None)
    board = boards.board(game)
    context = board | {
        "current_text": describe(hand.record) if hand and describe else "",
        "form": form,
        "hand": hand,
        "number": number,
        "conflict": conflict,
        "preview": preview.hands[number - 1] if preview and len(preview.hands) >= number else None,
        "preview_score": preview,
        "version": hand.version if hand else None,
    }
    if context["preview"] and hasattr(form, "preview_context"):
        context |= form.preview_context(preview, record)
    template = "hands/entry.html#entry" if request.htmx else "hands/entry.html"
    return render(request, template, context)


@login_required
def hand_delete(request, pk, number):
    game = owned_game(request, pk)
    hand = get_object_or_404(Hand, game=game, number=number)
    error = None
    if request.method == "POST":
        version = _whole_number(request.POST.get("version"), hand.version)
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
