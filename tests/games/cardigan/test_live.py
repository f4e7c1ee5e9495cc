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
def test_one_taps_answer_is_at_most_4_kb_compressed(owner_client, user, record):
    game = make_game(user, kind="cardigan", hands=[EXAMPLE[0]])
    post = as_post(record, number=2)
    drawn = owner_client.post(url(game), post, headers=HTMX)
    post["shape"] = drawn.context["shape"]
    post["dummy"] = ""  # the tap: dummy off
    response = owner_client.post(url(game), post, headers=HTMX)
    body = gzip.decompress(response.content) if response.get("Content-Encoding") else response.content
    size = len(response.content)
    print("SIZE", record.get("card_counts") and "quick" or "cards", size, len(body), response.get("HX-Reswap"))
    assert size <= 4096
