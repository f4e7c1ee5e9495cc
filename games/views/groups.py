"""A group's page and its settings, a new group, and joining one through its invite link.

Everyone reaches a group through a membership, asked on every request; its settings
(rename, invites, removing a member: games/views/leaving.py) are the owner's, so anyone else
gets 404.
"""

import json

from django import forms
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST, require_safe

from games.models import Group, Membership
from games.money import table
from games.money.ledger import group_ledger
from games.play import boards, links
from games.play.access import new_token
from games.play.groups import create_group, groups_of
from games.records.dump import dump_group
from games.views.recovery import SignupForm, welcome

RECENT_SESSIONS = 10


class GroupForm(forms.ModelForm):
    class Meta:
        model = Group
        fields = ["name"]
        labels = {"name": "Name of the group"}
        help_texts = {"name": "The table's own name: “Thursday club”, “The Crown”."}


def _mine(request, pk) -> Group:
    return get_object_or_404(groups_of(request.user), pk=pk)


def _owned(request, pk) -> Group:
    return get_object_or_404(Group, pk=pk, owner=request.user)


@login_required
def group_new(request):
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return redirect(create_group(request.user, form.cleaned_data["name"]))
    context = {"form": form, "title": "New group", "back_url": reverse("home")}
    return render(request, "groups/new.html", context)


@require_safe
@login_required
def group_detail(request, pk):
    group = _mine(request, pk)
    members = Membership.objects.filter(group=group).select_related("user")
    context = {
        "group": group,
        "members": members,
        "is_owner": group.owner_id == request.user.pk,
        "sessions": group.sessions.all()[:RECENT_SESSIONS],
        "players": group.players.all(),
        "on_table": table.lying(group),
        "ledger": group_ledger(group),
        # Their count alone: the list (games/views/links.py) would grow with the group's history.
        "shared": links.shared_in(group).count(),
        "invite_url": None,
    }
    if group.invite_token:
        url = request.build_absolute_uri(reverse("join", args=[group.invite_token]))
        context |= {"invite_url": url, "invite_qr": boards.qr_code(url)}
    return render(request, "groups/detail.html", context)


@login_required
def group_rename(request, pk):
    group = _owned(request, pk)
    form = GroupForm(request.POST or None, instance=group)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect(group)
    context = {"form": form, "title": "Rename the group", "back": group}
    return render(request, "rename.html", context)


@login_required
@require_POST
def group_invite(request, pk):
    """The owner turns the invite link off, or replaces it (the old one answers 404)."""
    group = _owned(request, pk)
    group.invite_token = None if request.POST.get("action") == "off" else new_token()
    group.save(update_fields=["invite_token"])
    return redirect(group.get_absolute_url() + "#invite")


@require_safe
@login_required
def group_export(request, pk):
    group = _mine(request, pk)
    body = json.dumps(dump_group(group), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(f"{group.name}-{timezone.localdate().isoformat()}")
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-{name}.json"'
    return response


def _join(user, group: Group) -> None:
    try:
        with transaction.atomic():
            Membership.objects.create(group=group, user=user)
    except IntegrityError:
        pass  # a member already: a second tap, or an old invite opened again


@sensitive_post_parameters("password", "password1", "password2")
def join(request, token):
    """An invite link: "Join <group>" in one tap, or one screen that signs up and joins,
    or (`?login`) one that logs in and joins: no second tap on Join either way."""
    group = get_object_or_404(Group, invite_token=token)
    if request.user.is_authenticated:
        if request.method == "POST":
            _join(request.user, group)
            return redirect(group)
        if Membership.objects.filter(group=group, user=request.user).exists():
            return redirect(group)
        return render(request, "groups/join.html", {"group": group})
    logging_in = "login" in request.GET
    if logging_in:
        # Django's own login form: the same checks, and django-axes counts its failures.
        form = AuthenticationForm(request, data=request.POST or None)
    else:
        # The sign-up screen's own form: an optional email, and why it is asked.
        form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.get_user() if logging_in else form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        _join(user, group)
        if not logging_in:
            welcome(request, user, joined=group)
        return redirect(group)
    context = {"group": group, "form": form, "logging_in": logging_in}
    return render(request, "groups/join.html", context)
