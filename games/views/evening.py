"""Settling up the evening: a session's money games together (games/money/evening.py).

Its own screen rather than a part of the session page: it is the page that is printed
and handed round, and the one a payment marked paid comes back to, while the session
page stays the quick list of games it is on a phone.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from games import offline
from games.engine.words import money_text
from games.models import Game, Payment, Session
from games.money import books, evening
from games.play import services
from games.play.table_forms import StakeForm
from games.templatetags.scorekeeper import party
from games.views.ledger import AmountField


@require_safe
@login_required
def settle_up(request, pk):
    sessions = Session.objects.select_related("group")
    session = get_object_or_404(sessions, pk=pk, group__memberships__user=request.user)
    offline.shown(request, session=session)  # kept for its games with no signal
    return _page(request, session)


class PartForm(forms.Form):
    """A part of one of the evening's payments, typed: no more than may still be paid."""

    amount = AmountField(
        label="Amount paid", error_messages={"required": "Write the amount paid, such as 2.50."}
    )

    def __init__(self, *args, due, **kwargs):
        super().__init__(*args, **kwargs)
        self.due = due

    def clean_amount(self):
        amount = self.cleaned_data["amount"]
        if amount > self.due.payable:
            payer, payee = party(self.due.payer, True), party(self.due.payee)
            raise forms.ValidationError(
                f"{payer} can pay {payee} at most {money_text(self.due.payable)} now: "
                "the amount paid cannot be more than that."
            )
        return amount


def _page(request, session, refused=None, part=None):
    """The screen; `refused` is a game's money value form sent back with its error, `part`
    a part payment's."""
    result = evening.session_evening(session)
    for item in [*result.counted, *result.left_out]:
        if refused and refused.game.pk == item.game.pk:
            item.form = refused
        else:
            item.form = StakeForm(game=item.game)
    for index, due in enumerate(result.due):
        due.form = PartForm(auto_id=f"part{index}_%s", due=due)
        if part is not None and (part.due.payer, part.due.payee) == (due.payer, due.payee):
            part.auto_id, due.form = f"part{index}_%s", part
    # Its games, whose hands kept on a phone it does not count yet (games/unsent.html): a
    # game left out (not over yet) too, which they may end.
    games = [item.game for item in [*result.counted, *result.left_out]]
    context = {"session": session, "evening": result, "refused": part, "games": games}
    return render(request, "sessions/settle.html", context)


@login_required
@require_POST
def mark_paid(request, pk):
    """A payment of the evening marked paid, whole or in part: a payment of the group's
    ledger, never more than is left of it (games/money/evening.py `pay`)."""
    sessions = Session.objects.select_related("group")
    session = get_object_or_404(sessions, pk=pk, group__memberships__user=request.user)
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    due = next(
        (d for d in evening.session_evening(session).due if (d.payer, d.payee) == (payer, payee)),
        None,
    )
    if due is None or not due.can_pay:
        # The games or the payments changed since the page was drawn.
        messages.warning(request, "That payment is not owed as it was: here it is as it is now.")
        return redirect("session_settle", session.pk)
    form = PartForm(request.POST, due=due)
    if request.POST.get("whole") and request.POST.get("amount") != str(due.payable):
        messages.warning(request, "The payments changed meanwhile: here they are now.")
        return redirect("session_settle", session.pk)
    if not form.is_valid():
        return _page(request, session, part=form)
    amount = form.cleaned_data["amount"]
    try:
        evening.pay(session, payer, payee, amount, request.user)
    except books.NotOwed:
        messages.warning(request, "The balances changed meanwhile: here is what is owed now.")
    else:
        said = f"{party(payer, True)} paid {party(payee)} {money_text(amount)}"
        messages.success(request, f"Marked paid: {said}.")
    return redirect("session_settle", session.pk)


@login_required
@require_POST
def undo_paid(request, pk):
    """A payment marked on the evening undone: it stays in the list, marked undone."""
    session = get_object_or_404(Session, pk=pk, group__memberships__user=request.user)
    chosen = request.POST.get("payment", "")
    payment = get_object_or_404(Payment, session=session, pk=int(chosen) if chosen.isdigit() else 0)
    if books.undo(payment, request.user):
        said = f"{party(payment.payer, True)} paying {party(payment.payee)}"
        messages.success(request, f"Undone: {said} {money_text(payment.amount)}.")
    return redirect("session_settle", session.pk)


@login_required
@require_POST
def game_stake(request, pk):
    """Set or change a game's money value (empty: not played for money)."""
    game = get_object_or_404(Game, pk=pk, session__group__memberships__user=request.user)
    form = StakeForm(request.POST, game=game)
    if not form.is_valid():
        return _page(request, game.session, refused=form)
    stake = form.stake()

    def set_stake(locked):
        # Only the stake changes: a hand saved meanwhile keeps its own keys in the meta. A
        # change of the game, so a board showing money redraws.
        meta = {key: value for key, value in locked.meta.items() if key != "stake"}
        locked.meta = meta | ({"stake": stake} if stake else {})
        return True

    services.change_game(game, set_stake)
    return redirect("session_settle", game.session_id)
