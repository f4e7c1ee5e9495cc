"""What a game is to the app: the contract each game's folder fills in (kind.py) and the
registry of games, the score sheet, scores, cards and the words every game shares, all
pure Python; and forms.py, the hand form's base, the one Django piece a game builds on."""
