from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_safe

from games import offline
from games.engine.money import stake_of
from games.engine.registry import GAMES
from games.engine.sheet import JSONRefused, SheetError, parse_json
from games.models import Session
from games.play.entry import whole_number
from games.play.groups import first_group, groups_of
from games.play.table_forms import SessionForm, house_rules
from games.records import history, imports
from games.records.dump import nothing_imported
from games.records.filters import SessionFilters
from games.views.account import delete_screen


@require_safe
def home(request):
    if not request.user.is_authenticated:
        return render(request, "home.html", {"games": GAMES.values()})
    player = whole_number(request.GET.get("player"), None)
    kind = request.GET.get("kind") if request.GET.get("kind") in GAMES else None
    form = SessionFilters(request.GET)
    since, until = form.dates()
    search = form.search()
    page = history.sessions_page(
        request.user, request.GET.get("page", 1), player, kind, since, until, search
    )
    context = {
        "page": page,
        "players": history.players_of(request.user),
        "groups": list(groups_of(request.user)),
        "kinds": GAMES.values(),
        "chosen_player": player,
        "chosen_kind": kind,
        "form": form,
        "filtered": bool(player or kind or since or until or search),
        "query": form.query(player=player, kind=kind),
    }
    return render(request, "sessions/list.html", context)


@require_safe
def rules(request):
    games = [(game, house_rules(game), game.Settings()) for game in GAMES.values()]
    return render(request, "rules.html", {"games": games})


@login_required
def session_new(request):
    """A session of the group named (`?group=`, from its page), else of the one chosen."""
    mine = groups_of(request.user)
    named = whole_number(request.GET.get("group"), None)
    group = get_object_or_404(mine, pk=named) if named else None
    form = SessionForm(request.POST or None)
    if group is None and len(choices := list(mine)) > 1:
        form.fields["group"] = forms.ModelChoiceField(
            queryset=mine, label="Group", initial=choices[0], empty_label=None
        )
    if request.method == "POST" and form.is_valid():
        session = form.save(commit=False)
        session.group = group or form.cleaned_data.get("group") or first_group(request.user)
        session.save()
        return redirect(session)
    return render(request, "sessions/new.html", {"form": form, "group": group})


@require_safe
@login_required
def session_detail(request, pk):
    session = get_object_or_404(Session, pk=pk, group__memberships__user=request.user)
    offline.shown(request, session=session)  # kept for its games with no signal
    games = history.games_with_hands().filter(session=session)
    results = [(game, history.result_of(game)) for game in games]
    money = [result for game, result in results if stake_of(game) is not None]
    context = {
        "session": session,
        "results": results,
        "games": games,  # whose hands kept on a phone are not counted yet (games/unsent.html)
        "money_games": len(money),
        "money_unfinished": sum(not result.finished for result in money),
    }
    return render(request, "sessions/detail.html", context)


class ImportForm(forms.Form):
    file = forms.FileField(label="Sheet file (JSON)", required=False)
    text = forms.CharField(
        label="…or paste the sheet", required=False, widget=forms.Textarea(attrs={"rows": 6})
    )

    MAX_BYTES = 5_000_000

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), data.get("text")
        if upload:
            if upload.size > self.MAX_BYTES:
                raise forms.ValidationError("That file is too large for a score sheet.")
            raw = upload.read()
        elif text:
            raw = text.encode()
        else:
            raise forms.ValidationError("Choose a sheet file or paste one.")
        try:
            data["sheet"] = parse_json(raw)
        except JSONRefused as error:
            self.refuse(f"the sheet {error}")
        return data

    def refuse(self, error) -> None:
        """Nothing was imported, said next to where the sheet came from (file or text)."""
        where = "file" if self.cleaned_data.get("file") else "text"
        self.add_error(where, nothing_imported(error))


@login_required
def session_import(request, pk):
    session = get_object_or_404(Session, pk=pk, group__memberships__user=request.user)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = imports.import_sheet(session, form.cleaned_data["sheet"])
        except SheetError as error:
            form.refuse(error)
        else:
            return redirect(game)
    return render(request, "sessions/import.html", {"session": session, "form": form})


@login_required
def session_edit(request, pk):
    session = get_object_or_404(Session, pk=pk, group__memberships__user=request.user)
    form = SessionForm(request.POST or None, instance=session)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Session saved.")
        return redirect(session)
    return render(request, "sessions/new.html", {"form": form, "session": session})


@login_required
def session_delete(request, pk):
    # Deleting is the group owner's.
    session = get_object_or_404(Session, pk=pk, group__owner=request.user)
    games = session.games.count()
    what = (
        f"The session of {session} and its {games} game{'s' if games != 1 else ''} "
        "go from your lists."
    )
    said = f"Session of {session} deleted"
    return delete_screen(request, session, "session", said, "home", "Delete this session?", what)
