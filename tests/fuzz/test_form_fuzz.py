"""Random POST bodies for every entry form: a page with a message, never a server error."""

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.engine.registry import GAMES
from games.models import Game, Hand, Session
from games.play.services import score_game
from tests.conftest import examples
from tests.fuzz.counting import record
from tests.tables import make_game

PLAYERS = {2: ("Ana", "Ben"), 3: ("Ana", "Ben", "Cy"), 4: ("Ana", "Ben", "Cy", "Dee")}
values = st.one_of(
    st.text(max_size=20),
    st.text(min_size=500, max_size=2000),
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "9",
            "-1",
            "1e9",
            "true",
            "null",
            "S",
            "AS",
            "10H",
            "Ana",
            "played",
            "passed",
            "play",
            "fixed",
            "nil",
            "pair",
            "\u0000",
            "\U0001f0a1",
        ]
    ),
)
COUNTS = {}


def body(field_names):
    known = st.dictionaries(st.sampled_from(field_names), values, max_size=len(field_names))
    extra = st.dictionaries(st.text(max_size=8), values, max_size=3)
    return st.tuples(known, extra).map(lambda pair: pair[1] | pair[0])


@pytest.fixture(autouse=True, scope="module")
def figures():
    yield
    record(COUNTS, "form")


def hand_fields(game):
    form = game.engine.HandForm(game=game, number=1)
    return [*form.fields, "number", "version", "save", "preview"]


KINDS = [kind for kind, game in GAMES.items() if game.enterable()]


@pytest.mark.django_db
@pytest.mark.parametrize("kind", KINDS)
def test_random_hand_forms_never_fail_and_keep_the_sheet_valid(kind, user):
    seats = max(GAMES[kind].SEATS)
    game = make_game(user, kind=kind, players=PLAYERS[seats])
    client = Client()
    client.force_login(user)
    fields = hand_fields(game)
    COUNTS[f"hand_{kind}"] = 0

    @examples(1)
    @given(body(fields), st.booleans())
    def post(data, htmx):
        COUNTS[f"hand_{kind}"] += 1
        count = Hand.objects.filter(game=game).count()
        headers = {"HX-Request": "true"} if htmx else {}
        response = client.post(f"/games/{game.pk}/hands/new/", data, headers=headers)
        assert response.status_code in (200, 302), response.status_code
        if response.status_code == 200:
            assert Hand.objects.filter(game=game).count() == count
        score_game(Game.objects.get(pk=game.pk))  # whatever was kept still scores

    post()


@pytest.mark.django_db
def test_random_session_game_and_import_forms_never_fail(user):
    client = Client()
    client.force_login(user)
    session = Session.objects.create(group=user.owned_groups.first())
    COUNTS["other_forms"] = 0
    game_fields = [
        "kind",
        *(f"seat_{i}" for i in range(4)),
        "rule_chips",
        "rule_fund_cap",
        "rule_hands",
        "rule_strain_values__nil",
        "rule_target",
    ]

    @examples(2)
    @given(
        st.sampled_from(["session_new", "game_new", "import", "settlement", "signup"]),
        body(
            [
                "date",
                "place",
                "note",
                "text",
                "username",
                "password1",
                "password2",
                "split_funds",
                "chip_value",
                *game_fields,
            ]
        ),
    )
    def post(which, data):
        COUNTS["other_forms"] += 1
        url = {
            "session_new": "/sessions/new/",
            "game_new": f"/sessions/{session.pk}/games/new/",
            "import": f"/sessions/{session.pk}/import/",
            "signup": "/accounts/signup/",
        }.get(which)
        if which == "settlement":
            game = (
                make_game(user)
                if not Game.objects.filter(kind="tridge").exists()
                else (Game.objects.filter(kind="tridge").first())
            )
            response = client.get(f"/games/{game.pk}/tridge/settlement/", data)
            assert response.status_code == 200
            return
        response = client.post(url, data)
        assert response.status_code in (200, 302)

    post()
