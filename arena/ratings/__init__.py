"""Ratings and statistics from game records: pure functions of the games.

``counts`` (the tallies every rating reads: outcomes and deal kinds, counted), ``rate``
(TrueSkill from all games at once, with the counts beside it), ``trueskill_batch`` (the
expectation propagation behind it, warm-started or not), ``trueskill_game`` (one game's
update, as the ``trueskill`` package computes it), ``elo`` (Bradley–Terry with a bootstrap
interval over deals), ``sprt`` (a match's sequential test) and ``stats`` (Wilson
intervals).  Imports nothing else of ``arena``.
"""
