"""What a user reads: the leaderboard, the HTML report, one game as a log.

``leaderboard`` (the board built from the records and written as text, Markdown
and JSON), ``report`` (``report.html``: one offline page with the charts) and
``game_log`` (``arena play`` / ``arena replay``).  Imports :mod:`arena.ratings`
and :mod:`arena.game` only: it reads records and writes text, and runs nothing.
"""
