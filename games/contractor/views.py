"""Contractor's own screen: the bid calculator, mounted at /games/<pk>/contractor/."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.vary import vary_on_headers

from games.contractor.forms import CalculatorForm
from games.contractor.rules import DEALERS_BONUS, bid_value
from games.contractor.words import needs_text
from games.engine.sheet import SheetError
from games.play import boards, services


@vary_on_headers("HX-Request")  # htmx gets the calculator's part alone
def calculator(request, access):
    """What a bid is worth, with the dealer's bonus for whoever deals next."""
    game = access.game
    if game.kind != "contractor":
        raise Http404("The bid calculator belongs to Contractor games.")
    form = CalculatorForm(request.GET or None, game=game)
    if form.is_bound:
        form.is_valid()
    try:
        dealer = services.score_game(game).next_dealer
    except SheetError:
        dealer = None
    bid = form.composed_bid()
    worth = None
    if bid is not None:
        value = bid_value(bid, form.settings)
        worth = {
            "value": value,
            "by_dealer": value + DEALERS_BONUS,
            "lines": form.breakdown(bid),
            "needs": needs_text(bid),
        }
    context = {
        "game": game,
        "engine": game.engine,
        "key": access.key,
        "form": form,
        "worth": worth,
        "dealer": dealer,
        "colours": boards.colours(game),
        "stylesheet": game.engine.STYLESHEET,
    }
    template = "contractor/calculator.html"
    return render(request, template + "#calculator" if request.htmx else template, context)
