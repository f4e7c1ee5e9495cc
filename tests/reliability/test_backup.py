"""The account file (games/records/dump.py): an account's whole history out, and back into an
empty account, the same; taken while hands are saved, still one moment.

The whole database is backed up with the database's own tools (README.md).
"""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from games.models import Game, Hand, Player, Revision, Session
from games.play import services
from games.records import imports
from games.records.dump import dump_account, load_account
from tests.conftest import PASSWORD
from tests.reliability.live import ONLY_POSTGRES, on_postgres, record_figures
from tests.reliability.records import PLAYERS, tridge_hand
from tests.sheets import example_names, load_example
from tests.tables import make_game

User = get_user_model()


def fill_account(ana) -> None:
    """Something of everything an account keeps."""
    # A Tridge evening: hands added, corrected (by the owner, by the co-scorer link),
    # the last one deleted.
    game = make_game(ana, players=PLAYERS)
    for number in range(1, 8):
        services.add_hand(game, tridge_hand(number, f"add-{number}", number * 7), number)
    hand = Hand.objects.get(game=game, number=2)
    services.edit_hand(hand, tridge_hand(2, "edit-2a", 11), ana, 1)
    services.edit_hand(hand, tridge_hand(2, "edit-2b", 12), ana, 2)
    services.edit_hand(
        Hand.objects.get(game=game, number=3), tridge_hand(3, "edit-3", 13), None, 1, True
    )
    services.delete_hand(Hand.objects.get(game=game, number=7), ana, 1)
    Session.objects.filter(pk=game.session_id).update(note="Friday,\nat the club")
    # Every example sheet: each kind of game, top-level keys and all.
    session = Session.objects.create(group=ana.owned_groups.first(), place="Zoë's")
    for name in example_names():
        imports.import_sheet(session, load_example(name)[0])


def account(owner) -> dict:
    """What an account holds, as a player sees it, whatever the rows' ids."""
    games = Game.objects.filter(session__group__owner=owner).order_by("session__date", "created")
    return {
        "players": sorted(Player.objects.filter(group__owner=owner).values_list("name", flat=True)),
        "sessions": sorted(Session.objects.filter(group__owner=owner).values_list("place", "note")),
        "scores": [services.score_game(game).as_json() for game in games],
        "hand_versions": [list(game.hands.values_list("version", flat=True)) for game in games],
        "revisions": [
            sorted(
                game.revisions.values_list("number", "action", "version", "via_coscorer"),
                key=repr,
            )
            for game in games
        ],
    }


@pytest.mark.django_db
def test_an_account_with_everything_in_it_comes_back_the_same_into_an_empty_one(make_user):
    ana, copy = make_user("ana"), make_user("ana-again")
    fill_account(ana)
    data = dump_account(ana)
    games = Game.objects.filter(session__group__owner=ana).count()
    assert games > len(example_names()) and load_account(copy, data) == games
    assert account(copy) == account(ana)
    # Who made a revision is kept for the account's own name: "ana" is not "ana-again".
    assert not Revision.objects.filter(game__session__group__owner=copy, by__isnull=False).exists()
    assert sheets(dump_account(copy)) == sheets(data)


def sheets(data) -> list:
    return [game["sheet"] for session in data["sessions"] for game in session["games"]]


EDITS = 60  # at least; and on until three exports were checked, however fast each is
DUMPS = 3


@pytest.mark.skipif(not on_postgres(), reason=ONLY_POSTGRES)
@pytest.mark.django_db(transaction=True)
def test_an_account_file_taken_while_hands_are_saved_is_one_moment():
    """Hands are corrected while the account is exported: every export adds up."""
    owner = User.objects.create_user(username="ana", password=PASSWORD)
    game = make_game(owner, players=PLAYERS)
    for number in range(1, 9):
        services.add_hand(game, tridge_hand(number, f"add-{number}", number), number)
    done, failed = threading.Event(), threading.Event()
    edits = dumps = 0

    def correct():
        nonlocal edits
        try:
            while (edits < EDITS or dumps < DUMPS) and not failed.is_set():
                hand = Hand.objects.get(game=game, number=1 + edits % 8)
                record = tridge_hand(hand.number, f"edit-{edits}", edits)
                services.edit_hand(hand, record, owner, hand.version)
                edits += 1
        finally:
            done.set()
            connection.close()

    scorer = threading.Thread(target=correct)
    scorer.start()
    try:
        while not done.is_set():
            (dumped,) = dump_account(owner)["sessions"][0]["games"]
            # Each correction made one revision and moved its hand's version on by one.
            for number, version in enumerate(dumped["hand_versions"], start=1):
                assert version == 1 + sum(r["hand"] == number for r in dumped["revisions"])
            dumps += 1
    except BaseException:
        failed.set()
        raise
    finally:
        scorer.join(timeout=120)
    assert dumps >= DUMPS
    assert Revision.objects.count() == edits >= EDITS
    record_figures(
        "dump_while_saving_one_account", {"dumps_checked": dumps, "edits_meanwhile": edits}
    )
