"""The games the app knows, by key. A fifth game is one folder and one line here."""

from games import bid_fair, cardigan, contractor, tridge

GAMES = {
    game.KEY: game
    for game in (
        contractor,
        bid_fair,
        tridge,
        cardigan,
    )
}


def score_sheet(sheet):
    """Score a checked `Sheet` with its game's engine."""
    return GAMES[sheet.game].score(sheet)
