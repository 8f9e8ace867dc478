"""The results store of a tournament, ``results/<name>/``: the files, the secret, the log.

``results`` (the folder: config, the signed game log appended crash-safely, the
derived files written atomically), ``log_files`` (the log's closed, compressed segments
and its checkpoint; a line read without its moves), ``tally`` (what the ratings and the
report read of the games, kept as they are appended), ``secret`` (the tournament's secret:
keyed seeds and the log's tags), ``record_check`` (what a game record must hold to be
read) and ``lookup`` (one game found by its id, for ``arena replay``).  Imports
nothing of ``arena`` but :mod:`arena.game`.
"""
