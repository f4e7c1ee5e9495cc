"""A game's tally kept between saves: one more hand scored exactly as the whole sheet would be."""

import json
import pickle

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext
from hypothesis import given
from hypothesis import strategies as st

from bench.sheets import bid_fair_sheet, contractor_sheet, tridge_sheet
from games.engine.registry import GAMES, read_sheet, score_sheet
from games.engine.sheet import Fields, SheetError
from games.models import Game, Hand
from games.play import services, tallies
from tests.conftest import examples
from tests.sheets import example_names, load_example, sheet
from tests.tables import BEN_WINS, make_game

KEPT = ("tridge", "contractor", "bid_fair")


def hand_by_hand(data):
    """Score a sheet one hand at a time, the tally pickled in between as the cache keeps it."""
    whole = read_sheet(data)
    engine = GAMES[whole.game]
    tally = engine.Tally(whole.players, whole.settings)
    read_hand = engine.hand_reader(whole.players, whole.settings)
    hands = []
    for number, raw in enumerate(data["hands"], start=1):
        tally = pickle.loads(pickle.dumps(tally))
        hands += tally.play([read_hand(Fields(raw, hand=number, name="hand"))])
    return tally.result(hands)


@pytest.mark.parametrize(
    "name", [name for name in example_names() if load_example(name)[0]["game"] in KEPT]
)
def test_the_examples_score_the_same_hand_by_hand(name):
    data, _ = load_example(name)
    assert hand_by_hand(data).as_json() == score_sheet(read_sheet(data)).as_json()


@examples(0.5)  # each a whole sheet of up to 60 hands, scored twice
@given(
    game=st.sampled_from(KEPT),
    hands=st.integers(1, 60),
    seed=st.integers(0, 10_000),
    people=st.sampled_from((3, 4)),
)
def test_any_game_scores_the_same_hand_by_hand(game, hands, seed, people):
    if game == "tridge":
        data = tridge_sheet(hands, people=people, seed=seed)
    elif game == "contractor":
        data = contractor_sheet(hands, seed=seed)
    else:
        data = bid_fair_sheet(hands, seed=seed)
    data = json.loads(json.dumps(data))
    try:
        whole = score_sheet(read_sheet(data)).as_json()
    except SheetError as refused:
        with pytest.raises(SheetError) as caught:
            hand_by_hand(data)
        assert str(caught.value) == str(refused)
    else:
        assert hand_by_hand(data).as_json() == whole


def test_a_hand_after_the_planned_end_is_refused_with_the_same_words():
    made = {"contractor": "Ben", "strain": "clubs", "tricks": {"Ana": 2, "Ben": 6, "Cy": 2}}
    data = sheet("contractor", ["Ana", "Ben", "Cy"], [made] * 4, rules={"hands": 3})
    with pytest.raises(SheetError) as whole:
        score_sheet(read_sheet(data))
    with pytest.raises(SheetError) as one_by_one:
        hand_by_hand(data)
    assert str(one_by_one.value) == str(whole.value)
    assert "after the game ended" in str(whole.value)


def test_a_bad_hand_read_on_its_own_is_named_as_in_the_sheet():
    data = sheet("tridge", ["Ana", "Ben", "Cy", "Dee"], [{"passed": True}, {"passed": 1}])
    with pytest.raises(SheetError) as whole:
        read_sheet(data)
    with pytest.raises(SheetError) as alone:
        hand_by_hand(data)
    assert str(alone.value) == str(whole.value)


# --- kept in the cache between saves -----------------------------------------


def hand_queries(queries) -> list[str]:
    return [q["sql"] for q in queries if '"games_hand"' in q["sql"] and "SELECT" in q["sql"]]


@pytest.mark.django_db
def test_a_save_keeps_the_tally_for_the_next_which_reads_no_hands(
    user, django_capture_on_commit_callbacks
):
    game = make_game(user, hands=[{"passed": True}] * 31)
    with django_capture_on_commit_callbacks(execute=True):
        services.add_hand(game, {"void": True}, 32)  # reads all 32, keeps the tally
    tally = tallies.kept(game)
    assert tally.count == 32
    # Ana deals hand 33 and sits out: Ben, Cy and Dee play it.
    with (
        CaptureQueriesContext(connection) as seen,
        django_capture_on_commit_callbacks(execute=True),
    ):
        services.add_hand(game, BEN_WINS, 33, tally=tally)
    assert hand_queries(seen.captured_queries) == []
    assert game.version == 2 and game.hands.count() == 33
    assert tallies.kept(game).result([]).standings == services.score_game(game).standings


def a_phone_with_a_kept_tally(user, on_commit):
    """A four-hand game whose last save kept its tally, and a phone that read it since."""
    game = make_game(user, hands=[{"passed": True}] * 3)
    with on_commit(execute=True):
        services.add_hand(game, {"passed": True}, 4)
    mine = Game.objects.get(pk=game.pk)
    return game, mine, tallies.kept(mine)


