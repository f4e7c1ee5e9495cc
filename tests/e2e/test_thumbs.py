"""Every target on every entry screen is at least 44x44 CSS px on a 360 px phone (WCAG 2.5.5)."""

import pytest

from games.models import Session
from tests.e2e.entry_screens import SCREENS, show
from tests.e2e.helpers import log_in
from tests.e2e.long_names import long_named_game
from tests.e2e.measure import smallest, targets, too_small

pytestmark = pytest.mark.django_db(transaction=True)

# Controls a screen must show, to be measured with the rest: the last deal's full suits.
SUITS = ["[name=full_none]"] + [f"[name=full_{t}_{s}]" for t in (0, 1) for s in "DCHS"]
REACHED = {"cardigan-last-deal": SUITS, "cardigan-last-points": SUITS}


def test_every_target_on_every_entry_screen_is_a_thumb_wide(live_server, small_phone, user):
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    games = {}
    log_in(small_phone, live_server.url)
    failures, figures = [], []
    for screen, (kind, hands, taps) in SCREENS.items():
        if (kind, hands) not in games:
            games[kind, hands] = long_named_game(session, kind, hands)
        show(small_phone, live_server.url, games[kind, hands], taps)
        measured = " ".join(target["what"] for target in targets(small_phone))
        failures += [
            f"{screen}: {what} not measured"
            for what in REACHED.get(screen, ())
            if what not in measured
        ]
        least = smallest(small_phone)
        figures.append(f"{screen}: {least['width']}x{least['height']} {least['what']}")
        if small := too_small(small_phone):
            failures.append(f"{screen}: {len(small)} under 44 px, the smallest {small[0]}")
    print("\n".join(["Smallest target on each screen:", *figures]))
    assert not failures, "\n".join(failures)
