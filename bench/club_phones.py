"""The phones of `bench/club.py`'s Saturday night, as a Locust file (run by bench/club.py in
its own process: Locust patches the standard library for gevent as it is imported).

Each table is one Tridge game of four people and four phones: the scorer's, which every
3 minutes opens the hand form, taps three times (each tap a live preview, as htmx sends
it), saves the hand and goes back to the board; and three phones following the game's
share link, whose open board asks every 5 seconds (`?live=1`, HX-Request, its last ETag):
a 304 while nothing changed, the live part once a hand is saved.

What a phone does wrong fails its request in Locust's figures (a status, a missing
header, a save not acknowledged). Every acknowledged save is written, by game and hand
number, to the file CLUB_SAVED names when the run stops, for bench/club.py to find each
stored exactly once.

The tables (game, players, share token, the scorer's session cookie, the server each
phone uses) come from the JSON file CLUB_TABLES names, written by bench/club.py.
"""

from __future__ import annotations

import html
import json
import os
import random
import re
import time

import gevent
from locust import FastHttpUser, constant, events, task

TABLES = json.loads(open(os.environ["CLUB_TABLES"]).read())  # noqa: SIM115 - read once
HAND_EVERY = float(os.environ.get("CLUB_HAND_EVERY", "180"))  # seconds between two hands
POLL_EVERY = 5.0  # the board's own rhythm (templates/games/board.html: every 5s)
TAP_GAP = (2.0, 5.0)  # seconds between two taps of a hand, a finger's pace

# As behind the club's TLS proxy: the app sees HTTPS, so nothing redirects to it.
PROXIED = {"X-Forwarded-Proto": "https", "User-Agent": "scorekeeper-club-bench"}
FIELD = re.compile(r'name="(csrfmiddlewaretoken|submission|number)" value="([^"]*)"')

_scorers = iter(TABLES)
_followers = iter([(table, seat) for seat in range(3) for table in TABLES])
saved: list[tuple[int, int]] = []  # (game, number) of every acknowledged save
sent: list[tuple[int, int]] = []  # and of every save sent (some in flight at the stop)


