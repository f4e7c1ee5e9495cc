"""Getting back into an account: its email address, where Django's password reset sends a link.

The reset screens themselves are Django's own views (games/urls.py) with our templates
(templates/registration/password_reset_*.html); asking for a link is limited here.
"""

import hashlib
import time

from axes.helpers import get_client_ip_address
from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render

from games.models import Asked

WHY = "Only to reset a forgotten password."


class EmailField(forms.EmailField):
    """Optional; the domain in lower case, as mail servers treat it (the name part is kept)."""

    def __init__(self, **kwargs):
        super().__init__(required=False, label="Email (optional)", **kwargs)
        self.widget.attrs["autocomplete"] = "email"

    def clean(self, value):
        return get_user_model().objects.normalize_email(super().clean(value))


class SignupForm(UserCreationForm):
    # Not required to be unique: a reset link goes to each account that has the address.
    email = EmailField(help_text=WHY, max_length=254)
    field_order = ["username", "password1", "password2", "email"]

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Typed one after the other: the keyboard's Next goes on to the next field, its Go
        # sends the form (static/js/fields.js), a tap saved at each (tests/e2e/test_first_hand.py).
        for name in self.field_order[:-1]:
            self.fields[name].widget.attrs["enterkeyhint"] = "next"
        self.fields[self.field_order[-1]].widget.attrs["enterkeyhint"] = "go"


class EmailForm(forms.ModelForm):
    email = EmailField(help_text=f"{WHY} Leave it empty to remove it.", max_length=254)

    class Meta:
        model = get_user_model()
        fields = ("email",)


@login_required
def account_email(request):
    """Add, change or remove the account's email; a refused one is shown on a page of its own."""
    form = EmailForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        email = form.cleaned_data["email"]
        said = f"Saved: a reset link would go to {email}." if email else "Email address removed."
        messages.success(request, said)
        return redirect("account")
    return render(request, "account_email.html", {"form": form})


# Reset links asked for, at most this many an hour for one address and for one client:
# enough for a mail that went astray, too few to flood an inbox or the mail server.
RESETS_PER_HOUR = 3
now = time.time  # the clock, read through the module so that a test can set it


class PasswordResetView(auth_views.PasswordResetView):
    """Django's "Forgot your password?", limited: past the limit no mail goes, and the
    answer is the same page as ever ("Check your email"), so that it tells nothing of
    whether an address has an account, or how often it was asked for."""

    def form_valid(self, form):
        if over_the_limit(self.request, form.cleaned_data["email"]):
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


def over_the_limit(request, email: str) -> bool:
    """Count one more ask for `email` from this client; True past either limit.

    Counted in the database, where no ask is lost (games/models/limits.py says why not the
    cache). The client is the one django-axes locks out (REMOTE_ADDR, unless the site says
    otherwise); the address is kept as a digest only.
    """
    address = hashlib.sha256(email.strip().casefold().encode()).hexdigest()
    return max(asked(f"ip:{get_client_ip_address(request)}", f"to:{address}")) > RESETS_PER_HOUR


def asked(*keys: str) -> list[int]:
    """One more ask under each key, in this hour of the clock; the counts, this one included."""
    return Asked.one_more(keys, hour=int(now() // 3600))


def welcome(request, user, joined=None):
    """Said once, on the first page after sign-up (Django's messages): what the group made
    with the account is, and, signed up through an invite, the group joined besides."""
    own = f"\u201c{user.owned_groups.order_by('pk').first().name}\u201d"
    if joined is None:
        words = (
            f"Your games and evenings go in {own}, a group we made for you: the people you"
            " play with join it from its invite link, and then see its games and keep its"
            " score with you. You can rename it on its page."
        )
    else:
        words = (
            f"You are in \u201c{joined.name}\u201d: its games, evenings and settlements are"
            f" yours to see and score. {own} is a group of your own besides, for games with"
            " other people."
        )
    messages.info(request, f"Welcome, {user.get_username()}. {words}")
