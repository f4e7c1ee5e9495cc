"""Every kind of entry screen each game can show, reached tap by tap, for layout tests.

`SCREENS`: a game, how many of its example's hands are played already, and the taps
(on labels, by selector; a number typed, as (field, number)) that bring the screen to
show that part. Each is visited on its own page load so that what one screen leaves
chosen never hides another.
"""

from tests.e2e.helpers import live_update

SCREENS = {
    "tridge-played": ("tridge", None, ()),
    "tridge-fixed": ("tridge", None, ("#bid label:has(input[value=fixed])",)),
    "tridge-incomer": ("tridge", None, ("#kind label:has(input[value=incomer])",)),
    "tridge-declined": ("tridge", None, ("#kind label:has(input[value=declined])",)),
    "contractor-contract": ("contractor", None, ("#conditions-box summary",)),
    "contractor-auction": ("contractor", None, ("#mode label:has(input[value=auction])",)),
    "bid_fair-cards": ("bid_fair", 0, ("#bid_0 input[value='JH']",)),
    "bid_fair-points": ("bid_fair", 0, ("#count label:has(input[value=points])",)),
    "cardigan-cards": ("cardigan", 1, ("#dup_who label:nth-of-type(2)",)),
    "cardigan-quick": ("cardigan", 1, ("#mode label:has(input[value=quick])",)),
    "cardigan-last-deal": ("cardigan", 3, ("#mode label:has(input[value=quick])",)),
    # Filled in whole, so that the preview and the game's end are drawn too.
    "cardigan-last-points": (
        "cardigan",
        3,
        (
            "#mode label:has(input[value=points])",
            "#declarer label:nth-of-type(2)",
            "#contract label:has(input[value='2 hearts'])",
            "#tricks label:has(input[value='9'])",
            ("#id_points_0", "61"),
            "#full-none",
        ),
    ),
}


def show(page, base, game, taps):
    """Open the game's next hand and tap what brings the screen to show its part.

    A screen visited before left its draft (static/js/drafts.js), which would be put back
    over these taps: each visit starts from none."""
    if page.url.startswith(base):
        page.evaluate("() => localStorage.clear()")
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    page.wait_for_load_state()
    for selector in taps:
        if isinstance(selector, tuple):  # a number typed, then sent as a change sends it
            field, number = selector
            with live_update(page):
                page.fill(field, number)
                page.dispatch_event(field, "change")
            continue
        if selector.endswith("summary"):
            page.click(selector)  # unfolds on the spot, nothing is sent
            continue
        with live_update(page):
            page.click(selector)
