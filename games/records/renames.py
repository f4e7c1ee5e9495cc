"""A player's new name, or two players made one, written into every game they sat in.

A game keeps its players by name: in its list of players, inside each hand's record (as
keys and values: {"player": "Ana", "tricks": {"Ana": 5}}), in its revisions and in its
sheet's other keys, where a team is named after its members (`sheet.team_name`).
`renamed` rewrites a name wherever it stands, knowing no game; each game rewritten is then
scored again and must come out the same, names apart, or nothing is changed (a name that
is also one of a game's words, such as a player called "hearts", would otherwise change
the game).
"""

from __future__ import annotations

from django import forms
from django.db import transaction
from django.dispatch import Signal

from games.engine.sheet import NAME_LENGTH, TEAM_MARK, SheetError, members, team_name
from games.models import Game, Player, Seat
from games.play import changes
from games.play.services import score_records

# Sent in the rename's or merge's transaction, once every game is rewritten, with `group`
# (its pk), `old` (the spellings the games wrote) and `new`: what names people besides the
# games follows (the ledger's payments, games/money/books.py), which this layer never imports.
names_changed = Signal()


class Refused(Exception):
    """The rename or merge would break something: the message says what, for the screen."""


def renamed(value, old: str, new: str):
    """`value` (a record, a list of names, a team's name) with `old` written as `new`."""
    if isinstance(value, str):
        # A name is a team of one: the member called `old` is renamed.
        return team_name(new if name == old else name for name in members(value))
    if isinstance(value, list):
        return [renamed(item, old, new) for item in value]
    if isinstance(value, dict):
        return {renamed(key, old, new): renamed(item, old, new) for key, item in value.items()}
    return value


def _day(game: Game) -> str:
    return f"{game.session.date:%-d %b}"


def _scored(game: Game, records: list[dict]):
    try:
        return score_records(game, records).as_json()
    except SheetError:
        return None  # a game that needs a correction: rewritten all the same


def rewrite(game: Game, old: str, new: str) -> None:
    """Write `new` for `old` all through `game` (locked by the caller), or raise Refused."""
    others = [name.casefold() for name in game.players if name != old]
    if new.casefold() in others:
        raise Refused(f"{new} already plays in the game on {_day(game)}.")
    hands = list(game.hands.all())
    before = _scored(game, [hand.record for hand in hands])
    game.players = renamed(game.players, old, new)
    if "sheet_top" in game.meta:
        game.meta = game.meta | {"sheet_top": renamed(game.meta["sheet_top"], old, new)}
    for hand in hands:
        hand.record = renamed(hand.record, old, new)
    if before is not None and renamed(before, old, new) != _scored(game, [h.record for h in hands]):
        raise Refused(f"{old} is also a word of the game on {_day(game)}: choose another name.")
    revisions = list(game.revisions.all())
    for revision in revisions:
        revision.record = renamed(revision.record, old, new)
        revision.top = renamed(revision.top, old, new)
    game.hands.bulk_update(hands, ["record"])
    game.revisions.bulk_update(revisions, ["record", "top"])
    Game.kept.filter(pk=game.pk).update(players=game.players, meta=game.meta)
    # A change of the game: the phones following it draw it again with the new name.
    changes.bump(game)
    changes.changed(game)


def _rewrite_all(player: Player, new: str) -> None:
    seats = dict(Seat.kept.filter(player=player).values_list("game", "position"))
    games = Game.kept.select_for_update().select_related("session").filter(pk__in=seats)
    spellings = {player.name} - {new}
    for game in games:  # kept aside too: they may come back
        # The game's own spelling: a sheet imported as "ana" seats the account's "Ana".
        old = game.players[seats[game.pk]]
        if old != new:
            rewrite(game, old, new)
            spellings.add(old)
    # The payments name people as the games did: they follow, undone ones too, so that the
    # history reads as the balances do.
    names_changed.send(sender=Player, group=player.group_id, old=spellings, new=new)


def rename_player(player: Player, new: str) -> None:
    """Rename `player` and every game they sat in, in one transaction; Refused otherwise."""
    with transaction.atomic():
        _rewrite_all(player, new)
        player.name = new
        player.save(update_fields=["name"])


def check_merge(keep: Player, other: Player) -> None:
    """Refused if the two sat at one game (kept aside or not): they are two people."""
    shared = Game.kept.filter(seat__player=keep).filter(seat__player=other)
    if game := shared.select_related("session").first():
        raise Refused(
            f"{keep.name} and {other.name} played in the same game on {_day(game)}, "
            "so they are two people."
        )


def merge_players(keep: Player, other: Player) -> None:
    """`other`'s seats move to `keep`, its games now read `keep`'s name; `other` goes."""
    check_merge(keep, other)
    with transaction.atomic():
        _rewrite_all(other, keep.name)
        Seat.kept.filter(player=other).update(player=keep)
        other.delete()


class NameForm(forms.Form):
    """A player's name as the sheet allows it; another player of the account may not have it."""

    name = forms.CharField(label="Name", max_length=NAME_LENGTH)

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, initial={"name": player.name}, **kwargs)
        self.player = player

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if TEAM_MARK in name:
            raise forms.ValidationError(f"A name cannot contain {TEAM_MARK}.")
        taken = Player.objects.filter(group=self.player.group_id, name__iexact=name)
        if other := taken.exclude(pk=self.player.pk).first():
            raise forms.ValidationError(
                f"There is already a player called {other.name}. If they are the same person, "
                "merge the two instead."
            )
        return name


class MergeForm(forms.Form):
    keep = forms.ModelChoiceField(
        label="Keep this player", queryset=Player.objects.none(), empty_label="Choose a player"
    )

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, **kwargs)
        others = Player.objects.filter(group=player.group_id).exclude(pk=player.pk)
        self.fields["keep"].queryset = others
        self.fields["keep"].help_text = f"{player.name}'s games move to them, under their name."
