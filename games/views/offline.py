"""The service worker, its page for a place not kept, and a logout that empties the phone.

What is kept, and why so: games/offline.py and templates/sw.js.
"""

import json
from functools import wraps

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import condition, require_safe

from games import offline


@require_safe
@condition(etag_func=lambda request: f'"{offline.version()}"')
def worker(request):
    """The service worker, at the root so that its scope is the whole app.

    Asked at every visit (no-cache): an unchanged one is answered 304; a new deployment
    gives a new version, which the browser installs in place of the old one.
    """
    context = {
        "version": offline.version(),
        "files": json.dumps(offline.files()),
        "offline": reverse("offline"),
        "never": json.dumps([reverse("admin:index"), reverse("account"), _accounts()]),
        "budget": json.dumps(offline.BUDGET),
    }
    body = render_to_string("sw.js", context)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def _accounts() -> str:
    """Where Django's account screens live: logging in and out, passwords."""
    return reverse("login").rstrip("/").rsplit("/", 1)[0] + "/"


@require_safe
def offline_page(request):
    """What a phone with no signal shows for a page it did not keep: the games it did
    (static/js/kept.js lists them). Kept by the worker for no one, so drawn for no one."""
    return render(request, "offline.html")


def emptying(view):
    """Logging out empties what the phone kept (the worker's copies, drafts, hands waiting
    to be sent): the next person to pick the phone up finds nothing of this account."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if request.method == "POST":
            response["Clear-Site-Data"] = '"cache", "storage"'
        return response

    return wrapper
