"""A game at the table: the ways into it, a hand from the posted form to the database and
back to the board, what changed and the caches keyed by it, the forms around the table."""