class Phone(FastHttpUser):
    """Each phone keeps its own rhythm from its own first moment: Locust's constant_pacing
    kept the phones started in one spawning batch in step (measured: 900 followers polled
    in 3 bursts a 5 s, their median wait 125 ms against 2 ms spread out)."""

    abstract = True
    host = TABLES[0]["servers"][0] if TABLES else "http://127.0.0.1"
    wait_time = constant(0)
    every = 0.0

    def on_start(self):
        # Cookies are the phone's own, sent as it holds them (Locust's jar would also
        # keep the Secure ones a proxied HTTPS app sets, and send them twice).
        self.client.client.cookiejar = None
        self.cookies: dict[str, str] = {}
        self.due = time.monotonic() + random.uniform(0, self.every)

    def in_turn(self):
        """Sleep until this phone's next moment, and set the one after."""
        gevent.sleep(max(0.0, self.due - time.monotonic()))
        self.due += self.every

    def send(self, method, path, name, headers=None, **kwargs):
        headers = PROXIED | (headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return self.client.request(
            method,
            self.server + path,
            name=name,
            headers=headers,
            catch_response=True,
            allow_redirects=False,
            **kwargs,
        )


class Follower(Phone):
    """A phone at the table following the share link: the board, then its poll."""

    fixed_count = 3 * len(TABLES)
    every = POLL_EVERY

    def on_start(self):
        super().on_start()
        table, seat = next(_followers)
        # The followers of a table spread over the servers (one address, several machines).
        self.server = table["servers"][(seat + 1) % len(table["servers"])]
        self.path = f"/s/{table['share']}/"
        self.etag = None
        self.in_turn()  # the board opened at this phone's own moment
        with self.send("GET", self.path, "page") as answer:
            if answer.status_code != 200:
                answer.failure(f"board {answer.status_code}")

    @task
    def poll(self):
        self.in_turn()
        headers = {"HX-Request": "true"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        with self.send("GET", self.path + "?live=1", "poll", headers) as answer:
            if answer.status_code == 200 and answer.headers.get("ETag"):
                self.etag = answer.headers["ETag"]
            elif answer.status_code != 304:
                answer.failure(f"poll {answer.status_code}")


class Scorer(Phone):
    """The phone that enters the hands: every HAND_EVERY seconds a hand, three taps and Save."""

    fixed_count = len(TABLES)
    every = HAND_EVERY

    def on_start(self):
        super().on_start()
        table = next(_scorers)
        self.server = table["servers"][0]
        self.game = table["game"]
        self.players = table["players"]
        self.cookies = dict(table["cookies"])  # its session, and a CSRF cookie

    @task
    def hand(self):
        self.in_turn()
        board = f"/games/{self.game}/"
        form = f"{board}hands/new/"
        with self.send("GET", form, "page") as answer:
            fields = {}
            for name, value in FIELD.findall(answer.text or ""):
                # The first form is this hand's; the page also carries the next hands'
                # forms for no signal (games/offline.py).
                fields.setdefault(name, value)
            if answer.status_code != 200 or len(fields) != 3:
                answer.failure(f"hand form {answer.status_code}")
                return
        fields = {k: html.unescape(v) for k, v in fields.items()}
        number = int(fields["number"])
        for tap in self.taps(number):
            gevent.sleep(random.uniform(*TAP_GAP))
            fields |= tap
            with self.send("POST", form, "tap", self.posting(), data=fields) as answer:
                if answer.status_code != 200:
                    answer.failure(f"tap {answer.status_code}")
                    return
        gevent.sleep(random.uniform(*TAP_GAP))
        sent.append((self.game, number))
        with self.send("POST", form, "save", self.posting(), data=fields | {"save": "1"}) as answer:
            # saving.js sends the Save with htmx's header: told where to go, not redirected.
            if answer.status_code != 200 or not answer.headers.get("HX-Redirect"):
                answer.failure(f"save {answer.status_code} {(answer.text or '')[:200]}")
                return
            saved.append((self.game, number))
        with self.send("GET", board, "page") as answer:
            if answer.status_code != 200:
                answer.failure(f"board {answer.status_code}")

    def posting(self):
        return {"HX-Request": "true", "Origin": self.server.replace("http://", "https://")}

    def taps(self, number):
        """A played hand's three taps: who played, then bid and trumps, then the tricks
        of two of the three in play (the app fills in the third). With four people the
        dealer sits out (games/tridge/terms.py, dealer_of)."""
        dealer = self.players[(number - 1) % len(self.players)]
        in_play = [name for name in self.players if name != dealer]
        player = random.choice(in_play)
        won = random.randint(3, 7)
        other = random.randint(0, 9 - won)
        seats = [self.players.index(name) for name in in_play if name != player]
        return [
            {"kind": "played", "player": player},
            {"bid": "play", "trumps": random.choice("SHDC"), "honours": "0"},
            {
                f"tricks_{self.players.index(player)}": str(won),
                f"tricks_{seats[0]}": str(other),
            },
        ]


WARMUP = float(os.environ.get("CLUB_WARMUP", "30"))
MEASURED = float(os.environ.get("CLUB_SECONDS", "120"))


@events.init.add_listener
def _measure(environment, **_):
    """Once every phone started: warm up, then measure from figures reset to the end, and
    stop. bench/club.py reads the two lines as they are printed (the CPU and memory around)."""

    def course():
        gevent.sleep(WARMUP)
        environment.runner.stats.reset_all()
        print("figures reset", flush=True)
        gevent.sleep(MEASURED)
        print("figures end", flush=True)
        environment.runner.quit()

    environment.events.spawning_complete.add_listener(lambda **_: gevent.spawn(course))


@events.quitting.add_listener
def _write_saved(environment, **_):
    with open(os.environ["CLUB_SAVED"], "w") as out:
        json.dump({"saved": saved, "sent": sent}, out)
