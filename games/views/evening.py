"""Settling up the evening: a session's money games together (games/money/evening.py).

Its own screen rather than a part of the session page: it is the page that is printed
and handed round, and the one a payment marked paid comes back to, while the session
page stays the quick list of games it is on a phone.
"""

from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from games.models import Game, Paid, Session
from games.money import evening
from games.play import services
from games.play.table_forms import StakeForm


@require_safe
@login_required
def settle_up(request, pk):
    sessions = Session.objects.select_related("group")
    session = get_object_or_404(sessions, pk=pk, group__memberships__user=request.user)
    return _page(request, session)


def _page(request, session, refused=None):
    """The screen; `refused` is a game's money value form sent back with its error."""
    result = evening.session_evening(session)
    for item in [*result.counted, *result.left_out]:
        if refused and refused.game.pk == item.game.pk:
            item.form = refused
        else:
            item.form = StakeForm(game=item.game)
    context = {"session": session, "evening": result}
    return render(request, "sessions/settle.html", context)


@login_required
@require_POST
def mark_paid(request, pk):
    """Mark a payment paid (or no longer paid): kept by who pays whom how much."""
    session = get_object_or_404(Session, pk=pk, group__memberships__user=request.user)
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    amount = _amount(request.POST.get("amount", ""))
    if request.POST.get("action") == "unmark":
        Paid.objects.filter(session=session, payer=payer, payee=payee, amount=amount).delete()
        return redirect("session_settle", session.pk)
    payments = evening.session_evening(session).payments
    if not any((p.payer, p.payee, p.amount) == (payer, payee, amount) for p in payments):
        # The games changed since the page was drawn: that payment is no longer owed.
        messages.warning(request, "That payment is no longer in the list: here it is as it is now.")
        return redirect("session_settle", session.pk)
    try:
        with transaction.atomic():
            Paid.objects.create(
                session=session, payer=payer, payee=payee, amount=amount, by=request.user
            )
    except IntegrityError:
        pass  # marked already, by a double tap or another phone: it stays as first marked
    return redirect("session_settle", session.pk)


def _amount(text: str) -> Decimal:
    """The amount a Mark paid button sent (as the page wrote it); 0 matches no payment."""
    try:
        amount = Decimal(text)
    except InvalidOperation:
        return Decimal(0)
    return amount if amount.is_finite() else Decimal(0)


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
