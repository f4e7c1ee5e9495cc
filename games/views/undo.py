"""Taking a change back: Undo on the board, an earlier version of a hand, a deleted hand.

Each is a change like any other: a POST with a one-time key, scored whole under the
game's lock (games/play/services.py), kept as a revision, and itself offered for Undo.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from games.engine.sheet import SheetError
from games.models import Revision
from games.play import once, services
from games.play.access import Access
from games.play.entry import whole_number
from games.play.once import AlreadyStored, new_key, submission_key
from games.play.services import Conflict

# What the board's line says an Undo did (services.undo's answer): "Hand 3 put back".
UNDONE = {"added": "put back", "edited": "back as it was", "deleted": "deleted"}


def offer_undo(request, access: Access, text: str, change: str | None) -> None:
    """The next page says `text` ("Hand 3 saved") with a one-tap Undo of that change.

    Django's messages carry it, in base.html's per-visitor part, never the board's cached
    one. A message is text: this one is the rendered form itself, because it needs the
    change's key and its own one-time key, and the messages framework keeps a safe
    string safe through its storage. The "undo" tag lets it fade (static/css/app.css).
    """
    if not change:  # a form drawn without a key: nothing to name the change by
        messages.success(request, text)
        return
    form = render_to_string(
        "hands/undo.html",
        {"text": text, "action": access.url("undo"), "change": change, "submission": new_key()},
        request=request,
    )
    messages.success(request, mark_safe(form.strip()), extra_tags="undo")


def sent_before(request, access: Access) -> bool:
    """This form's change is stored already (as games/views/hands.py `sent_before`)."""
    return once.submitted(access.game, submission_key(request.POST)) is not None


def _why(refused: SheetError) -> str:
    """The rule a restore breaks: "hand 2 comes after the game ended", not "hand 2: hand: ..."."""
    if refused.field == "hand" and refused.hand is not None:
        return f"hand {refused.hand} {refused.message}"
    return str(refused)


def _word(access: Access) -> str:
    return access.game.engine.HAND.capitalize()


def _by(request, access: Access) -> dict:
    return {"user": access.by(request), "via_coscorer": access.role == "coscorer"}


@require_POST
def undo(request, access: Access):
    if sent_before(request, access):
        return redirect(access.url())
    key = submission_key(request.POST)
    try:
        number, done = services.undo(
            access.game, request.POST.get("change"), key=key, **_by(request, access)
        )
    except AlreadyStored:
        pass  # sent twice at once: the first undid it
    except (Conflict, SheetError) as refused:
        messages.error(request, _why(refused) if isinstance(refused, SheetError) else str(refused))
    else:
        offer_undo(request, access, f"{_word(access)} {number} {UNDONE[done]}", key)
    return redirect(access.url())


@require_POST
def hand_restore(request, access: Access):
    """An earlier version of a hand, from its history, becomes the hand again."""
    if sent_before(request, access):
        return redirect(access.url())
    revision = get_object_or_404(
        Revision.objects.select_related("hand"),
        game=access.game,
        pk=whole_number(request.POST.get("revision"), 0),
        hand__isnull=False,
    )
    hand, key = revision.hand, submission_key(request.POST)
    version = whole_number(request.POST.get("version"), hand.version)
    word = _word(access)
    try:
        services.edit_hand(
            hand,
            revision.record,
            key=key,
            expected_version=version,
            top=services.top_at(revision),
            **_by(request, access),
        )
    except AlreadyStored:
        return redirect(access.url())
    except Conflict:
        messages.error(
            request,
            f"Nothing was restored: {word.lower()} {hand.number} was changed on another phone "
            "since this page was shown. Here is its history as it stands now.",
        )
        return redirect(access.url("hand_history", hand.number))
    except SheetError as refused:
        messages.error(
            request,
            f"Version {revision.version} cannot come back. The rules refuse it: {_why(refused)}.",
        )
        return redirect(access.url("hand_history", hand.number))
    offer_undo(request, access, f"{word} {hand.number} back to version {revision.version}", key)
    return redirect(access.url())


@require_POST
def hand_put_back(request, access: Access):
    """A deleted hand, from the board's deleted hands, comes back at its number."""
    if sent_before(request, access):
        return redirect(access.url())
    revision = get_object_or_404(
        Revision,
        game=access.game,
        pk=whole_number(request.POST.get("revision"), 0),
        action=Revision.DELETED,
    )
    key, word = submission_key(request.POST), _word(access)
    try:
        hand = services.put_back(revision, key=key, **_by(request, access))
    except AlreadyStored:
        pass
    except Conflict as refused:
        messages.error(request, str(refused))
    except SheetError as refused:
        messages.error(
            request,
            f"{word} {revision.number} cannot be put back. The rules refuse it: {_why(refused)}.",
        )
    else:
        offer_undo(request, access, f"{word} {hand.number} put back", key)
    return redirect(access.url())
