"""Figures never break inside a number: a long-named four-player game at 390 px, on the
player page, the board and the print view (static/css/app.css)."""

import json

import pytest

from games.records.imports import import_sheet
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)

LONG = {
    "Ana": "Anastasia Featherstonehaugh",
    "Ben": "Benedict Cholmondeley-Warner",
    "Cy": "Cyprianus Wolfeschlegelstein",
    "Dee": "Delphine Montmorency",
}
# Every text that is a figure alone (a score, a count, an amount, "3 / 9"), and the
# number of lines each is drawn on.
SPLIT_FIGURES = """() => {
  const figure = /^\\s*[−+\\-]?[£€$]?[\\d.,]+(\\s*[/×%]\\s*[\\d.,]*)?\\s*$/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const split = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!figure.test(node.textContent) || !node.parentElement.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) split.push(node.textContent.trim());
  }
  return split;
}"""


def test_no_figure_breaks_and_nothing_scrolls_sideways_with_long_names(
    live_server, phone, user, shoot
):
    from games.models import Player, Session

    text = (EXAMPLES / "tridge-four-people.json").read_text()
    for short, long in LONG.items():
        text = text.replace(f'"{short}"', f'"{long}"')
    game = import_sheet(
        Session.objects.create(group=user.owned_groups.first(), place="The Crown"), json.loads(text)
    )
    player = Player.objects.get(group__owner=user, name=LONG["Ana"])
    log_in(phone, live_server.url)
    for name, path in [
        ("player", f"/players/{player.pk}/"),
        ("board", f"/games/{game.pk}/"),
        ("print", f"/games/{game.pk}/print/"),
    ]:
        phone.goto(live_server.url + path)
        shoot(phone, f"figures-390-{name}")
        assert no_horizontal_scroll(phone), name
        assert phone.evaluate(SPLIT_FIGURES) == [], name
