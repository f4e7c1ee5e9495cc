"""Each game's result for each seat, stored and kept in step (games/records/results.py): after
every change of a game its rows are what scoring it afresh gives, and a player's record read
from them is the record of every game scored afresh (tests/games/records/afresh.py)."""

import contextlib
import datetime
import random

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.sheets import bid_fair_sheet, cardigan_games, contractor_sheet, tridge_sheet
from games.engine.registry import read_sheet
from games.engine.sheet import SheetError
from games.models import Game, Hand, Player, Revision, SeatResult, Session
from games.play import bin, changes, services, tallies
from games.play.once import AlreadyStored
from games.records import renames
from games.records.imports import import_sheet
from games.records.stats import player_record
from tests.conftest import examples
from tests.games.records.afresh import afresh, scored, seen, stored
from tests.sheets import load_example
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db

CONTRACTOR = load_example("contractor-three-hands")[0]["hands"]  # Ben, redeal, Ben, Ana


def contractor(user, hands=()):
    return make_game(user, "contractor", ("Ana", "Ben", "Cy"), rules={"hands": 3}, hands=hands)


def in_step(game) -> None:
    """The game's rows are it scored afresh; its figures too, unless they are stale (a game
    not over, changed since a page last read it: the next read works them out)."""
    for row, afresh_row in zip(stored(game), scored(game), strict=True):
        if row["figures"] is None:
            afresh_row |= {"figures": None}
        assert row == afresh_row


def same_record(name) -> None:
    player = Player.objects.get(name=name)
    assert seen(player_record(player)) == afresh([player])


def quick(game, record) -> None:
    """`record` saved as the game's next hand on the quick path: played on the tally of the
    hands stored, as by a phone that found the tally kept (games/play/tallies.py)."""
    game = Game.objects.get(pk=game.pk)
    sheet = read_sheet(services.sheet_of(game))
    tally = tallies.start(sheet)
    tally.play(sheet.hands)
    services.add_hand(game, record, len(sheet.hands) + 1, tally=tally)


def test_a_game_has_a_row_for_each_seat_as_its_engine_scores_it(user):
    game = contractor(user, CONTRACTOR)
    rows = stored(game)
    assert rows == scored(game)
    assert [row["outcome"] for row in rows] == ["3rd of 3", "2nd of 3", "Won"]
    assert [row["result"] for row in rows] == [-17, 0, 8]
    assert rows[1]["opponents"] == ["Ana", "Cy"] and rows[1]["partners"] == []
    assert ("Contracts bid", 2) in rows[1]["figures"]


def test_hands_added_corrected_deleted_put_back_and_undone_keep_the_rows_in_step(user):
    game = contractor(user)
    services.add_hand(game, CONTRACTOR[0], 1)
    services.add_hand(game, CONTRACTOR[1], 2)
    services.add_hand(game, CONTRACTOR[2], 3, key="third")
    in_step(game)
    first = Hand.objects.get(game=game, number=1)
    services.edit_hand(first, CONTRACTOR[3], user, first.version, key="corrected")
    in_step(game)
    services.undo(game, "corrected", user, key="undone")
    in_step(game)
    services.delete_hand(Hand.objects.get(game=game, number=2), user, 1)
    in_step(game)
    services.put_back(Revision.objects.get(game=game, action="deleted"), user)
    in_step(game)
    services.add_hand(game, CONTRACTOR[3], 4, key="last")
    in_step(game)
    assert stored(game)[0]["finished"] and stored(game)[0]["result"] == -17
    services.undo(game, "last", user, key="taken back")
    in_step(game)
    assert not stored(game)[0]["finished"] and stored(game)[0]["outcome"] == "not finished"


