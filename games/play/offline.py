"""What a phone with no signal needs to go on entering hands (static/js/queue.js).

A new hand's page carries the blank forms of the hands after it, a round of the table,
where the game knows who deals them without scoring (`GameKind.form_after`): the phone
fills them in hand after hand and keeps each hand, with its own one-time key, until the
signal returns. Where the game cannot know (Bid Fair's leader deals), it carries none, and
the phone says who deals is known when the signal returns.
"""

from __future__ import annotations


def ahead(form) -> tuple:
    """The blank forms of the hands after `form`'s, one per person at the table at most
    (the deal has then come round: the phone starts the round again)."""
    forms, later = [], form
    for _ in form.people:
        later = form.game.engine.form_after(later)
        if later is None:
            break
        forms.append(later)
    return tuple(forms)
