"""Every URL of the project, asked by every role, with GET and POST.

The URLs come from the resolver, so a new URL cannot be forgotten: the test fails
until it is declared in ACCESS with what each role must get. Roles:
- anon: no account; owner: the owner of the group that holds everything in the fixture;
- member: another member of that group (sees and scores everything; deleting is the owner's);
- removed: a member the owner removed; other: a member of another group (its own first);
- viewer and coscorer: no account, holding the game's share link or the owner's co-scorer
  link (on the /s/ and /c/ URLs every role holds that link);
- their_share and their_coscorer: the removed member's phone, holding the share link they
  made (stopped as they were removed: the owner said so) and the co-scorer link they were
  shown, on the /s/ and /c/ URLs; anywhere else, the removed member.
The table below names owner and other; a member gets what the owner gets but for OWNER_ONLY,
a removed member what another group's member gets, and the removed member's links 404 on
every URL of theirs. Every 404 the removed member gets on an address of the group's says
they are no longer a member; no one else's does (a stranger is told nothing).
A POST carries an empty body: what matters is who gets through, not the form.
The admin's URLs are Django's, for staff alone: tests/games/test_admin.py.
"""

import pytest
from django.db import transaction
from django.test import Client
from django.urls import get_resolver

from games.models import Membership, Player
from games.play import links
from games.play.leaving import remove_member
from tests.tables import BEN_WINS, coscorer_token, make_game

ROLES = (
    "anon",
    "owner",
    "member",
    "removed",
    "other",
    "viewer",
    "coscorer",
    "their_share",
    "their_coscorer",
)
# The removed member's own links, and the URLs they are for.
THEIR_LINKS = {"their_share": "shared", "their_coscorer": "coscorer"}
NOTICE = "You are no longer a member of this group"
# Deleting (and merging, which deletes a player) is the group owner's.
OWNER_ONLY = {"game_delete", "session_delete", "player_merge", "player_delete"}
# And so are the group's own settings.
OWNER_ONLY |= {"group_rename", "group_invite", "group_remove", "group_member_back"}
PUBLIC = dict.fromkeys(ROLES, 200)
REFUSED = dict.fromkeys(ROLES, 405)  # a read-only screen refuses POST, whoever asks
GONE = dict.fromkeys(ROLES, 404)
MINE = {"anon": 302, "owner": 200, "other": 404, "viewer": 302, "coscorer": 302}
MINE_REDIRECTS = MINE | {"owner": 302}
SIGNED_IN = {"anon": 302, "owner": 200, "other": 200, "viewer": 302, "coscorer": 302}
SIGNED_OUT = {"anon": 200, "owner": 302, "other": 302, "viewer": 200, "coscorer": 200}

OWNER_READ = (MINE, REFUSED)
SHARED_READ = (PUBLIC, REFUSED)
SHARED_EDIT = (GONE, GONE)
# Undo, restore and put back answer POST alone; an empty one names no hand or revision.
POST_ONLY = {"anon": 302, "owner": 405, "other": 404, "viewer": 302, "coscorer": 302}
NOTHING_NAMED = MINE | {"owner": 404}

