"""The table: the chips outside the people's hands (the game fund, the reserves, the widow's
fund) and every payment that moves chips between them and the people. Pure Python.
"""

from __future__ import annotations

from games.tridge.terms import Settings


def incomer_quarter(fund: int) -> int:
    """What the dealer pays to come in: a quarter of the game fund, halves rounded up."""
    return (fund + 2) // 4


class Table:
    """The game fund, the reserve funds and the widow's fund, and the moves between them.

    Every move also writes the people's side of it, so a hand needs no bookkeeping of
    its own: what one person pays or is paid goes into `deltas`, the current hand's
    changes, and what every person pays alike (a contribution, or what each other
    person pays a winner) is summed in `alike`, which the tally adds to everyone once
    the hand is over. Looping over the people for every payment cost more than all
    the rest of a hand's scoring.
    """

    __slots__ = (
        "people",
        "contribution",
        "widow_contribution",
        "cap",
        "game",
        "reserves",
        "widow",
        "fresh",
        "alike",
    )

    def __init__(self, players, settings: Settings):
        self.people = len(players)
        self.contribution = settings.game_contribution
        self.widow_contribution = settings.widow_contribution
        self.cap = settings.fund_cap * settings.game_contribution * len(players)
        # A carried fund is never past the cap, but a sheet may say so: the rest is a reserve.
        carried = settings.carried_game or 0
        self.game = min(carried, self.cap)
        # A tuple, replaced on the rare hand that changes it, so that every scored hand
        # can keep the reserves as they stood without a copy. Every reserve but the
        # newest is full (into_game), so carried reserves are rebuilt from their total.
        reserves = (settings.carried_reserves or 0) + carried - self.game
        full, part = divmod(reserves, self.cap)
        self.reserves: tuple[int, ...] = (self.cap,) * full + ((part,) if part else ())
        self.widow = (settings.carried_widow or 0) + settings.widow_contribution * len(players)
        # A fund everyone paid for is fresh until a draw or loss pays into it; a carried
        # one came from an earlier match's draws and losses.
        self.fresh = not self.game and not self.reserves
        self.alike = 0
        # The opening payments, on top of what was carried: past the cap, into a reserve.
        self.into_game(settings.game_contribution * len(players))

    def funds(self) -> dict:
        return {"game": self.game, "reserves": [*self.reserves], "widow": self.widow}

    def everyone_pays(self, each: int) -> int:
        self.alike -= each
        return each * self.people

    def others_pay(self, deltas: dict[str, int], receiver: str, each: int) -> None:
        """Every person but `receiver`, a sitting-out dealer included, pays `each`."""
        self.alike -= each
        deltas[receiver] += each * self.people

    def pay_others(self, deltas: dict[str, int], payer: str, each: int) -> None:
        self.alike += each
        deltas[payer] -= each * self.people

    def into_game(self, amount: int) -> None:
        """Add to the game fund; past the cap, fill the newest reserve, then start a new one."""
        room = self.cap - self.game
        if amount <= room:
            self.game += amount
            return
        self.game = self.cap
        amount -= room
        reserves = self.reserves
        if reserves and reserves[-1] < self.cap:
            topped = min(amount, self.cap - reserves[-1])
            self.reserves = reserves = (*reserves[:-1], reserves[-1] + topped)
            amount -= topped
        # No payment is bigger than a fund can hold (a stake is at most a full fund, and
        # the contributions and a quarter are less), so one new reserve always suffices.
        if amount:
            self.reserves = (*reserves, amount)

    def incomer_pays(self, deltas: dict[str, int], dealer: str) -> int:
        """The dealer buys into a hand: a quarter of the fund, capped like any payment.

        It is no payment for a draw or a loss, so a fresh fund stays fresh.
        """
        quarter = incomer_quarter(self.game)
        deltas[dealer] -= quarter
        self.into_game(quarter)
        return quarter

    def pay_into_game(self, deltas: dict[str, int], payer: str, amount: int) -> None:
        """A player pays for a draw or a loss: the fund is no longer fresh."""
        deltas[payer] -= amount
        self.into_game(amount)
        self.fresh = False

    def pay_into_widow(self, deltas: dict[str, int], payer: str, amount: int) -> None:
        deltas[payer] -= amount
        self.widow += amount

    def win(self, deltas: dict[str, int], winner: str, each: int) -> None:
        """A won bid: every other person pays the winner `each`, who takes the game fund.

        The oldest reserve, or a fresh fund, replaces the fund taken. (One method, not
        two: most hands are won, and every call costs.)
        """
        self.alike -= each
        deltas[winner] += each * self.people + self.game
        if self.reserves:
            self.game, self.reserves = self.reserves[0], self.reserves[1:]
            self.fresh = False
        else:
            # Everyone pays for a fresh fund (everyone_pays, written out: it is the usual case).
            self.alike -= self.contribution
            self.game = self.contribution * self.people
            self.fresh = True

    def win_widow(self, deltas: dict[str, int], winner: str) -> None:
        deltas[winner] += self.widow
        self.widow = self.everyone_pays(self.widow_contribution)

    def all_passed(self) -> None:
        # Passing raises only a fresh fund with nothing waiting behind it; a fund a
        # draw or loss has already raised, or one with reserves queued, costs nothing.
        if self.fresh and not self.reserves:
            self.into_game(self.everyone_pays(self.contribution))
