"""Tridge: three or four people playing for chips, a game fund and a widow's fund.

The game as the app sees it is declared in game.py.
"""
