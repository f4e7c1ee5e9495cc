"""Long names on every entry screen, board and list of all hands: whole or in their short
form, never broken inside a word nor cut off by their box (a short form not broken at all),
at 360 and 390 px, in the light and in the dark; a short form's full name written whole on
the same screen, a glance away, and a short head's whole a tap away where it stands."""

import pytest
from playwright.sync_api import expect

from games.models import Session
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.entry_screens import SCREENS, show
from tests.e2e.helpers import log_in
from tests.e2e.long_names import NAMES, SHEETS, long_named_game
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


@pytest.mark.parametrize("width", [360, 390], ids=str)
def test_a_short_head_gives_the_whole_name_with_a_tap_just_under_it(
    live_server, browser, user, width
):
    """On every board and list of all hands, each head in its short form: tapped, the whole
    name opens under it, within the screen, alone (the one opened before closes); tapped
    again, it closes. With no script too: the disclosure is the browser's own."""
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    games = [long_named_game(session, kind) for kind in SHEETS]
    failures = []
    for script in (True, False):
        context = browser.new_context(
            viewport={"width": width, "height": 740}, has_touch=True, java_script_enabled=script
        )
        page = context.new_page()
        log_in(page, live_server.url)
        for game in games:
            for where, path in (("board", ""), ("all hands", "hands/")):
                page.goto(f"{live_server.url}/games/{game.pk}/{path}")
                screen = f"{game.kind} {where}{'' if script else ', no script'}"
                failures += tapped(page, screen, width)
        context.close()
    assert not failures, "\n".join(failures)


def tapped(page, screen, width) -> list[str]:
    heads = page.locator(".hands thead .whole > summary")
    opened = page.locator(".hands .whole[open] .whole-name")
    if not heads.count():
        return [f"{screen}: no head in its short form to tap"]
    failures = []
    for head in heads.all():
        whole = head.get_attribute("title")
        head.tap()
        expect(opened).to_have_count(1)
        expect(opened).to_have_text(whole)
        under, shown = head.bounding_box(), opened.bounding_box()
        below = shown["y"] - (under["y"] + under["height"])
        if not -1 <= below <= 8:
            failures.append(f"{screen}: {whole} opens {below:.0f} px from its head")
        if shown["x"] < 0 or shown["x"] + shown["width"] > width:
            failures.append(f"{screen}: {whole} reaches past the screen")
    heads.last.tap()
    expect(opened).to_have_count(0)
    return failures
