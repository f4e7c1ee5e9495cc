"""No page of the app scrolls sideways on a 360 px phone, nor breaks or cuts off a long name,
nor cuts a question's words (Cardigan's "Triplets, fours" read "Triplets, fo").

The pages come from the URL resolver (tests/scorekeeper/test_access.py's every_url), so a
new page is visited without being listed; each game screen is visited for each game, its
players named at length (tests/e2e/long_names.py).
"""

import pytest

from games.models import Membership, Player, Session
from games.play.access import new_token
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.e2e.long_names import NAMES, SHEETS, long_named_game
from tests.e2e.measure import empty_cards, names_hurt, words_cut
from tests.scorekeeper.test_access import every_url
from tests.tables import coscorer_token

pytestmark = pytest.mark.django_db(transaction=True)

# What is not a page to look at: files, the service's own answers, and what only a POST uses.
NOT_PAGES = ("csv", "sheet", "export", "manifest", "healthz", "logout", "join", "restore")
NOT_PAGES += ("service_worker",)
POST_ONLY = ("put_back", "undo", "paid", "stake", "game_links", "pay", "invite")
POST_ONLY += ("table_share", "settlement_options", "player_account")
PAPER = tuple(f":print {kind}" for kind in SHEETS)


def pages(user, session, games, member):
    group = user.owned_groups.first()
    player = Player.objects.filter(group=group, name=NAMES["Ben"]).first()
    for name, route in every_url():
        if any(word in name for word in NOT_PAGES + POST_ONLY):
            continue
        kinds = games if ":" in name else {None: None}
        for kind, game in kinds.items():
            if name.endswith("contractor_calculator") and kind != "contractor":
                continue
            ids = {
                "group": group.pk,
                "session": session.pk,
                "game": session.pk,
                "player": player.pk,
            }
            pk = game.pk if game else ids.get(name.split("_")[0], session.pk)
            token = (
                (coscorer_token(game) if route.startswith("c/") else game.share_token)
                if game
                else ""
            )
            yield (
                f"{name} {kind or ''}".strip(),
                "/"
                + (
                    route.replace("<int:pk>", str(pk))
                    .replace("<str:token>", token)
                    .replace("<int:number>", "1")
                    .replace("<int:user_pk>", str(member.pk))
                    .replace("<int:left>", "0")
                ),
            )


def test_no_page_scrolls_sideways_or_hurts_a_long_name_at_360_px(
    live_server, small_phone, user, make_user, shoot
):
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    # A member to remove: the removal screen is a page too.
    member = make_user("bea")
    Membership.objects.create(group=session.group, user=member)
    games = {}
    for kind in SHEETS:
        game = long_named_game(session, kind)
        game.share_token = new_token()
        game.save()
        games[kind] = game
    page = small_phone
    log_in(page, live_server.url)
    failures, seen = [], 0
    for name, path in pages(user, session, games, member):
        answer = page.goto(live_server.url + path)
        if answer.status != 200 or "html" not in answer.headers.get("content-type", ""):
            continue
        seen += 1
        if not no_horizontal_scroll(page):
            failures.append(f"{name} ({path}): scrolls sideways")
            shoot(page, f"too-wide-{name.replace(' ', '-').replace(':', '-')}")
        failures += [f"{name} ({path}): {cut}" for cut in words_cut(page) + empty_cards(page)]
        if name.endswith(PAPER):
            continue  # the printed sheet's names break anywhere, by design (app.css, .sheet)
        failures += [f"{name} ({path}): {hurt}" for hurt in names_hurt(page, NAMES.values())]
    assert seen > 40, f"only {seen} pages visited"
    assert not failures, "\n".join(failures)