# name: (what GET gets, what POST gets)
ACCESS = {
    "home": (PUBLIC, REFUSED),
    "rules": (PUBLIC, REFUSED),
    "healthz": (PUBLIC, REFUSED),
    "manifest": (PUBLIC, REFUSED),
    # For use with no signal: the service worker and its page for a place not kept.
    "service_worker": (PUBLIC, REFUSED),
    "offline": (PUBLIC, REFUSED),
    "signup": (SIGNED_OUT, SIGNED_OUT),
    "login": (SIGNED_OUT, SIGNED_OUT),
    "logout": (dict.fromkeys(ROLES, 405), dict.fromkeys(ROLES, 302)),
    "password_change": (SIGNED_IN, SIGNED_IN),
    "password_change_done": (SIGNED_IN, SIGNED_IN | {"owner": 405, "other": 405}),
    # A forgotten password: Django's reset screens, for anyone (an empty POST is refused).
    "password_reset": (PUBLIC, PUBLIC),
    "password_reset_done": (PUBLIC, REFUSED),
    "password_reset_confirm": (PUBLIC, PUBLIC),  # a link that is not one says so
    "password_reset_complete": (PUBLIC, REFUSED),
    "session_new": (SIGNED_IN, SIGNED_IN),
    "session": (MINE, REFUSED),
    "session_import": (MINE, MINE),
    "game_new": (MINE, MINE),
    "session_settle": (MINE, REFUSED),
    # Marking a payment paid and a game's money value answer POST alone; an empty one
    # names no payment (back to the settlement) or clears the money value.
    "session_paid": (SIGNED_IN | {"owner": 405, "other": 405}, MINE_REDIRECTS),
    # Undoing a payment marked on the evening: an empty POST names no payment of it.
    "session_paid_undo": (SIGNED_IN | {"owner": 405, "other": 405}, NOTHING_NAMED),
    "game_stake": (SIGNED_IN | {"owner": 405, "other": 405}, MINE_REDIRECTS),
    "game_links": (MINE_REDIRECTS, MINE_REDIRECTS),
    # Starting the next game: a game not over asks first (end it here, or leave it running);
    # an empty POST answers nothing and is asked too.
    "game_rematch": (MINE, MINE_REDIRECTS),
    # Play again with no signal: the next game's page; an empty POST (a live update's of a
    # game not started) answers nothing.
    "game_again": (MINE, MINE | {"owner": 204}),
    "game_rename": (MINE, MINE),
    # A confirm screen; its POST deletes and leads back to the session or the list.
    "game_delete": (MINE, MINE_REDIRECTS),
    "session_edit": (MINE, MINE),
    "session_delete": (MINE, MINE_REDIRECTS),
    "player": (MINE, REFUSED),
    "player_rename": (MINE, MINE),
    "player_merge": (MINE, MINE),
    "player_delete": (MINE, MINE_REDIRECTS),
    "account": (SIGNED_IN, SIGNED_IN),
    "account_email": (SIGNED_IN, SIGNED_IN),
    "me": (SIGNED_IN, REFUSED),
    # POST alone; an empty one unlinks the player's account: the owner's, or its member's.
    "player_account": (
        SIGNED_IN | {"owner": 405, "other": 405},
        MINE_REDIRECTS | {"member": 404},
    ),
    "group_new": (SIGNED_IN, SIGNED_IN),
    "group": (MINE, REFUSED),
    "group_export": (MINE, REFUSED),
    # The group's Settle up: any member sees it and records or undoes a payment (POST alone);
    # an empty one names no payment owed (back to the screen) or none to undo.
    "group_settle": (MINE, REFUSED),
    "group_pay": (SIGNED_IN | {"owner": 405, "other": 405}, MINE_REDIRECTS),
    "group_pay_undo": (SIGNED_IN | {"owner": 405, "other": 405}, NOTHING_NAMED),
    "group_rename": (MINE, MINE),
    # Sharing out what a match left on the table: any member, asked first (GET).
    "group_table_share": (MINE, MINE_REDIRECTS),
    # Invites on, off or new: POST alone.
    "group_invite": (SIGNED_IN | {"owner": 405, "other": 405}, MINE_REDIRECTS),
    # Removing a member (here the member, who made no share link) and leaving ask first on a
    # screen; the POST does it. The owner cannot leave: sent back to the group's page.
    "group_remove": (MINE, MINE_REDIRECTS),
    "group_leave": (MINE | {"owner": 302, "member": 200}, MINE_REDIRECTS),
    # Undo of a removal just made: POST alone; the member here was never removed, so there
    # is none to undo.
    "group_member_back": (SIGNED_IN | {"owner": 405, "other": 405}, NOTHING_NAMED),
    # The group's share links, each with who made it: any member; an empty POST turns none off.
    "group_links": (MINE, MINE_REDIRECTS),
    # The invite (today's link): a visitor signs up on it, anyone signed in joins, a member
    # goes to the group. The link a removed member held was replaced as they were removed
    # (tests/games/views/test_groups.py); given the new one, they may join again as anyone.
    "join": (
        PUBLIC | {"owner": 302, "member": 302},
        PUBLIC | {"owner": 302, "member": 302, "removed": 302, "other": 302},
    ),
    "account_export": (SIGNED_IN, REFUSED),
    # POST alone; an empty one names nothing kept aside.
    "restore": (SIGNED_IN | {"owner": 405, "other": 405}, SIGNED_IN | {"owner": 404, "other": 404}),
    "game:board": OWNER_READ,
    "game:sheet": OWNER_READ,
    "game:csv": OWNER_READ,
    "game:hands": OWNER_READ,
    "game:print": OWNER_READ,
    "game:settlement": OWNER_READ,
    "game:settlement_options": (POST_ONLY, MINE_REDIRECTS),
    "game:end_match": (MINE, MINE_REDIRECTS),
    "game:hand_new": (MINE, MINE),
    "game:hand_edit": (MINE, MINE),
    "game:hand_delete": (MINE, MINE_REDIRECTS),
    "game:hand_history": OWNER_READ,
    "game:hand_restore": (POST_ONLY, NOTHING_NAMED),
    "game:hand_put_back": (POST_ONLY, NOTHING_NAMED),
    "game:undo": (POST_ONLY, MINE_REDIRECTS),
    "game:contractor_calculator": OWNER_READ,
    "shared:board": SHARED_READ,
    "shared:sheet": SHARED_READ,
    "shared:csv": SHARED_READ,
    "shared:hands": SHARED_READ,
    "shared:print": SHARED_READ,
    "shared:settlement": SHARED_READ,
    "shared:settlement_options": SHARED_EDIT,
    "shared:end_match": SHARED_EDIT,
    "shared:hand_new": SHARED_EDIT,
    "shared:hand_edit": SHARED_EDIT,
    "shared:hand_delete": SHARED_EDIT,
    "shared:hand_history": SHARED_READ,
    "shared:hand_restore": SHARED_EDIT,
    "shared:hand_put_back": SHARED_EDIT,
    "shared:undo": SHARED_EDIT,
    "shared:contractor_calculator": SHARED_READ,
    "coscorer:board": SHARED_READ,
    "coscorer:sheet": SHARED_READ,
    "coscorer:csv": SHARED_READ,
    "coscorer:hands": SHARED_READ,
    "coscorer:print": SHARED_READ,
    "coscorer:settlement": SHARED_READ,
    "coscorer:settlement_options": (REFUSED, dict.fromkeys(ROLES, 302)),
    "coscorer:end_match": (PUBLIC, dict.fromkeys(ROLES, 302)),
    "coscorer:hand_new": (PUBLIC, PUBLIC),
    "coscorer:hand_edit": (PUBLIC, PUBLIC),
    "coscorer:hand_delete": (PUBLIC, dict.fromkeys(ROLES, 302)),
    "coscorer:hand_history": SHARED_READ,
    "coscorer:hand_restore": (REFUSED, GONE),
    "coscorer:hand_put_back": (REFUSED, GONE),
    "coscorer:undo": (REFUSED, dict.fromkeys(ROLES, 302)),
    "coscorer:contractor_calculator": SHARED_READ,
}
# Game screens of one kind are asked of a game of that kind; the rest of a Tridge game.
KIND_OF = {name: "contractor" for name in ACCESS if name.endswith(":contractor_calculator")}


