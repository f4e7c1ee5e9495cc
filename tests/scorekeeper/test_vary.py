"""Parts and pages never mixed up: an answer that is a part of a page for htmx and the
whole page otherwise says so in `Vary: HX-Request`, so the browser's cache never gives
Back or a reload the bare part.

The parts are found, not listed: every URL of the project (tests/scorekeeper/test_access.py)
is asked with and without htmx's header, by GET, GET `?live=1` (the board's poll) and
POST, of a game of each kind. A new view answering htmx with a part and no Vary fails.
"""

import pytest
from django.utils.cache import has_vary_header

from games.engine.registry import GAMES
from games.play.access import ROLES, new_token
from tests.scorekeeper.test_access import every_url, object_id
from tests.tables import BEN_WINS, coscorer_token, make_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
# An empty POST here changes something (signs out, deletes, turns links) and no form
# answers it: not sent, so the walk's later URLs meet the same game and the same visitor.
CHANGES = ("logout", "hand_delete", "game_links", "undo", "hand_restore", "hand_put_back")


def asked(client, method, url):
    """The answers without and with htmx's header."""
    return [getattr(client, method)(url, headers=headers) for headers in ({}, HTMX)]


def is_part(plain, htmx) -> bool:
    return htmx.status_code == 200 and b"<html" in plain.content and b"<html" not in htmx.content


def test_every_answer_that_is_a_part_for_htmx_varies_by_hx_request(owner_client, user):
    parts = set()
    for kind in GAMES:
        players = ("Ana", "Ben", "Cy", "Dee")[: max(GAMES[kind].SEATS)]
        game = make_game(
            user, kind=kind, players=players, hands=[BEN_WINS] if kind == "tridge" else []
        )
        game.share_token = new_token()
        game.save()
        coscorer = coscorer_token(game)
        for name, route in every_url():
            if kind != "tridge" and ":" not in name:
                continue  # a screen that is no game's is asked once
            url = "/" + (
                route.replace("<int:pk>", str(object_id(name, game, user)))
                .replace(
                    "<str:token>",
                    coscorer if route.startswith("c/") else game.share_token,
                )
                .replace("<int:number>", "1")
            )
            for method, query in (("get", ""), ("get", "?live=1"), ("post", "")):
                if method == "post" and name.split(":")[-1] in CHANGES:
                    continue
                plain, htmx = asked(owner_client, method, url + query)
                if is_part(plain, htmx):
                    parts.add(f"{name} {kind}")
                    for answer in (plain, htmx):
                        assert has_vary_header(answer, "HX-Request"), f"{method} {url}{query}"
    # The walk found the parts it must: it cannot pass by finding none.
    entries = {f"{way}:hand_new {kind}" for way in ("game", "coscorer") for kind in GAMES}
    boards = {f"{way}:{page} tridge" for way in ROLES for page in ("board", "hands", "settlement")}
    assert entries | boards | {"game:contractor_calculator contractor"} <= parts
