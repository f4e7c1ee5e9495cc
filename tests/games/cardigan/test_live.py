"""Cardigan's live updates: a tap is answered with the parts that show results alone,
small enough for one bar of signal."""

import gzip

import pytest

from tests.games.cardigan.cardigan_sheets import quick
from tests.games.cardigan.test_forms import EXAMPLE, as_post, canonical
from tests.tables import make_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip"}


def url(game):
    return f"/games/{game.pk}/hands/new/"


@pytest.mark.parametrize("record", [canonical(EXAMPLE[1]), quick(canonical(EXAMPLE[1]))])
def test_a_taps_answer_is_the_results_alone_in_at_most_4_kb_compressed(owner_client, user, record):
    game = make_game(user, kind="cardigan", hands=[EXAMPLE[0]])
    post = as_post(record, number=2)
    drawn = owner_client.post(url(game), post, headers=HTMX)
    post["shape"] = drawn.context["shape"]
    post["dummy"] = ""  # the tap: dummy off
    response = owner_client.post(url(game), post, headers=HTMX)
    assert response["Content-Encoding"] == "gzip" and len(response.content) <= 4096
    page = gzip.decompress(response.content).decode()
    assert response["HX-Reswap"] == "none" and 'id="preview"' in page
    # Neither the grid nor a field typed in is sent: what the player is doing stays.
    assert 'name="discards_0"' not in page and 'id="card-grid"' not in page