def every_url():
    def walk(patterns, prefix="", namespace=""):
        for pattern in patterns:
            if getattr(pattern, "namespace", None) == "admin":
                continue
            if hasattr(pattern, "url_patterns"):
                inner = f"{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
            else:
                yield namespace + (pattern.name or ""), prefix + str(pattern.pattern)

    return list(walk(get_resolver().url_patterns))


def test_every_url_is_declared_in_the_access_table():
    names = [name for name, _ in every_url()]
    assert all(name and not name.endswith(":") for name in names), "every URL needs a name"
    missing = sorted(set(names) - set(ACCESS))
    assert not missing, f"declare who may use these URLs: {missing}"
    assert not set(ACCESS) - set(names), "the table names URLs that no longer exist"


@pytest.fixture
def world(make_user):
    """Builds, for a game of a kind, the group around it: its owner, a member, and a member
    removed once they had made the game's share link and been shown a co-scorer link. The
    owner turned sharing on again: the game's link now is the owner's."""

    def build(kind):
        owner = make_user("ana")
        other = make_user("zed")
        member, removed = make_user("bea"), make_user("cy")
        group = owner.owned_groups.get()
        Membership.objects.create(group=group, user=member)
        Membership.objects.create(group=group, user=removed)
        players = ("Ana", "Ben", "Cy", "Dee") if kind == "tridge" else ("Ana", "Ben", "Cy")
        hands = [BEN_WINS] if kind == "tridge" else []
        game = make_game(owner, kind=kind, players=players, hands=hands)
        links.set_share(game, removed, "on")
        theirs = {"shared": game.share_token, "coscorer": coscorer_token(game, removed)}
        remove_member(group, removed, owner, stop_shares=True)
        game.refresh_from_db()
        links.set_share(game, owner, "on")
        users = {"owner": owner, "other": other, "member": member, "removed": removed}
        users |= dict.fromkeys(THEIR_LINKS, removed)
        return {"owner": owner, "member": member, "users": users, "game": game, "theirs": theirs}

    return build


