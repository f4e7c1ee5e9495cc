"""The visitor's account: signing up, and all their data as one file, out and back in."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST, require_safe

from games.engine.sheet import JSONRefused, parse_json
from games.models import Session
from games.play import bin
from games.play.groups import first_group
from games.records.dump import DumpError, dump_account, load_account, nothing_imported
from games.views.recovery import EmailForm, SignupForm, welcome


@sensitive_post_parameters("password1", "password2")
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        welcome(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


class AccountFileForm(forms.Form):
    file = forms.FileField(label="Account file (JSON)")

    MAX_BYTES = 50_000_000

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError("That file is too large.")
        try:
            return parse_json(upload.read())
        except JSONRefused as error:
            raise forms.ValidationError(nothing_imported(f"the file {error}")) from None


@login_required
def account(request):
    form = AccountFileForm(request.POST or None, request.FILES or None)
    empty = not Session.objects.filter(group=first_group(request.user)).exists()
    if request.method == "POST" and form.is_valid():
        try:
            load_account(request.user, form.cleaned_data["file"])
        except DumpError as error:
            form.add_error("file", nothing_imported(error))
        else:
            return redirect("home")
    # The bin's one page: what is past its days goes now rather than being listed.
    bin.purge(request.user)
    context = {"form": form, "empty": empty, "kept": bin.kept_aside(request.user)}
    context["email_form"] = EmailForm(instance=request.user)
    return render(request, "account.html", context)


def delete_screen(request, thing, kind: str, said: str, then, title: str, what: str):
    """Delete `thing` on a POST, with Undo on the next page (`then`); else ask first.

    The game, the session and the player each say what goes and where the table lands.
    """
    if request.method == "POST":
        try:
            bin.delete(thing)
        except bin.Refused as error:
            messages.error(request, str(error))
            return redirect(thing)
        deleted(request, said, kind, thing)
        return redirect(then)
    return render(request, "delete.html", {"title": title, "what": what, "back": thing})


def deleted(request, text: str, kind: str, thing) -> None:
    """The next page says `text` ("Ana deleted") with a one-tap Undo: Restore, at once.

    As a hand's Undo (games/views/undo.py): the message is the rendered form itself.
    """
    form = render_to_string(
        "restore.html",
        {"text": text, "key": f"{kind}-{thing.pk}", "label": "Undo"},
        request=request,
    )
    messages.success(request, mark_safe(form.strip()), extra_tags="undo")


@login_required
@require_POST
def restore(request):
    """Something kept aside comes back; the page it has comes back on screen."""
    key = bin.restore_key(request.POST.get("restore", ""))
    if key is None:
        raise Http404("Nothing of that name is kept aside.")
    try:
        thing = bin.restore(request.user, *key)
    except bin.Refused as error:
        messages.error(request, str(error))
        return redirect("account")
    if thing is None:
        raise Http404("Nothing of that name is kept aside.")
    messages.success(request, f"{thing} is back.")
    return redirect(thing)


@require_safe
@login_required
def account_export(request):
    body = json.dumps(dump_account(request.user), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-{stamp}.json"'
    return response
