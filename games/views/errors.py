"""The 404 page tells one who left a group, or was removed from it, that they are no longer a
member, on any address of the group's: its page, a session, a player, a game and its
screens, its Settle up. A stranger reads only that nothing is here: whether a group or a
game exists is never told to anyone who was not in it.
"""

from django.views.defaults import page_not_found

from games.play.access import departed

# A URL's first part, and how a group reaches the thing its <pk> names.
HELD = {
    "groups": "group",
    "sessions": "group__sessions",
    "players": "group__players",
    "games": "group__sessions__games",
}


def not_found(request, exception):
    """Django's page_not_found (templates/404.html), knowing the visitor's departure."""
    match = request.resolver_match
    if match is not None and "pk" in match.kwargs and not hasattr(request, "departure"):
        held = HELD.get(str(match.route).split("/", 1)[0])
        if held is not None:
            departed(request, **{held: match.kwargs["pk"]})
    return page_not_found(request, exception)
