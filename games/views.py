from django.shortcuts import render

from games.registry import GAMES


def home(request):
    return render(request, "home.html", {"games": GAMES.values()})
