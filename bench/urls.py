"""The project's URLs plus the benchmark's own, all under /bench/ (bench.settings only).

`/bench/ok` is the floor: the cheapest answer through the same middleware. The others
are reference points (see bench/prototypes.py); the app itself never serves them.
"""

from django.http import HttpResponse
from django.urls import include, path

from bench import prototypes


def ok(request):
    return HttpResponse("ok", content_type="text/plain")


# The floor comes first (the least URL resolution there is); the others come last, so
# they resolve after every pattern of the app: no cheaper than the views they stand for.
urlpatterns = [
    path("bench/ok", ok, name="bench_ok"),
    path("", include("scorekeeper.urls")),
    path("bench/login", prototypes.logged_in, name="bench_login"),
    path("bench/board-drawn/<int:pk>/", prototypes.board_drawn, name="bench_board_drawn"),
    path("bench/bare-save/<int:pk>/", prototypes.bare_save, name="bench_bare_save"),
]
