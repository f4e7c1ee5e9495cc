"""Bid Fair: two players, a 24-card pack, contracts pushed onto the opponent by bidding.

The game as the app sees it is declared in game.py.
"""
