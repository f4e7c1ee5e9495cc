"""The group's Settle up: who owes whom overall, payments recorded whole or in part, undone.

Members only, like everything of a group (a share or co-scorer link has no way in). The
balances are the ledger's (games/money/ledger.py); a payment is checked against them as
it is recorded (games/money/books.py `record`), so a page drawn before the balances
changed cannot pay more than is owed.
"""

import re
from decimal import Decimal

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from games.engine.words import money_text
from games.models import Payment
from games.money import books
from games.money import ledger as money
from games.templatetags.scorekeeper import party
from games.views.groups import _mine


class AmountField(forms.CharField):
    """An amount paid, typed as the table writes it ("12.50" or "12,50"), in whole cents.

    A text input rather than a number input, as for a game's money value
    (games/play/table_forms.py MoneyField): Chromium's number input reads "12,50" as 1250.
    """

    widget = forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})
    NUMBER = re.compile(r"([-−]?)(\d+)(?:[.,](\d+))?")

    def to_python(self, value):
        text = super().to_python(value).replace(" ", "")
        if not text:
            return None
        number = self.NUMBER.fullmatch(text)
        if not number:
            raise forms.ValidationError(
                "Write the amount as a number, such as 12.50 or 12,50.", code="invalid"
            )
        sign, whole, cents = number.groups()
        if len(cents or "") > 2:
            raise forms.ValidationError(
                "Write the amount in whole cents: at most two digits after the point.",
                code="cents",
            )
        amount = Decimal(f"{whole}.{cents or 0}")
        if sign or not amount:
            raise forms.ValidationError("The amount paid must be more than 0.", code="positive")
        return amount


class PaymentForm(forms.Form):
    """A payment of the fewest owed: whole (the amount as owed, sent by the Paid button) or
    in part (typed)."""

    payer = forms.CharField(widget=forms.HiddenInput, max_length=40)
    payee = forms.CharField(widget=forms.HiddenInput, max_length=40)
    amount = AmountField(
        label="Amount paid",
        error_messages={"required": "Write the amount paid, such as 12.50."},
    )

    def __init__(self, *args, ledger, **kwargs):
        super().__init__(*args, **kwargs)
        self.ledger = ledger

    def clean(self):
        data = super().clean()
        owed = self.ledger.owed_by(data.get("payer"), data.get("payee"))
        if owed is not None and data.get("amount") and data["amount"] > owed:
            self.add_error(
                "amount",
                f"{party(data['payer'], True)} owes {party(data['payee'])} {money_text(owed)}: "
                "the amount paid cannot be more than that.",
            )
        return data


@require_safe
@login_required
def group_settle(request, pk):
    return _page(request, _mine(request, pk))


def _page(request, group, refused=None):
    ledger = money.group_ledger(group, request.GET.get("page") or 1)
    for index, payment in enumerate(ledger.owed):
        payment.form = PaymentForm(auto_id=f"pay{index}_%s", ledger=ledger)
        if refused and (refused.data.get("payer"), refused.data.get("payee")) == (
            payment.payer,
            payment.payee,
        ):
            refused.auto_id = f"pay{index}_%s"
            payment.form = refused
    context = {"group": group, "ledger": ledger, "refused": refused}
    return render(request, "groups/settle.html", context)


@login_required
@require_POST
def group_pay(request, pk):
    """Record a payment, whole or in part; a refused amount is said next to its field."""
    group = _mine(request, pk)
    ledger = money.group_ledger(group)
    form = PaymentForm(request.POST, ledger=ledger)
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    if ledger.owed_by(payer, payee) is None:
        messages.warning(request, "That payment is no longer owed: here is what is owed now.")
        return redirect("group_settle", group.pk)
    if not form.is_valid():
        return _page(request, group, refused=form)
    amount = form.cleaned_data["amount"]
    if request.POST.get("whole") and amount != ledger.owed_by(payer, payee):
        # The Paid button sends the amount the page showed: what is owed is no longer that.
        messages.warning(request, "The balances changed meanwhile: here is what is owed now.")
        return redirect("group_settle", group.pk)
    try:
        money.pay(group, payer, payee, amount, request.user)
    except books.NotOwed:
        messages.warning(request, "The balances changed meanwhile: here is what is owed now.")
        return redirect("group_settle", group.pk)
    said = f"{party(payer, True)} paid {party(payee)} {money_text(amount)}"
    messages.success(request, f"Recorded: {said}.")
    return redirect("group_settle", group.pk)


@login_required
@require_POST
def group_pay_undo(request, pk):
    """Undo a recorded payment: it stays in the history, marked undone, and is owed again."""
    group = _mine(request, pk)
    chosen = request.POST.get("payment", "")
    chosen = int(chosen) if chosen.isdigit() else 0  # an empty or altered form names none
    payment = get_object_or_404(Payment, group=group, pk=chosen)
    if books.undo(payment, request.user):
        said = f"{party(payment.payer, True)} paying {party(payment.payee)}"
        messages.success(request, f"Undone: {said} {money_text(payment.amount)} no longer counts.")
    return redirect("group_settle", group.pk)
