"""A group's evenings played at random through the app's own screens and services, one step
at a time, for tests/games/money/test_ledger_walk.py to check the ledger after each.

Five regulars and a guest whose name is typed two ways (Gus, Gussie: merged now and then),
the owner and two members with their own phones. Tridge matches of three or four at 0.05,
0.10, 0.02 or no money, so that chips one match left at one value are taken by a match at
another; Contractor, Bid Fair and Cardigan at points values finer than a cent. Whatever a
screen refuses by design (a bin.Refused, a sheet the rules refuse, an amount past what is
owed) is refused here too, and the step says so; the steps that must be refused assert it.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.test import Client

from bench import sheets
from games.engine.registry import GAMES
from games.engine.sheet import SheetError
from games.models import Game, Hand, Membership, Player, Revision, Session
from games.money import table
from games.play import bin, services
from games.play.groups import first_group
from games.play.once import AlreadyStored, new_key
from games.play.table_forms import house_rules
from games.records.renames import renamed
from tests.games.tridge.test_properties import a_hand

REGULARS = {"Ana": "Anna", "Ben": "Benny", "Cy": "Cyrus", "Dee": "Dina", "Eve": "Evie"}
GUEST = ("Gus", "Gussie")  # one person, two players until a merge
MEMBERS = ("ben", "cy")  # besides the owner, "ana"
STAKES = {"tridge": ("0.05", "0.10", "0.02", "")}
POINTS = ("0.005", "0.0015", "0.01", "")
# The generators' names (bench/sheets.py), seat by seat.
GENERIC = {
    "contractor": ["Ana", "Ben", "Cy"],
    "bid_fair": ["Ana", "Ben"],
    "cardigan": ["Ana", "Ben", "Cy", "Dee"],
}
REFUSED = (SheetError, services.Conflict, AlreadyStored)


def cents(amount: int) -> str:
    return str(Decimal(amount) / 100)


def seated(records: list, generic: list, players: list) -> list:
    """The generator's records written for these seats, through stand-ins so that two
    seats trading names never meet."""
    stand_ins = [f"Seat{seat}" for seat in range(len(generic))]
    for old, stand_in in zip(generic, stand_ins, strict=True):
        records = renamed(records, old, stand_in)
    for stand_in, new in zip(stand_ins, players, strict=True):
        records = renamed(records, stand_in, new)
    return records


class Games:
    """The walk's state, and its steps that change the games (walk_money.py: the rest)."""

    # How often each step is picked: money moves most, names and members now and then.
    STEPS = {
        "new_tridge": 8,
        "new_points": 4,
        "play": 14,
        "end": 4,
        "play_on": 2,
        "again": 4,
        "share": 3,
        "options": 2,
        "correct": 5,
        "delete_hand": 3,
        "put_back": 2,
        "undo": 3,
        "stake": 4,
        "delete": 3,
        "restore": 3,
        "next_evening": 2,
        "mark_paid": 6,
        "settle_pay": 5,
        "too_much": 3,
        "double_tap": 2,
        "stale_page": 2,
        "undo_payment": 4,
        "rename": 2,
        "merge": 2,
        "member": 2,
    }

    def __init__(self, seed: int, owner, owner_client):
        self.rng = random.Random(seed)
        self.owner, self.group = owner, first_group(owner)
        self.users = {owner.get_username(): owner}
        self.clients = {owner.get_username(): owner_client}
        for name in MEMBERS:
            user = get_user_model().objects.create_user(username=name)
            Membership.objects.create(group=self.group, user=user)
            self.users[name], self.clients[name] = user, Client()
            self.clients[name].force_login(user)
        self.day = date(2026, 1, 8)
        self.keys: dict[int, str] = {}  # each game's last keyed change, for its Undo
        self.session = self._new_session()

    # --- helpers ----------------------------------------------------------------------

    def pick(self, things):
        things = list(things)
        return self.rng.choice(things) if things else None

    def members(self) -> list[str]:
        """The accounts in the group now: the owner, and the members not removed."""
        users = Membership.objects.filter(group=self.group).values_list("user", flat=True)
        return [name for name, user in self.users.items() if user.pk in set(users)]

    def post(self, url: str, data=None, who: str | None = None):
        """A form sent from the phone of `who`, else of any member."""
        who = who or self.pick(self.members())
        return self.clients[who].post(url, data or {})

    def games(self, **filters):
        return list(Game.objects.filter(session__group=self.group, **filters).order_by("pk"))

    def over(self, game) -> bool:
        try:
            return services.score_game(game).finished
        except SheetError:
            return False

    def people(self, count: int) -> list[str]:
        """`count` people for a table: the group's players as they are named now, the guest
        under one of their names (never both: they are one person)."""
        names = set(Player.objects.filter(group=self.group).values_list("name", flat=True))
        regulars = [name for name in names if name not in GUEST] or list(REGULARS)
        regulars += [n for n in REGULARS if n not in names and REGULARS[n] not in names]
        guest = self.pick(GUEST)
        return self.rng.sample(sorted(set(regulars))[:5] + [guest], count)

    def _new_session(self) -> Session:
        self.day += timedelta(days=7)
        data = {"date": self.day.isoformat(), "place": "The Crown", "note": ""}
        response = self.post(f"/sessions/new/?group={self.group.pk}", data, who="ana")
        assert response.status_code == 302
        return Session.objects.filter(group=self.group).order_by("-pk").first()

    def _new_game(self, kind: str, players: list[str], stake: str, **rules) -> Game:
        """The new game form as a phone sends it: the house rules at their defaults, and,
        where piles lie on the table, the table's choice of one or none."""
        data = {"kind": kind, "stake": stake}
        data |= {f"rule_{n}": d for n, _, d in house_rules(GAMES[kind]) if d is not None}
        data |= {f"rule_{name}": value for name, value in rules.items()}
        data |= {f"seat_{seat}": name for seat, name in enumerate(players)}
        offered = table.lying(self.group, kind) if GAMES[kind].money.LEAVES else []
        if offered:
            chosen = self.pick(offered).left.pk if self.rng.random() < 0.8 else "none"
            data["leftover"] = str(chosen)
        before = {game.pk for game in self.games()}
        url = f"/sessions/{self.session.pk}/games/new/"
        response = self.post(url, data)
        if response.status_code == 200 and "other_value" in response.context["form"].errors:
            # Chips left at another money value: the form asks, and the table says yes.
            response = self.post(url, data | {"other_value": "on"})
        assert response.status_code == 302
        (made,) = [game for game in self.games() if game.pk not in before]
        return made

    def _records(self, game) -> list[dict]:
        """A fresh batch of the generator's hands for a game of points, for its seats."""
        seed = self.rng.randrange(10**6)
        if game.kind == "contractor":
            records = sheets.contractor_sheet(12, seed)["hands"]
        elif game.kind == "bid_fair":
            records = sheets.bid_fair_sheet(12, seed)["hands"]
        else:
            records = sheets.cardigan_games(1, seed)[0]["hands"]
        return seated(records, GENERIC[game.kind], list(game.players))

    def _hand(self, game, number: int) -> list[dict]:
        """Records that may stand as hand `number`: some the rules will refuse."""
        if game.kind == "tridge":
            return [a_hand(self.rng.choice, self.rng.randint, game.players, number)]
        records = self._records(game)
        if game.kind == "cardigan":  # a deal of its own pack, at its own place
            return [records[(number - 1) % len(records)]]
        return self.rng.sample(records, 4)

    def _keyed(self, game, change, *args) -> bool:
        """A change of a hand sent with its form's one-time key (kept for the Undo)."""
        key = new_key()
        try:
            change(*args, key=key)
        except REFUSED:
            return False
        self.keys[game.pk] = key
        return True

    # --- the games --------------------------------------------------------------------

    def new_tridge(self):
        players = self.people(self.rng.choice([3, 4]))
        hands = self.rng.choice(["", "", 2, 3, 4, 6])
        stake = self.pick(STAKES["tridge"])
        game = self._new_game("tridge", players, stake, hands=hands)
        return "taking" if game.took.exists() else "fresh"

    def new_points(self):
        kind = self.pick(GENERIC)
        seats = GAMES[kind].SEATS[0]
        rules = {"contractor": {"hands": 3}, "bid_fair": {"target": 300}}.get(kind, {})
        self._new_game(kind, self.people(seats), self.pick(POINTS), **rules)
        return kind

    def play(self):
        game = self.pick(g for g in self.games() if not self.over(g))
        if game is None:
            return "none"
        played = 0
        for _ in range(self.rng.randint(1, 4)):
            number = game.hands.count() + 1
            for record in self._hand(game, number):
                if self._keyed(game, services.add_hand, game, record, number):
                    played += 1
                    break
            if self.over(game):
                return "to the end"
        return "hands" if played else "refused"

    def end(self):
        going = [g for g in self.games(kind="tridge") if g.hands.exists() and not self.over(g)]
        game = self.pick(going)
        if game is None:
            return "none"
        assert self.post(f"/games/{game.pk}/tridge/end/").status_code == 302
        return "ended"

    def play_on(self):
        game = self.pick(g for g in self.games(kind="tridge") if g.meta.get("ended"))
        if game is None:
            return "none"
        assert self.post(f"/games/{game.pk}/tridge/end/", {"play_on": "1"}).status_code == 302
        return "played on"

    def again(self):
        game = self.pick(g for g in self.games() if "next_game" not in g.meta)
        if game is None:
            return "none"
        then = self.pick(["end", "leave"])
        assert self.post(f"/games/{game.pk}/rematch/", {"then": then}).status_code == 302
        return game.kind

    def share(self):
        pile = self.pick(table.lying(self.group))
        if pile is None:
            return "none"
        url = f"/groups/{self.group.pk}/table/{pile.left.pk}/share/"
        assert self.post(url).status_code == 302
        return "shared"

    def options(self):
        """The match's settlement options: its funds shared or kept, its chip value."""
        game = self.pick(self.games(kind="tridge"))
        if game is None:
            return "none"
        data = {"split_funds": self.pick("01"), "chip_value": self.pick(STAKES["tridge"])}
        assert self.post(f"/games/{game.pk}/tridge/settlement/options/", data).status_code == 302
        return "split" if data["split_funds"] == "1" else "kept"

    def correct(self):
        hand = self.pick(Hand.objects.filter(game__in=self.games()))
        if hand is None:
            return "none"
        for record in self._hand(hand.game, hand.number):
            args = (hand, record, self.owner, hand.version)
            if self._keyed(hand.game, services.edit_hand, *args):
                return "corrected"
        return "refused"

    def delete_hand(self):
        hand = self.pick(Hand.objects.filter(game__in=self.games()))
        if hand is None:
            return "none"
        gone = self._keyed(hand.game, services.delete_hand, hand, self.owner, hand.version)
        return "deleted" if gone else "refused"

    def put_back(self):
        gone = Revision.objects.filter(game__in=self.games(), action=Revision.DELETED)
        revision = self.pick(gone.filter(put_back=False))
        if revision is None:
            return "none"
        back = self._keyed(revision.game, services.put_back, revision, self.owner)
        return "put back" if back else "refused"

    def undo(self):
        game = self.pick(g for g in self.games() if g.pk in self.keys)
        if game is None:
            return "none"
        change = self.keys[game.pk]
        done = self._keyed(game, services.undo, game, change, self.owner)
        return "undone" if done else "refused"

    def stake(self):
        """A game's money value set on its evening's page."""
        game = self.pick(self.games())
        if game is None:
            return "none"
        values = STAKES.get(game.kind, POINTS) + ("0.005",)
        data = {f"game{game.pk}-stake": self.pick(values)}
        assert self.post(f"/games/{game.pk}/stake/", data).status_code == 302
        return game.kind

    def delete(self):
        thing = self.pick(self.games())
        if thing is None:
            return "none"
        if self.rng.random() < 0.3:
            thing = thing.session
        try:
            bin.delete(thing)
        except bin.Refused:
            return "refused"
        if thing == self.session:  # the table moves on to another evening
            self.session = self._new_session()
        return type(thing).__name__.lower()

    def restore(self):
        gone = Game.kept.filter(session__group=self.group, deleted__isnull=False)
        thing = self.pick(gone)
        if thing is None:
            return "none"
        kind, pk = ("session", thing.session_id) if thing.session.deleted else ("game", thing.pk)
        try:
            bin.restore(self.owner, kind, pk)
        except bin.Refused:
            return "refused"
        return kind

    def next_evening(self):
        self.session = self._new_session()
        return "new"
