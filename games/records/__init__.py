"""Looking back: each game's result, a player's record, finding, renaming and merging
players, and an account's history out as one file and back in."""