def test_the_quick_path_leaves_the_figures_to_the_next_read_of_that_game_alone(user):
    game, other = contractor(user, CONTRACTOR[:1]), contractor(user, CONTRACTOR[:1])
    quick(game, CONTRACTOR[1])
    quick(game, CONTRACTOR[2])
    rows = SeatResult.objects.filter(game=game)
    assert {row.figured for row in rows} == {False}
    without_figures = [row | {"figures": None} for row in scored(game)]
    assert stored(game) == without_figures  # all but the figures, from the tally's score
    ben = Player.objects.get(name="Ben")
    with CaptureQueriesContext(connection) as seen_queries:
        record = player_record(ben)
    hands = [q["sql"] for q in seen_queries.captured_queries if 'FROM "games_hand"' in q["sql"]]
    assert len(hands) == 1 and f"IN ({game.pk})" in hands[0]  # the changed game's, alone
    assert record.kinds["contractor"].figures["Contracts bid"] == 3
    in_step(game)
    in_step(other)
    same_record("Ben")


def test_a_save_that_leaves_a_game_not_over_costs_the_rows_one_query(user):
    game = contractor(user, CONTRACTOR[:1])
    with CaptureQueriesContext(connection) as seen_queries:
        quick(game, CONTRACTOR[1])
    rows = [q["sql"] for q in seen_queries.captured_queries if "games_seatresult" in q["sql"]]
    assert len(rows) == 1 and rows[0].startswith("UPDATE")
    assert stored(game) == [row | {"figures": None} for row in scored(game)]
    quick(game, CONTRACTOR[2])
    quick(game, CONTRACTOR[3])  # the last: the game is over, and its rows say so
    assert [row["outcome"] for row in stored(game)] == ["3rd of 3", "2nd of 3", "Won"]
    assert stored(game) == [row | {"figures": None} for row in scored(game)]


def test_a_read_with_nothing_stale_scores_no_game(user):
    contractor(user, CONTRACTOR)
    with CaptureQueriesContext(connection) as seen_queries:
        player_record(Player.objects.get(name="Ben"))
    assert not [q for q in seen_queries.captured_queries if "games_hand" in q["sql"]]


def test_a_rename_writes_the_new_name_into_the_partners_and_opponents(user):
    session = Session.objects.create(group=user.owned_groups.first())
    game = import_sheet(session, load_example("cardigan-four-deals")[0])
    renames.rename_player(Player.objects.get(name="Cy"), "Cyd")
    in_step(game)
    ana, ben = stored(game)[:2]
    assert ana["partners"] == ["Cyd"] and ana["side"] == "Ana & Cyd"
    assert ben["opponents"] == ["Ana", "Cyd"]
    same_record("Ana")


def test_a_rename_reaches_a_game_of_no_hands_yet(user):
    game = make_game(user, "cardigan")
    renames.rename_player(Player.objects.get(name="Cy"), "Cyd")
    in_step(game)
    assert stored(game)[0]["partners"] == ["Cyd"]


def test_a_merge_moves_the_rows_with_the_seats_to_the_player_kept(user):
    make_game(user, hands=[BEN_WINS])
    second = make_game(user, players=("Anna", "Ben", "Cy", "Dee"), hands=[BEN_WINS])
    ana = Player.objects.get(name="Ana")
    renames.merge_players(ana, Player.objects.get(name="Anna"))
    in_step(second)
    assert stored(second)[1]["opponents"] == ["Ana", "Cy", "Dee"]
    assert SeatResult.objects.filter(seat__player=ana).count() == 2
    assert player_record(ana).kinds["tridge"].played == 2
    same_record("Ana")
    same_record("Ben")


def test_a_game_or_session_deleted_and_restored_leaves_and_rejoins_the_record(user):
    kept = make_game(user, hands=[BEN_WINS])
    game = make_game(user, hands=[BEN_WINS])
    ben = Player.objects.get(name="Ben")
    bin.delete(game)
    assert player_record(ben).kinds["tridge"].played == 1
    same_record("Ben")
    bin.restore(user, "game", game.pk)
    bin.delete(kept.session)
    assert [played.game for played in player_record(ben).games] == [game]
    bin.restore(user, "session", kept.session.pk)
    assert player_record(ben).kinds["tridge"].played == 2
    in_step(game)
    in_step(kept)
    same_record("Ben")


