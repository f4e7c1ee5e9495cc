"""Cardigan: four players in two partnerships, four packs, four deals.

The game as the app sees it is declared in game.py.
"""
