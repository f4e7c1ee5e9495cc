"""Getting back into an account: its email address, where Django's password reset sends a link.

The reset screens themselves are Django's own views (games/urls.py) with our templates
(templates/registration/password_reset_*.html).
"""

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render

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
