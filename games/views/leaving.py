"""A member out of a group: the owner removes them, or they leave. Each asks first, on a
screen saying what they keep and what they lose, as a delete does; its POST does it
(games/play/leaving.py)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from games.models import Departure, Membership, Player
from games.play import leaving
from games.views.groups import _mine, _owned

KEEP, STOP = "keep", "stop"


class RemoveForm(forms.Form):
    """What happens to the share links the member made: asked only when there are some, and
    answered by the owner, never chosen for them (GOV.UK: no radio is chosen beforehand)."""

    def __init__(self, *args, name: str, shares: int, **kwargs):
        super().__init__(*args, **kwargs)
        if shares:
            one = shares == 1
            self.fields["shares"] = forms.ChoiceField(
                label=f"The share link{'' if one else 's'} {name} made",
                choices=[
                    (KEEP, f"Keep {'it' if one else 'them'} working for the table"),
                    (STOP, f"Stop {'it' if one else 'them'} now"),
                ],
                widget=forms.RadioSelect,
                error_messages={
                    "required": f"Choose whether the share link{'' if one else 's'} {name} "
                    f"made keep{'s' if one else ''} working."
                },
            )

    def stop_shares(self) -> bool:
        return self.cleaned_data.get("shares") == STOP


def _about(group, user) -> dict:
    """What the screens say of a member: their name, and what they would take with them."""
    return {
        "group": group,
        "name": user.get_username(),
        "player": Player.objects.filter(group=group, account=user).first(),
        "coscorer_links": leaving.coscorer_links(group, user).count(),
        "shared": list(leaving.shares_made(group, user)),
    }


@login_required
def group_remove(request, pk, user_pk):
    """The owner removes a member, once the screen has said what that means for them."""
    group = _owned(request, pk)
    membership = get_object_or_404(
        Membership.objects.select_related("user").exclude(user=group.owner_id),
        group=group,
        user=user_pk,
    )
    member = membership.user
    context = _about(group, member)
    posted = request.POST if request.method == "POST" else None
    form = RemoveForm(posted, name=context["name"], shares=len(context["shared"]))
    if posted is not None and form.is_valid():
        stop = form.stop_shares()
        leaving.remove_member(group, member, request.user, stop_shares=stop)
        said = f"{context['name']} is no longer in {group}, and their co-scorer links are off."
        if context["shared"]:
            said += (
                " So are the share links they made."
                if stop
                else " The share links they made keep working: they are listed below."
            )
        if group.invite_token:
            said += " The invite link is a new one, so that the old one does not let them back in."
        messages.success(request, said)
        # As a delete's: one tap, for a few seconds, puts them back (games/views/account.py).
        undo = {"text": f"{context['name']} removed", "group": group, "member": member}
        form = render_to_string("groups/undo_removal.html", undo, request=request)
        messages.success(request, mark_safe(form.strip()), extra_tags="undo")
        return redirect(group)
    return render(request, "groups/remove.html", context | {"form": form})


@login_required
@require_POST
def group_member_back(request, pk, user_pk):
    """Undo of a removal just made: the member is back, their links still off."""
    group = _owned(request, pk)
    # The latest removal: one removed, put back and removed again has two on record.
    removals = Departure.objects.filter(group=group, user=user_pk, how=Departure.REMOVED)
    departure = get_object_or_404(removals.select_related("user")[:1])
    name = departure.user.get_username()
    if leaving.undo_removal(group, departure.user):
        messages.success(
            request,
            f"{name} is back in {group}. The links they had stay off: they make new ones.",
        )
    elif not Membership.objects.filter(group=group, user=departure.user).exists():
        messages.error(
            request,
            f"{name} was removed too long ago to undo: send them the invite link instead.",
        )
    return redirect(group)


@login_required
def group_leave(request, pk):
    """A member leaves, once the screen has said what that means; the owner cannot."""
    group = _mine(request, pk)
    if group.owner_id == request.user.pk:
        messages.error(
            request, "The owner of a group cannot leave it: it would be left with no owner."
        )
        return redirect(group)
    if request.method == "POST":
        leaving.leave_group(group, request.user)
        messages.success(request, f"You left {group}.")
        return redirect("home")
    return render(request, "groups/leave.html", _about(group, request.user))
