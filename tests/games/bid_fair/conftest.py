import pytest

from tests.tables import make_game


@pytest.fixture
def game(user):
    """A Bid Fair game of Ana and Ben, with no deal yet."""
    return make_game(user, kind="bid_fair", players=("Ana", "Ben"))
