"""Fifth: a made-up game, the smallest a game's folder can be (tests/games/engine/test_registry.py).

Every hand, each player writes down the points they took; the first to the target wins.
"""
