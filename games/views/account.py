"""The visitor's account: signing up, and all their data as one file, out and back in."""

import json

from django import forms
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_safe

from games.dump import DumpError, dump_account, load_account, nothing_imported
from games.models import Session
from games.sheet import JSONRefused, parse_json


@sensitive_post_parameters("password1", "password2")
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
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
    empty = not Session.objects.filter(owner=request.user).exists()
    if request.method == "POST" and form.is_valid():
        try:
            load_account(request.user, form.cleaned_data["file"])
        except DumpError as error:
            form.add_error("file", nothing_imported(error))
        else:
            return redirect("home")
    return render(request, "account.html", {"form": form, "empty": empty})


@require_safe
@login_required
def account_export(request):
    body = json.dumps(dump_account(request.user), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-{stamp}.json"'
    return response