def test_an_imported_sheet_has_its_rows_at_once(user):
    session = Session.objects.create(group=user.owned_groups.first())
    game = import_sheet(session, load_example("tridge-four-people")[0])
    in_step(game)
    assert stored(game)[1]["outcome"] == "2nd of 4" and stored(game)[1]["result"] == -57


def test_a_new_game_and_its_play_again_are_on_their_players_pages_before_a_hand(owner_client, user):
    from tests.games.views.test_games import tridge_form

    session = Session.objects.create(group=user.owned_groups.first())
    owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form())
    game = Game.objects.get()
    in_step(game)
    assert stored(game)[0]["outcome"] == "not finished"
    ana = Player.objects.get(name="Ana")
    assert "not finished" in owner_client.get(f"/players/{ana.pk}/").content.decode()
    services.add_hand(game, BEN_WINS, 1)
    owner_client.post(f"/games/{game.pk}/rematch/", {"then": "leave"})
    started = Game.objects.exclude(pk=game.pk).get()
    in_step(started)
    assert player_record(ana).kinds["tridge"].played == 2


def test_a_session_given_another_date_takes_its_games_rows_with_it(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    session = game.session
    post = {"date": "2026-03-04", "place": session.place, "note": ""}
    owner_client.post(f"/sessions/{session.pk}/edit/", post)
    assert {row.date for row in SeatResult.objects.filter(game=game)} == {datetime.date(2026, 3, 4)}
    ben = Player.objects.get(name="Ben")
    march = player_record(ben, datetime.date(2026, 3, 1), datetime.date(2026, 3, 31))
    assert [played.game for played in march.games] == [game]


# --- any changes at all --------------------------------------------------------------

# Each kind's people, house rules that end a game in a few hands, and hands to draw from.
SOURCES = {
    "contractor": (("Ana", "Ben", "Cy"), {"hands": 3}, lambda seed: contractor_sheet(8, seed)),
    "bid_fair": (("Ana", "Ben"), {"target": 250}, lambda seed: bid_fair_sheet(10, seed)),
    "tridge": (("Ana", "Ben", "Cy", "Dee"), {"hands": 4}, lambda seed: tridge_sheet(8, 4, seed)),
    "cardigan": (("Ana", "Ben", "Cy", "Dee"), {}, lambda seed: cardigan_games(1, seed)[0]),
}
CHANGES = (
    "add",
    "quick",
    "edit",
    "delete",
    "put back",
    "undo",
    "rename",
    "game",
    "session",
    "new game",
    "import",
    "date",
    "refused",
)


class Table:
    """A group's evenings, changed as the app changes them, one change a step."""

    def __init__(self, user):
        self.user, self.group = user, user.owned_groups.first()
        self.sessions = [
            Session.objects.create(group=self.group, date=datetime.date(2026, 1, day))
            for day in (1, 8)
        ]
        self.names = {}  # a player's first name -> their name now
        self.drawn = {}  # a game's pk -> the hands it draws from
        self.keys = {}  # a game's pk -> the one-time key of its last change
        for number, kind in enumerate(SOURCES, start=1):
            self.new_game(kind, self.sessions[0], number)  # 1, 2, 3 and 0 hands in

    def new_game(self, kind, session, seed):
        people, rules, source = SOURCES[kind]
        game = Game.objects.create(
            session=session,
            kind=kind,
            players=[self.names.get(name, name) for name in people],
            rules=services.default_rules(kind) | rules,
        )
        for position, name in enumerate(game.players):
            player, _ = Player.objects.get_or_create(group=self.group, name=name)
            game.seat_set.create(player=player, position=position)
        changes.changed(game)  # as the new game's form does
        self.drawn[game.pk] = source(seed)["hands"]
        for number, record in enumerate(self.drawn[game.pk][: seed % 4], start=1):
            try:
                services.add_hand(game, self.named(record), number)
            except SheetError:
                break  # the game is over

    def record(self, game, rng):
        """One of the hands `game` draws from, with the names the players have now."""
        return self.named(rng.choice(self.drawn[game.pk]))

    def named(self, record):
        for first, now in self.names.items():
            record = renames.renamed(record, first, now)
        return record

    def step(self, change: str, seed: int) -> None:
        rng = random.Random(seed)
        games = list(Game.kept.filter(session__group=self.group).order_by("pk"))
        game = rng.choice(games)
        hands = list(game.hands.all())
        hand = rng.choice(hands) if hands else None
        key = f"key-{seed}"
        if change in ("add", "quick"):
            number = len(hands) + 1
            if change == "quick" and tallies.kind_of(game) is not None:
                sheet = read_sheet(services.sheet_of(game))
                tally = tallies.start(sheet)
                tally.play(sheet.hands)
                services.add_hand(game, self.record(game, rng), number, tally=tally, key=key)
            else:
                services.add_hand(game, self.record(game, rng), number, key=key)
        elif change == "edit" and hand:
            services.edit_hand(hand, self.record(game, rng), self.user, hand.version, key=key)
        elif change == "delete" and hand:
            services.delete_hand(hand, self.user, hand.version, key=key)
        elif change == "put back":
            gone = game.revisions.filter(action="deleted", put_back=False).first()
            if gone:
                services.put_back(gone, self.user, key=key)
        elif change == "undo" and game.pk in self.keys:
            services.undo(game, self.keys[game.pk], self.user, key=key)
        elif change == "rename":
            player = rng.choice(list(Player.objects.filter(group=self.group)))
            first = next((k for k, v in self.names.items() if v == player.name), player.name)
            new = f"{first}{seed % 7}"
            if Player.objects.filter(group=self.group, name__iexact=new).exists():
                return  # refused by the rename's form (games/records/renames.py NameForm)
            renames.rename_player(player, new)
            self.names[first] = new
        elif change in ("game", "session"):
            things = Game.kept if change == "game" else Session.kept
            owned = "session__group" if change == "game" else "group"
            thing = rng.choice(list(things.filter(**{owned: self.group})))
            self.bin(change, thing)
        elif change == "new game":
            self.new_game(rng.choice(list(SOURCES)), rng.choice(self.sessions), seed)
        elif change == "import":
            kind = rng.choice(list(SOURCES))
            people, rules, source = SOURCES[kind]
            data = source(seed) | {"rules": rules}
            drawn, data["hands"] = data["hands"], data["hands"][: rng.randint(0, 4)]
            self.drawn[import_sheet(rng.choice(self.sessions), data).pk] = drawn
        elif change == "date":
            session = rng.choice(self.sessions)
            session.date = datetime.date(2026, 1, rng.randint(1, 28))
            session.save()
        elif change == "refused" and hand:
            # What an engine's correction could do to a stored game: its sheet refused.
            Hand.objects.filter(pk=hand.pk).update(record={"refused": True})
            changes.changed(game)
        self.keys[game.pk] = key

    def bin(self, kind, thing):
        if thing.deleted:
            bin.restore(self.user, kind, thing.pk)
        else:
            bin.delete(thing)


@settings(
    examples(0.3),  # each a whole evening of changes, and every record scored afresh
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        # The quick path three times as often as another change: most saves take it.
        st.tuples(st.sampled_from((*CHANGES, "quick", "quick")), st.integers(0, 10**6)),
        min_size=1,
        max_size=15,
    )
)
def test_after_any_changes_the_rows_and_the_records_are_every_game_scored_afresh(user, steps):
    with transaction.atomic():
        table = Table(user)
        refused = (SheetError, services.Conflict, AlreadyStored, renames.Refused, bin.Refused)
        for change, seed in steps:
            with contextlib.suppress(*refused):  # as the screen refuses it: nothing changed
                table.step(change, seed)
        for game in Game.kept.filter(session__group=table.group):
            in_step(game)
        for player in Player.objects.filter(group=table.group):
            assert seen(player_record(player)) == afresh([player])
        for game in Game.objects.filter(session__group=table.group):
            # Every game its players' pages read has its figures worked out.
            assert stored(game) == scored(game)
        transaction.set_rollback(True)
