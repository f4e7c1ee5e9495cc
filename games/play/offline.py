"""What a phone with no signal needs to go on entering hands (static/js/queue.js).

A new hand's page carries the blank forms of the hands after it, a round of the table,
where the game knows who deals them without scoring (`GameKind.form_after`): the phone
fills them in hand after hand and keeps each hand, with its own one-time key, until the
signal returns. Where the game cannot know (Bid Fair's leader deals), it carries none, and
the phone says who deals is known when the signal returns.

Where the game knows its last hand without scoring (`GameKind.last_hand`: Cardigan's
fourth deal, the hands Contractor and a Tridge match planned), the page carries no form
past it and names it (`last`): past it the phone draws no form, and says the game's end
is reached, its scores coming with the signal. Where the end hangs on the scores (Bid
Fair's 800), nothing says it before the signal returns; a game over when the page is
drawn has no form at all (games/play/entry.py).
"""

from __future__ import annotations


def last(form) -> int | None:
    """The number of the game's last hand, if no redeal comes before it, where the game
    knows it without scoring; None where it does not."""
    return form.game.engine.last_hand(form)


def ahead(form) -> tuple:
    """The blank forms of the hands after `form`'s, one per person at the table at most
    (the deal has then come round: the phone starts the round again), none past the last."""
    forms, later, end = [], form, last(form)
    for _ in form.people:
        if end is not None and later.number >= end:
            break
        later = form.game.engine.form_after(later)
        if later is None:
            break
        forms.append(later)
    return tuple(forms)
