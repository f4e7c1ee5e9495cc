"""Tridge's own screens, at <way in>/tridge/ (games/urls.py): settling up, and ending the
match when the table stops."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.engine.money import stake_of
from games.money.settlement import match_money
from games.play import boards, services
from games.tridge import match
from games.tridge.forms import SettlementForm
from games.tridge.settle import funds_on_table
from games.views.games import live, polled, polled_part


def _tridge(access):
    if access.game.kind != "tridge":
        raise Http404("Only Tridge games are settled in chips.")
    return access.game


@polled
def settlement(request, access):
    """Each person's result in chips (and money), as the group's ledger holds it, and where
    it sits in the evening's settlement (games/money/settlement.py); polled as the board
    is, so every phone sees the options the scorer chose."""
    return _settlement(request, access)


def _settlement(request, access, form=None):
    game = _tridge(access)
    score = services.score_game(game)
    if form is None and access.can_edit:
        stake = stake_of(game)
        form = SettlementForm(
            initial={"split_funds": "1" if match.split_funds(game) else "0", "chip_value": stake}
        )
    context = {
        "game": game,
        "access": access,
        "finished": score.finished,
        "key": access.key,
        "form": form,
        "money": match_money(game, score),
        "chips": match.starting_chips(game),
        "split": match.split_funds(game),
        "ended": match.ended(game),
        "colours": boards.colours(game),
    }
    if live(request):
        return polled_part(request, access, "tridge/settlement.html", context)
    return render(request, "tridge/settlement.html", context)


@require_POST
def settlement_options(request, access):
    """Keep the table's choices on the game: every phone, and the evening's settlement,
    settle by them."""
    game = _tridge(access)
    form = SettlementForm(request.POST)
    if not form.is_valid():
        return _settlement(request, access, form=form)
    chosen = {
        "funds_left": match.SPLIT if form.cleaned_data["split_funds"] else match.KEEP,
        "stake": str(form.cleaned_data["chip_value"] or ""),
    }

    def keep(locked):
        meta = locked.meta | chosen
        changed, locked.meta = meta != locked.meta, meta
        return changed

    services.change_game(game, keep)
    money = f", {chosen['stake']} a chip" if chosen["stake"] else ", no money value"
    funds = "shared out" if chosen["funds_left"] == match.SPLIT else "left for the next match"
    messages.success(request, f"Kept: the funds {funds}{money}.")
    return redirect(access.url("settlement"))


def end_match(request, access):
    """End the match here, or play on after an end: a screen that says what follows."""
    game = _tridge(access)
    if request.method == "POST":
        if request.POST.get("play_on"):
            if services.change_game(game, match.play_on):
                messages.success(request, "Playing on: the match is not over.")
            return redirect(access.url("board"))
        by = request.user.get_username() if access.is_member else "the co-scorer"

        def end(locked):
            # Counted under the lock: a hand another phone saved meanwhile is in the match.
            return match.end(locked, locked.hands.count(), by)

        if services.change_game(game, end):
            after = match.ended(game)["after"]
            messages.success(request, f"The match ended after hand {after}.")
        return redirect(access.url("board"))
    hands = game.hands.count()
    score = services.score_game(game)
    context = {
        "game": game,
        "key": access.key,
        "hands": hands,
        "ended": match.ended(game),
        "finished": score.finished,
        "split": match.split_funds(game),
        "chosen": "funds_left" in game.meta,
        "on_table": funds_on_table(score.details["funds"]),
    }
    return render(request, "tridge/end.html", context)