def ask(world, role: str, method: str, url: str):
    """One request on a world of its own: whatever it changes (a POST that deletes, a
    log-out) is rolled back before the next, so each answer is the first one."""
    with transaction.atomic():
        client = Client()
        if role in world["users"]:
            client.force_login(world["users"][role])
        response = getattr(client, method)(url)
        transaction.set_rollback(True)
    return response


# One world for each URL (its requests roll back what they change): building it for each
# of the 1,800 requests took most of this module's time.
@pytest.mark.django_db
@pytest.mark.parametrize(("name", "route"), every_url(), ids=[n for n, _ in every_url()])
def test_each_role_gets_what_the_table_says(world, name, route):
    if name not in ACCESS:
        pytest.fail(f"{name} is not in the access table")
    world = world(KIND_OF.get(name, "tridge"))
    game = world["game"]
    wrong = []
    for method in ("get", "post"):
        for role in ROLES:
            url = "/" + (
                route.replace("<int:pk>", str(object_id(name, game, world["owner"])))
                .replace("<str:token>", token_of(route, world, role))
                .replace("<int:user_pk>", str(world["member"].pk))
                .replace("<int:number>", "1")
                .replace("<int:seat>", "1")
                .replace("<int:left>", str(left_on_table(world) if "<int:left>" in route else 0))
            )
            expected = answer(name, method, role)
            response = ask(world, role, method, url)
            if response.status_code != expected:
                wrong.append(
                    f"{role}: {method.upper()} {url} answered {response.status_code}, "
                    f"not {expected}"
                )
            elif response.status_code == 404 and told(response) != tells(role, route):
                wrong.append(f"{role}: {method.upper()} {url} told of leaving: {told(response)}")
    assert not wrong, "\n".join(wrong)


def told(response) -> bool:
    return NOTICE in response.content.decode()


def tells(role: str, route: str) -> bool:
    """Whether a 404 says the visitor is no longer a member: to the removed member (on their
    phone, whichever link it holds) on an address of the group's, never to anyone else."""
    held = route.split("/", 1)[0] in ("groups", "sessions", "players", "games")
    return world_user(role) == "removed" and held and "<int:pk>" in route


def world_user(role: str) -> str:
    return "removed" if role in THEIR_LINKS else role


def left_on_table(world) -> int:
    """What a match over left on the group's table, to share out."""
    if "left" not in world:
        world["left"] = make_game(world["owner"], rules={"hands": 1}, hands=[BEN_WINS]).leftover.pk
    return world["left"]


def token_of(route: str, world, role: str) -> str:
    game = world["game"]
    if route.startswith("join/"):
        return game.session.group.invite_token
    namespace = "coscorer" if route.startswith("c/") else "shared"
    if THEIR_LINKS.get(role) == namespace:
        return world["theirs"][namespace]
    return coscorer_token(game) if namespace == "coscorer" else game.share_token


def answer(name: str, method: str, role: str) -> int:
    """What `role` must get: its own where the table names it."""
    if THEIR_LINKS.get(role) == name.split(":")[0]:
        # The removed member's links lead nowhere, whatever the screen; only a POST to a
        # screen that only shows is refused first, before the link is read.
        return 405 if method == "post" and ACCESS[name] == SHARED_READ else 404
    table = ACCESS[name][method == "post"]
    role = world_user(role)
    if role in table:
        return table[role]
    return table[as_declared(name, table, role)]


def as_declared(name: str, table: dict, role: str) -> str:
    """The role whose answer `role` gets: its own where the table names it."""
    if role in table:
        return role
    if role == "member":
        return "other" if name in OWNER_ONLY else "owner"
    return "other" if role == "removed" else role


def object_id(name, game, owner):
    """The id a URL's <pk> stands for: a group's, a session's, a player's, or the game's."""
    if name.startswith("group"):
        return game.session.group.pk
    if name in (
        "session",
        "session_import",
        "game_new",
        "session_settle",
        "session_paid",
        "session_paid_undo",
        "session_edit",
        "session_delete",
    ):
        return game.session.pk
    if name.startswith("player"):
        return Player.objects.filter(group__owner=owner).first().pk
    return game.pk
