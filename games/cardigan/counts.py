"""Counts only on the Cardigan entry screen: each counted rank's chips for both teams, what
the packs leave room for, and the one tap for a pile's zeros ("0 for the n left blank")."""

from __future__ import annotations

from collections import Counter

from games.cardigan import rules, table
from games.engine.cards import SUIT_NAMES

RANK_LABELS = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks", "10": "Tens", "5": "Fives"}


def whole(value, fallback=0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return fallback


def blank_counts(value, last_deal: bool) -> list[str]:
    """The counts no chip was tapped for, which "0 for the n left blank" makes none (`value`
    reads a field by name): every blank one; in the last deal, a rank's first team's when
    both of the rank's are blank (the app then fills in the other's from what is left)."""
    names = []
    for rank in rules.COUNTED_RANKS:
        blank = [f"count_{t}_{rank}" for t in (0, 1) if str(value(f"count_{t}_{rank}") or "") == ""]
        names += (blank[:1] if len(blank) == 2 else []) if last_deal else blank
    return names


class CountsScreen:
    """The counted ranks' side of the deal form (HandScreen)."""

    # A count's chips: 0 to 4, a pack's worth, then the count itself if higher, and one more.
    CHIPS = 5

    def counted(self) -> list[dict[str, int]]:
        """Counted ranks by team, from the grid or from quick mode's steppers."""
        if self.chosen_mode == "quick":
            return [
                {
                    rank: max(whole(self.value(f"count_{t}_{rank}")), 0)
                    for rank in rules.COUNTED_RANKS
                }
                for t in (0, 1)
            ]
        piles = self.piles
        if piles is None:
            return [dict.fromkeys(rules.COUNTED_RANKS, 0)] * 2
        return [table.rank_counts(pile) for pile in piles.held]

    def quick_rows(self):
        """Each counted rank: both teams' counts as chips. In the last deal whichever team
        is entered second is filled in by the app (`rest_<rank>` says which is the app's);
        before it nothing is, the deck's ranks being unknown."""
        rows = []
        for rank in rules.COUNTED_RANKS:
            filled = str(self.data.get(f"rest_{rank}", "")) if self.is_bound else ""
            fields = [self[f"count_{t}_{rank}"] for t in (0, 1)]
            values = [whole(field.value(), None) for field in fields]
            app = filled.partition("=")[0]
            lines = []
            for t, field in enumerate(fields):
                other = 0 if app == fields[1 - t].name else values[1 - t] or 0
                room = self.rank_room(rank) - other
                top = max(self.CHIPS, values[t] or 0)
                why = (
                    f"At most {room}: the four packs hold 16 {RANK_LABELS[rank].lower()}, "
                    "and the rest are recorded already."
                )
                chips = [
                    {"n": n, "text": str(n), "checked": n == values[t], "possible": n <= room}
                    for n in [*range(self.CHIPS), top]
                ]
                more = {"n": top + 1, "text": "+", "more": True, "possible": top < room}
                for chip in [*chips, more]:
                    chip["why"] = "" if chip["possible"] else why
                lines.append(
                    {
                        "seat": t,
                        "team": self.teams[t],
                        "field": field,
                        "chips": [*chips, more],
                        "filled": app == field.name,
                    }
                )
            rows.append({"rank": rank, "label": RANK_LABELS[rank], "lines": lines, "rest": filled})
        return rows

    def blanks_to_none(self) -> int:
        """How many counts "0 for the n left blank" would fill: none until one is entered."""
        names = blank_counts(self.value, self.ranks_left is not None)
        entered = any(
            str(self.value(f"count_{t}_{rank}") or "") != ""
            for t in (0, 1)
            for rank in rules.COUNTED_RANKS
        )
        return len(names) if entered else 0

    def quick_limited(self) -> bool:
        """Whether some count is not on offer: the packs leave too few of its rank."""
        return any(
            not chip["possible"]
            for row in self.quick_rows()
            for line in row["lines"]
            for chip in line["chips"]
        )

    def rank_room(self, rank) -> int:
        """Copies of a rank this deal can still hold: the packs' 16 less the other deals'."""
        if self.ranks_left is not None:
            return self.ranks_left[rank]
        used = 0
        for deal in self.other_deals:
            if "cards" in deal:
                rows = [table.rank_counts(Counter(held)) for held in deal["cards"].values()]
            else:
                rows = list(deal.get("card_counts", {}).values())
            used += sum(row.get(rank, 0) for row in rows)
        return max(rules.PACKS * len(SUIT_NAMES) - used, 0)

    def quick_errors(self):
        return self.errors_of(
            *(f"count_{t}_{rank}" for t in (0, 1) for rank in rules.COUNTED_RANKS)
        )
