from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render

from games import services
from games.forms import ImportForm, SessionForm
from games.models import Game, Session
from games.registry import GAMES
from games.sheet import SheetError


def home(request):
    if not request.user.is_authenticated:
        return render(request, "home.html", {"games": GAMES.values()})
    sessions = Session.objects.filter(owner=request.user).prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("created"))
    )
    return render(request, "sessions/list.html", {"sessions": sessions})


def rules(request):
    return render(request, "rules.html", {"games": GAMES.values()})


@login_required
def session_new(request):
    form = SessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        session = form.save(commit=False)
        session.owner = request.user
        session.save()
        return redirect(session)
    return render(request, "sessions/new.html", {"form": form})


@login_required
def session_detail(request, pk):
    session = get_object_or_404(Session, pk=pk, owner=request.user)
    return render(
        request,
        "sessions/detail.html",
        {"session": session, "games": session.games.all(), "kinds": GAMES.values()},
    )


@login_required
def session_import(request, pk):
    session = get_object_or_404(Session, pk=pk, owner=request.user)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.import_sheet(session, form.cleaned_data["sheet"])
        except SheetError as error:
            form.add_error(None, f"This sheet cannot be imported: {error}")
        else:
            return redirect(game)
    return render(request, "sessions/import.html", {"session": session, "form": form})
