"""Long names on every entry screen, board and list of all hands: whole or in their short
form, never broken inside a word nor cut off by their box, at 360 and 390 px, in the light
and in the dark; a short form's full name written whole on the same screen, a glance away."""

import pytest

from games.models import Session
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.entry_screens import SCREENS, show
from tests.e2e.helpers import log_in
from tests.e2e.long_names import NAMES, long_named_game
from tests.e2e.measure import names_hurt, short_only

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [360, 390], ids=str)
def test_every_entry_screen_and_board_shows_long_names_whole_or_short_and_each_whole_once(
    live_server, browser, user, shoot, width
):
    """At 360 px each screen is looked at in the light and in the dark, with no second walk
    to it: the scheme changes on the page as a phone's does at dusk."""
    context = browser.new_context(viewport={"width": width, "height": 740}, has_touch=True)
    page = context.new_page()
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    games, failures = {}, []
    schemes = ("light", "dark") if width == 360 else ("light",)
    log_in(page, live_server.url)
    for screen, (kind, hands, taps) in SCREENS.items():
        if (kind, hands) not in games:
            games[kind, hands] = long_named_game(session, kind, hands)
        page.emulate_media(color_scheme="light")
        show(page, live_server.url, games[kind, hands], taps)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            failures += looked_at(page, f"{screen} ({scheme})")
            if width == 360:
                shoot(page, f"names-{width}-{scheme}-{screen}")
    page.emulate_media(color_scheme="light")
    for (kind, _), game in games.items():
        for where, path in (("board", ""), ("all hands", "hands/")):
            page.goto(f"{live_server.url}/games/{game.pk}/{path}")
            failures += looked_at(page, f"{kind} {where}")
    context.close()
    assert not failures, "\n".join(failures)


def looked_at(page, screen) -> list[str]:
    failures = [f"{screen}: {hurt}" for hurt in names_hurt(page, NAMES.values())]
    failures += [f"{screen}: {name} only in its short form" for name in short_only(page)]
    if not no_horizontal_scroll(page):
        failures.append(f"{screen}: scrolls sideways")
    return failures
