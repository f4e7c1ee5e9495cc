"""Entering, correcting and deleting hands: one form per game, with a live preview."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, reswap

from games.engine.sheet import SheetError
from games.engine.words import in_seats
from games.models import Hand
from games.play import boards, entry, once, services
from games.play.access import Access
from games.play.entry import whole_number
from games.play.once import AlreadyStored, new_key, submission_key
from games.play.outcomes import Saved
from games.play.services import Conflict
from games.views.undo import offer_undo


def sent_before(request, access: Access) -> bool:
    """A form sent again (a double tap, Back and Save, a retry): its change is stored.

    Answered as the first was, before anything else is looked at: by now the hand's
    number may have moved on, or the hand been changed or deleted by this very form.
    """
    if request.method != "POST":
        return False
    return once.submitted(access.game, submission_key(request.POST)) is not None


# Both answer htmx with the form's part alone: the browser keeps it apart from the page,
# so Back or a reload never shows a bare part.
@vary_on_headers("HX-Request")
def hand_new(request, access: Access):
    """The next hand: its form, what it does as it is filled in, and its Save."""
    game = _enterable(access)
    if request.method != "POST":
        return _answer(request, access, entry.first(game))
    sent = entry.Sent.read(request.POST)
    if sent.saving and once.submitted(game, sent.key):
        return _to_board(request, access)  # sent before: answered as the first (`sent_before`)
    return _answer(request, access, entry.new_hand(game, sent), sent)


@vary_on_headers("HX-Request")
def hand_edit(request, access: Access, number):
    """A stored hand corrected: its form, what the correction does, and its Save."""
    game = _enterable(access)
    if request.method != "POST":
        hand = get_object_or_404(Hand, game=game, number=number)
        return _answer(request, access, entry.first(game, hand))
    sent = entry.Sent.read(request.POST)
    if sent.saving and once.submitted(game, sent.key):
        return _to_board(request, access)  # sent before: answered as the first (`sent_before`)
    by, coscorer = access.by(request), access.role == "coscorer"
    hand = _corrected(request, game, number)
    return _answer(request, access, entry.correction(game, hand, sent, by, coscorer), sent)


def _enterable(access: Access):
    if not access.game.engine.enterable():
        raise Http404("Hands of this game cannot be entered yet.")
    return access.game


def _answer(request, access: Access, outcome, sent=None):
    """Saved: back to the board, with an Undo of it. Else the outcome's screen: whole, its
    `#entry` part for htmx, or for a live update only the parts that show results."""
    if isinstance(outcome, Saved):
        if outcome.undoable:
            offer_undo(request, access, outcome.said, outcome.key)
        return _to_board(request, access)
    # A refused save says what is wrong at the top; a live update shows it beside the fields.
    saving = sent is not None and sent.saving
    context = outcome.context() | {"key": access.key, "saving": saving}
    if request.htmx and sent is not None and not saving and outcome.live(sent.data):
        return reswap(render(request, "hands/entry.html#live", context), "none")
    template = "hands/entry.html#entry" if request.htmx else "hands/entry.html"
    return render(request, template, context)


def _to_board(request, access: Access):
    """Back to the board once a hand is stored. A save sent by static/js/saving.js (htmx's
    header) is told where to go instead: a redirect followed inside fetch() would draw the
    board, and spend its Undo, out of sight."""
    if request.htmx:
        return HttpResponseClientRedirect(access.url())
    return redirect(access.url())


def _corrected(request, game, number) -> Hand:
    """The hand a correction is about: the one its form was drawn for, wherever it is now.

    A hand deleted on another phone moves the later ones up: by its number alone, a
    correction would land on the next hand. One deleted is a Hand with no pk, for the
    screen to say so.
    """
    posted = whole_number(request.POST.get("hand_id"), None)
    if posted is None:
        return get_object_or_404(Hand, game=game, number=number)
    return Hand.objects.filter(game=game, pk=posted).first() or Hand(game=game, number=number)


def hand_delete(request, access: Access, number):
    game = access.game
    if sent_before(request, access):
        return redirect(access.url())
    hand = get_object_or_404(Hand, game=game, number=number)
    error, refused = None, False
    key = submission_key(request.POST)
    if request.method == "POST":
        version = whole_number(request.POST.get("version"), hand.version)
        try:
            services.delete_hand(
                hand,
                access.by(request),
                version,
                via_coscorer=access.role == "coscorer",
                key=key,
            )
        except Conflict as problem:
            error = str(problem)
        except SheetError as problem:
            error, refused = kept_by_the_rules(game.engine.HAND, number, problem), True
        except AlreadyStored:
            pass  # sent twice at once: the first deleted it, and both answer as done
        else:
            offer_undo(request, access, f"{game.engine.HAND.capitalize()} {number} deleted", key)
        if error is None:
            return redirect(access.url())
    board = boards.board(game)
    row = board["rows"][number - 1] if len(board.get("rows", [])) >= number else None
    context = board | {
        "hand": hand,
        "row": row,
        "error": error,
        "refused": refused,
        "key": access.key,
        "submission": key or new_key(),
    }
    return render(request, "hands/delete.html", context)


def kept_by_the_rules(word: str, number: int, problem: SheetError) -> str:
    """Why the rules keep a hand: a later one would be wrong without it (Tridge's dealers)."""
    # The engine numbers the sheet without the hand: the later ones are one down there.
    shifted = problem.hand + 1 if problem.hand and problem.hand >= number else problem.hand
    later = f"{word} {shifted}" if shifted else f"the {word}s after it"
    return (
        f"{word.capitalize()} {number} was not deleted: without it, {later} would be wrong "
        f"({problem.message}). Correct {later} first, or delete from the last {word} back."
    )


def hand_history(request, access: Access, number):
    game = access.game
    hand = get_object_or_404(Hand, game=game, number=number)

    def describe(record):
        return game.engine.describe_record(in_seats(record, game.players))

    # Each earlier version has its own Restore form, so each its own one-time key.
    revisions = [
        (revision, describe(revision.record), new_key())
        for revision in hand.revisions.select_related("by")
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
            "can_edit": access.can_edit,
        },
    )
