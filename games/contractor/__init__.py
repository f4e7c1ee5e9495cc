"""Contractor: three players, self-composed contracts, a planned number of hands.

The game as the app sees it is declared in game.py.
"""
