"""Ratings and statistics from game records: pure functions of the games.

``rate`` (TrueSkill from all games at once, with the counts beside it),
``trueskill_batch`` (the expectation propagation behind it), ``elo`` (Bradley–Terry
with a bootstrap interval over deals), ``sprt`` (a match's sequential test) and
``stats`` (Wilson intervals).  Imports nothing else of ``arena``.
"""
