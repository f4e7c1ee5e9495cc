"""The walk's steps that pay, undo, rename, merge and remove (tests/games/money/walk.py holds
the games'): payments as the screens offer them, whole or in part, on an evening's page or
on the group's Settle up, and what the screens or the books must refuse."""

from __future__ import annotations

from decimal import Decimal

from games.models import Payment, Player, Session
from games.money import books
from games.money import evening as money_evening
from games.money import ledger as money_ledger
from tests.games.money.walk import GUEST, REGULARS, Games, cents


class Walk(Games):
    def _payments(self) -> int:
        return Payment.objects.filter(group=self.group).count()

    def _refused(self, response, before: int, *, statuses=(200, 302)) -> str:
        """A payment the screen must refuse: said on the page or by a redirect, never stored."""
        assert response.status_code in statuses, response.status_code
        assert self._payments() == before, "a payment past what is owed was stored"
        return "refused"

    def _phone(self) -> tuple[str, bool]:
        """Any of the three phones, and whether its account is still a member."""
        who = self.pick(self.users)
        return who, who in self.members()

    def _evening(self, who: str):
        """An evening's settlement as `who` sees it, and the dues it offers to pay: tonight's,
        or another's if tonight's offers none."""
        sessions = list(Session.objects.filter(group=self.group))
        tried = [self.session] if self.session in sessions else []
        for session in [*tried, self.pick(sessions)]:
            response = self.clients[who].get(f"/sessions/{session.pk}/settle/")
            assert response.status_code == 200
            dues = [due for due in response.context["evening"].due if due.can_pay]
            if dues:
                break
        return session, dues

    def _settle_up(self, who: str):
        response = self.clients[who].get(f"/groups/{self.group.pk}/settle/")
        assert response.status_code == 200
        return response.context["ledger"].owed

    def _not_a_member(self, who: str) -> str:
        """A removed member's phone still shows the Paid button: its tap finds no group."""
        before = self._payments()
        url = f"/groups/{self.group.pk}/settle/pay/"
        response = self.clients[who].post(url, {"payer": "Ana", "payee": "Ben", "amount": "1"})
        return self._refused(response, before, statuses=(404,))

    def mark_paid(self):
        """Mark paid on an evening's page: a due whole, or a part of it typed."""
        who, member = self._phone()
        if not member:
            return self._not_a_member(who)
        session, dues = self._evening(who)
        due = self.pick(dues)
        if due is None:
            return "nothing due"
        data = {"payer": due.payer, "payee": due.payee}
        whole = self.rng.random() < 0.5
        if whole:
            data |= {"amount": str(due.payable), "whole": "1"}
        else:
            data["amount"] = cents(self.rng.randint(1, due.can_pay))
        before = self._payments()
        assert self.post(f"/sessions/{session.pk}/settle/paid/", data, who).status_code == 302
        assert self._payments() == before + 1, "the payment the screen offered was refused"
        return "whole" if whole else "part"

    def settle_pay(self):
        """Paid, or Record a part, on the group's Settle up."""
        who, member = self._phone()
        if not member:
            return self._not_a_member(who)
        owed = self.pick(self._settle_up(who))
        if owed is None:
            return "nothing owed"
        data = {"payer": owed.payer, "payee": owed.payee}
        whole = self.rng.random() < 0.5
        if whole:
            data |= {"amount": str(owed.amount), "whole": "1"}
        else:
            data["amount"] = cents(self.rng.randint(1, owed.cents))
        before = self._payments()
        assert self.post(f"/groups/{self.group.pk}/settle/pay/", data, who).status_code == 302
        assert self._payments() == before + 1, "the payment the screen offered was refused"
        return "whole" if whole else "part"

    def too_much(self):
        """A part typed past what may be paid, on either page: refused beside its field."""
        who = self.pick(self.members())
        before = self._payments()
        if self.rng.random() < 0.5:
            session, dues = self._evening(who)
            due = self.pick(dues)
            if due is None:
                return "nothing due"
            extra = due.can_pay + self.rng.randint(1, 500)
            data = {"payer": due.payer, "payee": due.payee, "amount": cents(extra)}
            response = self.post(f"/sessions/{session.pk}/settle/paid/", data, who)
            return self._refused(response, before, statuses=(200,))
        owed = self.pick(self._settle_up(who))
        if owed is None:
            return "nothing owed"
        extra = owed.cents + self.rng.randint(1, 500)
        data = {"payer": owed.payer, "payee": owed.payee, "amount": cents(extra)}
        response = self.post(f"/groups/{self.group.pk}/settle/pay/", data, who)
        return self._refused(response, before, statuses=(200,))

    def double_tap(self):
        """Paid tapped twice on Settle up: the second finds it paid, and stores nothing."""
        who = self.pick(self.members())
        owed = self.pick(self._settle_up(who))
        if owed is None:
            return "nothing owed"
        data = {"payer": owed.payer, "payee": owed.payee, "amount": str(owed.amount), "whole": "1"}
        url = f"/groups/{self.group.pk}/settle/pay/"
        assert self.post(url, data, who).status_code == 302
        self._refused(self.post(url, data, who), self._payments(), statuses=(302,))
        return "once"

    def stale_page(self):
        """A page drawn before the payments changed sends more than is left to pay where it
        is marked: refused under the group's lock, whatever the screen let through."""
        who = self.pick(self.members())
        before = self._payments()
        if self.rng.random() < 0.5:
            session, dues = self._evening(who)
            due = self.pick(dues)
            if due is None:
                return "nothing due"
            pay = lambda amount: money_evening.pay(session, due.payer, due.payee, amount, None)  # noqa: E731
            owes = due.can_pay
        else:
            owed = self.pick(self._settle_up(who))
            if owed is None:
                return "nothing owed"
            pay = lambda amount: money_ledger.pay(self.group, owed.payer, owed.payee, amount, None)  # noqa: E731
            owes = owed.cents
        amount = Decimal(owes + self.rng.randint(1, 300)) / 100
        try:
            pay(amount)
        except books.NotOwed:
            assert self._payments() == before
            return "refused"
        raise AssertionError(f"paid {amount}, {owes} cents left to pay")

    def undo_payment(self):
        """Undo on the evening's page or on Settle up; a second Undo changes nothing."""
        payment = self.pick(Payment.objects.filter(group=self.group, undone_at__isnull=True))
        if payment is None:
            return "nothing paid"
        live = Session.objects.filter(pk=payment.session_id).exists()
        if live and self.rng.random() < 0.5:
            url = f"/sessions/{payment.session_id}/settle/undo/"
        else:
            url = f"/groups/{self.group.pk}/settle/undo/"
        who = self.pick(self.members())
        for _ in range(self.rng.choice([1, 2])):
            assert self.post(url, {"payment": payment.pk}, who).status_code == 302
        payment.refresh_from_db()
        assert payment.undone_at is not None
        return "on its evening" if "sessions" in url else "on Settle up"

    # --- names and members ------------------------------------------------------------

    def rename(self):
        """A player's other spelling, on their page (refused if another player has it)."""
        player = self.pick(Player.objects.filter(group=self.group))
        if player is None:
            return "none"
        other = {**REGULARS, **{b: a for a, b in REGULARS.items()}, GUEST[0]: GUEST[1]}
        new = other.get(player.name, GUEST[0])
        response = self.post(f"/players/{player.pk}/rename/", {"name": new})
        return "renamed" if response.status_code == 302 else "refused"

    def merge(self):
        """The owner merges two players: the guest's two spellings when both exist (the
        payments between them fold away), else any two (refused if they sat together)."""
        players = list(Player.objects.filter(group=self.group))
        guests = [player for player in players if player.name in GUEST]
        if len(players) < 2:
            return "none"
        pair = self.rng.sample(guests if len(guests) == 2 else players, 2)
        names = {pair[0].name, pair[1].name}
        if len(guests) == 2:
            self._guest_pays_guest()
        folded = Payment.objects.filter(group=self.group, payer__in=names, payee__in=names)
        folding = folded.exists()
        data = {"keep": pair[0].pk, "confirmed": "1"}
        response = self.post(f"/players/{pair[1].pk}/merge/", data, "ana")
        if response.status_code != 302:
            return "refused"
        return "folding payments" if folding else "merged"

    def _guest_pays_guest(self):
        """Before anyone saw they were one person, one spelling of the guest paid the other:
        as Settle up offers it if it does, else as its books take any payment of a debt."""
        owed = self._settle_up("ana")
        offered = [o for o in owed if {o.payer, o.payee} == set(GUEST)]
        if offered:
            data = {"payer": offered[0].payer, "payee": offered[0].payee}
            data["amount"] = cents(self.rng.randint(1, offered[0].cents))
            assert self.post(f"/groups/{self.group.pk}/settle/pay/", data, "ana").status_code == 302
            return
        balances = books.balances(self.group)
        payer = min(GUEST, key=lambda name: balances.get(name, 0))
        owes = -balances.get(payer, 0)
        if owes > 0:
            payee = GUEST[1] if payer == GUEST[0] else GUEST[0]
            amount = Decimal(self.rng.randint(1, owes)) / 100
            # As a file's payment comes in: the books' own check, capped by the debt.
            books.record(self.group, payer, payee, amount, self.owner, lambda: owes)

    def member(self):
        """A member leaves or is removed (their phone then finds no group, and pays nothing);
        one out comes back by the owner's Undo of a removal, or by the invite link."""
        out = [name for name in self.users if name not in self.members()]
        if out and self.rng.random() < 0.6:
            name = self.pick(out)
            undo = f"/groups/{self.group.pk}/members/{self.users[name].pk}/back/"
            self.post(undo, who="ana")
            if name in self.members():
                return "put back"
            self.group.refresh_from_db()
            assert self.post(f"/join/{self.group.invite_token}/", who=name).status_code == 302
            assert name in self.members()
            return "joined again"
        name = self.pick([name for name in self.members() if name != "ana"])
        if name is None:
            return "none"
        if self.rng.random() < 0.5:
            assert self.post(f"/groups/{self.group.pk}/leave/", who=name).status_code == 302
            return "left"
        url = f"/groups/{self.group.pk}/members/{self.users[name].pk}/remove/"
        assert self.post(url, who="ana").status_code == 302
        return "removed"
