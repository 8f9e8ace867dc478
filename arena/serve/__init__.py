"""``arena serve``: a tournament's results folder as an online ladder (docs/serve.md).

Owns the web server (FastAPI over uvicorn), its accounts, sessions and API tokens, the
submissions and their uploaded files, the ladder's scheduler (which games to play next,
played by :mod:`arena.runs` into the tournament's own authenticated log), the pages, and a
human's games against a ladder bot.  Accounts, submissions, the index of games and the
rating history live in a database (SQLite in the results folder, or PostgreSQL) through
SQLAlchemy; the game log stays the record of every game.

May import ``game``, ``jail``, ``store``, ``ratings``, ``reports`` and ``runs``; nothing
imports it but the command line.
"""
