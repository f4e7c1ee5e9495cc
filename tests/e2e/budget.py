"""What a way through the app costs a person, in seconds: its taps and typed characters,
counted in the browser (helpers.Taps), priced by one declared model.

Counted, not timed: a busy test machine's clock says nothing of a person's thumb, and a
count fails the same way on every machine. Issue 25's budgets: a new visitor enters the
first hand of a game within 60 s of opening the app (tests/e2e/test_first_hand.py); an
invited person is at the group's board within 30 s of opening the invite
(tests/e2e/test_groups.py). Both are priced here, by the same figures.

The figures, rounded up for a newcomer who reads each screen for the first time:
- A tap, 2 s: the Keystroke-Level Model's mental preparation before each action (M, 1.35 s)
  and pointing at the target (P, 1.1 s with a mouse; a thumb on a phone is quicker), as in
  Card, Moran and Newell, "The Psychology of Human-Computer Interaction" (1983), ch. 8.
  A tap into a text field counts as a tap; a field that has the focus already needs none.
- A typed character, 0.4 s: 37,370 volunteers typed 36 words a minute on their phones on
  average (Palin et al., "How do People Type on Mobile Devices?", MobileHCI 2019), which is
  0.33 s a character (five characters a word).
Waiting for the server is not counted: the budgets are about the person, and the pages'
own speed has its budgets elsewhere (docs/PERFORMANCE.md).
"""

TAP_SECONDS = 2.0
CHARACTER_SECONDS = 0.4


def seconds(taps: int, characters: int) -> float:
    return round(taps * TAP_SECONDS + characters * CHARACTER_SECONDS, 1)
