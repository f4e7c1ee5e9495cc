"""The account file (games/records/dump.py): every record checked before anything is stored."""

import copy

import pytest

from games.models import Game, Hand, Membership, Player, Revision, Session
from games.play.groups import create_group, first_group, groups_of
from games.records.dump import DumpError, dump_account, load_account
from tests.tables import account_file, everything, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(user):
    return account_file(user)


@pytest.fixture
def bea(make_user):
    return make_user("bea")


def refused(owner, data) -> str:
    """The reason a file is refused; and the database holds exactly what it held before."""
    before = everything()
    with pytest.raises(DumpError) as caught:
        load_account(owner, data)
    assert everything() == before
    return str(caught.value)


def test_a_file_loads_into_an_empty_account_with_its_revisions_and_versions(exported, bea):
    assert load_account(bea, exported) == 6
    game = Game.objects.get(session__group__owner=bea, session__place="The Crown")
    assert list(game.hands.values_list("version", flat=True)) == [2, 2]
    assert game.revisions.count() == 3
    assert set(game.revisions.values_list("by", flat=True)) == {None}  # by ana, not bea
    assert (
        Player.objects.filter(group__owner=bea).count()
        == Player.objects.filter(group__owner__username="ana").count()
    )


def test_revisions_by_the_importing_account_stay_attributed_to_it(exported, bea):
    exported["sessions"][1]["games"][0]["revisions"][0]["by"] = "bea"
    load_account(bea, exported)
    assert Revision.objects.filter(by=bea).count() == 1


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d["players"].append(5), "player 5: a name must be text, not 5"),
        (
            lambda d: d["players"].append("x" * 41),
            "player 5, name: ensure this value has at most 40 characters (it has 41)",
        ),
        (
            lambda d: d["sessions"][1].update(place="x" * 81),
            "session 2, place: ensure this value has at most 80 characters (it has 81)",
        ),
        (
            lambda d: d["sessions"][0].update(note="x" * 2001),
            "session 1, note: ensure this value has at most 2000 characters (it has 2001)",
        ),
        (lambda d: d["sessions"][1].update(date="2026-02-30"), "session 2, date: "),
        (lambda d: d["sessions"][1].update(date=20261120), "session 2, date: must be text"),
        (
            lambda d: d["sessions"][0].update(created="0001-01-01T00:00:00+01:00"),
            "session 1, created: is out of range",
        ),
        (lambda d: d["sessions"][0]["games"][0].pop("created"), "game 1, created: is missing"),
        (lambda d: d["sessions"][0].update(chairs=4), "session 1, chairs: is not a field here"),
        (
            lambda d: d["sessions"][0]["games"][2]["sheet"].update(game="poker"),
            "session 1, game 3, sheet: game: must be one of",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["sheet"]["players"].__setitem__(1, "y" * 41),
            "session 1, game 1, sheet: players[1]: a name has at most 40 characters",
        ),
        (
            lambda d: d["sessions"][1]["games"][0]["hand_versions"].__setitem__(1, 2**64),
            "session 2, game 1, hand 2, version: ensure this value is less than or equal to",
        ),
        (
            lambda d: d["sessions"][1]["games"][0]["hand_versions"].append(1),
            "session 2, game 1, hand_versions: has 3 entries for 2 hands",
        ),
        (
            lambda d: d["sessions"][1]["games"][0]["revisions"][1].update(action="lost"),
            "session 2, game 1, revision 2, action: value 'lost' is not a valid choice",
        ),
        (
            lambda d: d["sessions"][1]["games"][0]["revisions"][0].update(hand=3),
            "session 2, game 1, revision 1, hand: must be at most 2, not 3",
        ),
        (
            lambda d: d["sessions"][1]["games"][0]["revisions"][0].update(via_coscorer="yes"),
            "revision 1, via_coscorer: must be true or false",
        ),
        (
            lambda d: d["sessions"][1]["games"].append([]),
            "session 2, game 2: must be a JSON object",
        ),
    ],
)
def test_a_damaged_record_is_refused_by_what_and_where_and_nothing_is_stored(
    exported, bea, damage, words
):
    damage(exported)
    assert words in refused(bea, exported)


