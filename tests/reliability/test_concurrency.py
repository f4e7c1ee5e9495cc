"""Many phones on one game at once, on the real PostgreSQL: nothing accepted is lost,
nothing refused is half-kept, and the hands stay numbered 1..n.

Eight threads, each with its own database connection, add, edit and now and then
delete hands of the same Tridge game through `games.play.services`, as phones do: read the
game, build a hand for the number they see, save it. Every record carries a unique tag
in its `meta`, so afterwards each accepted change can be found exactly once, either
as a hand as it stands or as a revision, and each refused one nowhere.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter

import pytest
from django.db import connection

from games.engine.sheet import SheetError
from games.models import Game, Hand, Revision
from games.play import services, tallies
from tests.reliability.live import ONLY_POSTGRES, on_postgres, record_figures
from tests.reliability.records import PLAYERS, tag_of, tridge_hand
from tests.tables import make_game

pytestmark = [
    pytest.mark.skipif(not on_postgres(), reason=ONLY_POSTGRES),
    pytest.mark.django_db(transaction=True),
]

THREADS = 8
OPERATIONS = 40  # per thread
SEED = 8


class Phone(threading.Thread):
    """One scorer's phone: reads the game, then saves what it saw, like the screens do."""

    def __init__(self, number, game_pk, user, start, log, lock):
        super().__init__(name=f"phone-{number}")
        self.number = number
        self.game_pk = game_pk
        self.user = user
        self.start_together = start
        self.log = log
        self.lock = lock
        self.random = random.Random(SEED * 1000 + number)

    def run(self):
        try:
            self.start_together.wait(timeout=60)
            for step in range(OPERATIONS):
                self.one(step)
        finally:
            connection.close()  # each thread has its own connection; leave none open

    def one(self, step):
        tag = f"p{self.number}-{step}"
        pick = self.random.randrange(1000)
        game = Game.objects.get(pk=self.game_pk)
        hands = list(Hand.objects.filter(game=game).order_by("number"))
        roll = self.random.random()
        kind = "add" if not hands or roll < 0.55 else ("edit" if roll < 0.93 else "delete")
        entry = {"phone": self.number, "step": step, "kind": kind, "tag": tag}
        try:
            if kind == "add":
                number = len(hands) + 1
                # As the hand entry does: the tally kept at the version this phone read.
                tally = tallies.kept(game)
                entry["on_tally"] = tally is not None and tally.count + 1 == number
                record = tridge_hand(number, tag, pick)
                hand = services.add_hand(game, record, number, tally=tally)
                entry |= {"hand": hand.pk, "version": hand.version, "number": hand.number}
            else:
                # A phone mostly deletes the hand just entered twice; sometimes an older one.
                last = kind == "delete" and self.random.random() < 0.5
                seen = hands[-1] if last else self.random.choice(hands)
                entry |= {"hand": seen.pk, "seen_version": seen.version}
                if kind == "edit":
                    record = tridge_hand(seen.number, tag, pick)
                    hand = services.edit_hand(seen, record, self.user, seen.version)
                    entry |= {"version": hand.version}
                else:
                    entry["record_tag"] = tag_of(seen.record)
                    services.delete_hand(seen, self.user, seen.version)
            entry["outcome"] = "accepted"
        except services.Conflict as told:
            entry |= {"outcome": "conflict", "told": str(told)}
        except SheetError as told:
            # The engine refused the sheet it would make (a delete moves the deal along).
            entry |= {"outcome": "refused", "told": str(told)}
        except Exception as error:  # anything else is a failure of the test
            entry |= {"outcome": "error", "told": f"{type(error).__name__}: {error}"}
        with self.lock:
            self.log.append(entry)


