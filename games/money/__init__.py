"""The money on the table: a game's money value, the fewest payments, and the evening's
settlement."""