def test_a_sheet_the_engine_refuses_after_good_sessions_stores_none_of_them(exported, bea):
    exported["sessions"][1]["games"][0]["sheet"]["hands"][0] = {"passed": "twice"}
    assert refused(bea, exported).startswith("session 2, game 1, sheet: hand 1: passed: ")
    assert not Session.objects.filter(group__owner=bea).exists()


def test_an_account_with_sessions_takes_no_file(exported, user):
    assert "empty account only" in refused(user, copy.deepcopy(exported))


def test_a_name_the_account_has_in_another_case_is_kept_not_doubled(exported, bea):
    Player.objects.create(group=bea.owned_groups.first(), name="ANA")
    exported["players"].append("ana")
    load_account(bea, exported)
    assert Player.objects.filter(group__owner=bea, name__iexact="ana").count() == 1


def test_a_moment_without_a_time_zone_is_taken_in_the_sites_time_zone(exported, bea):
    exported["sessions"][0]["created"] = "2026-11-20T21:30:00"
    load_account(bea, exported)
    assert Session.objects.filter(group__owner=bea).order_by("date")[0].created.hour == 21
    assert Hand.objects.filter(game__session__group__owner=bea).exists()


def test_a_games_own_name_goes_out_with_it_and_comes_back(user, bea):
    game = make_game(user)
    Game.objects.filter(pk=game.pk).update(name="The decider")
    load_account(bea, dump_account(user))
    assert Game.objects.get(session__group__owner=bea).name == "The decider"


def test_the_account_file_holds_every_group_the_account_is_in_and_brings_each_back(
    exported, user, bea, make_user
):
    club = first_group(bea)
    Membership.objects.create(group=club, user=user)
    make_game(bea, players=("Bea", "Cy", "Dee"))
    create_group(user, "Thursdays")
    data = dump_account(user)
    assert [(g["name"], len(g["sessions"])) for g in data["groups"]] == [
        ("bea's table", 1),
        ("Thursdays", 0),
    ]
    assert data["groups"][0]["players"] == ["Bea", "Cy", "Dee"]
    cy = make_user("cy")
    assert load_account(cy, data) == 7  # the six of the first group, and the club's one
    names = [(g.name, g.sessions.count()) for g in groups_of(cy)]
    assert names == [("cy's table", 2), ("bea's table", 1), ("Thursdays", 0)]
    again = dump_account(cy)
    assert again["groups"] == data["groups"] and sheets(again) == sheets(data)


def sheets(data) -> list:
    return [game["sheet"] for session in data["sessions"] for game in session["games"]]


def test_a_damaged_record_of_another_group_is_named_with_its_group_and_nothing_is_stored(
    exported, bea
):
    exported["groups"] = [{"name": "Club", "players": [], "sessions": [{"date": "x"}]}]
    assert refused(bea, exported).startswith("group 2, session 1, ")
    exported["groups"] = [{"name": "x" * 81, "players": [], "sessions": []}]
    assert refused(bea, exported).startswith("group 2, name: ensure this value has at most")


def test_what_lies_on_the_table_and_what_a_match_took_from_it_come_back(user, bea):
    from games.models import Leftover
    from games.money import table
    from games.play import changes
    from tests.tables import BEN_WINS

    taken = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    taken.meta = {"stake": "0.05", "funds_left": "keep"}
    taken.save(update_fields=["meta"])
    changes.changed(taken)
    table.play_again(taken)
    make_game(user, players=("Eve", "Ben", "Cy", "Dee"), rules={"hands": 1}, hands=[BEN_WINS])
    load_account(bea, dump_account(user))

    def laid(owner):
        rows = Leftover.objects.filter(group__owner=owner).select_related("source", "taken_by")
        return sorted(
            (
                row.source.players,
                row.taken_by and row.taken_by.players,
                row.source.meta.get("stake"),
            )
            for row in rows
        )

    assert laid(bea) == laid(user) and len(laid(bea)) == 2
    assert [pile.words for pile in table.lying(first_group(bea))] == [
        pile.words for pile in table.lying(first_group(user))
    ]


def test_a_file_whose_choices_or_takings_are_not_what_they_should_be_is_refused(exported, bea):
    game = exported["sessions"][0]["games"][0]
    bad = copy.deepcopy(exported)
    bad["sessions"][0]["games"][0]["choices"] = {"colour": "red"}
    assert "choices" in refused(bea, bad)
    bad["sessions"][0]["games"][0] = game | {"took": ["not a moment"]}
    assert "took" in refused(bea, bad)