def test_eight_phones_on_one_game_lose_nothing(user):
    game = make_game(user, players=PLAYERS)
    log: list[dict] = []
    lock = threading.Lock()
    start = threading.Barrier(THREADS)
    phones = [Phone(n, game.pk, user, start, log, lock) for n in range(THREADS)]
    began = time.perf_counter()
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(timeout=120)
    seconds = time.perf_counter() - began
    assert not any(phone.is_alive() for phone in phones), "a phone never finished"

    outcomes = Counter(entry["outcome"] for entry in log)
    kinds = Counter((entry["kind"], entry["outcome"]) for entry in log)
    errors = [entry for entry in log if entry["outcome"] == "error"]
    accepted = [entry for entry in log if entry["outcome"] == "accepted"]
    rejected = [entry for entry in log if entry["outcome"] != "accepted"]
    figures = {
        "threads": THREADS,
        "operations_per_thread": OPERATIONS,
        "attempted": len(log),
        "accepted": len(accepted),
        "rejected_conflict": outcomes["conflict"],
        "rejected_refused_by_engine": outcomes["refused"],
        "unclean_errors": len(errors),
        "by_kind": {f"{kind} {outcome}": count for (kind, outcome), count in sorted(kinds.items())},
        "adds_on_a_kept_tally": sum(1 for entry in log if entry.get("on_tally")),
        "seconds": round(seconds, 2),
    }
    print("\nconcurrency:", figures)

    # Every attempt was answered: accepted, or told why not; nothing else happened.
    assert len(log) == THREADS * OPERATIONS
    assert not errors, [f"{e['kind']} {e['tag']}: {e['told']}" for e in errors[:5]]
    assert all(entry.get("told") for entry in rejected)
    # Both ways a hand is added were raced: on a kept tally, and the careful way.
    adds = [entry for entry in log if entry["kind"] == "add"]
    assert any(entry["on_tally"] for entry in adds) and not all(entry["on_tally"] for entry in adds)

    game.refresh_from_db()
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    revisions = list(Revision.objects.filter(game=game))
    adds = [e for e in accepted if e["kind"] == "add"]
    edits = [e for e in accepted if e["kind"] == "edit"]
    deletes = [e for e in accepted if e["kind"] == "delete"]

    # Hands are numbered 1..n, no gap and no duplicate; n is what was added minus deleted.
    assert [hand.number for hand in hands] == list(range(1, len(hands) + 1))
    assert len(hands) == len(adds) - len(deletes)
    # One version bump per accepted change, none for a refused one.
    assert game.version == len(accepted)

    # Each version of each hand, as the accepted change that made it.
    made = {(e["hand"], e["version"]): e["tag"] for e in adds + edits}
    assert len(made) == len(adds) + len(edits), "two accepted changes made the same version"

    # Every accepted add or edit is found exactly once: a hand as it stands, or a revision.
    stored = Counter(tag_of(hand.record) for hand in hands)
    stored.update(tag_of(revision.record) for revision in revisions)
    assert {tag for tag, times in stored.items() if times > 1} == set()
    assert set(stored) == set(made.values())
    refused_tags = {e["tag"] for e in rejected}
    assert not refused_tags & set(stored)

    # Each hand as it stands is the last accepted change to it.
    for hand in hands:
        assert made[(hand.pk, hand.version)] == tag_of(hand.record)
        assert all((hand.pk, v) in made for v in range(1, hand.version + 1))

    # The revisions account for every accepted edit and delete: the version it replaced.
    by_tag = {tag_of(revision.record): revision for revision in revisions}
    assert len(by_tag) == len(revisions)
    actions = Counter(revision.action for revision in revisions)
    assert (actions[Revision.EDITED], actions[Revision.DELETED]) == (len(edits), len(deletes))
    for edit in edits:
        replaced = by_tag[made[(edit["hand"], edit["version"] - 1)]]
        assert (replaced.action, replaced.version) == (Revision.EDITED, edit["version"] - 1)
    for delete in deletes:
        gone = by_tag[delete["record_tag"]]
        assert (gone.action, gone.version) == (Revision.DELETED, delete["seen_version"])
        assert not Hand.objects.filter(pk=delete["hand"]).exists()

    # The game still scores, all of it.
    assert len(services.score_game(game).hands) == len(hands)

    figures |= {
        "hands_at_the_end": len(hands),
        "revisions_at_the_end": len(revisions),
        "accepted_adds": len(adds),
        "accepted_edits": len(edits),
        "accepted_deletes": len(deletes),
        "game_version": game.version,
    }
    record_figures("concurrency", figures)


def send_at_once(change, times=THREADS) -> Counter:
    """`change` run by `times` threads at the same moment, as one form sent again and again."""
    start = threading.Barrier(times)
    answers: list[str] = []

    def phone():
        try:
            start.wait(timeout=60)
            change()
            answers.append("stored")
        except services.AlreadyStored:
            answers.append("already stored")
        except Exception as error:  # a conflict or anything else fails the test
            answers.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return Counter(answers)


def test_one_form_sent_by_eight_threads_at_once_changes_the_game_once(user):
    game = make_game(user, players=PLAYERS, hands=[tridge_hand(1, "first", 1)])
    read = Game.objects.get(pk=game.pk)
    added = send_at_once(lambda: services.add_hand(read, tridge_hand(2, "new", 5), 2, key="add"))
    assert added == {"stored": 1, "already stored": THREADS - 1}

    hand = Hand.objects.get(game=game, number=1)
    edited = send_at_once(
        lambda: services.edit_hand(hand, tridge_hand(1, "fix", 3), user, 1, key="edit")
    )
    assert edited == {"stored": 1, "already stored": THREADS - 1}

    deleted = send_at_once(lambda: services.delete_hand(hand, user, 2, key="delete"))
    assert deleted == {"stored": 1, "already stored": THREADS - 1}

    assert [tag_of(h.record) for h in Hand.objects.filter(game=game)] == ["new"]
    assert Revision.objects.filter(game=game).count() == 2
    assert Game.objects.get(pk=game.pk).version == 3