@pytest.mark.django_db
def test_a_save_after_another_phone_saved_first_is_told_so(
    user, django_capture_on_commit_callbacks
):
    game, mine, tally = a_phone_with_a_kept_tally(user, django_capture_on_commit_callbacks)
    services.add_hand(Game.objects.get(pk=game.pk), {"void": True}, 5)  # the other phone
    with pytest.raises(services.Conflict):
        services.add_hand(mine, BEN_WINS, 5, tally=tally)
    assert Hand.objects.get(game=game, number=5).record == {"void": True}


@pytest.mark.django_db
def test_a_save_after_an_earlier_hand_was_corrected_is_checked_against_the_correction(
    user, django_capture_on_commit_callbacks
):
    game, mine, tally = a_phone_with_a_kept_tally(user, django_capture_on_commit_callbacks)
    first = Hand.objects.get(game=game, number=1)
    services.edit_hand(first, BEN_WINS, user, expected_version=1)  # on another phone
    services.add_hand(mine, {"void": True}, 5, tally=tally)
    assert game.hands.count() == 5
    with_correction = services.score_game(Game.objects.get(pk=game.pk))
    assert with_correction.hands[0].deltas["Ben"] > 0


@pytest.mark.django_db
def test_a_hand_the_correction_made_one_too_many_is_refused(
    user, django_capture_on_commit_callbacks
):
    made = {"contractor": "Ben", "strain": "clubs", "tricks": {"Ana": 2, "Ben": 6, "Cy": 2}}
    game = make_game(
        user, kind="contractor", players=("Ana", "Ben", "Cy"), rules={"hands": 3}, hands=[made]
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.add_hand(game, made, 2)
        services.add_hand(game, {"redeal": True}, 3)
    mine = Game.objects.get(pk=game.pk)
    tally = tallies.kept(mine)  # two contracts scored of three: one to go
    # On another phone the redeal becomes the third contract, and the game is over.
    services.edit_hand(Hand.objects.get(game=game, number=3), made, user, expected_version=1)
    with pytest.raises(SheetError, match="after the game ended"):
        services.add_hand(mine, made, 4, tally=tally)
    assert game.hands.count() == 3


@pytest.mark.django_db
def test_a_save_that_fails_before_its_commit_keeps_no_tally(
    user, django_capture_on_commit_callbacks
):
    game = make_game(user)
    with django_capture_on_commit_callbacks(execute=True):
        services.add_hand(game, {"passed": True}, 1)
    tally = tallies.kept(game)

    def worker_dies(**kwargs):  # once the hand is written, before the commit
        raise RuntimeError("killed")

    post_save.connect(worker_dies, sender=Hand)
    try:
        with pytest.raises(RuntimeError), django_capture_on_commit_callbacks(execute=True):
            services.add_hand(game, {"void": True}, 2, tally=tally)
    finally:
        post_save.disconnect(worker_dies, sender=Hand)
    game.refresh_from_db()
    assert (game.version, game.hands.count()) == (1, 1)
    assert cache.get(tallies._key(game, 2)) is None
    assert tallies.kept(game).count == 1


@pytest.mark.django_db
def test_a_tally_kept_by_other_code_is_never_played_on(
    user, django_capture_on_commit_callbacks, monkeypatch
):
    game = make_game(user)
    with django_capture_on_commit_callbacks(execute=True):
        services.add_hand(game, {"passed": True}, 1)
    assert tallies.kept(game) is not None
    tallies._code.cache_clear()
    monkeypatch.setattr(tallies, "_code", lambda kind: "deployed-since")
    assert tallies.kept(game) is None


@pytest.mark.django_db
def test_corrections_and_deletions_keep_the_tally_of_what_they_leave(
    user, django_capture_on_commit_callbacks
):
    game = make_game(user, hands=[BEN_WINS, {"passed": True}, {"void": True}])
    hand = Hand.objects.get(game=game, number=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.edit_hand(hand, {"void": True}, user, expected_version=1)
    game.refresh_from_db()
    assert tallies.kept(game).result([]).standings == services.score_game(game).standings
    with django_capture_on_commit_callbacks(execute=True):
        services.delete_hand(Hand.objects.get(game=game, number=1), user, expected_version=1)
    game.refresh_from_db()
    kept = tallies.kept(game)
    assert kept.count == 2
    assert kept.result([]).as_json() | {"hands": []} == services.score_game(game).as_json() | {
        "hands": []
    }


@pytest.mark.django_db
def test_cardigan_keeps_no_tally(user):
    game = make_game(user, kind="cardigan", players=("Ana", "Ben", "Cy", "Dee"))
    assert tallies.kind_of(game) is None
    assert tallies.kept(game) is None
